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

from .engine import pair_request
from .errors import PairingImpossible
from .players import PairingPlayer, build_players
from .records import BLACK, WHITE, PairingRequest


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


def _colour_findings(p: PairingPlayer, side: str, exempt: bool) -> list[Finding]:
    if exempt:
        return []
    found = []
    sides = p.colour.sides
    if len(sides) >= 2 and sides[-1] == sides[-2] == side:
        found.append(
            Finding(
                "THREE_IN_A_ROW",
                f"player {p.number} would play {_name(side)} a third time in a row",
                (p.number,),
            )
        )
    whites = sides.count(WHITE) + (side == WHITE)
    blacks = sides.count(BLACK) + (side == BLACK)
    if abs(whites - blacks) > 2:
        found.append(
            Finding(
                "COLOUR_DIFFERENCE",
                f"player {p.number} would reach a colour difference of {whites - blacks:+d}",
                (p.number,),
            )
        )
    return found


def _name(side: str) -> str:
    return "South" if side == WHITE else "North"


def check_pairing(
    request: PairingRequest,
    boards: list[tuple[int, int]],
    bye: int | None,
    compare_with_dutch: bool = True,
) -> CheckReport:
    """Check ``boards`` (``(south, north)`` pairing numbers) and ``bye`` for ``request``'s round."""
    report = CheckReport()
    add = report.findings.append
    present = {p.number: p for p in build_players(request)}
    known = {r.number for r in request.players}
    seen: dict[int, int] = {}

    def note(number: int) -> bool:
        seen[number] = seen.get(number, 0) + 1
        if number not in present:
            what = "absent this round" if number in known else "not registered"
            add(Finding("NOT_PRESENT", f"player {number} is {what} but is paired", (number,)))
            return False
        return True

    for south, north in boards:
        if south == north:
            add(Finding("SELF_PAIRED", f"player {south} is paired with themself", (south,)))
            continue
        ok_s, ok_n = note(south), note(north)
        if not (ok_s and ok_n):
            continue
        s, n = present[south], present[north]
        played = any(e.played and e.opponent == north for e in s.record.history)
        if played:
            add(
                Finding(
                    "REMATCH",
                    f"players {south} and {north} have already played each other",
                    (south, north),
                )
            )
        elif north in s.blocked:
            add(
                Finding(
                    "FORBIDDEN_PAIR",
                    f"players {south} and {north} must not be paired",
                    (south, north),
                )
            )
        exempt = _top_scorer_exemption(request, s, n)
        if (
            s.colour.absolute
            and n.colour.absolute
            and s.colour.preference == n.colour.preference
            and not exempt
        ):
            add(
                Finding(
                    "ABSOLUTE_COLOUR",
                    f"players {south} and {north} both must play {_name(s.colour.preference)}",
                    (south, north),
                )
            )
        report.findings.extend(_colour_findings(s, WHITE, exempt))
        report.findings.extend(_colour_findings(n, BLACK, exempt))
    if bye is not None and note(bye):
        if not present[bye].bye_eligible:
            add(Finding("SECOND_BYE", f"player {bye} already had a bye or an unplayed win", (bye,)))
    odd = len(present) % 2 == 1
    if odd and bye is None:
        add(Finding("BYE_COUNT", "an odd number of players needs a pairing-allocated bye"))
    if not odd and bye is not None:
        add(Finding("BYE_COUNT", "an even number of players must not leave a bye", (bye,)))
    for number, count in sorted(seen.items()):
        if count > 1:
            add(Finding("PAIRED_TWICE", f"player {number} appears {count} times", (number,)))
    for number in sorted(set(present) - set(seen)):
        add(Finding("MISSING", f"player {number} is neither paired nor given the bye", (number,)))
    if compare_with_dutch:
        try:
            dutch = pair_request(request)
        except PairingImpossible:
            report.equals_dutch = None
        else:
            mine = {(b.south, b.north) for b in dutch.boards}
            report.equals_dutch = (
                mine == set(boards) and dutch.bye == bye and len(boards) == len(mine)
            )
    return report
