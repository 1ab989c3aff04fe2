"""Live board pages and their JSON endpoint; every change goes through `games.live`."""

import json

from django.contrib import messages
from django.contrib.staticfiles import finders
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import live
from games.models.live import CODE_ALPHABET, CODE_LENGTH, LiveBoard
from tournaments.freshness import LIVE_WINDOW
from tournaments.lookups import public_rounds, public_section
from tournaments.models.results import ENDING_LABELS
from tournaments.models.sides import side_of_letter
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.views.access import arbiter_required, section_round
from tournaments.views.caching import revalidated
from tournaments.views.refusals import json_refusal

# What a device may ask the board to do, and the service function that does it.
ACTIONS = {
    "offer": live.offer_agreement,
    "accept": live.accept_agreement,
    "resign": live.resign,
    "flag": live.flag_fall,
}


def _board(slug: str, code: str) -> LiveBoard:
    # Only a code of the board alphabet reaches the database (a NUL cannot be a query parameter).
    if len(code) != CODE_LENGTH or not set(code.upper()) <= set(CODE_ALPHABET):
        raise Http404("No such board.")
    board = get_object_or_404(
        LiveBoard.objects.select_related(
            "pairing__round__section__tournament", "pairing__south", "pairing__north"
        ),
        code=code.upper(),
        pairing__round__section__tournament__slug=slug,
    )
    if not board.pairing.round.is_public:
        raise Http404("Not published.")
    return board


def board_page(request, slug, code):
    """The live board a player opens at the table."""
    board = _board(slug, code)
    return render(
        request,
        "games/live_board.html",
        {
            "board": board,
            "tournament": board.pairing.round.section.tournament,
            "pairing": board.pairing,
            # The board names an ending it sees itself before the server has it.
            "ending_labels": {code: str(label) for code, label in ENDING_LABELS.items()},
        },
    )


def _public_round(slug: str, section: str, number: int):
    group = public_section(slug, section)
    round_ = public_rounds(group).filter(number=number).select_related("section__tournament")
    round_ = round_.first()
    if round_ is None:
        raise Http404("No published round with that number.")
    return round_


@revalidated
def round_live(request, slug, section, number):
    """Spectators: every board of a round drawn small, one opened large with its moves; the
    page follows `round_live_state`."""
    round_ = _public_round(slug, section, number)
    return render(
        request,
        "games/live_round.html",
        {"tournament": round_.section.tournament, "section": round_.section, "round": round_},
    )


@revalidated(window=LIVE_WINDOW)
def round_live_state(request, slug, section, number):
    """The round's boards as JSON (`games.live.round_watch`). Read through the public pages'
    caching: a move raises the tournament's revision, so a poll with the ETag it holds costs a
    304 until something on the round changed, and one render per change serves every reader.
    The revision is read once per quarter second (LIVE_WINDOW), the quarters nginx keys its
    copies of this address on: the moves of 20 boards make at most four new states a second."""
    return JsonResponse(live.round_watch(_public_round(slug, section, number)))


def board_worker(request, slug):
    """The service worker of the pages that open without network (games/static/games/
    board_worker.js), served under /t/<slug>/board/ so that it may keep the tournament's board
    pages, and under /t/<slug>/arbiter/ so that it may keep its result grids."""
    script = finders.find("games/board_worker.js")
    with open(script, "rb") as source:
        response = HttpResponse(source.read(), content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


def board_manifest(request, slug, code):
    """The web app manifest of a live board: added to a phone's home screen, it opens the board
    full screen."""
    board = _board(slug, code)
    start = reverse("games:live_board", args=[slug, board.code])
    manifest = {
        "name": _("Live board %(code)s") % {"code": board.code},
        "short_name": board.code,
        "start_url": start,
        "scope": start,
        "display": "standalone",
        "background_color": "#8a5a2b",
        "theme_color": "#8a5a2b",
    }
    return JsonResponse(manifest, content_type="application/manifest+json")


def watch(request, slug, code):
    """The spectators' address of a board: its state, read only (any other method is 405)."""
    if request.method not in ("GET", "HEAD"):
        return _refusal(
            ServiceError(ErrorCode.METHOD_NOT_ALLOWED, case="read_only", allowed="GET, HEAD")
        )
    return JsonResponse(live.board_state(_board(slug, code)))


def board_moves(request, slug, code):
    """GET: the board's state (for the players' devices). POST (JSON): a device's request —
    {"device", "action": "claim" | "moves" | "offer" | "accept" | "resign" | "flag", "side",
    "code" (the side's code, for "claim"), "from_ply", "moves"}. Answers the new state, or the
    API's error shape (`code`, `message`, `field`, `errors`) with the board's `state`; `error`
    repeats the first problem for the board page's script."""
    try:
        board = _board(slug, code)
    except Http404:
        # A device's script reads JSON, as every API client does, for an unknown board too.
        return _refusal(ServiceError(ErrorCode.NOT_FOUND, case="live_board", code=code))
    if request.method == "GET":
        return JsonResponse(live.board_state(board, request.GET.get("device", "")))
    if request.method != "POST":
        return _refusal(
            ServiceError(ErrorCode.METHOD_NOT_ALLOWED, case="get_post", allowed="GET, POST")
        )
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return _refusal(ServiceError(ErrorCode.PARSE_ERROR))
    device = data.get("device", "")
    action = data.get("action")
    try:
        if action == "claim":
            board = live.claim(
                board,
                live.BOTH if data.get("side") == "both" else side_of_letter(data.get("side")),
                device,
                data.get("code", ""),
                client=request.META.get("REMOTE_ADDR", ""),
            )
        elif action == "moves":
            board = live.play(board, device, data.get("from_ply"), data.get("moves") or [])
        elif action in ACTIONS:
            board = ACTIONS[action](board, device, side_of_letter(data.get("side")))
        else:
            raise ServiceError(ErrorCode.BAD_REQUEST, field="action")
    except ServiceError as error:
        board.refresh_from_db()
        return _refusal(error, state=live.board_state(board, device))
    return JsonResponse(live.board_state(board, device))


def _refusal(error: ServiceError, **extra) -> JsonResponse:
    """A refusal in the API's error shape, with its status and headers; `error` repeats the
    problem for the board page's script."""
    return json_refusal(error, error={"field": None} | error.as_dict(), **extra)


@require_POST
@arbiter_required
def confirm(request, tournament, code):
    """The arbiter's one click: the finished live game becomes the pairing's result."""
    done = _("Result of board %(code)s confirmed.") % {"code": code}
    return _arbiter_decides(request, tournament, code, live.confirm, done)


@arbiter_required
def clock_marks(request, tournament, section, number):
    """The boards of a round whose players are under the warning time, for the arbiter's round
    page and result grid to mark (they poll it): {"boards": {board: {"code", "low", "clocks"}},
    "warning_seconds"}. Never cached: it changes with the clock, not with a write."""
    round_ = section_round(tournament, section, number)
    response = JsonResponse(
        {
            "boards": live.clock_marks(round_),
            "warning_seconds": tournament.clock_warning_minutes * 60,
        }
    )
    response["Cache-Control"] = "no-store"
    return response


@require_POST
@arbiter_required
def send_back(request, tournament, code):
    """The arbiter's other click: a held flag fall is dismissed, or a declared ending waiting
    for confirmation goes back to play."""
    done = _("Board %(code)s goes back to play.") % {"code": code}
    return _arbiter_decides(request, tournament, code, live.send_back, done)


def _arbiter_decides(request, tournament, code, decision, done: str):
    """Apply the arbiter's `decision` (a games.live service) to board `code` and go back to
    its round, saying `done` or why the service refused."""
    board = get_object_or_404(LiveBoard, code=code, pairing__round__section__tournament=tournament)
    try:
        decision(board, by=request.user)
        messages.success(request, done)
    except ServiceError as error:
        messages.error(request, error.message)
    return _back_to_round(board)


@require_POST
@arbiter_required
def release(request, tournament, code):
    """Free the board's sides so that another device may take them."""
    board = get_object_or_404(LiveBoard, code=code, pairing__round__section__tournament=tournament)
    live.release(board, live.BOTH, by=request.user)
    messages.success(request, _("Board %(code)s released.") % {"code": code})
    return _back_to_round(board)


@require_POST
@arbiter_required
def new_codes(request, tournament, code):
    """New side codes for the board (and both sides freed): the old slip's codes stop working."""
    board = get_object_or_404(LiveBoard, code=code, pairing__round__section__tournament=tournament)
    live.new_codes(board, by=request.user)
    messages.success(request, _("Board %(code)s has new side codes.") % {"code": code})
    return _back_to_round(board)


def _back_to_round(board: LiveBoard):
    round_ = board.pairing.round
    return redirect(
        "arbiter:round",
        slug=round_.section.tournament.slug,
        section=round_.section.slug,
        number=round_.number,
    )
