"""A server's start: `scripts/serve` on a migrated SQLite database whose static files are
collected, from the command to its first answer of /readyz, then stopped; the CPU of every
process it ran (the release, gunicorn's master and workers), best of several starts.

    .venv/bin/python bench/server_start.py [--repeat 7] [--workers 2]

The first start, which migrates and collects, is not counted: the starts measured are restarts,
as every server of a running deployment and most of the tests' servers are.
"""

import argparse
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def start_once(env: dict) -> tuple[float, float]:
    """(seconds to the first answer, CPU seconds of the server's processes until stopped)."""
    port = free_port()
    cpu_before, began = children_cpu(), time.perf_counter()
    server = subprocess.Popen(
        ["sh", "scripts/serve"],
        cwd=ROOT,
        env={**env, "BIND": f"127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5):
                break
        except OSError:
            if server.poll() is not None:
                raise SystemExit("the server exited while starting") from None
            time.sleep(0.02)
    answered = time.perf_counter() - began
    os.killpg(server.pid, signal.SIGTERM)
    server.wait(timeout=30)
    return answered, children_cpu() - cpu_before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-start-")
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))},
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-" + "k" * 50,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{folder}/db.sqlite3",
        "DATA_DIR": folder,
        "PYTHON": sys.executable,
        "WEB_CONCURRENCY": str(args.workers),
        "PUBLISH_WORKER": "0",
    }
    start_once(env)  # migrates and collects
    starts = [start_once(env) for _ in range(args.repeat)]
    print(f"{args.repeat} restarts of scripts/serve with {args.workers} workers:")
    print(f"  first answer: best {min(s[0] for s in starts):.2f} s")
    print(f"  CPU of its processes: best {min(s[1] for s in starts):.2f} s")


if __name__ == "__main__":
    main()
