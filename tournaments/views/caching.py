"""Public reads that cost a 304 or a memory lookup while the tournament has not changed.

A spectator's phone polls the round page during a round; hundreds do at the start of one. Each
request reads the tournament's revision (one indexed query, trusted for half a second): an
unchanged page answers 304 to a conditional request, and otherwise comes from memory, rendered
once per revision, language and address. Logged-in visitors (arbiters) always get a fresh
render, since their pages carry their own links and forms.

Each process keeps the last copy it served of every page. When a write raises the revision, the
first process to need the new copy renders it into the shared cache (Redis when `REDIS_URL` is
set) and the others take it from there. While it renders, they go on serving their previous
copy, with its own ETag, for the fraction of a second the render takes: a burst of readers
right after a result costs one render, not one per process.

What a client adds to a read must not buy it a render of its own (a flood of unique addresses
would otherwise reach the database each time): the query string is cut down to the parameters
public reads understand (PUBLIC_PARAMETERS, the same ones deploy/nginx.conf keys its copies on),
then to those this page reads (a view's `public_parameters`); each is checked before any work
and written one way (`?round=007` is `round=7`, a time in UTC), and a malformed one is refused
with 400 (`Cache-Control: no-store`), never rendered nor kept. The copy is keyed on those
checked values only. nginx keys its copies on the parameters as sent: an answer is marked for
it (X-Accel-Expires) only when what nginx would key it on is already the checked form, so
nginx keeps no copy under a key the application does not. An `Authorization: Token` that is no
valid token is refused (401) before anything else; any other `Authorization` is no credential
of ours and is ignored, as a session-less visitor.
"""

import hashlib
import re
import time
from dataclasses import dataclass
from datetime import UTC, timedelta
from functools import wraps
from urllib.parse import quote

from django.conf import settings
from django.core.cache import cache, caches
from django.db import DatabaseError
from django.http import HttpResponse, HttpResponseNotModified, JsonResponse, QueryDict
from django.utils.cache import patch_vary_headers
from django.utils.connection import ConnectionProxy
from django.utils.dateparse import parse_datetime
from django.utils.html import escape
from django.utils.http import http_date, parse_http_date_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from tournaments.freshness import recent_stamp

CACHE_SECONDS = 600
# How long a render may hold its claim on a page; past that (a killed process) another renders.
RENDER_SECONDS = 2
# The test Django's gzip uses: the API compresses its answers for clients that accept gzip, so
# the cache keeps a compressed and a plain copy apart.
ACCEPTS_GZIP = re.compile(r"\bgzip\b")
# Every query parameter a public read answers to (the API's ?round=, ?format=, paging,
# ?positions=, ?player= and ?since=, the game viewer's ?ply=, a round page's ?print=);
# deploy/nginx.conf keys its shared copies on the same.
PUBLIC_PARAMETERS = (
    "round",
    "format",
    "limit",
    "offset",
    "positions",
    "ply",
    "player",
    "since",
    "print",
)


@dataclass(frozen=True)
class PageCopy:
    """One rendered answer, with the revision it shows."""

    version: str
    changed_at: float
    content: bytes
    content_type: str
    encoding: str
    # A download's file name (Content-Disposition), sent with every copy of it.
    disposition: str = ""


# This process's last copy of each page (oware_tournaments/settings.py: a LocMemCache of
# REMEMBERED_PAGES entries, the least recently read dropped first), whatever the shared cache is.
remembered = ConnectionProxy(caches, "remembered")
# The last copy of each page any worker served, for every worker to serve while the database
# does not answer: Redis when there is one, otherwise files on this machine (never the database).
last_copies = ConnectionProxy(caches, "last_copies")
# How long a last copy is kept for a database that stops answering.
LAST_COPY_SECONDS = 24 * 3600


class BadParameter(Exception):
    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


def _whole_number(digits: int, most: int | None = None):
    def check(name: str, text: str) -> str:
        if not (text.isascii() and text.isdigit()) or len(text) > digits:
            raise BadParameter(
                name, _("Give a whole number of at most %(n)d digits.") % {"n": digits}
            )
        number = int(text)
        return str(number if most is None else min(number, most))

    return check


# The widest offset a time may name: PostgreSQL refuses more than 15:59 (ISO 8601 needs ±14:00).
MOST_OFFSET = timedelta(hours=15, minutes=59)


def _moment(name: str, text: str) -> str:
    """A time as ISO 8601, written in UTC to the microsecond (UTC when it names no offset)."""
    message = _("Give a time as ISO 8601, such as 2026-05-01T14:30:00Z.")
    try:
        moment = parse_datetime(text.strip()) if len(text) <= 40 else None
    except ValueError:
        moment = None
    if moment is None:
        raise BadParameter(name, message)
    offset = moment.utcoffset()
    if offset is not None and abs(offset) > MOST_OFFSET:
        raise BadParameter(name, _("Give a time whose offset is at most ±15:59."))
    try:
        moment = moment.replace(tzinfo=UTC) if offset is None else moment.astimezone(UTC)
    except OverflowError:
        raise BadParameter(name, message) from None
    return moment.replace(tzinfo=None).isoformat(timespec="microseconds") + "Z"


def _switch(name: str, text: str) -> str | None:
    """`?positions=1` (or true, yes) asks for them; 0, false or no is the same as nothing."""
    if text.lower() in ("0", "false", "no"):
        return None
    if text.lower() not in ("1", "true", "yes"):
        raise BadParameter(name, _("Give 1 or 0."))
    return "1"


def _format(name: str, text: str) -> str:
    if not (text.isascii() and text.isalnum() and len(text) <= 10):
        raise BadParameter(name, _("Give a format such as json, csv or ndjson."))
    return text.lower()


def _print_part(name: str, text: str) -> str:
    if text not in ("boards", "names"):
        raise BadParameter(name, _("Give one of: %(choices)s.") % {"choices": "boards, names"})
    return text


# Each public parameter's check: its value written one way, None to leave it out, or
# BadParameter. The same bounds the views apply (tournaments/api/pagination.py).
CHECKS = {
    "round": _whole_number(4),
    "format": _format,
    "limit": _whole_number(6, most=500),
    "offset": _whole_number(7, most=1_000_000),
    "positions": _switch,
    "ply": _whole_number(4),
    "player": _whole_number(12),
    "since": _moment,
    "print": _print_part,
}


def view_parameters(view) -> tuple[str, ...]:
    """The public parameters `view` reads: its class's `public_parameters` (an API view), with
    `format` for every API view and `limit` and `offset` for a paged list; a function view's
    `public_parameters` attribute; none otherwise."""
    cls = getattr(view, "cls", None) or getattr(view, "view_class", None)
    own = tuple(getattr(cls or view, "public_parameters", ()))
    if cls is None or not hasattr(cls, "renderer_classes"):
        return own
    paged = hasattr(cls, "list") and getattr(cls, "pagination_class", None) is not None
    return ("format", *(("limit", "offset") if paged else ()), *own)


def revalidated(view=None, *, parameters: tuple[str, ...] = (), window: float | None = None):
    """Wrap a public read of the tournament named by the URL's `slug`; a function view names
    the public parameters it reads with `@revalidated(parameters=(...))`. With a `window`
    (seconds), the page shows the revision read once per window of the wall clock
    (`recent_stamp`): a page polled while many writes come in changes once a window at most."""
    if view is None:
        return lambda function: revalidated(function, parameters=parameters, window=window)
    parameters = (*view_parameters(view), *parameters)

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        try:
            return fresh(request, *args, **kwargs)
        except DatabaseError:
            # The database does not answer: an anonymous reader gets the last copy of the page
            # this process or any other served, marked as such; anyone else the 503 of
            # oware_tournaments/database_down.py.
            previous = None if _signed_in(request) else _last_copy(page_key(request))
            if previous is None:
                raise
            return _stale(previous)

    def fresh(request, *args, **kwargs):
        if _wrong_token(request):
            return _refused(request, 401, "authentication_failed", _("Invalid token."), None)
        if not _anonymous_read(request):
            return view(request, *args, **kwargs)
        try:
            shared = _keep_public_parameters(request, parameters)
        except BadParameter as bad:
            return _refused(request, 400, "invalid", bad.message, bad.field)
        stamp = recent_stamp(kwargs["slug"], window)
        if stamp is None:
            return view(request, *args, **kwargs)  # the view answers its own 404
        version = page_version(stamp)
        changed_at = stamp[2]
        # One tag per representation: the JSON, CSV and NDJSON of one address, or two of its
        # queries, differ, and a client holding one must not get a 304 for another.
        representation = representation_tag(request)
        request.page_etag = f"{version}.{representation}"  # where live pages start polling
        wanted = _etags(request.headers.get("If-None-Match", ""))
        if f'"{request.page_etag}"' in wanted or _not_modified_since(request, changed_at):
            served_version, served_at = version, changed_at.timestamp()
            response = HttpResponseNotModified()
        else:
            copy = _page_copy(request, view, args, kwargs, version, changed_at.timestamp())
            if not isinstance(copy, PageCopy):
                # An answer not worth keeping (a 404, a stream): sent as it is, and a refusal
                # kept by nobody on the way.
                if copy.status_code >= 400:
                    copy["Cache-Control"] = "no-store"
                return copy
            served_version, served_at = copy.version, copy.changed_at
            unchanged = f'"{copy.version}.{representation}"' in wanted
            response = HttpResponseNotModified() if unchanged else _answer(copy)
        response["ETag"] = f'"{served_version}.{representation}"'
        response["Last-Modified"] = http_date(served_at)
        # Phones may keep the page but must ask again each time; the 304 makes that cheap.
        response["Cache-Control"] = "no-cache"
        if served_version == version and shared:
            # A proxy may share this answer among anonymous readers until the end of this
            # second (nginx counts whole seconds; deploy/nginx.conf); nginx does not pass the
            # header on. A previous copy, sent while another process renders, is not shared;
            # nor is an answer nginx would key on parameters as sent rather than as checked.
            # A page read per window (the live state) is kept by nginx per window, its key
            # naming the window: there the copy lives to the end of the next second, for the
            # pollers that waited for it past a second's end; it is never served after its
            # window, since no later request has its key.
            until = int(time.time()) + (1 if window else 0)
            response["X-Accel-Expires"] = f"@{until}"
        patch_vary_headers(response, ("Accept-Language", "Cookie", "Accept", "Accept-Encoding"))
        return response

    return wrapper


def _last_copy(page: str) -> PageCopy | None:
    copy = remembered.get(page)
    if copy is None:
        try:
            copy = last_copies.get(page)
        except Exception:  # noqa: BLE001 (a cache that does not answer either: no copy)
            return None
    return copy if isinstance(copy, PageCopy) else None


def _refused(request, status: int, code: str, message: str, field: str | None) -> HttpResponse:
    """A refusal of what the request sent, before any work: the API's error shape under /api/,
    one line of text elsewhere; kept by no cache."""
    if request.path.startswith("/api/"):
        problem = {"code": code, "message": message, "field": field}
        response = JsonResponse(problem | {"errors": [problem]}, status=status)
    else:
        response = HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
    if status == 401:
        response["WWW-Authenticate"] = 'Token realm="api"'
    response["Cache-Control"] = "no-store"
    return response


def _wrong_token(request) -> bool:
    """An `Authorization: Token` header whose key is no API token's."""
    scheme, _sep, key = request.headers.get("Authorization", "").strip().partition(" ")
    return scheme.lower() == "token" and not _valid_token(f"Token {key}")


def _not_modified_since(request, changed_at) -> bool:
    """True when the request's If-Modified-Since is no earlier than the tournament's last change
    (to the second, as Last-Modified says it). RFC 9110: ignored when If-None-Match is sent."""
    if "If-None-Match" in request.headers:
        return False
    since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
    return since is not None and int(changed_at.timestamp()) <= since


def _signed_in(request) -> bool:
    """Whether the request may be someone's own page, told without the database."""
    return bool(request.COOKIES.get(settings.SESSION_COOKIE_NAME)) or (
        "Authorization" in request.headers
    )


def _stale(copy: PageCopy) -> HttpResponse:
    response = _answer(copy)
    # Marked for people (a notice at the top of a page) and for programs (a header).
    if copy.content_type.startswith("text/html") and not copy.encoding:
        text = escape(_("The server cannot reach its database: this page may be out of date."))
        notice = f'<p class="stale-notice" role="status">{text}</p>'
        response.content = copy.content.replace(b"<main", notice.encode() + b"<main", 1)
    response["X-Page-Copy"] = "stale; database unavailable"
    response["Warning"] = '110 - "Response is Stale"'
    response["Cache-Control"] = "no-store"
    response["Retry-After"] = str(settings.DATABASE_RETRY_AFTER)
    return response


def page_version(stamp) -> str:
    """What a page's copy and ETag are named by: the tournament's revision and the language."""
    pk, revision, changed_at = stamp
    return f"{pk}.{revision}.{changed_at.timestamp():.6f}.{get_language()}"


def representation_tag(request) -> str:
    """A short name for the address, query, Accept and language of a request: the part of the
    ETag that tells one representation of a revision from another. Compression is left out, as
    HTTP does for a content coding: pages carry their tag, and gzipped or not they are equal."""
    return hashlib.blake2s(page_key(request, gzip=False).encode(), digest_size=6).hexdigest()


def render_claim(version: str, page: str) -> str:
    """The cache key a process holds while it renders `page` at `version`."""
    return f"rendering:page:{version}:{page}"


def _anonymous_read(request) -> bool:
    if request.method not in ("GET", "HEAD"):
        return False
    if request.user.is_authenticated:
        return False
    # API clients authenticate per request with a token; Django's user is then anonymous.
    authorization = request.headers.get("Authorization")
    if authorization is None:
        return True
    if _valid_token(authorization):
        return False
    # Anything else is no credential of ours (the API takes no password): the render must not
    # see it either, so that a cached and a fresh answer are the same.
    del request.META["HTTP_AUTHORIZATION"]
    request.__dict__.pop("headers", None)  # the headers read above, kept by Django
    return True


def _valid_token(authorization: str) -> bool:
    scheme, _, key = authorization.strip().partition(" ")
    if scheme.lower() != "token" or not key.strip():
        return False
    return Token.objects.filter(key=key.strip()).exists()


def public_query(query_string: str) -> str:
    """The part of a query string public reads answer to, as nginx reads it for its key
    (`$arg_round`: the first `round=` whatever the name's case, its value as sent): unknown
    and empty parameters dropped, the rest in a fixed order."""
    found = {}
    for part in query_string.split("&"):
        name, sep, value = part.partition("=")
        name = name.lower()
        if sep and value and name in PUBLIC_PARAMETERS and name not in found:
            found[name] = value
    return "&".join(f"{name}={found[name]}" for name in PUBLIC_PARAMETERS if name in found)


def _keep_public_parameters(request, parameters: tuple[str, ...]) -> bool:
    """Make the request the view sees the one its copy is kept for: a copy never depends on,
    nor shows (a link's query string), what the key leaves out. Only the `parameters` the page
    reads are kept, each checked and written one way (BadParameter when it is malformed).
    Whether nginx's key (the public parameters as sent) names the same copy: then, and only
    then, nginx may keep it."""
    sent = public_query(request.META.get("QUERY_STRING", ""))
    checked = {}
    for part in sent.split("&") if sent else ():
        name, _sep, value = part.partition("=")
        if name not in parameters:
            continue
        try:
            text = QueryDict(part).get(name, "")
        except Exception:  # noqa: BLE001 (undecodable: as malformed as any)
            text = "\ufffd"
        value = CHECKS[name](name, text)
        if value is not None:
            checked[name] = value
    query = "&".join(
        f"{name}={quote(checked[name], safe=':')}" for name in PUBLIC_PARAMETERS if name in checked
    )
    request.META["QUERY_STRING"] = query
    request.GET = QueryDict(query)
    return query == sent


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def page_key(request, gzip: bool = True) -> str:
    """The scheme and host, address, language and format a copy answers for (its compression
    too, unless not `gzip`)."""
    accept = request.headers.get("Accept", "") if request.path.startswith("/api/") else ""
    encoding = request.headers.get("Accept-Encoding", "")
    gzip = "gzip" if gzip and ACCEPTS_GZIP.search(encoding) else ""
    # The page writes full addresses (QR codes, the API's next links): an https copy is never
    # sent to an http reader, nor one host's to another.
    origin = f"{request.scheme}://{request.get_host()}"
    return f"{origin}:{get_language()}:{request.get_full_path()}:{accept}:{gzip}"


def _page_copy(request, view, args, kwargs, version: str, changed_at: float):
    """The copy of this page to send: this process's, the shared cache's, a fresh render, or,
    while another process renders this version, this process's previous one."""
    page = page_key(request)
    previous = remembered.get(page)
    if previous is not None and previous.version == version:
        return previous
    key = f"page:{version}:{page}"
    copy = cache.get(key)
    if copy is None:
        claim = render_claim(version, page)
        claimed = cache.add(claim, True, RENDER_SECONDS)
        if not claimed and previous is not None:
            return previous
        try:
            copy = _render(request, view, args, kwargs, version, changed_at)
            if isinstance(copy, PageCopy):
                # Stored while the claim still stands: a process that finds the claim gone
                # then finds the copy, and does not render it a second time.
                cache.set(key, copy, CACHE_SECONDS)
        finally:
            if claimed:
                cache.delete(claim)
        if not isinstance(copy, PageCopy):
            return copy
    remembered.set(page, copy, None)
    if previous is None or previous.version != copy.version:
        # Once per page and revision in each process: every worker's last copy, for the time
        # the database does not answer.
        last_copies.set(page, copy, LAST_COPY_SECONDS)
    return copy


def _render(request, view, args, kwargs, version: str, changed_at: float):
    response = view(request, *args, **kwargs)
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    if response.status_code != 200 or response.streaming:
        return response
    encoding = response.get("Content-Encoding", "")
    # An empty body has no Content-Type (DRF drops it: an empty CSV or NDJSON table).
    return PageCopy(
        version,
        changed_at,
        response.content,
        response.get("Content-Type", ""),
        encoding,
        response.get("Content-Disposition", ""),
    )


def _answer(copy: PageCopy) -> HttpResponse:
    response = HttpResponse(copy.content, content_type=copy.content_type or None)
    if not copy.content_type:
        del response["Content-Type"]
    if copy.encoding:
        response["Content-Encoding"] = copy.encoding
    if copy.disposition:
        response["Content-Disposition"] = copy.disposition
    return response
