"""The arbiter's pages that take a step back, each asking for a reason first: clear a result,
take back a round with its results, pair a draft again, undo a withdrawal, a requested bye or a
late entry; and the audit page that lists every such step and every result change."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from tournaments.forms import UndoForm
from tournaments.models import Pairing, RequestedBye, ResultChange, Undo
from tournaments.services import registration
from tournaments.services import rounds as round_service
from tournaments.services.errors import ServiceError
from tournaments.services.results import clear_result
from tournaments.services.versions import current_version
from tournaments.views.access import arbiter_required, section_round
from tournaments.views.refusals import show_on_form


def _confirm(request, tournament, *, title, consequence, back, button, refusal=None, form=None):
    """The page that asks for the reason of an undo, with what it will remove."""
    return render(
        request,
        "tournaments/arbiter/confirm_undo.html",
        {
            "tournament": tournament,
            "title": title,
            "consequence": consequence,
            "back": back,
            "button": button,
            "form": form or UndoForm(),
            # Why it cannot be done now, said before the arbiter types a reason.
            "refusal": refusal.message if refusal else "",
        },
    )


def _run(request, form, action) -> bool:
    """Call `action(reason, version)` for a valid posted form; show a refusal on the form."""
    if request.method != "POST" or not form.is_valid():
        return False
    try:
        action(form.cleaned_data["reason"], form.cleaned_data["version"])
    except ServiceError as error:
        show_on_form(form, error)
        return False
    return True


@arbiter_required
def clear(request, tournament, pairing_id):
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__section__tournament", "south", "north", "result"),
        pk=pairing_id,
        round__section__tournament=tournament,
        north__isnull=False,
    )
    form = UndoForm(request.POST or None, initial={"version": current_version(pairing)})

    def action(reason, version):
        clear_result(pairing, by=request.user, reason=reason, expected=version)

    if _run(request, form, action):
        messages.success(
            request, _("Result of board %(board)d cleared.") % {"board": pairing.board}
        )
        return redirect("arbiter:result", slug=tournament.slug, pairing_id=pairing.pk)
    result = getattr(pairing, "result", None)
    return _confirm(
        request,
        tournament,
        title=_("Clear the result of board %(board)d?") % {"board": pairing.board},
        consequence=_(
            "%(south)s – %(north)s goes back to “no result” (now %(result)s). The result stays "
            "in the board's history."
        )
        % {
            "south": pairing.south.name,
            "north": pairing.north.name,
            # In words, as the audit writes it (½–½ · 24:24 seeds · the ending's label).
            "result": render_to_string(
                "tournaments/arbiter/result_snapshot.html", {"shot": result.snapshot()}
            ).strip()
            if result
            else "–",
        },
        back=reverse("arbiter:result", args=[tournament.slug, pairing.pk]),
        button=_("Clear the result"),
        form=form,
    )


@arbiter_required
def take_back(request, tournament, section, number):
    round_ = section_round(tournament, section, number)
    form = UndoForm(request.POST or None)

    def action(reason, version):
        round_service.take_back_round(round_, by=request.user, reason=reason)

    if _run(request, form, action):
        messages.success(
            request,
            _("Round %(number)d taken back; its boards and results are kept in the audit.")
            % {"number": number},
        )
        return redirect("arbiter:dashboard", slug=tournament.slug)
    results = round_.pairings.filter(result__isnull=False).count()
    return _confirm(
        request,
        tournament,
        title=_("Take back round %(number)d of %(section)s?")
        % {"number": number, "section": round_.section.name},
        consequence=_(
            "Its %(boards)d boards and %(results)d results will be removed; the audit keeps "
            "them. The section can then be paired again."
        )
        % {"boards": round_.pairings.count(), "results": results},
        back=reverse("arbiter:round", args=[tournament.slug, section, number]),
        button=_("Take back the round"),
        refusal=round_service.take_back_refusal(round_) if request.method != "POST" else None,
        form=form,
    )


@require_POST
@arbiter_required
def pair_again(request, tournament, section, number):
    round_ = section_round(tournament, section, number)
    try:
        round_ = round_service.pair_again(round_, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Round %(number)d paired again.") % {"number": number})
    return redirect("arbiter:round", slug=tournament.slug, section=section, number=number)


UNDO_STEPS = {
    "withdrawal": (
        registration.undo_withdrawal,
        gettext_lazy("Undo the withdrawal of %(name)s?"),
        gettext_lazy("Withdrawal of %(name)s undone."),
    ),
    "late-entry": (
        registration.undo_late_entry,
        gettext_lazy("Undo the late entry of %(name)s?"),
        gettext_lazy("Late entry of %(name)s undone."),
    ),
}


@arbiter_required
def undo_player_step(request, tournament, section, number, step):
    """Undo a player's withdrawal or late entry (`step`), with a reason."""
    group = get_object_or_404(tournament.sections, slug=section)
    player = get_object_or_404(group.players, pairing_number=number)
    service, title, done = UNDO_STEPS[step]
    form = UndoForm(request.POST or None)
    if _run(request, form, lambda reason, version: service(player, by=request.user, reason=reason)):
        messages.success(request, str(done) % {"name": player.name})
        return redirect("arbiter:players", slug=tournament.slug, section=group.slug)
    return _confirm(
        request,
        tournament,
        title=str(title) % {"name": player.name},
        consequence=_("Possible until the round it concerns is paired; the audit keeps it."),
        back=reverse("arbiter:players", args=[tournament.slug, group.slug]),
        button=_("Undo"),
        form=form,
    )


@arbiter_required
def cancel_bye(request, tournament, section, bye_id):
    group = get_object_or_404(tournament.sections, slug=section)
    bye = get_object_or_404(
        RequestedBye.objects.select_related("player"), pk=bye_id, player__section=group
    )
    form = UndoForm(request.POST or None)
    if _run(
        request,
        form,
        lambda reason, version: registration.cancel_bye(bye, by=request.user, reason=reason),
    ):
        messages.success(
            request,
            _("Bye of %(name)s in round %(number)d cancelled.")
            % {"name": bye.player.name, "number": bye.round_number},
        )
        return redirect("arbiter:players", slug=tournament.slug, section=group.slug)
    return _confirm(
        request,
        tournament,
        title=_("Cancel the bye of %(name)s in round %(number)d?")
        % {"name": bye.player.name, "number": bye.round_number},
        consequence=_("Possible until the round it concerns is paired; the audit keeps it."),
        back=reverse("arbiter:players", args=[tournament.slug, group.slug]),
        button=_("Cancel the bye"),
        form=form,
    )


@arbiter_required
def audit(request, tournament):
    """Every step taken back and every result change of the tournament, latest first."""
    return render(
        request,
        "tournaments/arbiter/audit.html",
        {
            "tournament": tournament,
            "undos": Undo.objects.filter(section__tournament=tournament).select_related(
                "section", "done_by"
            ),
            "changes": ResultChange.objects.filter(pairing__round__section__tournament=tournament)
            .select_related(
                "pairing__round__section", "changed_by", "pairing__south", "pairing__north"
            )
            .order_by("-changed_at", "-pk")[:500],
        },
    )
