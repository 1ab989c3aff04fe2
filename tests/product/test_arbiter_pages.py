"""The arbiter's pages over HTTP: who may use them, and what a form does with bad input."""

import pytest

from tournaments.models import Result, ResultChange, Round

from .conftest import played_game, record_of

pytestmark = pytest.mark.django_db


def test_a_visitor_is_sent_to_the_login_page(client, tournament):
    response = client.get("/t/accra/arbiter/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/t/accra/arbiter/")


def test_a_user_who_is_not_an_arbiter_of_the_tournament_is_refused(
    client, charlie, tournament, section, players
):
    client.force_login(charlie)
    assert client.get("/t/accra/arbiter/").status_code == 403
    assert client.post("/t/accra/arbiter/men/pair/").status_code == 403
    assert not Round.objects.exists()


def test_the_arbiter_pairs_publishes_and_enters_a_result(alice_client, section, players):
    response = alice_client.post("/t/accra/arbiter/men/pair/", follow=True)
    assert "Round 1 of Men paired as a draft." in response.content.decode()
    alice_client.post("/t/accra/arbiter/men/round/1/publish/", {"confirm": "on"})
    round_ = Round.objects.get()
    assert round_.status == Round.Status.PUBLISHED
    pairing = round_.pairings.get(board=1)
    moves, replayed = played_game("capture")
    response = alice_client.post(
        f"/t/accra/arbiter/game/{pairing.pk}/result/", {"record": record_of(moves), "ending": ""}
    )
    assert response.status_code == 302
    assert (pairing.result.south_seeds, pairing.result.north_seeds) == replayed.stores


def test_an_illegal_record_is_shown_back_with_its_ply_and_nothing_is_stored(alice_client, game):
    response = alice_client.post(
        f"/t/accra/arbiter/game/{game.pk}/result/", {"record": "1. A b 2. A c", "ending": ""}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Move record, ply 3:" in html and "empty" in html
    assert not Result.objects.exists() and not ResultChange.objects.exists()


def test_impossible_seeds_are_named_in_the_form(alice_client, game):
    response = alice_client.post(
        f"/t/accra/arbiter/game/{game.pk}/result/",
        {"ending": "capture", "south_seeds": "30", "north_seeds": "20"},
    )
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
    assert (
        alice_client.post("/t/accra/arbiter/game/999999/result/", {"ending": "draw24"}).status_code
        == 404
    )


def test_a_result_for_a_game_of_another_tournament_is_not_found(
    alice_client, game, django_user_model
):
    from tournaments.models import Tournament

    other = Tournament.objects.create(name="Kumasi Open", slug="kumasi")
    other.arbiters.add(django_user_model.objects.get(username="alice"))
    response = alice_client.post(
        f"/t/kumasi/arbiter/game/{game.pk}/result/", {"ending": "forfeit", "decided_by": "S"}
    )
    assert response.status_code == 404
    assert not Result.objects.exists()


def test_the_draft_edit_page_shows_the_findings_until_confirmed(
    alice_client, section, players, tournament
):
    from tournaments.models import Player

    ghana = tournament.teams.create(name="Ghana", code="GHA")
    Player.objects.filter(pairing_number__in=[1, 2]).update(team=ghana)
    alice_client.post("/t/accra/arbiter/men/pair/")
    url = "/t/accra/arbiter/men/round/1/edit/"
    assert "1 4" in alice_client.get(url).content.decode()
    response = alice_client.post(url, {"boards": "1 2\n3 4\n5 6"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "are team-mates (Ghana); team-mates never meet." in html
    assert "differs from the Dutch pairing" in html
    response = alice_client.post(url, {"boards": "1 2\n3 4\n5 6", "confirm": "on"})
    assert response.status_code == 302
    board_one = Round.objects.get().pairings.get(board=1)
    assert (board_one.south.pairing_number, board_one.north.pairing_number) == (1, 2)


def test_a_malformed_board_line_is_named(alice_client, section, players):
    alice_client.post("/t/accra/arbiter/men/pair/")
    response = alice_client.post("/t/accra/arbiter/men/round/1/edit/", {"boards": "1 4\n5 x\n3 6"})
    assert "Line 2: write two pairing numbers" in response.content.decode()


def test_a_board_line_with_other_digits_is_refused_not_crashed(alice_client, section, players):
    alice_client.post("/t/accra/arbiter/men/pair/")
    response = alice_client.post("/t/accra/arbiter/men/round/1/edit/", {"boards": "1 ²\n3 4\n5 6"})
    assert response.status_code == 200
    assert "Line 1: write two pairing numbers" in response.content.decode()
