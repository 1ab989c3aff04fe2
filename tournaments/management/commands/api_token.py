"""manage.py api_token USERNAME: print the user's API token, creating it if he has none."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from rest_framework.authtoken.models import Token


class Command(BaseCommand):
    help = "Print a user's API token (created when missing), for scripts and CI."

    def add_arguments(self, parser):
        parser.add_argument("username")

    def handle(self, *args, username, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"no user {username!r}")
        token, _created = Token.objects.get_or_create(user=user)
        self.stdout.write(token.key)
