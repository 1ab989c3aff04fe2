"""The arbiter's pages for a section's players: register, number, requested byes, withdrawals
and re-entries, edit or delete one player, import a players file."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms import (
    ImportForm,
    PlayerEditForm,
    PlayerForm,
    ReentryForm,
    RequestedByeForm,
    SectionSexForm,
    WithdrawalForm,
)
from tournaments.models import Player
from tournaments.services import events, rating_source, registration
from tournaments.services.errors import ServiceError
from tournaments.services.import_checks import problem_page
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import ASK_ONCE, show_on_form


def _forms(tournament, section, data=None, action=None):
    """The page's forms; only the one that was submitted is bound to the request data."""
    return {
        "player_form": PlayerForm(data if action == "register" else None, tournament=tournament),
        "bye_form": RequestedByeForm(data if action == "bye" else None, section=section),
        "withdrawal_form": WithdrawalForm(data if action == "withdraw" else None, section=section),
        "reentry_form": ReentryForm(data if action == "reenter" else None, section=section),
        "sex_form": SectionSexForm(data if action == "sex" else None, initial={"sex": section.sex}),
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
        "reenter": forms["reentry_form"],
        "sex": forms["sex_form"],
    }.get(action)
    if form is None or not form.is_valid():
        return None
    data = form.cleaned_data
    if action == "register":
        twins = registration.same_name_players(section, data["name"])
        player = registration.register_player(section, by=user, **data)
        if twins:
            messages.warning(
                request,
                _("%(name)s was already registered in this section as #%(numbers)s.")
                % {
                    "name": player.name,
                    "numbers": ", #".join(str(p.pairing_number) for p in twins),
                },
            )
        if data.get("rating") is None and player.rating is not None:
            return _(
                "%(name)s registered with pairing number %(number)d, rated %(rating)d: the "
                "rating from %(list)s."
            ) % {
                "name": player.name,
                "number": player.pairing_number,
                "rating": player.rating,
                "list": rating_source.label(),
            }
        return _("%(name)s registered with pairing number %(number)d.") % {
            "name": player.name,
            "number": player.pairing_number,
        }
    if action == "sex":
        events.set_section_sex(section, data["sex"], by=user)
        return _("Section settings saved.")
    if action == "reenter":
        registration.reenter_player(data["player"], data["from_round"], by=user)
        return _("%(name)s is paired again from round %(number)d on.") % {
            "name": data["player"].name,
            "number": data["from_round"],
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


FORM_OF_ACTION = {
    "register": "player_form",
    "bye": "bye_form",
    "withdraw": "withdrawal_form",
    "reenter": "reentry_form",
    "sex": "sex_form",
}


def _show_refusal(request, forms, action, error: ServiceError) -> None:
    """A refusal goes next to the field it concerns, or at the top of the form it came from."""
    form = forms.get(FORM_OF_ACTION.get(action))
    if form is None:
        messages.error(request, error.message)
        return
    show_on_form(form, error)


@arbiter_required
def players(request, tournament, section):
    group = get_object_or_404(tournament.sections, slug=section)
    action = request.POST.get("action") if request.method == "POST" else None
    forms = _forms(tournament, group, request.POST if action else None, action)
    if action:
        try:
            done = _carry_out(request, group, action, forms)
        except ServiceError as error:
            _show_refusal(request, forms, action, error)
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
            "import_form": ImportForm(),
            "can_delete": registration.deletion_refusal(group) is None,
            "byes": group.players.filter(requested_byes__isnull=False).values_list(
                "name",
                "requested_byes__round_number",
                "requested_byes__points",
                "requested_byes__pk",
            ),
            **forms,
        },
    )


def _player(tournament, section, number) -> Player:
    return get_object_or_404(
        Player.objects.select_related("section__tournament", "team"),
        section__tournament=tournament,
        section__slug=section,
        pairing_number=number,
    )


@arbiter_required
def edit_player(request, tournament, section, number):
    """Change a player's name, sex, title, rating, federation or team."""
    player = _player(tournament, section, number)
    form = PlayerEditForm(request.POST or None, instance=player, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        twins = registration.same_name_players(
            player.section, form.cleaned_data["name"], exclude=player
        )
        try:
            player = registration.update_player(player, by=request.user, **form.cleaned_data)
        except ServiceError as error:
            show_on_form(form, error)
        else:
            if twins:
                messages.warning(
                    request,
                    _("Another player of this section is also called %(name)s.")
                    % {"name": player.name},
                )
            messages.success(request, _("%(name)s saved.") % {"name": player.name})
            return redirect("arbiter:players", slug=tournament.slug, section=section)
    return render(
        request,
        "tournaments/arbiter/player_form.html",
        {"tournament": tournament, "section": player.section, "player": player, "form": form},
    )


@require_POST
@arbiter_required
def delete_player(request, tournament, section, number):
    player = _player(tournament, section, number)
    if "confirm" not in request.POST:
        messages.error(request, ASK_ONCE % {"name": player.name})
        return redirect("arbiter:players", slug=tournament.slug, section=section)
    try:
        registration.delete_player(player, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(name)s deleted.") % {"name": player.name})
    return redirect("arbiter:players", slug=tournament.slug, section=section)


@arbiter_required
def import_players(request, tournament, section):
    """Preview a CSV or TRF players file with each row's problems; import it when none has one.

    The first POST (with the file) shows the preview; the second (`confirm`) imports the same
    text, all or nothing.
    """
    group = get_object_or_404(tournament.sections, slug=section)
    form = ImportForm(request.POST or None, request.FILES or None)
    rows, confirm_form = None, None
    if request.method == "POST" and form.is_valid():
        text, kind = form.text(), form.cleaned_data["kind"]
        try:
            rows = registration.read_import(text, kind)
            if "confirm" in request.POST:
                imported = registration.import_players(group, rows, by=request.user)
                messages.success(
                    request, _("%(count)d players imported.") % {"count": len(imported)}
                )
                return redirect("arbiter:players", slug=tournament.slug, section=group.slug)
            registration.check_import(group, rows)
        except ServiceError as error:
            show_on_form(form, error)
        if rows and all(row.ok for row in rows):
            confirm_form = ImportForm(initial={"kind": kind, "content": text})
    # A page of rows at most: the rows with problems when there are some, else the first rows.
    wrong = [row for row in rows or [] if not row.ok]
    shown, left_out = problem_page(wrong or rows or [])
    return render(
        request,
        "tournaments/arbiter/import.html",
        {
            "tournament": tournament,
            "section": group,
            "form": form,
            "rows": shown,
            "count": len(rows or []),
            "left_out": left_out,
            "confirm_form": confirm_form,
            # The teams the file names that do not exist yet: the import creates them.
            "new_teams": registration.teams_to_create(group, rows or []),
        },
    )
