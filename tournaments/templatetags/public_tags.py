"""Filters of the public pages: points and game scores written as players write them."""

from decimal import Decimal
from fractions import Fraction

from django import template
from django.utils.formats import number_format

from oware.sides import Side
from tournaments.models import sides

register = template.Library()

EN_DASH = "\u2013"


def written_points(value) -> str:
    """Points and tie-break values as people write them, the one way every page and printed
    sheet shows them: a half as '½' (0, ½, 1, 3½; never 3.5 or 3.50), any other fraction with
    the decimal separator of the page's language (12.25, 12,25 in French). Data (API, CSV, TRF)
    keeps '0.5'."""
    if value is None or value == "":
        return ""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    value = Decimal(str(value))
    sign = "-" if value < 0 else ""
    whole, half = divmod(abs(value) * 2, 2)
    if whole == whole.to_integral_value() and half in (0, 1):
        whole = int(whole) // 1
        if not half:
            return f"{sign}{whole}" if whole else "0"
        return f"{sign}{whole}½" if whole else f"{sign}½"
    return number_format(value.normalize())


@register.filter
def points(value) -> str:
    """`written_points` as a filter: {{ value|points }}."""
    return written_points(value)


@register.filter
def side_label(side: Side | None) -> str:
    """A side's name in the page's language ('' for none)."""
    return sides.side_label(side)


@register.filter
def seeds(result, side: Side | None = None) -> str:
    """A result's game score, the seeds each side captured, as '25–11' (en dash, never a colon
    that would read as a clock time); `side` North (a seat's side) puts North's first.
    '' without scores."""
    if result is None or result.south_seeds is None or result.north_seeds is None:
        return ""
    first, second = result.south_seeds, result.north_seeds
    if side is Side.NORTH:
        first, second = second, first
    return f"{first}{EN_DASH}{second}"
