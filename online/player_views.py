"""The players' pages of an online event, signed in with their accounts (no token): the event's
page (/t/<slug>/join/) with its entry form and the check-in for the next round, and the report
of a problem from a remote game's page. Each form goes to the service the API calls
(online/entries.py, online/disputes.py) and comes back to the page with its message."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from online import disputes, entries
from online.events import section_of
from online.forms import JoinForm, ReportForm
from online.my_entry import event_view, my_entry
from online.overview import event_or_none
from players.signin import PLAYS
from tournaments.lookups import in_public_rounds, public_tournament
from tournaments.models import Pairing
from tournaments.services.errors import ServiceError


def _sign_in_first(request, back: str):
    """A visitor not signed in is sent to sign in and brought back to `back`."""
    return redirect_to_login(back, reverse("players:sign_in"))


def join_page(request, slug):
    """GET: the event for its players; POST: enter the signed-in player."""
    tournament = public_tournament(slug)
    event = event_or_none(tournament)
    if event is None:
        # Played at the board: its arbiters make the entries.
        return redirect("public:tournament", slug=slug)
    here = reverse("online-play:join", args=[slug])
    form = JoinForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return _sign_in_first(request, here)
        if form.is_valid():
            try:
                entry = entries.enter(
                    tournament, section_of(event).slug, request.user, name=form.cleaned_data["name"]
                )
            except ServiceError as refusal:
                messages.error(request, refusal.message)
            else:
                # His games show in the banner from now on, as after a player's sign-in (his
                # language left as the reader chose it).
                request.session[PLAYS] = True
                messages.success(
                    request, _("You are entered as %(name)s.") % {"name": entry.player.name}
                )
            return redirect(here)
    view = event_view(event)
    return render(
        request,
        "online/join.html",
        {
            "tournament": tournament,
            "view": view,
            "mine": my_entry(view, request.user),
            "form": form,
            "sign_in": f"{reverse('players:sign_in')}?next={here}",
        },
    )


def check_in(request, slug):
    """POST: check the signed-in player in for the next round."""
    tournament = public_tournament(slug)
    here = reverse("online-play:join", args=[slug])
    if request.method != "POST":
        return redirect(here)
    if not request.user.is_authenticated:
        return _sign_in_first(request, here)
    event = event_or_none(tournament)
    try:
        section = section_of(event).slug if event is not None else ""
        found = entries.check_in(tournament, section, request.user)
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request, _("You are checked in for round %(number)s.") % {"number": found.number}
        )
    return redirect(here)


def report(request, slug, pairing_id):
    """POST: report a problem with one of the signed-in player's games."""
    pairing = get_object_or_404(
        in_public_rounds(Pairing.objects.select_related("round__section__tournament")),
        pk=pairing_id,
        round__section__tournament__slug=slug,
        round__section__tournament__published=True,
    )
    back = reverse("games:remote_game", args=[slug, pairing.pk])
    if request.method != "POST":
        return redirect(back)
    if not request.user.is_authenticated:
        return _sign_in_first(request, back)
    form = ReportForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say what went wrong first."))
        return redirect(back)
    try:
        disputes.report(pairing, request.user, form.cleaned_data["text"])
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("Reported: the arbiters will look at it. Play goes on."))
    return redirect(back)
