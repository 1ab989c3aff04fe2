"""Fair play: a game where a side's move times are implausibly constant (by the remote board's
own reading, games/move_timings.py) is listed on the online event's page, with a link to its
move times."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model

from games import remote
from games.live import received_moments
from games.models.live import LiveBoard
from games.move_timings import CONSTANT_MIN_MOVES, side_times, timed_moves
from oware.sides import Side
from tests.online.helpers import new_event, organiser, player_user, start, token_client
from tournaments.models import Round

S, N = Side.SOUTH, Side.NORTH


@pytest.mark.django_db
def test_a_program_paced_side_is_flagged_on_the_arbiters_pages(client):
    boss = organiser()
    boss_api = token_client(boss)
    new_event(boss_api, rounds=3, clock_minutes=20)
    for name in ("a", "b"):
        token_client(player_user(name)).post(
            "/api/v1/tournaments/online-open/open/entries/", {}, format="json"
        )
    start(boss_api)
    board = LiveBoard.objects.get(pairing__round=Round.objects.get())
    users = {
        side: get_user_model().objects.get(username=f"{player.name}@example.org")
        for side, player in ((S, board.pairing.south), (N, board.pairing.north))
    }
    moment = board.opened_at
    for ply, pause in enumerate([2.0, 7.5, 2.0, 3.0, 2.0, 11.0, 2.0, 4.0] * 4, start=1):
        board.refresh_from_db()
        state = remote.game_state(board, None, moment)
        if state["state"] != "playing":
            break
        mover = S if state["to_move"] == "S" else N
        moment += timedelta(seconds=pause)
        remote.play_move(board, users[mover], ply, state["legal_moves"][0], now=moment)
    board.refresh_from_db()
    moves = timed_moves(received_moments(board))
    assert side_times(moves, S).moves >= CONSTANT_MIN_MOVES, "the game lasted long enough"
    client.force_login(boss)
    event_page = client.get("/t/online-open/arbiter/online/").content.decode()
    timings = f"/t/online-open/arbiter/remote/{board.pairing_id}/timings/"
    assert f'href="{timings}"' in event_page
    assert client.get(timings).status_code == 200


@pytest.mark.django_db
def test_no_game_is_listed_while_every_pace_is_a_persons(client):
    boss = organiser()
    client.force_login(boss)
    new_event(token_client(boss), rounds=3)
    page = client.get("/t/online-open/arbiter/online/").content.decode()
    assert "No game shows a side" in page
