"""Every command of docs/deployment.md, run: the document cannot drift from the product.

The commands are read from the document itself (its ```sh and ```cron blocks, and the commands
of the upgrade's numbered steps). There is no Docker engine here, so compose is not run: each
`docker compose …` command runs what it would run inside its container — the command of the
service it names in docker-compose.yml, or the command it executes there — against a PostgreSQL
database of the test's own and scripts/serve in place of `web`; `stop`, `start` and `up` stop
and start that server, `build` and `git` (which need an image or another version) are not run.
Every service and profile a compose command names must exist in docker-compose.yml, and the
file itself is validated by `docker compose config` (or `docker-compose config`, which needs no
engine either) where a compose client is installed. A command the test does not know fails it.
"""

import http.client
import os
import re
import secrets
import shlex
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from tests.servers import (
    ROOT,
    free_port,
    migrated,
    production_env,
    scratch_postgres,
    serve,
    stop,
    wait_until_served,
)

# The scenario makes a database of its own, so the suite's database changes nothing: the
# PostgreSQL pass of .ci/run leaves this module to the SQLite pass.
pytestmark = pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="run in the SQLite pass"
)

DOC = ROOT / "docs" / "deployment.md"
CHIEF_PASSWORD = "a long password"  # as the document writes it


def compose_file() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def section_text(title: str) -> str:
    """The document's text under the heading `title`, down to the next heading of any level."""
    text = DOC.read_text()
    start = re.search(rf"^#+ {re.escape(title)}\n", text, re.MULTILINE)
    assert start, f"docs/deployment.md has no section {title!r}"
    rest = text[start.end() :]
    end = re.search(r"^#+ ", rest, re.MULTILINE)
    return rest[: end.start()] if end else rest


def commands(text: str) -> list[str]:
    """The command lines of the fenced sh and cron blocks of `text`, comments dropped."""
    found = []
    for block in re.findall(r"^```(?:sh|cron)\n(.*?)^```", text, re.MULTILINE | re.DOTALL):
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line and not line.startswith("#"):
                found.append(line)
    return found


def step_commands(text: str) -> list[str]:
    """The commands of numbered steps: each backticked text of a `1. …` line that runs
    something (docker, git, curl)."""
    found = []
    for line in re.findall(r"^\d+\. .*$", text, re.MULTILINE):
        for code in re.findall(r"`([^`]+)`", line):
            for part in code.split(" && "):
                if part.split()[0] in ("docker", "git", "curl"):
                    found.append(part)
    return found


def every_command() -> list[str]:
    text = DOC.read_text()
    return commands(text) + step_commands(text)


class Site:
    """A PostgreSQL database and, while `up`, scripts/serve on it: what compose's `db` and `web`
    are to the document's commands."""

    def __init__(self, folder: Path, url: str):
        self.folder = folder
        self.url = url
        self.keys = {"SECRET_KEY": "doc-old-key-" + "o" * 50}
        self.server = None
        self.port = None
        self.dump = None
        self.ran = []
        self.not_run = []

    def env(self, **extra) -> dict:
        env = production_env(
            DATABASE_URL=self.url,
            DJANGO_SETTINGS_MODULE="oware_tournaments.settings",
            **self.keys,
            **extra,
        )
        env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
        return env

    def sh(self, line: str, **extra) -> str:
        done = subprocess.run(
            line, shell=True, cwd=ROOT, env=self.env(**extra), capture_output=True, text=True
        )
        assert done.returncode == 0, (line, done.stdout, done.stderr)
        return done.stdout

    def up(self, **keys) -> None:
        self.down()
        self.keys = {k: v for k, v in {**self.keys, **keys}.items() if v}
        self.port = free_port()
        self.server = serve(self.url, self.port, log=self.folder / "web.log", **self.keys)
        wait_until_served(self.port, "/readyz")

    def down(self) -> None:
        if self.server is not None:
            stop(self.server)
            self.server = None

    def python(self, code: str) -> str:
        return self.sh(f"python -c {shlex.quote('import django; django.setup()' + chr(10) + code)}")

    def run(self, line: str) -> str:
        """Run one command of the document as this site would; its output."""
        self.ran.append(line)
        assignments, words = split_assignments(line)
        if words[0] == "git":
            self.not_run.append(line)  # another version of the product: not here
            return ""
        if words[0] == "curl":
            return self.sh(line.replace("localhost:8000", f"127.0.0.1:{self.port}"))
        if words[:2] != ["docker", "compose"]:
            return self.sh(line, **assignments)
        compose = parse_compose(words[2:])
        return self.compose(compose, assignments, line)

    def compose(self, compose, assignments: dict, line: str) -> str:
        services = compose_file()["services"]
        action = compose.action
        if action == "build":
            self.not_run.append(line)  # builds the image: no engine here
            return ""
        if action == "stop":
            self.down()
            return ""
        if action in ("start", "up"):
            keys = {
                name: self.placeholder(value)
                for name, value in assignments.items()
                if name.startswith("SECRET_KEY")
            }
            self.up(**keys)
            return ""
        if action == "run":
            command = services[compose.service]["command"]
            if isinstance(command, list) and services[compose.service].get("entrypoint") == [
                "sh",
                "-c",
            ]:
                return self.sh(self.in_database_container(command[0]))
            return self.sh(shlex.join(command))
        if action == "exec" and compose.service == "web":
            return self.sh(shlex.join(compose.command), **assignments)
        if action == "exec" and compose.service == "db":
            return self.sh(self.in_database_container(shlex.join(compose.command) + compose.input))
        raise AssertionError(f"no way to run {line!r} here")

    def placeholder(self, value: str) -> str:
        """`<new key>`, `<old key>`: the keys of this site's rotation."""
        if value == "<old_key>":
            return self.keys["SECRET_KEY"]
        if value == "<new_key>":
            self.new_key = "doc-new-key-" + "n" * 50
            return self.new_key
        return value

    def in_database_container(self, command: str) -> str:
        """A command of the `db` or `backup` container, pointed at this site's database and
        its dump folder."""
        backups = self.folder / "backups"
        backups.mkdir(exist_ok=True)
        command = command.replace("$$", "$")
        command = re.sub(r"-h db -U oware -d oware", f"-d {shlex.quote(self.url)}", command)
        command = re.sub(r"-U oware -d oware", f"-d {shlex.quote(self.url)}", command)
        command = command.replace("/backups", str(backups))
        if self.dump is not None:
            command = re.sub(r"backups/oware-\S*\.dump", str(self.dump), command)
        return command

    def newest_dump(self) -> Path:
        dumps = sorted((self.folder / "backups").glob("oware-*.dump"))
        assert dumps, "the backup wrote no dump"
        self.dump = dumps[-1]
        return self.dump

    def users(self) -> set[str]:
        listed = self.python(
            "from django.contrib.auth.models import User; "
            "print(*User.objects.values_list('username', flat=True))"
        )
        return set(listed.split())


def split_assignments(line: str) -> tuple[dict, list[str]]:
    """`A=1 B=2 cmd …` → ({A: 1, B: 2}, [cmd, …]); a `$(…)` value is run by the shell later."""
    line = re.sub(r"<([a-z]+) ([a-z]+)>", r"<\1_\2>", line)  # `<new key>`: one word
    words = shlex.split(re.sub(r"\$\(.*?\)(?=\s)", "SUBSTITUTED", line))
    assignments = {}
    while words and re.fullmatch(r"[A-Z_]+=.*", words[0]):
        name, value = words.pop(0).split("=", 1)
        assignments[name] = value
    return assignments, words


def parse_compose(words: list[str]) -> SimpleNamespace:
    """`docker compose [--profile p] [-f f] action [flags] service [command …] [< file]`."""
    profiles, files = [], []
    while words and words[0].startswith("-"):
        option = words.pop(0)
        (profiles if option == "--profile" else files).append(words.pop(0))
    action = words.pop(0)
    flags = []
    while words and words[0].startswith("-"):
        flag = words.pop(0)
        flags.append(flag)
        if flag == "--scale":
            flags.append(words.pop(0))
    service = words.pop(0) if words else None
    command, given = [], ""
    if "<" in words:
        at = words.index("<")
        given = f" < {words[at + 1]}"
        words = words[:at]
    command = words
    return SimpleNamespace(
        profiles=profiles,
        action=action,
        flags=flags,
        service=service,
        command=command,
        input=given,
    )


@pytest.fixture
def site(tmp_path):
    if shutil.which("pg_restore") is None:
        pytest.skip("the PostgreSQL client (pg_dump, pg_restore) is not installed")
    with scratch_postgres("docs") as url:
        site = Site(tmp_path, url)
        try:
            migrated(url)
            yield site
        finally:
            site.down()


def logged_in(site, session: str) -> bool:
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=30)
    try:
        connection.request("GET", "/arbiter/", headers={"Cookie": f"sessionid={session}"})
        answer = connection.getresponse()
        answer.read()
        return answer.status == 200
    finally:
        connection.close()


def log_in(site, username: str, password: str) -> str:
    """Log in through the login form as a browser does; the session cookie."""
    connection = http.client.HTTPConnection("127.0.0.1", site.port, timeout=30)
    try:
        connection.request("GET", "/accounts/login/")
        form = connection.getresponse()
        form.read()
        token = re.search(r"csrftoken=([^;]+)", form.headers["Set-Cookie"]).group(1)
        body = urllib.parse.urlencode(
            {"username": username, "password": password, "csrfmiddlewaretoken": token}
        )
        connection.request(
            "POST",
            "/accounts/login/",
            body=body,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"csrftoken={token}",
            },
        )
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 302, answer.status
        cookies = " ".join(answer.headers.get_all("Set-Cookie") or [])
        return re.search(r"sessionid=([^;]+)", cookies).group(1)
    finally:
        connection.close()


def test_every_documented_operation_runs(site):
    # Accounts: the first arbiter, as written.
    for line in commands(section_text("Accounts")):
        site.run(line)
    assert "chief" in site.users()

    # Upgrading: the numbered steps, then the roll back to the dump of step 1.
    upgrade = section_text("Upgrading")
    steps = step_commands(upgrade)
    for line in steps:
        output = site.run(line)
        if line.startswith("docker compose --profile backup"):
            site.newest_dump()
    assert output.strip() == "ok"  # the last step: /readyz answers ok
    site.python(
        "from django.contrib.auth.models import User; User.objects.create(username='after')"
    )
    for line in commands(upgrade):
        site.run(line)
    assert site.users() == {"chief"}  # back to the dump: the later account is gone

    # Rotating the secret key: a session made under the old key survives the documented restart.
    session = log_in(site, "chief", CHIEF_PASSWORD)
    assert logged_in(site, session)
    (rotation,) = commands(section_text("Rotating the secret key"))
    site.run(rotation)
    assert site.keys["SECRET_KEY"] == site.new_key and "SECRET_KEY_FALLBACKS" in site.keys
    assert logged_in(site, session)
    site.up(SECRET_KEY_FALLBACKS="")  # the fallback dropped: that session is no longer valid
    assert not logged_in(site, session)

    # Lifting a login lockout: each documented command lifts a lock of "arbiter".
    site.sh(
        "python manage.py createsuperuser --no-input --username arbiter --email a@oware.example",
        DJANGO_SUPERUSER_PASSWORD="arbiter-password-1",
    )
    lifts = commands(section_text("The client's address")) + commands(
        section_text("Lifting a login lockout")
    )
    assert len(lifts) == 3
    for line in lifts:
        site.python(
            "from axes.models import AccessAttempt\n"
            "AccessAttempt.objects.create(username='arbiter', ip_address='203.0.113.7', "
            "user_agent='-', failures_since_start=5, get_data='', post_data='', "
            "http_accept='-', path_info='/accounts/login/')"
        )
        site.run(line)
        left = site.python(
            "from axes.models import AccessAttempt; print(AccessAttempt.objects.count())"
        )
        assert left.strip() == "0", line

    # Backups: take one, write after it, restore it over the running database.
    backups = commands(section_text("Backups"))
    take, schedule, *restore = backups
    site.run(take)
    site.newest_dump()
    assert (
        schedule.startswith("*/15 ")
        and "docker compose --profile backup run --rm backup" in schedule
    )
    site.python(
        "from django.contrib.auth.models import User; User.objects.create(username='later')"
    )
    for line in restore:
        site.run(line)
    assert site.users() == {"chief", "arbiter"}
    wait_until_served(site.port, "/readyz")


# Commands the scenario above does not run, and why; each must still be in the document as
# written here, so that a change to one is seen.
NOT_RUN_HERE = {
    # compose itself (no engine here): its services are checked below, its commands' insides
    # run above.
    "SECRET_KEY=$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))') "
    "docker compose up -d",
    "docker compose exec web python manage.py createsuperuser",  # asks for a password
    "SECRET_KEY=... REDIS_URL=redis://redis:6379/0 "
    "docker compose --profile scale up -d --scale web=2",
    # tests/foundation/test_installed.py installs the wheel and runs these in a fresh environment.
    "pip install .",
    "export DJANGO_SETTINGS_MODULE=oware_tournaments.settings STATIC_ROOT=/srv/oware/static",
    "export SECRET_KEY=<the key you made> ALLOWED_HOSTS=oware.example",
    "export DATA_DIR=/srv/oware/data",
    "python -m django release",
    "python -m gunicorn oware_tournaments.wsgi:application --bind 127.0.0.1:8000",
    # HTTPS: tests/foundation/test_https.py runs the TLS overlay's nginx configuration.
}


def test_every_command_of_the_document_is_run_or_accounted_for():
    scenario = (
        commands(section_text("Accounts"))
        + step_commands(section_text("Upgrading"))
        + commands(section_text("Upgrading"))
        + commands(section_text("Rotating the secret key"))
        + commands(section_text("The client's address"))
        + commands(section_text("Lifting a login lockout"))
        + commands(section_text("Backups"))
    )
    https = commands(section_text("HTTPS"))
    # tests/publishing/test_mirror_servers.py and test_sending.py run the publishing commands.
    publishing = commands(section_text("A venue and a public server"))
    unknown = [
        line
        for line in every_command()
        if line not in scenario + https + publishing and line not in NOT_RUN_HERE
    ]
    assert unknown == [], "commands of docs/deployment.md that no test runs"
    missing = [line for line in NOT_RUN_HERE if line not in every_command()]
    assert missing == [], "NOT_RUN_HERE names commands the document no longer has"


def test_the_key_the_document_makes_is_long_and_random():
    first = subprocess.run(
        ["python3", "-c", "import secrets; print(secrets.token_urlsafe(50))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert "import secrets; print(secrets.token_urlsafe(50))" in DOC.read_text()
    assert len(first) >= 50 and first != secrets.token_urlsafe(50)


def test_every_service_and_profile_a_compose_command_names_exists():
    services = compose_file()["services"]
    profiles = {p for service in services.values() for p in service.get("profiles", [])}
    named = 0
    for line in every_command():
        _, words = split_assignments(line.split("&& ")[-1])
        at = next(
            (i for i in range(len(words) - 1) if words[i : i + 2] == ["docker", "compose"]), None
        )
        if at is None:
            continue
        compose = parse_compose(words[at + 2 :])
        assert set(compose.profiles) <= profiles, line
        if compose.service is not None:
            assert compose.service in services, line
            named += 1
        for service, _count in (f.split("=") for f in compose.flags if "=" in f):
            assert service in services, line
    assert named >= 8


def compose_client() -> list[str] | None:
    """`docker compose`, else `docker-compose`: whichever can read a compose file here."""
    if shutil.which("docker"):
        probe = subprocess.run(["docker", "compose", "version"], capture_output=True)
        if probe.returncode == 0:
            return ["docker", "compose"]
    if shutil.which("docker-compose"):
        return ["docker-compose"]
    return None


@pytest.mark.parametrize(
    "files, env",
    [
        (["docker-compose.yml"], {}),
        (["docker-compose.yml", "deploy/compose.tls.yml"], {"TLS_DIR": "/etc/ssl"}),
    ],
)
def test_the_compose_files_are_valid(files, env):
    client = compose_client()
    if client is None:
        if os.environ.get("CI"):
            pytest.fail("no compose client to validate docker-compose.yml")
        pytest.skip("no compose client (docker compose or docker-compose) on this machine")
    arguments = [item for name in files for item in ("-f", name)]
    checked = subprocess.run(
        [*client, *arguments, "config", "-q"],
        cwd=ROOT,
        env={**os.environ, "SECRET_KEY": "compose-check-key", **env},
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stderr
