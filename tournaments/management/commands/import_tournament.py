"""manage.py import_tournament file.json: restore a tournament from a backup file."""

import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.services.backup import import_tournament
from tournaments.services.errors import ServiceError


class Command(BaseCommand):
    help = (
        "Create a tournament from a JSON backup written by export_tournament. Arbiters and the "
        "users who entered results are found by username; one missing here is recreated as an "
        "inactive account without a password, or replaced by the user named with --arbiter."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--arbiter",
            metavar="USERNAME",
            help="existing user who stands for every user of the file missing here",
        )
        parser.add_argument(
            "--slug", help="restore under this slug, beside a tournament that has the file's own"
        )

    def handle(self, *args, file, arbiter=None, slug=None, **options):
        user = None
        if arbiter:
            model = get_user_model()
            try:
                user = model.objects.get(**{model.USERNAME_FIELD: arbiter})
            except model.DoesNotExist:
                raise CommandError(f"no user named {arbiter!r}") from None
        try:
            with open(file, encoding="utf-8") as handle:
                document = json.load(handle)
            tournament = import_tournament(
                document, slug=slug, arbiter=user, recreate_users=user is None
            )
        except (OSError, ValueError, ServiceError) as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Imported {tournament.slug}: {tournament.name}")
