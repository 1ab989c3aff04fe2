"""A phone follows a player by web push, in Chromium with the site's real service worker.

Chromium's own PushManager subscribes at Google's push service, out of reach here: the page is
given a subscription at a push service on this machine instead (its endpoint and keys made by
the test, as a browser makes them), and everything else is real — the Follow button's script,
the permission, the API, the task worker that encrypts and signs the push, the push service
that decrypts it with the subscription's keys, and the service worker that shows the decrypted
message as a notification when Chromium delivers it the push (DevTools protocol)."""

import json
import time

import pytest
from playwright.sync_api import expect

from notifications.models import Follower
from tests.browser.conftest import PHONE
from tests.notifications.push_service import (
    PRIVATE_KEY,
    PUBLIC_KEY,
    SUBJECT,
    PushService,
    push_worker,
    vapid_claims,
)
from tests.notifications.receivers import worker_output
from tournaments.services.rounds import pair_next_round, publish_round

# Stands in for Chromium's PushManager, whose subscriptions live at Google's push service.
FAKE_PUSH_MANAGER = """
(() => {
  const given = %s;
  let current = null;
  PushManager.prototype.getSubscription = async function () { return current; };
  PushManager.prototype.subscribe = async function (options) {
    const key = new Uint8Array(options.applicationServerKey);
    window.subscribedWithKey = btoa(String.fromCharCode(...key))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    current = { endpoint: given.endpoint, toJSON: () => given };
    return current;
  };
})();
"""


@pytest.fixture
def vapid(settings):
    settings.VAPID_PRIVATE_KEY = PRIVATE_KEY
    settings.VAPID_PUBLIC_KEY = PUBLIC_KEY
    settings.VAPID_SUBJECT = SUBJECT


@pytest.fixture
def players(tournament, section, make_player):
    tournament.rounds = 1
    tournament.published = True
    tournament.save()
    names = ["Ama Owusu", "Kofi Mensah", "Yaw Boateng", "Afi Asante"]
    return [make_player(name, n, rating=2000 - 50 * n) for n, name in enumerate(names, 1)]


def notifications_shown(page, scope: str) -> list[dict]:
    """The notifications the service worker of `scope` shows, read back from the page."""
    return page.evaluate(
        """async (scope) => {
          const registration = await navigator.serviceWorker.getRegistration(scope);
          const shown = await registration.getNotifications();
          return shown.map((n) => ({title: n.title, body: n.body, data: n.data,
                                    actions: n.actions.map((a) => a.title)}));
        }""",
        scope,
    )


@pytest.mark.django_db(transaction=True)
def test_a_french_phone_follows_a_player_and_its_service_worker_shows_the_push(
    live_server, full_browser, players, alice, vapid
):
    ama = players[0]
    with PushService() as service, push_worker() as worker:
        subscription = service.subscription()
        # The full browser: the headless shell shows no service worker's notification.
        context = full_browser.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True)
        context.grant_permissions(["notifications"], origin=live_server.url)
        context.add_init_script(FAKE_PUSH_MANAGER % json.dumps(subscription))
        page = context.new_page()
        page.goto(f"{live_server.url}/t/accra/men/player/{ama.pairing_number}/")
        button = page.locator("button.follow")
        expect(button).to_have_text("Suivre ce joueur sur ce téléphone")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(button).to_have_text("Suivi : appuyez pour arrêter")
        assert page.evaluate("window.subscribedWithKey") == PUBLIC_KEY
        follower = Follower.objects.get()
        assert (follower.player_id, follower.language) == (ama.pk, "fr")
        assert follower.endpoint == subscription["endpoint"]

        # The round is published; the worker pushes Ama's board to the push service.
        round_ = publish_round(pair_next_round(players[0].section, by=alice), by=alice)
        seat = round_.seats.get(player=ama)
        try:
            (push,) = service.wait(1, subscription["endpoint"])
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
        assert vapid_claims(push, PUBLIC_KEY)["aud"] == service.origin
        message = service.decrypt(push)

        # Chromium delivers that decrypted message to the real service worker as a push.
        scope = f"{live_server.url}/t/accra/board/"
        cdp = context.new_cdp_session(page)
        registrations = []
        cdp.on(
            "ServiceWorker.workerRegistrationUpdated",
            lambda event: registrations.extend(event["registrations"]),
        )
        cdp.send("ServiceWorker.enable")
        deadline = time.monotonic() + 20
        while not any(r["scopeURL"] == scope for r in registrations):
            assert time.monotonic() < deadline, registrations
            page.wait_for_timeout(100)
        registration = next(r for r in registrations if r["scopeURL"] == scope)
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": live_server.url,
                "registrationId": registration["registrationId"],
                "data": json.dumps(message, ensure_ascii=False),
            },
        )
        shown = []
        deadline = time.monotonic() + 20
        while not shown:
            assert time.monotonic() < deadline, "no notification shown"
            page.wait_for_timeout(100)
            shown = notifications_shown(page, scope)
        (notification,) = shown
        opponent = seat.opponent.name
        side = "Sud" if seat.side.name == "SOUTH" else "Nord"
        assert notification["title"] == "Ama Owusu · Accra Open"
        assert notification["body"] == (
            f"Ronde 1, table {seat.pairing.board}, {side} contre {opponent}"
        )
        assert notification["data"]["url"] == "/t/accra/men/player/1/"
        assert notification["data"]["unfollow"] == f"/t/accra/unfollow/{follower.token}/"
        assert notification["actions"] == ["Ne plus suivre"]

        # Pressed again, the button stops following.
        button.click()
        expect(button).to_have_attribute("aria-pressed", "false")
        assert not Follower.objects.exists()
        context.close()


def test_the_follow_button_stays_hidden_without_keys(live_server, browser, players, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/accra/")
    page.wait_for_load_state("networkidle")
    expect(page.locator("button.follow")).to_be_hidden()
    context.close()
