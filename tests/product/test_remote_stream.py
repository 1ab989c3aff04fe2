"""The push of a remote game's states (games/stream.py) as a WSGI worker serves it, read with
the Django test client: the current state first, each move as it is stored, and the flag fall
the server's clock decides, pushed with nobody moving. The ASGI worker's stream, woken by
PostgreSQL's NOTIFY, is tested in tests/foundation/test_remote_stream_serving.py."""

import json

import jsonschema
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games import remote
from games.models.live import LiveBoard
from games.schema import MY_STREAM_PATH, STREAM_PATH
from tests.players.helpers import make_player_account

pytestmark = pytest.mark.django_db


@pytest.fixture
def ama(players):
    return make_player_account("ama@example.org", player=players[0]).user


@pytest.fixture
def kofi(players):
    return make_player_account("kofi@example.org", player=players[1]).user


def states(client, board):
    """The stream's events, parsed, one at a time (keep-alive comments skipped)."""
    response = client.get(f"/api/v1/tournaments/accra/games/{board.pairing_id}/stream/")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    assert response["X-Accel-Buffering"] == "no"
    for chunk in response.streaming_content:
        if chunk.startswith(b"id: "):
            yield json.loads(chunk.decode().split("data: ", 1)[1])


def test_each_move_is_pushed_to_the_opponent(client, published_round, ama, kofi, settings):
    settings.REMOTE_STREAM_CHECK_SECONDS = 0.05
    board = remote.open_remote_boards(published_round, clock_seconds=600, no_show_seconds=None)[0]
    client.force_login(kofi)
    pushed = states(client, board)
    first = next(pushed)
    assert (first["side"], first["ply"], first["your_turn"]) == ("N", 1, False)
    south = APIClient()
    south.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=ama).key}")
    answer = south.post(
        f"/api/v1/tournaments/accra/games/{board.pairing_id}/moves/",
        {"ply": 1, "move": "D"},
        format="json",
    )
    assert answer.status_code == 200
    second = next(pushed)
    assert second["moves"] == ["D"] and second["your_turn"] and second["ply"] == 2
    assert second["revision"] > first["revision"]


def test_the_flag_fall_is_pushed_with_nobody_moving(client, published_round, ama, kofi, settings):
    settings.REMOTE_STREAM_CHECK_SECONDS = 0.05
    board = remote.open_remote_boards(published_round, clock_seconds=1, no_show_seconds=None)[0]
    client.force_login(ama)
    pushed = states(client, board)
    assert next(pushed)["state"] == "playing"
    last = next(pushed)  # a second later, at South's flag
    assert (last["state"], last["ending"], last["decided_by"]) == ("finished", "time", "S")
    assert last["points"] == ["0", "1"]
    assert list(pushed) == []  # the stream ends with the game


def test_the_page_draws_the_players_own_side(client, published_round, kofi, charlie):
    board = remote.open_remote_boards(published_round, clock_seconds=60, no_show_seconds=None)[0]
    path = f"/t/accra/remote/{board.pairing_id}/"
    assert client.get(path)["Location"].startswith("/account/player/sign-in/")
    client.force_login(kofi)
    page = client.get(path)
    assert page.status_code == 200
    assert b'data-side="N"' in page.content
    client.force_login(charlie)
    assert client.get(path)["Location"] == f"/t/accra/board/{board.code}/watch/"
    other = published_round.pairings.get(board=2)
    LiveBoard.objects.filter(pairing=other).delete()  # no remote board: the game's public page
    assert client.get(f"/t/accra/remote/{other.pk}/")["Location"] == f"/t/accra/game/{other.pk}/"


def test_a_program_reads_the_stream_with_its_players_token(published_round, kofi, settings):
    settings.REMOTE_STREAM_CHECK_SECONDS = 0.05
    board = remote.open_remote_boards(published_round, clock_seconds=60, no_show_seconds=None)[0]
    token = Token.objects.create(user=kofi).key
    bot = APIClient()
    bot.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert next(states(bot, board))["side"] == "N"
    assert next(states(APIClient(), board))["side"] is None  # a spectator
    missing = APIClient().get("/api/v1/tournaments/accra/games/999999/stream/")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


def sse_fields(response):
    """Each event of a stream as its SSE fields, as a client parses them (comments skipped)."""
    assert response.status_code == 200
    assert response["Content-Type"] == "text/event-stream"
    for chunk in response.streaming_content:
        text = chunk.decode()
        if not text.startswith(":"):
            yield dict(line.split(": ", 1) for line in text.strip().splitlines())


def my_events(client):
    """The player's own stream's events as (type, data)."""
    for fields in sse_fields(client.get("/api/v1/me/stream/")):
        yield fields["event"], json.loads(fields["data"])


def test_a_players_own_stream_follows_his_games_one_after_the_other(
    client, published_round, ama, kofi, settings
):
    settings.REMOTE_STREAM_CHECK_SECONDS = 0.05
    client.force_login(kofi)
    pushed = my_events(client)
    assert next(pushed) == ("waiting", {})  # round 1's boards are not open yet
    board = remote.open_remote_boards(published_round, clock_seconds=600, no_show_seconds=None)[0]
    kind, first = next(pushed)
    assert (kind, first["id"], first["side"], first["your_turn"]) == (
        "state",
        board.pairing_id,
        "N",
        False,
    )
    south = APIClient()
    south.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=ama).key}")
    game = f"/api/v1/tournaments/accra/games/{board.pairing_id}"
    assert south.post(f"{game}/moves/", {"ply": 1, "move": "D"}, format="json").status_code == 200
    kind, second = next(pushed)
    assert (kind, second["moves"], second["your_turn"]) == ("state", ["D"], True)
    assert south.post(f"{game}/resign/").status_code == 200
    kind, over = next(pushed)
    assert (kind, over["state"], over["ending"], over["points"]) == (
        "state",
        "finished",
        "resign",
        ["0", "1"],
    )
    assert next(pushed) == ("waiting", {})  # until his next game opens


def test_the_streams_events_are_as_the_schema_describes_them(
    client, published_round, ama, kofi, settings, api_schema
):
    def event_schema(path):
        content = api_schema["paths"][path]["get"]["responses"]["200"]["content"]
        return content["text/event-stream"]["schema"]

    game_fields = set(api_schema["components"]["schemas"]["RemoteGame"]["properties"])
    settings.REMOTE_STREAM_CHECK_SECONDS = 0.05
    client.force_login(kofi)
    mine = sse_fields(client.get("/api/v1/me/stream/"))
    waiting = next(mine)
    board = remote.open_remote_boards(published_round, clock_seconds=600, no_show_seconds=None)[0]
    playing = next(mine)
    game = f"/api/v1/tournaments/accra/games/{board.pairing_id}/stream/"
    own = next(sse_fields(client.get(game)))
    for path, fields in ((MY_STREAM_PATH, waiting), (MY_STREAM_PATH, playing), (STREAM_PATH, own)):
        jsonschema.validate(fields, event_schema(path))
    assert waiting["event"] == "waiting" and json.loads(waiting["data"]) == {}
    for fields in (playing, own):
        state = json.loads(fields["data"])
        assert (fields["event"], fields["id"]) == ("state", str(state["revision"]))
        assert set(state) == game_fields
    with pytest.raises(jsonschema.ValidationError):  # the schema tells a wrong event
        jsonschema.validate({**waiting, "event": "waiting"}, event_schema(STREAM_PATH))
