"""Tie-breaks in the reader's language: the Django side of :mod:`tournaments.tiebreaks.registry`.

The registry holds plain English marked with ``gettext_noop``; this module translates it
where it is shown.  Templates, the API and the settings form read tie-breaks through here.
"""

from __future__ import annotations

from django.utils.translation import gettext

from tournaments.tiebreaks.registry import TIEBREAKS, describe, tiebreak


def name(code: str) -> str:
    """What a code stands for, translated: ``"BH-C1"`` -> ``"Buchholz, cut 1"``.

    An unknown code (an old setting, a typo in a TRF file) is shown as it is.
    """
    try:
        base, modifier = describe(code)
    except KeyError:
        return code
    base = gettext(base)
    if modifier.startswith("C"):
        return f"{base}, {gettext('cut')} {modifier[1:]}"
    if modifier.startswith("M"):
        return f"{base}, {gettext('median')} {modifier[1:]}"
    return base


def explanation(code: str) -> str:
    """The one-line explanation of a code, translated; empty for an unknown code."""
    try:
        return gettext(tiebreak(code).explanation)
    except KeyError:
        return ""


def legend(codes) -> list[dict]:
    """One entry per code, in order: ``{code, key, name, explanation, decimals}``.

    ``key`` is the stable identifier of the tie-break (its modifiers are in ``code``);
    ``decimals`` the most decimals its values need.  Unknown codes get ``key`` ``""``.
    """
    entries = []
    for code in codes:
        try:
            declared = tiebreak(code)
        except KeyError:
            key, decimals = "", 2
        else:
            key, decimals = declared.key, declared.decimals
        entries.append(
            {
                "code": code,
                "key": key,
                "name": name(code),
                "explanation": explanation(code),
                "decimals": decimals,
            }
        )
    return entries


def legend_lines(codes) -> list[tuple[str, str]]:
    """(code, "name: explanation") for each code in table order: the legend under a standings
    table, so a spectator can read each column."""
    return [(code, f"{name(code)}: {explanation(code)}") for code in codes]


def explained(codes) -> list[dict]:
    """The legend under a standings table, one entry per code in table order:
    ``{code, name, explanation, example}`` translated, so that a reader sees what kind of value
    each column holds (a place, points, a sum of the opponents' scores) and one worked case."""
    entries = []
    for code in codes:
        try:
            example = gettext(tiebreak(code).example) if tiebreak(code).example else ""
        except KeyError:
            example = ""
        entries.append(
            {"code": code, "name": name(code), "explanation": explanation(code), "example": example}
        )
    return entries


def choices_help(individual: bool = True) -> str:
    """The known codes as a settings form's help text: ``"PTS points · DE direct encounter …"``."""
    declared = [t for t in TIEBREAKS if t.individual or not individual]
    return " · ".join(f"{t.code} {gettext(t.name)}" for t in declared)
