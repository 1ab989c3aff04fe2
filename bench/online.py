"""An online event played by bots through the HTTP API, on a real server and its task worker:
how long a move takes to reach the opponent, how soon the next round is published after the last
game, how close to the delay a no-show is forfeited, and whether any move was lost.

    .venv/bin/python bench/online.py [--players 40] [--rounds 3] [--no-shows 0.1] [--late 0.05]
                                     [--clock 1] [--no-show-seconds 10] [--gap 1] [--workers 2]
                                     [--pause 0.05]

A scratch PostgreSQL database (the tests' server, TEST_DATABASE_URL), scripts/serve with
`--workers` gunicorn workers and `manage.py task_worker --interval 0.2` (the database's queue)
beside it
(tests/online/event_server.py). The organiser's script creates the event (one-minute clocks by
default) and starts it; a share `--no-shows` of the entered players never show up, a share
`--late` enters after the start. Every other player is a bot (tests/online/bots.py) in a thread
of this process: it reads `GET /api/v1/me/game/` every `--pause` seconds and sends a random
legal move when it is his turn. The opponent learns of a move by his next read, so the move →
opponent figure is a reading by polling (the push by Server-Sent Events is not what the bots
use): the time from a move's request to the opponent's first read of the next ply.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.online.bots import Api, Bot  # noqa: E402
from tests.online.event_server import event_server  # noqa: E402
from tests.servers import run_django  # noqa: E402

SLUG = "bench-online"

FIGURES = """
import json
import django
django.setup()
from datetime import timedelta
from games.models.live import LiveBoard
from tournaments.models import GameRecord, ResultChange, Round
slug = %(slug)r
rounds = []
for round_ in Round.objects.filter(section__tournament__slug=slug).order_by("number"):
    last = ResultChange.objects.filter(pairing__round=round_).order_by("-changed_at").first()
    rounds.append([round_.number, round_.published_at.timestamp(),
                   last.changed_at.timestamp() if last else None])
no_shows = []
for board in LiveBoard.objects.filter(
    remote=True, pairing__round__section__tournament__slug=slug,
    pairing__result__ending__in=["forfeit", "double_forfeit"],
).select_related("pairing"):
    if board.moves:
        continue  # North absent: due after South's first move, which the board does not date
    recorded = ResultChange.objects.filter(pairing=board.pairing).order_by("changed_at").first()
    due = board.opened_at + timedelta(seconds=board.no_show_seconds)
    no_shows.append((recorded.changed_at - due).total_seconds())
records = GameRecord.objects.filter(pairing__round__section__tournament__slug=slug)
boards = LiveBoard.objects.filter(remote=True, pairing__round__section__tournament__slug=slug)
# A game forfeited after South's first move (North absent) is unplayed: no record, but its
# board keeps the move.
print(json.dumps({
    "rounds": rounds,
    "no_shows": no_shows,
    "on_boards": sum(len(board.moves) for board in boards),
    "in_records": sum(len(record.moves) for record in records),
    "records": records.count(),
    "boards": boards.count(),
}))
"""


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-shows", type=float, default=0.1)
    parser.add_argument("--late", type=float, default=0.05)
    parser.add_argument("--clock", type=int, default=1)
    parser.add_argument("--no-show-seconds", type=int, default=10)
    parser.add_argument("--gap", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--pause", type=float, default=0.05)
    options = parser.parse_args()
    absent = max(1, round(options.players * options.no_shows))
    late = max(1, round(options.players * options.late))
    began = time.monotonic()
    with event_server(options.players, workers=options.workers, prefix="bench_online") as server:
        apis = {name: Api(server.port, token) for name, token in server.tokens.items()}
        organiser = apis["organiser"]
        status, created = organiser.post(
            "/api/v1/tournaments/",
            {
                "name": "Bench Online",
                "slug": SLUG,
                "rounds": options.rounds,
                "online": {
                    "clock_minutes": options.clock,
                    "no_show_seconds": options.no_show_seconds,
                    "next_round": "after_last_game",
                    "gap_seconds": options.gap,
                },
            },
        )
        assert status == 201, created
        names = [f"player{n}" for n in range(options.players)]
        early, joining = names[: len(names) - late], names[len(names) - late :]
        for name in early:
            assert apis[name].post(f"/api/v1/tournaments/{SLUG}/open/entries/")[0] == 201
        bots = [Bot(apis[name], seed=n, pause=options.pause) for n, name in enumerate(names)]
        playing = [bot for bot, name in zip(bots, names, strict=True) if name not in early[:absent]]
        for bot in playing:
            bot.start()
        revision = organiser.get(f"/api/v1/tournaments/{SLUG}/")[1]["revision"]
        started = time.monotonic()
        status, answer = organiser.post(
            f"/api/v1/tournaments/{SLUG}/start/", {"expected_version": revision}
        )
        assert status == 200, answer
        for name in joining:
            assert apis[name].post(f"/api/v1/tournaments/{SLUG}/open/entries/")[0] == 201
        while organiser.get(f"/api/v1/tournaments/{SLUG}/")[1]["status"] != "finished":
            time.sleep(0.5)
        played = time.monotonic() - started
        for bot in playing:
            bot.stop()
        figures = run_django(FIGURES % {"slug": SLUG}, DATABASE_URL=server.database)
        assert figures.returncode == 0, figures.stderr[-3000:]
        found = json.loads(figures.stdout.strip().splitlines()[-1])

    seen = {}
    for bot in playing:
        for key, moment in bot.first_seen.items():
            seen.setdefault(key, []).append(moment)
    latencies = []
    for bot in playing:
        for (game, ply), sent in bot.sent_at.items():
            # The opponent's first read of the next ply (the mover's own read of it is later
            # than his answer, so the earliest read of the pair is the opponent's or his).
            readers = [m for m in seen.get((game, ply + 1), []) if m >= sent]
            if readers:
                latencies.append(min(readers) - sent)
    gaps = [
        after[1] - before[2]
        for before, after in zip(found["rounds"], found["rounds"][1:], strict=False)
    ]
    accepted = sum(bot.moves_sent for bot in playing)
    print(
        f"{options.players} players ({absent} no-shows, {late} late) x {options.rounds} rounds, "
        f"{options.clock}-minute clocks, {options.workers} web workers: "
        f"event {played:.0f} s (setup and all {time.monotonic() - began:.0f} s)"
    )
    if latencies:
        print(
            f"move -> opponent's read: {len(latencies)} moves, median "
            f"{statistics.median(latencies) * 1000:.0f} ms, p99 "
            f"{percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms"
        )
    print("pairing published after the last game: " + ", ".join(f"{g:.1f} s" for g in gaps))
    if found["no_shows"]:
        print(
            f"no-show forfeits after their delay: {len(found['no_shows'])}, median "
            f"{statistics.median(found['no_shows']):.2f} s, max {max(found['no_shows']):.2f} s"
        )
    print(
        f"moves accepted {accepted}, kept on the boards {found['on_boards']}, in the "
        f"{found['records']} records of {found['boards']} games {found['in_records']}"
    )


if __name__ == "__main__":
    main()
