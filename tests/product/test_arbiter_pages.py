"""The arbiter's pages over HTTP: who may use them, and what a form does with bad input."""

import pytest

from tournaments.models import Result, ResultChange, Round

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice_client(client, alice):
    client.force_login(alice)
    return client


def test_a_visitor_is_sent_to_the_login_page(client, tournament):
    response = client.get("/t/accra/arbiter/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/t/accra/arbiter/")


def test_a_user_who_is_not_an_arbiter_of_the_tournament_is_refused(client, charlie, tournament, section, players):
    client.force_login(charlie)
    assert client.get("/t/accra/arbiter/").status_code == 403
    assert client.post("/t/accra/arbiter/men/pair/").status_code == 403
    assert not Round.objects.exists()


def test_the_arbiter_pairs_publishes_and_enters_a_result(alice_client, section, players):
    response = alice_client.post("/t/accra/arbiter/men/pair/", follow=True)
    assert "Round 1 of Men paired as a draft." in response.content.decode()
    alice_client.post("/t/accra/arbiter/men/round/1/publish/")
    round_ = Round.objects.get()
    assert round_.status == Round.Status.PUBLISHED
    pairing = round_.pairings.get(board=1)
    moves, replayed = played_game("capture")
    response = alice_client.post(f"/t/accra/arbiter/game/{pairing.pk}/result/",
                                 {"record": record_of(moves), "ending": ""})
    assert response.status_code == 302
    assert (pairing.result.south_seeds, pairing.result.north_seeds) == replayed.stores


def test_an_illegal_record_is_shown_back_with_its_ply_and_nothing_is_stored(alice_client, game):
    response = alice_client.post(f"/t/accra/arbiter/game/{game.pk}/result/",
                                 {"record": "1. A b 2. A c", "ending": ""})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Move record, ply 3:" in html and "empty" in html
    assert not Result.objects.exists() and not ResultChange.objects.exists()


def test_impossible_seeds_are_named_in_the_form(alice_client, game):
    response = alice_client.post(f"/t/accra/arbiter/game/{game.pk}/result/",
                                 {"ending": "capture", "south_seeds": "30", "north_seeds": "20"})
    assert response.status_code == 200
    assert "more than the 48 seeds" in response.content.decode()
    assert not Result.objects.exists()


def test_a_correction_shows_the_history(alice_client, game):
    url = f"/t/accra/arbiter/game/{game.pk}/result/"
    alice_client.post(url, {"ending": "forfeit", "decided_by": "S"})
    alice_client.post(url, {"ending": "forfeit", "decided_by": "N", "reason": "wrong board"})
    html = alice_client.get(url).content.decode()
    assert "wrong board" in html and "alice" in html
    assert ResultChange.objects.filter(pairing=game).count() == 2


def test_a_result_for_a_game_that_does_not_exist_is_not_found(alice_client, game):
    assert alice_client.post("/t/accra/arbiter/game/999999/result/", {"ending": "draw24"}).status_code == 404


def test_a_result_for_a_game_of_another_tournament_is_not_found(alice_client, game, django_user_model):
    from tournaments.models import Tournament

    other = Tournament.objects.create(name="Kumasi Open", slug="kumasi")
    other.arbiters.add(django_user_model.objects.get(username="alice"))
    response = alice_client.post(f"/t/kumasi/arbiter/game/{game.pk}/result/",
                                 {"ending": "forfeit", "decided_by": "S"})
    assert response.status_code == 404
    assert not Result.objects.exists()
