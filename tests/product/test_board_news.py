"""The news the streams are woken by (games/board_news.py): what a change of a remote board tells
every process, and how a process's listener hands it to the streams that follow the board or
wait for an account's next game. On PostgreSQL the notifications themselves are read as a
stream's process reads them, by a connection of its own LISTENing."""

import asyncio
import json
from contextlib import contextmanager
from datetime import datetime

import psycopg
import pytest
from django.db import connection

from games import board_news, remote
from games.board_news import Newsroom
from oware.sides import Side
from tests.players.helpers import make_player_account

from .test_remote_api import client_of, move, open_board


def run(scenario):
    """Run `scenario(newsroom)` on an event loop, as a stream process's streams wait on one."""

    async def in_a_loop():
        return await scenario(Newsroom())

    return asyncio.run(in_a_loop())


def test_a_state_told_with_the_change_reaches_every_stream_of_its_board():
    async def scenario(newsroom):
        first, second, other = [newsroom.subscribe(key) for key in (12, 12, 13)]
        newsroom.heard('12 {"revision": 3, "moves": [2]}')
        assert await first.wait(1) == (True, {"revision": 3, "moves": [2]})
        assert await second.wait(1) == (True, {"revision": 3, "moves": [2]})
        assert await other.wait(0.01) == (False, None)

    run(scenario)


def test_news_that_comes_while_a_stream_is_busy_is_kept_newest_first():
    async def scenario(newsroom):
        following = newsroom.subscribe(12)
        newsroom.heard('12 {"revision": 3}')
        newsroom.heard('12 {"revision": 4}')  # before the stream asked again
        assert await following.wait(1) == (True, {"revision": 4})
        newsroom.heard("12")  # a change told without its state: the board must be read
        newsroom.heard('12 {"revision": 6}')
        assert await following.wait(1) == (True, None)
        assert await following.wait(0.01) == (False, None)

    run(scenario)


def test_an_accounts_news_tells_its_players_own_streams_their_board_and_side():
    async def scenario(newsroom):
        ama, kofi, esi = [newsroom.subscribe(board_news.account_key(n)) for n in (7, 8, 9)]
        newsroom.heard("a7:12:S,9:12:N")
        assert await ama.wait(1) == (True, {"board": 12, "side": "S"})
        assert await esi.wait(1) == (True, {"board": 12, "side": "N"})
        assert await kofi.wait(0.01) == (False, None)

    run(scenario)


def test_a_state_just_heard_is_kept_for_a_stream_that_starts_on_its_board():
    async def scenario(newsroom):
        newsroom.heard('12 {"revision": 1}')  # nobody follows board 12 yet
        assert newsroom.recent(12) == {"revision": 1}
        newsroom.heard("12")  # changed, its state untold: the one kept is no longer its state
        assert newsroom.recent(12) is None
        newsroom.heard('12 {"revision": 3}')
        newsroom.RECENT_SECONDS = 0.05
        await asyncio.sleep(0.1)
        assert newsroom.recent(12) is None  # its clocks are no longer now's
        newsroom.RECENT_SECONDS = 5
        assert newsroom.recent(12) == {"revision": 3}
        newsroom.tell_all()  # news may have been missed: what was heard is forgotten
        assert newsroom.recent(12) is None

    run(scenario)


def test_a_closed_subscription_is_forgotten_and_a_payload_of_no_sense_is_left():
    async def scenario(newsroom):
        following = newsroom.subscribe(12)
        following.close()
        assert newsroom.waiting == {}
        newsroom.heard("12 {not json")
        assert newsroom.recent(12) is None
        newsroom.heard("nonsense")
        newsroom.heard("a7:x")

    run(scenario)


@contextmanager
def listening():
    """A connection LISTENing on the channel, as each stream process keeps one."""
    if connection.vendor != "postgresql":
        pytest.skip(
            "NOTIFY is PostgreSQL's: run in the PostgreSQL pass (DATABASE_URL=postgres://…)"
        )
    with psycopg.connect(**board_news._conninfo()) as listener:
        listener.execute(f"LISTEN {board_news.CHANNEL}")
        yield listener


def payloads(listener, count: int) -> list[str]:
    return [note.payload for note in listener.notifies(timeout=5, stop_after=count)]


@pytest.mark.django_db(transaction=True)
def test_a_move_tells_the_streams_its_state_and_an_opening_tells_the_players(
    published_round, players
):
    ama = make_player_account("ama@example.org", player=players[0])
    kofi = make_player_account("kofi@example.org", player=players[1])
    with listening() as listener:
        board = open_board(published_round)
        opened = payloads(listener, 4)  # the three boards' states, then the players' games
        boards = published_round.pairings.order_by("board").values_list("live_board", flat=True)
        assert [int(told.partition(" ")[0]) for told in opened[:3]] == list(boards)
        first = json.loads(opened[0].partition(" ")[2])
        assert (first["id"], first["moves"], first["side"]) == (board.pairing_id, [], None)
        games = {f"{ama.pk}:{board.pk}:S", f"{kofi.pk}:{board.pk}:N"}
        assert opened[3].startswith("a") and set(opened[3][1:].split(",")) == games

        answer = move(client_of(ama.user), board, 1, "C")
        assert answer.status_code == 200
        (told,) = payloads(listener, 1)
        board_id, _space, state = told.partition(" ")
        assert int(board_id) == board.pk
        # The state as a spectator reads it; the mover's answer is the same, seen from South.
        state = json.loads(state)
        assert state["side"] is None and state["moves"] == ["C"]
        assert moments_read(remote.as_seen_by(state, Side.SOUTH)) == moments_read(answer.json())


def moments_read(state: dict) -> dict:
    """`state` with its moments read (JSON writes them to the millisecond, the API's answer to
    the microsecond)."""
    moments = {key: datetime.fromisoformat(state[key]) for key in ("deadline", "opened_at")}
    to_the_millisecond = {
        key: moment.replace(microsecond=moment.microsecond // 1000 * 1000)
        for key, moment in moments.items()
    }
    return {**state, **to_the_millisecond}


@pytest.mark.django_db(transaction=True)
def test_a_state_too_long_for_a_notification_is_told_by_the_boards_id(published_round):
    with listening() as listener:
        board = open_board(published_round)
        payloads(listener, 3)
        board_news.announce_state(board.pk, {"record": "x" * board_news.PAYLOAD_BYTES})
        assert payloads(listener, 1) == [str(board.pk)]
