"""One line per tie-break code, shown under the standings so a spectator can read each column.

The one place these texts live: when the tie-break registry lands, this dict is built from it.
"""

from django.utils.translation import gettext_lazy as _

TIEBREAK_LEGEND = {
    "PTS": _("points: 1 a win, ½ a draw, 0 a loss; byes as announced"),
    "DE": _(
        "direct encounter: points scored against the others on the same points, counted only "
        "when all of them have met; 0 for everyone until then, which is normal"
    ),
    "PS": _("progressive score: the running totals after each round added up"),
    "BH": _("Buchholz: the opponents' points added up"),
    "FB": _("fore Buchholz: Buchholz with every last-round game counted as a draw"),
    "SB": _("Sonneborn-Berger: beaten opponents' points plus half of drawn opponents' points"),
    "AOB": _("average of the opponents' Buchholz"),
    "WIN": _("wins, including wins without playing"),
    "WON": _("games won over the board"),
    "BPG": _("games played as North"),
    "BWG": _("games won as North"),
    "REP": _("rounds the player took part in"),
    "TP": _("team points: 2 a match won, 1 a match drawn"),
    "LGS": _("seeds captured in the games the player lost"),
}
CUT = _("cut: the lowest %(count)s value(s) left out")
MEDIAN = _("median: the highest and lowest %(count)s value(s) left out")


def legend_lines(codes: list[str]) -> list[tuple[str, str]]:
    """(code, one-line explanation) for each code in the order the table shows them."""
    lines = []
    for code in codes:
        base, _sep, modifier = code.partition("-")
        text = str(TIEBREAK_LEGEND.get(base, base))
        if modifier[:1] == "C":
            text += "; " + CUT % {"count": modifier[1:]}
        elif modifier[:1] == "M":
            text += "; " + MEDIAN % {"count": modifier[1:]}
        lines.append((code, text))
    return lines
