"""What the API reads out: games, team standings, standings as of a round, stable player ids,
names beside pairing numbers, files in CSV, NDJSON, the notation and .ogn, and 304s."""

import csv
import io
import json
import time
import zipfile

import pytest
from rest_framework.test import APIClient

from oware.notation import replay_record
from oware.ogn import read_ogn
from tests.writes import if_match, revision
from tournaments.models import Player, Round
from tournaments.services.results import ResultEntry, record_result

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def finished_round(alice, published_round):
    """Round 1 completed: board 1 with a move record, boards 2 and 3 by typed scores."""
    moves, _game = played_game("capture")
    first, second, third = published_round.pairings.order_by("board")
    record_result(first, ResultEntry(record=record_of(moves)), by=alice)
    record_result(second, ResultEntry(ending="capture", south_seeds=25, north_seeds=10), by=alice)
    record_result(third, ResultEntry(ending="capture", south_seeds=5, north_seeds=30), by=alice)
    published_round.refresh_from_db()
    assert published_round.status == Round.Status.COMPLETED
    return published_round


def test_pairings_carry_names_beside_pairing_numbers(api, finished_round):
    board = api.get("/api/tournaments/accra/men/rounds/1/").json()["pairings"][0]
    assert (board["south"], board["south_name"], board["north"], board["north_name"]) == (
        1,
        "Ama",
        2,
        "Kofi",
    )


def test_players_have_ids_that_survive_a_change_of_pairing_number(api, alice, section, players):
    from tournaments.services.registration import assign_pairing_numbers

    listed = api.get("/api/tournaments/accra/men/players/").json()["results"]
    kofi = next(p for p in listed if p["name"] == "Kofi")
    assert kofi["pairing_number"] == 2
    assign_pairing_numbers(section, by=alice, order=[p.pk for p in reversed(players)])
    detail = api.get(f"/api/tournaments/accra/men/players/{kofi['id']}/").json()
    assert (detail["name"], detail["pairing_number"]) == ("Kofi", 5)


def test_games_list_and_detail_with_positions_on_request(api, finished_round):
    games = api.get("/api/tournaments/accra/games/").json()["results"]
    assert len(games) == 3
    first = games[0]
    assert first["south"]["name"] == "Ama" and first["round"] == 1 and first["section"] == "men"
    assert first["record"] and games[1]["record"] == ""
    plain = api.get(f"/api/tournaments/accra/games/{first['id']}/").json()
    assert plain["positions"] is None
    full = api.get(f"/api/tournaments/accra/games/{first['id']}/?positions=1").json()
    replayed = replay_record(first["record"])
    assert len(full["positions"]) == replayed.plies + 1
    assert full["positions"][0]["pits"] == [4] * 12
    assert full["positions"][-1]["stores"] == list(replayed.stores)


def test_a_draft_game_is_not_served(api, alice, section, players):
    from tournaments.services.rounds import pair_next_round

    draft = pair_next_round(section, by=alice)
    pairing = draft.pairings.first()
    assert api.get(f"/api/tournaments/accra/games/{pairing.pk}/").status_code == 404


def test_standings_as_of_a_round(api, finished_round):
    now = api.get("/api/tournaments/accra/men/standings/").json()
    before = api.get("/api/tournaments/accra/men/standings/?round=0").json()
    assert now["after_round"] == 1 and before["after_round"] == 0
    assert now["rows"][0]["player_id"]
    assert {row["values"].get("PTS", 0) for row in before["rows"]} <= {0}
    # A round the section does not have is a 404, a malformed number a 400.
    assert api.get("/api/tournaments/accra/men/standings/?round=2").status_code == 404
    assert api.get("/api/tournaments/accra/men/standings/?round=two").status_code == 400


def test_team_standings_per_section_and_combined(api, tournament, section, finished_round):
    team = tournament.teams.create(name="Ghana", code="GHA")
    Player.objects.filter(name__in=["Ama", "Yaw"]).update(team=team)
    tables = api.get("/api/tournaments/accra/teams/").json()
    assert [table["section"] for table in tables] == ["men", None]
    assert tables[1]["rows"][0]["team"] == "GHA"
    for table in tables:
        assert [entry["code"] for entry in table["legend"]] == table["tiebreaks"]
        assert all(entry["name"] and entry["explanation"] for entry in table["legend"])


def test_standings_and_pairings_as_csv_with_formulas_neutralised(api, finished_round):
    Player.objects.filter(name="Ama").update(name="=HYPERLINK(1)")
    response = api.get("/api/tournaments/accra/men/standings/?format=csv")
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 6
    assert "'=HYPERLINK(1)" in {row["name"] for row in rows}
    pairings = api.get("/api/tournaments/accra/men/rounds/1/?format=csv").content.decode()
    table = list(csv.DictReader(io.StringIO(pairings)))
    assert table[0]["south_name"] == "'=HYPERLINK(1)" and table[0]["north_name"] == "Kofi"
    assert table[1]["south_points"] == "1.0"


def test_standings_and_pairings_as_ndjson(api, finished_round):
    response = api.get("/api/tournaments/accra/men/standings/?format=ndjson")
    assert response["Content-Type"].startswith("application/x-ndjson")
    rows = [json.loads(line) for line in response.content.decode().splitlines()]
    assert len(rows) == 6 and {"place", "name", "player_id"} <= set(rows[0])
    boards = api.get("/api/tournaments/accra/men/rounds/1/?format=ndjson").content.decode()
    assert len(boards.splitlines()) == 3


def test_a_sections_games_as_one_text_file_and_as_ogn_files(api, finished_round):
    text = api.get("/api/tournaments/accra/men/games.txt").content.decode()
    assert text.count("[Round ") == 1  # only board 1 has a record
    assert '[South "Ama"]' in text and '[North "Kofi"]' in text
    recorded = replay_record(text)
    archive = zipfile.ZipFile(
        io.BytesIO(api.get("/api/tournaments/accra/men/games-ogn.zip").content)
    )
    assert archive.namelist() == ["round01-board01.ogn"]
    game = read_ogn(archive.read("round01-board01.ogn").decode())
    assert game.tags["South"] == "Ama"
    assert game.game.stores == recorded.stores


def test_public_reads_answer_304_when_unchanged(api, alice, finished_round):
    first = api.get("/api/tournaments/accra/men/standings/")
    assert first["ETag"] and first["Last-Modified"]
    again = api.get("/api/tournaments/accra/men/standings/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    board = finished_round.pairings.get(board=2)
    record_result(
        board,
        ResultEntry(ending="capture", south_seeds=10, north_seeds=25),
        by=alice,
        reason="slip misread",
    )
    changed = api.get("/api/tournaments/accra/men/standings/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200


def test_reads_are_gzipped_when_accepted(api, finished_round):
    response = api.get("/api/tournaments/accra/games/", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"


def test_an_arbiter_registers_and_edits_a_player(api, alice, tournament, section):
    tournament.teams.create(name="Ghana", code="GHA")
    api.force_authenticate(alice)
    created = api.post(
        "/api/tournaments/accra/men/players/",
        {"name": "Ama", "sex": "w", "rating": 1800, "team": "GHA"},
        format="json",
        **if_match(api, "accra"),
    )
    assert created.status_code == 201, created.json()
    assert created.json()["team"] == "GHA" and created.json()["pairing_number"] == 1
    edited = api.patch(
        f"/api/tournaments/accra/men/players/{created.json()['id']}/",
        {"rating": 1900, "team": None, "expected_version": revision(api, "accra")},
        format="json",
    )
    assert edited.status_code == 200, edited.json()
    assert (edited.json()["rating"], edited.json()["team"]) == (1900, None)
    unknown = api.post(
        "/api/tournaments/accra/men/players/",
        {"name": "X", "sex": "m", "team": "ZZZ"},
        **if_match(api, "accra"),
    )
    assert unknown.status_code == 400 and unknown.json()["field"] == "team"


def test_an_arbiter_publishes_a_round_and_deletes_a_draft(api, alice, section, players):
    api.force_authenticate(alice)
    assert api.post("/api/tournaments/accra/men/pair/", **if_match(api, "accra")).status_code == 201
    deleted = api.delete("/api/tournaments/accra/men/rounds/1/", **if_match(api, "accra"))
    assert deleted.status_code == 204
    assert not Round.objects.exists()
    api.post("/api/tournaments/accra/men/pair/", **if_match(api, "accra"))
    published = api.post(
        "/api/tournaments/accra/men/rounds/1/publish/",
        {"expected_version": revision(api, "accra")},
        format="json",
    )
    assert published.status_code == 200 and published.json()["status"] == "published"
    refused = api.delete("/api/tournaments/accra/men/rounds/1/", **if_match(api, "accra"))
    assert refused.status_code == 409 and refused.json()["code"] == "round_published"


def test_the_trf_export_fills_the_rank_column_and_the_202_line(api, finished_round):
    from tournaments.trf import parse

    text = api.get("/api/tournaments/accra/men/trf/").content.decode()
    standings = api.get("/api/tournaments/accra/men/standings/").json()
    codes = [code for code in standings["tiebreaks"] if code != "PTS"]
    assert f"202 {','.join(codes)}" in text.splitlines()
    ranks = {player.pairing_number: player.rank for player in parse(text).players}
    assert ranks == {row["pairing_number"]: row["rank"] for row in standings["rows"]}


def test_the_trf_export_holds_the_longest_name_and_rating_accepted(api, finished_round):
    # Longer names and larger ratings are refused at entry (tests/security/test_limits.py).
    Player.objects.filter(name="Ama").update(name="A" * 33, rating=9999)
    response = api.get("/api/tournaments/accra/men/trf/")
    assert response.status_code == 200
    assert "A" * 33 + " 9999" in response.content.decode()


def test_anonymous_reads_answer_304_when_not_modified_since(api, alice, finished_round):
    address = "/api/v1/tournaments/accra/men/standings/"
    first = api.get(address)
    since = first["Last-Modified"]
    again = api.get(address, HTTP_IF_MODIFIED_SINCE=since)
    assert again.status_code == 304 and again.content == b""
    assert again["Last-Modified"] == since and again["ETag"] == first["ETag"]
    assert (
        api.get(address, HTTP_IF_MODIFIED_SINCE="Mon, 01 Jan 2001 00:00:00 GMT").status_code == 200
    )
    # If-None-Match decides when both are sent (RFC 9110).
    assert (
        api.get(address, HTTP_IF_MODIFIED_SINCE=since, HTTP_IF_NONE_MATCH='"x"').status_code == 200
    )
    # The public pages are served the same way.
    page = api.get("/t/accra/men/standings/")
    assert (
        api.get("/t/accra/men/standings/", HTTP_IF_MODIFIED_SINCE=page["Last-Modified"]).status_code
        == 304
    )
    time.sleep(1.1)  # Last-Modified counts whole seconds
    record_result(
        finished_round.pairings.get(board=2),
        ResultEntry(ending="capture", south_seeds=10, north_seeds=25),
        by=alice,
        reason="slip misread",
    )
    assert (
        api.get(address, HTTP_IF_MODIFIED_SINCE="Fri, 01 Jan 2100 00:00:00 GMT").status_code == 304
    )
    changed = api.get(address, HTTP_IF_MODIFIED_SINCE=since)
    assert changed.status_code == 200
