"""Building standings records from TRF round blocks."""

from decimal import Decimal

from tournaments.tiebreaks import RoundKind, records_from_trf, round_result
from tournaments.trf import RoundCell, Scoring, parse


def test_each_result_code_maps_to_a_round_kind_with_its_points():
    cases = {
        RoundCell(2, "w", "1"): (RoundKind.GAME, 1, 2, "w"),
        RoundCell(2, "b", "="): (RoundKind.GAME, Decimal("0.5"), 2, "b"),
        RoundCell(2, "b", "L"): (RoundKind.GAME, 0, 2, "b"),
        RoundCell(2, "w", "+"): (RoundKind.FORFEIT_WIN, 1, 2, "w"),
        RoundCell(2, "b", "-"): (RoundKind.FORFEIT_LOSS, 0, 2, "b"),
        RoundCell(None, "-", "U"): (RoundKind.PAIRING_BYE, 1, None, None),
        RoundCell(None, "-", "F"): (RoundKind.FULL_POINT_BYE, 1, None, None),
        RoundCell(None, "-", "H"): (RoundKind.HALF_POINT_BYE, Decimal("0.5"), None, None),
        RoundCell(None, "-", "Z"): (RoundKind.ZERO_POINT_BYE, 0, None, None),
    }
    for cell, (kind, points, opponent, colour) in cases.items():
        result = round_result(cell)
        assert (result.kind, result.points, result.opponent, result.colour) == (
            kind,
            points,
            opponent,
            colour,
        )


def test_the_pairing_bye_takes_the_value_of_the_scoring():
    assert round_result(
        RoundCell(None, "-", "U"), Scoring(pairing_bye=Decimal("0.5"))
    ).points == Decimal("0.5")


def test_an_announced_absence_for_the_next_round_is_left_out():
    t = parse("001    1" + " " * 81 + "     2 w 1  0000 - H\n001    2" + " " * 81 + "     1 b 0\n")
    records = records_from_trf(t)
    assert [len(r.rounds) for r in records] == [1, 1]
