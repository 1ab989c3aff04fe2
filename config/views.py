"""Views of the site itself rather than of tournaments."""

from django.http import HttpResponse
from django.views.decorators.cache import never_cache


@never_cache
def health(request):
    """Liveness for load balancers: the process answers. Touches no database, so it is also the
    ceiling the load scenario (bench/load.py) compares real pages with."""
    return HttpResponse("ok", content_type="text/plain")
