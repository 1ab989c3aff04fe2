import os

from django.core.management.base import BaseCommand

from tournaments.demo import ARBITER_USERNAME, build_demo


class Command(BaseCommand):
    help = "Create or refresh the demo tournament (slug 'demo') and its arbiter account."

    def handle(self, *args, **options):
        given = os.environ.get("DEMO_PASSWORD")
        tournament, password = build_demo(given)
        self.stdout.write(f"Demo tournament ready at /t/{tournament.slug}/")
        if given:
            self.stdout.write(f"Arbiter login: {ARBITER_USERNAME} (password from DEMO_PASSWORD)")
        else:
            self.stdout.write(f"Arbiter login: {ARBITER_USERNAME} / {password}")
