"""A remote game's stream as production serves it: scripts/serve-stream (Django's ASGI
application, uvicorn workers under gunicorn) behind docker-compose's nginx (deploy/nginx.conf).
A move the WSGI server (scripts/serve) stores reaches the stream of another process, event by
event through nginx, unbuffered: on PostgreSQL through LISTEN/NOTIFY (games/board_news.py), on
SQLite by the stream's own check of the board's revision."""

import http.client
import json
import subprocess
import sys
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.servers import (
    ROOT,
    free_port,
    nginx_in_front,
    production_env,
    run_django,
    scratch_postgres,
    serve,
    stop,
    wait_until_served,
)

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


def serve_stream(database_url: str, port: int) -> subprocess.Popen:
    """scripts/serve-stream on `port`. Its keep-alive comments come once a minute: a stream that
    missed a NOTIFY would stay silent past the test's 20-second read timeout and fail it."""
    env = production_env(
        DATABASE_URL=database_url,
        BIND=f"127.0.0.1:{port}",
        PYTHON=sys.executable,
        REMOTE_STREAM_KEEP_ALIVE="60",
    )
    return subprocess.Popen(
        ["sh", "scripts/serve-stream"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def next_state(answer: http.client.HTTPResponse) -> dict:
    """The stream's next event (keep-alive comments skipped)."""
    while True:
        line = answer.readline()
        assert line, "the stream ended"
        if line.startswith(b"data: "):
            return json.loads(line[6:])


def move(port: int, game: int, token: str, ply: int, letter: str) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/tournaments/online/games/{game}/moves/",
        data=json.dumps({"ply": ply, "move": letter}).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
    )
    with urllib.request.urlopen(request, timeout=20) as answer:
        return answer.status


@contextmanager
def database_of(kind: str, folder: Path):
    if kind == "postgresql":
        with scratch_postgres("oware_stream") as database:
            yield database
    else:
        yield f"sqlite:///{folder / 'db.sqlite3'}"


# PostgreSQL: the stream is woken by NOTIFY. SQLite: it checks the board's revision itself.
@pytest.mark.parametrize(
    "kind", [pytest.param("postgresql", marks=pytest.mark.postgresql), "sqlite"]
)
def test_a_move_reaches_the_stream_of_another_process_through_nginx(tmp_path, kind):
    with database_of(kind, tmp_path) as database:
        app_port, stream_port = free_port(), free_port()
        app = serve(database, app_port)  # migrates the database first (manage.py release)
        streams = None
        try:
            wait_until_served(app_port, "/healthz")
            made = run_django(SETUP, DATABASE_URL=database)
            assert made.returncode == 0, made.stderr[-2000:]
            setup = json.loads(made.stdout.strip().splitlines()[-1])
            streams = serve_stream(database, stream_port)
            wait_until_served(stream_port, "/healthz")
            with nginx_in_front(app_port, tmp_path, stream_port=stream_port) as proxy_port:
                watching = http.client.HTTPConnection("127.0.0.1", proxy_port, timeout=20)
                watching.request("GET", f"/api/v1/tournaments/online/games/{setup['game']}/stream/")
                answer = watching.getresponse()
                assert answer.status == 200
                assert answer.getheader("Content-Type") == "text/event-stream"
                first = next_state(answer)
                assert first["moves"] == [] and first["to_move"] == "S"
                south, north = setup["tokens"]
                assert move(proxy_port, setup["game"], south, 1, "C") == 200
                assert next_state(answer)["moves"] == ["C"]
                assert move(proxy_port, setup["game"], north, 2, "a") == 200
                second = next_state(answer)
                assert second["moves"] == ["C", "a"] and second["to_move"] == "S"
                watching.close()
        finally:
            if streams is not None:
                stop(streams)
            stop(app)
