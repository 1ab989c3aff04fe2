"""Logging pieces named in settings.LOGGING."""

import logging
import re
import uuid
from contextvars import ContextVar


class RefusalsInOneLine(logging.Filter):
    """Drop the traceback from records of refused requests (status below 500).

    Django logs a 403 or 404 raised as an exception with the exception attached, so each refusal
    would fill the log with a traceback that says nothing about a fault of the server.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if status is not None and status < 500:
            record.exc_info = None
            record.exc_text = None
        return True


# The request being answered by this thread (or task), for log lines written anywhere below it.
_current_request: ContextVar = ContextVar("current_request", default=None)
# A request id from the proxy (nginx's $request_id) is kept when it is a plain token, so one id
# follows the request through nginx's and the application's logs; anything else is replaced.
_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


class RequestContextMiddleware:
    """Gives each request an id (answered in X-Request-ID) and makes the request known to the
    log lines written while it is answered."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "")
        request.request_id = given if _REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        token = _current_request.set(request)
        try:
            response = self.get_response(request)
        finally:
            _current_request.reset(token)
        response["X-Request-ID"] = request.request_id
        return response


class RequestContext(logging.Filter):
    """Adds `request_id` and `client` to every record: "-" outside a request. The client is the
    address Django settled on for the request (REMOTE_ADDR), read when the line is written, so
    it is the real client's once the trusted proxies' header has been applied."""

    def filter(self, record: logging.LogRecord) -> bool:
        request = _current_request.get()
        if request is None:
            # Django's request logger passes the request along even outside the middleware.
            request = getattr(record, "request", None)
        record.request_id = getattr(request, "request_id", "-") if request is not None else "-"
        client = request.META.get("REMOTE_ADDR") if request is not None else None
        record.client = client or "-"
        return True
