"""manage.py unlock_login USERNAME [--address IP]: lift a login lockout before it runs out.

Locks are kept per (username, client address) by django-axes; without --address every lock of
the username is lifted, with it only the one on that address.
"""

from axes.utils import reset
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Lift the login lockout of a username (on one client address with --address)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--address", help="only the lock on this client address")

    def handle(self, *args, username, address=None, **options):
        lifted = reset(ip=address, username=username)
        self.stdout.write(f"{lifted} failed attempt(s) of {username!r} forgotten")
