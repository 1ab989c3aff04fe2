"""The REST API as other programs use it: JSON over HTTP, errors with a code and a field."""

import pytest
import yaml
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.models import Result, Round
from tournaments.services.rounds import pair_next_round, publish_round
from tournaments.trf import parse

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def alice_api(api, alice):
    api.force_authenticate(alice)
    return api


def test_tournaments_are_listed_with_their_sections(api, tournament, section):
    body = api.get("/api/tournaments/").json()
    assert body["results"][0]["slug"] == "accra"
    assert body["results"][0]["sections"] == [
        {"slug": "men", "name": "Men", "pairing_system": "dutch", "rounds": 7}
    ]


def test_rounds_show_published_boards_only(api, section, players, alice):
    publish_round(pair_next_round(section, by=alice), by=alice)
    rounds = api.get("/api/tournaments/accra/men/rounds/").json()["results"]
    assert [r["number"] for r in rounds] == [1]
    boards = rounds[0]["pairings"]
    assert [(b["south"], b["north"]) for b in boards] == [(1, 4), (5, 2), (3, 6)]
    assert boards[0]["result"] is None


def test_a_draft_round_is_not_in_the_api(api, section, players, alice):
    pair_next_round(section, by=alice)
    assert api.get("/api/tournaments/accra/men/rounds/").json()["results"] == []
    assert api.get("/api/tournaments/accra/men/rounds/1/").status_code == 404


def test_an_arbiter_enters_a_result_from_a_record(alice_api, game):
    moves, replayed = played_game("capture")
    response = alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "record": record_of(moves)},
        format="json",
    )
    assert response.status_code == 200, response.json()
    result = response.json()["result"]
    assert [result["south_seeds"], result["north_seeds"]] == list(replayed.stores)
    assert result["ending"] == "capture"


def test_an_illegal_record_is_refused_with_its_code_field_and_ply(alice_api, game):
    response = alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "record": "1. A b 2. A c"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "empty_pit"
    assert response.json()["field"] == "record"
    assert "ply 3" in response.json()["message"]
    assert not Result.objects.exists()


def test_seeds_out_of_range_are_refused_by_field(alice_api, game):
    response = alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "ending": "capture", "south_seeds": 60, "north_seeds": 0},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("invalid", "south_seeds")
    assert "48" in body["message"]


def test_a_body_that_is_not_json_is_refused_in_the_same_shape(alice_api, game):
    response = alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        "{not json",
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_a_result_for_a_game_that_does_not_exist_is_404(alice_api, game):
    response = alice_api.post(
        "/api/tournaments/accra/games/424242/result/",
        {"expected_version": 0, "ending": "double_forfeit"},
        format="json",
    )
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"
    assert "424242" in response.json()["message"]


def test_results_need_an_arbiter_of_the_tournament(api, charlie, game):
    assert api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "ending": "double_forfeit"},
        format="json",
    ).status_code in (401, 403)
    api.force_authenticate(charlie)
    assert (
        api.post(
            f"/api/tournaments/accra/games/{game.pk}/result/",
            {"expected_version": 0, "ending": "double_forfeit"},
            format="json",
        ).status_code
        == 403
    )
    assert not Result.objects.exists()


def test_an_arbiter_pairs_the_next_round(alice_api, api, charlie, section, players):
    response = alice_api.post("/api/tournaments/accra/men/pair/", **if_match(alice_api, "accra"))
    assert response.status_code == 201
    assert response.json()["status"] == "draft" and len(response.json()["pairings"]) == 3
    again = alice_api.post("/api/tournaments/accra/men/pair/", **if_match(alice_api, "accra"))
    assert again.status_code == 409 and again.json()["code"] == "round_exists"
    api.force_authenticate(charlie)
    assert api.post("/api/tournaments/accra/men/pair/").status_code == 403
    assert Round.objects.count() == 1


def test_standings_are_served_as_json(api, alice_api, game):
    alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "ending": "forfeit", "decided_by": "N"},
        format="json",
    )
    for pairing in game.round.pairings.exclude(pk=game.pk):
        alice_api.post(
            f"/api/tournaments/accra/games/{pairing.pk}/result/",
            {"expected_version": 0, "ending": "draw24", "south_seeds": 24, "north_seeds": 24},
            format="json",
        )
    body = api.get("/api/tournaments/accra/men/standings/").json()
    assert body["after_round"] == 1
    assert body["tiebreaks"] == ["PTS", "DE", "PS", "BH", "SB"]
    first = body["rows"][0]
    assert (first["pairing_number"], first["place"], first["values"]["PTS"]) == (1, "1", 1.0)


def test_standings_carry_a_legend_of_their_tie_breaks_in_the_asked_language(api, game):
    body = api.get("/api/tournaments/accra/men/standings/").json()
    assert [entry["code"] for entry in body["legend"]] == body["tiebreaks"]
    buchholz = body["legend"][3]
    assert (buchholz["key"], buchholz["name"], buchholz["decimals"]) == ("buchholz", "Buchholz", 2)
    assert "opponents" in buchholz["explanation"]
    french = api.get("/api/tournaments/accra/men/standings/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert [entry["key"] for entry in french["legend"]] == [e["key"] for e in body["legend"]]
    assert french["legend"][1]["name"] != body["legend"][1]["name"]
    assert french["legend"][1]["explanation"] != body["legend"][1]["explanation"]


def test_a_section_is_exported_as_trf_that_reads_back(api, alice_api, game):
    alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "ending": "forfeit", "decided_by": "N"},
        format="json",
    )
    assert parse(api.get("/api/tournaments/accra/men/trf/").content.decode()).rounds_played == 0, (
        "a round still being played has no block"
    )
    for pairing in game.round.pairings.exclude(pk=game.pk):
        alice_api.post(
            f"/api/tournaments/accra/games/{pairing.pk}/result/",
            {"expected_version": 0, "ending": "draw24", "south_seeds": 24, "north_seeds": 24},
            format="json",
        )
    response = api.get("/api/tournaments/accra/men/trf/")
    assert response.status_code == 200
    trf = parse(response.content.decode())
    assert trf.rounds == 7 and len(trf.players) == 6
    first = trf.player(1)
    assert (first.rounds[0].opponent, first.rounds[0].colour, first.rounds[0].result) == (
        2,
        "w",
        "+",
    )


def test_the_openapi_schema_describes_every_endpoint(api):
    response = api.get("/api/schema/")
    assert response.status_code == 200
    schema = yaml.load(response.content, Loader=yaml.CSafeLoader)
    assert schema["openapi"].startswith("3.")
    paths = schema["paths"]
    assert "/api/tournaments/{slug}/games/{pairing_id}/result/" in paths
    assert "/api/tournaments/{slug}/{section}/standings/" in paths
