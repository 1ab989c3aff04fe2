from decimal import Decimal

from django import template
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

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


TIEBREAK_NAMES = {
    "PTS": _("points"),
    "DE": _("direct encounter"),
    "PS": _("progressive score"),
    "BH": _("Buchholz"),
    "FB": _("fore Buchholz"),
    "SB": _("Sonneborn-Berger"),
    "AOB": _("average of opponents' Buchholz"),
    "WIN": _("wins"),
    "WON": _("games won"),
    "BPG": _("games as North"),
    "BWG": _("games won as North"),
    "REP": _("rounds played"),
    "TP": _("team points"),
    "LGS": _("seeds in lost games"),
}


@register.filter
def tiebreak_name(code: str) -> str:
    """What a tie-break code stands for, e.g. 'BH-C1' → 'Buchholz, cut 1'."""
    base, _sep, modifier = code.partition("-")
    name = str(TIEBREAK_NAMES.get(base, base))
    if modifier.startswith("C"):
        return _("%(name)s, cut %(count)s") % {"name": name, "count": modifier[1:]}
    if modifier.startswith("M"):
        return _("%(name)s, median %(count)s") % {"name": name, "count": modifier[1:]}
    return name
