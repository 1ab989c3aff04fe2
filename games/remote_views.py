"""The remote game's page for its signed-in player, and the stream of its states.

The page draws the board from the player's side and sends his moves to the API
(`games/api.py`, the signed-in session standing for his token); the stream pushes each change
(`games/stream.py`), to the page and to a program signed in with its player's token alike.
Anyone else is sent to the game's public pages.
"""

from django.contrib.auth.views import redirect_to_login
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, HttpResponseNotAllowed, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET
from rest_framework.authentication import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from games import live, remote, stream
from games.models.live import LiveBoard
from games.move_timings import CONSTANT_MIN_MOVES, CONSTANT_SPREAD, side_times, timed_moves
from oware.sides import Side
from tournaments.lookups import in_public_rounds
from tournaments.models import Pairing
from tournaments.models.results import ENDING_LABELS
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.views.access import arbiter_required
from tournaments.views.refusals import json_refusal


def _public_pairing(slug: str, pairing_id: int) -> Pairing:
    """The game `pairing_id` of a published round of the published tournament `slug`."""
    if pairing_id > remote.LARGEST_ID:
        raise Http404("No such game.")
    return get_object_or_404(
        in_public_rounds(Pairing.objects.select_related("round__section__tournament")),
        pk=pairing_id,
        round__section__tournament__slug=slug,
        round__section__tournament__published=True,
    )


def _remote_board(pairing: Pairing) -> LiveBoard | None:
    return (
        LiveBoard.objects.select_related(
            "pairing__round__section__tournament", "pairing__south", "pairing__north"
        )
        .filter(remote=True, pairing=pairing)
        .first()
    )


@require_GET
def remote_page(request, slug, pairing_id):
    """The player's own board: his row at the bottom, his moves by touch, the server's clocks."""
    pairing = _public_pairing(slug, pairing_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("players:sign_in"))
    board = _remote_board(pairing)
    side = remote.side_of_user(board, request.user) if board is not None else None
    if side is None:
        # Not his game to play here: its spectators' board while it is played, else its page.
        if board is not None and not board.finished:
            return redirect("games:live_watch", slug=slug, code=board.code)
        return redirect("public:game", slug=slug, pairing_id=pairing_id)
    return render(
        request,
        "games/remote_board.html",
        {
            "board": board,
            "pairing": board.pairing,
            "tournament": board.pairing.round.section.tournament,
            "side": side.letter,
            "ending_labels": {code: str(label) for code, label in ENDING_LABELS.items()},
            "stream_url": reverse("games-api:stream", args=[slug, pairing_id]),
            "moves_url": reverse("games-api:moves", args=[slug, pairing_id]),
            "resign_url": reverse("games-api:resign", args=[slug, pairing_id]),
        },
    )


@require_GET
def remote_stream(request, slug, pairing_id):
    """The game's states as Server-Sent Events, for its players (signed in, or with their
    token) and its spectators."""
    try:
        board = _remote_board(_public_pairing(slug, pairing_id))
    except Http404:
        board = None
    if board is None:
        return json_refusal(ServiceError(ErrorCode.NOT_FOUND, case="remote_game", id=pairing_id))
    user = request.user
    if not user.is_authenticated:
        try:
            user = (TokenAuthentication().authenticate(request) or (user, None))[0]
        except AuthenticationFailed:
            pass  # a wrong token reads as a spectator, as no token does
    side = remote.side_of_user(board, user)
    if isinstance(request, ASGIRequest):
        body = stream.async_events(board.pk, side)
    else:
        body = stream.events(board.pk, side)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-store"
    # nginx passes each event on at once instead of buffering the answer (deploy/nginx.conf).
    response["X-Accel-Buffering"] = "no"
    return response


@arbiter_required
def remote_timings(request, tournament, pairing_id):
    """The arbiter's view of a remote game's timings: each move's thinking time by the server's
    clock, each side's mean and spread, and the mark of implausibly constant times."""
    board = remote.find_board(tournament.slug, pairing_id)
    if board is None:
        raise Http404("No such remote game.")
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    moves = timed_moves(live.received_moments(board))
    rows = [
        (timed, remote.pit_letter(timed.side, pit), clock)
        for timed, pit, clock in zip(moves, board.moves, board.clocks, strict=True)
    ]
    pairing = board.pairing
    names = {Side.SOUTH: pairing.south.name, Side.NORTH: pairing.north.name}
    return render(
        request,
        "games/remote_timings.html",
        {
            "tournament": tournament,
            "board": board,
            "pairing": pairing,
            "rows": rows,
            "sides": [(names[side], side_times(moves, side)) for side in Side],
            "min_moves": CONSTANT_MIN_MOVES,
            "spread_percent": round(CONSTANT_SPREAD * 100),
        },
    )
