"""A signed-in player's games: the boards of the entries confirmed as his, the next one first.

"My next game" is his earliest board of a published round of a published tournament that has
no result yet (a pairing-allocated bye is no game), with the round's planned start when the
round schedule has one (tournaments/services/timetable.py)."""

from dataclasses import dataclass
from datetime import datetime

from oware.sides import Side
from players.linking import my_player_ids
from players.models import Account
from tournaments.models import Player, Round, RoundStart, Seat
from tournaments.models.results import Result
from tournaments.services.timetable import venue_zone


@dataclass(frozen=True)
class MyGame:
    """One board of the player's: where, which side, against whom, when, and how it ended."""

    seat: Seat
    starts_at: datetime | None

    @property
    def round(self) -> Round:
        return self.seat.round

    @property
    def tournament(self):
        return self.seat.round.section.tournament

    @property
    def board(self) -> int:
        return self.seat.pairing.board

    @property
    def side(self):
        return self.seat.side

    @property
    def opponent(self) -> Player | None:
        return self.seat.opponent

    @property
    def result(self) -> Result | None:
        return getattr(self.seat.pairing, "result", None)

    @property
    def points(self):
        """The points he scored, None while the game is not over."""
        result = self.result
        if result is None or self.side is None:
            return None
        return result.south_points if self.side is Side.SOUTH else result.north_points


def _seats(player_ids):
    return (
        Seat.objects.filter(
            player_id__in=player_ids,
            round__status__in=(Round.Status.PUBLISHED, Round.Status.COMPLETED),
            round__section__tournament__published=True,
        )
        .select_related(
            "round__section__tournament",
            "pairing__south",
            "pairing__north",
            "pairing__result",
            "player",
        )
        .order_by("round__published_at", "round__pk")
    )


def _starts(seats) -> dict[tuple[int, int], datetime]:
    """The planned starts of the seats' rounds, in each venue's time zone (one query)."""
    sections = {seat.round.section_id: seat.round.section.tournament for seat in seats}
    if not sections:
        return {}
    return {
        (start.section_id, start.number): start.starts_at.astimezone(
            venue_zone(sections[start.section_id])
        )
        for start in RoundStart.objects.filter(section_id__in=list(sections))
    }


def my_games(account: Account) -> list[MyGame]:
    """Every board of the player's in published rounds, in the order the rounds came out."""
    seats = list(_seats(my_player_ids(account)))
    starts = _starts(seats)
    return [MyGame(seat, starts.get((seat.round.section_id, seat.round.number))) for seat in seats]


def next_game(account: Account) -> MyGame | None:
    """His earliest board without a result (byes left out), None when he has none waiting."""
    seats = list(
        _seats(my_player_ids(account)).filter(
            pairing__result__isnull=True, pairing__north__isnull=False
        )[:1]
    )
    if not seats:
        return None
    starts = _starts(seats)
    seat = seats[0]
    return MyGame(seat, starts.get((seat.round.section_id, seat.round.number)))
