"""Random values of the public parameters against the production setup: what they cost.

    .venv/bin/python bench/random_parameters.py [--requests 300]

Serves the demo from a scratch PostgreSQL database (BENCH_DATABASE_URL's or DATABASE_URL's
server, else 127.0.0.1:5432; the database is made and dropped here) with scripts/serve (two
sync workers, as compose runs them) behind nginx with deploy/nginx.conf, reads each page once,
then sends --requests reads of the public pages, each with a random value of a random public
parameter (digits of any length, negative numbers, words, times with any offset). Reported:
the answers by status and by nginx's X-Cache-Status, the copies nginx's cache folder and the
application's cache table gained, and the reads' latency (median, p99). Traffic goes to
loopback only; the script stops by itself.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402 - the tests' own way to start nginx as compose does

PAGES = (
    "/t/demo/men/standings/",
    "/t/demo/men/round/1/",
    "/api/tournaments/demo/men/standings/",
    "/api/tournaments/demo/games/",
    "/api/tournaments/demo/men/players/",
)
PARAMETERS = ("round", "format", "limit", "offset", "positions", "ply", "player", "since", "print")


def random_value(rng: random.Random) -> str:
    kind = rng.randrange(5)
    if kind == 0:
        return str(rng.randrange(10 ** rng.randrange(1, 20)))
    if kind == 1:
        return str(-rng.randrange(1, 1000))
    if kind == 2:
        return "".join(rng.choice("abcxyz%<>") for _ in range(rng.randrange(1, 12)))
    if kind == 3:
        hours = rng.randrange(0, 24)
        sign = rng.choice("+-")
        return f"2026-04-02T20:17:{rng.randrange(60):02d}{sign}{hours:02d}:{rng.randrange(60):02d}"
    return rng.choice(["boards", "names", "csv", "ndjson", "1", "0", "true"])


def read(port: int, path: str):
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as answer:
            answer.read()
            status, headers = answer.status, answer.headers
    except urllib.error.HTTPError as refusal:
        refusal.read()
        status, headers = refusal.code, refusal.headers
    return status, headers.get("X-Cache-Status", ""), time.perf_counter() - started


def kept(pages: Path, database: str) -> tuple[int, int | None]:
    files = sum(len(names) for _root, _dirs, names in os.walk(pages))
    query = "SELECT count(*) FROM oware_cache WHERE cache_key LIKE '%:page:%'"
    rows = subprocess.run(
        ["psql", "-tAq", "-d", database, "-c", query], capture_output=True, text=True
    )
    return files, int(rows.stdout) if rows.returncode == 0 else None  # None: no cache table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    server = urlsplit(
        os.environ.get("BENCH_DATABASE_URL")
        or os.environ.get("DATABASE_URL")
        or "postgres://postgres@127.0.0.1:5432/x"
    )
    name = f"oware_random_{uuid.uuid4().hex[:8]}"
    admin = ["psql", "-q", "-d", server._replace(path="/postgres", query="").geturl()]
    database = server._replace(path=f"/{name}").geturl()
    subprocess.run([*admin, "-c", f'CREATE DATABASE "{name}"'], check=True)
    folder = Path(tempfile.mkdtemp(prefix="oware-random-"))
    try:
        servers.load_demo(servers.production_env(DATABASE_URL=database))
        port = int(os.environ.get("BENCH_PORT") or servers.free_port())
        app = servers.serve(database, port, WEB_WORKER_CLASS="sync")
        try:
            servers.wait_until_served(port)
            proxy_port, proxy = servers.start_proxy(port, folder)
            try:
                servers.wait_until_served(proxy_port, "/")
                for page in PAGES:
                    read(proxy_port, page)
                before = kept(proxy.page_cache, database)
                rng = random.Random(args.seed)
                statuses, cache, seconds = Counter(), Counter(), []
                for _ in range(args.requests):
                    query = urllib.parse.urlencode({rng.choice(PARAMETERS): random_value(rng)})
                    status, cached, taken = read(proxy_port, f"{rng.choice(PAGES)}?{query}")
                    statuses[status] += 1
                    cache[cached or "-"] += 1
                    seconds.append(taken)
                after = kept(proxy.page_cache, database)
            finally:
                servers.stop(proxy)
        finally:
            servers.stop(app)
    finally:
        subprocess.run([*admin, "-c", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'])
    seconds.sort()
    print(f"requests: {args.requests}")
    print(f"statuses: {dict(sorted(statuses.items()))}")
    print(f"X-Cache-Status: {dict(sorted(cache.items()))}")
    print(f"new copies in nginx's cache folder: {after[0] - before[0]}")
    app_rows = None if after[1] is None else after[1] - before[1]
    print(f"new rendered copies in the application's cache table: {app_rows}")
    print(
        f"latency: median {1000 * statistics.median(seconds):.1f} ms, "
        f"p99 {1000 * seconds[int(0.99 * (len(seconds) - 1))]:.1f} ms"
    )


if __name__ == "__main__":
    main()
