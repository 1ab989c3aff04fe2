"""Unplayed rounds in Swiss events (C.07 Art. 16): adjusted scores, dummy opponents, VUR flags.

* A VUR (voluntary unplayed round) is a requested bye or a forfeit loss.
* 16.3: opponents see a player's score with every round of category 16.2.5
  counted as a draw.  16.2.5 is a requested bye after which the player has
  no round other than VURs (or that falls in the last round).
* 16.4: each own unplayed round counts as a game against a dummy whose score
  is the player's own final score; the 2026 edition caps it at the
  scheduled opponent's adjusted score for forfeits (16.4.1) and at
  draw points x rounds for the other unplayed rounds (16.4.2).
"""

from __future__ import annotations

from typing import NamedTuple

from tournaments.outcomes import RoundOutcome

from .section import NO_OPPONENT, Section

EDITIONS = ("2024", "2026")
"""``"2024"``: the Sep-2023 to Aug-2024 texts (dummy = own score); ``"2026"``: the capped dummy."""


class Contribution(NamedTuple):
    """One round as Buchholz and Sonneborn-Berger see it (scaled points)."""

    opponent_score: int
    """Adjusted score of the opponent met over the board, or the dummy's score."""
    points: int
    """Points the player scored in the round."""
    voluntary: bool
    """True when the round is a VUR of the player (the cut exception of 16.5 applies)."""


def counts_as_draw(section: Section, i: int) -> list[bool]:
    """Per round: True when the round is in category 16.2.5 (a trailing requested bye)."""
    kinds = section.kinds[i]
    last_other = max((r for r, k in enumerate(kinds) if not k.is_voluntary_unplayed), default=-1)
    return [k.is_requested_bye and r > last_other for r, k in enumerate(kinds)]


def adjusted_scores(section: Section) -> list[int]:
    """Scores as opponents see them (16.3), scaled."""
    memo = section.memo
    if "adjusted" not in memo:
        adjusted = []
        for i, total in enumerate(section.score):
            points = section.points[i]
            for r, as_draw in enumerate(counts_as_draw(section, i)):
                if as_draw:
                    total += section.draw - points[r]
            adjusted.append(total)
        memo["adjusted"] = adjusted
    return memo["adjusted"]


def contributions(section: Section, edition: str = "2026") -> list[list[Contribution]]:
    """Per player, per round: the opponent's (or dummy's) score and the points scored."""
    if edition not in EDITIONS:
        raise ValueError(f"edition must be one of {EDITIONS}, not {edition!r}")
    key = ("contributions", edition)
    memo = section.memo
    if key not in memo:
        adjusted = adjusted_scores(section)
        bye_cap = section.draw * section.rounds
        capped = edition == "2026"
        table = []
        for i, own in enumerate(section.score):
            row = []
            points = section.points[i]
            opponents = section.opponents[i]
            for r, kind in enumerate(section.kinds[i]):
                j = opponents[r]
                if kind is RoundOutcome.GAME:
                    row.append(Contribution(adjusted[j], points[r], False))
                    continue
                dummy = own
                if capped:
                    dummy = min(own, adjusted[j] if j != NO_OPPONENT else bye_cap)
                row.append(Contribution(dummy, points[r], kind.is_voluntary_unplayed))
            table.append(row)
        memo[key] = table
    return memo[key]
