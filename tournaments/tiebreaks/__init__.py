"""Standings and tie-breaks (FIDE C.07, 2026 edition by default) on plain records; no Django."""

from .codes import TiebreakCode, parse_code, parse_codes
from .from_trf import records_from_trf, round_result, scoring_system, standings_from_trf
from .records import PlayerRecord, RoundKind, RoundResult, ScoringSystem
from .serialise import standings_to_json
from .standings import DEFAULT_ORDER, Standings, StandingsRow, compute_standings

__all__ = [
    "DEFAULT_ORDER",
    "PlayerRecord",
    "RoundKind",
    "RoundResult",
    "ScoringSystem",
    "Standings",
    "StandingsRow",
    "TiebreakCode",
    "compute_standings",
    "parse_code",
    "parse_codes",
    "records_from_trf",
    "round_result",
    "scoring_system",
    "standings_from_trf",
    "standings_to_json",
]
