"""A section's rounds as the neutral history (:mod:`tournaments.history`): built once from the
database and read as it is by the pairing engine, the standings and the TRF export.

The queries are fixed in number (players, seats with their results, requested byes) whatever
the size of the section.
"""

from collections import defaultdict
from decimal import Decimal

from oware.endings import Ending
from oware.points import DRAW, LOSS, WIN
from oware.sides import Side
from tournaments.history import NOT_PAIRED, PlayerHistory, RoundRecord, SectionHistory
from tournaments.models import Player, RequestedBye, Round, Seat, Section
from tournaments.outcomes import RoundOutcome, Scoring
from tournaments.pairing.baku import baku_virtual_points

ABSENCE_BY_POINTS = {
    LOSS: RoundOutcome.ZERO_POINT_BYE,
    DRAW: RoundOutcome.HALF_POINT_BYE,
    WIN: RoundOutcome.FULL_POINT_BYE,
}


def section_scoring(section: Section) -> Scoring:
    """Points per outcome; only the pairing-allocated bye is a tournament setting."""
    return Scoring(pairing_bye=section.tournament.bye_points)


def section_history(
    section: Section, rounds: int | None = None, *, announce_round: int | None = None
) -> SectionHistory:
    """Return the section's rounds 1..`rounds` (default: every round that exists), players in
    pairing-number order.

    A seat whose game has no result yet reads as a round without a game. With
    `announce_round`, the players who will not be paired in that round (requested bye,
    withdrawn, not yet entered) get their absence as that round's record, as the pairing of
    that round expects.
    """
    tournament = section.tournament
    players = list(Player.objects.filter(section=section).order_by("pairing_number"))
    if rounds is None:
        rounds = Round.objects.filter(section=section).count()
    numbers = {p.pk: p.pairing_number for p in players}
    scoring = section_scoring(section)
    seated = _seat_records(section, rounds, numbers, scoring)
    byes = _requested_byes(section)
    histories = []
    for player in players:
        row = [
            seated.get((player.pk, number)) or _absence(player, number, byes, scoring)
            for number in range(1, rounds + 1)
        ]
        if announce_round is not None and not _plays(player, announce_round, byes):
            row.append(_absence(player, announce_round, byes, scoring))
        points = sum((record.points for record in row[:rounds]), Decimal(0))
        histories.append(PlayerHistory(player.pairing_number, row, points))
    history = SectionHistory(
        players=histories,
        total_rounds=section.total_rounds,
        scoring=scoring,
        initial_side=section.initial_side,
    )
    if tournament.avoid_teammates:
        history.forbidden_pairs = _teammates(players)
    history.forbidden_pairs += [tuple(group) for group in section.forbidden_pairs]
    history.round_forbidden_pairs = [
        (first, last, tuple(group)) for first, last, group in section.round_forbidden_pairs
    ]
    if section.acceleration:
        # An imported file's own virtual points, as its program would pair them.
        history.acceleration = {
            int(number): [Decimal(value) for value in values]
            for number, values in section.acceleration.items()
        }
    elif tournament.acceleration:
        history.acceleration = baku_virtual_points(
            [p.pairing_number for p in players], section.total_rounds
        )
    return history


def _seat_records(
    section: Section, rounds: int, numbers: dict[int, int], scoring: Scoring
) -> dict[tuple[int, int], RoundRecord]:
    """(player id, round number) -> the record of every seat of rounds 1..`rounds`."""
    seats = Seat.objects.filter(round__section=section, round__number__lte=rounds).values_list(
        "player_id",
        "round__number",
        "side",
        "pairing__south_id",
        "pairing__north_id",
        "pairing__result__south_points",
        "pairing__result__north_points",
        "pairing__result__south_seeds",
        "pairing__result__north_seeds",
        "pairing__result__ending",
    )
    records = {}
    for player_id, number, side, south_id, north_id, *result in seats:
        if side is None:  # the pairing-allocated bye
            record = RoundRecord(
                RoundOutcome.PAIRING_BYE,
                scoring.unplayed_points(RoundOutcome.PAIRING_BYE),
                round=number,
            )
        else:
            opponent = numbers[north_id if side is Side.SOUTH else south_id]
            record = _game_record(number, side, opponent, *_seen_from(side, *result))
        records[(player_id, number)] = record
    return records


def _seen_from(side: Side, south_points, north_points, south_seeds, north_seeds, ending):
    """The player's points, the game score as (own, opponent's) seeds when both are known, and
    the ending, for the player on `side`."""
    if side is Side.NORTH:
        return north_points, _known(north_seeds, south_seeds), ending
    return south_points, _known(south_seeds, north_seeds), ending


def _known(own: int | None, theirs: int | None) -> tuple[int, int] | None:
    return None if own is None or theirs is None else (own, theirs)


def _game_record(
    number: int, side: Side, opponent: int, points, seeds, ending: Ending | None
) -> RoundRecord:
    """One side of a board; a board without a result yet is no game for that player."""
    if ending is None:
        return RoundRecord(RoundOutcome.ZERO_POINT_BYE, Decimal(0), round=number)
    if not ending.played:
        outcome = RoundOutcome.FORFEIT_WIN if points else RoundOutcome.FORFEIT_LOSS
        return RoundRecord(outcome, points, opponent, side, number)
    return RoundRecord(RoundOutcome.GAME, points, opponent, side, number, seeds)


def _requested_byes(section: Section) -> dict[tuple[int, int], Decimal]:
    return {
        (player_id, number): points
        for player_id, number, points in RequestedBye.objects.filter(
            player__section=section
        ).values_list("player_id", "round_number", "points")
    }


def _plays(player: Player, number: int, byes) -> bool:
    return player.is_paired_in(number) and (player.pk, number) not in byes


def _absence(player: Player, number: int, byes, scoring: Scoring) -> RoundRecord:
    """The record of a round the player was not paired in."""
    if (player.pk, number) in byes:
        outcome = ABSENCE_BY_POINTS[byes[(player.pk, number)]]
    elif number < player.entry_round:
        outcome = ABSENCE_BY_POINTS[player.late_entry_points]
    else:
        return NOT_PAIRED
    return RoundRecord(outcome, scoring.unplayed_points(outcome), round=number)


def _teammates(players: list[Player]) -> list[tuple[int, ...]]:
    teams = defaultdict(list)
    for player in players:
        if player.team_id is not None:
            teams[player.team_id].append(player.pairing_number)
    return [tuple(sorted(numbers)) for numbers in teams.values() if len(numbers) > 1]
