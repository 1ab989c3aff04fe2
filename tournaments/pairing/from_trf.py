"""Build a :class:`PairingRequest` from a parsed TRF (:mod:`tournaments.trf`)."""

from __future__ import annotations

from decimal import Decimal

from tournaments import trf
from tournaments.outcomes import other_side
from tournaments.trf.scoring import outcome_of_code

from .errors import InvalidPairingInput
from .records import (
    BLACK,
    WHITE,
    Outcome,
    PairingRequest,
    PlayerRecord,
    RoundRecord,
)


def round_to_pair(tournament: trf.Tournament) -> int:
    """The round a TRF file asks to pair: the one after the last completed round.

    A last column holding only announced absences (``H F Z``) is the round to pair.
    """
    return tournament.rounds_completed + 1


def _round_record(cell: trf.RoundCell | None, scoring: trf.Scoring) -> RoundRecord:
    if cell is None:
        return RoundRecord(Outcome.ZERO_POINT_BYE, Decimal(0))
    points = cell.points(scoring)
    if cell.is_played:
        return RoundRecord(Outcome.GAME, points, cell.opponent, cell.side)
    outcome = outcome_of_code(cell.result)
    opponent = cell.opponent if outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) else None
    return RoundRecord(outcome, points, opponent, None)


def _initial_colour(tournament: trf.Tournament) -> str:
    """``XXC``/``152`` if given, else inferred from round 1 (a board's higher-ranked player)."""
    if tournament.initial_colour in (WHITE, BLACK):
        return tournament.initial_colour
    ranked = sorted(tournament.players, key=lambda p: p.pairing_number)
    position = {p.pairing_number: i for i, p in enumerate(ranked)}
    for player in ranked:
        cell = player.cell(1)
        if cell is not None and cell.is_played and cell.opponent in position:
            if position[player.pairing_number] < position[cell.opponent]:
                mine = cell.side
                return mine if position[player.pairing_number] % 2 == 0 else other_side(mine)
    return WHITE


def request_from_trf(
    tournament: trf.Tournament,
    round_number: int | None = None,
    scoring: trf.Scoring = trf.DEFAULT_SCORING,
) -> PairingRequest:
    """The pairing request for ``round_number`` (default: the round the file asks for).

    Past rounds come from the round blocks; a player is absent when the block
    of the round being paired reads ``H``, ``F`` or ``Z`` (or, for the next
    round, when listed in ``XXZ``).  Scores are recomputed from the blocks
    when pairing a past round, and taken from the points column otherwise.
    """
    if tournament.rounds is None:
        raise InvalidPairingInput("the number of rounds is missing (XXR or 142)")
    next_round = round_to_pair(tournament)
    if round_number is None:
        round_number = next_round
    if round_number < 1:
        raise InvalidPairingInput(f"round {round_number} cannot be paired")
    not_paired = set(tournament.not_paired) if round_number >= next_round else set()
    records = []
    for player in tournament.players:
        history = [_round_record(player.cell(r), scoring) for r in range(1, round_number)]
        computed = sum((h.points for h in history), Decimal(0))
        if (
            round_number >= next_round
            and player.points is not None
            and round_number - 1 >= len(player.rounds)
        ):
            score = player.points
        else:
            score = computed
        cell = player.cell(round_number)
        present = (
            not (cell is not None and cell.is_absence) and player.pairing_number not in not_paired
        )
        records.append(
            PlayerRecord(
                number=player.pairing_number,
                score=score,
                history=history,
                acceleration=list(tournament.acceleration.get(player.pairing_number, [])),
                present=present,
            )
        )
    forbidden = [tuple(group) for group in tournament.forbidden_pairs]
    return PairingRequest(
        players=records,
        round_number=round_number,
        total_rounds=tournament.rounds,
        initial_colour=_initial_colour(tournament),
        forbidden_pairs=forbidden,
        scoring=scoring,
    )
