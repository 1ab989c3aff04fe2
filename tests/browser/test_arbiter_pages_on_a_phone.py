"""The arbiter's widest pages on a 360-pixel phone: the result grid, the audit and the publishing
page never scroll sideways; a wide table scrolls inside its own box or reflows."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from notifications.models import Delivery, Endpoint, Event
from publishing import sending

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# What reaches past the phone's right edge, to say what widens a page that fails.
WIDEST = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getBoundingClientRect().right > 360.5).slice(0, 8)
  .map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""


@pytest.fixture
def demo(copy_demo):
    tournament = copy_demo()
    sending.publish_to(
        tournament, "https://results.oware-federation.example/tournaments", "a-long-token-1234"
    )
    endpoint = Endpoint.objects.create(
        tournament=tournament,
        url="https://streaming-overlay.oware-federation.example/hooks/tournaments/demo/events",
        events=["pairing.published", "result.recorded", "result.cleared"],
        secret="whsec_" + "A" * 32,
    )
    event = Event.objects.create(
        tournament=tournament, kind="result.recorded", message_id="msg_" + "0" * 32, body="{}"
    )
    delivery = Delivery.objects.create(
        endpoint=endpoint, event=event, attempts=2, next_attempt_at=timezone.now()
    )
    for _ in range(2):
        delivery.tries.create(status_code=500, error="status 500", answer='{"error": "x"}' * 30)
    return tournament


@pytest.mark.parametrize(
    "path",
    ["men/round/5/results/", "audit/", "publishing/", "webhooks/"],
    ids=["result grid", "audit", "publishing", "webhooks"],
)
def test_the_arbiters_widest_pages_fit_a_phone(browser, live_server, demo, path):
    client = Client()
    client.force_login(get_user_model().objects.get(username="arbiter"))
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="en-GB"
    )
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/arbiter/{path}")
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    widest = page.evaluate(WIDEST)
    context.close()
    assert width <= PHONE["width"] and inner <= PHONE["width"], f"{width} px: {widest}"
