from functools import wraps
from urllib.parse import urlsplit

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.http import url_has_allowed_host_and_scheme

from tournaments.models import Round, Tournament


def arbiter_required(view):
    """Load the tournament of the URL's `slug` and let only its arbiters through.

    A visitor who is not logged in is sent to the login page; a logged-in user who is not an
    arbiter of this tournament gets 403. The view receives the tournament instead of the slug.
    """

    @wraps(view)
    def wrapper(request, slug, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=slug)
        if not request.user.is_authenticated:
            return redirect_to_login(_back_after_login(request))
        if not tournament.is_arbiter(request.user):
            raise PermissionDenied("Only the tournament's arbiters may do this.")
        return view(request, tournament, *args, **kwargs)

    return wrapper


def _back_after_login(request) -> str:
    """Where the login page sends the arbiter back: the page itself, or for a form sent with an
    expired session (a POST, which a login cannot replay) the page the form was on, where the
    arbiter sends it again."""
    referer = request.headers.get("Referer", "")
    if request.method == "POST" and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        parts = urlsplit(referer)
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return request.get_full_path()


def section_round(tournament, section: str, number: int):
    """Round `number` of section `section` of `tournament`, draft or not (arbiters' pages)."""
    return get_object_or_404(
        Round.objects.select_related("section__tournament"),
        section__tournament=tournament,
        section__slug=section,
        number=number,
    )
