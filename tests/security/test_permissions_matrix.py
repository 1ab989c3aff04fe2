"""Who may write where: every URL of the site, sent every writing method, by every kind of
visitor — generated from the URL configuration, so that a new write path cannot escape it.

Persons: anonymous; charlie, logged in with no role; bob, the arbiter of another tournament;
alice, the arbiter of this one and an officer of the register; root, a superuser. Only the last
two may write. A write is
judged by the database, not by the status code: a refused request sends no statement that
writes a table of the product's apps.
"""

import pytest
from django.contrib import admin

from tests.security.world import ROUTES, World, product_writes
from tournaments.models import Pairing

WRITE_METHODS = ("post", "put", "patch", "delete")
OUTSIDERS = ("anonymous", "charlie", "bob")
INSIDERS = ("alice", "root")
LOGIN_PATHS = ("/accounts/login/", "/admin/login/")


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """Built once for the module; each test's own transaction rolls its writes back to it."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        yield World(get_user_model())
        transaction.set_rollback(True)


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
    as_person(client, world, person)
    with product_writes() as writes:
        response = send(client, method, world.path(route))
    assert response.status_code < 500, f"{method.upper()} {route} as {person}"
    assert not writes, f"{method.upper()} {route} as {person} wrote: {writes}"


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
    with product_writes() as writes:
        for method in ("get", "post"):
            response = send(client, method, world.path(route, pairing_id=world.foreign_game.pk))
            assert response.status_code == 404, f"{method.upper()} {route} as {person}"
    assert not writes


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
    with product_writes() as writes:
        for path in paths:
            response = client.post(path, {"post": "yes"})
            assert response.status_code in (302, 403), f"POST {path} as {person}"
            if response.status_code == 302:
                assert is_sent_to_login(response), f"POST {path} as {person}"
    assert not writes


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


@pytest.mark.django_db
def test_the_watch_on_writes_sees_a_stored_row_and_not_a_read(client, world):
    """What the tests above rely on: a write of the product is caught, a plain read is not."""
    with product_writes() as writes:
        client.get(world.path("t/<slug:slug>/"))
    assert writes == []
    with product_writes() as writes:
        Pairing.objects.filter(pk=world.foreign_game.pk).update(board=99)
    assert len(writes) == 1 and writes[0].startswith("UPDATE")
