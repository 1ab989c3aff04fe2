"""Game records written by the results service: moves, clock readings, source, and the clock
rules of the tournament's time control refused with the ply."""

import pytest

from oware.notation import write_record
from oware.replay import replay
from oware.sides import Side
from tournaments.models import GameRecord, Result, ResultChange
from tournaments.models.sides import letter_of
from tournaments.services.errors import ServiceError
from tournaments.services.games import move_list
from tournaments.services.results import ResultEntry, record_result

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db

OPENING = [3, 1, 0, 5, 0, 4]  # D b A f A e


def with_clocks(readings: list[str | None], ending: str = "resign") -> str:
    """The six opening plies with `{mm:ss}` readings after them, ended by `ending`."""
    clocks = [None if text is None else int(text[:2]) * 60 + int(text[3:]) for text in readings]
    return write_record(replay(OPENING, "abapa", ending), clocks=clocks)


def refusal(game, alice, record: str) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        record_result(game, ResultEntry(record=record), by=alice)
    assert not Result.objects.filter(pairing=game).exists()
    assert not GameRecord.objects.filter(pairing=game).exists()
    assert not ResultChange.objects.exists()
    return caught.value


def test_a_record_is_stored_as_moves_and_clock_readings(game, alice):
    record = with_clocks(["19:50", "19:40", None, "19:00", "18:30", "18:00"])
    record_result(game, ResultEntry(record=record), by=alice)
    stored = GameRecord.objects.get(pairing=game)
    assert stored.moves == OPENING
    assert stored.clocks == [1190, 1180, None, 1140, 1110, 1080]
    assert (stored.ending, stored.source, stored.variant) == ("resign", "typed", "abapa")
    assert stored.text == record.strip()
    assert Result.objects.get(pairing=game).record == record.strip()


def test_the_caller_names_the_source(game, alice):
    moves, _ = played_game("capture")
    record_result(game, ResultEntry(record=record_of(moves), source="imported"), by=alice)
    assert GameRecord.objects.get(pairing=game).source == "imported"


def test_a_correction_to_typed_scores_removes_the_record(game, alice):
    record_result(game, ResultEntry(record=with_clocks([None] * 6)), by=alice)
    record_result(
        game,
        ResultEntry(ending="resign", decided_by=Side.NORTH, south_seeds=25, north_seeds=10),
        by=alice,
        reason="the record was of another board",
    )
    assert not GameRecord.objects.filter(pairing=game).exists()
    assert Result.objects.get(pairing=game).record == ""
    first, second = ResultChange.objects.order_by("pk")
    assert second.before["record"] == first.after["record"] != ""
    assert second.after["record"] == ""


def test_a_reading_above_the_starting_time_is_refused_with_its_ply(game, alice):
    error = refusal(game, alice, with_clocks(["19:50", "25:00", None, None, None, None]))
    assert (error.code, error.field) == ("clock_above_start", "record")
    assert "ply 2" in error.message


def test_the_starting_time_is_the_tournaments(game, alice):
    event = game.round.section.tournament
    event.minutes_per_player = 30
    event.save()
    record_result(game, ResultEntry(record=with_clocks(["29:50", "25:00"] + [None] * 4)), by=alice)
    assert GameRecord.objects.get(pairing=game).clocks[1] == 1500


def test_a_clock_that_grows_for_the_same_player_is_refused(game, alice):
    error = refusal(game, alice, with_clocks(["19:00", "19:40", "18:00", "19:50", None, None]))
    assert (error.code, error.field) == ("clock_grows", "record")
    assert "ply 4" in error.message


def test_a_time_forfeit_the_readings_contradict_is_refused(game, alice):
    # After six plies South is to move and lost on time; North's clock already read 00:00.
    error = refusal(
        game,
        alice,
        with_clocks(["05:00", "01:00", "04:00", "00:00", "03:00", "00:00"], ending="time"),
    )
    assert (error.code, error.field) == ("flag_contradicted", "record")
    assert "ply 6" in error.message


def test_a_time_forfeit_of_the_player_whose_clock_ran_down_is_stored(game, alice):
    record_result(
        game,
        ResultEntry(
            record=with_clocks(
                ["05:00", "01:00", "04:00", "00:30", "00:10", "00:05"], ending="time"
            )
        ),
        by=alice,
    )
    result = Result.objects.get(pairing=game)
    assert (result.ending, letter_of(result.decided_by)) == ("time", "S")


def test_plies_under_the_warning_time_are_marked(game, alice):
    record_result(
        game,
        ResultEntry(record=with_clocks(["05:00", "03:10", "02:59", None, "02:30", "02:00"])),
        by=alice,
    )
    moves = move_list(GameRecord.objects.get(pairing=game), warning_minutes=3)
    assert [m["under_warning"] for m in moves] == [False, False, True, False, True, True]
    assert [m["notation"] for m in moves][:2] == ["D", "b"]
    assert [m["clock"] for m in moves][2:4] == ["02:59", None]
    assert [m["ply"] for m in moves] == [1, 2, 3, 4, 5, 6]
