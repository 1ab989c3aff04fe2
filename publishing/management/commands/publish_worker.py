"""manage.py publish_worker: send each tournament's changes to its public servers, in a loop.

scripts/serve starts one beside gunicorn (docs/deployment.md); several may run on one database:
each target is sent by one worker at a time."""

import os
import signal
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from publishing.sending import beat, let_go, send_due, worker_name

# How often the worker looks for changes while something is published, and while nothing is.
POLL_SECONDS = 0.5
IDLE_SECONDS = 5.0
# How often it writes its heartbeat (well within sending.WORKER_SILENT_SECONDS).
BEAT_SECONDS = 10.0


class Command(BaseCommand):
    help = "Send tournament changes to public servers (runs until stopped)."

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="one pass, then exit")
        parser.add_argument(
            "--follow",
            type=int,
            metavar="PID",
            help="exit when process PID ends (scripts/serve: gunicorn's)",
        )

    def handle(self, *args, once, follow, **options):
        owner = worker_name()
        running = [True]

        def finish(signum, frame):
            running[0] = False

        signal.signal(signal.SIGTERM, finish)
        signal.signal(signal.SIGINT, finish)
        try:
            self.loop(owner, running, once, follow)
        finally:
            try:
                let_go(owner)
            except Exception:  # noqa: BLE001 - the database is gone: the lease runs out by itself
                pass

    def loop(self, owner, running, once, follow):
        last_beat = None
        while running[0]:
            if follow and not _alive(follow):
                return  # gunicorn stopped: this worker goes with it
            close_old_connections()
            try:
                if last_beat is None or time.monotonic() - last_beat >= BEAT_SECONDS:
                    beat(owner)  # the publishing page knows a worker is running
                    last_beat = time.monotonic()
                active = send_due(owner)
            except Exception as error:  # the database went away: try again later
                self.stderr.write(f"publish_worker: {type(error).__name__}: {error}")
                active = 0
            if once:
                return
            pause = POLL_SECONDS if active else IDLE_SECONDS
            deadline = time.monotonic() + pause
            while running[0] and time.monotonic() < deadline:
                time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
