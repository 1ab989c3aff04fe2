"""A whole reference game played through the live-board service, one move a request.

    .venv/bin/python bench/live_board.py [--game auale-00001] [--repeat 7]

Each ply is what a device's "moves" request costs the server: `games.live.play` with that one
move, then `games.live.board_state`, the answer the view sends back. The game is read from the
Oware reference corpus (tests/data/oware, abapa). Prints the CPU time of the whole game (best and
median of the runs), a request's early and late in the game, and how many plies the rules engine
replayed; CPU time, since the two shared cores make wall-clock times swing. Uses a throw-away
SQLite database unless DATABASE_URL is set (then a test database is created and dropped on that
server).
"""

import argparse
import gzip
import json
import os
import statistics
import sys
import time
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings_test")

CORPUS = REPO / "tests" / "data" / "oware" / "abapa.jsonl.gz"
DEVICE = "bench-device-0001"


@contextmanager
def test_database():
    """Django set up for tests, on a test database made for the block (on the server of
    DATABASE_URL, SQLite when it is not set) and dropped after: yields its connection."""
    import django
    from django.test.utils import setup_test_environment

    django.setup()
    setup_test_environment()
    from django.db import connection

    old_name = connection.creation.create_test_db(verbosity=0)
    try:
        yield connection
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def reference_moves(game_id: str) -> list[int]:
    """The mover-relative pits of the corpus game `game_id`."""
    with gzip.open(CORPUS, "rt") as lines:
        for line in lines:
            game = json.loads(line)
            if game["id"] == game_id:
                return game["moves"]
    sys.exit(f"no game {game_id} in {CORPUS}")


def fresh_round(run: int, boards: int = 1):
    """A published round of `boards` boards in a new tournament, results kept for the arbiter
    to confirm."""
    from tournaments.models import Player, Round, Tournament
    from tournaments.services.rounds import store_boards

    tournament = Tournament.objects.create(name=f"Bench {run}", slug=f"bench-{run}")
    section = tournament.sections.create(name="Open", slug="open")
    names = ["Ama", "Kofi"] if boards == 1 else [f"P{n}" for n in range(1, 2 * boards + 1)]
    players = [
        Player.objects.create(section=section, name=name, sex="m", pairing_number=number)
        for number, name in enumerate(names, start=1)
    ]
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(players[2 * i], players[2 * i + 1], "") for i in range(boards)])
    return round_


def fresh_pairing(run: int):
    """The one pairing of `fresh_round`."""
    return fresh_round(run).pairings.get()


def play_game(moves: list[int], run: int) -> list[float]:
    """CPU seconds of each request of `moves`, played one at a time on a new board."""
    from games import live
    from games.models.live import LiveBoard

    code = live.live_board_code(fresh_pairing(run))
    board = LiveBoard.objects.get(code=code)
    board = live.claim(board, live.BOTH, DEVICE, f"{board.south_pin} {board.north_pin}")
    spent = []
    for ply, move in enumerate(moves):
        start = time.process_time()
        board = live.play(board, DEVICE, ply, [{"move": move, "clock": 1200 - ply}])
        live.board_state(board, DEVICE)
        spent.append(time.process_time() - start)
    assert board.finished, "the reference game should end on its last move"
    return spent


def plies_replayed(moves: list[int], run: int) -> int:
    """How many plies the rules engine replays while the game is played (an untimed pass): every
    module of the product that calls `replay` is given a counting one for the pass."""
    from oware.replay import replay as original

    counted = 0

    def counting(played, *args, **kwargs):
        nonlocal counted
        counted += len(played)
        return original(played, *args, **kwargs)

    callers = [
        module
        for name, module in list(sys.modules.items())
        if name.split(".")[0] in ("games", "tournaments") and vars(module).get("replay") is original
    ]
    for module in callers:
        module.replay = counting
    try:
        play_game(moves, run)
    finally:
        for module in callers:
            module.replay = original
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="auale-00001")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    moves = reference_moves(args.game)
    with test_database() as connection:
        runs = [play_game(moves, run) for run in range(args.repeat)]
        replayed = plies_replayed(moves, args.repeat)
    report(args.game, len(moves), runs, connection.vendor)
    print(f"the rules engine replayed {replayed:,} plies in all")


def report(game: str, plies: int, runs: list[list[float]], vendor: str) -> None:
    """The whole game's CPU time, and a request's in the first and the last tenth of the game
    (a cost that grows with the moves already played shows as a difference)."""
    totals = [sum(run) for run in runs]
    tenth = max(1, plies // 10)
    first = min(sum(run[:tenth]) for run in runs) / tenth
    last = min(sum(run[-tenth:]) for run in runs) / tenth
    print(f"game {game}: {plies} plies, one move a request, {vendor}")
    print(
        f"CPU {min(totals) * 1000:.0f} ms a game (median {statistics.median(totals) * 1000:.0f}"
        f" ms, best of {len(runs)}); a request {first * 1000:.2f} ms in the first tenth, "
        f"{last * 1000:.2f} ms in the last"
    )


if __name__ == "__main__":
    main()
