"""The tournament data model: events, sections, teams, players, rounds, pairings, results and
the games' records."""

from tournaments.models.event import Section, Team, Tournament, Variant
from tournaments.models.people import Player, RequestedBye
from tournaments.models.prizes import PrizeCategory
from tournaments.models.records import GameRecord, RecordSource
from tournaments.models.results import Result, ResultChange
from tournaments.models.rounds import Pairing, Round, RoundStart, Seat
from tournaments.models.undo import Undo

__all__ = [
    "GameRecord",
    "Pairing",
    "Player",
    "PrizeCategory",
    "RecordSource",
    "RequestedBye",
    "Result",
    "ResultChange",
    "Round",
    "RoundStart",
    "Seat",
    "Section",
    "Team",
    "Tournament",
    "Undo",
    "Variant",
]
