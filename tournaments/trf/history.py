"""A TRF file's round blocks as the neutral history (:mod:`tournaments.history`) and back.

The pairing and standings commands read a file through :func:`history_from_trf`; the export
writes a section's history with :func:`write_history`. Result codes and colour letters stop
here: the cores see :class:`~tournaments.history.RoundRecord` with a
:class:`~oware.sides.Side`.
"""

from __future__ import annotations

from tournaments.history import NOT_PAIRED, ZERO, PlayerHistory, RoundRecord, SectionHistory
from tournaments.outcomes import RoundOutcome

from . import codes
from .colours import NO_COLOUR, colour_of, side_of
from .model import RoundByes, RoundCell, RoundForbiddenPairs, Tournament
from .scoring import DEFAULT_SCORING, Scoring, outcome_of_code

_CODE_OF_OUTCOME = {
    RoundOutcome.FORFEIT_WIN: codes.FORFEIT_WIN,
    RoundOutcome.FORFEIT_LOSS: codes.FORFEIT_LOSS,
    RoundOutcome.PAIRING_BYE: codes.PAIRING_BYE,
    RoundOutcome.FULL_POINT_BYE: codes.FULL_POINT_BYE,
    RoundOutcome.HALF_POINT_BYE: codes.HALF_POINT_BYE,
    RoundOutcome.ZERO_POINT_BYE: codes.ZERO_POINT_BYE,
}

_UNPAIRED_OUTCOME = {
    codes.FORFEIT_WIN: RoundOutcome.FULL_POINT_BYE,
    codes.FORFEIT_LOSS: RoundOutcome.ZERO_POINT_BYE,
    codes.DRAW: RoundOutcome.HALF_POINT_BYE,
}


def round_record(
    cell: RoundCell | None, scoring: Scoring = DEFAULT_SCORING, round_number: int | None = None
) -> RoundRecord:
    """The neutral record of one round block (``None``, past a line's end, is no game).

    A game keeps its opponent and side; a forfeit its scheduled opponent and, when the file
    gives one, its side; a bye neither.
    """
    if cell is None:
        return NOT_PAIRED
    if cell.opponent is None and cell.result in _UNPAIRED_OUTCOME:
        # ``0000 - +`` / ``-`` / ``=``: an unplayed round worth a win, nothing or half a point,
        # which the product keeps as the bye of the same value.
        outcome = _UNPAIRED_OUTCOME[cell.result]
        return RoundRecord(outcome, scoring.unplayed_points(outcome), round=round_number)
    outcome = outcome_of_code(cell.result)
    if not outcome.has_opponent:
        return RoundRecord(outcome, cell.points(scoring), round=round_number)
    side = side_of(cell.colour)
    return RoundRecord(outcome, cell.points(scoring), cell.opponent, side, round_number)


def history_from_trf(tournament: Tournament, scoring: Scoring = DEFAULT_SCORING) -> SectionHistory:
    """Every ``001`` line's blocks as records, with the file's pairing settings (``XXR``,
    ``XXC``, ``XXP``, ``260``, ``XXA``, ``XXZ``, ``240``) and declared totals.

    A ``240`` bye of the round to pair, for a player whose line has no block for that round,
    becomes his record of that round, as if the column announced it; ``240`` records of past
    rounds only repeat what the blocks say and are not read again.
    """
    announced = _announced_byes(tournament)
    in_play = tournament.round_in_play
    players = []
    for p in tournament.players:
        cells = p.rounds if in_play is None else _before_play(p.rounds, in_play)
        records = [round_record(cell, scoring, r) for r, cell in enumerate(cells, start=1)]
        bye = announced.get(p.pairing_number)
        if bye is not None and len(records) < bye.round:
            records += [NOT_PAIRED] * (bye.round - 1 - len(records))
            outcome = outcome_of_code(bye.code)
            records.append(RoundRecord(outcome, scoring.unplayed_points(outcome), round=bye.round))
        players.append(PlayerHistory(p.pairing_number, records, p.points))
    return SectionHistory(
        players=players,
        total_rounds=tournament.rounds,
        scoring=scoring,
        initial_side=side_of(tournament.initial_colour),
        forbidden_pairs=[tuple(group) for group in tournament.forbidden_pairs],
        round_forbidden_pairs=[
            (ranged.first, ranged.last, ranged.players)
            for ranged in tournament.round_forbidden_pairs
        ],
        acceleration=_acceleration(tournament),
        not_paired=frozenset(tournament.not_paired),
    )


def _before_play(cells: list[RoundCell], in_play: int) -> list[RoundCell]:
    """A line's blocks up to the round in play (TRF-2026 ``*``), that round's only when it
    announces an absence: the round in play is the round to pair, its games not yet known."""
    kept = cells[: in_play - 1]
    if len(cells) >= in_play and cells[in_play - 1].is_absence:
        kept.append(cells[in_play - 1])
    return kept


def _acceleration(tournament: Tournament) -> dict[int, list]:
    """Virtual points per pairing number and round: a player's ``XXA`` line as it is, else the
    sum of the ``250`` ranges that hold him (each for its rounds)."""
    acceleration = {n: list(values) for n, values in tournament.acceleration.items()}
    for ranged in tournament.acceleration_ranges:
        for player in tournament.players:
            number = player.pairing_number
            if number in tournament.acceleration:
                continue
            if not ranged.first_player <= number <= ranged.last_player:
                continue
            values = acceleration.setdefault(number, [])
            values.extend([ZERO] * (ranged.last_round - len(values)))
            for r in range(ranged.first_round, ranged.last_round + 1):
                values[r - 1] += ranged.points
    return acceleration


def _announced_byes(tournament: Tournament) -> dict[int, RoundByes]:
    """Pairing number -> the ``240`` record announcing his bye in the round to pair."""
    next_round = tournament.rounds_completed + 1
    return {
        tpn: byes for byes in tournament.byes if byes.round == next_round for tpn in byes.players
    }


def announce_byes(tournament: Tournament, round_number: int) -> None:
    """Write the ``240`` records of ``round_number`` from its column: each kind of bye the
    column announces (``H``, ``F``, ``Z``), with its players, as TRF26 asks of a file sent to
    pair that round."""
    by_code: dict[str, list[int]] = {}
    for player in tournament.players:
        cell = player.cell(round_number)
        if cell is not None and cell.result in codes.ANNOUNCED_BYES and cell.opponent is None:
            by_code.setdefault(cell.result, []).append(player.pairing_number)
    tournament.byes = [
        RoundByes(code, round_number, tuple(numbers)) for code, numbers in sorted(by_code.items())
    ]


def round_cell(record: RoundRecord, scoring: Scoring = DEFAULT_SCORING) -> RoundCell:
    """The block of one record; a game's code says whether its points are a win, draw or loss."""
    outcome = record.outcome
    if outcome is RoundOutcome.GAME:
        code = _game_code(record, scoring)
    else:
        code = _CODE_OF_OUTCOME[outcome]
    colour = colour_of(record.side) if outcome.has_opponent else NO_COLOUR
    return RoundCell(record.opponent, colour, code)


def _game_code(record: RoundRecord, scoring: Scoring) -> str:
    if record.points == scoring.win:
        return codes.WIN
    if record.points == scoring.draw:
        return codes.DRAW
    return codes.LOSS


def write_history(tournament: Tournament, history: SectionHistory) -> Tournament:
    """Fill ``tournament``'s round blocks, totals and pairing settings from ``history``.

    ``tournament`` brings the header and the players' identities (name, rating …); each
    player's blocks and total come from the history of the same pairing number (its declared
    total, else the sum of its completed rounds).
    """
    completed = history.rounds_completed
    by_number = {p.number: p for p in history.players}
    for player in tournament.players:
        record = by_number[player.pairing_number]
        player.rounds = [round_cell(r, history.scoring) for r in record.rounds]
        player.points = record.points_after(completed) if record.points is None else record.points
    tournament.rounds = history.total_rounds
    if history.initial_side is not None:
        tournament.initial_colour = colour_of(history.initial_side)
    tournament.forbidden_pairs = [list(group) for group in history.forbidden_pairs]
    tournament.round_forbidden_pairs = [
        RoundForbiddenPairs(first, last, tuple(group))
        for first, last, group in history.round_forbidden_pairs
    ]
    tournament.acceleration = {n: list(v) for n, v in history.acceleration.items()}
    return tournament
