"""The arbiter's page of a remote game's move timings: each move's thinking time by the server's
clock, and the mark of a side whose times are implausibly constant (games/move_timings.py)."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games import remote
from oware.sides import Side
from tests.players.helpers import make_player_account

from .conftest import played_game

pytestmark = pytest.mark.django_db


def test_the_arbiter_sees_each_moves_time_and_the_constant_side(
    alice_client, published_round, players
):
    south = make_player_account("ama@example.org", player=players[0]).user
    north = make_player_account("kofi@example.org", player=players[1]).user
    opened = timezone.now() - timedelta(hours=1)
    board = remote.open_remote_boards(
        published_round, clock_seconds=3600, no_show_seconds=None, now=opened
    )[0]
    moves, game = played_game()
    # South thinks 1 to 9 seconds by turns; North answers after 2 seconds every time.
    moment = 0.0
    for ply, (pit, side) in enumerate(zip(moves[:30], game.sides, strict=False), start=1):
        moment += 2.0 if side == Side.NORTH else 1.0 + (ply * 7) % 9
        user = north if side == Side.NORTH else south
        now = opened + timedelta(seconds=moment)
        board = remote.play_move(board, user, ply, remote.pit_letter(Side(side), pit), now=now)
    path = f"/t/accra/arbiter/remote/{board.pairing_id}/timings/"
    page = alice_client.get(path).content.decode()
    assert page.count("Implausibly constant") == 1
    assert "North (Kofi)" in page.split("Implausibly constant")[0].rsplit("<tr", 1)[1]
    assert page.count("<td>2.0</td>") >= 14  # North's every move
    assert Client().get(path).status_code == 302  # sent to log in first
