"""Views of the site itself rather than of tournaments."""

import logging

from django.core.cache import caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connections
from django.http import HttpResponse
from django.views.decorators.cache import never_cache

logger = logging.getLogger(__name__)


@never_cache
def health(request):
    """Liveness for load balancers: the process answers. Touches no database, so it is also the
    ceiling the load scenario (bench/load.py) compares real pages with."""
    return HttpResponse("ok", content_type="text/plain")


@never_cache
def ready(request):
    """Readiness: whether this server can do its work now, for a load balancer or an orchestrator
    deciding where to send requests. 503 names each part that cannot be reached (the database,
    the configured cache) and why; 200 when both answer."""
    problems = {}
    try:
        with connections["default"].cursor() as cursor:
            cursor.execute("SELECT 1")
    except Exception as failure:  # any failure is the answer, whatever the driver raises
        problems["database"] = _reason(failure)
    # A cache that is a table of the database (no Redis) answers exactly when the database does.
    if not isinstance(caches["default"], DatabaseCache):
        try:
            # A write and a read: a cache that answers reads only would still lose
            # invalidations.
            caches["default"].set("readyz", "ok", 10)
            if caches["default"].get("readyz") != "ok":
                problems["cache"] = "the cache did not keep a value"
        except Exception as failure:
            problems["cache"] = _reason(failure)
    if problems:
        lines = [f"{part}: {reason}" for part, reason in problems.items()]
        return HttpResponse("\n".join(lines), content_type="text/plain", status=503)
    return HttpResponse("ok", content_type="text/plain")


def _reason(failure: Exception) -> str:
    # Whoever asks sees only the kind of error; the message, which may name hosts and users,
    # goes to the log for the operator.
    logger.warning("readiness check failed: %s", failure)
    return f"unreachable ({type(failure).__name__})"
