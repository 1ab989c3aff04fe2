"""manage.py vapid_keys: make a new VAPID key pair for web push (docs/notifications.md)
and print it as the settings read it: VAPID_PRIVATE_KEY (the raw P-256 private key) and
VAPID_PUBLIC_KEY (the uncompressed public point the browsers subscribe with), both unpadded
base64url."""

from django.core.management.base import BaseCommand

from notifications.vapid import new_key_pair


class Command(BaseCommand):
    help = "Make a VAPID key pair for web push and print it as environment variables."

    def handle(self, *args, **options):
        private, public = new_key_pair()
        self.stdout.write(f"VAPID_PRIVATE_KEY={private}\nVAPID_PUBLIC_KEY={public}")
