"""What the arbiter's page of an online event reads: its entries with each account's no-shows
across every online event it entered, and the players' reports."""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Q

from games.live import received_moments
from games.models.live import LiveBoard
from online.models import Entry, OnlineEvent
from online.timings import move_times
from oware.endings import Ending
from tournaments.models import Result, Tournament

NO_SHOW_ENDINGS = (Ending.FORFEIT, Ending.DOUBLE_FORFEIT)


@dataclass(frozen=True)
class EntryRow:
    entry: Entry
    no_shows: int  # games lost for not appearing, in every online event of the account


def no_shows_by_account(account_ids) -> Counter:
    """{account id: games his entries lost by forfeit or double forfeit}, in every online event."""
    counted = Counter()
    players = dict(
        Entry.objects.filter(account_id__in=list(account_ids)).values_list(
            "player_id", "account_id"
        )
    )
    lost = Result.objects.filter(ending__in=NO_SHOW_ENDINGS).filter(
        Q(pairing__south_id__in=players, south_points=0)
        | Q(pairing__north_id__in=players, north_points=0)
    )
    for south, north, south_points, north_points in lost.values_list(
        "pairing__south_id", "pairing__north_id", "south_points", "north_points"
    ):
        if south in players and south_points == 0:
            counted[players[south]] += 1
        if north in players and north_points == 0:
            counted[players[north]] += 1
    return counted


def entry_rows(event: OnlineEvent) -> list[EntryRow]:
    entries = list(
        event.entries.select_related("player", "account__user").order_by("player__pairing_number")
    )
    no_shows = no_shows_by_account({entry.account_id for entry in entries})
    return [EntryRow(entry, no_shows[entry.account_id]) for entry in entries]


@dataclass(frozen=True)
class GameTimes:
    board: LiveBoard
    times: dict  # Side → timings.SideTimes

    @property
    def constant_sides(self) -> list:
        return [side for side, times in self.times.items() if times.constant]


def game_times(board: LiveBoard) -> GameTimes:
    return GameTimes(board, move_times(received_moments(board)))


def remote_boards(tournament: Tournament):
    return LiveBoard.objects.filter(
        remote=True, pairing__round__section__tournament=tournament
    ).select_related("pairing__round", "pairing__south", "pairing__north")


def constant_games(tournament: Tournament) -> list[GameTimes]:
    """The event's remote games where a side's move times are implausibly constant."""
    found = [game_times(board) for board in remote_boards(tournament)]
    return [game for game in found if game.constant_sides]


def event_or_none(tournament: Tournament) -> OnlineEvent | None:
    return OnlineEvent.objects.filter(tournament=tournament).first()
