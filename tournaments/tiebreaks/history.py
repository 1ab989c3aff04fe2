"""Standings of a section's neutral history (:mod:`tournaments.history`), from the database
or from a TRF file (through :mod:`tournaments.trf.history`)."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments import trf
from tournaments.history import SectionHistory
from tournaments.trf.history import history_from_trf

from .records import PlayerRounds
from .standings import DEFAULT_ORDER, Standings, compute_standings


def records_from_history(history: SectionHistory) -> list[PlayerRounds]:
    """One record per player, over the completed rounds (announced absences left out)."""
    rounds = history.rounds_completed
    return [PlayerRounds(p.number, p.rounds[:rounds]) for p in history.players]


def standings_from_history(
    history: SectionHistory,
    tiebreaks: Sequence[str] | str = DEFAULT_ORDER,
    *,
    edition: str = "2026",
    forfeits_in_direct_encounter: bool = False,
) -> Standings:
    """:func:`compute_standings` over a history's completed rounds, under its scoring."""
    return compute_standings(
        records_from_history(history),
        tiebreaks,
        scoring=history.scoring,
        edition=edition,
        rounds=history.rounds_completed,
        forfeits_in_direct_encounter=forfeits_in_direct_encounter,
    )


def records_from_trf(
    tournament: trf.Tournament, scoring: trf.Scoring = trf.DEFAULT_SCORING
) -> list[PlayerRounds]:
    """:func:`records_from_history` of a TRF file."""
    return records_from_history(history_from_trf(tournament, scoring))


def standings_from_trf(
    tournament: trf.Tournament,
    tiebreaks: Sequence[str] | str = DEFAULT_ORDER,
    *,
    edition: str = "2026",
    scoring: trf.Scoring = trf.DEFAULT_SCORING,
    forfeits_in_direct_encounter: bool = False,
) -> Standings:
    """:func:`standings_from_history` of a TRF file."""
    return standings_from_history(
        history_from_trf(tournament, scoring),
        tiebreaks,
        edition=edition,
        forfeits_in_direct_encounter=forfeits_in_direct_encounter,
    )
