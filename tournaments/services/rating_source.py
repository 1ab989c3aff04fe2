"""Where an event's players get their rating from: the federation's current rating list, when
an app registers one (the `ratinglists` app does, from its `ready()`, as the live boards
register with `tournaments.freshness`: this app imports nothing of it).

A source answers three questions, each with `None` when it cannot:

- `label()`: the list it reads, in words (“the FIDE list of 2026-10-31”);
- `rating_of(player)`: the list's rating of an entry not saved yet (found by its identity
  number), `None` when unrated or not on the list;
- `trf_identities(players)`: for saved entries, `{player pk: (rating, TRF id)}` of those linked
  to a person of the list, which the TRF export writes in the `001` record.

Without a source, players keep the rating typed at registration and the TRF export writes it.
"""

_sources: list = []


def register(source) -> None:
    """Use `source` (one at a time: the last registered wins)."""
    _sources[:] = [source]


def _source():
    return _sources[0] if _sources else None


def label() -> str | None:
    source = _source()
    return source.label() if source is not None else None


def rating_of(player) -> int | None:
    source = _source()
    return source.rating_of(player) if source is not None else None


def trf_identities(players) -> dict:
    source = _source()
    return source.trf_identities(players) if source is not None else {}
