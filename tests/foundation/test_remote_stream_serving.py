"""The remote games' streams as production serves them: scripts/serve-stream (Django's ASGI
application, uvicorn workers under gunicorn) behind docker-compose's nginx (deploy/nginx.conf).
A move the WSGI server (scripts/serve) stores reaches the streams of another process, event by
event through nginx, unbuffered: a game's stream and a player's own, which then says `waiting`
until his next game opens and pushes that one at once. On PostgreSQL through LISTEN/NOTIFY
(games/board_news.py), on SQLite by the stream's own checks of the board and of his games."""

import json
import subprocess
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.servers import (
    free_port,
    migrated,
    nginx_in_front,
    run_django,
    scratch_postgres,
    serve,
    serve_stream,
    stop,
    wait_until_served,
)
from tests.sse import next_event, next_state, open_my_stream, open_stream

# One remote game: Ama (South) against Kofi (North), each with his account and API token.
SETUP = """
import json, django
django.setup()
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token
from games.remote import open_remote_boards
from players.models import Account, AccountLink
from tournaments.models import Round, Tournament
from tournaments.services.rounds import store_boards

users = get_user_model().objects
arbiter = users.create_user("arbiter", password="arbiter-password-1")
tournament = Tournament.objects.create(name="Online Open", slug="online")
tournament.arbiters.add(arbiter)
section = tournament.sections.create(name="Open", slug="open")
ama = section.players.create(name="Ama", sex="w", pairing_number=1)
kofi = section.players.create(name="Kofi", sex="m", pairing_number=2)
tokens = []
for player, address in ((ama, "ama@example.org"), (kofi, "kofi@example.org")):
    user = users.create_user(address, email=address, password="p-4-ss-word!")
    account = Account.objects.create(user=user, email_checked=True)
    AccountLink.objects.create(account=account, player=player, status="confirmed")
    tokens.append(Token.objects.create(user=user).key)
round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
store_boards(round_, [(ama, kofi, "")])
board = open_remote_boards(round_, clock_seconds=600, no_show_seconds=None)[0]
print(json.dumps({"game": board.pairing_id, "tokens": tokens}))
"""

# The second round: Kofi now South.
SECOND_ROUND = """
import json, django
django.setup()
from games.remote import open_remote_boards
from tournaments.models import Round, Section
from tournaments.services.rounds import store_boards

section = Section.objects.get(slug="open")
ama, kofi = section.players.order_by("pairing_number")
round_ = Round.objects.create(section=section, number=2, status=Round.Status.PUBLISHED)
store_boards(round_, [(kofi, ama, "")])
board = open_remote_boards(round_, clock_seconds=600, no_show_seconds=None)[0]
print(json.dumps({"game": board.pairing_id}))
"""


def move(port: int, game: int, token: str, ply: int, letter: str) -> int:
    return post(port, f"games/{game}/moves/", token, {"ply": ply, "move": letter})


def post(port: int, path: str, token: str, body: dict) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/tournaments/online/{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        return answer.status


@contextmanager
def database_of(kind: str, folder: Path):
    if kind == "postgresql":
        with scratch_postgres("oware_stream") as database:
            migrated(database)
            yield database
    else:
        database = f"sqlite:///{folder / 'db.sqlite3'}"
        migrated(database)
        yield database


# PostgreSQL: the stream is woken by NOTIFY. SQLite: it checks the board's revision itself.
# Each kind's database is the test's own, whatever DATABASE_URL names: both run in the plain
# pass (`make test`), and the PostgreSQL pass, which would run them the same again, leaves them.
@pytest.mark.parametrize("kind", ["postgresql", "sqlite"])
def test_a_move_reaches_the_stream_of_another_process_through_nginx(tmp_path, kind):
    with database_of(kind, tmp_path) as database:
        app_port, stream_port = free_port(), free_port()
        app = serve(database, app_port)
        streams = None
        try:
            wait_until_served(app_port, "/healthz")
            made = run_django(SETUP, DATABASE_URL=database)
            assert made.returncode == 0, made.stderr[-2000:]
            setup = json.loads(made.stdout.strip().splitlines()[-1])
            # Keep-alive comments once a minute: a stream that missed a NOTIFY would stay silent
            # past the test's 20-second read timeout and fail it.
            streams = serve_stream(database, stream_port, REMOTE_STREAM_KEEP_ALIVE="60")
            wait_until_served(stream_port, "/healthz")
            with nginx_in_front(app_port, tmp_path, stream_port=stream_port) as proxy_port:
                watching, answer = open_stream(proxy_port, "online", setup["game"])
                assert answer.status == 200
                assert answer.getheader("Content-Type") == "text/event-stream"
                south, north = setup["tokens"]
                kofis, his = open_my_stream(proxy_port, north)
                assert his.status == 200
                first = next_state(answer)
                assert first["moves"] == [] and first["to_move"] == "S"
                kind, state = next_event(his)
                assert (kind, state["id"], state["side"], state["your_turn"]) == (
                    "state",
                    setup["game"],
                    "N",
                    False,
                )
                assert move(proxy_port, setup["game"], south, 1, "C") == 200
                assert next_state(answer)["moves"] == ["C"]
                kind, state = next_event(his)
                assert (kind, state["moves"], state["your_turn"]) == ("state", ["C"], True)
                assert move(proxy_port, setup["game"], north, 2, "a") == 200
                second = next_state(answer)
                assert second["moves"] == ["C", "a"] and second["to_move"] == "S"
                assert next_event(his)[1]["moves"] == ["C", "a"]
                watching.close()
                # Ama resigns: Kofi's stream says so, then waits for his next game ...
                assert post(proxy_port, f"games/{setup['game']}/resign/", south, {}) == 200
                kind, over = next_event(his)
                assert (kind, over["state"], over["ending"]) == ("state", "finished", "resign")
                assert next_event(his) == ("waiting", {})
                # ... which it pushes as soon as the next round's boards open.
                opened = run_django(SECOND_ROUND, DATABASE_URL=database)
                assert opened.returncode == 0, opened.stderr[-2000:]
                game = json.loads(opened.stdout.strip().splitlines()[-1])["game"]
                kind, state = next_event(his)
                assert (kind, state["id"], state["side"], state["your_turn"]) == (
                    "state",
                    game,
                    "S",
                    True,
                )
                kofis.close()
        finally:
            if streams is not None:
                stop(streams)
            stop(app)


def connections_to(database: str) -> int:
    """How many connections the PostgreSQL server holds open to `database`, this count's own
    left out."""
    counted = subprocess.run(
        [
            "psql",
            "-Atq",
            database,
            "-c",
            "SELECT count(*) - 1 FROM pg_stat_activity WHERE datname = current_database()",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(counted.stdout.strip())


def test_streams_wait_without_a_database_connection_each(tmp_path):
    # An online event's players each hold a stream for the whole game: a connection per stream
    # would go past PostgreSQL's max_connections with a few hundred players. One stream worker
    # reading on two threads holds at most three: those two and its listener.
    with scratch_postgres("oware_stream") as database:
        migrated(database)
        app_port, stream_port = free_port(), free_port()
        app = serve(database, app_port)
        streams = None
        watching = []
        try:
            wait_until_served(app_port, "/healthz")
            made = run_django(SETUP, DATABASE_URL=database)
            assert made.returncode == 0, made.stderr[-2000:]
            setup = json.loads(made.stdout.strip().splitlines()[-1])
            streams = serve_stream(
                database,
                stream_port,
                STREAM_CONCURRENCY="1",
                REMOTE_STREAM_DATABASE_THREADS="2",
                REMOTE_STREAM_KEEP_ALIVE="60",
            )
            wait_until_served(stream_port, "/healthz")
            before = connections_to(database)
            south, north = setup["tokens"]
            watching = [open_stream(stream_port, "online", setup["game"]) for _ in range(6)]
            # The players' own streams too, as each player's program holds one.
            watching += [open_my_stream(stream_port, token) for token in (south, north) * 3]
            for _connection, answer in watching:
                assert next_state(answer)["moves"] == []
            # A connection closed by its client leaves the server's list a moment later.
            deadline = time.monotonic() + 10
            while connections_to(database) > before + 3 and time.monotonic() < deadline:
                time.sleep(0.2)
            assert connections_to(database) <= before + 3
            assert move(app_port, setup["game"], south, 1, "C") == 200
            for _connection, answer in watching:
                assert next_state(answer)["moves"] == ["C"]
        finally:
            for connection, _answer in watching:
                connection.close()
            if streams is not None:
                stop(streams)
            stop(app)
