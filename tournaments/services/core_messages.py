"""The plain-Python cores' complaints, in the language of the request.

The rules engine (`games/oware`) and the pairing engine (`tournaments/pairing`) have no Django and
speak English. Their fixed sentences are listed here with `gettext_noop`, so extraction puts them
in the catalogs and `gettext` finds them; a sentence with details in it (a token, a count) is not
in any catalog, so in another language it is replaced by the general sentence of its code. In
English every message stays exactly as the core wrote it.
"""

from django.utils.translation import get_language, gettext, gettext_noop

from games.oware.errors import RecordError
from games.oware.outcome import ResultEntryError
from tournaments.pairing.errors import PairingImpossible

# The rules' fixed sentences (games/oware/replay.py, rules.py, outcome.py, notation.py).
RULE_SENTENCES = [
    gettext_noop("the pit is empty"),
    gettext_noop("the opponent has no seeds and this move gives them none"),
    gettext_noop("a grand slam (capturing every seed of the opponent) is not allowed"),
    gettext_noop("a single seed may be played only when no other pit holds more than one"),
    gettext_noop("the mover has no such pit"),
    gettext_noop("the game is already over"),
    gettext_noop("the game is over"),
    gettext_noop("the record does not end the game and no ending was declared"),
    gettext_noop("a move after the end of the record"),
    gettext_noop("letters and digits are mixed"),
    gettext_noop("a move number after the end"),
    gettext_noop("a second ending"),
    gettext_noop("a second final score"),
    gettext_noop("games from a set-up position (FEN) are not supported"),
    gettext_noop("a played game needs both game scores"),
    gettext_noop("an unplayed game has no score"),
    gettext_noop("a forfeit is scored 1-0 or 0-1"),
    gettext_noop("a forfeit needs the player present ('S' or 'N')"),
]

# A sentence for each code, for messages whose details keep them out of the catalogs.
RECORD_REASONS = {
    "empty_pit": gettext_noop("the pit is empty"),
    "must_feed": gettext_noop("the opponent has no seeds and this move gives them none"),
    "grand_slam": gettext_noop(
        "a grand slam (capturing every seed of the opponent) is not allowed"
    ),
    "singleton": gettext_noop(
        "a single seed may be played only when no other pit holds more than one"
    ),
    "no_such_pit": gettext_noop("the move names a pit of the other side"),
    "game_over": gettext_noop("the game is already over"),
    "bad_token": gettext_noop("this is not a move of the notation"),
    "capture_count": gettext_noop("the capture written does not match the move"),
    "declared_score": gettext_noop("the score written does not match the game"),
    "declared_ending": gettext_noop("the ending written does not match the one declared"),
    "unfinished": gettext_noop("the record does not end the game and no ending was declared"),
}
ENTRY_CODES = {
    "unknown_ending": gettext_noop("this is not an ending of the competition rules"),
    "bad_value": gettext_noop("this is not a whole number of seeds"),
    "out_of_range": gettext_noop("a game score is between 0 and 48 seeds"),
    "too_many_seeds": gettext_noop("the two game scores add up to more than the 48 seeds"),
    "missing_score": gettext_noop("a played game needs both game scores"),
    "unexpected_score": gettext_noop("an unplayed game has no score"),
    "inconsistent_with_ending": gettext_noop("the game scores do not agree with the ending"),
    "points_mismatch": gettext_noop("the points do not agree with the game"),
    "missing_winner": gettext_noop("a forfeit needs the player present"),
}
PAIRING_REASONS = [
    gettext_noop("the players cannot all be paired without a rematch or colour violation"),
    gettext_noop("no player can receive the pairing-allocated bye while all others are paired"),
]
PAIRING_FALLBACK = gettext_noop("the absolute pairing rules cannot all be met")


def _in_language(sentence: str, fallback: str | None) -> str:
    if (get_language() or "en").startswith("en"):
        return sentence
    translated = gettext(sentence)
    if translated != sentence or fallback is None:
        return translated
    return gettext(fallback)


def record_problem(error: RecordError) -> str:
    """What is wrong with a move record, e.g. 'the pit is empty' ('la case est vide')."""
    return _in_language(error.message, RECORD_REASONS.get(error.reason))


def entry_problem(error: ResultEntryError) -> str:
    """What is wrong with a result typed as scores."""
    return _in_language(error.message, ENTRY_CODES.get(error.code))


def pairing_problem(error: PairingImpossible) -> str:
    """Why no pairing satisfies the absolute criteria."""
    return _in_language(error.reason, PAIRING_FALLBACK)
