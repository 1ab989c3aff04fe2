"""Cross-origin reads of the API, for web pages of other sites that show a tournament.

Only reads (GET, HEAD and their preflight) from the origins named by `API_CORS_ORIGINS` (none by
default: off; `*` for any) get the CORS headers, and never with credentials: a page elsewhere
reads what any anonymous visitor reads, and a browser refuses it every write. A few lines
here rather than a dependency: the policy is this narrow, and the headers are all there is.
"""

from django.conf import settings
from django.http import HttpResponse
from django.utils.cache import patch_vary_headers

READ_METHODS = ("GET", "HEAD")
# What a polling client needs to read back: revalidation and file names.
EXPOSED = "ETag, Last-Modified, Content-Disposition"
# What a reading client may send: conditional requests and content negotiation.
ALLOWED_HEADERS = "Accept, Accept-Language, If-None-Match, If-Modified-Since"
PREFLIGHT_SECONDS = 3600


def allowed_origin(request) -> str | None:
    """The value of Access-Control-Allow-Origin for this request, or None."""
    origin = request.headers.get("Origin")
    origins = settings.API_CORS_ORIGINS
    if not origin or not request.path.startswith("/api/"):
        return None
    if "*" in origins:
        return "*"
    return origin if origin in origins else None


class ReadOnlyCorsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        origin = allowed_origin(request)
        wanted = request.headers.get("Access-Control-Request-Method", "")
        if request.method == "OPTIONS" and wanted:
            if origin is None or wanted not in READ_METHODS:
                return self.get_response(request)  # no CORS headers: the browser refuses
            preflight = HttpResponse(status=204)
            preflight["Access-Control-Allow-Origin"] = origin
            preflight["Access-Control-Allow-Methods"] = ", ".join(READ_METHODS)
            preflight["Access-Control-Allow-Headers"] = ALLOWED_HEADERS
            preflight["Access-Control-Max-Age"] = str(PREFLIGHT_SECONDS)
            patch_vary_headers(preflight, ("Origin",))
            return preflight
        response = self.get_response(request)
        if settings.API_CORS_ORIGINS and request.path.startswith("/api/"):
            # A shared cache must not hand one origin's answer to another.
            patch_vary_headers(response, ("Origin",))
        if origin is not None and request.method in READ_METHODS:
            response["Access-Control-Allow-Origin"] = origin
            response["Access-Control-Expose-Headers"] = EXPOSED
        return response
