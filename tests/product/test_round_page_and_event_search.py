"""The arbiter's round page read at a glance, draft actions that ask once, the tournament's status
following its rounds, and the event's one search box."""

import pytest

from oware.sides import Side
from tournaments.models import Round, Team, Tournament
from tournaments.services.pairing_lists import find_players, unmet_side_wishes
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import (
    delete_draft_round,
    follow_rounds,
    pair_next_round,
    publish_round,
    store_boards,
)

pytestmark = pytest.mark.django_db


def win(south=25, north=13):
    return ResultEntry(
        ending="time",
        south_seeds=south,
        north_seeds=north,
        decided_by=Side.NORTH,
        stores_at_end=True,
    )


def test_the_round_page_is_a_table_with_headers_and_folded_explanations(
    alice_client, section, players, alice
):
    ghana = Team.objects.create(tournament=section.tournament, name="Ghana", code="GHA")
    players[0].team = ghana
    players[0].save()
    pair_next_round(section, by=alice)
    page = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    headers = page[page.index("<thead>") : page.index("</thead>")]
    for header in ("Board", "South", "Result", "North", "Live board"):
        assert f">{header}</th>" in headers
    assert page.count('<details class="explanation">') == 3
    assert "GHA" in page
    assert "0 pt" in page


def test_a_side_wish_shows_only_when_the_pairing_could_not_grant_it(section, players, alice):
    first = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(
        first,
        [(players[0], players[1], ""), (players[2], players[3], ""), (players[4], players[5], "")],
    )
    for pairing in first.pairings.all():
        record_result(pairing, win(), by=alice)
    second = Round.objects.create(section=section, number=2)
    # Ama played South and gets South again; Kofi played North and gets South, as he wished.
    store_boards(
        second,
        [(players[0], players[3], ""), (players[1], players[2], ""), (players[5], players[4], "")],
    )
    wishes = unmet_side_wishes(second)
    assert wishes[players[0].pk].side == Side.NORTH
    assert wishes[players[3].pk].side == Side.SOUTH
    assert players[1].pk not in wishes and players[2].pk not in wishes


def test_deleting_a_draft_asks_once_with_its_checkbox(alice_client, section, players, alice):
    pair_next_round(section, by=alice)
    page = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert 'class="danger"' in page and "Delete this draft pairing" in page
    refused = alice_client.post("/t/accra/arbiter/men/round/1/delete/", follow=True)
    assert "Tick “Delete this draft pairing” to delete it." in refused.content.decode()
    assert Round.objects.filter(number=1).exists()
    alice_client.post("/t/accra/arbiter/men/round/1/delete/", {"confirm": "on"})
    assert not Round.objects.exists()


def test_publishing_from_the_round_page_is_one_checkbox_and_one_button(
    alice_client, section, players, alice
):
    pair_next_round(section, by=alice)
    page = alice_client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert "Show this pairing to players and spectators now" in page
    assert "Publish…" not in page
    alice_client.post("/t/accra/arbiter/men/round/1/publish/", {"confirm": "on"})
    assert Round.objects.get().status == Round.Status.PUBLISHED


def test_the_tournament_status_follows_its_rounds(section, players, alice):
    tournament = section.tournament
    tournament.rounds = 1
    tournament.save()
    other = tournament.sections.create(name="Women", slug="women")

    def status():
        return Tournament.objects.get(pk=tournament.pk).status

    assert follow_rounds(tournament.pk) == Tournament.Status.REGISTRATION
    round_ = pair_next_round(section, by=alice)
    assert status() == Tournament.Status.RUNNING
    delete_draft_round(round_, by=alice)
    assert status() == Tournament.Status.REGISTRATION
    round_ = publish_round(pair_next_round(section, by=alice), by=alice)
    for pairing in round_.pairings.all():
        record_result(pairing, win(), by=alice)
    # Men is over, Women has not started: still in progress.
    assert status() == Tournament.Status.RUNNING
    other.delete()
    assert follow_rounds(tournament.pk) == Tournament.Status.FINISHED


def test_the_event_home_links_each_sections_current_round(client, published_round):
    page = client.get("/t/accra/").content.decode()
    assert 'href="/t/accra/men/round/1/"' in page
    assert 'action="/t/accra/find/"' in page


def test_one_player_found_goes_to_his_board(client, published_round, players):
    response = client.get("/t/accra/find/", {"q": "kwam"})
    assert response.status_code == 302
    assert response["Location"] == "/t/accra/men/round/1/#board-3"
    board = client.get("/t/accra/men/round/1/").content.decode()
    assert 'id="board-3"' in board


def test_several_players_found_are_listed_from_every_section(client, published_round, tournament):
    women = tournament.sections.create(name="Women", slug="women")
    women.players.create(name="Ama Serwaa", sex="w", pairing_number=1)
    page = client.get("/t/accra/find/", {"q": "ama"}).content.decode()
    assert "Ama Serwaa" in page and "Women" in page
    assert "round 1, board 1, South" in page
    found = find_players(tournament, "ama")
    assert [f.player.name for f in found] == ["Ama", "Ama Serwaa"]
    assert found[1].seat is None


def test_a_draft_round_is_not_found(client, section, players, alice):
    pair_next_round(section, by=alice)
    page = client.get("/t/accra/find/", {"q": "Kofi"}).content.decode()
    assert "Kofi" in page and "board" not in page.split("found-players")[1]


def test_a_name_nobody_has_is_said(client, published_round):
    page = client.get("/t/accra/find/", {"q": "Zzz"}).content.decode()
    assert "No player's name contains “Zzz”." in page


def test_deleting_a_player_or_a_team_asks_once(alice_client, section, players, tournament):
    ghana = Team.objects.create(tournament=tournament, name="Ghana", code="GHA")
    page = alice_client.get("/t/accra/arbiter/men/players/").content.decode()
    assert 'class="danger small"' in page
    refused = alice_client.post("/t/accra/arbiter/men/players/6/delete/", follow=True)
    assert "Tick the box beside “delete” to delete Esi." in refused.content.decode()
    assert section.players.filter(pairing_number=6).exists()
    alice_client.post("/t/accra/arbiter/men/players/6/delete/", {"confirm": "on"})
    assert not section.players.filter(pairing_number=6).exists()
    alice_client.post(f"/t/accra/arbiter/teams/{ghana.pk}/delete/")
    assert Team.objects.filter(pk=ghana.pk).exists()
    alice_client.post(f"/t/accra/arbiter/teams/{ghana.pk}/delete/", {"confirm": "on"})
    assert not Team.objects.filter(pk=ghana.pk).exists()
