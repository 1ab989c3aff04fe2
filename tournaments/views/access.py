from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404

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
            return redirect_to_login(request.get_full_path())
        if not tournament.is_arbiter(request.user):
            raise PermissionDenied("Only the tournament's arbiters may do this.")
        return view(request, tournament, *args, **kwargs)

    return wrapper


def section_round(tournament, section: str, number: int):
    """Round `number` of section `section` of `tournament`, draft or not (arbiters' pages)."""
    return get_object_or_404(
        Round.objects.select_related("section__tournament"),
        section__tournament=tournament,
        section__slug=section,
        number=number,
    )
