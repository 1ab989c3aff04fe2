"""The organiser's pages of an online event: creating it (/new-online-event/), and its
arbiter's page (/t/<slug>/arbiter/online/): its settings and state, the start, its entries with
each account's no-shows, the ended games the server could not record, and the players' reports
about their games, answered here.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from online import disputes, events, overview
from online.forms import AnswerForm, NewEventForm
from online.models import Dispute
from tournaments.services.errors import ServiceError
from tournaments.services.events import may_create
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import show_on_form


@arbiter_required
def event_page(request, tournament):
    event = overview.event_or_none(tournament)
    return render(
        request,
        "online/event.html",
        {
            "tournament": tournament,
            "event": event,
            "entries": overview.entry_rows(event) if event is not None else [],
            "reports": disputes.queue(tournament),
            "unrecorded": overview.unrecorded_games(tournament),
            "constant": overview.constant_games(tournament),
            "form": AnswerForm(),
        },
    )


@arbiter_required
def answer_report(request, tournament, dispute_id):
    if request.method != "POST":
        return redirect("online:event", slug=tournament.slug)
    dispute = get_object_or_404(
        Dispute, pk=dispute_id, pairing__round__section__tournament=tournament
    )
    form = AnswerForm(request.POST)
    if form.is_valid():
        try:
            disputes.close(dispute, by=request.user, answer=form.cleaned_data["answer"])
        except ServiceError as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, _("The report is answered."))
    else:
        messages.error(request, _("Write an answer first."))
    return redirect("online:event", slug=tournament.slug)


@login_required
def new_event(request):
    """An organiser creates an online event: what the API's `POST /api/v1/tournaments/` with an
    `online` block does, from a form."""
    if not may_create(request.user):
        raise PermissionDenied("You may not create tournaments.")
    form = NewEventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = events.create_online_event(
                by=request.user,
                name=form.cleaned_data["name"],
                slug=form.cleaned_data["slug"],
                rounds=form.cleaned_data["rounds"],
                starts=form.cleaned_data["starts"],
                **form.settings(),
            )
        except ServiceError as error:
            show_on_form(form, error)
        else:
            messages.success(
                request,
                _("%(name)s created; players may join it now.") % {"name": event.tournament.name},
            )
            return redirect("online:event", slug=event.tournament.slug)
    return render(request, "online/new_event.html", {"form": form})


@arbiter_required
@require_POST
def start(request, tournament):
    """The organiser closes the entries and starts round 1 (the API's `…/start/`)."""
    try:
        events.start_event(tournament, by=request.user)
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("The event has started: round 1 is paired."))
    return redirect("online:event", slug=tournament.slug)
