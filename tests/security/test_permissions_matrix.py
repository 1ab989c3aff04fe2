"""Who may write where: every URL of the site, sent every writing method, by every kind of
visitor — generated from the URL configuration, so that a new write path cannot escape it.

Persons: anonymous; charlie, logged in with no role; bob, the arbiter of another tournament;
alice, the arbiter of this one and an officer of the register; root, a superuser. Only the last
two may write. A write is
judged by the database, not by the status code: a refused request sends no statement that
writes a table of the product's apps.
"""

import copy
from types import SimpleNamespace

import pytest
from django.contrib import admin
from django.db import transaction
from django.test import Client
from django.utils import translation

from tests.isolation import forget_cached
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

    with django_db_blocker.unblock(), transaction.atomic():
        yield World(get_user_model())
        transaction.set_rollback(True)


@pytest.fixture(scope="module")
def clients(world, django_db_blocker) -> dict[str, Client]:
    """A client for each person, logged in once for the module (a login costs more than the
    requests sent after it): its session is one of the world's rows."""
    with django_db_blocker.unblock():
        return {person: logged_in(world, person) for person in OUTSIDERS + INSIDERS}


def logged_in(world, person) -> Client:
    client = Client()
    if person != "anonymous":
        client.force_login(getattr(world, person))
    return client


def ask(client, method, path, watch=False) -> SimpleNamespace:
    """One request of a test that sends several, as if it were a test of its own: it finds the
    caches as a new test finds them (empty, in the default language), and after it the client's
    cookies and every row it wrote (a session changed, a write it should not have made) are as
    they were. Its status, body and the product writes it sent (`watch`), or what it raised."""
    forget_cached()
    cookies = copy.deepcopy(client.cookies)
    answer = SimpleNamespace(status=None, location="", body="", writes=[], error=None)
    try:
        with transaction.atomic():
            with product_writes() as writes:
                response = send(client, method, path)
            transaction.set_rollback(True)
        answer.status, answer.writes = response.status_code, writes if watch else []
        answer.location = response.get("Location", "")
        answer.body = response.content.decode(errors="replace")
    except Exception as error:  # named with its request below, like any other failure
        answer.error = repr(error)
    finally:
        client.cookies = cookies
        translation.deactivate()
    return answer


def send(client, method, path):
    kwargs = {"content_type": "application/json", "data": "{}"} if path.startswith("/api/") else {}
    return getattr(client, method)(path, **kwargs)


def is_sent_to_login(answer) -> bool:
    return answer.status == 302 and answer.location.startswith(LOGIN_PATHS)


def problems(sent: str, answer, status_ok) -> list[str]:
    """What is wrong with the `answer` to the request `sent` ("POST /x/ as bob"): an exception,
    a status that `status_ok` refuses, a write."""
    if answer.error is not None:
        return [f"{sent} raised {answer.error}"]
    found = [] if status_ok(answer) else [f"{sent}: {answer.status} {answer.location}".strip()]
    if answer.writes:
        found.append(f"{sent} wrote: {answer.writes}")
    return found


# Each test below is one route (or admin model), sent by every person (and method) in turn;
# each failing request is named by its method, path and person, and every one is listed.


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), ROUTES, ids=[name for _, name in ROUTES])
def test_outsiders_change_nothing(world, clients, route, name):
    failures = []
    for person in OUTSIDERS:
        for method in WRITE_METHODS:
            answer = ask(clients[person], method, world.path(route), watch=True)
            sent = f"{method.upper()} {route} as {person}"
            failures += problems(sent, answer, lambda a: a.status < 500)
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), ROUTES, ids=[name for _, name in ROUTES])
def test_the_arbiter_and_a_superuser_are_let_through(world, clients, route, name):
    failures = []
    for person in INSIDERS:
        answer = ask(clients[person], "post", world.path(route))
        failures += problems(
            f"POST {route} as {person}",
            answer,
            lambda a: a.status not in (401, 403) and not is_sent_to_login(a) and a.status < 500,
        )
    assert failures == [], "\n".join(failures)


GAME_ROUTES = [(route, name) for route, name in ROUTES if "pairing_id" in route]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), GAME_ROUTES, ids=[n for _, n in GAME_ROUTES])
def test_a_game_of_another_tournament_is_refused_under_this_slug(world, clients, route, name):
    path = world.path(route, pairing_id=world.foreign_game.pk)
    failures = []
    for person in INSIDERS:
        for method in ("get", "post"):
            answer = ask(clients[person], method, path, watch=True)
            sent = f"{method.upper()} {route} as {person}"
            failures += problems(sent, answer, lambda a: a.status == 404)
    assert failures == [], "\n".join(failures)


READ_ROUTES = [
    (route, name) for route, name in ROUTES if "<slug" in route and "arbiter/" not in route
]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), READ_ROUTES, ids=[n for _, n in READ_ROUTES])
def test_a_draft_round_never_shows(world, clients, route, name):
    drafted = world.draft.pairings.get(board=1)
    path = world.path(route, number=world.draft.number, pairing_id=drafted.pk)
    refused = "<int:number>" in route or "pairing_id" in route
    failures = []
    for person in OUTSIDERS:
        answer = ask(clients[person], "get", path)
        sent = f"GET {route} as {person}"
        failures += problems(sent, answer, lambda a: a.status == 404 or not refused)
        # Round 2 pairs player 2 against player 1; nothing of that pairing may appear anywhere.
        if "accra player 2 – accra player 1" in answer.body:
            failures.append(f"{sent} shows the draft's pairing")
        if f'"number":{world.draft.number}' in answer.body.replace(" ", ""):
            failures.append(f"{sent} shows the draft's number")
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), READ_ROUTES, ids=[n for _, n in READ_ROUTES])
def test_an_unpublished_tournament_is_not_shown_not_even_its_name(world, clients, route, name):
    secret = world.c.sections.get()
    game = Pairing.objects.filter(round__section=secret).first()
    path = world.path(route, slug=world.c.slug, pairing_id=game.pk)
    failures = []
    for person in OUTSIDERS:
        answer = ask(clients[person], "get", path)
        sent = f"GET {route} as {person}"
        failures += problems(sent, answer, lambda a: a.status == 404)
        if world.c.name in answer.body:
            failures.append(f"{sent} names the tournament")
    assert failures == [], "\n".join(failures)


ADMIN_MODELS = sorted(admin.site._registry, key=lambda model: model._meta.label)


@pytest.mark.django_db
@pytest.mark.parametrize("model", ADMIN_MODELS, ids=[m._meta.label for m in ADMIN_MODELS])
def test_only_a_superuser_writes_through_the_admin(world, clients, model):
    meta = model._meta
    instance = model.objects.order_by("pk").first()
    paths = [f"/admin/{meta.app_label}/{meta.model_name}/add/"]
    if instance is not None:
        paths += [
            f"/admin/{meta.app_label}/{meta.model_name}/{instance.pk}/change/",
            f"/admin/{meta.app_label}/{meta.model_name}/{instance.pk}/delete/",
        ]
    failures = []
    for person in OUTSIDERS + ("alice",):
        for path in paths:
            answer = ask(clients[person], "post", path, watch=True)
            failures += problems(
                f"POST {path} as {person}",
                answer,
                lambda a: a.status == 403 or is_sent_to_login(a),
            )
    assert failures == [], "\n".join(failures)


SLUG_ROUTES = [(route, name) for route, name in ROUTES if "<slug" in route]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), SLUG_ROUTES, ids=[n for _, n in SLUG_ROUTES])
def test_a_refusal_does_not_name_an_unpublished_tournament(world, clients, route, name):
    secret = world.c.sections.get()
    game = Pairing.objects.filter(round__section=secret).first()
    path = world.path(route, slug=world.c.slug, pairing_id=game.pk)
    failures = []
    for person in OUTSIDERS:
        answer = ask(clients[person], "post", path)
        failures += problems(f"POST {route} as {person}", answer, lambda a: True)
        if world.c.name in answer.body:
            failures.append(f"POST {route} as {person} names the tournament")
    assert failures == [], "\n".join(failures)


@pytest.mark.django_db
def test_the_watch_on_writes_sees_a_stored_row_and_not_a_read(client, world):
    """What the tests above rely on: a write of the product is caught, a plain read is not."""
    with product_writes() as writes:
        client.get(world.path("t/<slug:slug>/"))
    assert writes == []
    with product_writes() as writes:
        Pairing.objects.filter(pk=world.foreign_game.pk).update(board=99)
    assert len(writes) == 1 and writes[0].startswith("UPDATE")
