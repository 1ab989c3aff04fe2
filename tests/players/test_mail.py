"""Mail to players as they receive it: a round's pairing and results through a real SMTP server
(aiosmtpd on loopback), sent by the real task worker, in the player's language, each with an
unsubscribe link that works at one click; and an SMTP server that is down, tried again and
shown to the arbiter until it takes the mail."""

from datetime import timedelta

import pytest
from django.utils import timezone

from oware.endings import Ending
from players.mail import on_announcement
from players.models import Account, Mail
from tests.notifications.receivers import wait_for, worker_output
from tests.players.helpers import link_in, mail_worker, make_player_account, smtp_server
from tests.servers import free_port
from tournaments import announcements
from tournaments.services.results import ResultEntry, clear_result, record_result
from tournaments.services.rounds import pair_next_round, publish_round
from tournaments.services.timetable import set_timetable, venue_zone

WIN = ResultEntry(ending=Ending.CAPTURE, south_seeds=25, north_seeds=10)


@pytest.fixture
def players(tournament, section, make_player, settings):
    settings.MAIL_CONFIGURED = True  # the worker's EMAIL_URL names the test's SMTP server
    settings.MAIL_BATCH_SECONDS = 1  # the worker's too (mail_worker)
    tournament.published = True
    tournament.save()
    return [
        make_player(name, number, rating=2000 - 50 * number)
        for number, name in enumerate(["Ama Owusu", "Kofi Boateng", "Yaw Mensah", "Afi Appiah"], 1)
    ]


@pytest.mark.django_db(transaction=True)
def test_a_french_player_gets_the_round_in_french_and_unsubscribes(players, section, alice, client):
    ama, kofi = players[0], players[1]
    french = make_player_account("ama@example.org", "fr", player=ama)
    make_player_account("kofi@example.org", "en", player=kofi)
    make_player_account("unchecked@example.org", "en", player=players[2], checked=False)
    port = free_port()
    with smtp_server(port) as inbox, mail_worker(port) as worker:
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        try:
            wait_for(lambda: len(inbox.mails) == 2, what="the pairing mails")
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
        mails = {mail["To"]: mail for mail in inbox.mails}
        assert set(mails) == {"ama@example.org", "kofi@example.org"}  # unchecked: none
        seat = round_.seats.get(player=ama)
        side = "Sud" if seat.side.name == "SOUTH" else "Nord"
        text = mails["ama@example.org"].get_body(("plain",)).get_content()
        assert mails["ama@example.org"]["Subject"] == "Accra Open : votre appariement de la ronde 1"
        assert f"Ronde 1, table {seat.pairing.board}, {side} contre {seat.opponent.name}" in text
        assert "Ne plus recevoir ces courriels" in text
        english = mails["kofi@example.org"].get_body(("plain",)).get_content()
        assert "Round 1, board" in english and "against" in english
        assert mails["ama@example.org"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

        # Her result, entered then corrected within the batch: one mail, with the last one.
        game = seat.pairing
        record_result(game, WIN, by=alice)
        clear_result(game, by=alice, reason="wrong board")
        record_result(game, WIN, by=alice)
        try:
            wait_for(lambda: len(inbox.mails) == 3, what="the results mails")
        except AssertionError:
            from django_tasks_db.models import DBTaskResult

            rows = list(Mail.objects.values_list("kind", "status", "last_error", "attempts"))
            rows += list(DBTaskResult.objects.values_list("status", "run_after", "args_kwargs"))
            raise AssertionError(f"{rows}\n{worker_output(worker)}") from None
        # Her opponent has no checked address: one results mail, hers.
        assert Mail.objects.filter(kind="results").count() == 1
        results = inbox.mails[2]
        assert results["To"] == "ama@example.org"
        mine = "1–0" if seat.side.name == "SOUTH" else "0–1"
        assert f"Ronde 1, table {game.board} contre {seat.opponent.name} : {mine}" in (
            results.get_body(("plain",)).get_content()
        )

        # One click on the unsubscribe link, without logging in: no more mail to her.
        page = client.get(link_in(text, "/account/unsubscribe/"))
        assert page.status_code == 200
        french.refresh_from_db()
        assert not french.wants_mail
        other = round_.pairings.exclude(pk=game.pk).filter(north__isnull=False).first()
        clear_result(game, by=alice, reason="again")
        record_result(other, WIN, by=alice)
        wait_for(lambda: not Mail.objects.filter(status="pending").exists(), what="the last mails")
        assert Mail.objects.filter(account=french).count() == 2
    assert [m["To"] for m in inbox.mails].count("ama@example.org") == 2


@pytest.mark.django_db(transaction=True)
def test_mail_waits_for_a_down_smtp_server_and_the_arbiter_sees_it(players, section, alice, client):
    make_player_account("ama@example.org", "en", player=players[0])
    port = free_port()  # nothing listens there yet
    with mail_worker(port) as worker:
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        assert round_.status == "published"  # the event is not held up
        try:
            wait_for(lambda: Mail.objects.filter(attempts__gte=2).exists(), what="two attempts")
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
        mail = Mail.objects.get()
        assert mail.status == "pending" and "refused" in mail.last_error.lower()
        client.force_login(alice)
        page = client.get("/t/accra/arbiter/accounts/").content.decode()
        assert "mail-pending" in page and "ama@example.org" in page
        assert mail.last_error in page
        with smtp_server(port) as inbox:
            wait_for(lambda: len(inbox.mails) == 1, what="the mail once the server is back")
            wait_for(lambda: Mail.objects.get().status == "sent", what="the mail marked sent")
    mail = Mail.objects.get()
    assert mail.attempts >= 2 and mail.sent_at is not None
    assert "Every mail has left." in client.get("/t/accra/arbiter/accounts/").content.decode()
    assert Account.objects.get().wants_mail


@pytest.mark.django_db(transaction=True)
def test_the_last_result_brings_the_final_standings(players, tournament, section, alice):
    tournament.rounds = 1
    tournament.save()
    make_player_account("ama@example.org", "pt", player=players[0])
    port = free_port()
    with smtp_server(port) as inbox, mail_worker(port) as worker:
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        for game in round_.pairings.filter(north__isnull=False):
            record_result(game, WIN, by=alice)
        try:
            wait_for(lambda: len(inbox.mails) == 3, what="pairing, results and final mails")
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
    final = [mail for mail in inbox.mails if "Classificação final" in mail["Subject"]]
    assert len(final) == 1
    assert "http://testserver/t/accra/men/standings/" in final[0].get_body(("plain",)).get_content()
    assert sorted(Mail.objects.values_list("kind", flat=True)) == ["final", "pairing", "results"]


@pytest.mark.django_db(transaction=True)
def test_the_round_starting_soon_is_mailed_once_at_its_new_start_in_french(
    players, tournament, section, alice, settings
):
    """A minute's lead (the test's): the round planned a minute and a few seconds ahead, then
    moved a few seconds later. The reminder of the first start finds it moved and sends
    nothing; the second's goes once, in French."""
    settings.MAIL_REMINDER_MINUTES = 1
    ama = players[0]
    make_player_account("ama@example.org", "fr", player=ama)
    port = free_port()
    with smtp_server(port) as inbox, mail_worker(port, MAIL_REMINDER_MINUTES="1") as worker:
        first = timezone.now() + timedelta(minutes=1, seconds=6)
        set_timetable(tournament, by=alice, starts={(section.pk, 1): first})
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        moved = first + timedelta(seconds=5)
        set_timetable(tournament, by=alice, starts={(section.pk, 1): moved})
        try:
            wait_for(lambda: len(inbox.mails) == 2, what="the pairing mail and the reminder")
            # The first start's reminder, due before the second's: given up, not sent.
            wait_for(
                lambda: not Mail.objects.filter(kind="reminder", status="pending").exists(),
                what="the first reminder given up",
            )
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
        assert len(inbox.mails) == 2
    reminder = inbox.mails[1]
    seat = round_.seats.get(player=ama)
    side = "Sud" if seat.side.name == "SOUTH" else "Nord"
    local = moved.astimezone(venue_zone(tournament))
    assert reminder["To"] == "ama@example.org"
    assert reminder["Subject"].startswith("Accra Open : la ronde 1 commence dans 1 minute")
    text = reminder.get_body(("plain",)).get_content()
    assert (
        f"Ronde 1, table {seat.pairing.board}, {side} contre {seat.opponent.name}, {local:%H:%M}"
    ) in text
    assert "/account/unsubscribe/" in text
    # The worker schedules the reminders: one that found the first start still planned queued
    # its mail, which it gave up once the start had moved; one that came after found only the
    # moved start. Either way only the moved start's reminder left.
    rows = dict(Mail.objects.filter(kind="reminder").values_list("starts_at", "status"))
    assert rows.pop(moved) == "sent"
    assert rows in ({}, {first: "given_up"})


@pytest.mark.django_db
@pytest.mark.parametrize("configured", [True, False])
def test_without_mail_configured_no_mail_is_queued(
    players, tournament, section, alice, settings, configured
):
    """A server without EMAIL_URL queues no mail to fail and be tried again for days: neither
    the pairing, nor the reminder of a planned start, nor a result."""
    settings.MAIL_CONFIGURED = configured
    make_player_account("ama@example.org", "en", player=players[0])
    starts = timezone.now() + timedelta(hours=1)
    set_timetable(tournament, by=alice, starts={(section.pk, 1): starts})
    round_ = publish_round(pair_next_round(section, by=alice), by=alice)
    game = round_.seats.get(player=players[0]).pairing

    def tell(kind, **about):
        on_announcement(announcements.Announcement(kind, tournament.pk, 0, **about))

    tell(announcements.PAIRING_PUBLISHED, round_id=round_.pk)
    tell(announcements.SCHEDULE_CHANGED)
    # Reminded before its result: a game played needs no reminder.
    record_result(game, WIN, by=alice)
    tell(announcements.RESULT_RECORDED, pairing_id=game.pk)
    queued = sorted(Mail.objects.values_list("kind", flat=True))
    assert queued == (["pairing", "reminder", "results"] if configured else [])
