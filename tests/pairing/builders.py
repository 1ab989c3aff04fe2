"""Compact builders of plain pairing requests for hand-made test brackets.

A round token reads ``"3w1"`` (played pairing number 3 as South and won),
``"3b="`` (draw as North), ``"3b0"`` (loss), ``"3w+"`` / ``"3b-"`` (forfeit
win / loss, not a game), ``"U"`` (pairing-allocated bye), ``"F"``, ``"H"``,
``"Z"`` (full-, half-, zero-point bye).
"""

from __future__ import annotations

from decimal import Decimal

from oware.sides import Side
from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome
from tournaments.pairing import PairingRequest, PlayerRecord

_POINTS = {"1": Decimal(1), "=": Decimal("0.5"), "0": Decimal(0)}
_SIDES = {"w": Side.SOUTH, "b": Side.NORTH}
_BYES = {
    "U": (RoundOutcome.PAIRING_BYE, Decimal(1)),
    "F": (RoundOutcome.FULL_POINT_BYE, Decimal(1)),
    "H": (RoundOutcome.HALF_POINT_BYE, Decimal("0.5")),
    "Z": (RoundOutcome.ZERO_POINT_BYE, Decimal(0)),
}


def round_record(token: str) -> RoundRecord:
    """Decode one round token (see module docstring)."""
    if token in _BYES:
        outcome, points = _BYES[token]
        return RoundRecord(outcome, points)
    opponent, side, result = int(token[:-2]), token[-2], token[-1]
    if result == "+":
        return RoundRecord(RoundOutcome.FORFEIT_WIN, Decimal(1), opponent)
    if result == "-":
        return RoundRecord(RoundOutcome.FORFEIT_LOSS, Decimal(0), opponent)
    return RoundRecord(RoundOutcome.GAME, _POINTS[result], opponent, _SIDES[side])


def player(number: int, *tokens: str, present: bool = True, acceleration=()) -> PlayerRecord:
    """A player whose score is the sum of the round tokens."""
    history = [round_record(t) for t in tokens]
    return PlayerRecord(
        number=number,
        score=sum((r.points for r in history), Decimal(0)),
        history=history,
        acceleration=[Decimal(str(a)) for a in acceleration],
        present=present,
    )


def request(
    players, total_rounds: int = 5, initial_colour: str = "w", forbidden=()
) -> PairingRequest:
    """A request for the round after the players' histories."""
    played = max((len(p.history) for p in players), default=0)
    return PairingRequest(
        players=list(players),
        round_number=played + 1,
        total_rounds=total_rounds,
        initial_side=_SIDES[initial_colour],
        forbidden_pairs=[tuple(g) for g in forbidden],
    )


def fresh(count: int) -> list[PlayerRecord]:
    """``count`` players before round 1."""
    return [player(n) for n in range(1, count + 1)]
