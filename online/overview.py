"""What the arbiter's page of an online event reads: its entries with each account's no-shows
across every online event it entered, the games that wait for an arbiter, and the players'
reports."""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Q

from games.live import received_moments
from games.models.live import LiveBoard
from games.move_timings import side_times, timed_moves
from online.models import Entry, OnlineEvent
from oware.endings import Ending
from oware.sides import Side
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


def unrecorded_games(tournament: Tournament) -> list[LiveBoard]:
    """The event's remote games that ended but whose result the server could not record (the
    results service refused it, or the tournament had no arbiter then: games/remote.py): each
    waits for an arbiter, and its round cannot end before."""
    return list(
        LiveBoard.objects.filter(
            remote=True,
            state=LiveBoard.State.PENDING,
            pairing__round__section__tournament=tournament,
            pairing__result__isnull=True,
        )
        .select_related("pairing__round__section", "pairing__south", "pairing__north")
        .order_by("pairing__round__section__order", "pairing__round__number", "pairing__board")
    )


def constant_games(tournament: Tournament) -> list[LiveBoard]:
    """The event's remote games where a side's move times are implausibly constant, by the
    live board's own reading of them (games/move_timings.py)."""
    boards = LiveBoard.objects.filter(
        remote=True, pairing__round__section__tournament=tournament
    ).select_related("pairing__round", "pairing__south", "pairing__north")
    found = []
    for board in boards:
        moves = timed_moves(received_moments(board))
        if any(side_times(moves, side).constant for side in Side):
            found.append(board)
    return found


def event_or_none(tournament: Tournament) -> OnlineEvent | None:
    return OnlineEvent.objects.filter(tournament=tournament).first()
