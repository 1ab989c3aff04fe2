"""The pairing request of a round, read from a section's neutral history.

The history comes from the database (:mod:`tournaments.services.history`) or from a TRF file
(:func:`request_from_trf`, through :mod:`tournaments.trf.history`); either way the engine sees
the same records.
"""

from __future__ import annotations

from oware.sides import Side
from tournaments import trf
from tournaments.history import NOT_PAIRED, PlayerHistory, SectionHistory
from tournaments.trf.history import history_from_trf

from .errors import InvalidPairingInput
from .records import PairingRequest, PlayerRecord


def round_to_pair(history: SectionHistory) -> int:
    """The round a history asks to pair: the one after the last completed round.

    A last round holding only announced absences is the round to pair.
    """
    return history.rounds_completed + 1


def initial_side(history: SectionHistory) -> Side:
    """The drawn side if the history has one, else inferred from round 1: the side of the
    higher-ranked player of the first board found, turned back by its rank's parity."""
    if history.initial_side is not None:
        return history.initial_side
    ranked = sorted(history.players, key=lambda p: p.number)
    position = {p.number: i for i, p in enumerate(ranked)}
    for player in ranked:
        first = player.record(1)
        if first is not None and first.played and first.side is not None:
            if first.opponent in position and position[player.number] < position[first.opponent]:
                mine = first.side
                return mine if position[player.number] % 2 == 0 else mine.opponent
    return Side.SOUTH


def request_from_history(
    history: SectionHistory, round_number: int | None = None
) -> PairingRequest:
    """The pairing request for ``round_number`` (default: the round the history asks for).

    A player is absent when the record of the round being paired announces an absence (or,
    for the next round, when the history does not pair him). Scores are recounted from the
    records when pairing a past round, and taken from a declared total otherwise.
    """
    if history.total_rounds is None:
        raise InvalidPairingInput("the number of rounds is missing (XXR or 142)")
    if history.total_rounds < history.rounds_completed:
        raise InvalidPairingInput(
            f"{history.rounds_completed} rounds are played but the number of rounds (XXR or 142)"
            f" is {history.total_rounds}"
        )
    next_round = round_to_pair(history)
    if round_number is None:
        round_number = next_round
    if round_number < 1:
        raise InvalidPairingInput(f"round {round_number} cannot be paired")
    not_paired = history.not_paired if round_number >= next_round else frozenset()
    records = [
        _player_record(player, history, round_number, next_round, not_paired)
        for player in history.players
    ]
    return PairingRequest(
        players=records,
        round_number=round_number,
        total_rounds=history.total_rounds,
        initial_side=initial_side(history),
        forbidden_pairs=history.forbidden_in_round(round_number),
        scoring=history.scoring,
    )


def _player_record(
    player: PlayerHistory,
    history: SectionHistory,
    round_number: int,
    next_round: int,
    not_paired: frozenset[int],
) -> PlayerRecord:
    past = [player.record(r) or NOT_PAIRED for r in range(1, round_number)]
    declared = (
        round_number >= next_round
        and player.points is not None
        and round_number - 1 >= len(player.rounds)
    )
    score = player.points if declared else player.points_after(round_number - 1)
    current = player.record(round_number)
    absent = current is not None and current.outcome.is_absence
    return PlayerRecord(
        number=player.number,
        score=score,
        history=past,
        acceleration=list(history.acceleration.get(player.number, [])),
        present=not absent and player.number not in not_paired,
    )


def request_from_trf(
    tournament: trf.Tournament,
    round_number: int | None = None,
    scoring: trf.Scoring = trf.DEFAULT_SCORING,
) -> PairingRequest:
    """The pairing request of a TRF file's round (see :func:`request_from_history`)."""
    return request_from_history(history_from_trf(tournament, scoring), round_number)
