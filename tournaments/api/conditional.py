"""Conditional and compressed reads of the API, in one place.

Every successful GET outside the revision cache (authenticated clients, the tournament list)
gets an ETag (a hash of the body and its media type) and a Last-Modified (the tournament's
last change as far as the database records it); a request with a matching If-None-Match or a
later If-Modified-Since answers 304 without a body. Bodies are gzipped when the client accepts
it.
"""

import hashlib
from functools import wraps

from django.db.models import Max
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import http_date
from django.views.decorators.gzip import gzip_page

from tournaments.models import Tournament


def last_change(slug: str | None):
    """When the tournament `slug` (every tournament when None) last changed, or None: the stamp
    every write raises (tournaments/freshness.py)."""
    tournaments = Tournament.objects.all() if slug is None else Tournament.objects.filter(slug=slug)
    return tournaments.aggregate(at=Max("changed_at"))["at"]


def representation_etag(response) -> str:
    """A strong tag of the body and its media type: the same bytes as CSV and as NDJSON (an
    empty table) are two representations."""
    digest = hashlib.md5(response.get("Content-Type", "").encode(), usedforsecurity=False)
    digest.update(response.content)
    return f'"{digest.hexdigest()}"'


def conditional_read(view):
    """Wrap an API view: ETag, Last-Modified and 304 on GET/HEAD, gzip on every answer."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if request.method not in ("GET", "HEAD") or response.status_code != 200:
            return response
        if hasattr(request, "page_etag"):
            # Served through the revision cache (tournaments/views/caching.py), which sets the
            # ETag and Last-Modified and answers 304 itself: hashing the body would be wasted.
            return response
        if hasattr(response, "render") and callable(response.render):
            response.render()
        # The body's hash is the tag, so each format and query has its own; a shared cache
        # keeps them apart by Accept (the format may be asked that way) and the credentials.
        patch_vary_headers(response, ("Accept", "Authorization", "Cookie"))
        response["ETag"] = representation_etag(response)
        changed = last_change(kwargs.get("slug"))
        timestamp = changed.timestamp() if changed else None
        if timestamp is not None:
            response["Last-Modified"] = http_date(timestamp)
        return get_conditional_response(
            request, etag=response.get("ETag"), last_modified=timestamp, response=response
        )

    return gzip_page(wrapped)


class ConditionalReadMixin:
    """For DRF views: `as_view` returns the view wrapped by `conditional_read`."""

    @classmethod
    def as_view(cls, **initkwargs):
        return conditional_read(super().as_view(**initkwargs))
