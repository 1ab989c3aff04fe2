"""One rating period of a large register: FIDE Elo and Glicko-2.

    .venv/bin/python bench/ratings.py                      # 10,000 players, 100 events
    .venv/bin/python bench/ratings.py --repeat 5 --cli     # also the command line on TRF files

A register of `--players` players (a tenth of them unrated for FIDE, new for Glicko-2) and
`--events` events of 400 players and 10 rounds each, paired at random, results drawn from the
rating difference: 2,000 games an event, 200,000 in the period. Prints the CPU time of
`ratings.fide.rate_period` and `ratings.glicko2.rate_period` over the plain records (best and
median of `--repeat` runs). With `--cli`, also writes the list and the events as CSV and TRF files
to a temporary folder and times `python -m ratings` on them, reading the files included (CPU and
wall clock, one run each).
"""

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from ratings import fide, glicko2  # noqa: E402
from ratings.records import DRAW, LOSS, WIN, Event, Game  # noqa: E402

EVENT_PLAYERS = 400
ROUNDS = 10


def register(count: int, rng: random.Random):
    """(id, rating or None, rated games, birth year) of each player."""
    players = []
    for number in range(count):
        rating = None if rng.random() < 0.1 else max(1400, min(2750, int(rng.gauss(1850, 250))))
        players.append(
            (f"{100000 + number}", rating, rng.choice((0, 12, 40, 200)), rng.randint(1950, 2016))
        )
    return players


def events(players, count: int, rng: random.Random):
    """Each event as (end date, rounds of (a, b, score of a)), a and b indices of players."""
    made = []
    for index in range(count):
        field = rng.sample(range(len(players)), EVENT_PLAYERS)
        rounds = []
        for _ in range(ROUNDS):
            rng.shuffle(field)
            board = []
            for a, b in zip(field[::2], field[1::2], strict=True):
                ra, rb = players[a][1] or 1500, players[b][1] or 1500
                expected = 1 / (1 + 10 ** ((rb - ra) / 400))
                draw = rng.random() < 0.3
                score = DRAW if draw else (WIN if rng.random() < expected else LOSS)
                board.append((a, b, score))
            rounds.append(board)
        made.append((date(2026, 1 + index % 12, 1 + index % 28), rounds))
    return made


def period(players, made):
    return [
        Event(
            f"event {i}",
            end,
            tuple(
                game
                for board in rounds
                for a, b, score in board
                for game in (
                    Game(players[a][0], players[b][0], score),
                    Game(players[b][0], players[a][0], WIN - score),
                )
            ),
        )
        for i, (end, rounds) in enumerate(made)
    ]


def cpu(function, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        function()
        times.append(time.process_time() - start)
    return times


def write_files(folder: Path, players, made):
    """The FIDE and Glicko-2 lists and one TRF file an event."""
    with open(folder / "fide.csv", "w", encoding="utf-8") as out:
        out.write("id,name,rating,games,birth_year,k\n")
        for pid, rating, games, born in players:
            out.write(f"{pid},Player {pid},{'' if rating is None else rating},{games},{born},\n")
    with open(folder / "glicko2.csv", "w", encoding="utf-8") as out:
        out.write("id,name,rating,rd,volatility\n")
        for pid, rating, *_ in players:
            values = ",," if rating is None else f"{rating},{80 + int(pid) % 200},0.06"
            out.write(f"{pid},Player {pid},{values}\n")
    code = {WIN: ("1", "0"), DRAW: ("=", "="), LOSS: ("0", "1")}
    paths = []
    for index, (end, rounds) in enumerate(made):
        numbers, blocks = {}, {}
        for board in rounds:
            for a, b, score in board:
                for p in (a, b):
                    numbers.setdefault(p, len(numbers) + 1)
                mine, theirs = code[score]
                blocks.setdefault(a, []).append(f"{numbers[b]:>4} w {mine}")
                blocks.setdefault(b, []).append(f"{numbers[a]:>4} b {theirs}")
        lines = [f"012 Event {index}", f"052 {end:%Y/%m/%d}"]
        for p, number in numbers.items():
            pid, rating, *_ = players[p]
            head = f"001 {number:>4}      {'Player ' + pid:<33} {rating or '':>4} GHA {pid:>11}"
            lines.append(f"{head}{'':<23}" + "  ".join(blocks[p]))
        path = folder / f"event{index:03}.trf"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(path))
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--events", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cli", action="store_true", help="also time the command line on files")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    players = register(args.players, rng)
    made = events(players, args.events, rng)
    evs = period(players, made)
    games = sum(len(e.games) for e in evs) // 2
    print(f"{len(players):,} players, {len(evs)} events, {games:,} games")
    fide_players = [fide.FidePlayer(p, "", r, g, b) for p, r, g, b in players]
    glicko_players = [
        glicko2.Glicko2Player(p, "", r, 80 + int(p) % 200, 0.06)
        if r is not None
        else glicko2.Glicko2Player(p)
        for p, r, *_ in players
    ]
    for name, run in (
        ("FIDE", lambda: fide.rate_period(fide_players, evs, 2026)),
        ("Glicko-2", lambda: glicko2.rate_period(glicko_players, evs, 0.5)),
    ):
        times = cpu(run, args.repeat)
        print(f"{name:9} best {min(times):.2f} s  median {statistics.median(times):.2f} s CPU")
    if args.cli:
        with tempfile.TemporaryDirectory() as folder:
            paths = write_files(Path(folder), players, made)
            for system, listed in (("fide", "fide.csv"), ("glicko2", "glicko2.csv")):
                start = time.perf_counter()
                used = resource.getrusage(resource.RUSAGE_CHILDREN)
                done = subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "ratings",
                        system,
                        "--list",
                        str(Path(folder) / listed),
                        *paths,
                    ],
                    cwd=REPO,
                    capture_output=True,
                    text=True,
                )
                took = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu_time = (after.ru_utime + after.ru_stime) - (used.ru_utime + used.ru_stime)
                if done.returncode:
                    sys.exit(done.stderr)
                rows = done.stdout.count("\n") - 1
                print(
                    f"python -m ratings {system}: {cpu_time:.2f} s CPU, {took:.2f} s wall clock,"
                    f" {rows:,} rows"
                )


if __name__ == "__main__":
    main()
