"""The database itself refuses duplicates and impossible values, whatever code writes them."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from tournaments.models import Pairing, RequestedBye, Result, Round, Seat, Tournament

pytestmark = pytest.mark.django_db


def refused(make):
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


@pytest.fixture
def game(section, make_player):
    south, north = make_player("Ama", 1), make_player("Kofi", 2)
    round_ = Round.objects.create(section=section, number=1)
    return Pairing.objects.create(round=round_, board=1, south=south, north=north)


def result(game, **fields):
    values = dict(
        south_points=Decimal("1"),
        north_points=Decimal("0"),
        south_seeds=25,
        north_seeds=10,
        ending="capture",
    )
    values.update(fields)
    return Result.objects.create(pairing=game, **values)


def test_tournament_slugs_are_unique(tournament):
    refused(lambda: Tournament.objects.create(name="Other", slug=tournament.slug))


def test_a_tournament_has_between_one_and_thirty_rounds():
    refused(lambda: Tournament.objects.create(name="X", slug="x", rounds=0))


def test_an_unknown_variant_is_refused():
    refused(lambda: Tournament.objects.create(name="X", slug="x", variant="chess"))


def test_section_slugs_are_unique_within_a_tournament(tournament, section):
    refused(lambda: tournament.sections.create(name="Other", slug=section.slug))


def test_team_codes_are_unique_within_a_tournament(tournament):
    tournament.teams.create(name="Ghana", code="GHA")
    refused(lambda: tournament.teams.create(name="Ghana B", code="GHA"))


def test_pairing_numbers_are_unique_within_a_section(make_player):
    make_player("Ama", 1)
    refused(lambda: make_player("Kofi", 1))


def test_a_withdrawn_player_names_the_round_he_left(make_player):
    refused(lambda: make_player("Ama", 1, status="withdrawn"))


def test_round_numbers_are_unique_within_a_section(section):
    Round.objects.create(section=section, number=1)
    refused(lambda: Round.objects.create(section=section, number=1))


def test_board_numbers_are_unique_within_a_round(game, make_player):
    third, fourth = make_player("Yaw", 3), make_player("Afi", 4)
    refused(lambda: Pairing.objects.create(round=game.round, board=1, south=third, north=fourth))


def test_a_player_cannot_meet_himself(game):
    refused(
        lambda: Pairing.objects.create(
            round=game.round, board=2, south=game.south, north=game.south
        )
    )


def test_a_player_has_one_seat_per_round(game, make_player):
    Seat.objects.create(round=game.round, player=game.south, pairing=game, side="S")
    third = make_player("Yaw", 3)
    other = Pairing.objects.create(round=game.round, board=2, south=third)
    refused(
        lambda: Seat.objects.create(round=game.round, player=game.south, pairing=other, side="S")
    )


def test_points_are_zero_half_or_one(game):
    refused(lambda: result(game, south_points=Decimal("0.7"), north_points=Decimal("0.3")))


def test_points_of_a_played_game_sum_to_one(game):
    refused(lambda: result(game, south_points=Decimal("1"), north_points=Decimal("1")))


def test_seeds_are_at_most_48(game):
    refused(lambda: result(game, south_seeds=49, north_seeds=0))


def test_seeds_sum_to_at_most_48(game):
    refused(lambda: result(game, south_seeds=30, north_seeds=20))


def test_a_played_game_has_both_game_scores(game):
    refused(lambda: result(game, north_seeds=None))


def test_a_forfeit_has_no_game_score(game):
    refused(lambda: result(game, ending="forfeit", decided_by="N"))


def test_a_double_forfeit_gives_nobody_a_point(game):
    refused(lambda: result(game, ending="double_forfeit", south_seeds=None, north_seeds=None))


def test_a_time_forfeit_names_the_flagged_player(game):
    refused(lambda: result(game, ending="time", south_seeds=25, north_seeds=10))


def test_one_result_per_game(game):
    result(game)
    refused(lambda: result(game))


def test_a_valid_result_is_stored(game):
    stored = result(
        game,
        ending="time",
        decided_by="N",
        south_seeds=20,
        north_seeds=25,
        south_points=Decimal("0"),
        north_points=Decimal("1"),
    )
    assert Result.objects.get(pk=stored.pk).north_points == Decimal("1")


def test_a_bye_before_pairing_is_zero_half_or_one_point_and_once_per_round(make_player):
    # One point: a full-point bye (TRF `F`) of a section imported from another program.
    player = make_player("Ama", 1)
    refused(lambda: RequestedBye.objects.create(player=player, round_number=2, points=Decimal("2")))
    refused(
        lambda: RequestedBye.objects.create(player=player, round_number=2, points=Decimal("0.7"))
    )
    RequestedBye.objects.create(player=player, round_number=3, points=Decimal("1"))
    RequestedBye.objects.create(player=player, round_number=2, points=Decimal("0.5"))
    refused(lambda: RequestedBye.objects.create(player=player, round_number=2, points=Decimal("0")))
