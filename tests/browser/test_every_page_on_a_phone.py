"""Every public page, in every language, on a 360-pixel phone: the page itself never scrolls
sideways; a wide table scrolls inside its own box, its name column staying in view."""

import pytest

from tournaments.models import Tournament

from .conftest import PHONE
from .site_pages import DemoValues, add_round_robin, public_routes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LOCALES = {"en": "en-GB", "fr": "fr-FR", "pt": "pt-PT"}


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    tournament = Tournament.objects.get(slug="demo")
    add_round_robin(tournament)
    return DemoValues(tournament)


@pytest.mark.parametrize("language", sorted(LOCALES))
def test_no_public_page_is_wider_than_a_phone(browser, live_server, demo, language):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=LOCALES[language],
    )
    page = context.new_page()
    too_wide, pages = [], []
    for route in public_routes():
        path = demo.path(route)
        # Asked first without opening it: a download (.ogn, zip) or JSON is not a page.
        response = page.request.get(f"{live_server.url}{path}")
        assert response.status == 200, f"{path} answered {response.status}"
        if "text/html" not in response.headers.get("content-type", ""):
            continue
        page.goto(f"{live_server.url}{path}")
        pages.append(route)
        assert page.locator("html").get_attribute("lang") == language, path
        # 360 px, then the narrowest phone still sold (320 px).
        for window in (PHONE, {**PHONE, "width": 320}):
            page.set_viewport_size(window)
            width, inner = page.evaluate(
                "[document.documentElement.scrollWidth, window.innerWidth]"
            )
            # A mobile browser zooms out to show a page wider than the phone, which makes the
            # window as wide as the page: the window must still be the phone's width.
            if width > inner or inner > window["width"]:
                too_wide.append(f"{path}: {width} px in a {inner} px window")
        page.set_viewport_size(PHONE)
    context.close()
    # The home page, the tournament, its sections, rounds, tables, a player, a game, the
    # schedule and a live board: a route that stopped answering HTML would drop out silently.
    assert len(pages) >= 11, pages
    assert too_wide == []


def test_a_players_games_scroll_inside_their_box_with_the_round_in_view(phone, live_server, demo):
    number = demo.game.south.pairing_number
    phone.goto(f"{live_server.url}/t/demo/men/player/{number}/")
    wrap = phone.locator(".table-wrap.sticky-first").filter(has=phone.locator("table.games"))
    wrap.evaluate("box => box.scrollLeft = box.scrollWidth")
    last = phone.locator("table.games thead th").last.bounding_box()
    assert last["x"] + last["width"] <= PHONE["width"] + 1, "the last column scrolls into view"
    first = phone.locator("table.games tbody tr").first.locator("th, td").first.bounding_box()
    assert first["x"] >= 0, "the first column stays in place"
