"""Every result code of TRF16 and TRF26, with and without an opponent: read as pairing programs
read it, or refused with the line, the column and the code."""

from decimal import Decimal

import pytest

from tournaments.outcomes import RoundOutcome
from tournaments.trf import Player, RoundCell, TrfError, parse, player_line
from tournaments.trf.history import history_from_trf

HEADER = "012 Codes\nXXR 5\n"


def two_players(code: str, back: str, opponent: int | None = 2) -> str:
    """Players 1 and 2; round 1 block of player 1 is `code`, of player 2 `back`."""
    other = None if opponent is None else 1
    colours = ("w", "b") if opponent else ("-", "-")
    one = player_line(Player(1, "One", "m", rounds=[RoundCell(opponent, colours[0], code)]))
    two = player_line(Player(2, "Two", "w", rounds=[RoundCell(other, colours[1], back)]))
    return HEADER + one + "\n" + two + "\n"


@pytest.mark.parametrize(
    ("code", "back", "outcome", "points"),
    [
        ("1", "0", RoundOutcome.GAME, "1"),
        ("=", "=", RoundOutcome.GAME, "0.5"),
        ("0", "1", RoundOutcome.GAME, "0"),
        ("W", "L", RoundOutcome.GAME, "1"),
        ("D", "D", RoundOutcome.GAME, "0.5"),
        ("L", "W", RoundOutcome.GAME, "0"),
        ("+", "-", RoundOutcome.FORFEIT_WIN, "1"),
        ("-", "+", RoundOutcome.FORFEIT_LOSS, "0"),
        ("-", "-", RoundOutcome.FORFEIT_LOSS, "0"),
    ],
)
def test_codes_with_an_opponent(code, back, outcome, points):
    record = history_from_trf(parse(two_players(code, back))).player(1).record(1)
    assert (record.outcome, record.points, record.opponent) == (outcome, Decimal(points), 2)


@pytest.mark.parametrize(
    ("code", "outcome", "points"),
    [
        ("U", RoundOutcome.PAIRING_BYE, "1"),
        ("F", RoundOutcome.FULL_POINT_BYE, "1"),
        ("H", RoundOutcome.HALF_POINT_BYE, "0.5"),
        ("Z", RoundOutcome.ZERO_POINT_BYE, "0"),
        ("+", RoundOutcome.FULL_POINT_BYE, "1"),
        ("-", RoundOutcome.ZERO_POINT_BYE, "0"),
        ("=", RoundOutcome.HALF_POINT_BYE, "0.5"),
    ],
)
def test_codes_without_an_opponent(code, outcome, points):
    record = history_from_trf(parse(two_players(code, "Z", None))).player(1).record(1)
    assert (record.outcome, record.points, record.opponent) == (outcome, Decimal(points), None)


@pytest.mark.parametrize("code", ["1", "0", "W", "D", "L"])
def test_a_game_without_an_opponent_is_refused_at_its_column(code):
    with pytest.raises(TrfError) as refused:
        parse(two_players(code, "Z", None))
    # Line 3 is player 1; his round 1 result sits at column 99.
    assert (refused.value.line, refused.value.column) == (3, 99)
    assert refused.value.message_code == "no_opponent" and code in str(refused.value)


@pytest.mark.parametrize("code", ["X", "Q", "5"])
def test_an_unknown_code_is_refused_at_its_column(code):
    text = two_players("1", "0").replace("     2 w 1", f"     2 w {code}")
    with pytest.raises(TrfError) as refused:
        parse(text)
    assert (refused.value.line, refused.value.column, refused.value.message_code) == (
        3,
        99,
        "result_code",
    )
    assert repr(code) in str(refused.value)


def test_a_blank_block_between_rounds_reads_as_an_absence():
    one = player_line(Player(1, "One", rounds=[RoundCell(2, "w", "1")])) + " " * 10 + "     2 w ="
    two = player_line(Player(2, "Two", rounds=[RoundCell(1, "b", "0"), RoundCell(None, "-", "Z")]))
    trf = parse(HEADER + one + "\n" + two + "\n")
    assert trf.player(1).cell(2) == RoundCell(None, "-", "Z")
    assert trf.player(1).cell(3) == RoundCell(2, "w", "=")


@pytest.mark.parametrize(
    ("last_column", "completed"),
    [
        (("H", "Z"), 1),  # only next-round markers: not a round
        (("F", "Z"), 1),
        (("-", "="), 1),  # unpaired - and = without opponent announce absences too
        (("U", "Z"), 2),  # the pairing-allocated bye is part of a pairing
        (("+", "Z"), 2),  # so is an unplayed win (bbpPairings counts it)
    ],
)
def test_the_completed_rounds_are_counted_as_pairing_programs_count_them(last_column, completed):
    one = Player(1, "One", rounds=[RoundCell(2, "w", "1"), RoundCell(None, "-", last_column[0])])
    two = Player(2, "Two", rounds=[RoundCell(1, "b", "0"), RoundCell(None, "-", last_column[1])])
    trf = parse(HEADER + player_line(one) + "\n" + player_line(two) + "\n")
    assert trf.rounds_completed == completed
