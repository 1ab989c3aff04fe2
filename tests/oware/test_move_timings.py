"""The move timings of a remote game (games/move_timings.py): thinking times from the moments
the server received the moves, and the mark of a side whose times are implausibly constant."""

from games.move_timings import CONSTANT_MIN_MOVES, side_times, timed_moves
from oware.sides import Side


def alternate(south: list[float], north: list[float]) -> list[tuple[Side, float]]:
    """The moments of a game whose sides think `south[i]` and `north[i]` seconds by turns."""
    received, now = [], 0.0
    for s, n in zip(south, north, strict=True):
        now += s
        received.append((Side.SOUTH, now))
        now += n
        received.append((Side.NORTH, now))
    return received


def test_each_move_is_timed_from_the_one_before():
    moves = timed_moves(alternate([3.0, 5.0], [2.0, 7.5]))
    assert [(m.ply, m.side, m.seconds) for m in moves] == [
        (1, Side.SOUTH, 3.0),
        (2, Side.NORTH, 2.0),
        (3, Side.SOUTH, 5.0),
        (4, Side.NORTH, 7.5),
    ]


def test_a_fixed_delay_is_marked_and_a_persons_times_are_not():
    count = CONSTANT_MIN_MOVES + 1
    person = [4.0, 12.5, 2.0, 30.0, 7.0, 3.5, 18.0, 6.0, 9.5, 1.5, 22.0][:count]
    bot = [2.0 + 0.01 * (i % 3) for i in range(count)]
    moves = timed_moves(alternate(person, bot))
    assert not side_times(moves, Side.SOUTH).constant
    north = side_times(moves, Side.NORTH)
    assert north.constant and north.moves == count - 1 and north.mean == 2.01


def test_too_few_moves_are_never_marked():
    moves = timed_moves(alternate([2.0] * CONSTANT_MIN_MOVES, [2.0] * CONSTANT_MIN_MOVES))
    assert not side_times(moves, Side.SOUTH).constant  # one short once the first is left out
