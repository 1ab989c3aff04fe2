"""Creating a tournament, changing its settings, registering its teams."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms import TOURNAMENT_FIELDS, NewTournamentForm, TeamForm, TournamentForm
from tournaments.services import events
from tournaments.services.errors import ServiceError
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import ASK_ONCE, show_on_form


@login_required
def new_tournament(request):
    if not events.may_create(request.user):
        raise PermissionDenied("You may not create tournaments.")
    form = NewTournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in TOURNAMENT_FIELDS}
        try:
            tournament = events.create_tournament(
                by=request.user,
                sections=form.cleaned_data["sections"],
                pairing_system=form.cleaned_data["pairing_system"],
                kinds=form.section_kinds,
                **fields,
            )
        except ServiceError as error:
            show_on_form(form, error)
        else:
            messages.success(
                request, _("%(name)s created; you are its arbiter.") % {"name": tournament.name}
            )
            return redirect("arbiter:dashboard", slug=tournament.slug)
    return render(
        request, "tournaments/arbiter/tournament_form.html", {"form": form, "tournament": None}
    )


@arbiter_required
def settings(request, tournament):
    form = TournamentForm(request.POST or None, instance=tournament)
    if request.method == "POST" and form.is_valid():
        fields = {name: form.cleaned_data[name] for name in TOURNAMENT_FIELDS}
        try:
            tournament = events.update_tournament(tournament, by=request.user, **fields)
        except ServiceError as error:
            show_on_form(form, error)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("arbiter:dashboard", slug=tournament.slug)
    return render(
        request,
        "tournaments/arbiter/tournament_form.html",
        {"form": form, "tournament": tournament},
    )


@arbiter_required
def teams(request, tournament):
    form = TeamForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            team = events.add_team(tournament, by=request.user, **form.cleaned_data)
        except ServiceError as error:
            show_on_form(form, error)
        else:
            messages.success(request, _("Team %(name)s registered.") % {"name": team.name})
            return redirect("arbiter:teams", slug=tournament.slug)
    return render(
        request,
        "tournaments/arbiter/teams.html",
        {"form": form, "tournament": tournament, "teams": tournament.teams.all()},
    )


@arbiter_required
def edit_team(request, tournament, team_id):
    team = get_object_or_404(tournament.teams, pk=team_id)
    form = TeamForm(request.POST or None, instance=team, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            team = events.update_team(team, by=request.user, **form.cleaned_data)
        except ServiceError as error:
            show_on_form(form, error)
        else:
            messages.success(request, _("Team %(name)s saved.") % {"name": team.name})
            return redirect("arbiter:teams", slug=tournament.slug)
    return render(
        request,
        "tournaments/arbiter/team_form.html",
        {"form": form, "tournament": tournament, "team": team},
    )


@require_POST
@arbiter_required
def delete_team(request, tournament, team_id):
    team = get_object_or_404(tournament.teams, pk=team_id)
    if "confirm" not in request.POST:
        messages.error(request, ASK_ONCE % {"name": team.name})
        return redirect("arbiter:teams", slug=tournament.slug)
    try:
        events.delete_team(team, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Team %(name)s deleted.") % {"name": team.name})
    return redirect("arbiter:teams", slug=tournament.slug)


@login_required
def my_tournaments(request):
    """Where an arbiter lands after logging in: the tournaments he runs."""
    return render(
        request,
        "tournaments/arbiter/my_tournaments.html",
        {
            "tournaments": events.tournaments_run_by(request.user),
            "can_create": events.may_create(request.user),
        },
    )
