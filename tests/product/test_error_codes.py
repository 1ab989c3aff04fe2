"""Refusals named once: each ErrorCode has its own code and the status of its meaning, the API
answers that status, and the cores' complaints are translated by their codes."""

import re

import pytest
from django.db import IntegrityError
from django.utils import translation
from rest_framework.test import APIClient

from oware.errors import MESSAGES as RECORD_MESSAGES
from oware.outcome import ENTRY_MESSAGES
from tests.writes import if_match
from tournaments.api.errors import api_exception_handler
from tournaments.models import Player, Round
from tournaments.pairing.errors import REASONS
from tournaments.services import registration, rounds
from tournaments.services.core_messages import ENTRY, MESSAGES, PAIRING, RECORD, TRF
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round
from tournaments.trf.errors import MESSAGES as TRF_MESSAGES

pytestmark = pytest.mark.django_db

PARAMETER = re.compile(r"%\((\w+)\)")


@pytest.fixture(autouse=True)
def language_reset():
    """A request in French leaves French active in this thread; later tests expect English."""
    yield
    translation.deactivate()


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def alice_api(api, alice):
    api.force_authenticate(alice)
    return api


def a_refusal(member: ErrorCode, case=None) -> ServiceError:
    """`member` raised with a value for every parameter of its template."""
    names = PARAMETER.findall(str(member.templates[case]))
    return ServiceError(member, case=case, **dict.fromkeys(names, 1))


def test_every_code_is_distinct_and_answers_a_status_of_its_meaning():
    codes = [member.code for member in ErrorCode]
    assert len(codes) == len(set(codes))
    # 401: no credentials sent (a venue's transfer without its token); 405: a method the
    # address does not take; 410: a public copy detached for good; 413: an upload too large;
    # 428: a write without the version it changes; 429: too many tries.
    statuses = {400, 401, 403, 404, 405, 409, 410, 413, 428, 429}
    assert {member.status for member in ErrorCode} <= statuses


def test_every_template_of_every_code_fills_in():
    for member in ErrorCode:
        for case in member.templates:
            assert a_refusal(member, case).message


def test_the_api_answers_each_code_with_its_status():
    for member in ErrorCode:
        for case in member.templates:
            response = api_exception_handler(a_refusal(member, case), {})
            assert response.status_code == member.status, member
            assert response.data["code"] == member.code


def test_state_conflicts_answer_409():
    for member in (ErrorCode.SCHEDULE_FIXED, ErrorCode.ROUND_GONE, ErrorCode.CONFLICT):
        assert member.status == 409


def test_joining_a_paired_round_robin_answers_409(alice_api, section, tournament, make_player):
    section.pairing_system = "round-robin"
    section.save()
    for number, name in enumerate(["Ama", "Kofi", "Yaw", "Afi"], start=1):
        make_player(name, number)
    pair_next_round(section, by=tournament.arbiters.get())
    response = alice_api.post(
        "/api/tournaments/accra/men/players/",
        {"name": "Late", "sex": "m"},
        format="json",
        **if_match(alice_api, "accra"),
    )
    assert response.status_code == 409
    assert response.json()["code"] == "schedule_fixed"


def test_a_round_deleted_meanwhile_answers_409(alice_api, section, players, alice, monkeypatch):
    pair_next_round(section, by=alice)
    allowed = rounds.require_arbiter

    def allowed_then_deleted_by_another_request(tournament, user):
        allowed(tournament, user)
        Round.objects.filter(section=section).delete()

    monkeypatch.setattr(rounds, "require_arbiter", allowed_then_deleted_by_another_request)
    response = alice_api.delete(
        "/api/tournaments/accra/men/rounds/1/", **if_match(alice_api, "accra")
    )
    assert response.status_code == 409
    assert response.json()["code"] == "round_gone"


def test_a_row_written_meanwhile_answers_409(alice_api, section, monkeypatch):
    def written_meanwhile(*args, **kwargs):
        raise IntegrityError("UNIQUE constraint failed")

    version = if_match(alice_api, "accra")
    monkeypatch.setattr(Player, "save", written_meanwhile)
    response = alice_api.post(
        "/api/tournaments/accra/men/players/", {"name": "Ama", "sex": "m"}, format="json", **version
    )
    assert response.status_code == 409
    assert response.json()["code"] == "conflict"


def test_the_product_says_the_cores_own_english_templates():
    engines = {RECORD: RECORD_MESSAGES, ENTRY: ENTRY_MESSAGES, PAIRING: REASONS, TRF: TRF_MESSAGES}
    for kind, templates in engines.items():
        for code, template in templates.items():
            assert MESSAGES[kind, code] == template, (kind, code)


def test_an_illegal_record_is_refused_in_french_by_its_code(alice_api, game):
    response = alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "record": "1. A b 2. A c"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "empty_pit"
    assert "la case est vide" in response.json()["message"]


def test_a_complaint_with_details_keeps_them_in_french(alice_api, game):
    response = alice_api.post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"expected_version": 0, "record": "1. A b 2. zz"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 400
    assert "'zz' n'est pas un coup" in response.json()["message"]


def test_the_round_page_offers_back_to_draft_exactly_when_the_service_allows(
    client, alice, published_round, game
):
    client.force_login(alice)
    page = "/t/accra/arbiter/men/round/1/"
    assert rounds.unpublish_refusal(published_round) is None
    assert "Back to draft" in client.get(page).content.decode()
    record_result(game, ResultEntry(ending="capture", south_seeds=30, north_seeds=10), by=alice)
    assert rounds.unpublish_refusal(published_round).code == "round_has_results"
    assert "Back to draft" not in client.get(page).content.decode()


def test_the_players_page_offers_deletion_exactly_when_the_service_allows(
    client, alice, section, players
):
    client.force_login(alice)
    page = "/t/accra/arbiter/men/players/"
    assert registration.deletion_refusal(section) is None
    assert ">delete</button>" in client.get(page).content.decode()
    pair_next_round(section, by=alice)
    assert registration.deletion_refusal(section).code == "rounds_exist"
    assert ">delete</button>" not in client.get(page).content.decode()


def test_an_unreadable_trf_file_is_refused_in_french_by_its_code():
    with translation.override("fr"):
        with pytest.raises(ServiceError) as refused:
            registration.read_import("012 Test\n001   x1", "trf")
        message = refused.value.message
    assert refused.value.code == "bad_file" and refused.value.field == "file"
    assert message == (
        "Le fichier TRF ne peut pas être lu, ligne 2 : "
        "numéro d'appariement doit être fait de chiffres, trouvé 'x1'"
    )
