"""What the publishing page tells the arbiter: that no worker is running when none is (rather
than "sending" for ever), and a wrong token at once, in the public server's words, when he saves
it. And the clear-result page names the result in words."""

import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from publishing.models import PublishTarget, PublishWorker
from publishing.receiving import issue_token
from publishing.sending import beat, let_go, publish_to
from tests.servers import free_port
from tournaments.models import Result

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def demo(copy_demo):
    return copy_demo()


@pytest.fixture
def arbiter(client, django_user_model):
    client.force_login(django_user_model.objects.get(username="arbiter"))
    return client


def test_the_page_says_when_no_worker_is_running(demo, arbiter):
    publish_to(demo, f"http://127.0.0.1:{free_port()}", "token")
    page = arbiter.get("/t/demo/arbiter/publishing/").content.decode()
    assert "no worker has picked the work up" in page
    assert "No worker is running: start “manage.py publish_worker”." in page
    assert "sending" not in page.split("publish-line")[1]
    beat("worker-a")  # a worker runs
    page = arbiter.get("/t/demo/arbiter/publishing/").content.decode()
    assert "not published yet: sending" in page and "No worker is running" not in page
    # Not seen for a while: stopped without letting go (killed), so not running any more.
    PublishWorker.objects.update(seen_at=timezone.now() - timedelta(minutes=5))
    assert "No worker is running" in arbiter.get("/t/demo/arbiter/publishing/").content.decode()
    beat("worker-b")
    let_go("worker-b")  # stopped cleanly
    assert "No worker is running" in arbiter.get("/t/demo/arbiter/").content.decode()


def test_a_wrong_token_is_refused_when_it_is_saved(demo, arbiter, live_server):
    page = arbiter.post(
        "/t/demo/arbiter/publishing/", {"url": live_server.url, "token": "not-a-token"}
    )
    assert page.status_code == 200
    text = page.content.decode()
    assert "The public server refused it: This token does not let you publish demo here." in text
    assert not PublishTarget.objects.exists()
    # A public server that cannot be reached now (the venue's network): saved, checked later.
    unreachable = f"http://127.0.0.1:{free_port()}"
    answer = arbiter.post("/t/demo/arbiter/publishing/", {"url": unreachable, "token": "abc"})
    assert answer.status_code == 302 and PublishTarget.objects.count() == 1


def test_the_public_server_answers_a_token_check(client, demo):
    token = issue_token("spring-open", "The hall")
    answer = client.get(
        "/api/mirror/spring-open/check/", headers={"Authorization": f"Mirror {token}"}
    )
    assert (answer.status_code, answer.json()) == (200, {"revision": None})
    wrong = client.get("/api/mirror/spring-open/check/", headers={"Authorization": "Mirror x"})
    assert wrong.status_code == 403 and json.loads(wrong.content)["code"] == "token_refused"
    # The slug of an ordinary tournament here is refused as a transfer would be.
    taken = client.get(
        "/api/mirror/demo/check/",
        headers={"Authorization": f"Mirror {issue_token('demo', 'The hall')}"},
    )
    assert taken.status_code == 409 and taken.json()["code"] == "slug_taken"
    assert client.post("/api/mirror/demo/check/").status_code == 405


def test_the_clear_result_page_names_the_result_in_words(demo, arbiter):
    result = (
        Result.objects.filter(south_points=0.5, pairing__round__section__tournament=demo)
        .select_related("pairing")
        .first()
    )
    assert result is not None, "the demo has a draw"
    page = arbiter.get(f"/t/demo/arbiter/game/{result.pairing.pk}/clear/").content.decode()
    assert "½–½" in page and result.get_ending_display() in page
    assert "0.5–0.5" not in page and f"({result.ending})" not in page


def test_the_worker_beats_while_it_runs_and_goes_quietly(demo, monkeypatch):
    from publishing.management.commands import publish_worker
    from publishing.sending import worker_running

    seen = []
    monkeypatch.setattr(publish_worker, "let_go", lambda owner: seen.append(worker_running()))
    call_command("publish_worker", "--once")
    assert seen == [True], "a worker was running during its pass"
    PublishWorker.objects.all().delete()
    monkeypatch.undo()
    call_command("publish_worker", "--once")  # the real let_go: it says goodbye
    assert not PublishWorker.objects.exists()


def test_the_command_checks_the_token_at_once_too(demo, live_server):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="does not let you publish demo here"):
        call_command("publish_to", "demo", live_server.url, "--token", "not-a-token")
    assert not PublishTarget.objects.exists()
