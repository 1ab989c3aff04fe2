"""Check a proposed round pairing (the engine's or an arbiter's edit) against the absolute rules.

:func:`check_pairing` lists every absolute criterion the pairing breaks as
:class:`Finding` records and says whether it equals the Dutch pairing.

Codes:

``MISSING``           a present player is neither paired nor given the PAB
``PAIRED_TWICE``      a player appears on more than one board (or board and PAB)
``NOT_PRESENT``       an absent or unknown player is paired
``SELF_PAIRED``       a player paired with themself
``REMATCH``           the two already played each other (C1; forfeits do not count)
``FORBIDDEN_PAIR``    the organiser forbade this pair (XXP / team-mates)
``SECOND_BYE``        the PAB goes to a player who already had a PAB or an unplayed win (C2)
``BYE_COUNT``         a PAB with an even number of players, none with an odd number, or two PABs
``ABSOLUTE_COLOUR``   both players have the same absolute colour preference (C3)
``THREE_IN_A_ROW``    a player gets the same side a third time running
``COLOUR_DIFFERENCE`` a player's colour difference goes beyond ±2

The colour findings are not raised for pairs exempted in the final round
because one player is a top scorer (Article 1.8; C3 exemption as in the
reference engine).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from oware.sides import Side

from .engine import pair_request
from .errors import PairingImpossible
from .players import PairingPlayer, build_players
from .records import PairingRequest


@dataclass(frozen=True)
class Finding:
    """One broken rule: a stable ``code``, a sentence for the arbiter, the players concerned."""

    code: str
    message: str
    players: tuple[int, ...] = ()


@dataclass
class CheckReport:
    """The findings, and whether the pairing is the Dutch pairing (``None`` if none exists)."""

    findings: list[Finding] = field(default_factory=list)
    equals_dutch: bool | None = None

    @property
    def valid(self) -> bool:
        """True when no absolute criterion is broken."""
        return not self.findings

    def codes(self) -> set[str]:
        """The set of finding codes."""
        return {f.code for f in self.findings}


def _top_scorer_exemption(request: PairingRequest, a: PairingPlayer, b: PairingPlayer) -> bool:
    played_rounds = request.round_number - 1
    if played_rounds < request.total_rounds - 1:
        return False
    threshold = (int(played_rounds * request.scoring.win * 10) >> 1) / Decimal(10)
    return a.score > threshold or b.score > threshold


def _colour_findings(p: PairingPlayer, side: Side, exempt: bool) -> list[Finding]:
    if exempt:
        return []
    found = []
    sides = p.colour.sides
    if len(sides) >= 2 and sides[-1] == sides[-2] == side:
        found.append(
            Finding(
                "THREE_IN_A_ROW",
                f"player {p.number} would play {side.title} a third time in a row",
                (p.number,),
            )
        )
    souths = sides.count(Side.SOUTH) + (side is Side.SOUTH)
    norths = sides.count(Side.NORTH) + (side is Side.NORTH)
    if abs(souths - norths) > 2:
        found.append(
            Finding(
                "COLOUR_DIFFERENCE",
                f"player {p.number} would reach a colour difference of {souths - norths:+d}",
                (p.number,),
            )
        )
    return found


def check_pairing(
    request: PairingRequest,
    boards: list[tuple[int, int]],
    bye: int | None,
    compare_with_dutch: bool = True,
) -> CheckReport:
    """Check ``boards`` (``(south, north)`` pairing numbers) and ``bye`` for ``request``'s round."""
    report = CheckReport()
    present = {p.number: p for p in build_players(request)}
    appearances = _Appearances(present, {r.number for r in request.players}, report.findings)
    for south, north in boards:
        if south == north:
            report.findings.append(
                Finding("SELF_PAIRED", f"player {south} is paired with themself", (south,))
            )
            continue
        ok_s, ok_n = appearances.note(south), appearances.note(north)
        if ok_s and ok_n:
            report.findings.extend(_board_findings(request, present[south], present[north]))
    if bye is not None and appearances.note(bye) and not present[bye].bye_eligible:
        report.findings.append(
            Finding("SECOND_BYE", f"player {bye} already had a bye or an unplayed win", (bye,))
        )
    report.findings.extend(_bye_count_findings(len(present), bye))
    report.findings.extend(_attendance_findings(present, appearances.counts))
    if compare_with_dutch:
        report.equals_dutch = _equals_dutch(request, boards, bye)
    return report


@dataclass
class _Appearances:
    """How many times each pairing number appears on the boards and as the bye."""

    present: dict[int, PairingPlayer]
    known: set[int]
    findings: list[Finding]
    counts: dict[int, int] = field(default_factory=dict)

    def note(self, number: int) -> bool:
        """Count one appearance; False (and a ``NOT_PRESENT`` finding) for a player not here."""
        self.counts[number] = self.counts.get(number, 0) + 1
        if number not in self.present:
            what = "absent this round" if number in self.known else "not registered"
            self.findings.append(
                Finding("NOT_PRESENT", f"player {number} is {what} but is paired", (number,))
            )
            return False
        return True


def _board_findings(request: PairingRequest, s: PairingPlayer, n: PairingPlayer) -> list[Finding]:
    """What the board of South ``s`` against North ``n`` breaks: C1, forbidden pairs, colours."""
    south, north = s.number, n.number
    found = []
    if any(e.played and e.opponent == north for e in s.record.history):
        found.append(
            Finding(
                "REMATCH",
                f"players {south} and {north} have already played each other",
                (south, north),
            )
        )
    elif north in s.blocked:
        found.append(
            Finding(
                "FORBIDDEN_PAIR", f"players {south} and {north} must not be paired", (south, north)
            )
        )
    exempt = _top_scorer_exemption(request, s, n)
    both_absolute = s.colour.absolute and n.colour.absolute
    if both_absolute and s.colour.preference == n.colour.preference and not exempt:
        found.append(
            Finding(
                "ABSOLUTE_COLOUR",
                f"players {south} and {north} both must play {s.colour.preference.title}",
                (south, north),
            )
        )
    found.extend(_colour_findings(s, Side.SOUTH, exempt))
    found.extend(_colour_findings(n, Side.NORTH, exempt))
    return found


def _bye_count_findings(present_count: int, bye: int | None) -> list[Finding]:
    """A PAB is needed exactly when the number of present players is odd."""
    odd = present_count % 2 == 1
    if odd and bye is None:
        return [Finding("BYE_COUNT", "an odd number of players needs a pairing-allocated bye")]
    if not odd and bye is not None:
        return [Finding("BYE_COUNT", "an even number of players must not leave a bye", (bye,))]
    return []


def _attendance_findings(
    present: dict[int, PairingPlayer], counts: dict[int, int]
) -> list[Finding]:
    """Players who appear more than once, then present players who do not appear at all."""
    found = [
        Finding("PAIRED_TWICE", f"player {number} appears {count} times", (number,))
        for number, count in sorted(counts.items())
        if count > 1
    ]
    found.extend(
        Finding("MISSING", f"player {number} is neither paired nor given the bye", (number,))
        for number in sorted(set(present) - set(counts))
    )
    return found


def _equals_dutch(
    request: PairingRequest, boards: list[tuple[int, int]], bye: int | None
) -> bool | None:
    """Whether the boards and bye are the Dutch pairing (``None`` when no pairing exists)."""
    try:
        dutch = pair_request(request)
    except PairingImpossible:
        return None
    mine = {(b.south, b.north) for b in dutch.boards}
    return mine == set(boards) and dutch.bye == bye and len(boards) == len(mine)
