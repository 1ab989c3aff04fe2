import pytest

from oware.errors import RecordError
from oware.ogn import read_ogn, write_ogn
from oware.replay import replay

from .conftest import play_out

AUALE_FILE = """[Variant "Oware Abapa"]
[Event "?"]
[Site "Home"]
[Date "2014.05.01"]
[Round "?"]
[South "Human"]
[North "Computer"]
[Result "*"]

1. A { a quiet start } c (2. B a) 2. C b+2 { first capture }
"""


def test_it_reads_an_aulae_file_with_comments_and_variations():
    read = read_ogn(AUALE_FILE)
    assert read.tags["South"] == "Human" and read.tags["Result"] == "*"
    assert read.game.moves == [0, 2, 2, 1]
    assert read.game.ending is None
    assert read.comments[1] == "a quiet start" and read.comments[4] == "first capture"


def test_a_game_stopped_on_a_repeated_position_ends_agreed():
    for seed in range(300):
        moves = play_out("abapa", seed)
        if replay(moves).ending is None:  # stopped on a repetition
            break
    else:
        pytest.fail("no cycling game found")
    game = replay(moves, end="agreed")
    text = write_ogn(game)
    assert "agreed" not in text  # Aualé writes no word: the repetition and the score say it
    read = read_ogn(text)
    assert (read.game.ending, read.game.stores) == ("agreed", game.stores)


def test_an_agreed_end_without_a_repetition_is_written_as_a_word():
    text = write_ogn(replay([2, 5], end="agreed"))
    assert text.rstrip().endswith("1. C f agreed 27-21")
    assert read_ogn(text).game.ending == "agreed"


def test_writing_then_reading_an_ogn_file_keeps_the_game_and_the_tags():
    game = replay([0, 2, 2, 1], end="resign")
    text = write_ogn(game, {"South": "Ama", "Round": "3"}, comments=[None, "opening"])
    assert text.startswith('[Variant "Oware Abapa"]\n[Event "?"]')
    # The competition's score of a resignation (the resigner's store against 25), named.
    assert '[Result "0-25"]' in text and "resign S 0-25" in text
    read = read_ogn(text)
    assert read.game.states == game.states and read.game.ending == "resign"
    assert read.game.resigner == 0
    assert read.tags["South"] == "Ama" and read.comments[1] == "opening"


def test_a_result_tag_that_contradicts_the_moves_is_rejected():
    with pytest.raises(RecordError) as caught:
        read_ogn('[Variant "Oware Abapa"]\n[Result "25-0"]\n\n1. A c 2. C b+2 resign\n')
    assert caught.value.reason == "declared_score"


def test_set_up_positions_are_not_supported():
    with pytest.raises(RecordError):
        read_ogn('[Variant "Oware Abapa"]\n[FEN "x"]\n\n1. A\n')


def test_the_variant_tag_chooses_the_rules_and_defaults_to_abapa():
    assert read_ogn('[Variant "Ouri"]\n\n1. A').game.variant.name == "ouri"
    assert read_ogn('[Variant "Awale"]\n\n1. A').game.variant.name == "abapa"
    assert read_ogn('[Variant "Ouri"]\n\n1. A', "abapa").game.variant.name == "abapa"
