"""A player's next game on a 360-pixel-wide phone, in a real browser: signed in with his
password, the banner at the top of the tournament's page fits the screen."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.players.helpers import make_player_account
from tournaments.models import RoundStart
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def kofi_account(tournament, section, make_player, alice):
    tournament.published = True
    tournament.save()
    names = ["Ama Owusu-Ansah", "Kofi Boateng-Mensah", "Yaw Asantewaa-Donkor", "Afi Appiah"]
    players = [make_player(name, n, rating=2000 - 50 * n) for n, name in enumerate(names, 1)]
    publish_round(pair_next_round(section, by=alice), by=alice)
    RoundStart.objects.create(
        section=section,
        number=1,
        starts_at=datetime(2026, 3, 5, 14, 0, tzinfo=ZoneInfo(tournament.time_zone)),
    )
    return make_player_account("kofi.boateng.mensah@example.org", player=players[1])


def test_the_next_game_banner_fits_a_phone(phone, live_server, kofi_account):
    phone.goto(f"{live_server.url}/account/player/sign-in/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.get_by_role("link", name="Log in with your address and password").click()
    phone.fill("#id_username", "kofi.boateng.mensah@example.org")
    phone.fill("#id_password", "p-4-ss-word!")
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/account/player/")
    phone.goto(f"{live_server.url}/t/accra/")
    banner = phone.locator(".my-next-game")
    assert banner.is_visible()
    assert "Round 1, board" in banner.inner_text() and "5 March, 14:00" in banner.inner_text()
    box = banner.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.goto(f"{live_server.url}/account/player/games/")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
