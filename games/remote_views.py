"""The remote game's page for its signed-in player, and the stream of its states.

The page draws the board from the player's side and sends his moves to the API
(`games/api.py`, the signed-in session standing for his token); the stream pushes each change
(`games/stream.py`), to the page and to a program signed in with its player's token alike.
Anyone else is sent to the game's public pages.
"""

import threading
from contextlib import contextmanager

from django.conf import settings
from django.contrib.auth.views import redirect_to_login
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
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
from players.models import Account
from tournaments.api.errors import not_authenticated
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


# Under ASGI each request's view runs on a thread of its own, with a database connection of its
# own: at a round's start a few hundred streams open at once, and their lookups would open as
# many connections, past PostgreSQL's max_connections. They take turns instead, as many at once
# as the streams' reading threads, each letting go of its connection before it streams.
_openings = threading.BoundedSemaphore(settings.REMOTE_STREAM_DATABASE_THREADS)


@contextmanager
def _opening(request):
    if not isinstance(request, ASGIRequest):
        yield  # a WSGI worker's stream keeps its thread and connection for the whole game
        return
    with _openings:
        try:
            yield
        finally:
            connection.close()


@require_GET
def remote_stream(request, slug, pairing_id):
    """The game's states as Server-Sent Events, for its players (signed in, or with their
    token) and its spectators."""
    with _opening(request):
        try:
            board = _remote_board(_public_pairing(slug, pairing_id))
        except Http404:
            board = None
        if board is None:
            refusal = ServiceError(ErrorCode.NOT_FOUND, case="remote_game", id=pairing_id)
            return json_refusal(refusal)
        side = remote.side_of_user(board, _token_user(request))
    if isinstance(request, ASGIRequest):
        return _events(stream.async_events(board.pk, side))
    return _events(stream.events(board.pk, side))


@require_GET
def my_stream(request):
    """The signed-in player's own stream (signed in, or with his token): the game he is
    playing as its stream sends it, and `waiting` between his games (games/stream.py)."""
    with _opening(request):
        user = _token_user(request)
        if not user.is_authenticated:
            return not_authenticated()
        account = Account.objects.filter(user=user).values_list("pk", flat=True).first()
    if isinstance(request, ASGIRequest):
        return _events(stream.async_my_events(user, account))
    return _events(stream.my_events(user))


def _token_user(request):
    """The signed-in user, else the one of the request's API token; a visitor otherwise (a
    token that is no valid token counts as none)."""
    user = request.user
    if not user.is_authenticated:
        try:
            user = (TokenAuthentication().authenticate(request) or (user, None))[0]
        except AuthenticationFailed:
            pass
    return user


def _events(body) -> StreamingHttpResponse:
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
