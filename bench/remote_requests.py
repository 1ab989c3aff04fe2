"""A remote game's requests as its players' programs send them: the server's CPU and queries.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
        .venv/bin/python bench/remote_requests.py [--game auale-00001] [--repeat 5]

Two players with their tokens play a reference game (tests/data/oware, abapa) on a remote board
through the whole Django stack (middleware, token authentication, the API view, the service),
in this process: before each move, the player to move reads his game (`GET /api/v1/me/game/`,
what a bot polls), then sends it (`POST …/games/{id}/moves/`). The game stops one move short of
its end, so that every request measured is one of a game under way. Prints, for each kind, the
CPU time of a request (median of the game, best of the runs) and the queries it sent (most of
the game; the first move of each player sends one more). CPU time, since the two shared cores
make wall-clock times swing. A test database is created and dropped on the server of
DATABASE_URL (SQLite when it is not set).
"""

import argparse
import os
import statistics
import sys
import time
from functools import partial
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings_test")

from bench.live_board import fresh_pairing, reference_moves, test_database  # noqa: E402


def players_of(pairing, run: int):
    """An API client signed in with his token for each side of `pairing`."""
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from players.models import Account, AccountLink

    clients = []
    for player in (pairing.south, pairing.north):
        address = f"{player.name.lower()}-{run}@example.org"
        user = get_user_model().objects.create_user(address, email=address)
        account = Account.objects.create(user=user, email_checked=True)
        AccountLink.objects.create(account=account, player=player, status="confirmed")
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=user).key}")
        clients.append(client)
    return clients


def play_game(moves: list[int], run: int) -> dict[str, list[tuple[float, int]]]:
    """(CPU seconds, queries) of each read and each move of `moves` but the last."""
    from django.contrib.auth import get_user_model
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from games import remote
    from oware.replay import replay
    from oware.sides import Side

    pairing = fresh_pairing(run)
    pairing.round.section.tournament.arbiters.add(
        get_user_model().objects.create_user(f"arbiter-{run}")
    )
    board = remote.open_remote_boards(pairing.round, clock_seconds=1200, no_show_seconds=60)[0]
    clients = players_of(pairing, run)
    sides = replay(moves, "abapa").sides
    spent: dict[str, list[tuple[float, int]]] = {"read": [], "move": []}
    url = f"/api/v1/tournaments/{pairing.round.section.tournament.slug}/games/{board.pairing_id}"
    for ply, (pit, side) in enumerate(zip(moves[:-1], sides, strict=False), start=1):
        client = clients[side]
        body = {"ply": ply, "move": remote.pit_letter(Side(side), pit)}
        for kind, send in (
            ("read", partial(client.get, "/api/v1/me/game/")),
            ("move", partial(client.post, f"{url}/moves/", body, format="json")),
        ):
            reset_queries()  # the log keeps 9,000 queries, and counts none past them
            with CaptureQueriesContext(connection) as queries:
                start = time.process_time()
                answer = send()
                used = time.process_time() - start
            assert answer.status_code == 200, answer.content
            spent[kind].append((used, len(queries)))
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="auale-00001")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    moves = reference_moves(args.game)
    with test_database() as connection:
        runs = [play_game(moves, run) for run in range(args.repeat)]
    print(f"game {args.game}: {len(moves) - 1} moves and reads, {connection.vendor}")
    for kind, label in (("read", "GET me/game"), ("move", "POST moves")):
        medians = [statistics.median(used for used, _queries in run[kind]) for run in runs]
        queries = statistics.mode(count for run in runs for _used, count in run[kind])
        print(
            f"{label}: CPU {min(medians) * 1000:.2f} ms a request (median of the game, best of "
            f"{len(runs)}), {queries} queries"
        )


if __name__ == "__main__":
    main()
