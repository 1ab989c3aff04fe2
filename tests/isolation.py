"""What one test leaves behind in its process besides database rows, and its undoing."""


def forget_cached() -> None:
    """Empty the cache and forget every remembered revision: what the `empty_cache` fixture does
    before each test, and the permissions matrix between the requests of one test."""
    from django.core.cache import cache

    from tournaments.freshness import forget_stamps
    from tournaments.views.caching import remembered

    cache.clear()
    remembered.clear()
    forget_stamps()
