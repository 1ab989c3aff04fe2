"""The arbiter's page for a section's players: register, number, requested byes, withdrawals."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.forms import PlayerForm, RequestedByeForm, WithdrawalForm
from tournaments.services import registration
from tournaments.services.errors import ServiceError
from tournaments.views.access import arbiter_required


def _forms(tournament, section, data=None, action=None):
    """The page's three forms; only the one that was submitted is bound to the request data."""
    return {
        "player_form": PlayerForm(data if action == "register" else None, tournament=tournament),
        "bye_form": RequestedByeForm(data if action == "bye" else None, section=section),
        "withdrawal_form": WithdrawalForm(data if action == "withdraw" else None, section=section),
    }


def _carry_out(request, section, action, forms) -> str | None:
    """Run the submitted action through its service; return the success message or None."""
    user = request.user
    if action == "seed":
        registration.assign_pairing_numbers(section, by=user)
        return _("Pairing numbers given by rating, title and name.")
    form = {
        "register": forms["player_form"],
        "bye": forms["bye_form"],
        "withdraw": forms["withdrawal_form"],
    }.get(action)
    if form is None or not form.is_valid():
        return None
    data = form.cleaned_data
    if action == "register":
        player = registration.register_player(section, by=user, **data)
        return _("%(name)s registered with pairing number %(number)d.") % {
            "name": player.name,
            "number": player.pairing_number,
        }
    if action == "bye":
        registration.request_bye(data["player"], data["round_number"], data["points"], by=user)
        return _("Bye for %(name)s in round %(number)d recorded.") % {
            "name": data["player"].name,
            "number": data["round_number"],
        }
    registration.withdraw_player(data["player"], data["from_round"], by=user)
    return _("%(name)s is not paired from round %(number)d on.") % {
        "name": data["player"].name,
        "number": data["from_round"],
    }


@arbiter_required
def players(request, tournament, section):
    group = get_object_or_404(tournament.sections, slug=section)
    action = request.POST.get("action") if request.method == "POST" else None
    forms = _forms(tournament, group, request.POST if action else None, action)
    if action:
        try:
            done = _carry_out(request, group, action, forms)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            if done:
                messages.success(request, done)
                return redirect("arbiter:players", slug=tournament.slug, section=group.slug)
    return render(
        request,
        "tournaments/arbiter/players.html",
        {
            "tournament": tournament,
            "section": group,
            "players": group.players.select_related("team"),
            "byes": group.players.filter(requested_byes__isnull=False).values_list(
                "name", "requested_byes__round_number", "requested_byes__points"
            ),
            **forms,
        },
    )
