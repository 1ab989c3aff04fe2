from decimal import Decimal

from django import template
from django.utils.formats import number_format

from tournaments import tiebreak_labels
from tournaments.tiebreaks.registry import format_value

register = template.Library()


@register.filter
def team_rows(tables, table):
    """Rows of one team table, ready for the template (see TeamTables.rows)."""
    return list(tables.rows(table))


@register.filter
def score(value) -> str:
    """A points or tie-break value as people write it: 3, 4.5, 12.25 (never 4.50), with the
    decimal separator of the page's language (12,5 in French)."""
    if value is None or value == "":
        return ""
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return number_format(Decimal("0" if text == "-0" else text))


@register.filter
def tiebreak_name(code: str) -> str:
    """What a tie-break code stands for, e.g. 'BH-C1' → 'Buchholz, cut 1' (from the registry)."""
    return tiebreak_labels.name(code)


@register.simple_tag
def tiebreak_value(code: str, value) -> str:
    """A tie-break value with the decimals the registry gives its code (3, 4.5, 12.25), with the
    decimal separator of the page's language."""
    return number_format(Decimal(format_value(code, value)))
