"""Plain input records for standings: what happened to each player in each round.

Each round is the neutral :class:`~tournaments.history.RoundRecord` (outcome, points, opponent,
side), whether a section's history was built from the database or read from a TRF file
(:func:`tournaments.tiebreaks.history.records_from_history`). Points are
:class:`~decimal.Decimal`; they are converted exactly once per section (see
:mod:`tournaments.tiebreaks.exact`).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from tournaments.history import RoundRecord


@dataclass(frozen=True)
class PlayerRounds:
    """A player's id and rounds in order (index 0 is round 1).

    Ids must be hashable and mutually orderable (pairing numbers or database
    keys): ties left after every tie-break are listed in id order.  A record
    shorter than the section counts its missing rounds as zero-point byes.
    """

    id: Hashable
    rounds: Sequence[RoundRecord]


__all__ = ["PlayerRounds"]
