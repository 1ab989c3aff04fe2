"""Colour (side) preferences and side allocation, FIDE Dutch Article 1.7 and Article 5.

Only games actually played count: forfeits and byes are skipped, which is the
"unplayed rounds move before round 1" reading of GHR 3.4.
"""

from __future__ import annotations

from dataclasses import dataclass

from oware.sides import Side
from tournaments.history import RoundRecord


@dataclass(frozen=True)
class ColourState:
    """A player's side history summary.

    ``imbalance`` is |games as South − games as North|; ``preference`` is the
    preferred side or ``None``; ``repeated`` is the side played in each of the
    last two (or more) games, else ``None``; ``strong`` is a strong (not
    absolute) preference; ``sides`` the played sides in order.
    """

    imbalance: int
    preference: Side | None
    repeated: Side | None
    strong: bool
    sides: tuple[Side, ...]

    @property
    def absolute_imbalance(self) -> bool:
        """Colour difference beyond ±1: the next game must even it out."""
        return self.imbalance > 1

    @property
    def absolute(self) -> bool:
        """Absolute preference: difference beyond ±1, or the same side twice in a row."""
        return self.absolute_imbalance or self.repeated is not None

    @property
    def strength(self) -> str | None:
        """``"absolute"``, ``"strong"``, ``"mild"`` or ``None`` (no preference)."""
        if self.preference is None:
            return None
        if self.absolute:
            return "absolute"
        return "strong" if self.strong else "mild"


def colour_state(history: list[RoundRecord]) -> ColourState:
    """Summarise the played games of ``history`` (Article 1.7 table).

    When the colour difference and the "two in a row" test disagree (possible
    only after a top-scorer exception) the difference wins, as in the
    reference engine.
    """
    sides = tuple(r.side for r in history if r.played and r.side is not None)
    souths = sides.count(Side.SOUTH)
    norths = len(sides) - souths
    run = 0
    last = None
    for side in sides:
        run = 1 if side is not last else run + 1
        last = side
    lower = Side.NORTH if souths > norths else Side.SOUTH
    imbalance = abs(souths - norths)
    if imbalance > 1:
        preference = lower
    elif run > 1:
        preference = last.opponent
    elif imbalance > 0:
        preference = lower
    elif run:
        preference = last.opponent
    else:
        preference = None
    repeated = last if run > 1 else None
    absolute = imbalance > 1 or repeated is not None
    return ColourState(imbalance, preference, repeated, not absolute and imbalance > 0, sides)


def compatible_preferences(a: Side | None, b: Side | None) -> bool:
    """True when both preferences can be granted together."""
    return a is not b or a is None


def _first_difference(a: ColourState, b: ColourState) -> tuple[Side | None, Side | None]:
    """Both players' sides in the latest played round where they differ (walking back in step)."""
    i, j = len(a.sides) - 1, len(b.sides) - 1
    while i >= 0 and j >= 0 and a.sides[i] is b.sides[j]:
        i -= 1
        j -= 1
    return (a.sides[i] if i >= 0 else None, b.sides[j] if j >= 0 else None)


def neutral_side(player: ColourState, opponent: ColourState) -> Side | None:
    """Side for ``player`` decided by rules 5.2.1–5.2.3, or ``None`` if rank must decide."""
    if compatible_preferences(player.preference, opponent.preference):
        if player.preference is not None:
            return player.preference
        if opponent.preference is not None:
            return opponent.preference.opponent
        return None
    if player.absolute and (player.imbalance > opponent.imbalance or not opponent.absolute):
        return player.preference
    if opponent.absolute and (opponent.imbalance > player.imbalance or not player.absolute):
        return opponent.preference.opponent
    if player.strong and not opponent.strong:
        return player.preference
    if opponent.strong and not player.strong:
        return opponent.preference.opponent
    mine, theirs = _first_difference(player, opponent)
    if mine is not None and theirs is not None:
        return theirs
    return None


def side_of_higher(
    higher: ColourState,
    lower: ColourState,
    higher_rank_index: int,
    initial_side: Side,
) -> Side:
    """Side given to the higher-ranked player of a pair (Article 5.2).

    ``higher_rank_index`` is the 0-based position of the higher-ranked player
    among the players taking part in the event (5.2.5 parity: an even index,
    i.e. an odd TPN in a clean list, gets the initial side).
    """
    side = neutral_side(higher, lower)
    if side is not None:
        return side
    if higher.preference is not None:
        return higher.preference
    return initial_side if higher_rank_index % 2 == 0 else initial_side.opponent
