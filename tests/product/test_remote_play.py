"""Remote play on the server's clock (games/remote.py): each player signed in as himself, the
server's clock alone deciding flag falls and no-shows, every finished game recorded at once
through the one write path with its record. Moments are passed as `now`, so that no test
waits."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import remote
from games.models.live import LiveBoard
from oware.endings import Ending
from oware.sides import Side
from tests.players.helpers import make_player_account
from tournaments.models import Result, ResultChange
from tournaments.models.records import GameRecord
from tournaments.services.errors import ServiceError

from .conftest import played_game

pytestmark = pytest.mark.django_db

OPENED = timezone.now().replace(microsecond=0) - timedelta(hours=1)


def at(seconds: float):
    return OPENED + timedelta(seconds=seconds)


@pytest.fixture
def accounts(players):
    """Ama (South of board 1) and Kofi (North), signed up with their entries confirmed."""
    return (
        make_player_account("ama@example.org", player=players[0]).user,
        make_player_account("kofi@example.org", player=players[1]).user,
    )


def open_board(round_, clock=60, increment=0, no_show=None):
    boards = remote.open_remote_boards(
        round_,
        clock_seconds=clock,
        increment_seconds=increment,
        no_show_seconds=no_show,
        now=OPENED,
    )
    return boards[0]


def letter(side, pit):
    return remote.pit_letter(side, pit)


def refusal(call) -> str:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value.code


def test_each_pairing_but_the_bye_opens_as_a_remote_board(published_round, accounts):
    boards = remote.open_remote_boards(
        published_round, clock_seconds=60, no_show_seconds=10, now=OPENED
    )
    assert [b.pairing.board for b in boards] == [1, 2, 3]
    assert all(b.remote and b.opened_at == OPENED and b.clock_seconds == 60 for b in boards)
    board = boards[0]
    assert remote.side_of_user(board, accounts[0]) == Side.SOUTH
    assert remote.side_of_user(board, accounts[1]) == Side.NORTH
    assert remote.side_of_user(boards[1], accounts[0]) is None
    # South's clock runs from the opening, North's waits.
    assert remote.live.remote_clocks(board, at(15)) == (45.0, 60.0)


def test_a_whole_game_is_recorded_with_its_record_and_no_arbiter(published_round, accounts):
    board = open_board(published_round, clock=600)
    moves, game = played_game()
    for ply, pit in enumerate(moves, start=1):
        side = Side.SOUTH if ply % 2 else Side.NORTH
        if game.sides[ply - 1] != side:
            pytest.skip("a game with two moves in a row")
        board = remote.play_move(board, accounts[side], ply, letter(side, pit), now=at(ply))
    board.refresh_from_db()
    assert board.state == LiveBoard.State.CONFIRMED
    result = Result.objects.get(pairing=board.pairing)
    assert result.ending == game.ending
    record = GameRecord.objects.get(pairing=board.pairing)
    assert list(record.moves) == moves
    # Each mover's clock: 600 s less one second a move (ceil keeps the whole second).
    assert board.clocks[:2] == [599, 599]
    assert ResultChange.objects.filter(pairing=board.pairing).count() == 1


def test_refusals_store_nothing(published_round, accounts, charlie):
    board = open_board(published_round)
    south, north = accounts
    assert refusal(lambda: remote.play_move(board, north, 1, "a", now=at(1))) == (
        "other_side_to_move"
    )
    assert refusal(lambda: remote.play_move(board, charlie, 1, "A", now=at(1))) == "not_in_game"
    assert refusal(lambda: remote.play_move(board, south, 2, "A", now=at(1))) == "wrong_ply"
    assert refusal(lambda: remote.play_move(board, south, 1, "G", now=at(1))) == "bad_pit"
    board = remote.play_move(board, south, 1, "C", now=at(2))
    assert refusal(lambda: remote.play_move(board, south, 1, "C", now=at(3))) == "wrong_ply"
    board.refresh_from_db()
    assert board.moves == [2] and len(board.received) == 1


def test_the_server_clock_alone_decides_the_flag(published_round, accounts):
    board = open_board(published_round, clock=30)
    south, north = accounts
    board = remote.play_move(board, south, 1, "A", now=at(5))
    # North never moves: at 5 + 30 s his flag falls, whether anyone asks or not.
    assert not remote.settle_due(board, at(34)).finished
    assert refusal(lambda: remote.play_move(board, north, 2, "a", now=at(36))) == "game_finished"
    board.refresh_from_db()
    assert board.ending == Ending.TIME and board.decided_by == Side.NORTH
    assert board.state == LiveBoard.State.CONFIRMED and board.moves == [0]
    result = Result.objects.get(pairing=board.pairing)
    assert result.ending == Ending.TIME and result.south_points > result.north_points
    assert remote.live.remote_clocks(board, at(100)) == (25.0, 0.0)


def test_an_increment_adds_to_the_movers_clock(published_round, accounts):
    board = open_board(published_round, clock=30, increment=5)
    south, north = accounts
    board = remote.play_move(board, south, 1, "A", now=at(2))
    board = remote.play_move(board, north, 2, "a", now=at(3))
    board = remote.play_move(board, south, 3, "B", now=at(4))
    assert board.clocks == [33, 34, 37]
    # South's flag now falls 30 + 5 + 5 - 3 s after his own clock started.
    assert remote.next_deadline(board).at == at(4 + 34)


@pytest.mark.parametrize(
    ("north_came", "ending", "absent"),
    [(True, Ending.FORFEIT, Side.SOUTH), (False, Ending.DOUBLE_FORFEIT, None)],
)
def test_south_absent_at_the_delay(published_round, accounts, north_came, ending, absent):
    board = open_board(published_round, no_show=10)
    if north_came:
        remote.seen(board, Side.NORTH, at(3))
    assert not remote.settle_due(board, at(9)).finished
    board = remote.settle_due(board, at(10))
    assert board.ending == ending and board.decided_by == absent
    result = Result.objects.get(pairing=board.pairing)
    assert result.ending == ending


def test_north_absent_after_souths_first_move(published_round, accounts):
    board = open_board(published_round, no_show=10)
    board = remote.play_move(board, accounts[0], 1, "D", now=at(4))
    assert not remote.settle_due(board, at(13)).finished
    board = remote.settle_due(board, at(14))
    assert board.ending == Ending.FORFEIT and board.decided_by == Side.NORTH
    assert Result.objects.get(pairing=board.pairing).south_points == 1


def test_the_task_settles_a_board_at_its_deadline(published_round, accounts):
    board = open_board(published_round, no_show=10)
    remote.settle_task(board.pk, now=at(5))
    assert not LiveBoard.objects.get(pk=board.pk).finished
    remote.settle_task(board.pk, now=at(11))
    assert LiveBoard.objects.get(pk=board.pk).ending == Ending.DOUBLE_FORFEIT


def test_a_task_started_just_before_its_deadline_settles_the_board_at_the_deadline(
    published_round, accounts
):
    # RQ's scheduler may start a job up to a second early; nobody else would settle a game both
    # players stayed away from.
    board = open_board(published_round, no_show=10)
    remote.settle_task(board.pk, now=at(9.7))
    board = LiveBoard.objects.get(pk=board.pk)
    assert (board.ending, board.settle_at) == (Ending.DOUBLE_FORFEIT, None)
    assert Result.objects.get(pairing=board.pairing).ending == Ending.DOUBLE_FORFEIT


def test_a_task_started_early_for_a_deadline_since_put_back_queues_the_next(
    published_round, accounts
):
    board = open_board(published_round, no_show=10)
    assert LiveBoard.objects.get(pk=board.pk).settle_at == at(10)
    remote.play_move(board, accounts[0], 1, "D", now=at(4))  # North's delay now ends at 14
    assert LiveBoard.objects.get(pk=board.pk).settle_at == at(10)  # the task queued for 10 ...
    remote.settle_task(board.pk, now=at(9.5))  # ... starts early and queues the next
    board = LiveBoard.objects.get(pk=board.pk)
    assert (board.finished, board.settle_at) == (False, at(14))


def test_a_rounds_boards_share_one_settling_which_ends_the_due_games_first(
    published_round, accounts
):
    from django_tasks_db.models import DBTaskResult

    boards = remote.open_remote_boards(
        published_round, clock_seconds=60, no_show_seconds=10, now=OPENED
    )
    queued = DBTaskResult.objects.filter(task_path="games.tasks.settle_remote_boards")
    assert [task.args_kwargs["args"] for task in queued] == [[[board.pk for board in boards]]]
    assert {task.run_after for task in queued} == {at(10)}
    remote.play_move(boards[0], accounts[0], 1, "D", now=at(4))  # North's delay ends at 14
    remote.settle_tasks([board.pk for board in boards])
    settled = Result.objects.filter(pairing__round=published_round).order_by("pk")
    # Boards 2 and 3 (nobody came, due at 10) before board 1 (North absent, due at 14).
    assert [(result.pairing.board, result.ending) for result in settled] == [
        (2, Ending.DOUBLE_FORFEIT),
        (3, Ending.DOUBLE_FORFEIT),
        (1, Ending.FORFEIT),
    ]


def test_without_a_no_show_delay_an_absent_south_loses_on_time(published_round, accounts):
    board = open_board(published_round, clock=30, no_show=None)
    board = remote.settle_due(board, at(31))
    assert (board.ending, board.decided_by, board.moves) == (Ending.TIME, Side.SOUTH, [])
    assert Result.objects.get(pairing=board.pairing).north_points == 1
