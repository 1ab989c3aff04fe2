"""Ratings of a period of events: Elo as FIDE rates, and Glicko-2. Plain Python, no Django.

Public API::

    from ratings import fide, glicko2
    from ratings.records import Game, Event

    fide.rate_period([fide.FidePlayer("1", "A", 1800, 40)], [Event("e", games=(...))], 2026)
    glicko2.rate_period([glicko2.Glicko2Player("1", "A", 1500, 200, 0.06)], events, tau=0.5)

The math reads plain records (:mod:`.records`: a game from one player's side, grouped by
event). The edges read and write files: :mod:`.lists` the CSV lists, :mod:`.events` the TRF
files through the TRF core, :mod:`.cli` the command line (``python -m ratings``). Refused input
raises :class:`~ratings.errors.RatingError` with its file and line. See docs/ratings.md.
"""

from .errors import RatingError

__all__ = ["RatingError"]
