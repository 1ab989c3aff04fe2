"""Rounds and results on the event day: the result grid, time forfeits typed as stores, the
version check between two arbiters, corrections, and the safety rails around publishing."""

import json

import pytest

from oware.sides import Side
from tournaments.models import Result, ResultChange, Round
from tournaments.models.sides import letter_of
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import unpublish_round
from tournaments.services.versions import current_version

pytestmark = pytest.mark.django_db


def refusal(call, *args, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call(*args, **kwargs)
    return caught.value


def stores(ending, south, north, who):
    """The entry of stores typed at a flag fall or a resignation; `who` the side's letter."""
    return ResultEntry(
        ending=ending,
        south_seeds=south,
        north_seeds=north,
        decided_by=Side.from_letter(who),
        stores_at_end=True,
    )


@pytest.mark.parametrize(
    "south, north, flagged, points, score",
    [
        (20, 18, "S", ("0", "1"), (20, 25)),  # flagged under 24: loses, opponent scored 25
        (24, 10, "S", ("0.5", "0.5"), (24, 24)),  # flagged at 24: a draw
        (26, 10, "S", ("1", "0"), (26, 10)),  # flagged at 25 or more: wins as the stores are
        (30, 12, "N", ("1", "0"), (25, 12)),
    ],
)
def test_a_time_forfeit_typed_as_stores_follows_the_table(
    game, alice, south, north, flagged, points, score
):
    result = record_result(game, stores("time", south, north, flagged), by=alice)
    assert (str(result.south_points.normalize()), str(result.north_points.normalize())) == points
    assert (result.south_seeds, result.north_seeds) == score
    assert letter_of(result.decided_by) == flagged


def test_a_resignation_typed_as_stores_credits_the_opponent_with_25(game, alice):
    result = record_result(game, stores("resign", 12, 20, "N"), by=alice)
    assert (result.south_seeds, result.north_seeds, result.south_points) == (25, 20, 1)


def test_a_correction_needs_a_reason_and_an_unchanged_save_records_nothing(game, alice):
    record_result(game, stores("time", 20, 18, "S"), by=alice)
    record_result(game, stores("time", 20, 18, "S"), by=alice)
    assert ResultChange.objects.count() == 1
    error = refusal(record_result, game, stores("time", 24, 18, "S"), by=alice)
    assert (error.code, error.field) == ("reason_required", "reason")
    record_result(game, stores("time", 24, 18, "S"), by=alice, reason="wrong store read")
    assert ResultChange.objects.count() == 2
    assert Result.objects.get().south_seeds == 24


def test_a_save_over_a_result_changed_meanwhile_is_refused(game, alice, django_user_model):
    seen = current_version(game)
    bob = django_user_model.objects.create_user("bob")
    game.round.section.tournament.arbiters.add(bob)
    record_result(game, stores("time", 20, 18, "S"), by=bob, expected=seen)
    error = refusal(
        record_result, game, stores("time", 26, 18, "S"), by=alice, reason="x", expected=seen
    )
    assert error.code == "result_changed"
    assert "changed by bob meanwhile" in error.message
    assert Result.objects.get().south_seeds == 20


def test_the_history_shows_game_scores_and_endings_before_and_after(alice_client, game, alice):
    record_result(game, stores("time", 20, 18, "S"), by=alice)
    record_result(game, stores("resign", 20, 18, "S"), by=alice, reason="he resigned")
    page = alice_client.get(f"/t/accra/arbiter/game/{game.pk}/result/").content.decode()
    assert "20:25 seeds · Time forfeit (S)" in page
    assert "20:25 seeds · Resignation (S)" in page


def test_the_one_board_page_asks_for_the_reason_of_a_correction(alice_client, game, alice):
    record_result(game, stores("time", 20, 18, "S"), by=alice)
    data = {"ending": "capture", "south_seeds": "25", "north_seeds": "10"}
    page = alice_client.post(f"/t/accra/arbiter/game/{game.pk}/result/", data).content.decode()
    assert "This field is required." in page
    assert Result.objects.get().ending == "time"


def grid_post(client, board, version=0, accept_json=True, **fields):
    data = {"version": str(version), **{k: str(v) for k, v in fields.items()}}
    headers = {"Accept": "application/json"} if accept_json else {}
    return client.post(f"/t/accra/arbiter/men/round/1/results/{board}/", data, headers=headers)


def test_the_grid_shows_every_board_and_the_boards_left(alice_client, published_round):
    page = alice_client.get("/t/accra/arbiter/men/round/1/results/").content.decode()
    assert page.count('class="grid-row') == 3
    assert '<strong id="remaining">3</strong>' in page
    assert "#1 Ama" in page and "#6 Esi" in page


def test_the_grid_saves_a_board_and_counts_the_rest(alice_client, published_round):
    response = grid_post(alice_client, 1, result="1", south_seeds=25, north_seeds=13)
    data = json.loads(response.content)
    assert data["ok"] and data["remaining"] == 2
    assert data["version"] == ResultChange.objects.get().pk
    response = grid_post(alice_client, 2, result="=")
    assert json.loads(response.content)["remaining"] == 1
    result = Result.objects.get(pairing__board=2)
    assert (result.ending, result.south_seeds, result.north_seeds) == ("draw24", 24, 24)


def test_the_grid_takes_a_time_forfeit_as_stores(alice_client, published_round):
    grid_post(alice_client, 3, ending="time", south_seeds=17, north_seeds=20, decided_by="N")
    result = Result.objects.get(pairing__board=3)
    assert (result.south_seeds, result.north_seeds, result.south_points) == (25, 20, 1)


def test_grid_refusals_name_their_field_in_plain_words(alice_client, published_round):
    response = grid_post(alice_client, 1, result="0", south_seeds=25, north_seeds=13)
    # The API's one error shape, with the refusal's own code and status.
    assert response.status_code == 400
    data = response.json()
    assert (data["code"], data["field"]) == ("points_mismatch", "result")
    assert [problem["field"] for problem in data["errors"]] == ["result"]
    assert "not the points entered" in data["message"]
    typed = grid_post(alice_client, 1, result="x")
    assert typed.status_code == 400
    assert typed.json()["errors"] == [
        {
            "code": "invalid",
            "message": "Type 1 (South wins), = (draw) or 0 (North wins).",
            "field": "result",
        }
    ]
    assert not Result.objects.exists()


def test_the_grid_refuses_a_stale_row(alice_client, published_round):
    grid_post(alice_client, 1, result="1", south_seeds=25, north_seeds=13)
    response = grid_post(alice_client, 1, version=0, result="0", south_seeds=13, north_seeds=25)
    data = response.json()
    assert (response.status_code, data["code"], data["field"]) == (409, "result_changed", None)
    assert "changed by alice meanwhile" in data["message"]


def test_a_board_sent_again_after_a_lost_answer_is_saved_not_refused(alice_client, published_round):
    # The first answer never reached the browser, which still holds version 0 and sends again.
    grid_post(alice_client, 1, result="1", south_seeds=25, north_seeds=13)
    response = grid_post(alice_client, 1, version=0, result="1", south_seeds=25, north_seeds=13)
    assert response.status_code == 200
    data = response.json()
    assert data["ok"] and data["version"] == ResultChange.objects.get().pk


def test_the_grid_works_without_a_script(alice_client, published_round):
    response = grid_post(
        alice_client, 1, accept_json=False, result="1", south_seeds=25, north_seeds=13
    )
    assert response.status_code == 302
    page = grid_post(alice_client, 2, accept_json=False, result="1", south_seeds=3).content
    assert "Boards without a result:" in page.decode()


def test_publishing_asks_for_confirmation(alice_client, section, players):
    alice_client.post("/t/accra/arbiter/men/pair/")
    page = alice_client.post("/t/accra/arbiter/men/round/1/publish/").content.decode()
    assert "Show this pairing to players and spectators now" in page
    assert Round.objects.get().status == Round.Status.DRAFT
    alice_client.post("/t/accra/arbiter/men/round/1/publish/", {"confirm": "on"})
    assert Round.objects.get().status == Round.Status.PUBLISHED


def test_a_published_round_without_results_goes_back_to_draft(
    alice_client, published_round, game, alice
):
    alice_client.post("/t/accra/arbiter/men/round/1/unpublish/")
    assert Round.objects.get().status == Round.Status.DRAFT
    published_round.status = Round.Status.PUBLISHED
    published_round.save()
    record_result(game, stores("time", 20, 18, "S"), by=alice)
    error = refusal(unpublish_round, published_round, by=alice)
    assert error.code == "round_has_results"


def test_pairing_unnumbered_players_warns_first(alice_client, section, make_player):
    make_player("Low", 1, rating=1200)
    make_player("High", 2, rating=2200)
    page = alice_client.post("/t/accra/arbiter/men/pair/").content.decode()
    assert "the players were never numbered" in page
    assert not Round.objects.exists()
    alice_client.post("/t/accra/arbiter/men/pair/", {"confirm": "1"})
    assert Round.objects.count() == 1


def test_the_dashboard_says_what_to_do_next(alice_client, section, make_player, alice):
    make_player("Low", 1, rating=1200)
    make_player("High", 2, rating=2200)
    assert "Number the players by rating" in alice_client.get("/t/accra/arbiter/").content.decode()
    alice_client.post("/t/accra/arbiter/men/players/", {"action": "seed"})
    assert "Pair round 1." in alice_client.get("/t/accra/arbiter/").content.decode()
    alice_client.post("/t/accra/arbiter/men/pair/")
    assert "Check and publish round 1." in alice_client.get("/t/accra/arbiter/").content.decode()
    alice_client.post("/t/accra/arbiter/men/round/1/publish/", {"confirm": "on"})
    page = alice_client.get("/t/accra/arbiter/").content.decode()
    assert "Round 1: 1 results missing." in page


def test_after_login_an_arbiter_lands_on_his_tournaments(client, alice, tournament):
    response = client.post(
        "/accounts/login/", {"username": "alice", "password": "alice-password-1"}, follow=True
    )
    assert response.redirect_chain[-1][0] == "/arbiter/"
    assert "Accra Open" in response.content.decode()


def test_the_one_board_page_takes_a_time_forfeit_as_stores(alice_client, game):
    data = {
        "ending": "time",
        "south_seeds": "17",
        "north_seeds": "20",
        "decided_by": "N",
        "stores_at_end": "on",
    }
    alice_client.post(f"/t/accra/arbiter/game/{game.pk}/result/", data)
    result = Result.objects.get()
    assert (result.south_seeds, result.north_seeds, result.south_points) == (25, 20, 1)
