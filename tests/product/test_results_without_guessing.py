"""Entering results without guessing: a no-show on one side, a double forfeit and the bye are
explicit choices saying what they store; the grid says what to type when it refuses; the
pairing editor names the players and says why two may not meet, one message per problem."""

import json

import pytest

from tournaments.models import Player, Result, Round
from tournaments.models.sides import letter_of
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import (
    pair_next_round,
    publish_round,
    replace_draft_boards,
    store_boards,
)

pytestmark = pytest.mark.django_db


def grid_post(client, board, **fields):
    data = {"version": "0", **{k: str(v) for k, v in fields.items()}}
    return client.post(
        f"/t/accra/arbiter/men/round/1/results/{board}/",
        data,
        headers={"Accept": "application/json"},
    )


def test_the_grid_offers_the_no_game_choices_with_what_each_stores(alice_client, published_round):
    page = alice_client.get("/t/accra/arbiter/men/round/1/results/").content.decode()
    assert "North did not come: stores 1–0 for South, a forfeit, no game score" in page
    assert "Neither came: stores 0–0, a double forfeit, no game score" in page
    assert "A pairing-allocated bye needs nothing typed" in page


@pytest.mark.parametrize(
    "choice, points, ending, absent",
    [
        ("north_absent", (1, 0), "forfeit", "N"),
        ("south_absent", (0, 1), "forfeit", "S"),
        ("both_absent", (0, 0), "double_forfeit", ""),
    ],
)
def test_a_no_game_choice_stores_what_it_says(
    alice_client, published_round, choice, points, ending, absent
):
    response = grid_post(alice_client, 1, no_game=choice)
    assert json.loads(response.content)["ok"] is True
    result = Result.objects.get(pairing__board=1)
    assert (result.south_points, result.north_points) == points
    assert (result.ending, letter_of(result.decided_by), result.south_seeds) == (
        ending,
        absent,
        None,
    )
    page = alice_client.get("/t/accra/arbiter/men/round/1/results/").content.decode()
    assert f'<option value="{choice}" selected>' in page


def test_a_no_game_choice_with_a_typed_result_says_what_to_empty(alice_client, published_round):
    response = grid_post(alice_client, 1, no_game="north_absent", result="1", south_seeds=25)
    errors = {problem["field"]: problem["message"] for problem in response.json()["errors"]}
    assert "stores its own result: empty the result, the scores and the ending" in errors["no_game"]
    assert not Result.objects.exists()


def test_an_empty_row_says_what_to_type_including_a_no_show(alice_client, published_round):
    errors = grid_post(alice_client, 1).json()["errors"]
    assert [(problem["field"], problem["message"]) for problem in errors] == [
        (
            "result",
            "Type 1, = or 0, or choose the ending; for a player who did not come choose him "
            "under “No game”.",
        )
    ]


def test_the_grid_shows_the_bye_as_nothing_to_type(alice_client, section, players, make_player):
    yaa = make_player("Yaa", 7)
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(players[0], players[1], ""), (yaa, None, "bye")])
    page = alice_client.get("/t/accra/arbiter/men/round/1/results/").content.decode()
    assert "Board 2: Yaa has the pairing-allocated bye, which stores 1 point(s) by itself" in page


def test_half_points_are_written_with_the_half_sign_in_the_grids_answer(
    alice_client, published_round
):
    response = grid_post(
        alice_client, 1, result="=", ending="draw24", south_seeds=24, north_seeds=24
    )
    assert json.loads(response.content)["summary"].startswith("Saved: ½–½")


def test_the_editor_names_two_who_already_met(section, players, alice, tournament):
    first = publish_round(pair_next_round(section, by=alice), by=alice)
    for pairing in first.pairings.all():
        record_result(
            pairing, ResultEntry(ending="draw24", south_seeds=24, north_seeds=24), by=alice
        )
    second = pair_next_round(section, by=alice)
    met = [(p.south.pairing_number, p.north.pairing_number) for p in first.pairings.all()]
    edit = replace_draft_boards(second, met, by=alice, confirm=False)
    names = {p.pairing_number: p.name for p in players}
    south, north = met[0]
    assert (
        f"{south}. {names[south]} and {north}. {names[north]} have already played each other."
        in (edit.findings)
    )


def test_the_editor_gives_one_message_per_problem(alice_client, section, players, alice):
    pair_next_round(section, by=alice)
    response = alice_client.post(
        "/t/accra/arbiter/men/round/1/edit/", {"boards": "1 2\n1 3\n5 6", "confirm": "on"}
    )
    form = response.context["form"]
    assert form.errors["boards"] == [
        "1. Ama is written on more than one line.",
        "4. Afi is neither paired nor given the bye.",
    ]
    page = response.content.decode()
    assert "Players by number" in page and "2. Kofi" in page


def test_the_api_keeps_the_problems_in_one_refusal(section, players, alice):
    round_ = pair_next_round(section, by=alice)
    Player.objects.filter(pairing_number=4).update(name="Afia")
    with pytest.raises(ServiceError) as refused:
        replace_draft_boards(round_, [(1, 2), (1, 3), (5, 6)], by=alice, confirm=True)
    assert refused.value.message == (
        "1. Ama is written on more than one line. 4. Afia is neither paired nor given the bye."
    )
