"""The result grid: every board of a round on one page, each saved on its own.

Each board is a plain form posting to `save_board`; without a script the page reloads with the
board's refusals beside their fields. `result-grid.js` posts the same form with fetch and gets
JSON back (Accept: application/json), so the arbiter stays on the page: a refusal in the API's
one error shape (`{"code", "message", "field", "errors"}`, the refusal's own status; a field the
form refuses is `invalid`, 400), the field named as the grid names it. A board the script
could not send (no network, server failure, session expired) stays in the browser until it is
sent again; `signed_in` is the page a second window lands on after logging in again, which
tells the grid to send its waiting boards.
"""

from django.http import JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from oware.endings import Ending
from oware.sides import Side
from tournaments.forms import BOTH_ABSENT, NORTH_ABSENT, SOUTH_ABSENT, GridResultForm
from tournaments.models import Pairing, Result
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.results import record_result
from tournaments.services.rounds import games_without_result
from tournaments.services.versions import current_version, round_versions
from tournaments.templatetags.public_tags import written_points
from tournaments.views.access import arbiter_required, section_round
from tournaments.views.refusals import json_refusal

# A refusal about the points goes beside the result cell; one about the game as a whole
# (round not published, stale version) above the row.
GRID_FIELD = {"south_points": "result", "north_points": "result", "record": None, "pairing": None}


def _result_cell(result) -> str:
    if result.south_points > result.north_points:
        return "1"
    if result.south_points < result.north_points:
        return "0"
    return "=" if result.south_points else ""


def _initial(pairing, version: int) -> dict:
    result = getattr(pairing, "result", None)
    if result is None:
        return {"version": version}
    if result.ending in NO_GAME_OF_ENDING:
        # Shown as chosen: a forfeit's or a double forfeit's own choice, nothing typed.
        return {"no_game": NO_GAME_OF_ENDING[result.ending](result), "version": version}
    return {
        "result": _result_cell(result),
        "south_seeds": result.south_seeds,
        "north_seeds": result.north_seeds,
        "ending": result.ending,
        "decided_by": result.decided_by,
        "version": version,
    }


NO_GAME_OF_ENDING = {
    Ending.FORFEIT: lambda r: NORTH_ABSENT if r.decided_by is Side.NORTH else SOUTH_ABSENT,
    Ending.DOUBLE_FORFEIT: lambda r: BOTH_ABSENT,
}


def _rows(round_, bound: dict | None = None):
    """(pairing, form) for each game of the round; `bound` maps a board to its posted form."""
    versions = round_versions(round_)
    pairings = round_.pairings.filter(north__isnull=False).select_related(
        "south__team", "north__team", "result"
    )
    for pairing in pairings:
        form = (bound or {}).get(pairing.board) or GridResultForm(
            initial=_initial(pairing, versions.get(pairing.pk, 0)),
            auto_id=f"b{pairing.board}-%s",
        )
        yield pairing, form


@arbiter_required
def grid(request, tournament, section, number, bound=None):
    round_ = section_round(tournament, section, number)
    waiting = games_without_result(round_).order_by("board").values_list("board", flat=True)
    return render(
        request,
        "tournaments/arbiter/result_grid.html",
        {
            "tournament": tournament,
            "round": round_,
            "rows": list(_rows(round_, bound)),
            "no_game_help": GridResultForm.base_fields["no_game"].help_text,
            "bye": round_.pairings.filter(north__isnull=True).select_related("south").first(),
            "remaining": len(waiting),
            # The cursor starts in the first board still waiting, for typing straight away.
            "first_open": waiting[0] if waiting else None,
        },
    )


def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


@require_POST
@arbiter_required
def save_board(request, tournament, section, number, board):
    round_ = section_round(tournament, section, number)
    pairing = get_object_or_404(
        Pairing.objects.select_related("round__section__tournament"),
        round=round_,
        board=board,
        north__isnull=False,
    )
    form = GridResultForm(request.POST, auto_id=f"b{board}-%s")
    stale = {}
    refusal = None
    if form.is_valid():
        try:
            result = record_result(
                pairing,
                form.entry(),
                by=request.user,
                reason=form.cleaned_data["reason"],
                expected=form.cleaned_data["version"],
            )
        except ServiceError as error:
            refusal = error.on_field(GRID_FIELD.get(error.field, error.field))
            form.add_error(refusal.field, refusal.message)
            if error.code == ErrorCode.RESULT_CHANGED.code:
                # What the other arbiter saved, and its version: sending again is deliberate.
                current = Result.objects.filter(pairing=pairing).first()
                stale = {
                    "version": current_version(pairing),
                    "current": _summary(current) if current else _("no result"),
                }
        else:
            return _saved(request, round_, pairing, result)
    if _wants_json(request):
        return json_refusal([refusal] if refusal else _form_refusals(form), **stale)
    return grid.__wrapped__(request, tournament, section, number, bound={board: form})


def _form_refusals(form) -> list[ServiceError]:
    """What the form itself refuses, one `invalid` refusal per message, field by field."""
    return [
        ServiceError(ErrorCode.INVALID, field=None if name == "__all__" else name, problem=message)
        for name, messages in form.errors.items()
        for message in messages
    ]


def _saved(request, round_, pairing, result):
    remaining = games_without_result(round_).count()
    if not _wants_json(request):
        return redirect(
            "arbiter:result_grid",
            slug=round_.section.tournament.slug,
            section=round_.section.slug,
            number=round_.number,
        )
    return JsonResponse(
        {
            "ok": True,
            "version": current_version(pairing),
            "remaining": remaining,
            # A board without a game keeps its "No game" choice and an empty result cell.
            "result": "" if result.ending in NO_GAME_OF_ENDING else _result_cell(result),
            "south_seeds": result.south_seeds,
            "north_seeds": result.north_seeds,
            "summary": _("Saved: %(south)s–%(north)s, %(ending)s") % _summary_parts(result),
        }
    )


def _summary_parts(result) -> dict:
    return {
        "south": written_points(result.south_points),
        "north": written_points(result.north_points),
        "ending": result.get_ending_display(),
    }


def _summary(result) -> str:
    parts = _summary_parts(result)
    return f"{parts['south']}–{parts['north']}, {parts['ending']}"


@arbiter_required
def signed_in(request, tournament):
    """Where the login window opened by the result grid lands: it tells the grid (through the
    browser's storage) that the arbiter is logged in again, so the waiting boards are sent."""
    return render(request, "tournaments/arbiter/signed_in.html", {"tournament": tournament})
