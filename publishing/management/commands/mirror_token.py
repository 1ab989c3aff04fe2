"""manage.py mirror_token SLUG --venue NAME: on the public server, a token that lets the venue
publish the tournament SLUG here (printed once; only its hash is kept). `--revoke` stops every
token of SLUG."""

from django.core.management.base import BaseCommand

from publishing.receiving import issue_token, revoke_tokens


class Command(BaseCommand):
    help = "Issue (or revoke) the token a venue publishes a tournament here with."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--venue", default="")
        parser.add_argument("--revoke", action="store_true")

    def handle(self, *args, slug, venue, revoke, **options):
        if revoke:
            self.stdout.write(f"{revoke_tokens(slug)} token(s) of {slug} revoked")
            return
        self.stdout.write(issue_token(slug, venue or slug))
