"""Printed paper over HTTP: the result slips of a round and the print menu of the round page."""

import pytest

from tournaments.models import Player, Round, Team
from tournaments.services.rounds import store_boards

pytestmark = pytest.mark.django_db


def test_a_slip_per_board_names_both_players_with_numbers_sides_and_the_time_control(
    alice_client, tournament, published_round
):
    tournament.minutes_per_player = 25
    tournament.clock_warning_minutes = 4
    tournament.save()
    response = alice_client.get("/t/accra/arbiter/men/round/1/slips/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('<article class="slip"') == 3
    for name in ["Ama", "Kofi", "Yaw", "Afi", "Kwame", "Esi"]:
        assert f'<td class="slip-name">{name}' in html
    slips = list(response.context["boards"])
    assert [(p.board, p.south.pairing_number, p.north.pairing_number) for p in slips] == [
        (1, 1, 2),
        (2, 3, 4),
        (3, 5, 6),
    ]
    assert "25 minutes per player" in html and "less than 4 minutes" in html
    assert "moves first" in html
    assert html.count('class="slip-move-no">60<') == 3, "sixty numbered moves on each slip"
    assert html.count("signature") >= 9


def test_the_bye_gets_no_slip_and_team_codes_are_shown(
    alice_client, tournament, section, make_player
):
    ghana = Team.objects.create(tournament=tournament, name="Ghana", code="GHA")
    south = make_player("Kofi Boateng", 1, team=ghana)
    north = make_player("Yaw Mensah", 2)
    lone = make_player("Esi", 3)
    round_ = Round.objects.create(section=section, number=1)  # a draft prints as well
    store_boards(round_, [(south, north, ""), (lone, None, "")])
    html = alice_client.get("/t/accra/arbiter/men/round/1/slips/").content.decode()
    assert html.count('<article class="slip"') == 1
    assert "(GHA)" in html and "Esi" not in html
    assert Player.objects.count() == 3


def test_slips_are_for_the_tournament_arbiters_only(client, charlie, published_round):
    response = client.get("/t/accra/arbiter/men/round/1/slips/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    client.force_login(charlie)
    assert client.get("/t/accra/arbiter/men/round/1/slips/").status_code == 403


def test_slips_of_a_round_that_does_not_exist_are_not_found(alice_client, published_round):
    assert alice_client.get("/t/accra/arbiter/men/round/2/slips/").status_code == 404


def test_the_round_page_prints_slips_and_links_the_public_printed_pages(
    alice_client, published_round
):
    html = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    menu = html[html.index('class="print-menu"') :]
    for link in [
        "/t/accra/arbiter/men/round/1/slips/",
        # The boards and the list by name print separately (one sheet each).
        "/t/accra/men/round/1/?print=boards",
        "/t/accra/men/round/1/?print=names",
        "/t/accra/men/standings/",
        "/t/accra/men/crosstable/",
    ]:
        assert f'href="{link}"' in menu


def test_a_draft_round_prints_slips_but_links_no_public_page(alice_client, section, players):
    round_ = Round.objects.create(section=section, number=1)
    store_boards(round_, [(players[0], players[1], "")])
    html = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    menu = html[html.index('class="print-menu"') :]
    assert 'href="/t/accra/arbiter/men/round/1/slips/"' in menu
    assert 'href="/t/accra/men/round/1/"' not in menu
