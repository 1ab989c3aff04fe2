"""Building standings records from TRF round blocks."""

from decimal import Decimal

from oware.sides import Side
from tournaments.outcomes import RoundOutcome
from tournaments.tiebreaks import records_from_trf
from tournaments.trf import RoundCell, Scoring, parse
from tournaments.trf.history import round_record


def test_each_result_code_maps_to_a_round_kind_with_its_points():
    cases = {
        RoundCell(2, "w", "1"): (RoundOutcome.GAME, 1, 2, Side.SOUTH),
        RoundCell(2, "b", "="): (RoundOutcome.GAME, Decimal("0.5"), 2, Side.NORTH),
        RoundCell(2, "b", "L"): (RoundOutcome.GAME, 0, 2, Side.NORTH),
        RoundCell(2, "w", "+"): (RoundOutcome.FORFEIT_WIN, 1, 2, Side.SOUTH),
        RoundCell(2, "b", "-"): (RoundOutcome.FORFEIT_LOSS, 0, 2, Side.NORTH),
        RoundCell(None, "-", "U"): (RoundOutcome.PAIRING_BYE, 1, None, None),
        RoundCell(None, "-", "F"): (RoundOutcome.FULL_POINT_BYE, 1, None, None),
        RoundCell(None, "-", "H"): (RoundOutcome.HALF_POINT_BYE, Decimal("0.5"), None, None),
        RoundCell(None, "-", "Z"): (RoundOutcome.ZERO_POINT_BYE, 0, None, None),
    }
    for cell, (kind, points, opponent, colour) in cases.items():
        result = round_record(cell)
        assert (result.outcome, result.points, result.opponent, result.side) == (
            kind,
            points,
            opponent,
            colour,
        )


def test_the_pairing_bye_takes_the_value_of_the_scoring():
    assert round_record(
        RoundCell(None, "-", "U"), Scoring(pairing_bye=Decimal("0.5"))
    ).points == Decimal("0.5")


def test_an_announced_absence_for_the_next_round_is_left_out():
    t = parse("001    1" + " " * 81 + "     2 w 1  0000 - H\n001    2" + " " * 81 + "     1 b 0\n")
    records = records_from_trf(t)
    assert [len(r.rounds) for r in records] == [1, 1]
