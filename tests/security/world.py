"""The small world the security tests run in, the site's routes, and a snapshot of every row."""

import re
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.urls import URLPattern, URLResolver, get_resolver

from games.live import live_board_code
from notifications.models import Endpoint, Follower
from online.models import Dispute, Entry, OnlineEvent
from players.models import Account
from ratinglists.models import RatingList, RatingPeriod
from register.access import OFFICERS_GROUP
from register.merging import merge_persons
from register.models import Person
from tournaments.models import RequestedBye, Result, Round, Tournament
from tournaments.services.rounds import store_boards

# URL prefixes that are not the product's writes: Django's own login views (a visitor's own
# session), the language cookie, the admin (tested apart below), static files.
NOT_PRODUCT_WRITES = ("accounts/", "i18n/", "admin/", "static/")


def site_routes():
    """Every route of the site as (route text with its <converters>, view name)."""

    def walk(patterns, prefix):
        for entry in patterns:
            if isinstance(entry, URLResolver):
                yield from walk(entry.url_patterns, prefix + str(entry.pattern))
            elif isinstance(entry, URLPattern):
                yield prefix + str(entry.pattern), entry.name or entry.lookup_str

    return [
        (route, name)
        for route, name in walk(get_resolver().url_patterns, "")
        if not route.startswith(NOT_PRODUCT_WRITES)
    ]


ROUTES = site_routes()
PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")


class World:
    """Tournament A (alice's, with a published round 1 and a draft round 2), tournament B
    (bob's), tournament C (unpublished); a person of the register with a duplicate merged into
    him, and a published rating list. Alice is also an officer of the register."""

    def __init__(self, django_user_model):
        users = django_user_model.objects
        self.alice = users.create_user("alice", password="alice-password-1")
        self.bob = users.create_user("bob", password="bob-password-1")
        self.charlie = users.create_user("charlie", password="charlie-password-1")
        self.root = users.create_superuser("root", password="root-password-1")
        self.alice.user_permissions.add(Permission.objects.get(codename="add_tournament"))
        self.a = self._tournament("Accra Open", "accra", self.alice)
        self.b = self._tournament("Bamako Cup", "bamako", self.bob)
        self.c = self._tournament("Secret Invitational", "secret", self.alice, published=False)
        self.section = self.a.sections.get()
        self.round = self.section.rounds.get(number=1)
        self.game = self.round.pairings.get(board=1)
        self.draft = Round.objects.create(section=self.section, number=2)
        players = list(self.section.players.order_by("pairing_number"))
        store_boards(self.draft, [(players[1], players[0], ""), (players[3], players[2], "")])
        self.foreign_game = self.b.sections.get().rounds.get().pairings.get(board=1)
        self.team = self.a.teams.get()
        self.player = self.section.players.get(pairing_number=1)
        self.live_code = live_board_code(self.game)
        self.bye = RequestedBye.objects.create(player=self.player, round_number=3, points=0)
        self.alice.groups.add(Group.objects.get(name=OFFICERS_GROUP))
        self.person = Person.objects.create(name="Kwame Mensah", sex="m")
        duplicate = Person.objects.create(name="Mensah Kwame", sex="m")
        self.merge = merge_persons(self.person, duplicate, by=self.root, reason="the same man")
        self.period = RatingPeriod.objects.create(
            start="2026-01-01", end="2026-01-31", system="fide", closed_by=self.root
        )
        self.list = RatingList.objects.create(
            period=self.period, date="2026-01-31", system="fide", published_by=self.root
        )
        self.webhook = Endpoint.objects.create(
            tournament=self.a, url="https://example.org/hook", events=["result.recorded"]
        )
        self.follower = Follower.objects.create(
            tournament=self.a,
            player=self.player,
            endpoint="https://push.example.org/send/1",
            p256dh="B" + "A" * 86,
            auth="A" * 22,
            language="en",
            token="the-followers-own-token",
        )
        self.dispute = self._online(self.a, self.alice, self.game)

    @staticmethod
    def _online(tournament, organiser, game) -> Dispute:
        """Run `tournament` online, its entries closed, with its first game's South entered by
        his own account and a report of his about that game."""
        event = OnlineEvent.objects.create(
            tournament=tournament,
            organiser=organiser,
            state=OnlineEvent.State.RUNNING,
            late_entries=False,
        )
        user = get_user_model().objects.create_user("dora@example.org", password="dora-pass-1")
        entry = Entry.objects.create(
            event=event, player=game.south, account=Account.objects.create(user=user)
        )
        return Dispute.objects.create(pairing=game, entry=entry, text="The board froze.")

    @staticmethod
    def _tournament(name, slug, arbiter, published=True):
        tournament = Tournament.objects.create(name=name, slug=slug, published=published)
        tournament.arbiters.add(arbiter)
        section = tournament.sections.create(name="Men", slug="men")
        team = tournament.teams.create(name=f"{name} club", code=slug[:3].upper())
        players = [
            section.players.create(
                name=f"{slug} player {n}", sex="m", pairing_number=n, rating=1900 - n, team=team
            )
            for n in range(1, 5)
        ]
        round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
        store_boards(round_, [(players[0], players[1], ""), (players[2], players[3], "")])
        Result.objects.create(
            pairing=round_.pairings.get(board=2),
            south_points=Decimal("1"),
            north_points=Decimal("0"),
            south_seeds=25,
            north_seeds=10,
            ending="capture",
        )
        return tournament

    def values(self, game=None) -> dict:
        """What each URL parameter stands for, in tournament A."""
        return {
            "slug": self.a.slug,
            "section": self.section.slug,
            "number": self.round.number,
            "pairing_id": (game or self.game).pk,
            "game_id": (game or self.game).pk,
            "board": (game or self.game).board,
            "team_id": self.team.pk,
            "player_id": self.player.pk,
            "code": self.live_code,
            "bye_id": self.bye.pk,
            "person_id": self.person.pk,
            "change_id": self.merge.pk,
            "period_id": self.period.pk,
            "list_id": self.list.pk,
            "endpoint_id": self.webhook.pk,
            "dispute_id": self.dispute.pk,
            # A stop-following key (only its follower holds one) or a mailed sign-in or
            # unsubscribe link's signed part: a guessed, forged one here.
            "token": "a-guessed-token",
        }

    def path(self, route: str, **overrides) -> str:
        values = {**self.values(), **overrides}
        missing = set(PARAMETER.findall(route)) - values.keys()
        assert not missing, (
            f"route {route!r} takes {sorted(missing)}: teach World.values() what they stand for, "
            "so that this route is checked too"
        )
        return PARAMETER.sub(lambda match: str(values[match.group(1)]), route)


def _product_models():
    """The models of the product's own apps (the folders of this repository, not those of
    Django or a library): what a refused request must leave as it was."""
    from django.apps import apps
    from django.conf import settings

    return [
        model
        for config in apps.get_app_configs()
        if (Path(settings.BASE_DIR) / config.name.partition(".")[0]).is_dir()
        for model in config.get_models(include_auto_created=True)
    ]


def snapshot() -> list:
    """Every row of the product's apps, every field, in key order (many-to-many tables included,
    as the tables Django makes for them are models too). Plain values, not serialised JSON."""
    return [list(model.objects.order_by("pk").values_list()) for model in _product_models()]


# The table a statement writes, as Django's compilers and the product's raw SQL spell it.
WRITING_STATEMENT = re.compile(r'^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?', re.I)


@contextmanager
def product_writes():
    """The statements sent to a product table while the block runs, as a list filled in place.

    Stricter than comparing two snapshots, and a hundred times cheaper: a write is caught when
    it is sent, even one a later rollback undoes or one that stores the same values again. For
    requests that must not reach a write at all (a refused visitor), not for those that may
    write and roll back (a rejected file)."""
    from django.db import connection

    tables = {model._meta.db_table for model in _product_models()}
    sent: list[str] = []

    def watch(execute, sql, params, many, context):
        written = WRITING_STATEMENT.match(sql)
        if written and written.group(1) in tables:
            sent.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(watch):
        yield sent
