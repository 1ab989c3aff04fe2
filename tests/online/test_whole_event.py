"""A whole online event with nobody's hand on it after the start: a real server (scripts/serve on
PostgreSQL) and its task worker; the organiser's script creates and starts the event, bots enter
and play random legal moves through the HTTP API only (half of them on their own streams, which
bring each of their games as it opens and its moves; the others, as older clients, asking
`GET /api/v1/me/game/` for their game and following its stream; the moves and resignation
endpoints), one entered player never shows up, one joins late. Then, read back: every round
was paired and published soon after the last game of the round before, the TRF export re-pairs
identically with the engine's command line, every stored record replays to its result.
Hostile clients along the way: a join after the entry window, a start by a user who may not,
each refused with its code and nothing stored."""

import json
import subprocess
import sys
import time
from pathlib import Path

from tests.online.bots import Api, StreamBot
from tests.online.event_server import event_server
from tests.servers import ROOT, run_django

SLUG = "bots-open"
PLAYERS = 8  # entered before the start; player7 never shows up
ROUNDS = 3
LATE = "player8"
ABSENT = "player7"
# A bot on its own stream is told of its next game; one that asks for it asks every half second
# while it has none. In a game, each answers each move its stream brings at once, and resigns
# after about RESIGN plies (some games end by the rules before), so that a round lasts seconds,
# not the minutes random moves can take.
BOT_POLL = 0.5
RESIGN = 40
# The bound on the pairing of the next round after the last game of the one before (the issue's).
PAIRING_BOUND_SECONDS = 10

CHECKS = """
import json
import django
django.setup()
from oware import read_game
from tournaments.models import GameRecord, Pairing, ResultChange, Round
rounds = []
for round_ in Round.objects.filter(section__tournament__slug=%(slug)r).order_by("number"):
    last = ResultChange.objects.filter(pairing__round=round_).order_by("-changed_at").first()
    rounds.append({
        "number": round_.number,
        "status": round_.status,
        "published_at": round_.published_at.timestamp(),
        "last_result_at": last.changed_at.timestamp() if last else None,
    })
replays = {"checked": 0, "wrong": []}
for record in GameRecord.objects.filter(pairing__round__section__tournament__slug=%(slug)r):
    result = record.pairing.result
    read = read_game(record.text, record.variant)
    replays["checked"] += 1
    stored = (result.south_points, result.north_points, result.ending)
    if read.result is None or (*read.result.points, read.result.ending) != stored:
        replays["wrong"].append([record.pairing_id, str(read.result), str(stored)])
games = Pairing.objects.filter(round__section__tournament__slug=%(slug)r, north__isnull=False)
endings = sorted({str(p.result.ending) for p in games.select_related("result")})
print(json.dumps({"rounds": rounds, "replays": replays, "games": games.count(),
                  "without_result": games.filter(result__isnull=True).count(),
                  "endings": endings}))
"""


def wait_until(check, seconds: float, what: str):
    """Poll `check()` until it is true; fail after `seconds` (a bound, not a measurement)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.3)
    raise AssertionError(f"{what} did not happen within {seconds} s")


def entries_path(section: str = "open") -> str:
    return f"/api/v1/tournaments/{SLUG}/{section}/entries/"


def player_count(organiser: Api) -> int:
    status, players = organiser.get(f"/api/v1/tournaments/{SLUG}/open/players/?limit=200")
    assert status == 200, players
    return players["count"] if isinstance(players, dict) else len(players)


def server_errors(log: Path) -> str:
    """Each traceback the web server logged, with the line that names its request: where a
    refusal answered 500 comes from."""
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    errors = [
        "\n".join(lines[max(0, n - 1) : n + 40])
        for n, line in enumerate(lines)
        if line.startswith("Traceback")
    ]
    return "\n\n".join(errors) or "the server logged no traceback"


def test_a_whole_online_event_runs_itself_with_bots(tmp_path):
    server_log = tmp_path / "web.log"
    with event_server(PLAYERS + 1, log=server_log) as server:
        apis = {name: Api(server.port, token) for name, token in server.tokens.items()}
        organiser = apis["organiser"]

        # The organiser's script creates the event; a stranger may not start it.
        status, created = organiser.post(
            "/api/v1/tournaments/",
            {
                "name": "Bots Open",
                "slug": SLUG,
                "rounds": ROUNDS,
                "online": {
                    "clock_minutes": 1,
                    "increment_seconds": 0,
                    "no_show_seconds": 10,
                    "next_round": "after_last_game",
                    "gap_seconds": 1,
                },
            },
        )
        assert status == 201, created
        for n in range(PLAYERS):
            status, entry = apis[f"player{n}"].post(entries_path())
            assert status == 201, entry
        revision = organiser.get(f"/api/v1/tournaments/{SLUG}/")[1]["revision"]
        status, refused = apis["stranger"].post(
            f"/api/v1/tournaments/{SLUG}/start/", {"expected_version": revision}
        )
        assert (status, refused["code"]) == (403, "forbidden")
        assert organiser.get(f"/api/v1/tournaments/{SLUG}/online/")[1]["state"] == "entries"
        assert organiser.get(f"/api/v1/tournaments/{SLUG}/open/rounds/")[0] == 200
        assert organiser.get(f"/api/v1/tournaments/{SLUG}/open/rounds/1/")[0] == 404

        bots = [
            StreamBot(
                apis[f"player{n}"],
                seed=n,
                think=0,
                poll=BOT_POLL if n % 2 else None,
                resign_after=RESIGN,
            )
            for n in range(PLAYERS + 1)
            if f"player{n}" != ABSENT
        ]
        for bot in bots[:-1]:  # the late joiner's bot starts with his entry
            bot.start()
        status, started = organiser.post(
            f"/api/v1/tournaments/{SLUG}/start/", {"expected_version": revision}
        )
        assert status == 200, started
        # No arbiter's action from here on: a player joins late, the bots play.
        status, late = apis[LATE].post(entries_path())
        assert status == 201, late
        assert late["entry_round"] == 2
        bots[-1].start()

        def finished():
            return organiser.get(f"/api/v1/tournaments/{SLUG}/")[1]["status"] == "finished"

        try:
            wait_until(finished, 400, "the event's end")
        except AssertionError:
            # Say why: a task that failed names itself in the worker's log.
            server.worker.log.seek(0)
            print(server.worker.log.read().decode()[-6000:])
            raise
        finally:
            for bot in bots:
                bot.stop()

        # A join after the entry window: refused with its code, nothing stored.
        players = player_count(organiser)
        status, refused = apis["stranger"].post(entries_path())
        assert (status, refused["code"]) == (409, "entries_closed"), refused
        assert player_count(organiser) == players == PLAYERS + 1

        checks = run_django(CHECKS % {"slug": SLUG}, DATABASE_URL=server.database)
        assert checks.returncode == 0, checks.stderr[-3000:]
        found = json.loads(checks.stdout.strip().splitlines()[-1])
        status, trf = organiser.call("GET", f"/api/v1/tournaments/{SLUG}/open/trf/")

    print(json.dumps(found, indent=1))  # shown when an assertion below fails
    rounds = found["rounds"]
    assert [r["number"] for r in rounds] == list(range(1, ROUNDS + 1))
    assert all(r["status"] == "completed" for r in rounds)
    for before, after in zip(rounds, rounds[1:], strict=False):
        waited = after["published_at"] - before["last_result_at"]
        assert 0 <= waited <= PAIRING_BOUND_SECONDS, (after["number"], waited)
    assert found["without_result"] == 0
    assert "forfeit" in found["endings"]  # the player who never showed up
    assert found["replays"]["checked"] > 0 and found["replays"]["wrong"] == []
    assert sum(bot.moves_sent for bot in bots) > 0
    assert [r for bot in bots for r in bot.refusals] == [], server_errors(server_log)
    assert [f for bot in bots for f in bot.failures] == []

    # The exported TRF re-pairs identically with the engine's own command line.
    assert status == 200
    exported = tmp_path / "bots-open.trf"
    exported.write_text(trf)
    repaired = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(exported), "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert repaired.returncode == 0, repaired.stdout + repaired.stderr
