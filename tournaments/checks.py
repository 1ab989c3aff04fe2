"""System checks of a deployment (`manage.py check --deploy`)."""

from django.conf import settings
from django.core import checks

# Caches that live inside one process: each gunicorn worker then keeps its own.
PER_PROCESS_CACHES = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
}


@checks.register(checks.Tags.caches, deploy=True)
def shared_cache(app_configs, **kwargs):
    """Several workers without a shared cache (REDIS_URL): each worker counts the throttles and
    keeps the rendered public pages for itself (docs/deployment.md, "What the workers share")."""
    backend = settings.CACHES["default"]["BACKEND"]
    if backend not in PER_PROCESS_CACHES or settings.WEB_CONCURRENCY < 2:
        return []
    return [
        checks.Warning(
            f"{settings.WEB_CONCURRENCY} workers (WEB_CONCURRENCY) share no cache: each one "
            "counts the API throttles, the budget of password checks and the live boards' wrong "
            "codes by itself, so a client gets that many times its allowance, and each one "
            "renders every public page again after a write.",
            hint="Set REDIS_URL to a Redis every worker and machine reaches, or run one worker.",
            id="oware_tournaments.W001",
        )
    ]
