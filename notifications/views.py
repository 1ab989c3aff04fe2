"""The arbiter's webhooks page (/t/<slug>/arbiter/webhooks/): register a URL, see each
delivery's attempts (status code, the start of the answer, the error), send one again, remove a
URL."""

from django import forms
from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from notifications import webhooks
from tournaments.announcements import KINDS
from tournaments.services.errors import ServiceError
from tournaments.views.access import arbiter_required

# The latest deliveries the page shows for each URL.
SHOWN_DELIVERIES = 30


class EndpointForm(forms.Form):
    url = forms.CharField(
        label=gettext_lazy("URL"),
        max_length=webhooks.MAX_URL_LENGTH,
        help_text=gettext_lazy("The address your program receives the events at (https://…)."),
    )
    events = forms.MultipleChoiceField(
        label=gettext_lazy("Events"),
        choices=[(kind, kind) for kind in KINDS],
        initial=list(KINDS),
        widget=forms.CheckboxSelectMultiple,
    )


@arbiter_required
def endpoints(request, tournament):
    if request.method == "POST" and "action" in request.POST:
        return _act(request, tournament)
    form = EndpointForm(request.POST or None)
    created = None
    if request.method == "POST" and form.is_valid():
        try:
            created = webhooks.register_endpoint(tournament, **form.cleaned_data, by=request.user)
        except ServiceError as refusal:
            form.add_error(refusal.field if refusal.field in form.fields else None, refusal.message)
        else:
            form = EndpointForm()
    rows = []
    for endpoint in tournament.webhook_endpoints.all():
        deliveries = (
            endpoint.deliveries.select_related("event")
            .prefetch_related("tries")
            .order_by("-pk")[:SHOWN_DELIVERIES]
        )
        rows.append((endpoint, deliveries))
    return render(
        request,
        "notifications/endpoints.html",
        {"tournament": tournament, "form": form, "endpoints": rows, "created": created},
    )


def _act(request, tournament):
    try:
        if request.POST["action"] == "remove":
            webhooks.remove_endpoint(tournament, _number(request, "endpoint"), by=request.user)
            messages.success(request, _("The URL was removed."))
        else:
            webhooks.send_again(tournament, _number(request, "delivery"), by=request.user)
            messages.success(request, _("The event will be sent again."))
    except ServiceError as refusal:
        messages.error(request, refusal.message)
    return redirect("notifications:endpoints", slug=tournament.slug)


def _number(request, name: str) -> int:
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 12 else 0
