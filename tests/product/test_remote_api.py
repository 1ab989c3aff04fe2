"""Remote play through the API with the players' own tokens: `GET /api/v1/me/game/` and
`POST /api/v1/tournaments/{slug}/games/{id}/moves/`. Each refusal answers its code in the one
error shape and stores nothing; a game played to its end, a flag fall, a no-show and a double
forfeit are recorded through the one write path with no arbiter's action."""

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import F
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import remote
from games.api import RemoteGameSerializer
from games.models.live import LiveBoard
from oware.sides import Side
from tests.notifications.receivers import task_worker, wait_for, worker_output
from tests.players.helpers import make_player_account
from tests.threads import at_once
from tournaments.models import Result, ResultChange
from tournaments.models.records import GameRecord
from tournaments.services.result_checks import MAX_RECORD_PLIES

from .conftest import played_game

pytestmark = pytest.mark.django_db

# A move: the token, the board with its game, the player's entries, the savepoint, the board's
# lock, the queued settling of the next deadline, the board's update, the release, and after the
# commit the tournament's revision (tournaments/freshness.py); his first move marks him present,
# and on PostgreSQL a NOTIFY tells the streams its state (games/board_news.py).
MOVE_QUERIES = 10
# A read: the token, the player's entries, his board with its game.
READ_QUERIES = 3


def client_of(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
    return client


@pytest.fixture
def south(players):
    return client_of(make_player_account("ama@example.org", player=players[0]).user)


@pytest.fixture
def north(players):
    return client_of(make_player_account("kofi@example.org", player=players[1]).user)


def open_board(round_, clock=600, increment=0, no_show=None) -> LiveBoard:
    return remote.open_remote_boards(
        round_, clock_seconds=clock, increment_seconds=increment, no_show_seconds=no_show
    )[0]


def move(client, board, ply, letter):
    return client.post(
        f"/api/v1/tournaments/accra/games/{board.pairing_id}/moves/",
        {"ply": ply, "move": letter},
        format="json",
    )


def back(board, seconds):
    """As if the game had opened `seconds` earlier: every moment of its clock moves back."""
    LiveBoard.objects.filter(pk=board.pk).update(
        **{
            moment: F(moment) - timedelta(seconds=seconds)
            for moment in ("opened_at", "started_at", "south_seen_at", "north_seen_at")
        }
    )


def stored(board) -> tuple[list, int]:
    board = LiveBoard.objects.get(pk=board.pk)
    return board.moves, Result.objects.filter(pairing_id=board.pairing_id).count()


def test_a_player_reads_his_game_and_nobody_else_has_one(published_round, south, charlie):
    board = open_board(published_round, clock=60, no_show=30)
    answer = south.get("/api/v1/me/game/")
    assert answer.status_code == 200
    game = answer.json()
    assert (game["id"], game["tournament"], game["section"], game["round"], game["board"]) == (
        board.pairing_id,
        "accra",
        "men",
        1,
        1,
    )
    assert game["side"] == "S" and game["your_turn"] and game["ply"] == 1
    assert game["legal_moves"] == ["A", "B", "C", "D", "E", "F"]
    assert game["position"]["pits"] == [4] * 12 and game["state"] == "playing"
    assert 0 < game["clocks"]["south"] <= 60 and game["clocks"]["north"] == 60
    assert game["clocks"]["running"] == "S" and game["deadline"]
    assert client_of(charlie).get("/api/v1/me/game/").status_code == 204
    assert APIClient().get("/api/v1/me/game/").status_code == 401


def test_each_refusal_has_its_code_and_stores_nothing(published_round, south, north, charlie):
    board = open_board(published_round)
    outsider = client_of(charlie)
    refusals = [
        (move(north, board, 1, "a"), 409, "other_side_to_move"),
        (move(outsider, board, 1, "A"), 403, "not_in_game"),
        (move(south, board, 2, "A"), 409, "wrong_ply"),
        (move(south, board, 1, "Z"), 400, "bad_pit"),
        (move(south, board, 1, ""), 400, "invalid"),
    ]
    for answer, status, code in refusals:
        assert (answer.status_code, answer.json()["code"]) == (status, code), answer.json()
        assert set(answer.json()) >= {"code", "message", "field", "errors"}
    assert stored(board) == ([], 0)
    assert move(south, board, 1, "F").status_code == 200
    repeated = move(south, board, 1, "F")
    assert (repeated.status_code, repeated.json()["code"]) == (409, "wrong_ply")
    assert stored(board) == ([5], 0)


def test_no_move_is_played_past_the_longest_record_the_results_service_takes(
    published_round, south, north
):
    board = open_board(published_round)
    assert move(south, board, 1, "F").status_code == 200
    assert move(north, board, 2, "f").status_code == 200
    # As if the game had gone on to the longest record the results service takes.
    full = MAX_RECORD_PLIES
    LiveBoard.objects.filter(pk=board.pk).update(moves=[5] * full, clocks=[600] * full)
    answer = move(south, board, full + 1, "A")
    assert (answer.status_code, answer.json()["code"]) == (400, "record_too_long"), answer.json()
    assert answer.json()["field"] == "move"
    assert stored(board) == ([5] * full, 0)
    assert not Result.objects.filter(pairing_id=board.pairing_id).exists()


def test_an_illegal_pit_is_refused_by_the_rules(published_round, south, north):
    board = open_board(published_round)
    # South sows A, North sows a: then South's A is empty.
    assert move(south, board, 1, "A").status_code == 200
    assert move(north, board, 2, "a").status_code == 200
    answer = move(south, board, 3, "A")
    # The engine's own reason is the code clients read.
    assert (answer.status_code, answer.json()["code"]) == (400, "empty_pit")
    assert stored(board) == ([0, 0], 0)


def test_an_unknown_game_is_a_404(published_round, south):
    open_board(published_round)
    answer = south.post(
        "/api/v1/tournaments/accra/games/999999/moves/", {"ply": 1, "move": "A"}, format="json"
    )
    assert (answer.status_code, answer.json()["code"]) == (404, "not_found")


def test_a_whole_game_through_the_api_is_recorded_with_its_record(published_round, south, north):
    board = open_board(published_round)
    moves, game = played_game()
    players = {Side.SOUTH: south, Side.NORTH: north}
    for ply, (pit, side) in enumerate(zip(moves, game.sides, strict=True), start=1):
        answer = move(players[Side(side)], board, ply, remote.pit_letter(Side(side), pit))
        assert answer.status_code == 200, answer.json()
    final = answer.json()
    assert final["state"] == "finished" and final["ending"] == game.ending
    result = Result.objects.get(pairing_id=board.pairing_id)
    assert (result.south_seeds, result.north_seeds) == game.game_score
    # The answer to the last move names the points just recorded, not the board's first read.
    recorded = [str(points.normalize()) for points in (result.south_points, result.north_points)]
    assert final["points"] == recorded
    assert list(GameRecord.objects.get(pairing_id=board.pairing_id).moves) == moves
    assert ResultChange.objects.filter(pairing_id=board.pairing_id).count() == 1
    assert south.get("/api/v1/me/game/").status_code == 204


def test_a_move_after_the_flag_is_refused_and_the_flag_recorded(published_round, south, north):
    board = open_board(published_round, clock=20)
    assert move(south, board, 1, "C").status_code == 200
    back(board, 25)  # North has thought for 25 s of his 20
    answer = move(north, board, 2, "c")
    assert (answer.status_code, answer.json()["code"]) == (409, "game_finished")
    assert stored(board) == ([2], 1)
    result = Result.objects.get(pairing_id=board.pairing_id)
    assert (result.ending, result.decided_by, result.south_points) == ("time", Side.NORTH, 1)


def test_an_ended_game_the_results_service_refuses_waits_for_the_arbiter(
    published_round, south, north, alice_client, monkeypatch, caplog
):
    board = open_board(published_round, clock=20)
    assert move(south, board, 1, "C").status_code == 200
    assert move(north, board, 2, "c").status_code == 200
    # A record the results service will not take (as a limit lowered by an operator would).
    monkeypatch.setattr("tournaments.services.result_checks.MAX_RECORD_PLIES", 1)
    back(board, 25)  # South's flag has fallen
    # His next read does not fail: it shows the game ended on time, then there is none.
    ended = south.get("/api/v1/me/game/")
    assert ended.status_code == 200, ended.json()
    assert (ended.json()["ending"], ended.json()["legal_moves"]) == ("time", [])
    assert south.get("/api/v1/me/game/").status_code == 204
    assert north.get("/api/v1/me/game/").status_code == 204
    board.refresh_from_db()
    assert board.state == LiveBoard.State.PENDING and board.ending == "time"
    assert not Result.objects.filter(pairing_id=board.pairing_id).exists()
    assert "left for the arbiter" in caplog.text
    # The arbiter's page of the event says so, with the way to the round's page where he
    # confirms it; the other boards, still playing, are not there.
    page = alice_client.get("/t/accra/arbiter/online/").content.decode()
    waiting = page.split('<ul class="unrecorded-games">')[1].split("</ul>")[0]
    assert waiting.count("<li>") == 1 and "Round 1, board 1" in waiting
    assert "/t/accra/arbiter/men/round/1/#live-boards-title" in waiting
    # There, the board offers the arbiter's confirmation.
    round_page = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert f"/t/accra/arbiter/live/{board.code}/confirm/" in round_page
    monkeypatch.undo()
    alice_client.post(f"/t/accra/arbiter/live/{board.code}/confirm/")
    assert Result.objects.filter(pairing_id=board.pairing_id).exists()
    page = alice_client.get("/t/accra/arbiter/online/").content.decode()
    assert "unrecorded-games" not in page and "every game that has ended is recorded" in page


def test_south_absent_loses_by_forfeit_when_north_came(published_round, south, north):
    board = open_board(published_round, no_show=10)
    assert north.get("/api/v1/me/game/").json()["side"] == "N"  # North is there
    back(board, 11)
    game = north.get("/api/v1/me/game/").json()
    assert (game["state"], game["ending"], game["decided_by"]) == ("finished", "forfeit", "S")
    result = Result.objects.get(pairing_id=board.pairing_id)
    assert (result.ending, result.north_points, result.south_points) == (
        "forfeit",
        1,
        0,
    )


def test_both_absent_is_a_double_forfeit(published_round, south):
    board = open_board(published_round, no_show=10)
    back(board, 11)
    game = south.get("/api/v1/me/game/").json()
    assert (game["ending"], game["decided_by"]) == ("double_forfeit", None)
    assert Result.objects.get(pairing_id=board.pairing_id).ending == "double_forfeit"


@pytest.mark.django_db(transaction=True)
def test_two_workers_settling_one_no_show_at_once_record_it_once(published_round, south):
    """The task worker and a stream (or two workers) may both find a board due at the same
    moment: the one that locks it first ends the game, the other finds it ended."""
    board = open_board(published_round, no_show=10)
    back(board, 11)
    # Both read it as due, before either ends it.
    at_once(remote.settle_due, ready=lambda: LiveBoard.objects.get(pk=board.pk))
    board.refresh_from_db()
    assert (board.state, board.ending) == (LiveBoard.State.CONFIRMED, "double_forfeit")
    assert ResultChange.objects.filter(pairing_id=board.pairing_id).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_task_worker_settles_a_no_show_with_nobody_connected(published_round, south):
    board = open_board(published_round, no_show=2)
    assert move(south, board, 1, "B").status_code == 200
    with task_worker() as worker:
        wait_for(
            lambda: Result.objects.filter(pairing_id=board.pairing_id).exists(),
            30,
            "the no-show settled: " + worker_output(worker),
        )
    board.refresh_from_db()
    assert (board.ending, board.decided_by) == ("forfeit", Side.NORTH)


def test_a_player_resigns_and_the_result_is_recorded(published_round, south, north, charlie):
    board = open_board(published_round)
    assert move(south, board, 1, "E").status_code == 200
    resign = f"/api/v1/tournaments/accra/games/{board.pairing_id}/resign/"
    refused = client_of(charlie).post(resign)
    assert (refused.status_code, refused.json()["code"]) == (403, "not_in_game")
    assert stored(board) == ([4], 0)
    answer = south.post(resign)  # South resigns while North is to move
    assert answer.status_code == 200
    assert (answer.json()["ending"], answer.json()["decided_by"]) == ("resign", "S")
    result = Result.objects.get(pairing_id=board.pairing_id)
    assert (result.ending, result.north_points) == ("resign", 1)
    again = north.post(resign)
    assert (again.status_code, again.json()["code"]) == (409, "game_finished")


def test_no_device_takes_a_side_of_a_remote_game_with_its_code(client, published_round, south):
    board = open_board(published_round)
    answer = client.post(
        f"/t/accra/board/{board.code}/moves/",
        {"action": "claim", "side": "S", "device": "a-device-0001", "code": board.south_pin},
        content_type="application/json",
    )
    assert (answer.status_code, answer.json()["code"]) == (409, "remote_board")
    assert LiveBoard.objects.get(pk=board.pk).south_device == ""


def test_an_id_too_large_for_the_database_is_a_404(published_round, south):
    too_large = 2**70
    for path in (
        f"/api/v1/tournaments/accra/games/{too_large}/moves/",
        f"/api/v1/tournaments/accra/games/{too_large}/resign/",
    ):
        answer = south.post(path, {"ply": 1, "move": "A"}, format="json")
        assert answer.status_code == 404, path
    assert south.get(f"/api/v1/tournaments/accra/games/{too_large}/stream/").status_code == 404
    assert south.get(f"/t/accra/remote/{too_large}/").status_code == 404


def test_a_move_and_a_read_of_the_game_cost_a_few_queries_whatever_the_ply(
    published_round, south, north, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    """Each move of an online event's thousands is a request: its player, his board and its
    lock are read once each (bench/remote_requests.py measures the CPU)."""
    with django_capture_on_commit_callbacks(execute=True):  # as the opening's commit would
        board = open_board(published_round, no_show=60)
    moves, game = played_game()
    players = {Side.SOUTH: south, Side.NORTH: north}
    most = MOVE_QUERIES + (connection.vendor == "postgresql")
    for ply, (pit, side) in enumerate(zip(moves[:-1], game.sides, strict=False), start=1):
        player = players[Side(side)]
        # The revision raised after the commit is counted: the test's own transaction never
        # commits, its callbacks are run here.
        with (
            django_assert_max_num_queries(most),
            django_capture_on_commit_callbacks(execute=True) as after_commit,
        ):
            assert move(player, board, ply, remote.pit_letter(Side(side), pit)).status_code == 200
        assert len(after_commit) == 1
        with django_assert_max_num_queries(READ_QUERIES):
            assert player.get("/api/v1/me/game/").json()["ply"] == ply + 1


def test_a_move_raises_the_tournaments_revision_once_it_is_committed(
    published_round, south, django_capture_on_commit_callbacks
):
    """The spectators' pages are keyed on the tournament's revision: a remote move raises it
    after its commit, so that an event's moves never wait on the tournament's row in turn."""
    with django_capture_on_commit_callbacks(execute=True):  # as the opening's commit would
        board = open_board(published_round)
    tournament = published_round.section.tournament
    tournament.refresh_from_db()
    before = tournament.revision
    with django_capture_on_commit_callbacks() as after_commit:
        assert move(south, board, 1, "C").status_code == 200
        tournament.refresh_from_db()
        assert tournament.revision == before  # not in the move's own transaction
    for callback in after_commit:
        callback()
    tournament.refresh_from_db()
    assert tournament.revision == before + 1


def test_a_rounds_boards_opening_at_once_raise_the_revision_once(
    published_round, django_capture_on_commit_callbacks
):
    tournament = published_round.section.tournament
    tournament.refresh_from_db()
    before = tournament.revision
    with django_capture_on_commit_callbacks(execute=True) as after_commit:
        boards = remote.open_remote_boards(published_round, clock_seconds=600, no_show_seconds=60)
    assert len(boards) == 3 and len(after_commit) == 1
    tournament.refresh_from_db()
    assert tournament.revision == before + 1


def test_the_answers_are_the_remote_game_the_schema_declares(published_round, south, north):
    """The views answer the game's state as it is: each answer is exactly what the schema's
    serializer makes of it, no field more or less, each of its type."""
    board = open_board(published_round, no_show=60)
    answers = [
        south.get("/api/v1/me/game/"),
        move(south, board, 1, "C"),
        north.post(f"/api/v1/tournaments/accra/games/{board.pairing_id}/resign/"),
    ]
    for answer in answers:
        assert answer.status_code == 200
        assert json.loads(json.dumps(RemoteGameSerializer(answer.json()).data)) == answer.json()
