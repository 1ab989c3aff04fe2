"""One result on a tournament with 500 followers and 5 webhooks: how long until the last push
and the last webhook have it, and what they add to the result entry itself.

    .venv/bin/python bench/followers.py [--results 10] [--followers 500] [--endpoints 5]
                                        [--interval 1]

A throw-away SQLite database under the deployment's settings; a section of 100 players with
round 1 published (50 boards). Each result is entered through the API (`POST
…/games/{id}/result/`, the test client in this process, the arbiter's token) on a board of its
own: first with no follower and no webhook, then with `--endpoints` webhooks (local receivers
answering 204, `bench/webhooks.py`) and `--followers` phones following the board's two players
(half each, so that every one of them is pushed the result), each subscribed at a local push
service (a thread answering 201; its own P-256 key and auth secret per subscription, so the
server encrypts each push for real). The real task worker (`manage.py task_worker --interval N`)
runs beside on the same database. Prints, per setting, the median and the slowest entry (wall
clock) and, with followers, the time from the entry's start until the last push and until the
last webhook arrived. One result at a time: the next is entered once everything arrived.
"""

import argparse
import base64
import secrets
import statistics
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
from webhooks import Receivers, a_published_round, entering, task_worker  # noqa: E402


class PushService:
    """A push service on loopback: answers 201 and keeps the moment of each push."""

    def __init__(self):
        self.moments: list[float] = []
        self.lock = threading.Lock()
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a real push service

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with service.lock:
                    service.moments.append(time.monotonic())
                self.send_response(201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"

    def count(self) -> int:
        with self.lock:
            return len(self.moments)

    def last(self) -> float:
        with self.lock:
            return self.moments[-1]


def browser_keys() -> tuple[str, str]:
    """A subscription's p256dh (a new P-256 public key) and auth secret, base64url."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )

    def b64(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    return b64(point), b64(secrets.token_bytes(16))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--results", type=int, default=10)
    parser.add_argument("--followers", type=int, default=500)
    parser.add_argument("--endpoints", type=int, default=5)
    parser.add_argument("--interval", type=float, default=1)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from notifications.vapid import new_key_pair

    private, public = new_key_pair()
    env, tournament, arbiter, boards, api = a_published_round(
        "oware-bench-followers-", VAPID_PRIVATE_KEY=private, VAPID_PUBLIC_KEY=public
    )
    from notifications.models import Follower
    from notifications.webhooks import register_endpoint

    service = PushService()
    keys = [browser_keys() for _ in range(args.followers)]

    def follow(game) -> None:
        """`--followers` phones, half following each player of `game` (the previous ones
        removed: each result reaches exactly that many)."""
        Follower.objects.all().delete()
        Follower.objects.bulk_create(
            Follower(
                tournament=tournament,
                player_id=game.south_id if n % 2 else game.north_id,
                endpoint=f"{service.origin}/push/{n}",
                p256dh=p256dh,
                auth=auth,
                language=("en", "fr", "pt")[n % 3],
                token=secrets.token_urlsafe(24),
            )
            for n, (p256dh, auth) in enumerate(keys)
        )

    enter = entering(api)
    worker = task_worker(env, args.interval)
    try:
        enter(boards[0])  # the first request of the process warms it up
        plain = []
        for game in boards[1 : args.results + 1]:
            started = enter(game)
            plain.append(time.monotonic() - started)
        receivers = Receivers(args.endpoints)
        for url in receivers.urls:
            register_endpoint(tournament, url=url, events=["result.recorded"], by=arbiter)
        told, pushed, hooked = [], [], []
        for game in boards[args.results + 1 : 2 * args.results + 1]:
            follow(game)
            before = service.count()
            started = enter(game)
            told.append(time.monotonic() - started)
            while service.count() < before + args.followers:
                time.sleep(0.005)
            pushed.append(service.last() - started)
            while (last := receivers.all_have(args.endpoints)) is None or last < started:
                time.sleep(0.005)
            hooked.append(last - started)
    finally:
        worker.terminate()
        worker.wait()

    def line(name, values, unit="ms"):
        scale = 1000 if unit == "ms" else 1
        shown = [v * scale for v in values]
        print(
            f"{name:<52} median {statistics.median(shown):7.2f} {unit}"
            f"   slowest {max(shown):7.2f} {unit}"
        )

    print(f"{args.results} results each; worker interval {args.interval} s")
    line("result entry, nobody told", plain)
    line(f"result entry, {args.followers} followers + {args.endpoints} webhooks", told)
    line(f"entry start → last of {args.followers} pushes arrived", pushed, "s")
    line(f"entry start → last of {args.endpoints} webhooks arrived", hooked, "s")


if __name__ == "__main__":
    main()
