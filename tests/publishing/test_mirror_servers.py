"""A venue's server publishing to a public server over a line that goes down (docs/deployment.md,
"A venue and a public server"): two real servers started by scripts/serve on loopback, the venue
on SQLite and the public one on PostgreSQL, a relay between them that the test cuts and restores."""

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

# A PostgreSQL database of its own, in the PostgreSQL pass of .ci/run.
from tests.foundation.test_scale_out import empty_postgres as public_database  # noqa: F401
from tests.relay import Relay
from tests.servers import (
    ROOT,
    free_port,
    load_demo,
    migrated,
    production_env,
    serve,
    stop,
    wait_until_served,
)

SECTIONS = ("men", "women")
VENUE_NAME = "Sports hall, Accra"
# docs/deployment.md: once the line is back, the public copy follows within the back-off (at
# most PUBLISH_RETRY_MAX, set short here) and a transfer.
CAUGHT_UP_WITHIN = 60
SHORT_RETRY = {"PUBLISH_RETRY_MAX": "2"}


def manage(env: dict, *command: str) -> str:
    run = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def call(port: int, path: str, token: str | None = None, data=None) -> tuple[int, object]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    body = None if data is None else json.dumps(data).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers, data=body)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            status, text = answer.status, answer.read()
    except urllib.error.HTTPError as refusal:
        status, text = refusal.code, refusal.read()
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text.decode()


def revision(port: int, token: str) -> int:
    """The tournament's revision, which every write other than a result's names."""
    status, tournament = call(port, "/api/tournaments/demo/", token)
    assert status == 200, tournament
    return tournament["revision"]


def without_ids(value):
    """An API answer without the row ids each database gives its own rows (a result's version
    is the id of its last audit row)."""
    if isinstance(value, dict):
        return {
            k: without_ids(v)
            for k, v in value.items()
            if k not in ("id", "url", "version") and not k.endswith("_id")
        }
    if isinstance(value, list):
        return [without_ids(v) for v in value]
    if isinstance(value, str):
        return re.sub(r"/(games?|pairings?)/\d+/", r"/\1/#/", value)
    return value


def public_view(port: int) -> dict:
    """What the public sees of the demo: the API's rounds and standings, the TRF exports, and
    the standings pages' tables."""
    seen = {}
    for section in SECTIONS:
        base = f"/api/tournaments/demo/{section}/"
        status, rounds = call(port, base + "rounds/")
        assert status == 200, rounds
        rounds = rounds.get("results", rounds) if isinstance(rounds, dict) else rounds
        seen[section, "rounds"] = without_ids(rounds)
        for number in sorted(r["number"] for r in rounds):
            seen[section, number] = without_ids(call(port, f"{base}rounds/{number}/")[1])
        seen[section, "standings"] = without_ids(call(port, base + "standings/")[1])
        seen[section, "trf"] = call(port, base + "trf/")[1]
        page = call(port, f"/t/demo/{section}/standings/")[1]
        seen[section, "page"] = re.sub(r"/\d+/", "/#/", page[page.index("<table") :])
    return seen


def backup_rows(env: dict) -> dict:
    """The tournament's backup without who entered what (users live on the venue only)."""
    document = json.loads(manage(env, "export_tournament", "demo"))
    document["tournament"][0].pop("arbiters")
    for rows in document.values():
        for row in rows if isinstance(rows, list) else ():
            for key in ("entered_by", "changed_by", "paired_by", "published_by", "created_by"):
                row.pop(key, None)
    return document


def wait_for(check, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while True:
        outcome = check()
        if outcome:
            return outcome
        if time.monotonic() > deadline:
            pytest.fail(f"not within {seconds} s: {what() if callable(what) else what}")
        time.sleep(0.3)


def publish_state(env: dict) -> str:
    return manage(env, "publish_to", "demo", "--list")


@pytest.mark.database  # the public server on PostgreSQL, in the PostgreSQL pass
def test_the_hall_publishes_through_a_cut_line_and_restarts(tmp_path, public_database):  # noqa: F811
    venue_db = f"sqlite:///{tmp_path / 'venue.sqlite3'}"
    venue_env = production_env(DATABASE_URL=venue_db)
    public_env = production_env(DATABASE_URL=public_database)
    arbiter_token = load_demo(venue_env)
    migrated(public_database)
    mirror_token = manage(public_env, "mirror_token", "demo", "--venue", VENUE_NAME).strip()
    manage(
        public_env,
        "shell",
        "-c",
        "from django.contrib.auth.models import User; "
        "User.objects.create_superuser('admin', 'admin@example.org', 'x-unused-x')",
    )
    admin_token = manage(public_env, "api_token", "admin").split()[-1]

    public_port, venue_port = free_port(), free_port()
    relay = Relay(public_port)
    manage(
        venue_env,
        "publish_to",
        "demo",
        f"http://127.0.0.1:{relay.port}",
        "--token",
        mirror_token,
    )
    servers = {}

    def start(which):
        if which == "public":
            servers[which] = serve(public_database, public_port)
            wait_until_served(public_port, "/readyz")
        else:
            servers[which] = serve(venue_db, venue_port, PUBLISH_WORKER="1", **SHORT_RETRY)
            wait_until_served(venue_port, "/readyz")

    differences = []

    def same() -> bool:
        try:
            public, venue = public_view(public_port), public_view(venue_port)
        except (AssertionError, KeyError, TypeError, ValueError, OSError) as error:
            differences[:] = [repr(error)[:300]]
            return False
        differences[:] = [key for key in venue if public.get(key) != venue[key]][:5]
        return not differences

    try:
        # One after the other: on one machine they share the folder of collected static files.
        start("public")
        start("venue")
        wait_for(
            same,
            CAUGHT_UP_WITHIN,
            lambda: f"the first copy: {differences} {publish_state(venue_env)}",
        )
        assert "published up to revision" in publish_state(venue_env)
        notice = call(public_port, "/t/demo/")[1]
        assert f"Results from the hall ({VENUE_NAME}), last received at" in notice

        # The line goes down; the arbiter pairs, publishes and enters a round meanwhile.
        relay.cut()
        status, drafted = call(
            venue_port,
            "/api/tournaments/demo/men/pair/",
            arbiter_token,
            {"expected_version": revision(venue_port, arbiter_token)},
        )
        assert status == 201, drafted
        number = drafted["number"]
        status, _round = call(
            venue_port,
            f"/api/tournaments/demo/men/rounds/{number}/publish/",
            arbiter_token,
            {"expected_version": revision(venue_port, arbiter_token)},
        )
        assert status == 200, _round
        pairings = call(venue_port, f"/api/tournaments/demo/men/rounds/{number}/")[1]["pairings"]
        boards = [p for p in pairings if p["north"] is not None]
        half = len(boards) // 2
        for board in boards[:half]:
            enter(venue_port, arbiter_token, board)
        wait_for(
            lambda: "waiting for the network since" in publish_state(venue_env),
            30,
            "the venue saying it waits for the network",
        )
        assert "changes queued" in publish_state(venue_env)
        assert call(public_port, f"/api/tournaments/demo/men/rounds/{number}/")[0] == 404

        # Both servers restart while the line is down; the rest of the round is entered.
        stop(servers.pop("venue"))
        stop(servers.pop("public"))
        start("public")
        start("venue")
        for board in boards[half:]:
            enter(venue_port, arbiter_token, board)
        assert "waiting for the network" in wait_for(
            lambda: publish_state(venue_env), 10, "the state"
        )

        relay.restore()
        wait_for(
            same,
            CAUGHT_UP_WITHIN,
            lambda: f"catching up after the line is back: {differences} {publish_state(venue_env)}",
        )
        assert backup_rows(public_env) == backup_rows(venue_env)
        assert "published up to revision" in publish_state(venue_env)

        # The public copy refuses writes, naming the venue.
        board = call(public_port, f"/api/tournaments/demo/men/rounds/{number}/")[1]["pairings"][0]
        status, refusal = call(
            public_port,
            f"/api/tournaments/demo/games/{board['id']}/result/",
            admin_token,
            {
                "ending": "capture",
                "south_seeds": 24,
                "north_seeds": 23,
                "reason": "typo",
                "expected_version": board["version"],
            },
        )
        assert status == 409, refusal
        assert refusal["code"] == "mirror_read_only"
        assert VENUE_NAME in refusal["message"]
        assert backup_rows(public_env) == backup_rows(venue_env)

        # The public server's administrator detaches the copy: the venue stops and says why.
        manage(public_env, "detach_mirror", "demo", "--reason", "Kept here from now on.")
        board = call(venue_port, f"/api/tournaments/demo/men/rounds/{number}/")[1]["pairings"][0]
        enter(venue_port, arbiter_token, board, reason="correction")
        state = wait_for(
            lambda: "stopped" in (text := publish_state(venue_env)) and text,
            CAUGHT_UP_WITHIN,
            lambda: f"the venue stopping: {publish_state(venue_env)}",
        )
        assert "the public server detached its copy" in state
        assert "Kept here from now on." in state
    finally:
        for server in servers.values():
            stop(server)
        relay.close()


def enter(port: int, token: str, board: dict, reason: str = "") -> None:
    south = 25 + board["board"] % 5 + (1 if reason else 0)
    status, answer = call(
        port,
        f"/api/tournaments/demo/games/{board['id']}/result/",
        token,
        {
            "ending": "capture",
            "south_seeds": south,
            "north_seeds": 48 - south,
            "expected_version": board["version"],
            "reason": reason,
        },
    )
    assert status in (200, 201), answer
