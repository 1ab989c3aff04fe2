"""The one error type for invalid game records, and its reason codes."""

from __future__ import annotations

# Reason codes of the rules (see spec/oware-rules.md).
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


class RecordError(ValueError):
    """A game record is invalid.

    ply: the first invalid ply, 1-based (a problem after the last move, such as a declared ending
        or score, names the ply after it; a problem before any move, such as a bad tag, names 0).
    reason: one of the reason codes above.
    message: a sentence for people.
    """

    def __init__(self, ply: int, reason: str, message: str = ""):
        self.ply = ply
        self.reason = reason
        self.message = message or reason.replace("_", " ")
        super().__init__(f"ply {ply}: {self.message} ({reason})")

    def as_dict(self) -> dict:
        """The `{"ply", "reason"}` form of the replay command (plus the message)."""
        return {"ply": self.ply, "reason": self.reason, "message": self.message}
