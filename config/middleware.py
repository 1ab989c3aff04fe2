"""Middleware of the whole site (named in settings.MIDDLEWARE)."""

from django.http import HttpResponseBadRequest, JsonResponse
from django.utils.translation import gettext as _

BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class CompleteBodyMiddleware:
    """Refuse a request whose body is shorter than its Content-Length.

    A client that drops mid-upload leaves the server a truncated body; form data cut short can
    still parse into plausible values, so it would be stored as if the arbiter had sent it.
    Reading the body here costs nothing extra: Django keeps it and parses forms from it.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method in BODY_METHODS:
            declared = _declared_length(request)
            if declared and len(request.body) < declared:
                return _incomplete(request)
        return self.get_response(request)


def _declared_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _incomplete(request):
    message = _("The request's body ended before its declared length; nothing was saved.")
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"code": "incomplete_body", "message": message, "field": None}, status=400
        )
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
