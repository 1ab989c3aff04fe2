"""An online event played by bots through the HTTP API and the games' streams, on the
docker-compose setup: how long a move takes to reach the opponent's stream, how soon the next
round is published after the last game, how close to the delay a no-show is forfeited, whether
any move was lost, and where the CPU went.

    .venv/bin/python bench/online.py [--players 300] [--rounds 7] [--no-shows 0.1] [--late 0.05]
                                     [--clock 5] [--think 2] [--poll SECONDS] [--resign-after PLIES]
                                     [--no-show-seconds 10] [--gap 1] [--workers 4]
                                     [--stream-workers 2] [--redis redis://127.0.0.1:6379]

The server is docker-compose's, on this machine (tests/online/event_server.py): a scratch
PostgreSQL database (the tests' server, TEST_DATABASE_URL), scripts/serve with `--workers`
sync gunicorn workers (compose's `web`: WEB_WORKER_CLASS=sync, WEB_CONCURRENCY=4), the streams'
ASGI server scripts/serve-stream with `--stream-workers` uvicorn workers (compose's `stream`),
nginx with deploy/nginx.conf in front of both, and `manage.py task_worker` on the database's
queue (compose without the `scale` profile has no Redis); with `--redis`, the cache and the
tasks' queue in that Redis (RQ's worker then), as under the `scale` profile. The organiser's
script creates the event and starts it; a share `--no-shows` of the entered players never show
up, a share `--late` enters after the start.

Every other player is a bot (tests/online/bots.py, StreamBot) in a thread of this process: it holds
its player's own stream (`GET /api/v1/me/stream/`, Server-Sent Events, through nginx, with its API
token), which brings each of its games as soon as it opens and then the game's states (with
`--poll`, as an older client: it asks `GET /api/v1/me/game/` every `--poll` seconds while it has no
game, then opens the game's own stream), and answers each state that gives it the move after
`--think` seconds on average (from half to one and a half times that), so that the server is loaded
as by people playing rather than by a flood; with `--resign-after` it resigns once its game has had
about that many plies (drawn per game from half to one and a half times that), so that games last
as long as people's rather than as random moves make them (a median near 100 plies) and a whole
event fits in less time. A player's first move must come within `--no-show-seconds` of the game's
opening, or he is forfeited as a no-show: keep it well above one and a half think times (and, with
`--poll`, the time to find the game). The move → opponent latency is pushed, not polled: from the
moment the mover sends the move's POST (and, apart, from its 200 answer) to the moment the
opponent's stream delivers the state with that move, on one monotonic clock in this process. A move
sent before the opponent had opened his stream (he was still finding his game) arrives in the
stream's first state and is left out of the latency.

The CPU time of each server (its process group), of the database's backends for this database
and of this process are sampled from /proc during the event, with the machine's busy time.
"""

import argparse
import json
import os
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.online.bots import Api, StreamBot  # noqa: E402
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
    "plies": sorted(len(board.moves) for board in boards),
    "endings": sorted(str(board.ending.value if board.ending else "") for board in boards),
    "unfinished": sum(1 for board in boards if not board.finished),
}))
"""

TICK = os.sysconf("SC_CLK_TCK")


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _stat(pid: str) -> tuple[int, float] | None:
    """(process group, CPU seconds used) of process `pid`, None if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return None
    return int(fields[2]), (int(fields[11]) + int(fields[12])) / TICK


def _machine_busy() -> float:
    """Seconds of CPU the whole machine has been busy (all cores, idle and iowait left out)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICK


class CpuSampler(threading.Thread):
    """Notes every few seconds the CPU time of each process of the servers' groups and of the
    database's backends serving `database` (one PostgreSQL process per connection), so that a
    process that ends during the event still counts up to its last sample."""

    def __init__(self, groups: dict[str, int], database: str, every: float = 2.0):
        super().__init__(daemon=True)
        self.groups = {pgid: name for name, pgid in groups.items()}
        self.database = database.rpartition("/")[2]
        self.every = every
        self.used: dict[int, tuple[str, float]] = {}
        self.at_start: dict[int, float] = {}
        self.backends_most = 0
        self.stopping = threading.Event()
        self.sample()
        self.at_start = {pid: used for pid, (_name, used) in self.used.items()}

    def sample(self) -> None:
        backends = 0
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            found = _stat(pid)
            if found is None:
                continue
            group, used = found
            name = self.groups.get(group)
            if name is None:
                try:
                    command = Path(f"/proc/{pid}/cmdline").read_bytes()
                except OSError:
                    continue
                if not command.startswith(b"postgres: ") or self.database.encode() not in command:
                    continue
                name = "postgresql"
                backends += 1
            self.used[int(pid)] = (name, used)
        self.backends_most = max(self.backends_most, backends)

    def run(self):
        while not self.stopping.wait(self.every):
            self.sample()

    def totals(self) -> Counter:
        self.stopping.set()
        self.sample()
        totals = Counter()
        for pid, (name, used) in self.used.items():
            totals[name] += used - self.at_start.get(pid, 0.0)
        return totals


def latencies_of(bots: list[StreamBot]):
    """(from the POST sent, from its 200 answer) → the opponent's stream, in seconds, for every
    move whose opponent was following the game; how many such moves never reached him; how many
    were sent before his stream was open."""
    arrivals: dict[tuple[int, int], list[tuple[int, float]]] = {}
    followers: dict[int, list[tuple[int, float]]] = {}
    for n, bot in enumerate(bots):
        for key, moment in bot.arrived.items():
            arrivals.setdefault(key, []).append((n, moment))
        for game, opened in bot.opened.items():
            followers.setdefault(game, []).append((n, opened))
    from_sent, from_answer, lost, early = [], [], [], 0
    for n, bot in enumerate(bots):
        for (game, ply), (sent, answered) in sorted(bot.sent_at.items()):
            opponents = [opened for m, opened in followers.get(game, []) if m != n]
            if not opponents:
                continue  # an absent opponent: nobody to push to
            if opponents[0] > sent:
                early += 1
                continue
            pushed = [moment for m, moment in arrivals.get((game, ply), []) if m != n]
            if not pushed:
                lost.append((game, ply))
                continue
            from_sent.append(pushed[0] - sent)
            from_answer.append(pushed[0] - answered)
    return from_sent, from_answer, lost, early


def tail_of(bots: list[StreamBot], slow: float) -> str:
    """Where the moves slower than `slow` seconds (sent → answered, the POST alone) lie: how
    many were a game's first or second ply, and how many were sent within 10 s of the moment
    the round's first game was opened (the round's start, when every game begins at once)."""
    opened = sorted(moment for bot in bots for moment in bot.opened.values())
    starts = [moment for n, moment in enumerate(opened) if n == 0 or moment - opened[n - 1] > 30]
    posts, slow_ones = [], []
    for bot in bots:
        for (_game, ply), (sent, answered) in bot.sent_at.items():
            posts.append(answered - sent)
            if answered - sent > slow:
                since = sent - max((start for start in starts if start <= sent), default=sent)
                slow_ones.append((ply, since))
    if not posts:
        return "no moves"
    opening = sum(1 for ply, _since in slow_ones if ply <= 2)
    early = sum(1 for _ply, since in slow_ones if since < 10)
    return (
        f"the move's POST alone: {spread(posts)}; {len(slow_ones)} POSTs over "
        f"{slow * 1000:.0f} ms, of which {opening} a game's ply 1 or 2 and {early} sent within "
        f"10 s of their round's start ({len(starts)} starts)"
    )


def enter(api: Api) -> int:
    """Enter the player of `api`, as a client does: a 503 (the database's lock or statement
    timeout, answered with Retry-After) is tried again a second later. Returns how many tries
    were refused so."""
    for refused in range(30):
        status, answer = api.post(f"/api/v1/tournaments/{SLUG}/open/entries/")
        if status != 503:
            assert status == 201, (status, answer)
            return refused
        time.sleep(1)
    raise AssertionError("the entry was refused 30 times")


def spread(values: list[float]) -> str:
    return (
        f"median {statistics.median(values) * 1000:.0f} ms, p95 "
        f"{percentile(values, 0.95) * 1000:.0f} ms, p99 {percentile(values, 0.99) * 1000:.0f} ms, "
        f"max {max(values) * 1000:.0f} ms"
    )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--no-shows", type=float, default=0.1)
    parser.add_argument("--late", type=float, default=0.05)
    parser.add_argument("--clock", type=int, default=5, help="minutes per player and game")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds per move")
    parser.add_argument(
        "--poll",
        type=float,
        default=None,
        help="seconds between me/game reads of an older client; default: the player's stream",
    )
    parser.add_argument(
        "--resign-after", type=int, default=None, help="plies, about; default: play to the end"
    )
    parser.add_argument("--no-show-seconds", type=int, default=10)
    parser.add_argument("--gap", type=int, default=1)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--stream-workers", type=int, default=2)
    parser.add_argument("--redis", default="", help="redis://host:port for the cache and queue")
    options = parser.parse_args()
    absent = max(1, round(options.players * options.no_shows))
    late = max(1, round(options.players * options.late))
    began = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="oware-bench-online-"))
    with event_server(
        options.players,
        workers=options.workers,
        prefix="bench_online",
        compose=folder,
        stream_workers=options.stream_workers,
        redis=options.redis,
    ) as server:
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
            assert enter(apis[name]) == 0
        bots = {
            name: StreamBot(
                apis[name],
                seed=n,
                think=options.think,
                poll=options.poll,
                resign_after=options.resign_after,
            )
            for n, name in enumerate(names)
            if name not in early[:absent]
        }
        playing = list(bots.values())
        for name in early[absent:]:
            bots[name].start()
        sampler = CpuSampler(server.processes, server.database)
        sampler.start()
        busy, own = _machine_busy(), resource.getrusage(resource.RUSAGE_SELF)
        load = os.getloadavg()[0]
        revision = organiser.get(f"/api/v1/tournaments/{SLUG}/")[1]["revision"]
        started = time.monotonic()
        status, answer = organiser.post(
            f"/api/v1/tournaments/{SLUG}/start/", {"expected_version": revision}
        )
        assert status == 200, answer
        late_refused = 0
        for name in joining:
            late_refused += enter(apis[name])
            bots[name].start()
        shown = started
        while organiser.get(f"/api/v1/tournaments/{SLUG}/")[1]["status"] != "finished":
            time.sleep(1)
            if time.monotonic() - shown >= 60:
                shown = time.monotonic()
                following = sum(1 for bot in playing if bot.following)
                print(
                    f"  {shown - started:.0f} s: {sum(bot.moves_sent for bot in playing)} moves, "
                    f"{following} streams open, load {os.getloadavg()[0]:.1f}",
                    file=sys.stderr,
                    flush=True,
                )
        played = time.monotonic() - started
        cpu = sampler.totals()
        busy = _machine_busy() - busy
        after = resource.getrusage(resource.RUSAGE_SELF)
        cpu["bench (this process)"] = after.ru_utime + after.ru_stime - own.ru_utime - own.ru_stime
        for bot in playing:
            bot.stop()
        figures = run_django(FIGURES % {"slug": SLUG}, DATABASE_URL=server.database)
        assert figures.returncode == 0, figures.stderr[-3000:]
        found = json.loads(figures.stdout.strip().splitlines()[-1])

    from_sent, from_answer, lost, early_moves = latencies_of(playing)
    gaps = [
        after[1] - before[2]
        for before, after in zip(found["rounds"], found["rounds"][1:], strict=False)
    ]
    accepted = sum(bot.moves_sent for bot in playing)
    print(
        f"{options.players} players ({absent} no-shows, {late} late) x {options.rounds} rounds, "
        f"{options.clock}-minute clocks, think {options.think} s, "
        f"{f'poll {options.poll} s' if options.poll else 'own streams'}, "
        f"resign after {options.resign_after or '-'} plies, "
        f"{options.workers} sync web workers, {options.stream_workers} stream workers, nginx: "
        f"event {played:.0f} s (setup and all {time.monotonic() - began:.0f} s), "
        f"load average at the start {load:.2f}"
    )
    if from_sent:
        print(f"move sent -> opponent's stream: {len(from_sent)} moves, {spread(from_sent)}")
        print(f"move's 200 answer -> opponent's stream: {spread(from_answer)}")
        print(tail_of(playing, slow=percentile(from_sent, 0.99)))
    print(
        f"moves never pushed to a following opponent: {len(lost)} {lost[:10]}; "
        f"sent before the opponent's stream was open: {early_moves}"
    )
    print(f"late entries answered 503 (tried again a second later): {late_refused}")
    print("pairing published after the last game: " + ", ".join(f"{g:.1f} s" for g in gaps))
    if found["no_shows"]:
        print(
            f"no-show forfeits after their delay: {len(found['no_shows'])}, median "
            f"{statistics.median(found['no_shows']):.2f} s, max {max(found['no_shows']):.2f} s"
        )
    print(
        f"moves accepted {accepted}, kept on the boards {found['on_boards']}, in the "
        f"{found['records']} records of {found['boards']} games {found['in_records']}; "
        f"unfinished games {found['unfinished']}"
    )
    plies = found["plies"]
    print(
        f"plies per game: median {statistics.median(plies):.0f}, p90 "
        f"{percentile(plies, 0.9)}, max {max(plies)}; endings "
        f"{dict(Counter(found['endings']))}"
    )
    refusals = [refusal for bot in playing for refusal in bot.refusals]
    failures = [failure for bot in playing for failure in bot.failures]
    print(
        f"resignations {sum(bot.resigned for bot in playing)}; "
        f"refused moves and resignations: {len(refusals)} {refusals[:5]}"
    )
    print(f"stream failures: {len(failures)} {failures[:5]}")
    print(
        f"CPU seconds during the event ({played:.0f} s x {os.cpu_count()} cores = "
        f"{os.cpu_count() * played:.0f} s): "
        + ", ".join(f"{name} {used:.0f}" for name, used in cpu.most_common())
        + f"; the whole machine {busy:.0f} (others: {busy - sum(cpu.values()):.0f}); "
        f"at most {sampler.backends_most} database connections"
    )


if __name__ == "__main__":
    main()
