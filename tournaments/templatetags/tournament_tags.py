from django import template

from tournaments import tiebreak_labels
from tournaments.templatetags.public_tags import written_points
from tournaments.tiebreaks.registry import format_value

register = template.Library()


@register.filter
def team_rows(tables, table):
    """Rows of one team table, ready for the template (see TeamTables.rows)."""
    return list(tables.rows(table))


@register.filter
def tiebreak_name(code: str) -> str:
    """What a tie-break code stands for, e.g. 'BH-C1' → 'Buchholz, cut 1' (from the registry)."""
    return tiebreak_labels.name(code)


@register.simple_tag
def tiebreak_value(code: str, value) -> str:
    """A tie-break value with the decimals the registry gives its code, written as every points
    value is (`written_points`: 3, 4½, 12,25 in French)."""
    return written_points(format_value(code, value))
