"""The API 1.0 paths (without `v1/`): still answered, and marked as going away in each answer.

Every answer of a 1.0 path carries `Deprecation` (RFC 9745: the date API 1.1 replaced them, as a
structured-field date), `Sunset` (RFC 8594: the date after which they may stop answering) and a
`Link` to the same resource under `/api/v1/` (`rel="successor-version"`).
"""

import datetime
from functools import wraps

from django.urls import URLPattern
from django.utils.http import http_date

# When API 1.1 and its /api/v1/ paths replaced the 1.0 paths, and when those may stop answering.
DEPRECATED_ON = datetime.datetime(2026, 11, 25, tzinfo=datetime.UTC)
SUNSET_ON = datetime.datetime(2027, 11, 25, tzinfo=datetime.UTC)
PREFIX, SUCCESSOR_PREFIX = "/api/", "/api/v1/"


def deprecated(view):
    """Wrap a 1.0 view: its answers say it is deprecated, when it ends and what replaces it."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        response["Deprecation"] = f"@{int(DEPRECATED_ON.timestamp())}"
        response["Sunset"] = http_date(SUNSET_ON.timestamp())
        successor = SUCCESSOR_PREFIX + request.path.removeprefix(PREFIX)
        link = f'<{successor}>; rel="successor-version"'
        response["Link"] = f"{response['Link']}, {link}" if response.has_header("Link") else link
        return response

    return wrapped


def deprecated_paths(patterns: list[URLPattern]) -> list[URLPattern]:
    """The same routes and names, each view wrapped by `deprecated`."""
    return [URLPattern(p.pattern, deprecated(p.callback), p.default_args, p.name) for p in patterns]
