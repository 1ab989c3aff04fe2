"""Hostile input, generated: whatever an arbiter's browser or a script sends to any write of the
site, the answer is the product's own refusal, never a server error, and a refused request
leaves every stored row as it was. Names with HTML are shown as text on every page."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.security.world import ROUTES, World, product_writes, snapshot
from tournaments.trf import TrfError, parse

# Field names the site's forms and API bodies read, plus whatever else a client may invent.
FIELDS = [
    "name", "sex", "rating", "title", "federation", "team", "code", "coach", "ending",
    "south_seeds", "north_seeds", "south_points", "north_points", "decided_by", "record",
    "reason", "version", "expected_version", "boards", "confirm", "action", "player",
    "round_number", "points", "from_round", "order", "sections", "slug", "rounds",
    "tiebreaks", "team_tiebreaks", "start_date", "end_date", "venue", "variant",
    "minutes_per_player", "bye_points", "language", "next",
]  # fmt: skip
WRITE_ROUTES = [(route, name) for route, name in ROUTES if not route.startswith("api/schema")]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=60),
    st.sampled_from(["1", "0", "½", "=", "S", "N", "capture", "time", "forfeit", "25", "48"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner),
    max_leaves=8,
)
form_bodies = st.dictionaries(
    st.sampled_from(FIELDS) | st.text(max_size=12), st.text(max_size=80), max_size=8
)
json_bodies = st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=12), json_values)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    from django.contrib.auth import get_user_model
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        yield World(get_user_model())
        transaction.set_rollback(True)


def succeeded(path: str, response) -> bool:
    if path.startswith("/api/"):
        return response.status_code in (200, 201, 204)
    return response.status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), WRITE_ROUTES, ids=[n for _, n in WRITE_ROUTES])
def test_any_body_gets_a_refusal_or_a_save_never_a_server_error(client, world, route, name):
    client.force_login(world.alice)
    path = world.path(route)
    # The rows as they stand, read again only after a request that sent a write: a request
    # that sent none cannot have changed them, and most refusals send none.
    rows = [snapshot()]

    @settings(
        max_examples=12,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(body=json_bodies if path.startswith("/api/") else form_bodies)
    def attempt(body):
        with product_writes() as writes:
            if path.startswith("/api/"):
                response = client.post(path, json.dumps(body), content_type="application/json")
            else:
                response = client.post(path, body)
        assert response.status_code < 500, (path, body)
        if writes:
            before, rows[0] = rows[0], snapshot()
            if not succeeded(path, response):
                assert rows[0] == before, (path, body)

    attempt()


@settings(max_examples=300, deadline=None, database=None)
@given(text=st.text(max_size=400) | st.binary(max_size=400))
def test_the_trf_reader_answers_any_text_with_its_own_error(text):
    try:
        parse(text)
    except TrfError:
        pass


HOSTILE_NAME = '<b id="x">Kofi</b>&"'


@pytest.mark.django_db
def test_a_name_with_html_is_shown_as_text_on_every_page(client, world):
    player = world.section.players.get(pairing_number=1)
    player.name = HOSTILE_NAME
    player.save()
    client.force_login(world.alice)
    pages = [
        world.path(route)
        for route, _ in ROUTES
        if "<slug" in route and not route.startswith("api/")
    ]
    for page in pages:
        response = client.get(page)
        assert response.status_code < 500, page
        assert b'<b id="x">' not in response.content, page
