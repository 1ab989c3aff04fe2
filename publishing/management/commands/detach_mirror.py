"""manage.py detach_mirror SLUG [--reason TEXT]: on the public server, make the mirror SLUG an
ordinary tournament; the venue is told at its next transfer and stops publishing."""

from django.core.management.base import BaseCommand, CommandError

from publishing.receiving import detach
from tournaments.services.errors import ServiceError


class Command(BaseCommand):
    help = "Detach a mirrored tournament from its venue."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--reason", default="")

    def handle(self, *args, slug, reason, **options):
        try:
            detach(slug, reason)
        except ServiceError as error:
            raise CommandError(error.message) from error
        self.stdout.write(f"{slug} detached")
