"""Who may write where: every URL of the site, sent every writing method, by every kind of
visitor — generated from the URL configuration, so that a new write path cannot escape it.

Persons: anonymous; charlie, logged in with no role; bob, the arbiter of another tournament;
alice, the arbiter of this one; root, a superuser. Only the last two may write. A write is
judged by the database, not by the status code: after a refused request every row of the
product's apps is exactly as before.
"""

import re
from decimal import Decimal

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.core import serializers
from django.urls import URLPattern, URLResolver, get_resolver

from tournaments.models import Pairing, Result, Round, Tournament
from tournaments.services.rounds import store_boards

# URL prefixes that are not the product's writes: Django's own login views (a visitor's own
# session), the language cookie, the admin (tested apart below), static files.
NOT_PRODUCT_WRITES = ("accounts/", "i18n/", "admin/", "static/")
WRITE_METHODS = ("post", "put", "patch", "delete")
OUTSIDERS = ("anonymous", "charlie", "bob")
INSIDERS = ("alice", "root")
LOGIN_PATHS = ("/accounts/login/", "/admin/login/")


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
    (bob's), tournament C (unpublished)."""

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
        }

    def path(self, route: str, **overrides) -> str:
        values = {**self.values(), **overrides}
        missing = set(PARAMETER.findall(route)) - values.keys()
        assert not missing, (
            f"route {route!r} takes {sorted(missing)}: teach World.values() what they stand for, "
            "so that this route is checked too"
        )
        return PARAMETER.sub(lambda match: str(values[match.group(1)]), route)


@pytest.fixture
def world(django_user_model):
    return World(django_user_model)


def snapshot() -> str:
    """Every row of the product's apps, serialised in key order."""
    from django.apps import apps

    models = [
        model
        for label in ("tournaments", "games")
        for model in apps.get_app_config(label).get_models()
    ]
    return "\n".join(
        serializers.serialize("json", model.objects.order_by("pk")) for model in models
    )


def as_person(client, world, person):
    if person != "anonymous":
        client.force_login(getattr(world, person))
    return client


def send(client, method, path):
    kwargs = {"content_type": "application/json", "data": "{}"} if path.startswith("/api/") else {}
    return getattr(client, method)(path, **kwargs)


def is_sent_to_login(response) -> bool:
    return response.status_code == 302 and response["Location"].startswith(LOGIN_PATHS)


@pytest.mark.django_db
@pytest.mark.parametrize("person", OUTSIDERS)
@pytest.mark.parametrize("method", WRITE_METHODS)
@pytest.mark.parametrize(("route", "name"), ROUTES, ids=[name for _, name in ROUTES])
def test_outsiders_change_nothing(client, world, route, name, method, person):
    before = snapshot()
    response = send(as_person(client, world, person), method, world.path(route))
    assert response.status_code < 500, f"{method.upper()} {route} as {person}"
    assert snapshot() == before, f"{method.upper()} {route} as {person} changed stored rows"


@pytest.mark.django_db
@pytest.mark.parametrize("person", INSIDERS)
@pytest.mark.parametrize(("route", "name"), ROUTES, ids=[name for _, name in ROUTES])
def test_the_arbiter_and_a_superuser_are_let_through(client, world, route, name, person):
    response = send(as_person(client, world, person), "post", world.path(route))
    assert response.status_code not in (401, 403), f"POST {route} as {person}"
    assert not is_sent_to_login(response), f"POST {route} as {person}"
    assert response.status_code < 500


GAME_ROUTES = [(route, name) for route, name in ROUTES if "pairing_id" in route]


@pytest.mark.django_db
@pytest.mark.parametrize("person", INSIDERS)
@pytest.mark.parametrize(("route", "name"), GAME_ROUTES, ids=[n for _, n in GAME_ROUTES])
def test_a_game_of_another_tournament_is_refused_under_this_slug(
    client, world, route, name, person
):
    as_person(client, world, person)
    before = snapshot()
    for method in ("get", "post"):
        response = send(client, method, world.path(route, pairing_id=world.foreign_game.pk))
        assert response.status_code == 404, f"{method.upper()} {route} as {person}"
    assert snapshot() == before


READ_ROUTES = [
    (route, name) for route, name in ROUTES if "<slug" in route and "arbiter/" not in route
]


@pytest.mark.django_db
@pytest.mark.parametrize("person", ("anonymous", "charlie", "bob"))
@pytest.mark.parametrize(("route", "name"), READ_ROUTES, ids=[n for _, n in READ_ROUTES])
def test_a_draft_round_never_shows(client, world, route, name, person):
    as_person(client, world, person)
    drafted = world.draft.pairings.get(board=1)
    response = client.get(world.path(route, number=world.draft.number, pairing_id=drafted.pk))
    if "<int:number>" in route or "pairing_id" in route:
        assert response.status_code == 404, f"GET {route} as {person}"
    body = response.content.decode(errors="replace")
    # Round 2 pairs player 2 against player 1; nothing of that pairing may appear anywhere.
    assert "accra player 2 – accra player 1" not in body
    assert f'"number":{world.draft.number}' not in body.replace(" ", "")


@pytest.mark.django_db
@pytest.mark.parametrize("person", ("anonymous", "charlie", "bob"))
@pytest.mark.parametrize(("route", "name"), READ_ROUTES, ids=[n for _, n in READ_ROUTES])
def test_an_unpublished_tournament_is_not_shown_not_even_its_name(
    client, world, route, name, person
):
    as_person(client, world, person)
    secret = world.c.sections.get()
    game = Pairing.objects.filter(round__section=secret).first()
    response = client.get(world.path(route, slug=world.c.slug, pairing_id=game.pk))
    assert response.status_code == 404, f"GET {route} as {person}"
    assert world.c.name not in response.content.decode(errors="replace")


ADMIN_MODELS = sorted(admin.site._registry, key=lambda model: model._meta.label)


@pytest.mark.django_db
@pytest.mark.parametrize("person", OUTSIDERS + ("alice",))
@pytest.mark.parametrize("model", ADMIN_MODELS, ids=[m._meta.label for m in ADMIN_MODELS])
def test_only_a_superuser_writes_through_the_admin(client, world, model, person):
    as_person(client, world, person)
    meta = model._meta
    instance = model.objects.order_by("pk").first()
    paths = [f"/admin/{meta.app_label}/{meta.model_name}/add/"]
    if instance is not None:
        paths += [
            f"/admin/{meta.app_label}/{meta.model_name}/{instance.pk}/change/",
            f"/admin/{meta.app_label}/{meta.model_name}/{instance.pk}/delete/",
        ]
    before = snapshot()
    for path in paths:
        response = client.post(path, {"post": "yes"})
        assert response.status_code in (302, 403), f"POST {path} as {person}"
        if response.status_code == 302:
            assert is_sent_to_login(response), f"POST {path} as {person}"
    assert snapshot() == before


SLUG_ROUTES = [(route, name) for route, name in ROUTES if "<slug" in route]


@pytest.mark.django_db
@pytest.mark.parametrize("person", OUTSIDERS)
@pytest.mark.parametrize(("route", "name"), SLUG_ROUTES, ids=[n for _, n in SLUG_ROUTES])
def test_a_refusal_does_not_name_an_unpublished_tournament(client, world, route, name, person):
    as_person(client, world, person)
    secret = world.c.sections.get()
    game = Pairing.objects.filter(round__section=secret).first()
    response = send(client, "post", world.path(route, slug=world.c.slug, pairing_id=game.pk))
    assert world.c.name not in response.content.decode(errors="replace"), f"POST {route}"
