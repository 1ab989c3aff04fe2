"""The arbiter's page of an online event (/t/<slug>/arbiter/online/): its settings and state, its
entries with each account's no-shows, and the players' reports about their games, answered here.
"""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from online import disputes, overview
from online.forms import AnswerForm
from online.models import Dispute
from tournaments.services.errors import ServiceError
from tournaments.views.access import arbiter_required


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
