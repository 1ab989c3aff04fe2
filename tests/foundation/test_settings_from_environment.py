"""Settings come from the environment; production refuses to start without a secret key."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PRINT_SETTINGS = (
    "import json; from oware_tournaments import settings as s; "
    "print(json.dumps({'debug': s.DEBUG, 'engine': s.DATABASES['default']['ENGINE'], "
    "'name': str(s.DATABASES['default']['NAME']), 'hosts': s.ALLOWED_HOSTS, "
    "'csrf': s.CSRF_TRUSTED_ORIGINS, 'key': s.SECRET_KEY}))"
)


def read_settings(cwd=ROOT, **env):
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DEBUG",
            "SECRET_KEY",
            "DATABASE_URL",
            "DATA_DIR",
            "ALLOWED_HOSTS",
            "CSRF_TRUSTED_ORIGINS",
        }
    }
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-c", PRINT_SETTINGS], cwd=cwd, env=clean, capture_output=True, text=True
    )


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off():
    run = read_settings(DEBUG="0")
    assert run.returncode != 0
    assert "SECRET_KEY must be set" in run.stderr


def test_it_uses_a_development_key_and_sqlite_in_debug():
    import json

    run = read_settings(DEBUG="1")
    assert run.returncode == 0, run.stderr
    values = json.loads(run.stdout)
    assert values["debug"] is True
    assert values["engine"] == "django.db.backends.sqlite3"
    assert values["name"] == str(ROOT / "db.sqlite3")
    assert values["key"].startswith("development-only")


def test_it_reads_database_hosts_origins_and_key_from_the_environment():
    import json

    run = read_settings(
        DEBUG="false",
        SECRET_KEY="s3cret",
        DATABASE_URL="postgres://u:p@db.example:5433/oware",
        ALLOWED_HOSTS="oware.example, www.oware.example",
        CSRF_TRUSTED_ORIGINS="https://oware.example",
    )
    assert run.returncode == 0, run.stderr
    values = json.loads(run.stdout)
    assert values["debug"] is False
    assert values["key"] == "s3cret"
    assert values["engine"] == "django.db.backends.postgresql"
    assert values["name"] == "oware"
    assert values["hosts"] == ["oware.example", "www.oware.example"]
    assert values["csrf"] == ["https://oware.example"]


def test_it_rejects_a_debug_value_that_is_not_a_boolean():
    run = read_settings(DEBUG="maybe", SECRET_KEY="x")
    assert run.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in run.stderr


def test_without_debug_it_refuses_to_start_without_a_database_named():
    # Else the SQLite file would be written wherever the program is installed (site-packages).
    run = read_settings(DEBUG="0", SECRET_KEY="s3cret")
    assert run.returncode != 0
    assert "set DATABASE_URL" in run.stderr and "DATA_DIR" in run.stderr


def test_the_sqlite_database_lives_in_data_dir_or_in_debug_in_the_current_folder(tmp_path):
    import json

    data = tmp_path / "data"
    run = read_settings(DEBUG="0", SECRET_KEY="s3cret", DATA_DIR=str(data))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["name"] == str(data / "db.sqlite3")
    run = read_settings(cwd=tmp_path, DEBUG="1", PYTHONPATH=str(ROOT))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["name"] == str(tmp_path / "db.sqlite3")


def test_the_readme_gives_the_database_timeouts_the_settings_use():
    import json
    import re

    row = next(
        line
        for line in (ROOT / "README.md").read_text().splitlines()
        if line.startswith("| `DATABASE_CONNECT_TIMEOUT`")
    )
    documented = [int(n) for n in re.findall(r"`(\d+)`", row.rsplit("|", 2)[1])]
    script = (
        "import json; from oware_tournaments import settings as s; "
        "o = s.DATABASES['default']['OPTIONS']; "
        "print(json.dumps([o['connect_timeout'], o['options']]))"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    clean.update(DEBUG="1", DATABASE_URL="postgres://u:p@db.example:5432/oware")
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=clean, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    connect, options = json.loads(run.stdout)
    used = [connect, *(int(n) for n in re.findall(r"timeout=(\d+)", options))]
    assert documented == used
