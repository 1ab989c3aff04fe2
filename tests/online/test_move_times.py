"""Fair play: each move's time from the server's moments of receipt, and a side whose times are
implausibly constant flagged on the arbiter's pages."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model

from games import remote
from games.models.live import LiveBoard
from online.timings import CONSTANT_AFTER_MOVES, is_constant, move_times
from oware.sides import Side
from tests.online.helpers import new_event, organiser, player_user, start, token_client
from tournaments.models import Round

S, N = Side.SOUTH, Side.NORTH


def test_each_sides_time_runs_from_the_move_before():
    times = move_times([(S, 2.0), (N, 5.5), (S, 6.0), (N, 10.0)])
    assert times[S].seconds == (2.0, 0.5) and times[N].seconds == (3.5, 4.0)


def test_a_steady_pace_is_constant_and_a_persons_is_not():
    steady = [1.0, 1.1, 0.9, 1.0] * 4
    assert is_constant(steady)
    assert is_constant([*steady, 9.0])  # one slow move (a lost connection) is spared
    assert not is_constant([1.0, 4.0, 2.5, 0.7, 8.0, 1.2, 3.3, 2.2, 5.0, 1.1, 0.9, 6.0, 2.0])
    assert not is_constant(steady[: CONSTANT_AFTER_MOVES - 1])  # too few moves to tell


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
    times = move_times(remote_moments(board))
    assert len(times[S].seconds) >= CONSTANT_AFTER_MOVES, "the game lasted long enough"
    assert times[S].constant and not times[N].constant
    client.force_login(boss)
    event_page = client.get("/t/online-open/arbiter/online/").content.decode()
    timings = f"/t/online-open/arbiter/online/games/{board.pairing_id}/timings/"
    assert timings in event_page
    page = client.get(timings).content.decode()
    assert "a program's pace" in page and "<td>7.5</td>" in page


def remote_moments(board):
    from games.live import received_moments

    return received_moments(board)
