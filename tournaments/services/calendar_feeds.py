"""The calendar feeds (iCalendar, RFC 5545) of a tournament and of each of its players, written
by the `icalendar` library.

One event per round with a planned start (`timetable`): its UID names the tournament, section
and round (and the player), so that a calendar that reads the feed again updates the event
instead of adding a second one; its start carries the venue's time zone (TZID, with the
VTIMEZONE it names) and it lasts the round's planned length (`timetable.round_length`). The
feed's stamp is the tournament's last change, so the same revision gives the same text and the
feed is cached like every public read. Only published pairings are told: before they are, a
player's event is the round's slot.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from django.utils.translation import gettext as _

from tournaments.lookups import in_public_rounds
from tournaments.models import Player, Seat, Tournament
from tournaments.models.sides import side_label
from tournaments.services.timetable import PlannedRound, round_length, timetable

if TYPE_CHECKING:
    from icalendar import Calendar, Event

MEDIA_TYPE = "text/calendar"
PRODUCT = "-//Oware tournaments//Round schedule//EN"
# The domain part of every UID: the same on a venue's server and its public mirror.
UID_DOMAIN = "oware-tournaments"


def tournament_feed(tournament: Tournament, url_of) -> bytes:
    """Every section's rounds with a planned start. `url_of(planned)` gives a round's page."""
    calendar = _calendar(tournament, tournament.name)
    for planned in timetable(tournament):
        if planned.starts_at is None:
            continue
        summary = _("%(tournament)s — %(section)s, round %(number)d") % {
            "tournament": tournament.name,
            "section": planned.section.name,
            "number": planned.number,
        }
        calendar.add_component(
            _event(tournament, planned, _uid(tournament, planned), summary, url_of(planned))
        )
    return _text(calendar, tournament)


def player_feed(tournament: Tournament, player: Player, url_of) -> bytes:
    """The rounds of `player`'s section with a planned start: once a round's pairings are
    public, his board, side and opponent (or his bye); before, the round's slot. A public
    round without a seat of his (a withdrawal) is left out."""
    calendar = _calendar(tournament, f"{player.name} — {tournament.name}")
    seats = {
        seat.round.number: seat
        for seat in in_public_rounds(Seat.objects.filter(player=player)).select_related(
            "round", "pairing__south", "pairing__north"
        )
    }
    for planned in timetable(tournament):
        if planned.section.pk != player.section_id or planned.starts_at is None:
            continue
        words = {"tournament": tournament.name, "number": planned.number}
        seat = seats.get(planned.number)
        if planned.public and seat is None:
            continue
        if seat is None:
            summary = _("%(tournament)s — round %(number)d (pairings not yet published)") % words
        elif seat.is_bye:
            summary = _("%(tournament)s — round %(number)d: pairing-allocated bye") % words
        else:
            summary = _(
                "%(tournament)s — round %(number)d, board %(board)d, %(side)s against %(opponent)s"
            ) % (
                words
                | {
                    "board": seat.pairing.board,
                    "side": side_label(seat.board_side),
                    "opponent": seat.opponent.name,
                }
            )
        uid = _uid(tournament, planned, player)
        calendar.add_component(_event(tournament, planned, uid, summary, url_of(planned)))
    return _text(calendar, tournament)


def _calendar(tournament: Tournament, name: str) -> Calendar:
    # Imported with the first feed, not with the URL configuration: icalendar takes a twentieth
    # of a second to import, which every process of the site would pay at its start.
    from icalendar import Calendar

    calendar = Calendar()
    calendar.add("prodid", PRODUCT)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("x-wr-calname", name)
    calendar.add("x-wr-timezone", tournament.time_zone)
    return calendar


def _uid(tournament: Tournament, planned: PlannedRound, player: Player | None = None) -> str:
    own = f"/player-{player.pairing_number}" if player is not None else ""
    return f"{tournament.slug}/{planned.section.slug}/round-{planned.number}{own}@{UID_DOMAIN}"


def _event(
    tournament: Tournament, planned: PlannedRound, uid: str, summary: str, url: str
) -> Event:
    from icalendar import Event

    event = Event()
    event.add("uid", uid)
    event.add("dtstamp", tournament.changed_at)
    event.add("dtstart", planned.starts_at.astimezone(ZoneInfo(tournament.time_zone)))
    event.add("duration", round_length(tournament))
    event.add("summary", summary)
    if tournament.venue:
        event.add("location", tournament.venue)
    event.add("url", url)
    return event


def _text(calendar: Calendar, tournament: Tournament) -> bytes:
    """The feed's text, with the VTIMEZONE of the venue's zone for the years around its
    rounds (the whole rule history would only make the file longer)."""
    starts = [event.start for event in calendar.events]
    if starts:
        first = min(starts).date()
        last = max(starts).date()
        calendar.add_missing_timezones(
            first_date=date(first.year - 1, 1, 1), last_date=date(last.year + 2, 1, 1)
        )
    return calendar.to_ical()
