"""gunicorn's hooks for scripts/serve (`--config python:oware_tournaments.gunicorn_hooks`).

The release (migrations, static files) runs in gunicorn's master, which `--preload` has already
set Django up in, rather than in a `manage.py release` of its own before it: one Django start
less for every server started. The publishing worker then starts once the release is done.
"""

import gc
import os
import subprocess
import sys


def on_starting(server):
    """Before the port opens, as `manage.py release` did before gunicorn started: no request is
    served before the migrations are applied. The connections it opened are closed, so that no
    worker forked from this process shares one, and the migrations' model states it built are
    collected, so that no worker inherits them; what is left (the application) is frozen out of
    the collector's reach, which the workers then never scan or copy for it."""
    import django
    from django.core.management import call_command
    from django.db import connections

    django.setup()  # done already under --preload
    call_command("release")
    connections.close_all()
    gc.collect()
    gc.freeze()


def when_ready(server):
    """The publishing worker (publishing/, docs/deployment.md) beside gunicorn, unless
    PUBLISH_WORKER=0 (one is enough per database; more take turns): it ends when this master
    ends. Started after the release, so it finds the tables it polls."""
    if os.environ.get("PUBLISH_WORKER", "1") == "0":
        return
    command = [sys.executable, "manage.py", "publish_worker", "--follow", str(os.getpid())]
    subprocess.Popen(command)  # noqa: S603 (this interpreter, a fixed command)
