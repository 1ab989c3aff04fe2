"""The venue's end of publishing (publishing/sending.py): what it does with each answer of the
public server, and what the arbiter reads about it. The public server here is this test's own
live server (the same database, so only its refusals are tried here; tests/publishing/
test_mirror_servers.py publishes between two real servers)."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from publishing.models import Mirror, PublishTarget
from publishing.receiving import detach, issue_token, revoke_tokens
from publishing.sending import _claim, let_go, publish_to, send_due, send_once, status
from tests.servers import free_port
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


def line(target: PublishTarget) -> str:
    target.refresh_from_db()
    return status(target, Tournament.objects.get(pk=target.tournament_id).revision)


def test_an_unreachable_public_server_is_waited_for_with_a_growing_back_off(demo):
    target = publish_to(demo, f"http://127.0.0.1:{free_port()}/", "token")
    assert send_once(target) == "waiting"
    target.refresh_from_db()
    first_wait = target.next_attempt_at - timezone.now()
    assert target.failures == 1 and target.state == PublishTarget.State.ACTIVE
    assert line(target).startswith("waiting for the network since ")
    assert f"{demo.revision} changes queued" in line(target)
    send_due("worker-a")  # not due yet: nothing tried
    target.refresh_from_db()
    assert target.failures == 1
    assert send_once(target) == "waiting"
    target.refresh_from_db()
    assert target.failures == 2
    assert target.next_attempt_at - timezone.now() > first_wait


def test_a_refused_token_stops_publishing_and_says_why(demo, live_server):
    target = publish_to(demo, live_server.url, "not-a-token")
    assert send_once(target) == "stopped"
    assert line(target).startswith("stopped: the public server refused the token")
    assert "does not let you publish demo here" in line(target)
    send_due("worker-a")  # a stopped target is not tried again
    target.refresh_from_db()
    assert target.acknowledged_revision is None and target.transfers == 0


def test_a_revoked_token_stops_publishing(demo, live_server):
    token = issue_token("demo", "The hall")
    revoke_tokens("demo")
    target = publish_to(demo, live_server.url, token)
    assert send_once(target) == "stopped"
    target.refresh_from_db()
    assert target.stop_reason == PublishTarget.Stop.TOKEN_REFUSED
    # Naming the target again with a new token resumes it.
    publish_to(demo, live_server.url, issue_token("demo", "The hall"))
    target.refresh_from_db()
    assert target.state == PublishTarget.State.ACTIVE and target.stop_reason == ""


def test_a_detached_mirror_stops_publishing_and_says_why(demo, live_server):
    Mirror.objects.create(slug="demo", venue="The hall")
    detach("demo", "Kept here from now on.")
    target = publish_to(demo, live_server.url, issue_token("demo", "The hall"))
    assert send_once(target) == "stopped"
    assert line(target).startswith("stopped: the public server detached its copy")
    assert "Kept here from now on." in line(target)


def test_the_arbiter_names_a_public_server_and_reads_its_state(demo, client, django_user_model):
    client.force_login(django_user_model.objects.get(username="arbiter"))
    answer = client.post(
        "/t/demo/arbiter/publishing/",
        {"url": f"http://127.0.0.1:{free_port()}", "token": "abc"},
    )
    assert answer.status_code == 302
    target = demo.publish_targets.get()
    send_once(target)
    page = client.get("/t/demo/arbiter/publishing/").content.decode()
    assert "waiting for the network since" in page
    assert "waiting for the network since" in client.get("/t/demo/arbiter/").content.decode()
    client.post("/t/demo/arbiter/publishing/", {"action": "stop", "target": target.pk})
    assert "stopped by an arbiter" in client.get("/t/demo/arbiter/").content.decode()
    client.post("/t/demo/arbiter/publishing/", {"action": "remove", "target": target.pk})
    assert not demo.publish_targets.exists()


def test_one_worker_at_a_time_sends_for_a_target(demo):
    target = publish_to(demo, f"http://127.0.0.1:{free_port()}", "token")
    assert _claim(target, "worker-a")
    assert not _claim(target, "worker-b")
    send_due("worker-b")  # held by worker-a: nothing tried
    target.refresh_from_db()
    assert target.failures == 0
    assert _claim(target, "worker-a")
    let_go("worker-a")  # worker-a stops cleanly
    send_due("worker-b")
    target.refresh_from_db()
    assert target.failures == 1 and target.lease_owner == "worker-b"


def test_the_arbiter_stops_publishing_with_the_documented_command(demo, live_server):
    publish_to(demo, live_server.url, issue_token("demo", "The hall"))
    call_command("publish_to", "demo", live_server.url, "--stop", stdout=open("/dev/null", "w"))
    target = PublishTarget.objects.get(tournament=demo)
    assert target.state != PublishTarget.State.ACTIVE
    send_due("worker-a")  # a stopped target is not tried again
    target.refresh_from_db()
    assert target.transfers == 0
