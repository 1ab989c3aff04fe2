"""The remote game's page for its signed-in player, and the stream of its states.

The page draws the board from the player's side and sends his moves to the API
(`games/api.py`, the signed-in session standing for his token); the stream pushes each change
(`games/stream.py`). Anyone else is sent to the board's public page for spectators.
"""

from django.contrib.auth.views import redirect_to_login
from django.core.handlers.asgi import ASGIRequest
from django.http import Http404, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games import remote, stream
from games.models.live import LiveBoard
from tournaments.models.results import ENDING_LABELS


def _remote_board(slug: str, pairing_id: int) -> LiveBoard:
    board = (
        LiveBoard.objects.select_related(
            "pairing__round__section__tournament", "pairing__south", "pairing__north"
        )
        .filter(remote=True, pairing_id=pairing_id, pairing__round__section__tournament__slug=slug)
        .first()
    )
    if board is None or not board.pairing.round.is_public:
        raise Http404("No such remote game.")
    if not board.pairing.round.section.tournament.published:
        raise Http404("No such remote game.")
    return board


@require_GET
def remote_page(request, slug, pairing_id):
    """The player's own board: his row at the bottom, his moves by touch, the server's clocks."""
    board = _remote_board(slug, pairing_id)
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("players:sign_in"))
    side = remote.side_of_user(board, request.user)
    if side is None:
        return redirect("games:live_watch", slug=slug, code=board.code)
    pairing = board.pairing
    return render(
        request,
        "games/remote_board.html",
        {
            "board": board,
            "pairing": pairing,
            "tournament": pairing.round.section.tournament,
            "side": side.letter,
            "ending_labels": {code: str(label) for code, label in ENDING_LABELS.items()},
            "stream_url": reverse("games:remote_stream", args=[slug, pairing_id]),
            "moves_url": reverse("games-api:moves", args=[slug, pairing_id]),
        },
    )


@require_GET
def remote_stream(request, slug, pairing_id):
    """The game's states as Server-Sent Events, for its players and its spectators."""
    board = _remote_board(slug, pairing_id)
    side = remote.side_of_user(board, request.user)
    if isinstance(request, ASGIRequest):
        body = stream.async_events(board.pk, side)
    else:
        body = stream.events(board.pk, side)
    response = StreamingHttpResponse(body, content_type="text/event-stream")
    response["Cache-Control"] = "no-cache, no-store"
    # nginx passes each event on at once instead of buffering the answer (deploy/nginx.conf).
    response["X-Accel-Buffering"] = "no"
    return response
