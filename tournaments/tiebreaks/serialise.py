"""Plain JSON-ready dictionaries of standings."""

from __future__ import annotations

from fractions import Fraction

from .standings import Standings


def number(value):
    """JSON number: points-based values (``Fraction``) become ``float``, counts stay ``int``.

    Point values are multiples of halves or quarters in practice, which a
    float holds exactly.
    """
    return float(value) if isinstance(value, Fraction) else value


def standings_to_json(standings: Standings) -> dict:
    """``{"players": [{"id", "rank", <code>: value …}], "tied_groups": [[id …] …]}``, by rank."""
    players = []
    for row in standings.rows:
        entry = {"id": row.id, "rank": row.rank}
        entry.update((code, number(value)) for code, value in row.values.items())
        players.append(entry)
    return {"players": players, "tied_groups": [list(g) for g in standings.tied_groups]}
