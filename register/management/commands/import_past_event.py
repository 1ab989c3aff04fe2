"""manage.py import_past_event FILE.trf [--name NAME] [--section NAME] [--by USERNAME] [--publish]

A finished event's TRF file into the register (register/past_events.py): a finished tournament
of one section, its players linked by identity number; the others wait on the event's register
page (/t/<slug>/arbiter/register/). A file that does not read is refused with its line and
column, and nothing is stored.
"""

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from register.linking import unlinked_players
from register.past_events import import_past_event
from tournaments.services.errors import ServiceError


class Command(BaseCommand):
    help = "Import a past event's TRF file into the player register."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The TRF file (UTF-8).")
        parser.add_argument("--name", default="", help="The tournament's name (else the file's).")
        parser.add_argument("--section", default="", help="The section's name (else Open).")
        parser.add_argument(
            "--by",
            default="",
            help="The register officer recorded as importing it (else the first superuser).",
        )
        parser.add_argument("--publish", action="store_true", help="Show it to the public.")

    def handle(self, *args, **options):
        try:
            text = Path(options["file"]).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{options['file']}: {error}") from error
        users = get_user_model().objects.filter(is_active=True)
        if options["by"]:
            by = users.filter(username=options["by"]).first()
        else:
            by = users.filter(is_superuser=True).order_by("pk").first()
        if by is None:
            raise CommandError("Name an active register officer with --by.")
        try:
            tournament = import_past_event(
                text,
                by=by,
                name=options["name"],
                section=options["section"],
                published=options["publish"],
            )
        except ServiceError as error:
            raise CommandError(f"{options['file']}: {error.message}") from error
        players = tournament.sections.get().players.count()
        waiting = unlinked_players(tournament).count()
        self.stdout.write(
            f"{tournament.name} ({tournament.slug}): {players} players, "
            f"{players - waiting} linked by identity number, {waiting} to confirm at "
            f"/t/{tournament.slug}/arbiter/register/"
        )
