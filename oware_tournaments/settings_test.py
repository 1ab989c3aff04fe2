"""Settings for the test run: the project's own settings, with a key so DEBUG may stay off."""

import os

os.environ.setdefault("SECRET_KEY", "tests-only-secret-key")
# DEBUG is off: the SQLite database (of a run without DATABASE_URL) is named below, per run.
os.environ.setdefault("DATA_DIR", os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from oware_tournaments.settings import *  # noqa: E402,F403

# Tests render pages without running collectstatic first. The folder collectstatic fills beside
# the source is the servers' the serving tests start (`manage.py release`): WhiteNoise scans
# STATIC_ROOT when a test client builds its middleware, so the suite looks at a folder of its own,
# which no release rewrites under it meanwhile.
STATIC_ROOT = BASE_DIR / f"test-static-{os.getpid()}"  # noqa: F405
STORAGES = {
    **STORAGES,  # noqa: F405
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# Hashing passwords slowly protects real accounts; test accounts only slow the suite down.
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    # A file, not shared memory: concurrent tests then lock as a real deployment does.
    # One file per run, so that two test runs side by side do not share it.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f"test-db-{os.getpid()}.sqlite3")}  # noqa: F405

# The whole suite reads the API from one address; its own tests lower these with override_settings.
REST_FRAMEWORK = {
    **REST_FRAMEWORK,  # noqa: F405
    "DEFAULT_THROTTLE_RATES": {"anon_read": "100000/minute", "write": "100000/minute"},
}

# The suite runs in one process: its own caches, which need no table and no folder. The servers
# the serving tests start use the deployment's shared ones (oware_tournaments/settings.py).
CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "remembered": CACHES["remembered"],  # noqa: F405
    # The same store as `remembered` (one process): emptied with it between tests.
    "last_copies": CACHES["remembered"],  # noqa: F405
}

# The webhook tests' receivers listen on this machine (tests/notifications/); the test of the
# refusal turns this off.
WEBHOOK_ALLOW_PRIVATE = True
