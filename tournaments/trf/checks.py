"""Consistency checks a tournament program performs on import (the pairing engines do the same).

These report problems instead of raising: a file can be readable and still
disagree with itself, and the caller decides whether that is fatal.
"""

from __future__ import annotations

from . import codes
from .model import Tournament
from .scoring import DEFAULT_SCORING, Scoring

# Result a player's opponent must show for the same round.
_MIRROR = {
    codes.WIN: {codes.LOSS},
    codes.LOSS: {codes.WIN},
    codes.DRAW: {codes.DRAW},
    codes.SHORT_WIN: {codes.SHORT_LOSS},
    codes.SHORT_LOSS: {codes.SHORT_WIN},
    codes.SHORT_DRAW: {codes.SHORT_DRAW},
    codes.FORFEIT_WIN: {codes.FORFEIT_LOSS},
    codes.FORFEIT_LOSS: {codes.FORFEIT_WIN, codes.FORFEIT_LOSS},
    codes.NOT_YET_PLAYED: {codes.NOT_YET_PLAYED},
}
_OPPOSITE_COLOUR = {"w": "b", "b": "w"}


def consistency_problems(tournament: Tournament, scoring: Scoring = DEFAULT_SCORING) -> list[str]:
    """Human-readable problems, empty when the file is consistent.

    Checked: each opponent exists and lists the player back in the same
    round with a matching result; played games have opposite colours; the
    ``points`` column equals the sum of the round points under ``scoring``
    (of the completed rounds only, when the file announces absences for the
    round about to be paired).
    """
    completed = tournament.rounds_completed
    problems = []
    by_number = tournament.players_by_number()
    for player in tournament.players:
        tpn = player.pairing_number
        for index, cell in enumerate(player.rounds):
            if cell.opponent is None:
                continue
            r = index + 1
            other = by_number.get(cell.opponent)
            back = other.cell(r) if other else None
            if back is None or back.opponent != tpn:
                problems.append(f"round {r}: {tpn} meets {cell.opponent}, who does not list {tpn}")
                continue
            if cell.result in _MIRROR and back.result not in _MIRROR[cell.result]:
                problems.append(
                    f"round {r}: results {tpn} {cell.result} / "
                    f"{cell.opponent} {back.result} disagree"
                )
            if cell.is_played and back.colour != _OPPOSITE_COLOUR.get(cell.colour):
                problems.append(
                    f"round {r}: {tpn} and {cell.opponent} do not have opposite colours"
                )
        if player.points is not None:
            total = player.points_after(completed, scoring)
            if total != player.points:
                problems.append(
                    f"player {tpn}: points {player.points} but the rounds add up to {total}"
                )
    return problems
