"""Web push to followers: what each follower is told of what happened, in his language, and
one sending of it (docs/notifications.md).

`on_announcement` runs in the task worker (tournaments/announcements.py: the request only queued
the announcement) and queues the pushes' task (notifications/tasks.py): the request that
recorded a result never looks for a follower nor waits for a push service. The worker then
writes each follower's message (`messages`) and sends it (`send`),
encrypted for the subscription's keys (aes128gcm, RFC 8291) and signed with the server's
VAPID key (RFC 8292) by pywebpush.

Who is told what:

- a player's followers: his board when a round is published (round, board, side, opponent and
  the planned start), the same a few minutes before the round starts, his result when it is
  recorded, corrected or cleared, and his place in the final standings;
- a tournament's followers: each round published and starting, and the final standings (not
  every result: a hall of boards would fill a phone).

Each message is JSON for the service worker (games/static/games/board_worker.js): `title`,
`body`, `url` (the page a click opens), `unfollow` (the link that stops it) with its label,
and a `tag` (a corrected result replaces the notification of the first).
"""

import email.utils
import functools
import json
import logging
from dataclasses import dataclass
from datetime import timedelta

import requests
from django.conf import settings
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from notifications.addresses import check_url
from notifications.models import Follower
from tournaments import announcements
from tournaments.models import Pairing, ResultChange, Round, Tournament
from tournaments.models.sides import side_label
from tournaments.services.errors import ServiceError
from tournaments.services.standings import section_standings
from tournaments.services.timetable import planned_start
from tournaments.templatetags.public_tags import written_points

logger = logging.getLogger(__name__)

# The kind of the message sent before a round starts (no announcement: a task's, from the
# schedule).
ROUND_STARTING = "round.starting"
# The kinds a follower is pushed.
PUSHED = (
    announcements.PAIRING_PUBLISHED,
    announcements.RESULT_RECORDED,
    announcements.RESULT_CLEARED,
    announcements.STANDINGS_FINAL,
)
# How long a push service keeps a message for a phone that is off, in seconds.
TIME_TO_LIVE = 6 * 3600
# The longest wait a push service's Retry-After is honoured with.
LONGEST_RETRY_AFTER = 24 * 3600


def on_announcement(announcement: announcements.Announcement) -> None:
    """Queue the pushes of `announcement`, and the reminders of the rounds it scheduled."""
    from notifications.tasks import push_announcement, schedule_reminders

    kind = announcement.kind
    if kind not in (*PUSHED, announcements.SCHEDULE_CHANGED):
        return
    if not Follower.objects.filter(tournament_id=announcement.tournament_id).exists():
        return
    if kind == announcements.SCHEDULE_CHANGED:
        schedule_reminders.enqueue(announcement.tournament_id, None)
        return
    push_announcement.enqueue(
        kind, announcement.tournament_id, announcement.round_id, announcement.pairing_id
    )
    if kind == announcements.PAIRING_PUBLISHED:
        schedule_reminders.enqueue(announcement.tournament_id, announcement.round_id)


# --- what each follower is told ---------------------------------------------------------


def messages(
    kind: str, tournament_id: int, round_id: int | None = None, pairing_id: int | None = None
) -> list[tuple[Follower, dict]]:
    """Each follower to tell of `kind` with the message he is sent, in his language. Empty
    when what it told of is gone (a round taken back before the worker came to it)."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return []
    if kind in (announcements.PAIRING_PUBLISHED, ROUND_STARTING):
        return _round_messages(kind, tournament, round_id)
    if kind in (announcements.RESULT_RECORDED, announcements.RESULT_CLEARED):
        return _result_messages(
            tournament, pairing_id, cleared=kind == announcements.RESULT_CLEARED
        )
    if kind == announcements.STANDINGS_FINAL:
        return _final_messages(tournament)
    return []


def _message(follower: Follower, kind: str, what, title: str, body: str, url: str) -> dict:
    return {
        "title": title,
        "body": body,
        "url": url,
        "unfollow": reverse(
            "notifications-follow:unfollow", args=[follower.tournament.slug, follower.token]
        ),
        "unfollow_label": _("Stop following"),
        "lang": follower.language,
        "tag": f"{kind}:{what}:{follower.player_id or ''}",
    }


def _player_title(player, tournament) -> str:
    return f"{player.name} · {tournament.name}"


def _player_url(tournament, player) -> str:
    return reverse(
        "public:player", args=[tournament.slug, player.section.slug, player.pairing_number]
    )


def _round_messages(kind, tournament, round_id) -> list[tuple[Follower, dict]]:
    round_ = Round.objects.select_related("section").filter(pk=round_id).first()
    if round_ is None or not round_.is_public:
        return []
    round_.section.tournament = tournament
    start = planned_start(round_, tournament)
    seats = {
        seat.player_id: seat
        for seat in round_.seats.select_related("player", "pairing__south", "pairing__north")
    }
    followers = Follower.objects.filter(tournament=tournament).filter(
        Q(player__isnull=True) | Q(player_id__in=list(seats))
    )
    minutes = settings.PUSH_REMINDER_MINUTES
    told = []
    for follower in followers.select_related("player__section"):
        follower.tournament = tournament
        with override(follower.language):
            at = f", {start:%H:%M}" if start is not None else ""
            numbers = {"round": round_.number, "minutes": minutes}
            if follower.player_id is None:
                title = tournament.name
                numbers["section"] = round_.section.name
                if kind == ROUND_STARTING:
                    body = _("%(section)s: round %(round)s starts in %(minutes)s minutes") % numbers
                else:
                    body = _("%(section)s: the pairings of round %(round)s are out") % numbers + at
                url = reverse(
                    "public:round", args=[tournament.slug, round_.section.slug, round_.number]
                )
            else:
                seat = seats[follower.player_id]
                title = _player_title(seat.player, tournament)
                board = _board_words(seat, round_.number)
                if kind == ROUND_STARTING:
                    body = _("In %(minutes)s minutes: %(board)s") % {
                        "minutes": minutes,
                        "board": board,
                    }
                else:
                    body = board + at
                url = _player_url(tournament, seat.player)
            told.append((follower, _message(follower, kind, round_.pk, title, body, url)))
    return told


def _board_words(seat, round_number: int) -> str:
    """ "Round 3, board 5, South against Kofi Mensah", or "Round 3: a bye"."""
    if seat.is_bye:
        return _("Round %(round)s: a bye") % {"round": round_number}
    return _("Round %(round)s, board %(board)s, %(side)s against %(opponent)s") % {
        "round": round_number,
        "board": seat.pairing.board,
        "side": side_label(seat.side),
        "opponent": seat.opponent.name,
    }


def _result_messages(tournament, pairing_id, cleared: bool = False) -> list[tuple[Follower, dict]]:
    """The game's players' followers told its result, or that it was cleared. The worker words
    it as the game stands: a result recorded again before it came to a clearing is told by its
    own push, and a game gone with its round tells nothing."""
    game = (
        Pairing.objects.select_related("round__section", "south", "north", "result")
        .filter(pk=pairing_id, round__section__tournament=tournament)
        .first()
    )
    if game is None or game.north_id is None:
        return []
    result = getattr(game, "result", None)
    if (result is None) != cleared:
        return []
    corrected = not cleared and ResultChange.objects.filter(pairing=game).count() > 1
    followers = Follower.objects.filter(
        tournament=tournament, player_id__in=[game.south_id, game.north_id]
    )
    told = []
    for follower in followers:
        follower.tournament = tournament
        player = game.south if follower.player_id == game.south_id else game.north
        player.section = game.round.section
        with override(follower.language):
            words = {
                "round": game.round.number,
                "board": game.board,
                "south": game.south.name,
                "north": game.north.name,
            }
            if cleared:
                body = _("Result cleared: round %(round)s, board %(board)s, %(south)s – %(north)s")
            else:
                words["score"] = (
                    f"{written_points(result.south_points)}–{written_points(result.north_points)}"
                )
                body = (
                    _(
                        "Result corrected: round %(round)s, board %(board)s, "
                        "%(south)s %(score)s %(north)s"
                    )
                    if corrected
                    else _(
                        "Result recorded: round %(round)s, board %(board)s, "
                        "%(south)s %(score)s %(north)s"
                    )
                )
            title = _player_title(player, tournament)
            # One tag for the game's result, cleared or not: each push replaces the last.
            message = _message(
                follower,
                announcements.RESULT_RECORDED,
                game.pk,
                title,
                body % words,
                _player_url(tournament, player),
            )
        told.append((follower, message))
    return told


def _final_messages(tournament) -> list[tuple[Follower, dict]]:
    followers = list(Follower.objects.filter(tournament=tournament).select_related("player"))
    if not followers:
        return []
    places: dict[int, tuple[str, str]] = {}
    podiums = []
    for section in tournament.sections.order_by("order", "pk"):
        section.tournament = tournament
        table = section_standings(section, extra_tiebreaks=["PTS"])
        column = table.standings.tiebreaks.index("PTS")
        rows = list(table.rows())
        for place, player, values in rows:
            places[player.pk] = (place, written_points(values[column]))
        podiums.append(
            (section, [f"{place}. {player.name}" for place, player, _values in rows[:3]])
        )
    told = []
    for follower in followers:
        follower.tournament = tournament
        with override(follower.language):
            if follower.player_id is None:
                title = tournament.name
                body = " · ".join(
                    _("Final standings, %(section)s: %(podium)s")
                    % {"section": section.name, "podium": ", ".join(podium)}
                    for section, podium in podiums
                )
                url = tournament.get_absolute_url()
            else:
                if follower.player_id not in places:
                    continue
                place, points = places[follower.player_id]
                title = _player_title(follower.player, tournament)
                body = _("Final standings: place %(place)s, %(points)s points") % {
                    "place": place,
                    "points": points,
                }
                url = _player_url(tournament, follower.player)
            message = _message(
                follower, announcements.STANDINGS_FINAL, tournament.pk, title, body, url
            )
        told.append((follower, message))
    return told


# --- one sending --------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """How one push went: `sent`; `gone` (404/410: the subscription has expired, and the
    follower was removed); `retry_after` seconds (a 5xx, a 429, a timeout, no connection);
    or none of these (another refusal, given up at once), with `error` saying why."""

    sent: bool = False
    gone: bool = False
    retry_after: int | None = None
    status_code: int | None = None
    error: str = ""


# pywebpush and py_vapid are imported where a push is sent, not with the module: pywebpush
# brings aiohttp and its kin, a quarter of a second of every process's start (each web worker,
# each `manage.py` command) that only the task worker's pushes need.


@functools.cache
def _vapid(private_key: str):
    from py_vapid import Vapid

    return Vapid.from_string(private_key)


def push_session() -> requests.Session:
    """An HTTP session for pushes: no proxy from the environment, no redirect followed (a
    push service answers itself; a redirect could point anywhere)."""
    session = requests.Session()
    session.trust_env = False
    session.max_redirects = 0
    return session


def send(follower: Follower, message: dict, session: requests.Session | None = None) -> Outcome:
    """Push `message` to `follower` once. A 404 or 410 answer removes the follower."""
    try:
        check_url(follower.endpoint)
    except ServiceError as refusal:
        return Outcome(error=str(refusal.message)[:200])
    from pywebpush import WebPushException, webpush

    try:
        answer = webpush(
            follower.subscription(),
            data=_json(message),
            vapid_private_key=_vapid(settings.VAPID_PRIVATE_KEY),
            vapid_claims={"sub": settings.VAPID_SUBJECT},
            timeout=settings.PUSH_TIMEOUT_SECONDS,
            ttl=TIME_TO_LIVE,
            requests_session=session or push_session(),
        )
    except WebPushException as refusal:
        answer = refusal.response
        if answer is None:
            return Outcome(retry_after=0, error=str(refusal)[:200])
    except requests.Timeout:
        return Outcome(retry_after=0, error="timeout")
    except requests.TooManyRedirects:
        return Outcome(error="redirect not followed")
    except requests.RequestException as error:
        return Outcome(retry_after=0, error=(str(error) or type(error).__name__)[:200])
    status = answer.status_code
    if status < 300:
        return Outcome(sent=True, status_code=status)
    if status in (404, 410):
        Follower.objects.filter(pk=follower.pk).delete()
        return Outcome(gone=True, status_code=status)
    if status == 429:
        return Outcome(
            retry_after=_retry_after(answer.headers.get("Retry-After")), status_code=status
        )
    if status >= 500:
        return Outcome(retry_after=0, status_code=status, error=f"status {status}")
    return Outcome(status_code=status, error=f"status {status}")


def _json(message: dict) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _retry_after(value: str | None) -> int:
    """Seconds a Retry-After header asks for (seconds or an HTTP date), 0 when it says
    nothing usable; never more than a day."""
    if not value:
        return 0
    value = value.strip()
    if value.isdigit():
        seconds = int(value)
    else:
        try:
            moment = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return 0
        seconds = int((moment - timezone.now()).total_seconds())
    return max(0, min(seconds, LONGEST_RETRY_AFTER))


def pause_after(attempts: int, asked: int) -> timedelta | None:
    """The wait before the next try of a push that failed its `attempts`-th time, at least
    `asked` seconds (a 429's Retry-After); None once `PUSH_RETRY_SECONDS` is used up."""
    schedule = settings.PUSH_RETRY_SECONDS
    if attempts > len(schedule):
        return None
    return timedelta(seconds=max(schedule[attempts - 1], asked))
