import pytest

from oware.errors import RecordError
from oware.notation import parse_record, replay_record, write_record
from oware.replay import replay
from oware.sides import Side

from .conftest import play_out

SAMPLE = """[Event "Accra Open 2026"]
[Round "1"]
[South "Ama Mensah"]
[North "Kofi \\"K\\" Boateng"]

1. A {19:40} c {19:02} 2. C b+2
"""


def error_of(text, variant="abapa", end=None):
    with pytest.raises(RecordError) as caught:
        replay_record(text, variant, end)
    return caught.value.ply, caught.value.reason


def test_it_reads_tags_moves_clocks_and_captures():
    record = parse_record(SAMPLE)
    assert record.tags["Event"] == "Accra Open 2026"
    assert record.tags["North"] == 'Kofi "K" Boateng'
    assert record.moves == [0, 2, 2, 1]
    assert record.sides == [0, 1, 0, 1]
    assert record.captures == [None, None, None, 2]
    assert record.clocks[:2] == [19 * 60 + 40, 19 * 60 + 2]


def test_move_numbers_are_optional_on_input():
    assert replay_record("C f B a").states == replay_record("1. C f 2. B a").states


def test_a_wrong_capture_count_is_an_error_at_that_ply():
    assert replay_record(SAMPLE).captures == [0, 0, 0, 2]
    assert error_of("1. A c 2. C b+3") == (4, "capture_count")
    assert error_of("1. C+1 f") == (1, "capture_count")


def test_a_letter_of_the_wrong_side_names_a_pit_the_mover_does_not_have():
    assert error_of("1. C F") == (2, "no_such_pit")


def test_scoresheet_digits_alternate_south_and_north():
    assert replay_record("3 6 2 1").states == replay_record("C f B a").states


def test_mixing_letters_and_digits_is_an_error_at_the_first_move_of_the_other_kind():
    assert error_of("1. C f 2. 2 a") == (3, "bad_token")


def test_an_illegal_move_before_a_bad_token_is_reported_first():
    assert error_of("1. A a 2. A x") == (3, "empty_pit")


@pytest.mark.parametrize(
    "text, ply",
    [("1. C f 2. Q", 3), ("1. C f 2. B a 7", 5), ("1. C ff", 2), ('C f [Event "x"]', 3)],
)
def test_text_that_is_not_a_move_is_a_bad_token(text, ply):
    assert error_of(text) == (ply, "bad_token")


def test_a_move_after_the_ending_is_a_bad_token():
    assert error_of("1. C f resign 2. B") == (3, "bad_token")


def test_it_reads_the_declared_endings():
    assert replay_record("1. C f resign").ending == "resign"
    assert replay_record("1. C f time").winner == Side.NORTH
    assert replay_record("1. C f agreed").stores == (27, 21)


def test_a_declared_score_must_match_the_game():
    assert replay_record("1. C f agreed 27-21").stores == (27, 21)
    assert error_of("1. C f agreed 24-24") == (3, "declared_score")
    assert error_of('[Result "20-28"]\n1. C f agreed') == (3, "declared_score")


def test_a_resignation_may_declare_the_competition_score():
    assert replay_record("1. C resign 25-0").winner == Side.SOUTH
    assert replay_record("1. C resign 0-0").winner == Side.SOUTH


def test_a_resignation_names_the_player_who_resigned_whoever_is_to_move():
    # After "1. C" North is to move; either player may resign.
    by_north = replay_record("1. C resign N 25-0")
    by_south = replay_record("1. C resign S 0-25")
    assert (by_north.resigner, by_north.winner) == (Side.NORTH, Side.SOUTH)
    assert (by_south.resigner, by_south.winner) == (Side.SOUTH, Side.NORTH)
    assert (by_south.game_score, by_south.stores) == ((0, 25), (0, 0))
    # A bare `resign` (older records, other programs) is the player to move's.
    assert replay_record("1. C resign").resigner == Side.NORTH
    assert error_of("1. C resign S 25-0") == (2, "declared_score")
    assert error_of("1. C resign X") == (2, "bad_token")
    assert error_of("1. C time N") == (2, "bad_token")


def test_a_resignation_is_written_with_the_resigner_and_the_competition_score():
    game = replay([2], end="resign", resigner=Side.SOUTH)
    text = write_record(game)
    assert '[Result "0-25"]' in text and text.rstrip().endswith("1. C resign S 0-25")
    again = replay_record(text)
    assert (again.resigner, again.winner, again.game_score) == (Side.SOUTH, Side.NORTH, (0, 25))


def test_a_flag_fall_is_written_with_the_competition_score():
    text = write_record(replay([2, 5], end="time"))
    assert '[Result "0-25"]' in text
    assert text.rstrip().endswith("1. C f time 0-25")


def test_a_declared_ending_beside_the_text_must_agree_with_the_text():
    assert error_of("1. C f agreed", "abapa", "time") == (3, "declared_ending")
    assert replay_record("1. C f agreed", "abapa", "agreed").ending == "agreed"


def test_in_ouri_a_digit_after_a_grand_slam_is_the_same_players_second_move():
    for seed in range(500):
        moves = play_out("ouri", seed)
        game = replay(moves, "ouri")
        if "SS" in game.movers or "NN" in game.movers:
            break
    else:
        pytest.fail("no grand slam in 500 random ouri games")
    digits = " ".join(str(move + 1) for move in moves)
    assert replay_record(digits, "ouri").movers == game.movers
    assert replay_record(write_record(game), "ouri").movers == game.movers


def test_written_records_carry_numbers_captures_tags_and_the_result():
    game = replay_record("1. A c 2. C b agreed")
    text = write_record(game, {"Event": "Club night", "Round": "2"})
    assert text.startswith(
        '[Variant "Oware Abapa"]\n[Event "Club night"]\n[Site "?"]\n'
        '[Date "?"]\n[Round "2"]\n[South "?"]\n[North "?"]\n'
        '[Result "22-26"]\n\n'
    )
    assert text.rstrip().endswith("1. A c 2. C b+2 agreed 22-26")


def test_an_unfinished_game_is_written_with_result_star():
    assert '[Result "*"]' in write_record(replay([2, 5]))


def test_a_record_written_then_read_gives_the_same_game():
    for variant in ("abapa", "grand-slam-forbidden", "ouri"):
        game = replay(play_out(variant, 7), variant)
        again = replay_record(
            write_record(game, clocks=[600 - i for i in range(game.plies)]), variant
        )
        assert (again.states, again.sides, again.ending, again.stores) == (
            game.states,
            game.sides,
            game.ending,
            game.stores,
        )
