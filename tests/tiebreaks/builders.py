"""Small builders for hand-made sections: players are ids 1..n, rounds listed per player."""

from fractions import Fraction

from oware.sides import Side
from tournaments.history import RoundRecord
from tournaments.outcomes import RoundOutcome
from tournaments.tiebreaks import PlayerRounds

HALF = Fraction(1, 2)


_SIDES = {None: None, "w": Side.SOUTH, "b": Side.NORTH}


def game(opponent, points, colour=None):
    return RoundRecord.game(opponent, points, _SIDES[colour])


def forfeit_win(opponent):
    return RoundRecord.forfeit_win(opponent)


def forfeit_loss(opponent):
    return RoundRecord.forfeit_loss(opponent)


def pab():
    return RoundRecord.bye(RoundOutcome.PAIRING_BYE, 1)


def half_bye():
    return RoundRecord.bye(RoundOutcome.HALF_POINT_BYE, HALF)


def zero_bye():
    return RoundRecord.bye(RoundOutcome.ZERO_POINT_BYE, 0)


def full_bye():
    return RoundRecord.bye(RoundOutcome.FULL_POINT_BYE, 1)


def section_of(rounds_by_player):
    """``{id: [round results]}`` -> list of PlayerRounds."""
    return [PlayerRounds(pid, rounds) for pid, rounds in rounds_by_player.items()]
