"""A clean 503 while the database cannot be reached or a statement ran past its time.

Django turns an exception in any layer into a 500 before the outer layers see it, so the
exception is noted on the request when Django reports it (`got_request_exception`), and this
outermost middleware answers 503 with Retry-After in place of that 500: a client and a proxy can
tell "try again shortly" from a fault. Anonymous public pages do better: the page cache serves
its last copy, marked as such (tournaments/views/caching.py).
"""

import sys

from django.conf import settings
from django.core.signals import got_request_exception
from django.db import DatabaseError, DataError, IntegrityError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

# Statement and lock timeouts (PostgreSQL's query_canceled, lock_not_available) and a lost or
# refused connection are all DatabaseErrors; IntegrityError and DataError are a request's own
# fault and answered by the services before they get here.
UNAVAILABLE = "database_unavailable"


def _note(sender, request=None, **kwargs):
    error = sys.exc_info()[1]  # the signal is sent from inside the except block
    if request is not None and isinstance(error, DatabaseError):
        if not isinstance(error, IntegrityError | DataError):
            request.database_unavailable = True


got_request_exception.connect(_note, dispatch_uid="database-unavailable")


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code == 500 and getattr(request, "database_unavailable", False):
            return unavailable(request)
        return response


def unavailable(request) -> HttpResponse:
    message = _("The database is not answering; try again in a few seconds.")
    if request.path.startswith("/api/"):
        response = JsonResponse({"code": UNAVAILABLE, "message": message}, status=503)
    else:
        response = HttpResponse(message, content_type="text/plain; charset=utf-8", status=503)
    response["Retry-After"] = str(settings.DATABASE_RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response
