"""Limits stated and enforced at entry: what a TRF record, a page or a result slip cannot hold is
refused with a clear message when it is typed, never a server error later at export."""

import json

import pytest

from tests.product.conftest import played_game, record_of
from tournaments.models import Player, Result, Round
from tournaments.services.errors import ServiceError
from tournaments.services.events import create_tournament
from tournaments.services.registration import register_player
from tournaments.services.result_checks import MAX_RECORD_PLIES
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import delete_draft_round, store_boards

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"name": "N" * 34}, "name", "at most 33 characters"),
        ({"name": "Kofi\nAnnan"}, "name", "one line"),
        ({"name": "Kofi\tAnnan"}, "name", "one line"),
        ({"rating": 10000}, "rating", "less than or equal to 9999"),
        ({"federation": "GH\r"}, "federation", "one line"),
    ],
)
def test_a_player_the_trf_cannot_hold_is_refused_naming_the_field(
    section, alice, fields, field, words
):
    with pytest.raises(ServiceError) as refused:
        register_player(section, by=alice, **{"name": "Kofi", "sex": "m", **fields})
    assert refused.value.field == field
    assert words in refused.value.message
    assert not Player.objects.exists()


def test_the_longest_name_and_rating_the_trf_holds_are_exported(client, section, alice):
    register_player(section, by=alice, name="N" * 33, sex="m", rating=9999)
    response = client.get("/api/tournaments/accra/men/trf/")
    assert response.status_code == 200
    assert "N" * 33 in response.content.decode()


def test_a_long_section_name_gets_a_slug_that_fits(alice):
    from django.contrib.auth.models import Permission

    alice.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    alice = type(alice).objects.get(pk=alice.pk)
    name = "Open section for players under twenty years"
    tournament = create_tournament(by=alice, sections=[name], name="Kumasi", slug="kumasi")
    section = tournament.sections.get()
    assert section.name == name
    assert len(section.slug) <= 40
    assert not section.slug.endswith("-")


def test_a_record_longer_than_the_limit_is_refused_before_anything_is_stored(
    game, alice, monkeypatch
):
    moves, replayed = played_game()
    record = record_of(moves)
    monkeypatch.setattr("tournaments.services.result_checks.MAX_RECORD_PLIES", replayed.plies - 1)
    with pytest.raises(ServiceError) as refused:
        record_result(game, ResultEntry(record=record), by=alice)
    assert refused.value.code == "record_too_long"
    assert refused.value.field == "record"
    assert not Result.objects.exists()
    assert MAX_RECORD_PLIES >= 1000


def test_an_enormous_record_text_is_refused_without_replaying_it(game, alice):
    with pytest.raises(ServiceError) as refused:
        record_result(game, ResultEntry(record="a " * 50_000), by=alice)
    assert refused.value.code == "record_too_long"


def test_deleting_a_draft_twice_tells_the_second_click_it_is_gone(section, alice, players):
    draft = Round.objects.create(section=section, number=1)
    store_boards(draft, [(players[0], players[1], "")])
    stale = Round.objects.get(pk=draft.pk)
    delete_draft_round(draft, by=alice)
    with pytest.raises(ServiceError) as refused:
        delete_draft_round(stale, by=alice)
    assert refused.value.code == "round_gone"


def test_a_double_click_on_delete_draft_answers_a_page_not_an_error(client, section, alice):
    Round.objects.create(section=section, number=1)
    client.force_login(alice)
    url = "/t/accra/arbiter/men/round/1/delete/"
    assert client.post(url, {"confirm": "on"}).status_code == 302
    assert client.post(url, {"confirm": "on"}).status_code == 404


def test_a_deeply_nested_json_body_is_a_client_error(client, game, alice):
    client.force_login(alice)
    body = "[" * 5000 + "]" * 5000
    response = client.post(
        f"/api/tournaments/accra/games/{game.pk}/result/", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert "nested too deeply" in json.loads(response.content)["message"]
