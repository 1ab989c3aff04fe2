"""Small builders for hand-made sections: players are ids 1..n, rounds listed per player."""

from fractions import Fraction

from tournaments.tiebreaks import PlayerRecord, RoundKind, RoundResult

HALF = Fraction(1, 2)


def game(opponent, points, colour=None):
    return RoundResult.game(opponent, points, colour)


def forfeit_win(opponent):
    return RoundResult.forfeit_win(opponent)


def forfeit_loss(opponent):
    return RoundResult.forfeit_loss(opponent)


def pab():
    return RoundResult.bye(RoundKind.PAIRING_BYE, 1)


def half_bye():
    return RoundResult.bye(RoundKind.HALF_POINT_BYE, HALF)


def zero_bye():
    return RoundResult.bye(RoundKind.ZERO_POINT_BYE, 0)


def full_bye():
    return RoundResult.bye(RoundKind.FULL_POINT_BYE, 1)


def section_of(rounds_by_player):
    """``{id: [round results]}`` -> list of PlayerRecord."""
    return [PlayerRecord(pid, rounds) for pid, rounds in rounds_by_player.items()]
