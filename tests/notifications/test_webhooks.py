"""Webhooks as a receiving program meets them: a round played through the services while the
real task worker runs beside, and a receiver that fails its first three requests. Every event
arrives, once each after dropping repeats by `webhook-id`, in the order it happened, signed as
the Standard Webhooks library checks."""

from datetime import timedelta

import pytest
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012
from rest_framework.test import APIClient
from standardwebhooks.webhooks import Webhook

from notifications.delivery import new_secret, send_due
from notifications.models import Attempt, Delivery, Endpoint, Event
from oware.endings import Ending
from tests.notifications.receivers import Receiver, task_worker, wait_for, worker_output
from tournaments.queueing import EARLY_START
from tournaments.services.results import ResultEntry, clear_result, record_result
from tournaments.services.rounds import pair_next_round, publish_round, take_back_round

WIN = ResultEntry(ending=Ending.CAPTURE, south_seeds=25, north_seeds=10)
EVERY_EVENT = [
    "pairing.published",
    "result.recorded",
    "result.cleared",
    "round.taken_back",
    "standings.final",
]


@pytest.fixture
def one_round_section(tournament, section, make_player):
    tournament.rounds = 1
    tournament.published = True
    tournament.save()
    for number, name in enumerate(["Ama", "Kofi", "Yaw", "Afi", "Kwame", "Esi"], start=1):
        make_player(name, number, rating=2000 - 50 * number)
    return section


@pytest.fixture
def alice_api(alice):
    api = APIClient()
    api.force_authenticate(alice)
    return api


def register(api, url, events=EVERY_EVENT):
    return api.post(
        "/api/v1/tournaments/accra/webhooks/", {"url": url, "events": events}, format="json"
    )


def play_a_round(section, alice, written=lambda: None):
    """Pair and publish the section's only round, enter its three results (the last one ends
    the tournament), then, once `written()` returns (the events written so far), clear one and
    take the round back."""
    round_ = publish_round(pair_next_round(section, by=alice), by=alice)
    games = list(round_.pairings.filter(north__isnull=False).order_by("board"))
    for game in games:
        record_result(game, WIN, by=alice)
    written()
    clear_result(games[-1], by=alice, reason="wrong board")
    take_back_round(round_, by=alice, reason="paired the wrong players")
    return round_, games


PLAYED = [
    "pairing.published",
    "result.recorded",
    "result.recorded",
    "result.recorded",
    "standings.final",
    "result.cleared",
    "round.taken_back",
]


@pytest.mark.django_db(transaction=True)
def test_every_event_of_a_round_arrives_once_in_order_and_signed(
    one_round_section, alice, alice_api, client, api_schema
):
    with Receiver(failures=3) as receiver, task_worker() as worker:
        answer = register(alice_api, receiver.url)
        assert answer.status_code == 201, answer.content
        secret = answer.json()["secret"]
        assert secret.startswith("whsec_")
        # The worker writes each event when it comes to it: the round is taken back once the
        # events of its publication and results are written, so that they show it (the test
        # below sends events whose round is gone).
        round_, games = play_a_round(
            one_round_section, alice, lambda: wait_for(lambda: Event.objects.count() == 5)
        )

        def all_arrived():
            return len({headers["webhook-id"] for headers, _ in receiver.requests}) == len(PLAYED)

        try:
            wait_for(all_arrived)
            wait_for(lambda: not Delivery.objects.filter(status="pending").exists())
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None

    # A receiver's side: check each request with the published library, drop repeats.
    verifier = Webhook(secret)
    seen, received = set(), []
    for headers, body in receiver.requests:
        payload = verifier.verify(body, headers)
        if headers["webhook-id"] in seen:
            continue
        seen.add(headers["webhook-id"])
        received.append(payload)
    assert [event["type"] for event in received] == PLAYED
    assert {event["tournament"] for event in received} == {"accra"}
    revisions = [event["revision"] for event in received]
    assert revisions == sorted(revisions)
    published = received[0]["data"]
    assert published["section"] == "men" and published["number"] == 1
    assert [board["id"] for board in published["pairings"] if board["type"] == "board"] == [
        game.pk for game in games
    ]
    assert received[1]["data"]["id"] == games[0].pk
    assert received[1]["data"]["result"]["south_points"] is not None
    cleared = received[5]["data"]  # the game, or what names it if the round went first
    assert cleared["id"] == games[-1].pk and cleared.get("result") is None
    assert received[6]["data"] == {"section": "men", "number": 1}
    # Each body is what the schema's `webhooks` section documents for its type.
    schema = api_schema
    for event in received:
        assert body_errors(event, schema) == [], event["type"]
    # The first event took four attempts (three answered 500), each with the same id.
    first = Delivery.objects.get(event__kind="pairing.published")
    assert first.status == "delivered" and first.attempts == 4
    assert [a.status_code for a in first.tries.all()] == [500, 500, 500, 200]
    assert receiver.requests[0][0]["webhook-id"] == receiver.requests[3][0]["webhook-id"]

    # The arbiter sees the failed attempts, their answers, and can send one again.
    client.force_login(alice)
    page = client.get("/t/accra/arbiter/webhooks/").content.decode()
    assert page.count("attempt-failed") == 3
    assert "not now" in page and "status 500" in page
    assert receiver.url in page and secret not in page


@pytest.mark.django_db(transaction=True)
def test_events_whose_round_was_taken_back_before_they_were_written_still_go_out_in_order(
    one_round_section, alice, alice_api, api_schema
):
    with Receiver() as receiver:
        assert register(alice_api, receiver.url).status_code == 201
        # All before a worker runs: the round and its result are gone when it writes the events.
        round_ = publish_round(pair_next_round(one_round_section, by=alice), by=alice)
        game = round_.pairings.get(board=2)
        record_result(game, WIN, by=alice)
        take_back_round(round_, by=alice, reason="paired the wrong players")
        with task_worker() as worker:
            try:
                wait_for(lambda: len(receiver.requests) == 3)
            except AssertionError:
                raise AssertionError(worker_output(worker)) from None
    bodies = receiver.bodies()
    assert [body["type"] for body in bodies] == [
        "pairing.published",
        "result.recorded",
        "round.taken_back",
    ]
    assert bodies[0]["data"] == {"section": "men", "number": 1, "gone": True}
    assert bodies[1]["data"] == {
        "id": game.pk,
        "section": "men",
        "round": 1,
        "board": 2,
        "gone": True,
    }
    schema = api_schema
    for body in bodies:
        assert body_errors(body, schema) == [], body["type"]


@pytest.mark.django_db(transaction=True)
def test_a_result_is_entered_while_the_receiver_is_down(one_round_section, alice, alice_api):
    with Receiver() as receiver:
        url = receiver.url
        assert register(alice_api, url).status_code == 201
    # Nothing listens at the URL any more, and no worker runs yet: the entry does not wait.
    round_ = publish_round(pair_next_round(one_round_section, by=alice), by=alice)
    game = round_.pairings.get(board=1)
    answer = alice_api.post(
        f"/api/v1/tournaments/accra/games/{game.pk}/result/",
        {"ending": "capture", "south_seeds": 25, "north_seeds": 10, "expected_version": 0},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    # The request queued one task carrying the game's id; the event is written by the worker.
    told = DBTaskResult.objects.filter(task_path="tournaments.tasks.tell")
    assert [task.args_kwargs["args"][0]["pairing_id"] for task in told] == [None, game.pk]
    assert not Event.objects.exists()
    with task_worker():
        wait_for(lambda: Attempt.objects.filter(error="connection refused").count() >= 2)
    assert Event.objects.filter(kind="result.recorded").count() == 1
    assert not Attempt.objects.filter(succeeded=True).exists()
    assert Delivery.objects.filter(status="pending").count() == 2


@pytest.mark.django_db(transaction=True)
def test_an_event_behind_a_worker_that_died_holding_the_endpoint_goes_out_when_the_hold_lapses(
    one_round_section, alice, alice_api
):
    with Receiver() as receiver, task_worker() as worker:
        assert register(alice_api, receiver.url, ["result.recorded"]).status_code == 201
        round_ = publish_round(pair_next_round(one_round_section, by=alice), by=alice)
        told = DBTaskResult.objects.filter(task_path="tournaments.tasks.tell")
        wait_for(lambda: told.filter(finished_at__isnull=False).exists(), what="the worker")
        # A worker died sending to the endpoint 57 s ago: its hold lapses in 3 s, and no other
        # event will come for the endpoint.
        held_until = timezone.now() + timedelta(seconds=3)
        Endpoint.objects.update(held_until=held_until)
        record_result(round_.pairings.get(board=1), WIN, by=alice)
        try:
            wait_for(lambda: Delivery.objects.filter(status="delivered").exists(), seconds=30)
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
    assert [body["type"] for body in receiver.bodies()] == ["result.recorded"]
    assert Attempt.objects.get().at > held_until
    looks = DBTaskResult.objects.filter(task_path="notifications.tasks.send_deliveries")
    assert [look.run_after > held_until for look in looks] == [True]


@pytest.mark.django_db
def test_workers_finding_one_hold_share_one_look_and_a_renewed_hold_gets_the_next(tournament):
    """A backlog sent while events keep coming: each event's job finds the endpoint held."""
    held_until = timezone.now() + timedelta(seconds=60)
    endpoint = Endpoint.objects.create(
        tournament=tournament,
        url="http://127.0.0.1:9/",
        events=EVERY_EVENT,
        secret=new_secret(),
        held_until=held_until,
    )
    looks = DBTaskResult.objects.filter(task_path="notifications.tasks.send_deliveries")
    for _event in range(3):
        send_due(endpoint.pk)
    assert list(looks.values_list("run_after", flat=True)) == [held_until + EARLY_START]
    # The holder is alive and sends on: the look finds the hold renewed, and queues the next.
    renewed = held_until + timedelta(seconds=30)
    Endpoint.objects.update(held_until=renewed)
    send_due(endpoint.pk)
    send_due(endpoint.pk)
    assert sorted(looks.values_list("run_after", flat=True)) == [
        held_until + EARLY_START,
        renewed + EARLY_START,
    ]
    endpoint.refresh_from_db()
    assert endpoint.held_until == renewed  # never taken from the holder


@pytest.mark.django_db
def test_a_loopback_url_is_refused_unless_allowed(one_round_section, alice_api, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = False
    for url in (
        "http://127.0.0.1:9/hook",
        "http://localhost/hook",
        "http://10.1.2.3/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://[::ffff:192.168.0.1]/",
        "ftp://example.org/",
    ):
        answer = register(alice_api, url)
        assert answer.status_code == 400, url
        assert answer.json()["code"] == "webhook_url_refused", url
    assert not Endpoint.objects.exists()
    settings.WEBHOOK_ALLOW_PRIVATE = True
    assert register(alice_api, "http://127.0.0.1:9/hook").status_code == 201


@pytest.mark.django_db
def test_unknown_events_are_refused(one_round_section, alice_api, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    for events in ([], ["result.deleted"]):
        answer = register(alice_api, "http://127.0.0.1:9/hook", events)
        assert answer.status_code == 400
        assert answer.json()["code"] in ("webhook_events_refused", "invalid")


@pytest.mark.django_db
def test_the_list_never_shows_the_secret_and_delete_removes(one_round_section, alice_api, settings):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    created = register(alice_api, "http://127.0.0.1:9/hook", ["result.recorded"]).json()
    listed = alice_api.get("/api/v1/tournaments/accra/webhooks/").json()
    assert listed == [
        {
            "id": created["id"],
            "url": "http://127.0.0.1:9/hook",
            "events": ["result.recorded"],
            "created_at": created["created_at"],
        }
    ]
    gone = alice_api.delete(f"/api/v1/tournaments/accra/webhooks/{created['id']}/")
    assert gone.status_code == 204
    assert not Endpoint.objects.exists()


@pytest.mark.django_db
def test_only_the_tournaments_arbiters_see_or_register_webhooks(
    one_round_section, alice, django_user_model, settings
):
    settings.WEBHOOK_ALLOW_PRIVATE = True
    bob = django_user_model.objects.create_user("bob", password="bob-password-1")
    other = one_round_section.tournament.__class__.objects.create(name="Bamako", slug="bamako")
    other.arbiters.add(bob)
    anonymous, bobs = APIClient(), APIClient()
    bobs.force_authenticate(bob)
    body = {"url": "http://127.0.0.1:9/hook", "events": ["result.recorded"]}
    path = "/api/v1/tournaments/accra/webhooks/"
    assert anonymous.get(path).status_code == 401
    assert anonymous.post(path, body, format="json").status_code == 401
    assert bobs.get(path).status_code == 403
    assert bobs.post(path, body, format="json").status_code == 403
    assert not Endpoint.objects.exists()
    from django.test import Client

    page = Client()
    assert page.get("/t/accra/arbiter/webhooks/").status_code == 302  # to the login page
    page.force_login(bob)
    assert page.get("/t/accra/arbiter/webhooks/").status_code == 403
    assert page.post("/t/accra/arbiter/webhooks/", body).status_code == 403
    assert not Endpoint.objects.exists()


def body_errors(event: dict, schema: dict) -> list[str]:
    """What a webhook body breaks of the schema the `webhooks` section gives its type: an
    OpenAPI 3.1 schema is a JSON Schema (2020-12), checked here as a receiver's tools would."""
    registry = Registry().with_resource("urn:api", Resource.from_contents(schema, DRAFT202012))
    body = schema["webhooks"][event["type"]]["post"]["requestBody"]["content"]
    reference = body["application/json"]["schema"]["$ref"]  # "#/components/schemas/…"
    validator = Draft202012Validator({"$ref": f"urn:api{reference}"}, registry=registry)
    return [f"{list(error.path)}: {error.message}" for error in validator.iter_errors(event)]


@pytest.mark.django_db
def test_the_schema_documents_every_event_body_in_its_webhooks_section(api_schema):
    schema = api_schema
    assert schema["openapi"].startswith("3.1")
    assert "x-webhooks" not in schema
    assert list(schema["webhooks"]) == EVERY_EVENT
    for kind, hook in schema["webhooks"].items():
        assert "webhook-signature" in hook["post"]["description"], kind
        assert set(hook["post"]["responses"]) == {"2XX", "default"}, kind  # the receiver's
        body = hook["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        properties = schema["components"]["schemas"][body.rsplit("/", 1)[1]]["properties"]
        assert set(properties) == {"type", "tournament", "revision", "data"}, kind
    wrong = {"type": "round.taken_back", "tournament": "accra", "revision": "7", "data": {}}
    assert len(body_errors(wrong, schema)) == 3  # the revision's type, the round's two fields
    assert "/api/v1/tournaments/{slug}/webhooks/" in schema["paths"]


@pytest.mark.django_db
def test_send_again_queues_the_same_event_behind_the_others(one_round_section, alice, client):
    tournament = one_round_section.tournament
    endpoint = Endpoint.objects.create(
        tournament=tournament, url="http://127.0.0.1:9/", events=EVERY_EVENT, secret="whsec_AA=="
    )
    event = Event.objects.create(
        tournament=tournament, kind="result.recorded", message_id="msg_7", body="{}"
    )
    given_up = Delivery.objects.create(
        endpoint=endpoint,
        event=event,
        status="given_up",
        attempts=28,
        next_attempt_at=event.created_at,
    )
    client.force_login(alice)
    answer = client.post("/t/accra/arbiter/webhooks/", {"action": "again", "delivery": given_up.pk})
    assert answer.status_code == 302
    again = Delivery.objects.exclude(pk=given_up.pk).get()
    assert (again.event_id, again.status, again.attempts) == (event.pk, "pending", 0)
    assert again.pk > given_up.pk
    assert DBTaskResult.objects.filter(args_kwargs__args=[endpoint.pk]).exists()
