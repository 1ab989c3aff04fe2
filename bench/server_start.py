"""A server's start: `scripts/serve` on a migrated SQLite database whose static files are
collected, from the command to its first answer of /readyz, then stopped; the CPU of every
process it ran (the release, gunicorn's master and workers), best of several starts.

    .venv/bin/python bench/server_start.py [--repeat 7] [--workers 2]

The first start, which migrates and collects, is not counted: the starts measured are restarts,
as every server of a running deployment and most of the tests' servers are.
"""

import argparse
import resource
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests import servers  # noqa: E402 - the tests' own way to start scripts/serve


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5):
            return True
    except OSError:
        return False


def start_once(database: str, workers: int) -> tuple[float, float]:
    """(seconds to the first answer, CPU seconds of the server's processes until stopped)."""
    port = servers.free_port()
    cpu_before, began = children_cpu(), time.perf_counter()
    server = servers.serve(database, port, WEB_CONCURRENCY=str(workers))
    # Polled more often than the tests' wait_until_served, to time the first answer.
    while not answers(port):
        if server.poll() is not None:
            raise SystemExit("the server exited while starting")
        time.sleep(0.02)
    answered = time.perf_counter() - began
    servers.stop(server)
    return answered, children_cpu() - cpu_before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    database = f"sqlite:///{tempfile.mkdtemp(prefix='bench-start-')}/db.sqlite3"
    start_once(database, args.workers)  # migrates and collects
    starts = [start_once(database, args.workers) for _ in range(args.repeat)]
    print(f"{args.repeat} restarts of scripts/serve with {args.workers} workers:")
    print(f"  first answer: best {min(s[0] for s in starts):.2f} s")
    print(f"  CPU of its processes: best {min(s[1] for s in starts):.2f} s")


if __name__ == "__main__":
    main()
