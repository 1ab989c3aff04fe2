"""Properties that hold for every game, checked on random legal play and arbitrary text."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from oware.errors import RecordError
from oware.notation import parse_record, replay_record, write_record
from oware.position import Position
from oware.replay import replay
from oware.rules import legal_moves, play
from oware.sides import Side

VARIANTS = st.sampled_from(["abapa", "grand-slam-forbidden", "ouri"])
# Random play ends by the rules or repeats a position (so the players may agree to stop) well
# within this many plies: the longest seen in 9,000 random games was about 310.
PLY_BOUND = 2000


def random_game(variant: str, rng: random.Random):
    """Play random legal moves with the readable rules until the game ends, a position repeats
    since the last capture, or PLY_BOUND plies; return (moves, positions, repeated)."""
    position = Position.start()
    positions = [position]
    moves = []
    seen = {position}
    repeated = False
    while len(moves) < PLY_BOUND:
        legal = legal_moves(position, variant)
        if not legal:
            break
        move = rng.choice(legal)
        after = play(position, move, variant)
        if after.stores != position.stores:
            seen = set()
        moves.append(move)
        positions.append(after)
        position = after
        if position in seen:
            repeated = True
            break
        seen.add(position)
    return moves, positions, repeated


@settings(max_examples=40, deadline=None)
@given(VARIANTS, st.randoms(use_true_random=False))
def test_random_play_conserves_48_seeds_and_never_leaves_a_pit_negative(variant, rng):
    _, positions, _ = random_game(variant, rng)
    for position in positions:
        assert sum(position.pits) + sum(position.stores) == 48
        assert min(position.pits) >= 0 and min(position.stores) >= 0


@settings(max_examples=40, deadline=None)
@given(VARIANTS, st.randoms(use_true_random=False))
def test_random_play_ends_or_repeats_a_position_and_the_replay_agrees(variant, rng):
    moves, positions, repeated = random_game(variant, rng)
    game = replay(moves, variant)
    assert game.positions == positions
    if repeated:
        assert game.repetitions and game.repetitions[-1].ply == game.plies
        agreed = replay(moves, variant, "agreed")
        assert sum(agreed.stores) == 48 and agreed.winner in (Side.SOUTH, Side.NORTH, None)
    else:
        assert game.ending in ("capture", "draw24", "no_moves")
        assert legal_moves(positions[-1], variant) == []


@settings(max_examples=40, deadline=None)
@given(
    VARIANTS, st.randoms(use_true_random=False), st.sampled_from([None, "agreed", "time", "resign"])
)
def test_a_written_record_parses_back_to_the_same_game(variant, rng, end):
    moves, _, _ = random_game(variant, rng)
    game = replay(moves, variant)
    if game.ending is None and end is not None:
        game = replay(moves, variant, end)
    text = write_record(game, {"Event": 'Property "test"', "Round": "1"})
    record = parse_record(text)
    assert record.moves == moves
    again = replay_record(text, variant)
    assert (again.states, again.movers, again.ending, again.stores, again.winner) == (
        game.states,
        game.movers,
        game.ending,
        game.stores,
        game.winner,
    )


TOKENS = st.sampled_from(
    [
        "1.",
        "2.",
        "A",
        "b",
        "C+2",
        "f",
        "3",
        "6",
        "7",
        "{05:00}",
        "{x}",
        "agreed",
        "time",
        "resign",
        "24-24",
        "*",
        '[Event "x"]',
        "+",
        "-",
        "\n",
        "{",
        "}",
        "[",
        "]",
        "..",
        "0",
        "é",
        "e+99",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=200), st.lists(TOKENS, max_size=40).map(" ".join)), VARIANTS)
def test_arbitrary_text_is_a_game_or_a_record_error(text, variant):
    try:
        replay_record(text, variant)
    except RecordError as error:
        assert error.ply >= 0 and error.reason
