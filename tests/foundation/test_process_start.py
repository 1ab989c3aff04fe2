"""What a process of the site does as it starts (oware_tournaments/__init__.py, wsgi.py): a few
hundred of them start in a day's operation (web workers replaced, every `manage.py` command, the
task worker), so each start loads only what every request may need."""

import json
import subprocess
import sys

from tests.servers import ROOT, production_env

# Libraries that one kind of request or task needs, imported where it runs: the pairing's
# matching (tournaments/pairing/matching.py), the calendar feeds
# (tournaments/services/calendar_feeds.py), the pushes (notifications/push.py).
LOADED_WHEN_NEEDED = ("networkx", "icalendar", "pywebpush", "py_vapid", "aiohttp")

STARTED = """
import gc, json, sys
import oware_tournaments.wsgi
print(json.dumps({
    "threshold": gc.get_threshold()[0],
    "loaded": sorted({name.split(".")[0] for name in sys.modules} & set(%(needed)r)),
}))
"""


def test_the_web_process_starts_without_the_libraries_of_single_requests():
    started = subprocess.run(
        [sys.executable, "-c", STARTED % {"needed": LOADED_WHEN_NEEDED}],
        cwd=ROOT,
        env=production_env(DJANGO_SETTINGS_MODULE="oware_tournaments.settings"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert started.returncode == 0, started.stderr
    report = json.loads(started.stdout.splitlines()[-1])
    assert report["loaded"] == []
    # Collected less often than Python's default (700): its start allocates some 300,000 objects.
    assert report["threshold"] == 50_000
