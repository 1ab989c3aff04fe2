"""The one error type for invalid game records, and its reason codes."""

from __future__ import annotations

# Reason codes of the rules (see docs/rules.md).
EMPTY_PIT = "empty_pit"
MUST_FEED = "must_feed"
GRAND_SLAM = "grand_slam"
SINGLETON = "singleton"
NO_SUCH_PIT = "no_such_pit"
GAME_OVER = "game_over"
BAD_TOKEN = "bad_token"
# Reason codes of the notation: a declared `+N` capture or final `S-N` score that the moves
# contradict.
CAPTURE_COUNT = "capture_count"
DECLARED_SCORE = "declared_score"
# A record whose written ending (`agreed`, `time`, `resign`) differs from the ending declared
# beside it.
DECLARED_ENDING = "declared_ending"
# Reason codes of the clock readings `{mm:ss}` (see clock.py): a reading above the starting time,
# a reading that grows for the same player, a time forfeit the readings contradict.
CLOCK_ABOVE_START = "clock_above_start"
CLOCK_GROWS = "clock_grows"
FLAG_CONTRADICTED = "flag_contradicted"


# Message codes: which sentence a RecordError says, finer than its reason (several sentences
# share the reason `bad_token`). MESSAGES holds each one's English template, filled with the
# error's params; the product translates the same templates by code
# (tournaments/services/core_messages.py).
FINAL_SCORE = "final_score"
RESULT_TAG = "result_tag"
MESSAGES = {
    EMPTY_PIT: "the pit is empty",
    MUST_FEED: "the opponent has no seeds and this move gives them none",
    GRAND_SLAM: "a grand slam (capturing every seed of the opponent) is not allowed",
    SINGLETON: "a single seed may be played only when no other pit holds more than one",
    NO_SUCH_PIT: "the mover has no such pit",
    GAME_OVER: "the game is already over",
    "game_is_over": "the game is over",
    "not_a_pit": "%(move)r is not a pit number",
    "wrong_side": "it is %(side)s's turn, but the move names a pit of the other side",
    CAPTURE_COUNT: "the move captures %(got)s, not %(claimed)s",
    "ended_before": "the game already ended (%(ending)s) before '%(end)s'",
    "no_move_before": "the game already ended (no legal move) before '%(end)s'",
    "malformed_tag": "malformed tag line %(line)r",
    "not_a_move": "%(token)r is not a move",
    "number_after_end": "a move number after the end",
    "move_after_end": "a move after the end of the record",
    "mixed_notation": "letters and digits are mixed",
    "second_ending": "a second ending",
    "second_score": "a second final score",
    "set_up_position": "games from a set-up position (FEN) are not supported",
    "moves_not_a_list": "moves must be a list of pit numbers",
    DECLARED_ENDING: "the record ends with '%(ending)s' but '%(end)s' was declared",
    FINAL_SCORE: "the final score %(south)s-%(north)s does not match the game "
    "(%(game_south)s-%(game_north)s)",
    RESULT_TAG: "the Result tag %(south)s-%(north)s does not match the game "
    "(%(game_south)s-%(game_north)s)",
    "entered_score": "the entered score %(south)s-%(north)s is not "
    "the game's %(game_south)s-%(game_north)s",
    CLOCK_ABOVE_START: "the clock reads %(reading)s, above the starting time %(start)s",
    CLOCK_GROWS: "the clock reads %(reading)s, more than the same player's %(earlier)s "
    "at ply %(earlier_ply)s",
    FLAG_CONTRADICTED: "the game is lost on time by the player to move, but the "
    "opponent's clock already read 00:00 here",
    "unfinished": "the record does not end the game and no ending was declared",
}


class RecordError(ValueError):
    """A game record is invalid.

    ply: the first invalid ply, 1-based (a problem after the last move, such as a declared ending
        or score, names the ply after it; a problem before any move, such as a bad tag, names 0).
    reason: one of the reason codes above.
    message_code: the sentence (a key of MESSAGES), `reason` when not given; params fill it.
    message: a sentence for people: the template of `message_code` filled with `params`;
        without a template, the one given (or the reason in words).
    """

    def __init__(
        self, ply: int, reason: str, message: str = "", *, message_code: str = "", **params
    ):
        self.ply = ply
        self.reason = reason
        self.message_code = message_code or reason
        self.params = params
        if message_code:
            message = MESSAGES[message_code] % params
        self.message = message or reason.replace("_", " ")
        super().__init__(f"ply {ply}: {self.message} ({reason})")

    def as_dict(self) -> dict:
        """The `{"ply", "reason"}` form of the replay command (plus the message)."""
        return {"ply": self.ply, "reason": self.reason, "message": self.message}
