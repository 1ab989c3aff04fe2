"""manage.py export_tournament SLUG > file.json: a whole tournament as a backup file."""

from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.services.backup import dumps_backup, export_tournament


class Command(BaseCommand):
    help = "Write a whole tournament (results, records, audit trail) as a JSON backup."

    def add_arguments(self, parser):
        parser.add_argument("slug")

    def handle(self, *args, slug, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament {slug!r}")
        self.stdout.write(dumps_backup(export_tournament(tournament)), ending="")
