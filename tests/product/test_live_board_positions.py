"""The live board keeps the position between moves: each move is sown from it, and the board
shows, accepts and refuses exactly what a replay of the whole game gives."""

import pytest
from django.utils import translation

from games import live
from games.live import live_board_code
from games.live_position import LivePosition
from games.models.live import LiveBoard
from oware.errors import RecordError
from oware.replay import replay
from oware.rules import legal_moves
from tests.reference_cases import oware_games
from tournaments.services.errors import ServiceError

pytestmark = pytest.mark.django_db

DEVICE = "both-sides-device-01"


@pytest.fixture(autouse=True)
def english():
    """The refusals are read in English, whatever an earlier test left active."""
    with translation.override("en"):
        yield


@pytest.fixture
def board(game):
    """The live board of `game`, both sides held by one device."""
    board = LiveBoard.objects.get(code=live_board_code(game))
    return live.claim(board, live.BOTH, DEVICE, f"{board.south_pin} {board.north_pin}")


def reading(ply: int) -> int:
    """A clock reading that never grows for either player."""
    return 1200 - ply


def with_variant(board, variant: str):
    tournament = board.pairing.round.section.tournament
    tournament.variant = variant
    tournament.save()
    return LiveBoard.objects.get(pk=board.pk)


def corpus_game(name: str, predicate) -> dict:
    return next(game for game in oware_games(name) if predicate(game))


def sown_twice_by_one_side(game: dict) -> bool:
    movers = game["expected"]["movers"]
    return "SS" in movers or "NN" in movers


@pytest.mark.parametrize(
    ("corpus", "predicate"),
    [
        ("abapa", lambda game: game["expected"]["ending"] == "capture"),
        ("abapa", lambda game: game["expected"]["ending"] == "no_moves"),
        ("grand-slam-forbidden", lambda game: game["end"] is None),
        ("ouri", sown_twice_by_one_side),
    ],
)
def test_every_move_shows_what_a_replay_of_the_game_shows(board, corpus, predicate):
    reference = corpus_game(corpus, predicate)
    board = with_variant(board, reference["variant"])
    moves = reference["moves"]
    for ply, move in enumerate(moves):
        board = live.play(board, DEVICE, ply, [{"move": move, "clock": reading(ply)}])
        shown = live.board_state(board, DEVICE)
        game = replay(moves[: ply + 1], reference["variant"])
        position = game.position(game.plies)
        assert shown["board"] == position.as_list(), f"after ply {ply + 1}"
        assert shown["to_move"] == "SN"[game.to_move], f"after ply {ply + 1}"
        expected_legal = [] if game.ending else legal_moves(position, reference["variant"])
        assert shown["legal"] == expected_legal, f"after ply {ply + 1}"
    expected = reference["expected"]
    assert (shown["ending"], shown["stores"]) == (expected["ending"], expected["stores"])
    assert board.state == LiveBoard.State.PENDING
    assert replay(board.moves, reference["variant"]).movers == expected["movers"]


def test_an_illegal_move_is_refused_with_the_reason_and_ply_of_a_whole_replay(board):
    """Every game of the reference corpus of illegal records, sent to the board in one request:
    the refusal names the rule and the ply the reference names, and nothing is kept."""
    wrong = []
    for reference in oware_games("illegal"):
        board = with_variant(board, reference["variant"])
        sent = [
            {"move": move, "clock": reading(ply)} for ply, move in enumerate(reference["moves"])
        ]
        expected = reference["expected_error"]
        with pytest.raises(ServiceError) as refusal:
            live.play(board, DEVICE, 0, sent)
        found = (refusal.value.code, refusal.value.message.split(":")[0])
        if found != (expected["reason"], f"Ply {expected['ply']}"):
            wrong.append((reference["id"], found, expected))
    assert wrong == []
    board.refresh_from_db()
    assert board.moves == [] and board.position == {}


def test_a_board_saved_before_positions_were_kept_goes_on_from_its_moves(board):
    reference = corpus_game("abapa", lambda game: len(game["moves"]) > 40)
    moves = reference["moves"]
    LiveBoard.objects.filter(pk=board.pk).update(
        moves=moves[:30], clocks=[reading(ply) for ply in range(30)], position={}, state="playing"
    )
    board = LiveBoard.objects.get(pk=board.pk)
    assert live.board_state(board, DEVICE)["board"] == replay(moves[:30]).board

    with pytest.raises(ServiceError) as refusal:
        live.play(board, DEVICE, 30, [{"move": moves[30], "clock": reading(0)}])
    assert refusal.value.code == "bad_clock", "the readings come from the moves' clocks"

    board = live.play(board, DEVICE, 30, [{"move": moves[30], "clock": reading(30)}])
    board.refresh_from_db()
    after = replay(moves[:31])
    assert board.position["pits"] + board.position["stores"] == after.board
    assert board.position["to_move"] == "SN"[after.to_move]


def test_the_clock_readings_kept_are_each_sides_last(board):
    board = live.play(
        board,
        DEVICE,
        0,
        [{"move": 2, "clock": 1190}, {"move": 0, "clock": 1185}, {"move": 3, "clock": 1150}],
    )
    assert board.position["readings"] == [1150, 1185]
    with pytest.raises(ServiceError) as refusal:
        live.play(board, DEVICE, 3, [{"move": 1, "clock": 1186}])
    assert refusal.value.code == "bad_clock" and "Ply 4" in refusal.value.message


def test_the_kept_position_names_an_illegal_move_by_its_ply_in_the_game():
    """The engine counts plies from the position it sows from; the game counts from its start."""
    after_two = LivePosition.of_moves([2, 0], [1190, 1185], "abapa")
    with pytest.raises(RecordError) as refusal:
        after_two.after(2, 1180, "abapa", ply=3)
    assert (refusal.value.ply, refusal.value.reason) == (3, "empty_pit")
    assert refusal.value.message == "the pit is empty"
