"""The results service: every ending of the competition table, by record or by score."""

from decimal import Decimal

import pytest

from oware.sides import Side
from tournaments.models import Result, ResultChange, Round
from tournaments.models.sides import letter_of
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

from .conftest import REPEATING, played_game, record_of

pytestmark = pytest.mark.django_db


def stored(game) -> Result:
    return Result.objects.get(pairing=game)


def test_a_capture_game_is_computed_from_its_record(game, alice):
    moves, replayed = played_game("capture")
    record_result(game, ResultEntry(record=record_of(moves)), by=alice)
    result = stored(game)
    assert result.ending == "capture"
    assert (result.south_seeds, result.north_seeds) == replayed.stores
    winner_points = (
        (Decimal("1"), Decimal("0"))
        if replayed.winner == Side.SOUTH
        else (Decimal("0"), Decimal("1"))
    )
    assert (result.south_points, result.north_points) == winner_points
    assert result.record.startswith("[Variant")


def test_a_no_moves_game_gives_each_player_his_own_row(game, alice):
    moves, replayed = played_game("no_moves")
    record_result(game, ResultEntry(record=record_of(moves)), by=alice)
    result = stored(game)
    assert result.ending == "no_moves"
    assert result.south_seeds + result.north_seeds == 48
    assert (result.south_seeds, result.north_seeds) == replayed.stores


def test_an_agreed_end_is_declared_after_the_moves(game, alice):
    # On a repeated position: the position after ply 115 is the one after ply 103.
    record_result(game, ResultEntry(ending="agreed", record=record_of(REPEATING)), by=alice)
    result = stored(game)
    assert result.ending == "agreed"
    assert result.south_seeds + result.north_seeds == 48


def test_a_draw24_is_entered_as_a_score(game, alice):
    record_result(game, ResultEntry(ending="draw24", south_seeds=24, north_seeds=24), by=alice)
    result = stored(game)
    assert (result.south_points, result.north_points) == (Decimal("0.5"), Decimal("0.5"))


def test_a_time_loss_from_a_record_flags_the_player_to_move(game, alice):
    moves, _ = played_game("capture")
    record = record_of(moves[:11], ending="time")  # after 11 plies North is to move
    record_result(game, ResultEntry(record=record), by=alice)
    result = stored(game)
    assert result.ending == "time"
    assert letter_of(result.decided_by) == "N"
    assert result.north_points == Decimal("0")
    assert result.north_seeds < 24 and result.south_seeds == 25


def test_a_flagged_player_with_25_seeds_wins_on_time(game, alice):
    record_result(
        game,
        ResultEntry(ending="time", decided_by=Side.SOUTH, south_seeds=25, north_seeds=10),
        by=alice,
    )
    result = stored(game)
    assert (result.south_points, result.north_points) == (Decimal("1"), Decimal("0"))


def test_a_flagged_player_with_24_seeds_draws(game, alice):
    record_result(
        game,
        ResultEntry(ending="time", decided_by=Side.NORTH, south_seeds=24, north_seeds=24),
        by=alice,
    )
    assert stored(game).south_points == Decimal("0.5")


def test_a_resignation_scores_the_resigner_against_25(game, alice):
    record_result(
        game,
        ResultEntry(ending="resign", decided_by=Side.SOUTH, south_seeds=12, north_seeds=25),
        by=alice,
    )
    result = stored(game)
    assert (result.south_points, result.north_points) == (Decimal("0"), Decimal("1"))
    assert letter_of(result.decided_by) == "S"


def test_a_no_show_is_a_forfeit_without_game_score(game, alice):
    record_result(game, ResultEntry(ending="forfeit", decided_by=Side.SOUTH), by=alice)
    result = stored(game)
    assert (result.south_points, result.north_points) == (Decimal("0"), Decimal("1"))
    assert result.south_seeds is None and result.north_seeds is None


def test_a_double_forfeit_gives_nobody_a_point(game, alice):
    record_result(game, ResultEntry(ending="double_forfeit"), by=alice)
    result = stored(game)
    assert (result.south_points, result.north_points) == (Decimal("0"), Decimal("0"))


def test_an_illegal_move_is_refused_with_its_ply(game, alice):
    with pytest.raises(ServiceError) as error:
        record_result(
            game, ResultEntry(record="1. A b 2. A c"), by=alice
        )  # pit A is empty at ply 3
    assert error.value.code == "empty_pit"
    assert error.value.field == "record"
    assert "ply 3" in error.value.message
    assert not Result.objects.exists() and not ResultChange.objects.exists()


def test_a_typed_score_that_contradicts_the_record_is_refused(game, alice):
    moves, replayed = played_game("capture")
    south, north = replayed.stores
    with pytest.raises(ServiceError) as error:
        record_result(
            game,
            ResultEntry(record=record_of(moves), south_seeds=north, north_seeds=south + 1),
            by=alice,
        )
    assert error.value.code == "declared_score"
    assert not Result.objects.exists()


def test_seeds_outside_0_to_48_are_refused(game, alice):
    with pytest.raises(ServiceError) as error:
        record_result(game, ResultEntry(ending="capture", south_seeds=49, north_seeds=0), by=alice)
    assert error.value.field == "south_seeds"


def test_seeds_summing_past_48_are_refused(game, alice):
    with pytest.raises(ServiceError) as error:
        record_result(game, ResultEntry(ending="capture", south_seeds=30, north_seeds=20), by=alice)
    assert error.value.code == "too_many_seeds"


def test_points_that_contradict_the_seeds_are_refused(game, alice):
    entry = ResultEntry(
        ending="capture",
        south_seeds=25,
        north_seeds=10,
        south_points=Decimal("0"),
        north_points=Decimal("1"),
    )
    with pytest.raises(ServiceError) as error:
        record_result(game, entry, by=alice)
    assert error.value.code == "points_mismatch"


def test_a_result_for_an_unpublished_round_is_refused(section, players, alice):
    from tournaments.services.rounds import store_boards

    draft = Round.objects.create(section=section, number=1)
    store_boards(draft, [(players[0], players[1], "")])
    with pytest.raises(ServiceError) as error:
        record_result(
            draft.pairings.get(),
            ResultEntry(ending="draw24", south_seeds=24, north_seeds=24),
            by=alice,
        )
    assert error.value.code == "round_not_published"


def test_only_an_arbiter_of_the_tournament_enters_results(game, charlie):
    with pytest.raises(ServiceError) as error:
        record_result(game, ResultEntry(ending="forfeit", decided_by=Side.SOUTH), by=charlie)
    assert error.value.code == "forbidden"
    assert not Result.objects.exists()


def test_a_correction_keeps_the_earlier_value_with_who_and_when(
    game, alice, tournament, django_user_model
):
    bob = django_user_model.objects.create_user("bob", password="bob-password-1")
    tournament.arbiters.add(bob)
    record_result(game, ResultEntry(ending="forfeit", decided_by=Side.SOUTH), by=alice)
    record_result(
        game,
        ResultEntry(ending="forfeit", decided_by=Side.NORTH),
        by=bob,
        reason="wrong player marked absent",
    )
    changes = list(ResultChange.objects.filter(pairing=game).order_by("pk"))
    assert [c.changed_by for c in changes] == [alice, bob]
    assert changes[0].before is None
    assert changes[1].before["north_points"] == "1" and changes[1].after["south_points"] == "1"
    assert changes[1].reason == "wrong player marked absent"
    assert stored(game).south_points == Decimal("1")


def test_the_round_is_completed_when_every_game_has_a_result(published_round, alice):
    for pairing in published_round.pairings.all():
        record_result(
            pairing, ResultEntry(ending="draw24", south_seeds=24, north_seeds=24), by=alice
        )
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.COMPLETED


def test_one_typed_point_is_checked_on_its_own_and_named(game, alice):
    entry = ResultEntry(ending="capture", south_seeds=10, north_seeds=25, north_points=Decimal("0"))
    with pytest.raises(ServiceError) as error:
        record_result(game, entry, by=alice)
    assert (error.value.code, error.value.field) == ("points_mismatch", "north_points")
    entry.north_points = Decimal("1.0")  # as a form or the API sends it
    record_result(game, entry, by=alice)
    assert stored(game).north_points == Decimal("1")


def test_an_ending_that_contradicts_the_record_is_refused(game, alice):
    moves, _ = played_game("capture")
    with pytest.raises(ServiceError) as error:
        record_result(game, ResultEntry(ending="no_moves", record=record_of(moves)), by=alice)
    assert (error.value.code, error.value.field) == ("ending_mismatch", "ending")
    assert not Result.objects.exists()


def test_a_record_declaring_time_names_the_wrong_flagged_player_is_refused(game, alice):
    moves, _ = played_game("capture")
    record = record_of(moves[:11], ending="time")  # North is to move, so North's flag fell
    with pytest.raises(ServiceError) as error:
        record_result(game, ResultEntry(record=record, decided_by=Side.SOUTH), by=alice)
    assert error.value.code == "decided_by_mismatch"
