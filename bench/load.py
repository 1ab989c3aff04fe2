"""A hall full of phones: spectators reading round pages, standings and the API while arbiters
post results, against gunicorn on PostgreSQL, with a trivial view measured the same way as the
ceiling.

    .venv/bin/python bench/load.py [--clients 50] [--seconds 30] [--workers 2] [--driver wrk]
                                   [--worker-class sync] [--proxy]

Without --url it creates a PostgreSQL database on DATABASE_URL's server, else TEST_DATABASE_URL's,
else 127.0.0.1:5432, migrates it, loads the demo tournament, starts `scripts/serve` on a free
loopback port, runs the scenario and drops the database. With --url it loads an already running
server (the demo must be loaded there, and --token given for the writes: the demo arbiter's API
token, printed by `manage.py api_token arbiter`; the API takes no passwords).

Every request loop is bounded by --seconds; the script stops by itself. It sends traffic to
loopback only. Before the phases, every page is read for a few seconds straight from the
application (not counted), so that no phase times a worker's first render.

The load comes from Python threads by default. With --driver wrk the single-page phases are
driven by wrk (a C load generator: Debian's package `wrk`), which leaves more of a small
machine's CPU to the server, so its figures are closer to what the server alone can do; the
event phase, which writes and watches results, always runs in Python.

--proxy puts nginx in front with the compose setup's own configuration (deploy/nginx.conf, its
upstream pointed at the server started here, its shared page copies in memory as compose's tmpfs
keeps them), and --worker-class sync runs gunicorn's plain workers as docker-compose does behind
that proxy. The trivial view is never shared by the proxy, so it stays the application's ceiling.
"""

import argparse
import http.client
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests import servers  # noqa: E402 - the tests' own way to start nginx as compose does

SLUG = "demo"
SECTION = "men"
WARM_UP_SECONDS = 3


class Client:
    """One keep-alive HTTP connection, as a phone's browser holds one."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.connection = None

    def request(self, method: str, path: str, body=None, headers=None):
        status, content, _headers = self.exchange(method, path, body, headers)
        return status, content

    def exchange(self, method: str, path: str, body=None, headers=None):
        """(status, body, the answer's headers as a dict)."""
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self.connection.request(method, path, body=body, headers=headers or {})
                response = self.connection.getresponse()
                return response.status, response.read(), dict(response.getheaders())
            except (http.client.HTTPException, OSError):
                self.connection.close()
                self.connection = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


class Tally:
    """Latencies and errors per kind of request, shared by the client threads."""

    def __init__(self):
        self.lock = threading.Lock()
        self.latencies = defaultdict(list)
        self.errors = defaultdict(int)
        self.throttled = defaultdict(int)
        self.visibility = []

    def add(self, kind: str, seconds: float, ok: bool, status: int | None = None):
        with self.lock:
            self.latencies[kind].append(seconds)
            if not ok:
                self.errors[kind] += 1
            # A refused request (429) is fast and would flatter the figures: it is an error,
            # and shown on its own so that a throttle is not mistaken for the server's speed.
            if status == 429:
                self.throttled[kind] += 1


def timed(tally: Tally, kind: str, client: Client, method, path, body=None, headers=None):
    start = time.perf_counter()
    try:
        status, content = client.request(method, path, body, headers)
    except OSError:
        tally.add(kind, time.perf_counter() - start, False)
        return None, b""
    tally.add(kind, time.perf_counter() - start, status < 400, status)
    return status, content


def spectator(client: Client, tally: Tally, deadline: float, round_number: int, rng):
    kinds = ["round page", "standings page", "API standings", "API round"]
    pages = list(zip(kinds, spectator_pages(round_number), strict=True))
    while time.monotonic() < deadline:
        kind, path = rng.choice(pages)
        timed(tally, kind, client, "GET", path)


def reader(client: Client, tally: Tally, deadline: float, kind: str, path: str):
    while time.monotonic() < deadline:
        timed(tally, kind, client, "GET", path)


def arbiter(client, watcher, tally, deadline, games, auth, rng, round_path):
    """Post results one after another; after each, time until a reader of the round sees it."""
    headers = {"Content-Type": "application/json", "Authorization": auth}
    written = {}  # game id -> the south score this arbiter last saved
    # game id -> the result's version as last read: a write names the version it changes.
    versions = {game["id"]: game.get("version", 0) for game in games}
    while time.monotonic() < deadline:
        game = rng.choice(games)
        # Always a change, so that a reader seeing the score has seen this write.
        south = rng.choice([s for s in (25, 26, 27, 28, 29, 30) if s != written.get(game["id"])])
        written[game["id"]] = south
        body = json.dumps(
            {
                "ending": "capture",
                "south_seeds": south,
                "north_seeds": 48 - south - 1,
                "reason": "load scenario",
                "expected_version": versions[game["id"]],
            }
        )
        status, _content = timed(
            tally,
            "API result (write)",
            client,
            "POST",
            f"/api/tournaments/{SLUG}/games/{game['id']}/result/",
            body,
            headers,
        )
        if status == 409:  # saved meanwhile by another: read the version again
            _, content = client.request("GET", f"/api/tournaments/{SLUG}/games/{game['id']}/")
            versions[game["id"]] = json.loads(content)["version"]
            continue
        if status != 200:
            continue
        versions[game["id"]] = json.loads(_content)["version"]
        saved = time.monotonic()
        while time.monotonic() - saved < 10:
            _, content = watcher.request("GET", round_path)
            try:
                board = next(p for p in json.loads(content)["pairings"] if p["id"] == game["id"])
                shown = board["result"]["south_seeds"]
            except (ValueError, KeyError, TypeError, StopIteration):
                shown = None
            if shown == south:
                with tally.lock:
                    tally.visibility.append(time.monotonic() - saved)
                break
            time.sleep(0.05)


def run_threads(targets) -> None:
    threads = [threading.Thread(target=fn, args=args, daemon=True) for fn, args in targets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(tally: Tally, seconds: float, title: str) -> dict:
    print(f"\n{title}")
    print(
        f"{'request':<20} {'count':>7} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}"
        f" {'429':>6}"
    )
    rates = {}
    for kind, values in sorted(tally.latencies.items()):
        rate = len(values) / seconds
        rates[kind] = rate
        print(
            f"{kind:<20} {len(values):>7} {rate:>8.1f} "
            f"{statistics.median(values) * 1000:>8.1f} {percentile(values, 0.99) * 1000:>8.1f} "
            f"{tally.errors[kind]:>7} {tally.throttled[kind]:>6}"
        )
    return rates


WRK_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0, "m": 60.0}


def _wrk_seconds(text: str) -> float:
    number, unit = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text).groups()
    return float(number) * WRK_UNITS[unit]


# wrk's spectators: each request one of the pages a phone reads during a round, at random.
SPECTATOR_SCRIPT = """
local pages = {%s}
request = function()
  return wrk.format("GET", pages[math.random(#pages)])
end
"""


def spectator_pages(round_number: int) -> list[str]:
    return [
        f"/t/{SLUG}/{SECTION}/round/{round_number}/",
        f"/t/{SLUG}/{SECTION}/standings/",
        f"/api/tournaments/{SLUG}/{SECTION}/standings/",
        f"/api/tournaments/{SLUG}/{SECTION}/rounds/{round_number}/",
    ]


def wrk_spectators(host, port, round_number, clients, seconds) -> None:
    script = Path(f"/tmp/oware-load-spectators-{os.getpid()}.lua")
    pages = ", ".join(f'"{page}"' for page in spectator_pages(round_number))
    script.write_text(SPECTATOR_SCRIPT % pages)
    wrk_phase(host, port, "/", clients, seconds, "spectators during the event", script)


def wrk_phase(host, port, path, clients, seconds, title, script=None) -> dict:
    """One page under `clients` keep-alive connections from wrk: req/s, p50, p99, errors."""
    command = ["wrk", "-t2", f"-c{clients}", f"-d{seconds:g}s", "--latency"]
    command += ["-s", str(script)] if script else []
    output = subprocess.run(
        [*command, f"http://{host}:{port}{path}"],
        capture_output=True,
        text=True,
        check=True,
        timeout=seconds + 60,
    ).stdout
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", output, re.MULTILINE))
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    errors += int((re.findall(r"Non-2xx or 3xx responses: (\d+)", output) or ["0"])[0])
    figures = {
        "rate": float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1)),
        "p50": _wrk_seconds(latency["50"]),
        "p99": _wrk_seconds(latency["99"]),
        "errors": errors,
    }
    print(
        f"\n{title} (wrk)\nreq/s {figures['rate']:.1f}, p50 {figures['p50'] * 1000:.1f} ms, "
        f"p99 {figures['p99'] * 1000:.1f} ms, errors {errors}"
    )
    return figures


def phase(make_targets, seconds, title):
    tally = Tally()
    deadline = time.monotonic() + seconds
    run_threads(make_targets(tally, deadline))
    return tally, report(tally, seconds, title)


def start_server(workers: int, worker_class: str):
    """A fresh PostgreSQL database with the demo, served by scripts/serve. Returns (port, stop)."""
    server_url = urlsplit(
        os.environ.get("DATABASE_URL")
        or os.environ.get("TEST_DATABASE_URL")
        or "postgres://postgres@127.0.0.1:5432/x"
    )
    database = f"oware_load_{os.getpid()}"
    # psql is given DATABASE_URL's whole server (host, port, user, password) as a URI, pointed at
    # the maintenance database to create and drop the scenario's own.
    admin = ["psql", "-q", "-d", server_url._replace(path="/postgres", query="").geturl()]
    subprocess.run([*admin, "-c", f"CREATE DATABASE {database}"], check=True)
    password = "load-scenario-password"
    env = {
        **os.environ,
        "DATABASE_URL": server_url._replace(path=f"/{database}").geturl(),
        "DEBUG": "0",
        "SECRET_KEY": "load-scenario-only-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEMO_PASSWORD": password,
        "WEB_CONCURRENCY": str(workers),
        "WEB_WORKER_CLASS": worker_class,
        "WEB_THREADS": "1" if worker_class == "sync" else os.environ.get("WEB_THREADS", "8"),
        "PYTHON": sys.executable,
    }
    port = servers.free_port()
    env["BIND"] = f"127.0.0.1:{port}"
    token = servers.load_demo(env)
    log = open(ROOT / "bench-load-server.log", "w")  # noqa: SIM115 - closed in stop()
    server = subprocess.Popen(
        ["sh", "scripts/serve"], cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True
    )

    def stop():
        os.killpg(server.pid, 15)
        server.wait(timeout=30)
        log.close()
        subprocess.run([*admin, "-c", f"DROP DATABASE IF EXISTS {database}"], check=False)

    servers.wait_until_served(port, seconds=60)
    return port, f"Token {token}", stop


def start_proxy(upstream_port: int):
    """nginx as compose runs it, in front of 127.0.0.1:`upstream_port`. Returns (port, stop)."""
    folder = Path(f"/tmp/oware-load-proxy-{os.getpid()}")
    folder.mkdir(exist_ok=True)
    port, nginx = servers.start_proxy(upstream_port, folder)
    servers.wait_until_served(port, seconds=5)
    return port, lambda: servers.stop(nginx)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an already running server, e.g. http://127.0.0.1:8000")
    parser.add_argument("--token", help="the demo arbiter's API token (with --url)")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--arbiters", type=int, default=2, help="of the clients, how many write")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--driver", choices=["python", "wrk"], default="python")
    parser.add_argument("--worker-class", choices=["gthread", "sync"], default="gthread")
    parser.add_argument("--proxy", action="store_true", help="nginx in front, as in compose")
    args = parser.parse_args()
    if args.proxy and not shutil.which("nginx"):
        parser.error("--proxy needs nginx on the PATH (apt-get install nginx-light)")
    if args.driver == "wrk" and not shutil.which("wrk"):
        parser.error("--driver wrk needs wrk on the PATH (apt-get install wrk)")

    stops = []
    if args.url:
        parts = urlsplit(args.url)
        host, port, credentials = parts.hostname, parts.port or 80, f"Token {args.token}"
    else:
        host = "127.0.0.1"
        port, credentials, stop = start_server(args.workers, args.worker_class)
        stops.append(stop)
    try:
        warm_up(host, port)
        if args.proxy:
            port, stop = start_proxy(port)
            stops.insert(0, stop)
        measure(host, port, credentials, args)
    finally:
        for stop in stops:
            stop()


def warm_up(host, port) -> None:
    """Each page read for a while by every worker of the application itself (no proxy between),
    so that no phase counts a process's first render (templates compiled, code loaded): a server
    that has been up since the morning has long done that."""
    last = _last_round(Client(host, port))
    paths = ["/healthz", *spectator_pages(last)]
    deadline = time.monotonic() + WARM_UP_SECONDS

    def read_all(client):
        while time.monotonic() < deadline:
            for path in paths:
                client.request("GET", path)

    run_threads([(read_all, (Client(host, port),)) for _ in range(8)])


def _last_round(client: Client) -> int:
    _, content = client.request("GET", f"/api/tournaments/{SLUG}/{SECTION}/rounds/")
    rounds = json.loads(content)
    rounds = rounds.get("results", rounds) if isinstance(rounds, dict) else rounds
    return max(r["number"] for r in rounds if r["status"] != "draft")


def measure(host, port, credentials, args) -> None:
    setup = Client(host, port)
    last = _last_round(setup)
    _, content = setup.request("GET", f"/api/tournaments/{SLUG}/{SECTION}/rounds/{last}/")
    games = [p for p in json.loads(content)["pairings"] if p["north"] is not None]
    auth = credentials
    rng = random.Random(7)

    pages = {
        "trivial view": "/healthz",
        "round page": f"/t/{SLUG}/{SECTION}/round/{last}/",
        "standings page": f"/t/{SLUG}/{SECTION}/standings/",
        "API standings": f"/api/tournaments/{SLUG}/{SECTION}/standings/",
    }
    rates = {}
    for kind, path in pages.items():
        title = f"{args.clients} clients on the {kind}"
        if args.driver == "wrk":
            rates[kind] = wrk_phase(host, port, path, args.clients, args.seconds, title)["rate"]
            continue

        def readers(tally, deadline, kind=kind, path=path):
            return [
                (reader, (Client(host, port), tally, deadline, kind, path))
                for _ in range(args.clients)
            ]

        rates[kind] = phase(readers, args.seconds, title)[1][kind]

    path = f"/api/tournaments/{SLUG}/{SECTION}/rounds/{last}/"

    spectators_count = args.clients - args.arbiters

    def event(tally, deadline):
        if args.driver == "wrk":  # the spectators are wrk's connections, started beside
            spectators = [(wrk_spectators, (host, port, last, spectators_count, args.seconds))]
        else:
            spectators = [
                (spectator, (Client(host, port), tally, deadline, last, random.Random(i)))
                for i in range(spectators_count)
            ]
        writers = [
            (
                arbiter,
                (Client(host, port), Client(host, port), tally, deadline, boards, auth, rng, path),
            )
            # Each arbiter has boards of their own, as in a hall: two arbiters writing the same
            # game would each wait to see their own result and time the other's write instead.
            for boards in (games[i :: args.arbiters] for i in range(args.arbiters))
        ]
        return spectators + writers

    mixed, _ = phase(
        event,
        args.seconds,
        f"event: {spectators_count} spectators and {args.arbiters} arbiters at once",
    )
    print()
    for kind in ("round page", "standings page", "API standings"):
        share = rates[kind] / rates["trivial view"]
        print(f"{kind}: {share:.0%} of the trivial view's requests per second")
    if mixed.visibility:
        print(
            f"results visible to readers after: median {statistics.median(mixed.visibility):.3f}"
            f" s, worst {max(mixed.visibility):.3f} s over {len(mixed.visibility)} writes"
        )


if __name__ == "__main__":
    main()
