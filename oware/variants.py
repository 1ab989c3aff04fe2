"""The rule variants a tournament can pick, as plain data.

Each variant is a frozen set of parameters read by the rules; adding a variant means adding a
`Variant(...)` value to `VARIANTS`, not writing code.
"""

from __future__ import annotations

from dataclasses import dataclass

# What happens to a move whose capture would take every seed on the opponent's row.
GRAND_SLAM_SOWS_ONLY = "sows_only"  # legal; the seeds are sown, nothing is captured
GRAND_SLAM_FORBIDDEN = "forbidden"  # the move is illegal
GRAND_SLAM_MOVES_AGAIN = "moves_again"  # captures everything, then the same player moves again

# Who takes the seeds left on the board when the player to move has no legal move.
NO_MOVES_OWN_ROWS = "own_rows"  # each player takes the seeds on their own row
NO_MOVES_UNFED_TAKES_ALL = "unfed_takes_all"  # the player who cannot be fed takes them all


@dataclass(frozen=True)
class Variant:
    """A rule variant.

    name: the identifier used in records, the database and the replay command.
    title: the human name written in the `[Variant "…"]` tag.
    grand_slam: one of the GRAND_SLAM_* constants.
    singleton_rule: when true a single-seed pit may be played only if none of the mover's other
        pits holds more than one seed.
    no_moves: one of the NO_MOVES_* constants.
    winning_store: a store holding more than half of the seeds (this many) ends the game.
    """

    name: str
    title: str
    grand_slam: str
    singleton_rule: bool
    no_moves: str
    winning_store: int = 25


ABAPA = Variant("abapa", "Oware Abapa", GRAND_SLAM_SOWS_ONLY, False, NO_MOVES_OWN_ROWS)
GRAND_SLAM_FORBIDDEN_VARIANT = Variant(
    "grand-slam-forbidden",
    "Oware Grand Slam Forbidden",
    GRAND_SLAM_FORBIDDEN,
    False,
    NO_MOVES_OWN_ROWS,
)
OURI = Variant("ouri", "Ouri", GRAND_SLAM_MOVES_AGAIN, True, NO_MOVES_UNFED_TAKES_ALL)

VARIANTS: dict[str, Variant] = {v.name: v for v in (ABAPA, GRAND_SLAM_FORBIDDEN_VARIANT, OURI)}
DEFAULT_VARIANT = ABAPA


def get_variant(name_or_variant: str | Variant | None) -> Variant:
    """Return the variant called `name` (or by its title); None gives the default.

    Raises KeyError with the known names when the name is unknown.
    """
    if isinstance(name_or_variant, Variant):
        return name_or_variant
    if name_or_variant is None:
        return DEFAULT_VARIANT
    key = name_or_variant.strip()
    if key in VARIANTS:
        return VARIANTS[key]
    for variant in VARIANTS.values():
        if variant.title.lower() == key.lower():
            return variant
    raise KeyError(f"unknown variant {name_or_variant!r}; known: {', '.join(VARIANTS)}")
