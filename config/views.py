"""Views of the site itself rather than of tournaments."""

from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache


@never_cache
def health(request):
    """Liveness for load balancers: the process answers. Touches no database, so it is also the
    ceiling the load scenario (bench/load.py) compares real pages with."""
    return HttpResponse("ok", content_type="text/plain")


def _api_error(code: str, message: str, status: int) -> JsonResponse:
    return JsonResponse({"code": code, "message": message, "field": None}, status=status)


def not_found(request, exception=None):
    """404: the API's error shape under /api/, Django's page elsewhere."""
    if request.path.startswith("/api/"):
        return _api_error(
            "not_found", _("No such resource: %(path)s") % {"path": request.path}, 404
        )
    return defaults.page_not_found(request, exception)


def server_error(request):
    """500: never a traceback; the API's error shape under /api/."""
    if request.path.startswith("/api/"):
        return _api_error(
            "server_error", _("The server could not answer; nothing was saved. Try again."), 500
        )
    return defaults.server_error(request)
