"""Spectators and the arbiter on a 360-pixel-wide phone, in a real browser."""

import pytest
from playwright.sync_api import expect

from tournaments.models import GameRecord

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(copy_demo):
    copy_demo()


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_a_spectator_finds_the_standings_from_the_tournament_page(phone, live_server, demo):
    phone.goto(f"{live_server.url}/t/demo/")
    phone.get_by_role("link", name="standings").first.click()
    phone.wait_for_url("**/t/demo/men/standings/")
    rows = phone.locator("table.standings tbody tr")
    assert rows.count() == 16
    assert rows.first.locator("td").first.inner_text() == "1"
    assert page_width(phone) <= 360, "the page itself never scrolls sideways"


def test_a_spectator_steps_through_a_recorded_game(phone, live_server, demo):
    game = GameRecord.objects.first().pairing_id
    phone.goto(f"{live_server.url}/t/demo/game/{game}/?ply=0")
    assert phone.locator(".ow-pit").count() == 12
    phone.get_by_role("link", name="Next move").click()
    expect(phone.locator("body")).to_contain_text("ply 1 of")
    expect(phone.locator(".ow-pit--last")).to_have_count(1)
    assert page_width(phone) <= 360


def test_the_arbiter_is_told_which_ply_is_illegal_then_enters_a_score(phone, live_server, demo):
    phone.goto(f"{live_server.url}/t/demo/arbiter/")
    phone.fill("#id_username", "arbiter")
    phone.fill("#id_password", "demo-password-1")
    phone.get_by_role("button", name="Log in").click()
    phone.wait_for_url("**/t/demo/arbiter/")
    phone.get_by_role("button", name="Pair next round").first.click()
    phone.wait_for_url("**/men/round/6/")
    phone.get_by_label("Show this pairing to players and spectators now").check()
    phone.get_by_role("button", name="Publish", exact=True).click()
    phone.get_by_role("link", name="enter result").first.click()

    phone.fill("#id_record", "1. A b 2. A c")
    phone.get_by_role("button", name="Save result").click()
    assert "Move record, ply 3" in phone.locator(".errorlist").first.inner_text()

    phone.fill("#id_record", "")
    phone.select_option("#id_ending", "draw24")
    phone.fill("#id_south_seeds", "24")
    phone.fill("#id_north_seeds", "24")
    phone.get_by_role("button", name="Save result").click()
    phone.wait_for_url("**/men/round/6/")
    expect(phone.locator("body")).to_contain_text("Result of board 1 saved.")
    phone.screenshot(path=str(_screenshot_path("arbiter-round.png")), full_page=True)


def _screenshot_path(name):
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name
