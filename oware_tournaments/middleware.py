"""Middleware of the whole site (named in settings.MIDDLEWARE)."""

import logging

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponseBadRequest, JsonResponse, UnreadablePostError
from django.http.response import HttpResponse
from django.utils.translation import gettext as _

logger = logging.getLogger(__name__)

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
            try:
                body = request.body
            except RequestDataTooBig:
                return _too_large(request)
            except (UnreadablePostError, OSError) as error:
                # The client stopped sending, or was cut off by the server's deadline on receiving a
                # request (oware_tournaments/workers.py): its fault, one line in the log.
                logger.warning("Request body not received: %s", error or type(error).__name__)
                return _incomplete(request)
            if declared and len(body) < declared:
                return _incomplete(request)
        return self.get_response(request)


def _declared_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _too_large(request):
    megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE // (1024 * 1024)
    message = _("The body is larger than %(size)d MB; nothing was read.") % {"size": megabytes}
    if request.path.startswith("/api/"):
        return _problem("too_large", message, 413)
    return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")


def _incomplete(request):
    message = _("The request's body ended before its declared length; nothing was saved.")
    if request.path.startswith("/api/"):
        return _problem("incomplete_body", message, 400)
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")


def _problem(code: str, message: str, status: int) -> JsonResponse:
    """The API's error shape (tournaments/api/errors.py)."""
    problem = {"code": code, "message": message, "field": None}
    return JsonResponse(problem | {"errors": [problem]}, status=status)
