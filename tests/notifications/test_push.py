"""Web push to followers as a push service meets it: a follower subscribes through the API with
no account, the round is played through the services while the real task worker runs beside,
and a push service on this machine receives each push, checks its VAPID signature and decrypts
it with the subscription's own keys. Expired subscriptions are dropped, failures retried, and a
result entry never waits for a push service."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from notifications.models import Follower
from oware.endings import Ending
from oware.sides import Side
from tests.notifications.push_service import (
    PRIVATE_KEY,
    PUBLIC_KEY,
    SUBJECT,
    PushService,
    push_worker,
    vapid_claims,
)
from tests.notifications.receivers import wait_for, worker_output
from tournaments.services.results import ResultEntry, clear_result, record_result
from tournaments.services.rounds import pair_next_round, publish_round
from tournaments.services.timetable import set_timetable, venue_zone

WIN = ResultEntry(ending=Ending.CAPTURE, south_seeds=25, north_seeds=10)


@pytest.fixture
def vapid(settings):
    settings.VAPID_PRIVATE_KEY = PRIVATE_KEY
    settings.VAPID_PUBLIC_KEY = PUBLIC_KEY
    settings.VAPID_SUBJECT = SUBJECT


@pytest.fixture
def four_players(tournament, section, make_player):
    tournament.rounds = 1
    tournament.published = True
    tournament.save()
    return [
        make_player(name, number, rating=2000 - 50 * number)
        for number, name in enumerate(["Ama Owusu", "Kofi Mensah", "Yaw Boateng", "Afi Asante"], 1)
    ]


def follow(subscription, player=None, language="en", slug="accra"):
    return APIClient().post(
        f"/api/v1/tournaments/{slug}/followers/",
        {"subscription": subscription, "player": player, "language": language},
        format="json",
    )


@pytest.mark.django_db(transaction=True)
def test_a_french_follower_is_pushed_his_board_and_result_signed_and_encrypted_for_him(
    four_players, alice, vapid
):
    ama = four_players[0]
    with PushService() as service, push_worker() as worker:
        french = service.subscription()
        answer = follow(french, player=ama.pk, language="fr-FR")
        assert answer.status_code == 201, answer.content
        assert answer.json()["unfollow"].startswith("/t/accra/unfollow/")
        everyone = service.subscription()
        assert follow(everyone).status_code == 201
        assert Follower.objects.get(player=ama).language == "fr"

        round_ = publish_round(pair_next_round(four_players[0].section, by=alice), by=alice)
        seat = round_.seats.select_related("pairing__south", "pairing__north").get(player=ama)
        try:
            (french_push,) = service.wait(1, french["endpoint"])
            (everyone_push,) = service.wait(1, everyone["endpoint"])
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None

        claims = vapid_claims(french_push, PUBLIC_KEY)
        assert claims["aud"] == service.origin and claims["sub"] == SUBJECT
        assert claims["exp"] > timezone.now().timestamp()
        message = service.decrypt(french_push)
        opponent = seat.opponent.name
        side = {Side.SOUTH: "Sud", Side.NORTH: "Nord"}[seat.side]
        assert message["title"] == "Ama Owusu · Accra Open"
        assert message["body"] == f"Ronde 1, table {seat.pairing.board}, {side} contre {opponent}"
        assert message["url"] == f"/t/accra/men/player/{ama.pairing_number}/"
        assert message["unfollow"] == answer.json()["unfollow"]
        assert message["unfollow_label"] == "Ne plus suivre"
        assert service.decrypt(everyone_push)["body"] == "Men: the pairings of round 1 are out"

        record_result(seat.pairing, WIN, by=alice)
        service.wait(2, french["endpoint"])
        clear_result(seat.pairing, by=alice, reason="wrong board")
        pushes = service.wait(3, french["endpoint"])
    result, cleared = service.decrypt(pushes[1]), service.decrypt(pushes[2])
    south, north = seat.pairing.south.name, seat.pairing.north.name
    assert (
        result["body"]
        == f"Résultat enregistré : ronde 1, table {seat.pairing.board}, {south} 1–0 {north}"
    )
    # Cleared: told too, in his language, replacing the result's notification (its tag).
    assert (
        cleared["body"]
        == f"Résultat annulé : ronde 1, table {seat.pairing.board}, {south} – {north}"
    )
    assert cleared["tag"] == result["tag"]
    # The tournament's follower is told of rounds, not of every result.
    assert len(service.received(everyone["endpoint"])) == 1


@pytest.mark.django_db(transaction=True)
def test_the_round_starting_soon_is_pushed_at_the_lead_time_before_its_planned_start(
    four_players, alice, vapid
):
    section = four_players[0].section
    with PushService() as service, push_worker(PUSH_REMINDER_MINUTES="10") as worker:
        subscription = service.subscription()
        assert follow(subscription, player=four_players[1].pk).status_code == 201
        # Planned to start a moment more than ten minutes from now: the reminder is due then.
        soon = timezone.now() + timedelta(minutes=10, seconds=2)
        set_timetable(section.tournament, by=alice, starts={(section.pk, 1): soon})
        publish_round(pair_next_round(section, by=alice), by=alice)
        try:
            pushes = service.wait(2, subscription["endpoint"])
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
    bodies = {
        message["tag"].split(":")[0]: message["body"]
        for message in (service.decrypt(push) for push in pushes)
    }
    local = soon.astimezone(venue_zone(section.tournament))
    assert bodies["pairing.published"].endswith(f", {local:%H:%M}")
    assert bodies["round.starting"].startswith("In 10 minutes: Round 1, board ")


@pytest.mark.django_db(transaction=True)
def test_an_expired_subscription_is_dropped_on_410(four_players, alice, vapid):
    with PushService(answers=[410]) as service, push_worker() as worker:
        assert follow(service.subscription(), player=four_players[0].pk).status_code == 201
        publish_round(pair_next_round(four_players[0].section, by=alice), by=alice)
        try:
            wait_for(lambda: not Follower.objects.exists(), what="the follower's removal")
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
    assert len(service.received()) == 1


@pytest.mark.django_db(transaction=True)
def test_a_busy_push_service_is_tried_again_and_its_retry_after_honoured(
    four_players, alice, vapid
):
    answers = [503, (429, {"Retry-After": "1"})]
    with PushService(answers=answers) as service, push_worker() as worker:
        subscription = service.subscription()
        assert follow(subscription, player=four_players[0].pk).status_code == 201
        publish_round(pair_next_round(four_players[0].section, by=alice), by=alice)
        try:
            pushes = service.wait(3, subscription["endpoint"])
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
    # The same message each time, the follower kept.
    assert len({service.decrypt(push)["body"] for push in pushes}) == 1
    assert Follower.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_result_is_entered_while_the_push_service_is_down(four_players, alice, vapid):
    service = PushService()
    port = service.port
    subscription = service.subscription()
    service.server.server_close()  # nothing listens there now
    assert follow(subscription, player=four_players[0].pk).status_code == 201
    round_ = publish_round(pair_next_round(four_players[0].section, by=alice), by=alice)
    game = round_.pairings.get(board=1)
    api = APIClient()
    api.force_authenticate(alice)
    answer = api.post(
        f"/api/v1/tournaments/accra/games/{game.pk}/result/",
        {"ending": "capture", "south_seeds": 25, "north_seeds": 10, "expected_version": 0},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    # The worker finds the service down, keeps the follower and tries again: back at the same
    # address, the service receives the pushes.
    with push_worker(PUSH_RETRY_SECONDS="2,2,2,2") as worker:
        back = PushService(port=port)
        back.keys = service.keys
        with back:
            try:
                pushes = back.wait(2, subscription["endpoint"])
            except AssertionError:
                raise AssertionError(worker_output(worker)) from None
    assert {back.decrypt(push)["tag"].split(":")[0] for push in pushes} == {
        "pairing.published",
        "result.recorded",
    }
    assert Follower.objects.count() == 1


@pytest.mark.django_db
def test_a_follower_stops_by_delete_or_by_the_link_of_a_notification(four_players, vapid, client):
    with PushService() as service:
        first, second = service.subscription(), service.subscription()
    assert follow(first, player=four_players[0].pk).status_code == 201
    again = follow(first, player=four_players[0].pk, language="pt")
    assert again.status_code == 201 and Follower.objects.get().language == "pt"
    link = follow(second).json()["unfollow"]
    api = APIClient()
    gone = api.delete(
        "/api/v1/tournaments/accra/followers/",
        {"endpoint": first["endpoint"], "player": four_players[0].pk},
        format="json",
    )
    assert gone.status_code == 204
    again = api.delete(
        "/api/v1/tournaments/accra/followers/", {"endpoint": first["endpoint"]}, format="json"
    )
    assert again.status_code == 404 and again.json()["code"] == "not_following"
    page = client.get(link)
    assert page.status_code == 200 and "Accra Open" in page.content.decode()
    assert Follower.objects.count() == 1
    assert client.post(link).status_code == 200
    assert not Follower.objects.exists()
    assert client.post(link).status_code == 404


@pytest.mark.django_db
def test_a_subscription_that_cannot_be_pushed_to_is_refused(four_players, vapid, settings):
    with PushService() as service:
        good = service.subscription()
    bad_keys = {**good, "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}}
    for subscription in (bad_keys, {**good, "endpoint": "ftp://push.example/1"}):
        answer = follow(subscription)
        assert answer.status_code == 400
        assert answer.json()["code"] == "push_subscription_refused"
    settings.WEBHOOK_ALLOW_PRIVATE = False
    answer = follow({**good, "endpoint": "https://127.0.0.1/push/1"})
    assert answer.status_code == 400 and answer.json()["code"] == "push_subscription_refused"
    answer = follow(good, player=10**6)
    assert answer.status_code == 404
    assert not Follower.objects.exists()


@pytest.mark.django_db
def test_nothing_is_followed_on_a_server_without_keys(four_players, settings):
    settings.VAPID_PRIVATE_KEY = settings.VAPID_PUBLIC_KEY = ""
    assert APIClient().get("/api/v1/push/key/").status_code == 404
    with PushService() as service:
        answer = follow(service.subscription())
    assert answer.status_code == 404 and answer.json()["code"] == "push_not_set_up"


@pytest.mark.django_db
def test_the_public_key_is_served_to_the_page(four_players, vapid, client):
    assert APIClient().get("/api/v1/push/key/").json() == {"public_key": PUBLIC_KEY}
    page = client.get("/t/accra/men/player/1/").content.decode()
    assert 'class="follow"' in page and f'data-player="{four_players[0].pk}"' in page
    assert 'data-follow="/api/v1/tournaments/accra/followers/"' in page
