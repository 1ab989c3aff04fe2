"""The product as a built wheel, installed into a fresh virtual environment and run from a folder
that is not the source tree: templates, static files and translations come with it."""

import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.servers import ROOT, fetch, free_port, production_env, stop, wait_until_served

# These start servers on databases of their own, so the suite's database changes nothing: the
# PostgreSQL pass of .ci/run leaves them to the SQLite pass.
pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="run in the SQLite pass"
)

# Not packaged, and slow or large to copy: the build works on a copy of the rest.
# Besides what is built, what other tests write under the tree while this one copies it (the
# examples hypothesis keeps, a test process's static folder, the other test process's SQLite
# database `test-db-<pid>.sqlite3_gw1` and its journal): a file gone mid-copy fails it.
NOT_SOURCE = shutil.ignore_patterns(
    ".git",
    ".venv",
    "node_modules",
    "staticfiles",
    "build",
    "*.egg-info",
    "__pycache__",
    "*.mo",
    ".hypothesis",
    ".ruff_cache",
    "test-static-*",
    "test-db-*",
    "*.sqlite3*",
)


def test_an_installed_wheel_serves_the_site_outside_the_source_tree(tmp_path):
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    # Built as pip builds it for `pip install .` (setuptools and Babel from pip's cache).
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q"]
        + ["--wheel-dir", str(tmp_path / "dist"), str(source)],
        check=True,
        capture_output=True,
    )
    wheel = next((tmp_path / "dist").glob("oware_tournaments-*.whl"))
    # The project's own package bears the product's name: a top-level `config` would clash with
    # any other distribution that installs one.
    top_level = {name.split("/", 1)[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert "oware_tournaments" in top_level
    assert "config" not in top_level and "config.py" not in top_level
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # The dependencies come from this environment's packages, after the venv's own: a path
    # listed in a .pth file is not a site folder, so this environment's editable install of the
    # source tree is not loaded there.
    (site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q"]
        + [str(wheel)],
        check=True,
        capture_output=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    data = tmp_path / "data"
    # docs/deployment.md, "Installing without Docker": the database in DATA_DIR.
    env = production_env(
        DJANGO_SETTINGS_MODULE="oware_tournaments.settings",
        DATA_DIR=str(data),
        STATIC_ROOT=str(elsewhere / "static"),
    )
    env.pop("PYTHONPATH", None)

    def django(*command):
        return subprocess.run(
            [python, "-m", "django", *command],
            cwd=elsewhere,
            env=env,
            check=True,
            capture_output=True,
            text=True,
        )

    where = subprocess.run(
        [
            python,
            "-c",
            "import oware_tournaments as p, tournaments; print(p.__file__, tournaments.__file__)",
        ],
        cwd=elsewhere,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert str(ROOT) not in where and str(site) in where
    no_config = subprocess.run(
        [python, "-c", "import importlib.util; print(importlib.util.find_spec('config'))"],
        cwd=elsewhere,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert no_config == "None"
    django("release")  # docs/deployment.md, "Installing without Docker"
    django("loaddemo")
    # The database is where DATA_DIR says, nothing beside the installed program.
    assert (data / "db.sqlite3").is_file()
    assert not list(site.rglob("*.sqlite3"))
    collected = {
        p.relative_to(elsewhere / "static").parts[0] for p in (elsewhere / "static").rglob("*")
    }
    assert {"tournaments", "games", "admin", "rest_framework"} <= collected
    # Scripts and style sheets are compressed as they are collected; the API documents' source
    # maps are not (WHITENOISE_SKIP_COMPRESS_EXTENSIONS).
    static = elsewhere / "static"
    assert list(static.rglob("*.css.gz")) and list(static.rglob("*.js.gz"))
    assert list(static.rglob("*.js.map")) and not list(static.rglob("*.map.gz"))

    port = free_port()
    server = subprocess.Popen(
        [
            python,
            "-m",
            "gunicorn",
            "oware_tournaments.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
        ]
        + ["--workers", "1"],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_until_served(port, "/")
        for path in ("/", "/t/demo/", "/api/schema/", "/accounts/login/"):
            status, body = fetch(port, path)
            assert status == 200, (path, status, body[:300])
        # A page's stylesheet is served from the collected files.
        home = fetch(port, "/")[1].decode()
        assert "/static/tournaments/" in home
        assert os.path.exists(elsewhere / "static" / "staticfiles.json")
    finally:
        stop(server)
    # The compiled translations are in the wheel.
    french = subprocess.run(
        [
            python,
            "-c",
            "import django; django.setup(); from django.utils import translation; "
            "translation.activate('fr'); from django.utils.translation import gettext; "
            "print(gettext('Log in'))",
        ],
        cwd=elsewhere,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    assert french and french != "Log in"
