"""The PostgreSQL server the suite makes scratch databases on is TEST_DATABASE_URL's (README,
"Quick start"), not a fixed address: a machine whose server is elsewhere points the tests at it."""

import subprocess
import sys

from tests.servers import ROOT

SHOW = (
    "import tests.servers as s; "
    "print(s.POSTGRES_SERVER, s.POSTGRES_HOST, s.POSTGRES_PORT, s.postgres_url('scratch'), "
    "s.postgres_url('x', '127.0.0.1', 7000))"
)


def servers_module(**env) -> list[str]:
    run = subprocess.run(
        [sys.executable, "-c", SHOW], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


def test_the_scratch_databases_are_made_on_the_server_test_database_url_names():
    import os

    env = {k: v for k, v in os.environ.items() if k != "TEST_DATABASE_URL"}
    named = servers_module(**env, TEST_DATABASE_URL="postgres://me:pw@db.example:6543/postgres")
    assert named == [
        "postgres://me:pw@db.example:6543",
        "db.example",
        "6543",
        "postgres://me:pw@db.example:6543/scratch",
        "postgres://me:pw@127.0.0.1:7000/x",
    ]
    default = servers_module(**env)
    assert default[:4] == [
        "postgres://postgres@127.0.0.1:5432",
        "127.0.0.1",
        "5432",
        "postgres://postgres@127.0.0.1:5432/scratch",
    ]
