"""The countdown to a round's planned start, in a real Chromium on a phone: filled in by the
page's own script under the site's content security policy, beside the time the server wrote,
and gone once the start has passed. The browser's clock is set by the test (Playwright's clock),
so the words are exact."""

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from tournaments.models import Tournament
from tournaments.services.timetable import set_timetable

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ACCRA = ZoneInfo("Africa/Accra")
START = datetime(2027, 3, 6, 14, 0, tzinfo=ACCRA)


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    tournament = Tournament.objects.get(slug="demo")
    starts = {(section.pk, 6): START for section in tournament.sections.all()}
    set_timetable(tournament, by=tournament.arbiters.get(), starts=starts)
    return tournament


@pytest.fixture
def watched_phone(browser):
    """A phone whose page notes every script error and refusal of the policy."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.problems = []
    page.on(
        "console",
        lambda message: (
            page.problems.append(message.text)
            if "Content Security Policy" in message.text
            else None
        ),
    )
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()


def test_the_tournament_page_counts_down_to_the_next_round_then_stops(
    watched_phone, live_server, demo
):
    page = watched_phone
    page.clock.install(time=START - timedelta(minutes=95))
    page.goto(f"{live_server.url}/t/demo/")
    next_rounds = page.locator(".next-rounds")
    # The server's time is written whatever the script does: the venue's clock and zone.
    assert "(Africa/Accra)" in next_rounds.inner_text()
    assert (
        next_rounds.locator("time").first.get_attribute("datetime") == "2027-03-06T14:00:00+00:00"
    )
    countdown = next_rounds.locator(".countdown").first
    assert countdown.inner_text() == "starts in 1 h 35 min"
    page.clock.fast_forward("01:30:00")
    page.clock.run_for(21_000)
    assert countdown.inner_text() == "starts in 5 min"
    page.clock.fast_forward("00:06:00")
    page.clock.run_for(21_000)
    assert countdown.inner_text() == ""  # started: the written time stays, the count goes
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner == PHONE["width"]
    assert page.problems == []


def test_the_countdown_speaks_the_pages_language(browser, live_server, demo):
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    page = context.new_page()
    page.clock.install(time=START - timedelta(minutes=7))
    page.goto(f"{live_server.url}/t/demo/")
    countdown = page.locator(".next-rounds .countdown").first
    assert countdown.inner_text() == "commence dans 7 min"
    assert re.search(r"\(Africa/Accra\)", page.locator(".next-rounds").inner_text())
    context.close()
