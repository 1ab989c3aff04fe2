"""A player enters an online event from his phone, in a real browser, signed in with his
account and no token: from the event's page he signs in and is brought back, joins, checks in
for the next round once round 1 is paired, and finds the button to his remote board."""

import pytest
from django.db.models import Q

from online.entries import enter
from online.events import create_online_event, start_event
from online.models import Entry
from tests.online.helpers import organiser, player_user
from tournaments.models import Pairing, Tournament

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def online_event():
    """An online event asking for check-ins, with three players entered already."""
    boss = organiser()
    event = create_online_event(
        by=boss, name="Online Open", slug="online-open", rounds=3, clock_minutes=10, check_in=True
    )
    tournament = event.tournament
    for name in ("ama", "yaw", "esi"):
        enter(tournament, "open", player_user(name))
    player_user("kofi")
    return tournament, boss


def fits(phone) -> bool:
    return phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_player_joins_checks_in_and_finds_his_board_on_a_phone(phone, live_server, online_event):
    tournament, boss = online_event
    phone.goto(f"{live_server.url}/t/online-open/")
    phone.get_by_role("link", name="Play online: join, check in, your game").click()
    phone.wait_for_url("**/t/online-open/join/")
    assert "10 min + 0 s a move" in phone.locator(".online-settings").inner_text()
    assert phone.locator(".online-players li").count() == 3
    assert fits(phone)

    phone.get_by_role("link", name="Sign in to join").click()
    phone.get_by_role("link", name="Log in with your address and password").click()
    phone.fill("#id_username", "kofi@example.org")
    phone.fill("#id_password", "p-4-ss-word!")
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/t/online-open/join/")

    phone.fill("#id_name", "Kofi Boateng")
    phone.get_by_role("button", name="Join").click()
    phone.wait_for_url("**/t/online-open/join/")
    assert "You are entered as Kofi Boateng." in phone.locator(".messages").inner_text()
    assert phone.locator(".online-players li").count() == 4
    assert Entry.objects.filter(player__name="Kofi Boateng").exists()
    assert fits(phone)

    start_event(Tournament.objects.get(pk=tournament.pk), by=boss)
    phone.reload()
    phone.get_by_role("button", name="Check in for round 2").click()
    phone.wait_for_url("**/t/online-open/join/")
    assert "You are checked in for round 2." in phone.locator(".messages").inner_text()
    assert fits(phone)

    game = Pairing.objects.get(
        Q(south__name="Kofi Boateng") | Q(north__name="Kofi Boateng"), round__number=1
    )
    phone.get_by_role("link", name="Play your game of round 1").click()
    phone.wait_for_url(f"**/t/online-open/remote/{game.pk}/")
    assert phone.locator("#remote-board").is_visible()
    assert phone.locator(".my-next-game .play-remote").is_visible()
    assert fits(phone)
