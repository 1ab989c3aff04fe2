"""manage.py publish_to SLUG URL --token TOKEN: publish a tournament to a public server.

`--stop` stops publishing there, `--list` shows each target's state."""

from django.core.management.base import BaseCommand, CommandError

from publishing.models import PublishTarget
from publishing.sending import check_token, publish_to, status, stop_publishing
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Send every change of a tournament to a public server (in the background)."

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("url", nargs="?")
        parser.add_argument("--token", default="")
        parser.add_argument("--stop", action="store_true")
        parser.add_argument("--list", action="store_true")

    def handle(self, *args, slug, url, token, stop, list, **options):
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"no tournament {slug!r}")
        if list:
            for target in tournament.publish_targets.all():
                line = f"{target.url}: {status(target, tournament.revision)}"
                if target.last_error:
                    line += f" (last error: {target.last_error})"
                self.stdout.write(line)
            return
        if not url:
            raise CommandError("name the public server's URL")
        if stop:
            target = PublishTarget.objects.filter(tournament=tournament, url=url.rstrip("/"))
            if not target.exists():
                raise CommandError(f"{slug} is not published to {url}")
            stop_publishing(target.get())
            return
        if not token:
            raise CommandError("--token is needed (manage.py mirror_token on the public server)")
        refusal = check_token(url, slug, token)  # at once, not at the first send
        if refusal is not None:
            raise CommandError(f"the public server refused the token: {refusal}")
        target = publish_to(tournament, url, token)
        self.stdout.write(f"publishing {slug} to {target.url}")
