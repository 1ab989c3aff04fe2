"""API 1.1 as a reader sees it: every seat of a round with its type, no arbiter-only text in
public answers, every field at fault in an error, and incremental polling of games by player
and by time."""

import csv
import io
import json
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.models import Player, RequestedBye, Round
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def crowded_round(section, make_player):
    """Round 1 published: Ama–Kofi, Yaw–Afi, Kwame has the pairing-allocated bye, Esi asked for
    a ½-point bye, Abena enters in round 2 and Kojo withdrew before round 1."""
    ama, kofi, yaw, afi, kwame, esi, abena = (
        make_player(name, number)
        for number, name in enumerate(
            ["Ama", "Kofi", "Yaw", "Afi", "Kwame", "Esi", "Abena"], start=1
        )
    )
    Player.objects.filter(pk=abena.pk).update(entry_round=2)
    make_player("Kojo", 8, status=Player.Status.WITHDRAWN, withdrawn_from_round=1)
    RequestedBye.objects.create(player=esi, round_number=1, points=Decimal("0.5"))
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(
        round_,
        [
            (ama, kofi, "Ama and Kofi: top of the score group"),
            (yaw, afi, "Yaw and Afi: floaters"),
            (kwame, None, "Kwame: lowest score"),
        ],
    )
    return round_


EXPECTED_WITHOUT_BOARD = [
    ("pairing_bye", 5, "Kwame", 1.0),
    ("requested_bye", 6, "Esi", 0.5),
    ("absent", 7, "Abena", 0.0),
    ("withdrawn", 8, "Kojo", 0.0),
]


def test_a_round_lists_every_seat_with_its_type_and_points(api, crowded_round):
    body = api.get("/api/v1/tournaments/accra/men/rounds/1/").json()
    assert [(b["type"], b["board"], b["bye_points"]) for b in body["pairings"]] == [
        ("board", 1, None),
        ("board", 2, None),
        ("pairing_bye", 3, 1.0),
    ]
    assert [
        (s["type"], s["pairing_number"], s["name"], s["points"]) for s in body["unpaired"]
    ] == EXPECTED_WITHOUT_BOARD


def test_the_round_csv_and_ndjson_have_a_row_per_seat(api, crowded_round):
    text = api.get("/api/v1/tournaments/accra/men/rounds/1/?format=csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["type"], r["board"], r["south_name"]) for r in rows] == [
        ("board", "1", "Ama"),
        ("board", "2", "Yaw"),
        ("pairing_bye", "3", "Kwame"),
        ("requested_bye", "", "Esi"),
        ("absent", "", "Abena"),
        ("withdrawn", "", "Kojo"),
    ]
    assert [r["south_points"] for r in rows[2:]] == ["1.0", "0.5", "0.0", "0.0"]
    lines = api.get("/api/v1/tournaments/accra/men/rounds/1/?format=ndjson").content.splitlines()
    seats = [json.loads(line) for line in lines]
    assert [(s["type"], s["south"], s["south_points"]) for s in seats[2:]] == [
        (kind, number, points) for kind, number, _name, points in EXPECTED_WITHOUT_BOARD
    ]


def test_public_answers_carry_no_pairing_explanation(api, crowded_round):
    for path in [
        "/api/v1/tournaments/accra/men/rounds/",
        "/api/v1/tournaments/accra/men/rounds/1/",
        "/api/v1/tournaments/accra/men/rounds/1/?format=csv",
        "/api/v1/tournaments/accra/men/rounds/1/?format=ndjson",
        "/api/v1/tournaments/accra/games/",
    ]:
        text = api.get(path).content.decode()
        assert "score group" not in text and "floaters" not in text, path


def test_the_arbiter_who_pairs_a_round_reads_the_explanations(api, alice, section, make_player):
    for number, name in enumerate(["Ama", "Kofi", "Yaw", "Afi"], start=1):
        make_player(name, number, rating=2000 - number)
    api.force_authenticate(alice)
    response = api.post("/api/v1/tournaments/accra/men/pair/", **if_match(api, "accra"))
    assert response.status_code == 201
    assert all(board["explanation"] for board in response.json()["pairings"])


def test_an_error_lists_every_field_at_fault_and_keeps_the_first_on_top(api, alice, section):
    api.force_authenticate(alice)
    response = api.post(
        "/api/v1/tournaments/accra/men/players/",
        {"name": "", "sex": "x", "rating": -5},
        format="json",
    )
    assert response.status_code == 400
    body = response.json()
    assert {problem["field"] for problem in body["errors"]} == {"name", "sex", "rating"}
    assert all(problem["code"] == "invalid" for problem in body["errors"])
    first = body["errors"][0]
    assert (body["code"], body["message"], body["field"]) == (
        first["code"],
        first["message"],
        first["field"],
    )


def test_an_error_about_no_field_says_field_null(api):
    body = api.get("/api/v1/no/such/thing/").json()
    assert body["field"] is None
    assert body["errors"] == [{"code": "not_found", "message": body["message"], "field": None}]


def test_the_live_board_refuses_in_the_same_shape(api, crowded_round):
    from games.models.live import LiveBoard

    board = LiveBoard.objects.create(pairing=crowded_round.pairings.get(board=1), code="AB2345")
    response = api.post(
        "/t/accra/board/AB2345/moves/", {"device": "d1", "action": "dance"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert (body["code"], body["field"]) == ("bad_request", "action")
    assert body["errors"] == [
        {"code": "bad_request", "message": body["message"], "field": "action"}
    ]
    assert body["state"]["code"] == board.code
    missing = api.get("/t/accra/board/ZZ9999/moves/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_a_players_games_across_the_tournament(api, alice, crowded_round, section):
    second = Round.objects.create(section=section, number=2, status=Round.Status.PUBLISHED)
    ama, kofi, yaw, afi, kwame = (section.players.get(pairing_number=n) for n in range(1, 6))
    store_boards(second, [(kwame, ama, ""), (kofi, yaw, ""), (afi, None, "")])
    games = api.get(f"/api/v1/tournaments/accra/games/?player={ama.pk}").json()["results"]
    assert [(g["round"], g["board"]) for g in games] == [(1, 1), (2, 1)]
    refused = api.get("/api/v1/tournaments/accra/games/?player=ama")
    assert refused.status_code == 400 and refused.json()["field"] == "player"


def test_polling_with_since_returns_only_results_changed_since(api, alice, crowded_round):
    first, second = crowded_round.pairings.filter(north__isnull=False).order_by("board")
    record_result(first, ResultEntry(ending="capture", south_seeds=30, north_seeds=18), by=alice)
    time.sleep(0.05)
    checkpoint = datetime.now(UTC)
    time.sleep(0.05)
    record_result(second, ResultEntry(ending="capture", south_seeds=10, north_seeds=38), by=alice)
    changed = api.get("/api/v1/tournaments/accra/games/", {"since": checkpoint.isoformat()}).json()[
        "results"
    ]
    assert [g["board"] for g in changed] == [2]
    later = (checkpoint + timedelta(hours=1)).isoformat()
    assert api.get("/api/v1/tournaments/accra/games/", {"since": later}).json()["results"] == []
    refused = api.get("/api/v1/tournaments/accra/games/?since=yesterday")
    assert refused.status_code == 400 and refused.json()["field"] == "since"


REPRESENTATIONS = [
    ("/api/v1/tournaments/accra/men/rounds/1/", {}),
    ("/api/v1/tournaments/accra/men/rounds/1/?format=csv", {}),
    ("/api/v1/tournaments/accra/men/rounds/1/?format=ndjson", {}),
    ("/api/v1/tournaments/accra/men/rounds/1/", {"HTTP_ACCEPT": "text/csv"}),
    ("/api/v1/tournaments/accra/men/standings/", {}),
    ("/api/v1/tournaments/accra/men/standings/?round=0", {}),
]


@pytest.mark.parametrize("credentials", ["anonymous", "token"])
def test_each_representation_has_its_own_etag(api, alice, crowded_round, credentials):
    if credentials == "token":
        from rest_framework.authtoken.models import Token

        api.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=alice).key)
    seen = []
    for path, headers in REPRESENTATIONS:
        response = api.get(path, **headers)
        assert response.status_code == 200, path
        assert "Accept" in response["Vary"], path
        again = api.get(path, HTTP_IF_NONE_MATCH=response["ETag"], **headers)
        assert again.status_code == 304, path
        seen.append((path, headers, response["ETag"], response["Content-Type"], response.content))
    for path, headers, tag, content_type, content in seen:
        # Only a tag of the very same bytes, in the same media type, may answer 304.
        others = [
            other_tag
            for _p, _h, other_tag, other_type, other in seen
            if (other_type, other) != (content_type, content)
        ]
        assert tag not in others, (path, headers)
        answer = api.get(path, HTTP_IF_NONE_MATCH=", ".join(others), **headers)
        assert answer.status_code == 200, (path, headers)
    if credentials == "anonymous":
        # The revision cache names each representation apart, even when the bytes agree.
        assert len({tag for _p, _h, tag, _t, _c in seen}) == len(REPRESENTATIONS)


@pytest.mark.parametrize("credentials", ["anonymous", "token"])
def test_downloads_keep_their_file_names_for_every_client(api, alice, crowded_round, credentials):
    if credentials == "token":
        from rest_framework.authtoken.models import Token

        api.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=alice).key)
    names = {
        "trf/": "accra-men.trf",
        "games.txt": "accra-men-games.txt",
        "games-ogn.zip": "accra-men-ogn.zip",
    }
    for name, file_name in names.items():
        for _twice in range(2):  # the second comes from the cache
            response = api.get(f"/api/v1/tournaments/accra/men/{name}")
            assert response.status_code == 200, name
            assert response["Content-Disposition"] == f'attachment; filename="{file_name}"'


def test_cross_origin_reads_are_off_by_default(api, crowded_round):
    response = api.get("/api/v1/tournaments/", HTTP_ORIGIN="https://club.example")
    assert response.status_code == 200
    assert "Access-Control-Allow-Origin" not in response


def test_named_origins_may_read_but_never_write(api, alice, crowded_round, settings):
    settings.API_CORS_ORIGINS = ["https://club.example"]
    read = api.get("/api/v1/tournaments/accra/men/rounds/1/", HTTP_ORIGIN="https://club.example")
    assert read["Access-Control-Allow-Origin"] == "https://club.example"
    assert "ETag" in read["Access-Control-Expose-Headers"]
    assert "Origin" in read["Vary"]
    assert "Access-Control-Allow-Credentials" not in read
    stranger = api.get("/api/v1/tournaments/", HTTP_ORIGIN="https://elsewhere.example")
    assert "Access-Control-Allow-Origin" not in stranger
    preflight = api.options(
        "/api/v1/tournaments/",
        HTTP_ORIGIN="https://club.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="GET",
    )
    assert preflight.status_code == 204
    assert preflight["Access-Control-Allow-Methods"] == "GET, HEAD"
    game = crowded_round.pairings.get(board=1)
    write_preflight = api.options(
        f"/api/v1/tournaments/accra/games/{game.pk}/result/",
        HTTP_ORIGIN="https://club.example",
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
    )
    assert "Access-Control-Allow-Origin" not in write_preflight
    api.force_authenticate(alice)
    write = api.post(
        f"/api/v1/tournaments/accra/games/{game.pk}/result/",
        {"ending": "capture", "south_seeds": 30, "north_seeds": 18, "expected_version": 0},
        format="json",
        HTTP_ORIGIN="https://club.example",
    )
    assert write.status_code == 200  # a script on the server may; a browser cannot read it
    assert "Access-Control-Allow-Origin" not in write


@pytest.mark.parametrize("credentials", ["anonymous", "token"])
def test_an_empty_table_is_still_a_file_of_its_type(api, alice, section, credentials):
    if credentials == "token":
        from rest_framework.authtoken.models import Token

        api.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=alice).key)
    as_csv = api.get("/api/v1/tournaments/accra/men/standings.csv")
    assert as_csv.status_code == 200
    assert as_csv["Content-Type"] == "text/csv; charset=utf-8"
    assert as_csv.content.decode().startswith("place,rank,player_id,pairing_number,name,team")
    as_ndjson = api.get("/api/v1/tournaments/accra/men/standings.ndjson")
    assert as_ndjson.status_code == 200 and as_ndjson.content == b""
    assert as_ndjson["Content-Type"] == "application/x-ndjson; charset=utf-8"
    assert as_ndjson["ETag"] != as_csv["ETag"]
