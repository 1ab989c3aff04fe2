"""manage.py import_tournament file.json: restore a tournament from a backup file."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import import_tournament
from tournaments.services.errors import ServiceError


class Command(BaseCommand):
    help = "Create a tournament from a JSON backup written by export_tournament."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
            tournament = import_tournament(document)
        except (OSError, ValueError, ServiceError) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Imported {tournament.slug}: {tournament.name}")
