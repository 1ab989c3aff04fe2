"""Clock readings against the time control: refusals name the ply; warning marks per ply."""

import pytest

from oware.clock import check_clocks, warning_marks
from oware.errors import RecordError
from oware.notation import parse_record

TWENTY_MINUTES = 20 * 60
SNSN = [0, 1, 0, 1, 0, 1]


def refusal(clocks, sides=SNSN, **kwargs) -> RecordError:
    with pytest.raises(RecordError) as caught:
        check_clocks(clocks, sides, start_seconds=TWENTY_MINUTES, **kwargs)
    return caught.value


def test_it_accepts_readings_that_run_down_with_gaps():
    check_clocks([1190, 1185, None, 1100, 1000, None], SNSN, start_seconds=TWENTY_MINUTES)


def test_it_accepts_the_starting_time_itself():
    check_clocks([TWENTY_MINUTES, TWENTY_MINUTES], SNSN[:2], start_seconds=TWENTY_MINUTES)


def test_it_refuses_a_reading_above_the_starting_time_at_its_ply():
    error = refusal([1190, 1180, 25 * 60])
    assert (error.ply, error.reason) == (3, "clock_above_start")
    assert "25:00" in error.message and "20:00" in error.message


def test_it_refuses_a_clock_that_grows_for_the_same_player():
    # South 19:00 at ply 1, unknown at ply 3, then 19:30 at ply 5; North's readings are fine.
    error = refusal([1140, 1100, None, 1000, 1170, 900])
    assert (error.ply, error.reason) == (5, "clock_grows")
    assert "ply 1" in error.message


def test_a_player_may_read_more_than_the_opponent():
    check_clocks([300, 1000, 200, 900], SNSN[:4], start_seconds=TWENTY_MINUTES)


def test_it_follows_the_movers_not_the_alternation():
    # Ouri: South moves twice in a row after a grand slam; its readings must still run down.
    error = refusal([1100, 1000, 1150, 1050], sides=[0, 0, 1, 0])
    assert (error.ply, error.reason) == (4, "clock_grows")


def test_it_refuses_a_time_forfeit_when_the_winners_clock_was_at_zero():
    # North, to move after ply 3, is flagged, but South's own clock read 00:00 at ply 3.
    error = refusal([60, 50, 0], SNSN[:3], ending="time", to_move=1)
    assert (error.ply, error.reason) == (3, "flag_contradicted")


def test_a_time_forfeit_of_the_player_whose_clock_ran_down_is_accepted():
    check_clocks([60, 5, 30, 2], SNSN[:4], start_seconds=TWENTY_MINUTES, ending="time", to_move=0)


def test_zero_on_the_winners_clock_is_no_contradiction_for_another_ending():
    check_clocks(
        [60, 50, 0, 40], SNSN[:4], start_seconds=TWENTY_MINUTES, ending="resign", to_move=1
    )


def test_readings_come_from_the_notation():
    record = parse_record("1. A {19:50} f {25:00} 2. B")
    assert record.clocks == [1190, 1500, None]
    error = refusal(record.clocks, SNSN[:3])
    assert error.ply == 2


def test_plies_under_the_warning_time_are_marked():
    three_minutes = 180
    clocks = [400, 300, 179, 250, None, 170, 100, None]
    sides = [0, 1, 0, 1, 0, 1, 0, 1]
    assert warning_marks(clocks, sides, three_minutes) == [
        False,
        False,
        True,
        False,
        True,
        True,
        True,
        True,
    ]


def test_no_readings_no_marks():
    assert warning_marks([None, None], [0, 1], 180) == [False, False]


def test_an_increment_lets_a_reading_grow_by_as_much_as_it_adds():
    # 60 s + 5 s a move: South moves fast, his clock grows by up to 5 s a move.
    check_clocks([64, 63, 68, 60], [0, 1, 0, 1], start_seconds=60, increment_seconds=5)
    with pytest.raises(RecordError) as caught:
        check_clocks([64, 66], [0, 1], start_seconds=60, increment_seconds=5)
    assert (caught.value.ply, caught.value.reason) == (2, "clock_above_start")
    error = refusal([1190, 1000, 1196], sides=[0, 1, 0], increment_seconds=5)
    assert (error.ply, error.reason) == (3, "clock_grows")
