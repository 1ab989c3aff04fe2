"""Round robin by the Berger tables: a round of the schedule for a pairing request, and its check.

Players take the table positions in the order of their pairing numbers (the arbiter may draw
lots before numbering them): the lowest number is position 1. The schedule ignores scores and
presence: every scheduled game is on the pairing list, and a game a player does not turn up
for is recorded as a forfeit, as FIDE practice has it for all-play-all events. With an odd
number of players, whoever meets the table's dummy has the bye that round.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .berger import ScheduledRound, berger_schedule
from .checker import CheckReport, Finding
from .errors import InvalidPairingInput, PairingImpossible
from .records import Board, PairingRequest, RoundPairing


@dataclass(frozen=True)
class ScheduleExplanation:
    """Why a round-robin board is what it is: its place in the Berger table."""

    table_round: int
    cycle: int
    cycles: int

    def text(self) -> str:
        """E.g. "Berger table, round 3" or "Berger table, round 3, second cycle, sides reversed"."""
        if self.cycles == 1:
            return f"Berger table, round {self.table_round}"
        if self.cycle == 1:
            return f"Berger table, round {self.table_round}, first cycle"
        return f"Berger table, round {self.table_round}, second cycle, sides reversed"


def _numbers(request: PairingRequest) -> list[int]:
    numbers = sorted(p.number for p in request.players)
    if len(set(numbers)) != len(numbers):
        raise InvalidPairingInput("two players share a pairing number")
    return numbers


def schedule_pairings(numbers: list[int], cycles: int) -> list[RoundPairing]:
    """The whole schedule for the players ``numbers`` (pairing numbers), round by round."""
    ordered = sorted(numbers)
    return [_round_pairing(ordered, scheduled, cycles) for scheduled in _schedule(ordered, cycles)]


def _schedule(ordered: list[int], cycles: int) -> list[ScheduledRound]:
    if len(ordered) < 2:
        raise PairingImpossible("too_few_players")
    return berger_schedule(len(ordered), cycles)


def _round_pairing(ordered: list[int], scheduled: ScheduledRound, cycles: int) -> RoundPairing:
    explanation = ScheduleExplanation(scheduled.table_round, scheduled.cycle, cycles)
    return RoundPairing(
        round_number=scheduled.number,
        boards=[
            Board(ordered[south - 1], ordered[north - 1], explanation)
            for south, north in scheduled.boards
        ],
        bye=ordered[scheduled.bye - 1] if scheduled.bye is not None else None,
    )


def pair_round_robin(request: PairingRequest, cycles: int = 1) -> RoundPairing:
    """Round ``request.round_number`` of the Berger schedule of ``request.players``.

    Raises :class:`PairingImpossible` past the schedule's last round or with fewer than two
    players.
    """
    if request.round_number < 1:
        raise InvalidPairingInput("round numbers start at 1")
    ordered = _numbers(request)
    schedule = _schedule(ordered, cycles)
    if request.round_number > len(schedule):
        raise PairingImpossible("past_schedule", players=len(ordered), rounds=len(schedule))
    return _round_pairing(ordered, schedule[request.round_number - 1], cycles)


def check_round_robin(
    request: PairingRequest,
    boards: list[tuple[int, int]],
    bye: int | None,
    cycles: int = 1,
) -> CheckReport:
    """Check a proposed round-robin pairing; ``equals_dutch`` here means "equals the schedule".

    Codes as in :mod:`.checker`: ``NOT_PRESENT`` (not registered), ``SELF_PAIRED``,
    ``PAIRED_TWICE``, ``MISSING`` (a registered player neither paired nor given the bye),
    ``REMATCH`` (the two have already met as often as the cycles allow), ``BYE_COUNT``.
    """
    report = CheckReport()
    add = report.findings.append
    known = {p.number: p for p in request.players}
    seen: Counter[int] = Counter()
    for south, north in boards:
        if south == north:
            add(Finding("SELF_PAIRED", f"player {south} is paired with themself", (south,)))
            continue
        seen.update((south, north))
        unknown = [n for n in (south, north) if n not in known]
        report.findings.extend(_unregistered(number) for number in unknown)
        if not unknown and _meetings(request, south, north) >= cycles:
            add(
                Finding(
                    "REMATCH",
                    f"players {south} and {north} have already met {_times(cycles)}",
                    (south, north),
                )
            )
    if bye is not None:
        seen[bye] += 1
        if bye not in known:
            add(_unregistered(bye))
    odd = len(known) % 2 == 1
    if odd and bye is None:
        add(Finding("BYE_COUNT", "an odd number of players needs a bye"))
    if not odd and bye is not None:
        add(Finding("BYE_COUNT", "an even number of players must not leave a bye", (bye,)))
    for number, count in sorted(seen.items()):
        if count > 1:
            add(Finding("PAIRED_TWICE", f"player {number} appears {count} times", (number,)))
    for number in sorted(set(known) - set(seen)):
        add(Finding("MISSING", f"player {number} is neither paired nor given the bye", (number,)))
    report.equals_dutch = _equals_schedule(request, boards, bye, cycles)
    return report


def _unregistered(number: int) -> Finding:
    return Finding("NOT_PRESENT", f"player {number} is not registered but is paired", (number,))


def _meetings(request: PairingRequest, a: int, b: int) -> int:
    """How often ``a`` already met ``b`` (games and forfeits: a forfeit uses up the pairing)."""
    record = next(p for p in request.players if p.number == a)
    return sum(1 for r in record.history if r.opponent == b)


def _times(cycles: int) -> str:
    return "once" if cycles == 1 else "twice"


def _equals_schedule(request, boards, bye, cycles) -> bool | None:
    try:
        scheduled = pair_round_robin(request, cycles)
    except PairingImpossible:
        return None
    mine = {(b.south, b.north) for b in scheduled.boards}
    return mine == set(boards) and len(boards) == len(mine) and scheduled.bye == bye


__all__ = [
    "ScheduleExplanation",
    "check_round_robin",
    "pair_round_robin",
    "schedule_pairings",
]
