"""Pairing a section's next round from the database state, and the life of a draft round."""

from decimal import Decimal

import pytest

from tests.threads import at_once
from tournaments.models import Player, Round, Seat
from tournaments.models.sides import BYE
from tournaments.services.errors import ServiceError
from tournaments.services.registration import register_player, request_bye, withdraw_player
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import (
    delete_draft_round,
    pair_next_round,
    publish_round,
    replace_draft_boards,
)
from tournaments.services.standings import section_standings

pytestmark = pytest.mark.django_db


def boards(round_):
    return [
        (p.south.pairing_number, p.north.pairing_number if p.north else None)
        for p in round_.pairings.select_related("south", "north")
    ]


def finish(round_, by):
    """Publish `round_` and let South win every game."""
    publish_round(round_, by=by)
    for pairing in round_.pairings.filter(north__isnull=False):
        record_result(pairing, ResultEntry(ending="capture", south_seeds=25, north_seeds=10), by=by)


def test_round_one_pairs_the_top_half_against_the_bottom_half(section, players, alice):
    round_ = pair_next_round(section, by=alice)
    assert round_.number == 1 and round_.status == Round.Status.DRAFT
    assert boards(round_) == [(1, 4), (5, 2), (3, 6)]
    assert Seat.objects.filter(round=round_).count() == 6
    assert all(p.explanation for p in round_.pairings.all())


def test_an_odd_section_gives_the_lowest_player_the_bye(section, players, make_player, alice):
    make_player("Kojo", 7, rating=1000)
    round_ = pair_next_round(section, by=alice)
    assert (7, None) in boards(round_)
    seat = Seat.objects.get(round=round_, player__pairing_number=7)
    assert Seat._meta.get_field("side").get_prep_value(seat.side) == BYE


def test_it_refuses_while_the_previous_round_has_missing_results(section, players, alice):
    publish_round(pair_next_round(section, by=alice), by=alice)
    with pytest.raises(ServiceError) as error:
        pair_next_round(section, by=alice)
    assert error.value.code == "results_missing"
    assert Round.objects.count() == 1


def test_it_refuses_while_a_draft_round_exists(section, players, alice):
    pair_next_round(section, by=alice)
    with pytest.raises(ServiceError) as error:
        pair_next_round(section, by=alice)
    assert error.value.code == "round_exists"


def test_it_refuses_past_the_last_round(section, players, alice, tournament):
    tournament.rounds = 1
    tournament.save()
    finish(pair_next_round(section, by=alice), alice)
    with pytest.raises(ServiceError) as error:
        pair_next_round(section, by=alice)
    assert error.value.code == "tournament_over"


def test_only_an_arbiter_pairs(section, players, charlie):
    with pytest.raises(ServiceError) as error:
        pair_next_round(section, by=charlie)
    assert error.value.code == "forbidden"
    assert not Round.objects.exists()


def test_a_deleted_draft_is_paired_again_the_same_way(section, players, alice):
    first = boards(pair_next_round(section, by=alice))
    delete_draft_round(section.rounds.get(number=1), by=alice)
    assert not Round.objects.exists() and not Seat.objects.exists()
    assert boards(pair_next_round(section, by=alice)) == first


def test_a_published_round_cannot_be_deleted(section, players, alice):
    round_ = publish_round(pair_next_round(section, by=alice), by=alice)
    with pytest.raises(ServiceError) as error:
        delete_draft_round(round_, by=alice)
    assert error.value.code == "round_published"


def test_round_two_follows_the_scores_of_round_one(section, players, alice):
    finish(pair_next_round(section, by=alice), alice)
    second = boards(pair_next_round(section, by=alice))
    winners = {1, 5, 3}
    mixed = [pair for pair in second if (pair[0] in winners) != (pair[1] in winners)]
    assert len(mixed) == 1, "three winners: two meet, the third floats down"
    first_opponents = {(1, 4), (5, 2), (3, 6)}
    assert not any((s, n) in first_opponents or (n, s) in first_opponents for s, n in second)


def test_team_mates_are_never_paired_when_the_tournament_says_so(
    section, players, tournament, alice
):
    ghana = tournament.teams.create(name="Ghana", code="GHA")
    Player.objects.filter(pairing_number__in=[1, 4]).update(team=ghana)
    pairs = boards(pair_next_round(section, by=alice))
    assert (1, 4) not in pairs and (4, 1) not in pairs


def test_team_mates_may_meet_when_the_option_is_off(section, players, tournament, alice):
    tournament.avoid_teammates = False
    tournament.save()
    ghana = tournament.teams.create(name="Ghana", code="GHA")
    Player.objects.filter(pairing_number__in=[1, 4]).update(team=ghana)
    assert (1, 4) in boards(pair_next_round(section, by=alice))


def test_a_requested_bye_leaves_the_player_out_with_half_a_point(section, players, alice):
    request_bye(players[5], 1, Decimal("0.5"), by=alice)
    round_ = pair_next_round(section, by=alice)
    paired = {n for pair in boards(round_) for n in pair if n}
    assert 6 not in paired and len(paired) == 5
    finish(round_, alice)
    table = section_standings(section)
    assert table.standings.row(6)["PTS"] == Decimal("0.5")


def test_a_bye_cannot_be_requested_for_a_round_already_paired(section, players, alice):
    pair_next_round(section, by=alice)
    with pytest.raises(ServiceError) as error:
        request_bye(players[0], 1, Decimal("0.5"), by=alice)
    assert error.value.code == "round_exists"


def test_a_withdrawn_player_is_not_paired_any_more(section, players, alice):
    finish(pair_next_round(section, by=alice), alice)
    withdraw_player(players[0], from_round=2, by=alice)
    paired = {n for pair in boards(pair_next_round(section, by=alice)) for n in pair if n}
    assert 1 not in paired


def test_a_late_entry_misses_the_rounds_already_played(section, players, alice):
    finish(pair_next_round(section, by=alice), alice)
    late = register_player(section, by=alice, name="Kojo", sex="m", rating=2500)
    assert late.entry_round == 2 and late.pairing_number == 7
    paired = {n for pair in boards(pair_next_round(section, by=alice)) for n in pair if n}
    assert 7 in paired
    assert section_standings(section, after_round=1).standings.row(7)["PTS"] == 0


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_requests_create_one_round(section, players, alice):
    def pair():
        try:
            return pair_next_round(section, by=alice).number
        except ServiceError as error:
            return error.code

    outcomes = at_once(pair)
    assert sorted(outcomes, key=str) == [1, "round_exists"]
    assert Round.objects.filter(section=section).count() == 1
    assert Seat.objects.count() == 6


def test_an_edit_that_breaks_a_rule_is_saved_only_when_confirmed(
    section, players, tournament, alice
):
    ghana = tournament.teams.create(name="Ghana", code="GHA")
    Player.objects.filter(pairing_number__in=[1, 2]).update(team=ghana)
    round_ = pair_next_round(section, by=alice)
    before = boards(round_)
    edit = replace_draft_boards(round_, [(1, 2), (3, 4), (5, 6)], by=alice, confirm=False)
    assert not edit.saved and edit.equals_dutch is False
    assert edit.findings == [
        "1. Ama (GHA) and 2. Kofi (GHA) are team-mates (Ghana); team-mates never meet."
    ]
    assert boards(round_) == before
    edit = replace_draft_boards(round_, [(1, 2), (3, 4), (5, 6)], by=alice, confirm=True)
    assert edit.saved and boards(round_) == [(1, 2), (3, 4), (5, 6)]
    assert Seat.objects.filter(round=round_).count() == 6


def test_an_edit_that_keeps_the_rules_is_saved_at_once(section, players, alice):
    round_ = pair_next_round(section, by=alice)
    edit = replace_draft_boards(round_, [(4, 1), (2, 5), (6, 3)], by=alice, confirm=False)
    assert edit.saved and edit.findings == []
    assert boards(round_) == [(4, 1), (2, 5), (6, 3)]


def test_an_edit_naming_a_player_twice_is_refused(section, players, alice):
    round_ = pair_next_round(section, by=alice)
    before = boards(round_)
    with pytest.raises(ServiceError) as error:
        replace_draft_boards(round_, [(1, 2), (1, 3), (5, 6)], by=alice, confirm=True)
    assert error.value.code == "impossible_pairing" and error.value.field == "boards"
    assert boards(round_) == before


def test_a_published_pairing_cannot_be_edited(section, players, alice):
    round_ = publish_round(pair_next_round(section, by=alice), by=alice)
    with pytest.raises(ServiceError) as error:
        replace_draft_boards(round_, [(1, 2), (3, 4), (5, 6)], by=alice, confirm=True)
    assert error.value.code == "round_published"


def test_a_round_with_only_a_bye_is_completed_when_published(section, make_player, alice):
    make_player("Ama", 1)
    round_ = publish_round(pair_next_round(section, by=alice), by=alice)
    assert round_.status == Round.Status.COMPLETED
    assert section_standings(section).after_round == 1


def test_a_section_without_players_is_not_paired(section, alice):
    with pytest.raises(ServiceError) as error:
        pair_next_round(section, by=alice)
    assert error.value.code == "no_players"
    assert not Round.objects.exists()


def test_an_edit_that_leaves_a_player_out_is_refused(section, players, alice):
    round_ = pair_next_round(section, by=alice)
    with pytest.raises(ServiceError) as error:
        replace_draft_boards(round_, [(1, 4), (2, 5)], by=alice, confirm=True)
    assert error.value.code == "impossible_pairing"
    assert "neither paired nor given the bye" in error.value.message


def test_a_bye_is_refused_for_a_round_past_the_last(section, players, alice):
    with pytest.raises(ServiceError) as error:
        request_bye(players[0], 8, Decimal("0.5"), by=alice)
    assert (error.value.code, error.value.field) == ("no_such_round", "round_number")


def test_a_bye_is_refused_for_a_player_who_has_withdrawn(section, players, alice):
    withdraw_player(players[0], from_round=1, by=alice)
    with pytest.raises(ServiceError) as error:
        request_bye(players[0], 2, Decimal("0.5"), by=alice)
    assert error.value.code == "not_playing"


def test_baku_acceleration_pairs_the_top_half_among_themselves_in_round_one(
    section, make_player, tournament, alice
):
    tournament.acceleration = True
    tournament.save()
    for number in range(1, 9):
        make_player(f"Player {number}", number, rating=2100 - 10 * number)
    pairs = {frozenset(pair) for pair in boards(pair_next_round(section, by=alice))}
    # Group A (players 1-4) carries a virtual point: 1-3 and 2-4, then 5-7 and 6-8.
    assert pairs == {frozenset(p) for p in [(1, 3), (2, 4), (5, 7), (6, 8)]}


def test_when_no_valid_pairing_exists_the_arbiter_is_told_and_nothing_is_stored(
    section, make_player, alice
):
    make_player("Ama", 1)
    make_player("Kofi", 2)
    finish(pair_next_round(section, by=alice), alice)
    with pytest.raises(ServiceError) as error:
        pair_next_round(section, by=alice)  # the only two players have already met
    assert error.value.code == "pairing_impossible"
    assert error.value.message.startswith("No valid pairing exists: ")
    assert "no valid pairing exists" not in error.value.message
    assert Round.objects.count() == 1
