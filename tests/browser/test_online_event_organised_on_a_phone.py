"""An organiser creates an online event from his phone, in a real browser, signed in and with no
token: from his tournaments' page to the new event's form, its settings kept, then its start
once players have entered, round 1 paired with nobody else acting."""

import pytest

from online.entries import enter
from online.models import OnlineEvent
from tests.online.helpers import organiser, player_user
from tournaments.models import Round

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def fits(phone) -> bool:
    return phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_an_organiser_creates_and_starts_an_online_event_on_a_phone(phone, live_server):
    boss = organiser()
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.fill("#id_username", boss.username)
    phone.fill("#id_password", "organiser-pass-1")
    phone.get_by_role("button", name="Log in").click()
    phone.goto(f"{live_server.url}/arbiter/")
    phone.get_by_role("link", name="New online event").click()
    phone.wait_for_url("**/new-online-event/")
    assert fits(phone)

    phone.fill("#id_name", "Online Open")
    phone.fill("#id_slug", "online-open")
    phone.fill("#id_rounds", "3")
    phone.fill("#id_clock_minutes", "10")
    phone.fill("#id_increment_seconds", "2")
    phone.fill("#id_no_show_seconds", "60")
    phone.check("#id_check_in")
    phone.get_by_role("button", name="Create the event").click()
    phone.wait_for_url("**/t/online-open/arbiter/online/")
    assert "Online Open created" in phone.locator(".messages").inner_text()
    assert "10 min + 2 s a move" in phone.locator(".online-settings").inner_text()
    assert fits(phone)
    event = OnlineEvent.objects.get()
    assert (event.clock_minutes, event.increment_seconds, event.no_show_seconds) == (10, 2, 60)
    assert event.check_in and event.organiser == boss

    for name in ("ama", "yaw", "esi", "kofi"):
        enter(event.tournament, "open", player_user(name))
    phone.reload()
    phone.get_by_role("button", name="Close the entries and start round 1").click()
    phone.wait_for_url("**/t/online-open/arbiter/online/")
    assert "round 1 is paired" in phone.locator(".messages").inner_text()
    assert phone.get_by_role("button", name="Close the entries and start round 1").count() == 0
    assert Round.objects.get(section__tournament=event.tournament).pairings.count() == 2
    assert fits(phone)
