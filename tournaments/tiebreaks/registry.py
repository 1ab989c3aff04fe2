"""Every tie-break the product knows, declared once: code, name, explanation, computation, display.

The standings (:mod:`.standings`), the team tables (:mod:`.teams`), the templates, the
API and the settings form all read this table, so a new tie-break is added here and
nowhere else.

Names and explanations are plain English; they are marked with :func:`gettext_noop`
(a no-op the translation tools recognise) so that the Django side can translate them
with ``gettext(tiebreak.name)`` without this core importing Django.  ``key`` is a
stable identifier for other programs (the API) that do not want the English text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from . import buchholz, counters
from .progressive import progressive_score
from .section import Section


def gettext_noop(text: str) -> str:
    """Mark ``text`` for the translation catalogue; translated where it is shown."""
    return text


class Unit(Enum):
    """What a value counts, which decides how it is scaled back and how it is shown."""

    POINTS = "points"
    """Game points or sums of them: shown with up to 2 decimals (4.5, 12.25)."""
    PRODUCTS = "products"
    """Sums of points times points (quarter points at most): up to 2 decimals."""
    AVERAGE = "average"
    """An average of points: up to 2 decimals."""
    COUNT = "count"
    """A count of rounds or games: a whole number."""
    PLACE = "place"
    """A place inside a tied group (1, 2, 2 …; 0 when it separated nobody)."""


DECIMALS = {Unit.POINTS: 2, Unit.PRODUCTS: 2, Unit.AVERAGE: 2, Unit.COUNT: 0, Unit.PLACE: 0}

Compute = Callable[[Section, str, int, int], list]
"""``(section, edition, cut_low, cut_high) -> one raw value per player`` (scaled integers)."""


@dataclass(frozen=True)
class Tiebreak:
    """One tie-break as the rules define it.

    ``compute`` is ``None`` for the codes the standings compute themselves (``DE``
    splits groups rather than giving values) and for team-only codes.  ``cuts``:
    which modifiers the code accepts (``"C"`` cut the n least significant values,
    ``"M"`` cut n least and n most).  ``team_only``: computed on a team's own
    results in the team tables; any other code in a team order sums the players'
    individual values.
    """

    code: str
    key: str
    name: str
    explanation: str
    unit: Unit
    compute: Compute | None = None
    cuts: str = ""
    individual: bool = True
    team_only: bool = False
    example: str = ""
    """A worked example for the legend under a table, so that a reader sees what a value means."""

    @property
    def decimals(self) -> int:
        """Most decimals a value of this tie-break ever needs when shown."""
        return DECIMALS[self.unit]


def _points(section: Section, edition: str, low: int, high: int) -> list:
    return section.score


def _progressive(section: Section, edition: str, low: int, high: int) -> list:
    return progressive_score(section, low)


def _counter(function) -> Compute:
    def compute(section: Section, edition: str, low: int, high: int) -> list:
        return function(section)

    return compute


def _with_edition(function) -> Compute:
    def compute(section: Section, edition: str, low: int, high: int) -> list:
        return function(section, edition, low, high)

    return compute


def _average_buchholz(section: Section, edition: str, low: int, high: int) -> list:
    return buchholz.average_of_opponents_buchholz(section, edition)


_ = gettext_noop

TIEBREAKS: tuple[Tiebreak, ...] = (
    Tiebreak(
        "PTS",
        "points",
        _("points"),
        _("Points: the game points scored, 1 for a win and ½ for a draw."),
        Unit.POINTS,
        _points,
        example=_("Example: 3 wins, 2 draws and a loss make 4."),
    ),
    Tiebreak(
        "DE",
        "direct_encounter",
        _("direct encounter"),
        _(
            "A place, not points: among players level on everything before DE, 1 for the one "
            "ahead in the games they played against each other, 2 for the next, and so on. "
            "0 when it separates nobody, which is normal: the player is level with nobody, the "
            "tied players have not all met yet, or they scored the same against each other "
            "(a drawn game between two of them)."
        ),
        Unit.PLACE,
        example=_(
            "Example: A and B both have 4 points and A beat B: A shows 1 and B 2. Had they "
            "drawn, or not met yet, both would show 0."
        ),
    ),
    Tiebreak(
        "PS",
        "progressive_score",
        _("progressive score"),
        _("Points: the running score after each round, added up; early points weigh more."),
        Unit.POINTS,
        _progressive,
        cuts="C",
        example=_("Example: results 1, 0 and 1 give running scores 1, 1 and 2, so 4."),
    ),
    Tiebreak(
        "BH",
        "buchholz",
        _("Buchholz"),
        _("Points: the sum of the opponents' scores."),
        Unit.POINTS,
        _with_edition(buchholz.buchholz),
        cuts="CM",
        example=_("Example: opponents who have 3, 2½ and 4 points give 9.5."),
    ),
    Tiebreak(
        "FB",
        "fore_buchholz",
        _("fore Buchholz"),
        _(
            "Points: the sum of the opponents' scores, every game of the last round "
            "counted as a draw."
        ),
        Unit.POINTS,
        _with_edition(buchholz.fore_buchholz),
        cuts="CM",
        example=_("Example: an opponent on 4 points who won the last round counts 3.5."),
    ),
    Tiebreak(
        "SB",
        "sonneborn_berger",
        _("Sonneborn-Berger"),
        _(
            "Points: for each opponent, their score times the points scored against them, "
            "added up: the whole score of each opponent beaten, half the score of each drawn."
        ),
        Unit.PRODUCTS,
        _with_edition(buchholz.sonneborn_berger),
        cuts="CM",
        example=_(
            "Example: a win against an opponent on 4 points and a draw against one on 3 give 5.5."
        ),
    ),
    Tiebreak(
        "AOB",
        "average_of_opponents_buchholz",
        _("average of opponents' Buchholz"),
        _("Points: the average of the opponents' Buchholz (each one a sum of scores)."),
        Unit.AVERAGE,
        _average_buchholz,
        example=_("Example: opponents whose Buchholz are 10, 12 and 14 give 12."),
    ),
    Tiebreak(
        "WIN",
        "wins",
        _("wins"),
        _("A count: rounds won, played or not (forfeit wins and full-point byes count)."),
        Unit.COUNT,
        _counter(counters.wins),
        example=_("Example: 3 games won and a forfeit win make 4."),
    ),
    Tiebreak(
        "WON",
        "games_won",
        _("games won"),
        _("A count: games won over the board; forfeits and byes do not count."),
        Unit.COUNT,
        _counter(counters.games_won),
        example=_("Example: 3 games won and a forfeit win make 3."),
    ),
    Tiebreak(
        "BPG",
        "games_as_north",
        _("games as North"),
        _("A count: games played over the board as North."),
        Unit.COUNT,
        _counter(counters.games_as_north),
        example=_("Example: North in rounds 2 and 4 makes 2."),
    ),
    Tiebreak(
        "BWG",
        "games_won_as_north",
        _("games won as North"),
        _("A count: games won over the board as North."),
        Unit.COUNT,
        _counter(counters.games_won_as_north),
        example=_("Example: North in rounds 2 and 4, a win in round 4, makes 1."),
    ),
    Tiebreak(
        "REP",
        "rounds_played",
        _("rounds played"),
        _(
            "A count: rounds the player chose to play; requested byes and forfeit losses "
            "do not count."
        ),
        Unit.COUNT,
        _counter(counters.rounds_elected_to_play),
        example=_("Example: 7 rounds with one requested bye make 6."),
    ),
    Tiebreak(
        "TP",
        "team_points",
        _("team points"),
        _("Points: the team's players' points added up."),
        Unit.POINTS,
        individual=False,
        team_only=True,
        example=_("Example: players on 4, 3½ and 2 points make 9.5."),
    ),
    Tiebreak(
        "LGS",
        "seeds_in_lost_games",
        _("seeds in lost games"),
        _("A count: seeds the team's players had in their store in the games they lost."),
        Unit.COUNT,
        individual=False,
        team_only=True,
        example=_("Example: losses with 20 and 15 seeds in the store make 35."),
    ),
)
del _

BY_CODE: dict[str, Tiebreak] = {t.code: t for t in TIEBREAKS}
ALIASES = {"GE": "REP"}
"""Older names still read: ``GE`` is the pre-2024 name of ``REP``."""
INDIVIDUAL_CODES = tuple(t.code for t in TIEBREAKS if t.individual)
TEAM_ONLY_CODES = ("TP", "LGS", "PS")
"""Codes a team table computes on the team's own results (PS: progressive team points)."""


def tiebreak(code: str) -> Tiebreak:
    """The declaration of ``code`` (``"BH"``, ``"BH-C1"``, ``"bh/c1"``, ``"GE"``); ``KeyError``."""
    base = code.strip().upper().replace("/", "-").partition("-")[0]
    return BY_CODE[ALIASES.get(base, base)]


def describe(code: str) -> tuple[str, str]:
    """``(name, modifier)`` in English: ``"BH-C1"`` -> ``("Buchholz", "cut 1")``; ``""`` if none.

    The Django side translates both parts separately (see the ``tiebreak_name`` filter).
    """
    modifier = code.strip().upper().replace("/", "-").partition("-")[2]
    return tiebreak(code).name, modifier


def format_value(code: str, value) -> str:
    """A value as people write it, with at most the code's decimals: 3, 4.5, 12.25, never 4.50."""
    if value is None or value == "":
        return ""
    decimals = tiebreak(code).decimals if _known(code) else 2
    text = f"{float(value):.{decimals}f}"
    if decimals:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _known(code: str) -> bool:
    try:
        tiebreak(code)
    except KeyError:
        return False
    return True
