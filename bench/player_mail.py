"""Player accounts at scale: a 500-player section where every player has an account with a
confirmed link. What publishing a round adds to the request (writing the round's mails and
queueing their task, after the commit), what the worker takes to word and send them through a
local SMTP server (aiosmtpd), and what the "my next game" banner adds to a signed-in page.

    .venv/bin/python bench/player_mail.py [--players 500] [--repeat 5]

Uses a throw-away SQLite database unless DATABASE_URL is set (then a test database is created
and dropped on that server).
"""

import argparse
import os
import socket
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings_test")


def best_of(repeat: int, action, before=None) -> float:
    timings = []
    for _ in range(repeat):
        if before is not None:
            before()
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return min(timings)


class Inbox:
    def __init__(self):
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        return "250 OK"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    import django
    from django.test.utils import CaptureQueriesContext, override_settings, setup_test_environment

    django.setup()
    setup_test_environment()
    from aiosmtpd.controller import Controller
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from django_tasks_db.models import DBTaskResult

    from oware_tournaments.env import email_settings
    from players.mail import Sender, on_announcement
    from players.models import Account, AccountLink, Mail
    from tournaments import announcements
    from tournaments.models import Tournament
    from tournaments.services.rounds import pair_next_round, publish_round
    from tournaments.services.sample import build_sample_section

    old_name = connection.creation.create_test_db(verbosity=0)
    # A server whose EMAIL_URL names a mail server (the local one below): without one no mail
    # is queued at all.
    override_settings(MAIL_CONFIGURED=True).enable()
    try:
        User = get_user_model()
        arbiter = User.objects.create_user("bench")
        tournament = Tournament.objects.create(name="Bench", slug="bench", rounds=5, published=True)
        tournament.arbiters.add(arbiter)
        section = tournament.sections.create(name="Open", slug="open")
        build_sample_section(section, args.players, 0)
        players = list(section.players.order_by("pairing_number"))
        users = User.objects.bulk_create(
            User(
                username=f"p{p.pairing_number}@example.org",
                email=f"p{p.pairing_number}@example.org",
            )
            for p in players
        )
        accounts = Account.objects.bulk_create(
            Account(user=user, language=("en", "fr", "pt")[n % 3], email_checked=True)
            for n, user in enumerate(users)
        )
        AccountLink.objects.bulk_create(
            AccountLink(account=account, player=player, status=AccountLink.Status.CONFIRMED)
            for account, player in zip(accounts, players, strict=True)
        )
        round_ = publish_round(pair_next_round(section, by=arbiter), by=arbiter)
        told = announcements.Announcement(
            announcements.PAIRING_PUBLISHED, tournament.pk, tournament.revision, round_id=round_.pk
        )

        def forget():
            Mail.objects.all().delete()
            DBTaskResult.objects.all().delete()

        queued = best_of(args.repeat, lambda: on_announcement(told), before=forget)
        forget()
        with CaptureQueriesContext(connection) as queries:
            on_announcement(told)
        queue_queries = len(queries)
        AccountLink.objects.update(status=AccountLink.Status.ASKED)
        nobody = best_of(args.repeat, lambda: on_announcement(told), before=forget)
        AccountLink.objects.update(status=AccountLink.Status.CONFIRMED)

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        inbox = Inbox()
        controller = Controller(inbox, hostname="127.0.0.1", port=port)
        controller.start()
        try:
            with override_settings(**email_settings(f"smtp+plain://127.0.0.1:{port}")):
                forget()
                on_announcement(told)
                ids = list(Mail.objects.values_list("pk", flat=True))
                start = time.perf_counter()
                with Sender() as sender:
                    for mail_id in ids:
                        sender.send(mail_id)
                sending = time.perf_counter() - start
        finally:
            controller.stop()
        assert inbox.count == len(ids) == args.players, (inbox.count, len(ids))

        def page_as(user):
            client = Client()
            client.force_login(user)
            client.get("/t/bench/")

            def read():
                answer = client.get("/t/bench/")
                assert answer.status_code == 200

            with CaptureQueriesContext(connection) as queries:
                read()
            count = len(queries)  # before another request empties the log
            return best_of(args.repeat, read), count

        player_page, player_queries = page_as(users[0])
        arbiter_page, arbiter_queries = page_as(arbiter)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
    print(
        f"{args.players} players, each with an account and a confirmed link; best of {args.repeat}"
    )
    rows = [
        ("round published, mails queued", f"{queued * 1000:.1f} ms, {queue_queries} queries"),
        ("round published, no confirmed link", f"{nobody * 1000:.1f} ms"),
        (f"worker: {len(ids)} mails sent", f"{sending:.2f} s ({len(ids) / sending:.0f}/s)"),
        ("event page, player (banner)", f"{player_page * 1000:.1f} ms, {player_queries} queries"),
        ("event page, arbiter", f"{arbiter_page * 1000:.1f} ms, {arbiter_queries} queries"),
    ]
    for what, figure in rows:
        print(f"{what:40} {figure}")


if __name__ == "__main__":
    main()
