"""A flood of the login form from many addresses: how fast the hall's pages are served meanwhile.

    .venv/bin/python bench/login_flood.py [--flooders 24] [--seconds 15] [--basic]

The production setup as compose runs it: the demo in a scratch PostgreSQL database (made and
dropped on TEST_DATABASE_URL's server, else 127.0.0.1:5432, as the tests make theirs),
scripts/serve with four sync workers, no Redis, behind nginx with deploy/nginx.conf and
TRUSTED_PROXIES naming it. --flooders clients, each from its own loopback address, post wrong
passwords for made-up usernames as fast as they are answered for --seconds (with --basic: the
arbiter's name and a wrong password as Basic credentials to an API write, which takes none), while
a reader from another address reads /healthz and the cached standings (tests/flooding.py).
Reported: the reader's reads, their median and slowest, and the flood's answers by status. The
acceptance of "no single client slows the hall" names its bounds: a median of at most 100 ms, the
slowest at most one second. Traffic goes to loopback only; the script stops by itself.
"""

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests import servers  # noqa: E402 - the tests' own way to start nginx as compose does
from tests.flooding import flood, flood_basic, flood_while_reading  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flooders", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--basic", action="store_true", help="Basic credentials to the API")
    args = parser.parse_args()
    flooder = flood_basic if args.basic else flood
    folder = Path(tempfile.mkdtemp(prefix="oware-flood-"))
    with servers.scratch_postgres("oware_flood") as database:
        servers.load_demo(servers.production_env(DATABASE_URL=database))
        port = servers.free_port()
        app = servers.serve(
            database,
            port,
            log=folder / "server.log",
            WEB_CONCURRENCY="4",
            WEB_WORKER_CLASS="sync",
            TRUSTED_PROXIES="127.0.0.1",
        )
        try:
            servers.wait_until_served(port)
            with servers.nginx_in_front(port, folder / "proxy", ready="/") as proxy_port:
                taken, statuses = flood_while_reading(
                    proxy_port, args.flooders, args.seconds, flooder
                )
        finally:
            servers.stop(app)
    seconds = [t for t, _path, _status in taken]
    refused = sorted(str(status) for _t, _path, status in taken if status != 200)
    print(f"reader: {len(taken)} reads, {len(refused)} not 200 {refused}")
    print(
        f"reader: median {1000 * statistics.median(seconds):.0f} ms, "
        f"slowest {1000 * max(seconds):.0f} ms"
    )
    print(f"flood: {dict(sorted(statuses.items(), key=str))}")


if __name__ == "__main__":
    main()
