"""The whole schedule of a round-robin section, known before round 1 is paired.

Read-only: the pages call it to show every round in advance; pairing a round
(`rounds.pair_next_round`) stores the same boards, since both ask the section's pairing system.
"""

from dataclasses import dataclass

from tournaments.models import Player, Section
from tournaments.pairing.systems import get_system


@dataclass(frozen=True)
class ScheduledRound:
    """One round of the schedule: boards as (South, North) players, and who has the bye."""

    number: int
    boards: list[tuple[Player, Player]]
    bye: Player | None


def section_schedule(section: Section) -> list[ScheduledRound] | None:
    """Every round of `section` in table order, or None when its system pairs on results.

    All registered players take part (withdrawn ones too: their games are forfeited, so the
    table does not move). Rounds beyond the tournament's number of rounds are left out.
    One query, for the players.
    """
    system = get_system(section.pairing_system)
    if not system.scheduled:
        return None
    players = {p.pairing_number: p for p in Player.objects.filter(section=section)}
    if len(players) < 2:
        return []
    rounds = system.schedule(sorted(players))[: section.total_rounds]
    return [
        ScheduledRound(
            number=scheduled.round_number,
            boards=[(players[b.south], players[b.north]) for b in scheduled.boards],
            bye=players[scheduled.bye] if scheduled.bye is not None else None,
        )
        for scheduled in rounds
    ]
