"""The two tables of the FIDE Rating Regulations 8.1, kept as printed and read exactly."""

from decimal import Decimal

import pytest

from ratings.tables import DP_FROM_TOP, PD_TABLE, rating_difference, score_probability


def test_table_8_1_2_covers_every_difference_once_in_order():
    assert len(PD_TABLE) == 51
    assert PD_TABLE[0] == (0, 3, 50)
    assert PD_TABLE[-1] == (736, None, 100)
    for (_, high, higher), (low, _, next_higher) in zip(PD_TABLE, PD_TABLE[1:], strict=False):
        assert low == high + 1
        assert next_higher == higher + 1


def test_table_8_1_1_is_its_own_mirror():
    assert len(DP_FROM_TOP) == 101
    assert DP_FROM_TOP[0] == 800 and DP_FROM_TOP[50] == 0 and DP_FROM_TOP[100] == -800
    for index, dp in enumerate(DP_FROM_TOP):
        assert DP_FROM_TOP[100 - index] == -dp
    assert list(DP_FROM_TOP) == sorted(DP_FROM_TOP, reverse=True)


@pytest.mark.parametrize(
    ("rating", "opponent", "expected"),
    [
        (2000, 2000, "0.50"),
        (2003, 2000, "0.50"),
        (2004, 2000, "0.51"),
        (2000, 2004, "0.49"),
        (2100, 2000, "0.64"),  # 99-106
        (2000, 2100, "0.36"),
        (2200, 2000, "0.76"),  # 198-206
        (2392, 2000, "0.92"),  # 392-411
        (2000, 2391, "0.09"),  # 375-391
        (2400, 2000, "0.92"),
        (2500, 2000, "0.92"),  # 500 counts as 400 (8.3.1)
        (1500, 2500, "0.08"),
    ],
)
def test_score_probability_reads_table_8_1_2_with_the_400_point_rule(rating, opponent, expected):
    assert score_probability(rating, opponent) == Decimal(expected)


def test_the_table_is_not_the_logistic_curve():
    # 1 / (1 + 10 ** (-400 / 400)) = 0.909...; the table gives .92 for a difference of 400.
    assert score_probability(2400, 2000) == Decimal("0.92")
    # Without the cap the table goes on to 1.0 above 735.
    assert score_probability(2500, 2000, cap=None) == Decimal("0.96")
    assert score_probability(2736, 2000, cap=None) == Decimal(1)
    assert score_probability(2000, 2736, cap=None) == Decimal(0)


@pytest.mark.parametrize(
    ("p", "dp"),
    [("1", 800), ("0.5", 0), ("0", -800), ("0.57", 50), ("0.43", -50), ("0.5714", 50)],
)
def test_rating_difference_reads_table_8_1_1_at_the_nearest_hundredth(p, dp):
    assert rating_difference(Decimal(p)) == dp


def test_a_half_hundredth_is_read_upwards():
    assert rating_difference(Decimal("0.125")) == rating_difference(Decimal("0.13")) == -322


def test_a_fractional_score_is_between_0_and_1():
    with pytest.raises(ValueError):
        rating_difference(Decimal("1.01"))
