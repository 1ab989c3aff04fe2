"""The arbiter's pages: pair, publish, edit a draft, enter and correct results."""

from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.forms import (
    DeleteDraftForm,
    DraftPairingForm,
    GameFileForm,
    PublishForm,
    ResultForm,
)
from tournaments.models import Pairing, Result
from tournaments.services import registration
from tournaments.services import rounds as round_service
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.game_files import import_ogn, import_round_ogn
from tournaments.services.games import agreed_end_repetitions, move_list
from tournaments.services.pairing_lists import round_roster, unmet_side_wishes
from tournaments.services.progress import next_step
from tournaments.services.registration import numbering_needed
from tournaments.services.results import record_result
from tournaments.services.schedule import section_schedule
from tournaments.services.timetable import late_rounds
from tournaments.services.versions import current_version
from tournaments.views.access import arbiter_required, section_round
from tournaments.views.refusals import show_on_form
from tournaments.views.timetable import late_words


@arbiter_required
def dashboard(request, tournament):
    sections = list(tournament.sections.prefetch_related("rounds"))
    for group in sections:  # round robins show every round before round 1
        group.schedule = section_schedule(group)
    return render(
        request,
        "tournaments/arbiter/dashboard.html",
        {
            "tournament": tournament,
            "sections": [(section, next_step(section)) for section in sections],
            # Rounds behind their planned start or length, said plainly at the top.
            "late": [late_words(late) for late in late_rounds(tournament)],
        },
    )


@require_POST
@arbiter_required
def pair_next(request, tournament, section):
    group = get_object_or_404(tournament.sections, slug=section)
    if "number" in request.POST:
        _number_by_rating(request, [group])
    elif "confirm" not in request.POST and numbering_needed(group):
        # Round 1 pairs by pairing number: numbers given in registration order are a mistake
        # an arbiter would rather hear about first.
        return render(
            request,
            "tournaments/arbiter/confirm_pairing.html",
            {"tournament": tournament, "section": group},
        )
    try:
        round_ = round_service.pair_next_round(group, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("arbiter:dashboard", slug=tournament.slug)
    messages.success(
        request,
        _("Round %(number)d of %(section)s paired as a draft.")
        % {"number": round_.number, "section": group.name},
    )
    return redirect("arbiter:round", slug=tournament.slug, section=group.slug, number=round_.number)


def _board_rows(round_):
    """The round's pairings (boards, then the bye) and, for each, a row: the pairing, South's
    and North's points before the round, and the side each wanted and did not get."""
    roster = round_roster(round_)
    before = {entry.player.pk: entry.points_before for entry in roster.entries}
    pairings = list(roster.boards)
    if roster.pairing_bye is not None:
        pairings.append(roster.pairing_bye.pairing)
    wishes = unmet_side_wishes(round_)
    rows = [
        (
            p,
            before.get(p.south_id),
            before.get(p.north_id),
            wishes.get(p.south_id),
            wishes.get(p.north_id),
        )
        for p in pairings
    ]
    return pairings, rows


@arbiter_required
def round_detail(request, tournament, section, number):
    round_ = section_round(tournament, section, number)
    pairings, rows = _board_rows(round_)
    return render(
        request,
        "tournaments/arbiter/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "pairings": pairings,
            "rows": rows,
            "publish_form": PublishForm(),
            "delete_form": DeleteDraftForm(),
            "can_unpublish": round_service.unpublish_refusal(round_) is None,
            "can_take_back": round_service.take_back_refusal(round_) is None,
        },
    )


@require_POST
@arbiter_required
def pair_all(request, tournament):
    """Pair every section's next round (and publish them with `publish`), each on its own."""
    unnumbered = [group for group in tournament.sections.all() if numbering_needed(group)]
    if "number" in request.POST:
        # Asked once for every section never numbered: numbered by rating now, then paired.
        _number_by_rating(request, unnumbered)
    elif "confirm" not in request.POST and unnumbered:
        return render(
            request,
            "tournaments/arbiter/confirm_pairing.html",
            {
                "tournament": tournament,
                "sections": unnumbered,
                "action": reverse("arbiter:pair_all", args=[tournament.slug]),
                "publish": "publish" in request.POST,
            },
        )
    outcomes = round_service.pair_all_sections(
        tournament, by=request.user, publish="publish" in request.POST
    )
    _tell_outcomes(request, outcomes)
    return redirect("arbiter:all_sections", slug=tournament.slug)


def _number_by_rating(request, groups) -> None:
    """Number the players of each of `groups` by rating (as "Number by rating" on its players
    page) before its round 1 is paired, each section on its own."""
    for group in groups:
        try:
            with transaction.atomic():
                registration.assign_pairing_numbers(group, by=request.user)
        except ServiceError as error:
            messages.error(
                request,
                _("%(section)s: %(reason)s") % {"section": group.name, "reason": error.message},
            )
        else:
            messages.success(
                request, _("%(section)s: players numbered by rating.") % {"section": group.name}
            )


@require_POST
@arbiter_required
def publish_all(request, tournament):
    """Publish every section's draft; asks once, with the same checkbox as one round."""
    if not PublishForm(request.POST).is_valid():
        messages.error(
            request, _("Tick “Show this pairing to players and spectators now” to publish.")
        )
    else:
        _tell_outcomes(request, round_service.publish_all_drafts(tournament, by=request.user))
    return redirect("arbiter:all_sections", slug=tournament.slug)


def _tell_outcomes(request, outcomes) -> None:
    for outcome in outcomes:
        if outcome.refusal is not None:
            messages.error(
                request,
                _("%(section)s: %(reason)s")
                % {"section": outcome.section.name, "reason": outcome.refusal.message},
            )
        elif outcome.round.status == outcome.round.Status.DRAFT:
            messages.success(
                request,
                _("Round %(number)d of %(section)s paired as a draft.")
                % {"number": outcome.round.number, "section": outcome.section.name},
            )
        else:
            messages.success(
                request,
                _("Round %(number)d of %(section)s published.")
                % {"number": outcome.round.number, "section": outcome.section.name},
            )


@arbiter_required
def all_sections(request, tournament):
    """Every section's current round side by side (Men beside Women), to read, publish together
    and print on one sheet."""
    columns = []
    for group, round_ in round_service.current_rounds(tournament):
        rows = _board_rows(round_)[1] if round_ is not None else []
        columns.append((group, round_, rows))
    return render(
        request,
        "tournaments/arbiter/all_sections.html",
        {
            "tournament": tournament,
            "columns": columns,
            "drafts": any(r is not None and not r.is_public for _g, r, _rows in columns),
            "publish_form": PublishForm(),
        },
    )


@arbiter_required
def publish(request, tournament, section, number):
    """Publishing asks once: the round page's checkbox is ticked with the button. Without it
    (or opened directly) this page shows the same checkbox with the reason it is needed."""
    round_ = section_round(tournament, section, number)
    form = PublishForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            round_service.publish_round(round_, by=request.user)
        except ServiceError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("Round %(number)d published.") % {"number": number})
        return redirect("arbiter:round", slug=tournament.slug, section=section, number=number)
    return render(
        request,
        "tournaments/arbiter/confirm_publish.html",
        {"tournament": tournament, "round": round_, "form": form},
    )


@require_POST
@arbiter_required
def unpublish(request, tournament, section, number):
    round_ = section_round(tournament, section, number)
    try:
        round_service.unpublish_round(round_, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("Round %(number)d is a draft again, hidden from the public.") % {"number": number},
        )
    return redirect("arbiter:round", slug=tournament.slug, section=section, number=number)


@require_POST
@arbiter_required
def delete_draft(request, tournament, section, number):
    """Deleting asks once: the round page's checkbox is ticked with the button."""
    round_ = section_round(tournament, section, number)
    if not DeleteDraftForm(request.POST).is_valid():
        messages.error(request, _("Tick “Delete this draft pairing” to delete it."))
        return redirect("arbiter:round", slug=tournament.slug, section=section, number=number)
    try:
        round_service.delete_draft_round(round_, by=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
        return redirect("arbiter:round", slug=tournament.slug, section=section, number=number)
    messages.success(request, _("Draft round %(number)d deleted.") % {"number": number})
    return redirect("arbiter:dashboard", slug=tournament.slug)


@arbiter_required
def edit_draft(request, tournament, section, number):
    round_ = section_round(tournament, section, number)
    edit = None
    if request.method == "POST":
        form = DraftPairingForm(request.POST)
        if form.is_valid():
            try:
                edit = round_service.replace_draft_boards(
                    round_,
                    form.cleaned_data["boards"],
                    by=request.user,
                    confirm=form.cleaned_data["confirm"],
                )
            except ServiceError as error:
                # One message per problem the pairing has, each beside the boards.
                for problem in error.params.get("problems", [error.message]):
                    form.add_error("boards", problem)
            else:
                if edit.saved:
                    messages.success(
                        request, _("Round %(number)d pairing saved.") % {"number": number}
                    )
                    return redirect(
                        "arbiter:round", slug=tournament.slug, section=section, number=number
                    )
    else:
        lines = [
            f"{p.south.pairing_number} {p.north.pairing_number if p.north else 0}"
            for p in round_.pairings.select_related("south", "north")
        ]
        form = DraftPairingForm(initial={"boards": "\n".join(lines)})
    return render(
        request,
        "tournaments/arbiter/edit_draft.html",
        {
            "tournament": tournament,
            "round": round_,
            "form": form,
            "edit": edit,
            "players": round_.section.players.select_related("team").order_by("pairing_number"),
            "pairings": round_.pairings.select_related("south__team", "north__team"),
        },
    )


@arbiter_required
def enter_result(request, tournament, pairing_id):
    """Enter or correct a game's result: typed, or imported from an .ogn file. The results
    service decides (an agreed end, for one, is saved once the arbiter confirms having seen its
    repetitions); the page shows its refusals beside their fields."""
    pairing = get_object_or_404(
        Pairing.objects.select_related(
            "round__section__tournament", "south", "north", "result", "game_record"
        ),
        pk=pairing_id,
        round__section__tournament=tournament,
    )
    form = file_form = None
    saved = False
    if request.method == "POST" and "import_ogn" in request.POST:
        file_form, saved = _import_game_file(request, pairing)
    elif request.method == "POST":
        form, saved = _enter_typed(request, pairing)
    if saved:
        return _result_saved(request, tournament, pairing)
    return _result_page(request, pairing, form, file_form)


def _import_game_file(request, pairing) -> tuple[GameFileForm, bool]:
    file_form = GameFileForm(request.POST, request.FILES)
    if not file_form.is_valid():
        return file_form, False
    data = file_form.cleaned_data
    try:
        import_ogn(pairing, data["text"], by=request.user, reason=data["reason"])
    except ServiceError as error:
        file_form.add_error(None, error.message)
        return file_form, False
    return file_form, True


def _enter_typed(request, pairing) -> tuple[ResultForm, bool]:
    form = ResultForm(request.POST)
    form.fields["reason"].required = hasattr(pairing, "result")
    if not form.is_valid():
        return form, False
    data = form.cleaned_data
    try:
        record_result(
            pairing, form.entry(), by=request.user, reason=data["reason"], expected=data["version"]
        )
    except ServiceError as error:
        if error.code == ErrorCode.RESULT_CHANGED.code:
            # Show what the other arbiter saved; saving again is then deliberate.
            form.data = form.data.copy()
            form.data["version"] = current_version(pairing)
        show_on_form(form, error)
        return form, False
    return form, True


def _result_page(request, pairing, form, file_form):
    tournament = pairing.round.section.tournament
    current = getattr(pairing, "result", None)
    repetitions = None
    if form is None:
        form = ResultForm(initial=_initial_entry(pairing, current))
        form.fields["reason"].required = current is not None
    else:
        current = Result.objects.filter(pairing=pairing).first()
        data = getattr(form, "cleaned_data", {})
        repetitions = agreed_end_repetitions(
            data.get("record", ""), tournament.variant, data.get("ending") or None
        )
    return render(
        request,
        "tournaments/arbiter/result.html",
        {
            "tournament": tournament,
            "pairing": pairing,
            "form": form,
            "file_form": file_form or GameFileForm(),
            "result": current,
            "changes": pairing.result_changes.select_related("changed_by"),
            "repetitions": repetitions,
            "moves": move_list(
                getattr(pairing, "game_record", None), tournament.clock_warning_minutes
            ),
        },
    )


def _initial_entry(pairing, current) -> dict:
    initial = {"version": current_version(pairing)}
    if current:
        initial |= {
            "ending": current.ending if not current.record else "",
            "south_seeds": current.south_seeds,
            "north_seeds": current.north_seeds,
            "decided_by": current.decided_by,
            "record": current.record,
        }
    return initial


def _result_saved(request, tournament, pairing):
    messages.success(request, _("Result of board %(board)d saved.") % {"board": pairing.board})
    return redirect(
        "arbiter:round",
        slug=tournament.slug,
        section=pairing.round.section.slug,
        number=pairing.round.number,
    )


@require_POST
@arbiter_required
def import_round_games(request, tournament, section, number):
    """A zip of the round's .ogn game files, each entered on its board, all or nothing."""
    round_ = section_round(tournament, section, number)
    upload = request.FILES.get("file")
    try:
        if upload is None:
            raise ServiceError(ErrorCode.NO_FILE, field="file")
        # One byte past the bound is enough for the service to refuse the file as too large.
        archive = upload.read(settings.UPLOAD_MAX_BYTES + 1)
        count = import_round_ogn(
            round_, archive, by=request.user, reason=request.POST.get("reason", "")
        )
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("%(count)d games imported.") % {"count": count})
    return redirect("arbiter:round", slug=tournament.slug, section=section, number=number)
