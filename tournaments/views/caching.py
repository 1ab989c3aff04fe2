"""Public reads that cost a 304 or a cache lookup while the tournament has not changed.

A spectator's phone polls the round page during a round; hundreds do at the start of one. Each
request reads the tournament's revision (one indexed query): an unchanged page answers 304 to a
conditional request, and otherwise comes from the shared cache, rendered once per revision,
language and address. Logged-in visitors (arbiters) always get a fresh render, since their pages
carry their own links and forms.
"""

import re
from functools import wraps

from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date
from django.utils.translation import get_language

from tournaments.freshness import recent_stamp

CACHE_SECONDS = 600
# The test Django's gzip uses: the API compresses its answers for clients that accept gzip, so
# the cache keeps a compressed and a plain copy apart.
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def revalidated(view):
    """Wrap a public read of the tournament named by the URL's `slug`."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not _anonymous_read(request):
            return view(request, *args, **kwargs)
        stamp = recent_stamp(kwargs["slug"])
        if stamp is None:
            return view(request, *args, **kwargs)  # the view answers its own 404
        pk, revision, changed_at = stamp
        version = f"{pk}.{revision}.{changed_at.timestamp():.6f}.{get_language()}"
        etag = f'"{version}"'
        request.page_etag = version  # live pages start polling from the ETag they were sent
        if etag in _etags(request.headers.get("If-None-Match", "")):
            response = HttpResponseNotModified()
        else:
            response = _cached_render(request, view, args, kwargs, version)
        response["ETag"] = etag
        response["Last-Modified"] = http_date(changed_at.timestamp())
        # Phones may keep the page but must ask again each time; the 304 makes that cheap.
        response["Cache-Control"] = "no-cache"
        patch_vary_headers(response, ("Accept-Language", "Cookie", "Accept", "Accept-Encoding"))
        return response

    return wrapper


def _anonymous_read(request) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    # API clients authenticate per request (a token, basic); Django's user is then anonymous.
    return not request.user.is_authenticated and "Authorization" not in request.headers


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def _cached_render(request, view, args, kwargs, version):
    accept = request.headers.get("Accept", "") if request.path.startswith("/api/") else ""
    gzip = "gzip" if ACCEPTS_GZIP.search(request.headers.get("Accept-Encoding", "")) else ""
    key = f"page:{version}:{request.get_full_path()}:{accept}:{gzip}"
    cached = cache.get(key)
    if cached is not None:
        content, content_type, encoding = cached
        response = HttpResponse(content, content_type=content_type)
        if encoding:
            response["Content-Encoding"] = encoding
        return response
    response = view(request, *args, **kwargs)
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    if response.status_code == 200 and not response.streaming:
        encoding = response.get("Content-Encoding", "")
        cache.set(key, (response.content, response["Content-Type"], encoding), CACHE_SECONDS)
    return response
