"""Mail to players with an account (docs/accounts.md): the pairing of each published round, that
it starts in `MAIL_REMINDER_MINUTES`, his results of a round, the final standings, each in his
language with a one-click unsubscribe link; and the sign-in links.

`on_announcement` runs in the task worker (tournaments/announcements.py: the request only queued
the announcement) and writes `Mail` rows and queues their tasks: nothing is looked up, written or
sent for mail in the request. A round's pairing is one
mail per player and round; the results of a round are one mail per player, sent
`MAIL_BATCH_SECONDS` after the first of them, worded when it leaves so that a correction made
meanwhile is in it. The task worker (`players/tasks.py`) words and sends each mail; an SMTP
server that is down or refuses is tried again after each pause of `MAIL_RETRY_SECONDS` (the last
repeated), and the mail is given up after `MAIL_MAX_ATTEMPTS`; the arbiter's page lists the
mails waiting with their last error and those given up.

The "round starts in a few minutes" mail is queued as the push's is, for each public round whose
planned start is ahead (`upcoming_starts`), when the round is published and when the schedule
changes: one mail per player, due at the start less `MAIL_REMINDER_MINUTES`, for that start. A
start moved queues a new one; the old one, finding the start changed (`reminder_due`), is given
up unsent. A sign-in link is mailed by the worker too, tried again as the others until the link
has expired.
"""

import logging
import smtplib
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from oware.sides import Side
from players.linking import accounts_of
from players.models import Account, Mail
from players.signin import sign_in_path, sign_in_token, unsubscribe_token
from tournaments import announcements
from tournaments.models import Pairing, Player, Round, RoundStart, Seat
from tournaments.models.sides import side_label
from tournaments.queueing import enqueue
from tournaments.services.timetable import reminder_due, upcoming_starts, venue_zone

logger = logging.getLogger(__name__)

# How long a worker holds a mail it is sending: past it (a worker that died), another takes it.
HOLD_SECONDS = 120


def on_announcement(announcement: announcements.Announcement) -> None:
    # Without EMAIL_URL no mail can leave: queued, each would fail and be tried again for
    # days (MAIL_MAX_ATTEMPTS), a round's worth of failures at each round.
    if not settings.MAIL_CONFIGURED:
        return
    kind = announcement.kind
    if kind == announcements.PAIRING_PUBLISHED:
        round_ = Round.objects.filter(pk=announcement.round_id).first()
        if round_ is not None:
            players = round_.seats.values_list("player_id", flat=True)
            _queue(announcement.tournament_id, Mail.Kind.PAIRING, round_, players)
            schedule_reminders(announcement.tournament_id, round_.pk)
    elif kind == announcements.SCHEDULE_CHANGED:
        schedule_reminders(announcement.tournament_id)
    elif kind in (announcements.RESULT_RECORDED, announcements.RESULT_CLEARED):
        pairing = Pairing.objects.select_related("round").filter(pk=announcement.pairing_id)
        pairing = pairing.first()
        if pairing is not None:
            players = [p for p in (pairing.south_id, pairing.north_id) if p is not None]
            _queue(announcement.tournament_id, Mail.Kind.RESULTS, pairing.round, players)
    elif kind == announcements.STANDINGS_FINAL:
        players = Player.objects.filter(
            section__tournament_id=announcement.tournament_id
        ).values_list("pk", flat=True)
        _queue(announcement.tournament_id, Mail.Kind.FINAL, None, players)


def schedule_reminders(tournament_id: int, round_id: int | None = None) -> None:
    """Queue the "round starts in a few minutes" mail of each public round of the tournament
    (of `round_id` alone when given) whose planned start is ahead, to each player with a game in
    it: once per player and planned start, never again once one was sent for the round."""
    lead = timedelta(minutes=settings.MAIL_REMINDER_MINUTES)
    for round_, starts_at in upcoming_starts(tournament_id, round_id):
        players = Seat.objects.filter(
            round=round_, pairing__north__isnull=False, pairing__result__isnull=True
        ).values_list("player_id", flat=True)
        due = max(starts_at - lead, timezone.now())
        _queue(tournament_id, Mail.Kind.REMINDER, round_, players, due=due, starts_at=starts_at)


def _queue(
    tournament_id: int,
    kind: str,
    round_: Round | None,
    player_ids,
    *,
    due: datetime | None = None,
    starts_at: datetime | None = None,
) -> None:
    found = accounts_of(player_ids)
    account_ids = set().union(*found.values()) if found else set()
    accounts = list(
        Account.objects.filter(pk__in=account_ids, wants_mail=True, email_checked=True).exclude(
            user__email=""
        )
    )
    if not accounts:
        return
    from players.tasks import send_mails

    now = timezone.now()
    if due is None:
        batch = timedelta(seconds=settings.MAIL_BATCH_SECONDS)
        due = now + batch if kind == Mail.Kind.RESULTS else now
    # One transaction, one task: a round published to 500 players costs the request two
    # inserts, not 500 tasks.
    with transaction.atomic():
        if kind == Mail.Kind.RESULTS:
            waiting = set(
                Mail.objects.filter(
                    account__in=accounts, kind=kind, round=round_, status=Mail.Status.PENDING
                ).values_list("account_id", flat=True)
            )
            # A results mail of the round still waiting takes this result in when it leaves.
            accounts = [account for account in accounts if account.pk not in waiting]
        elif kind == Mail.Kind.REMINDER:
            told = set(
                Mail.objects.filter(account__in=accounts, kind=kind, round=round_)
                .filter(Q(starts_at=starts_at) | Q(status=Mail.Status.SENT))
                .values_list("account_id", flat=True)
            )
            accounts = [account for account in accounts if account.pk not in told]
        mails = Mail.objects.bulk_create(
            Mail(
                account=account,
                tournament_id=tournament_id,
                round=round_,
                kind=kind,
                next_attempt_at=due,
                starts_at=starts_at,
            )
            for account in accounts
        )
        if mails:
            enqueue(send_mails, [mail.pk for mail in mails], run_after=due)


def pause_after(attempts: int) -> int:
    """Seconds to wait after the `attempts`-th failed attempt (from 1)."""
    schedule = settings.MAIL_RETRY_SECONDS or [60]
    return schedule[min(attempts, len(schedule)) - 1]


class Sender:
    """Sends mails through one SMTP connection, opened at the first mail; after a failure the
    connection is dropped and the next mail opens a new one."""

    def __init__(self):
        self.connection = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._drop()

    def _drop(self):
        if self.connection is not None:
            try:
                self.connection.close()
            except (smtplib.SMTPException, OSError):
                pass
            self.connection = None

    def send(self, mail_id: int) -> None:
        if self.connection is None:
            connection = get_connection()
            try:
                connection.open()  # kept open: each message does not open one of its own
            except (smtplib.SMTPException, OSError):
                connection = None  # the mail's own attempt tells what failed
            self.connection = connection
        if not send(mail_id, self.connection):
            self._drop()


def send(mail_id: int, connection=None) -> bool:
    """Word and send the mail if it is due and no other worker holds it; keep how it went.
    False when the SMTP server failed it."""
    now = timezone.now()
    claimed = Mail.objects.filter(
        pk=mail_id, status=Mail.Status.PENDING, next_attempt_at__lte=now
    ).update(next_attempt_at=now + timedelta(seconds=HOLD_SECONDS))
    if not claimed:
        return True  # sent, given up, not due yet (its own task is queued), or held by another
    mail = Mail.objects.select_related("account__user", "tournament", "round__section").get(
        pk=mail_id
    )
    if not mail.account.wants_mail:
        _finish(mail, Mail.Status.GIVEN_UP, "unsubscribed")
        return True
    message = compose(mail)
    if message is None:
        _finish(mail, Mail.Status.GIVEN_UP, "nothing left to tell")
        return True
    message.connection = connection
    try:
        message.send()
    except (smtplib.SMTPException, OSError) as error:
        _failed(mail, (str(error) or type(error).__name__)[:200])
        return False
    mail.sent_at = timezone.now()
    _finish(mail, Mail.Status.SENT, "")
    return True


def _finish(mail: Mail, status: str, error: str) -> None:
    mail.status = status
    mail.last_error = error
    mail.save(update_fields=["status", "last_error", "sent_at", "subject"])


def _failed(mail: Mail, error: str) -> None:
    with transaction.atomic():
        mail.attempts += 1
        mail.last_error = error
        if mail.attempts >= settings.MAIL_MAX_ATTEMPTS:
            mail.status = Mail.Status.GIVEN_UP
        else:
            mail.next_attempt_at = timezone.now() + timedelta(seconds=pause_after(mail.attempts))
            from players.tasks import send_mails

            enqueue(send_mails, [mail.pk], run_after=mail.next_attempt_at)
        mail.save(update_fields=["attempts", "last_error", "status", "next_attempt_at", "subject"])


def site_url(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def compose(mail: Mail) -> EmailMessage | None:
    """The mail in its reader's language, None when what it told of is gone (a round taken
    back)."""
    account = mail.account
    unsubscribe = site_url(
        reverse("players:unsubscribe", kwargs={"token": unsubscribe_token(account)})
    )
    with translation.override(account.language):
        worded = _word(mail)
        if worded is None:
            return None
        subject, lines = worded
        lines += [
            "",
            _("You get this mail because your player account follows your games."),
            _("Stop these mails: %(url)s") % {"url": unsubscribe},
        ]
    mail.subject = subject[:200]
    return EmailMessage(
        subject=subject,
        body="\n".join(lines) + "\n",
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[account.email],
        headers={
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Content-Language": account.language,
        },
    )


def _word(mail: Mail):
    tournament = mail.tournament
    my_players = _my_players(mail)
    if mail.kind == Mail.Kind.FINAL:
        lines = [_("The final standings of %(tournament)s are out:") % {"tournament": tournament}]
        sections = {player.section for player in Player.objects.filter(pk__in=my_players)}
        for section in sorted(sections, key=lambda s: (s.order, s.pk)):
            path = reverse(
                "public:standings", kwargs={"slug": tournament.slug, "section": section.slug}
            )
            lines.append(f"{section.name}: {site_url(path)}")
        return _("Final standings of %(tournament)s") % {"tournament": tournament}, lines
    round_ = mail.round
    if round_ is None or not round_.is_public:
        return None
    if mail.kind == Mail.Kind.REMINDER:
        round_.section.tournament = tournament
        if mail.starts_at is None or not reminder_due(round_, mail.starts_at):
            return None  # the start moved (its own mail is queued) or passed
    seats = list(
        Seat.objects.filter(round=round_, player_id__in=my_players).select_related(
            "pairing__south", "pairing__north", "pairing__result", "player"
        )
    )
    if not seats:
        return None
    path = reverse(
        "public:round",
        kwargs={"slug": tournament.slug, "section": round_.section.slug, "number": round_.number},
    )
    if mail.kind == Mail.Kind.REMINDER:
        when = date_format(mail.starts_at.astimezone(venue_zone(tournament)), "H:i")
        lines = [_pairing_line(round_, seat, when) for seat in seats]
        subject = _("%(tournament)s: round %(number)d starts in %(minutes)d minutes") % {
            "tournament": tournament,
            "number": round_.number,
            "minutes": settings.MAIL_REMINDER_MINUTES,
        }
    elif mail.kind == Mail.Kind.PAIRING:
        start = RoundStart.objects.filter(section=round_.section, number=round_.number).first()
        when = (
            date_format(start.starts_at.astimezone(venue_zone(tournament)), "j F, H:i")
            if start
            else ""
        )
        lines = [_pairing_line(round_, seat, when) for seat in seats]
        subject = _("%(tournament)s: your pairing in round %(number)d") % {
            "tournament": tournament,
            "number": round_.number,
        }
    else:
        lines = [_result_line(round_, seat) for seat in seats]
        subject = _("%(tournament)s: your result in round %(number)d") % {
            "tournament": tournament,
            "number": round_.number,
        }
    return subject, [*lines, "", site_url(path)]


def _my_players(mail: Mail) -> set[int]:
    from players.linking import my_player_ids

    return my_player_ids(mail.account)


def _pairing_line(round_: Round, seat: Seat, when: str) -> str:
    if seat.side is None:
        return _("Round %(number)d: you have a bye.") % {"number": round_.number}
    words = {
        "number": round_.number,
        "board": seat.pairing.board,
        "side": side_label(seat.side),
        "opponent": seat.opponent.name,
        "start": when,
    }
    if when:
        return _("Round %(number)s, board %(board)s, %(side)s against %(opponent)s, %(start)s") % (
            words
        )
    return _("Round %(number)s, board %(board)s, %(side)s against %(opponent)s") % words


def _result_line(round_: Round, seat: Seat) -> str:
    words = {
        "number": round_.number,
        "board": seat.pairing.board,
        "opponent": seat.opponent.name if seat.opponent else "",
    }
    result = getattr(seat.pairing, "result", None)
    if seat.side is None:
        return _("Round %(number)d: you have a bye.") % words
    if result is None:
        return _("Round %(number)d, board %(board)d against %(opponent)s: no result now.") % words
    mine = result.south_points if seat.side is Side.SOUTH else result.north_points
    theirs = result.north_points if seat.side is Side.SOUTH else result.south_points
    words["score"] = f"{_points(mine)}–{_points(theirs)}"
    return _("Round %(number)d, board %(board)d against %(opponent)s: %(score)s") % words


def _points(value) -> str:
    return "½" if value == 0.5 else f"{value.normalize():f}".replace(".5", "½")


# --- sign-in links ------------------------------------------------------------------------


def send_sign_in_link(email: str, language: str, asked_at: int, attempts: int = 0) -> None:
    """Mail `email` the sign-in link asked for at `asked_at` (seconds since the epoch; the link
    is valid `SIGN_IN_LINK_MINUTES` from then), in `language`. An SMTP server that fails it is
    tried again after the mails' pauses while the link would still be valid."""
    expires = asked_at + 60 * settings.SIGN_IN_LINK_MINUTES
    if timezone.now().timestamp() >= expires:
        logger.warning("sign-in link to %s not sent before it expired", email)
        return
    token = sign_in_token(email, language, made_at=asked_at)
    with translation.override(language):
        body = "\n".join(
            [
                _("Open this link to sign in to your player account:"),
                site_url(sign_in_path(token)),
                "",
                _("It is valid for %(minutes)d minutes and works once.")
                % {"minutes": settings.SIGN_IN_LINK_MINUTES},
                _("If you did not ask for it, ignore this mail."),
            ]
        )
        subject = _("Your sign-in link")
    message = EmailMessage(
        subject=subject,
        body=body + "\n",
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[email],
        headers={"Content-Language": language},
    )
    try:
        message.send()
    except (smtplib.SMTPException, OSError) as error:
        attempts += 1
        again = timezone.now() + timedelta(seconds=pause_after(attempts))
        if attempts < settings.MAIL_MAX_ATTEMPTS and again.timestamp() < expires:
            from players.tasks import send_sign_in_mail

            send_sign_in_mail.using(run_after=again).enqueue(email, language, asked_at, attempts)
        else:
            logger.warning("sign-in link to %s given up: %s", email, error)
