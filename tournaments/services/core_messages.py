"""The plain-Python cores' complaints, in the language of the request.

The rules engine (`oware`), the pairing engine (`tournaments/pairing`) and the TRF reader
(`tournaments/trf`) have no Django: each error they raise carries a message code and its
parameters, and keeps an English sentence for the command-line tools. MESSAGES is the one table
that says each code's sentence here: the same English templates as the engines' (a test keeps
them equal), marked with `gettext_noop` so that extraction puts them in the catalogs, and filled
with the error's parameters in the active language. Nothing here reads the engines' English.
"""

from django.utils.translation import gettext, gettext_noop

from oware.errors import RecordError
from oware.outcome import ResultEntryError
from tournaments.pairing.errors import PairingImpossible
from tournaments.trf.errors import TrfError

RECORD, ENTRY, PAIRING, TRF = "record", "entry", "pairing", "trf"

# (kind of error, message code) -> template; kinds are the four error types below.
MESSAGES = {
    # oware/errors.py MESSAGES
    (RECORD, "empty_pit"): gettext_noop("the pit is empty"),
    (RECORD, "must_feed"): gettext_noop("the opponent has no seeds and this move gives them none"),
    (RECORD, "grand_slam"): gettext_noop(
        "a grand slam (capturing every seed of the opponent) is not allowed"
    ),
    (RECORD, "singleton"): gettext_noop(
        "a single seed may be played only when no other pit holds more than one"
    ),
    (RECORD, "no_such_pit"): gettext_noop("the mover has no such pit"),
    (RECORD, "game_over"): gettext_noop("the game is already over"),
    (RECORD, "game_is_over"): gettext_noop("the game is over"),
    (RECORD, "not_a_pit"): gettext_noop("%(move)r is not a pit number"),
    (RECORD, "wrong_side"): gettext_noop(
        "it is %(side)s's turn, but the move names a pit of the other side"
    ),
    (RECORD, "capture_count"): gettext_noop("the move captures %(got)s, not %(claimed)s"),
    (RECORD, "ended_before"): gettext_noop("the game already ended (%(ending)s) before '%(end)s'"),
    (RECORD, "no_move_before"): gettext_noop(
        "the game already ended (no legal move) before '%(end)s'"
    ),
    (RECORD, "malformed_tag"): gettext_noop("malformed tag line %(line)r"),
    (RECORD, "not_a_move"): gettext_noop("%(token)r is not a move"),
    (RECORD, "number_after_end"): gettext_noop("a move number after the end"),
    (RECORD, "move_after_end"): gettext_noop("a move after the end of the record"),
    (RECORD, "mixed_notation"): gettext_noop("letters and digits are mixed"),
    (RECORD, "second_ending"): gettext_noop("a second ending"),
    (RECORD, "second_score"): gettext_noop("a second final score"),
    (RECORD, "set_up_position"): gettext_noop(
        "games from a set-up position (FEN) are not supported"
    ),
    (RECORD, "moves_not_a_list"): gettext_noop("moves must be a list of pit numbers"),
    (RECORD, "declared_ending"): gettext_noop(
        "the record ends with '%(ending)s' but '%(end)s' was declared"
    ),
    (RECORD, "final_score"): gettext_noop(
        "the final score %(south)s-%(north)s does not match the game "
        "(%(game_south)s-%(game_north)s)"
    ),
    (RECORD, "result_tag"): gettext_noop(
        "the Result tag %(south)s-%(north)s does not match the game (%(game_south)s-%(game_north)s)"
    ),
    (RECORD, "entered_score"): gettext_noop(
        "the entered score %(south)s-%(north)s is not the game's %(game_south)s-%(game_north)s"
    ),
    (RECORD, "clock_above_start"): gettext_noop(
        "the clock reads %(reading)s, above the starting time %(start)s"
    ),
    (RECORD, "clock_grows"): gettext_noop(
        "the clock reads %(reading)s, more than the same player's %(earlier)s "
        "at ply %(earlier_ply)s"
    ),
    (RECORD, "flag_contradicted"): gettext_noop(
        "the game is lost on time by the player to move, but the "
        "opponent's clock already read 00:00 here"
    ),
    (RECORD, "unfinished"): gettext_noop(
        "the record does not end the game and no ending was declared"
    ),
    # A reason raised without a sentence of its own (RecordError(ply, reason, "free text")).
    (RECORD, "bad_token"): gettext_noop("this is not a move of the notation"),
    (RECORD, "declared_score"): gettext_noop("the score written does not match the game"),
    # oware/outcome.py ENTRY_MESSAGES
    (ENTRY, "unknown_ending"): gettext_noop("%(ending)r is not one of %(endings)s"),
    (ENTRY, "missing_score"): gettext_noop("a played game needs both game scores"),
    (ENTRY, "not_seeds"): gettext_noop("%(value)r is not a whole number of seeds"),
    (ENTRY, "out_of_range"): gettext_noop("%(value)s is not between 0 and %(seeds)s"),
    (ENTRY, "not_a_side"): gettext_noop("%(value)r is not 'S' or 'N'"),
    (ENTRY, "unexpected_score"): gettext_noop("an unplayed game has no score"),
    (ENTRY, "too_many_seeds"): gettext_noop(
        "%(south)s + %(north)s is more than the %(seeds)s seeds"
    ),
    (ENTRY, "other_winner"): gettext_noop(
        "the scores give the game to %(decided)s, not %(winner)s"
    ),
    (ENTRY, "points_mismatch"): gettext_noop("the result gives %(result)s, not %(entered)s"),
    (ENTRY, "forfeit_points"): gettext_noop("a forfeit is scored 1-0 or 0-1"),
    (ENTRY, "missing_winner"): gettext_noop("a forfeit needs the player present ('S' or 'N')"),
    (ENTRY, "double_forfeit_winner"): gettext_noop("nobody wins a double forfeit"),
    (ENTRY, "capture_score"): gettext_noop("a game ends by capture only when a store passes 24"),
    (ENTRY, "draw24_score"): gettext_noop("draw24 is scored 24-24"),
    (ENTRY, "all_seeds_stored"): gettext_noop(
        "after %(ending)s every seed is in a store, so the scores add up to %(seeds)s"
    ),
    (ENTRY, "time_score"): gettext_noop(
        "a time result is 24-24, or the winner has 25 or more and the loser less than 24"
    ),
    (ENTRY, "flagged_score"): gettext_noop("the flagged player loses with his store against 25"),
    (ENTRY, "resign_score"): gettext_noop(
        "a resignation is scored as the resigner's store against 25"
    ),
    # tournaments/pairing/errors.py REASONS
    (PAIRING, "no_perfect_pairing"): gettext_noop(
        "the players cannot all be paired without a rematch or colour violation"
    ),
    (PAIRING, "no_bye_candidate"): gettext_noop(
        "no player can receive the pairing-allocated bye while all others are paired"
    ),
    (PAIRING, "too_few_players"): gettext_noop("a round robin needs at least two players"),
    (PAIRING, "past_schedule"): gettext_noop(
        "the Berger schedule of %(players)s players ends after round %(rounds)s"
    ),
    # tournaments/trf/errors.py MESSAGES
    (TRF, "number_twice"): gettext_noop("pairing number %(number)s appears twice"),
    (TRF, "not_utf8"): gettext_noop("text is not valid UTF-8"),
    (TRF, "disagree"): gettext_noop(
        "%(record)s gives %(what)s %(value)r but %(other)s gave %(previous)r"
    ),
    (TRF, "initial_colour"): gettext_noop("initial colour must be W or B, found %(found)r"),
    (TRF, "xxc_word"): gettext_noop("XXC expects 'rank', 'white1' or 'black1', found %(found)r"),
    (TRF, "not_a_number"): gettext_noop("expected a pairing number, found %(found)r"),
    (TRF, "xxa_empty"): gettext_noop("XXA line without a pairing number"),
    (TRF, "not_a_decimal"): gettext_noop("%(what)s must be a number like 2.5, found %(found)r"),
    (TRF, "missing"): gettext_noop("%(what)s is missing"),
    (TRF, "not_digits"): gettext_noop("%(what)s must be digits, found %(found)r"),
    (TRF, "number_range"): gettext_noop("pairing number must be 1 to 9999"),
    (TRF, "sex"): gettext_noop("sex must be m or w, found %(found)r"),
    (TRF, "no_blank"): gettext_noop("round block should have a blank here, found %(found)r"),
    (TRF, "opponent"): gettext_noop("opponent must be a pairing number, found %(found)r"),
    (TRF, "colour"): gettext_noop("colour must be w, b or -, found %(found)r"),
    (TRF, "result_code"): gettext_noop("unknown result code %(found)r"),
    (TRF, "no_opponent"): gettext_noop("result %(found)r needs an opponent"),
    (TRF, "line_break"): gettext_noop("line break inside a value: %(found)r"),
    (TRF, "too_long"): gettext_noop("%(what)s %(found)r is longer than %(width)s characters"),
    (TRF, "out_of_range"): gettext_noop("%(what)s %(found)s is outside %(low)s..%(high)s"),
    (TRF, "unknown_player"): gettext_noop(
        "%(record)s names pairing number %(number)s, which no 001 line has"
    ),
    (TRF, "two_teams"): gettext_noop("player %(number)s is in a second team"),
    (TRF, "bye_kind"): gettext_noop("a bye record's kind must be F, H or Z, found %(found)r"),
    (TRF, "round_range"): gettext_noop("the last round %(last)s comes before the first %(first)s"),
}

# Parameters that are themselves words of the engines (a side, a TRF field the reader names),
# said in the active language.
WORDS = {
    "side": {"South": gettext_noop("South"), "North": gettext_noop("North")},
    "what": {
        "pairing number": gettext_noop("pairing number"),
        "rating": gettext_noop("rating"),
        "rank": gettext_noop("rank"),
        "points": gettext_noop("points"),
        "virtual points": gettext_noop("virtual points"),
        "rounds": gettext_noop("rounds"),
        "initial colour": gettext_noop("initial colour"),
        "a count": gettext_noop("a count"),
        "a number of rounds": gettext_noop("a number of rounds"),
        "round": gettext_noop("round"),
        "a bye record's round": gettext_noop("a bye record's round"),
        "a round range": gettext_noop("a round range"),
        "team number": gettext_noop("team number"),
    },
}


def _said(kind: str, error, english: str) -> str:
    """`error`'s sentence in the active language; `english`, its own, for an unknown code."""
    template = MESSAGES.get((kind, error.message_code))
    if template is None:
        return english
    params = dict(error.params)
    for name, words in WORDS.items():
        if params.get(name) in words:
            params[name] = gettext(words[params[name]])
    return gettext(template) % params if params else gettext(template)


def record_problem(error: RecordError) -> str:
    """What is wrong with a move record, e.g. 'the pit is empty' ('la case est vide')."""
    return _said(RECORD, error, error.message)


def entry_problem(error: ResultEntryError) -> str:
    """What is wrong with a result typed as scores."""
    return _said(ENTRY, error, error.message)


def pairing_problem(error: PairingImpossible) -> str:
    """Why no pairing satisfies the absolute criteria."""
    return _said(PAIRING, error, error.reason)


def trf_problem(error: TrfError) -> str:
    """What is wrong in a TRF file (without its place: the caller names the line)."""
    return _said(TRF, error, error.message)
