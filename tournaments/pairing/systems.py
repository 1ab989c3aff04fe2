"""The pairing systems a section can use, behind one seam.

Each :class:`PairingSystem` takes the plain :class:`~.records.PairingRequest` (the same input
the Dutch engine has always taken) and returns the :class:`~.records.RoundPairing`; it also
checks an arbiter's pairing and, for a scheduled system, gives every round in advance.
Adding a system is one module plus one entry in :data:`SYSTEMS`.

Baku acceleration is not a system of its own: it reaches the Dutch engine as the players'
virtual points (``PlayerRecord.acceleration``, see :mod:`.baku`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from .checker import CheckReport, check_pairing
from .engine import pair_request
from .errors import InvalidPairingInput
from .records import PairingRequest, RoundPairing
from .round_robin import check_round_robin, pair_round_robin, schedule_pairings

DUTCH = "dutch"
ROUND_ROBIN = "round-robin"
DOUBLE_ROUND_ROBIN = "double-round-robin"


@dataclass(frozen=True)
class PairingSystem:
    """One pairing system.

    ``code`` is stored with the section; ``label`` is English (the product translates it).
    ``pair(request)`` pairs one round; ``check(request, boards, bye)`` lists the rules a
    proposed pairing breaks, its ``equals_dutch`` meaning "equals this system's pairing";
    ``schedule(numbers)`` gives every round in advance from the pairing numbers, or is
    ``None`` for a system that pairs on results (Swiss).
    """

    code: str
    label: str
    pair: Callable[[PairingRequest], RoundPairing]
    check: Callable[[PairingRequest, list[tuple[int, int]], int | None], CheckReport]
    schedule: Callable[[list[int]], list[RoundPairing]] | None = None

    @property
    def scheduled(self) -> bool:
        """True when every round is known before round 1 (round robins)."""
        return self.schedule is not None


def _round_robin(code: str, name: str, cycles: int) -> PairingSystem:
    """The Berger tables played `cycles` times."""
    return PairingSystem(
        code,
        name,
        partial(pair_round_robin, cycles=cycles),
        partial(check_round_robin, cycles=cycles),
        partial(schedule_pairings, cycles=cycles),
    )


def gettext_noop(text: str) -> str:
    """Mark a system's name for the translation catalogs (this core does not import Django); the
    section's choices translate it where it is shown."""
    return text


SYSTEMS: dict[str, PairingSystem] = {
    system.code: system
    for system in (
        PairingSystem(DUTCH, gettext_noop("FIDE Dutch (Swiss)"), pair_request, check_pairing),
        _round_robin(ROUND_ROBIN, gettext_noop("Round robin (Berger tables)"), cycles=1),
        _round_robin(
            DOUBLE_ROUND_ROBIN, gettext_noop("Double round robin (Berger tables)"), cycles=2
        ),
    )
}


def get_system(code: str) -> PairingSystem:
    """The system stored under ``code``; :class:`InvalidPairingInput` for an unknown one."""
    try:
        return SYSTEMS[code]
    except KeyError:
        raise InvalidPairingInput(f"unknown pairing system {code!r}") from None


__all__ = ["DOUBLE_ROUND_ROBIN", "DUTCH", "ROUND_ROBIN", "SYSTEMS", "PairingSystem", "get_system"]
