"""Half points are written one way: ½ on pages and paper, 0.5 in data; other decimals follow the
page's language."""

from decimal import Decimal
from fractions import Fraction

import pytest
from django.utils import translation

from tournaments.templatetags.public_tags import written_points
from tournaments.templatetags.tournament_tags import tiebreak_value


@pytest.mark.parametrize(
    "value, written",
    [
        (Decimal("0"), "0"),
        (Decimal("0.5"), "½"),
        (Decimal("1.0"), "1"),
        (Decimal("3.5"), "3½"),
        (Fraction(7, 2), "3½"),
        ("4.50", "4½"),
        (Decimal("-1.5"), "-1½"),
        (None, ""),
    ],
)
def test_halves_are_written_with_the_half_sign(value, written):
    assert written_points(value) == written


def test_other_decimals_follow_the_language():
    with translation.override("fr"):
        assert written_points(Decimal("12.25")) == "12,25"
    with translation.override("en"):
        assert written_points(Decimal("12.25")) == "12.25"


def test_a_tie_break_value_is_written_as_points_are():
    with translation.override("fr"):
        assert tiebreak_value("BH", Decimal("7.5")) == "7½"
