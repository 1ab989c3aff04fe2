"""More of the documented operations (docs/deployment.md, "Operations"), beside the scenario
that test_documented_commands.py runs."""

import subprocess
import sys

from tests.servers import ROOT, production_env, run_django


def signed_with(key: str) -> str:
    script = (
        "import sys; from django.core import signing; print(signing.dumps('kept', key=sys.argv[1]))"
    )
    run = run_django(f"import sys; sys.argv[1:] = [{key!r}]\n{script}")
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def read_with(value: str, **keys) -> str:
    script = (
        "import sys, django; django.setup(); from django.core import signing\n"
        "try:\n    print(signing.loads(sys.argv[1]))\n"
        "except signing.BadSignature:\n    print('refused')"
    )
    run = run_django(f"import sys; sys.argv[1:] = [{value!r}]\n{script}", **keys)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


def test_a_rotated_secret_key_still_reads_what_the_old_one_signed_while_it_is_a_fallback():
    old, new = "old-key-" + "o" * 50, "new-key-" + "n" * 50
    value = signed_with(old)
    assert read_with(value, SECRET_KEY=new, SECRET_KEY_FALLBACKS=old) == "kept"
    assert read_with(value, SECRET_KEY=new) == "refused"


def check_deploy(**env) -> str:
    """`manage.py check --deploy` under the production settings and `env`: what it printed."""
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=ROOT,
        env=production_env(DJANGO_SETTINGS_MODULE="oware_tournaments.settings", **env),
        capture_output=True,
        text=True,
    )
    return checked.stdout + checked.stderr


def test_several_workers_share_a_cache_without_redis():
    # Without Redis the database (or, beside SQLite, this machine's files) is the shared cache:
    # several workers draw no warning (oware_tournaments.W001 is for a cache of one process).
    assert "oware_tournaments.W001" not in check_deploy(
        WEB_CONCURRENCY="4", REDIS_URL="", CACHE_URL=""
    )
    assert "oware_tournaments.W001" not in check_deploy(
        WEB_CONCURRENCY="4", REDIS_URL="", DATABASE_URL="postgres://postgres@127.0.0.1:5432/x"
    )
    shared = check_deploy(WEB_CONCURRENCY="4", REDIS_URL="redis://127.0.0.1:6379/0")
    assert "System check identified" in shared or "no issues" in shared
    assert "oware_tournaments.W001" not in shared
