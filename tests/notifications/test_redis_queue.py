"""Where Redis is configured the tasks queue there: a result recorded through the service queues
its webhook's task in the real Redis on this machine (CI starts one, as the shared-cache tests
use), and `manage.py task_worker`, which then runs RQ's worker, sends the delivery. Nothing goes
through the database's queue."""

import fcntl
import os
import tempfile
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.db import connection
from django.test import override_settings
from django_tasks_db.models import DBTaskResult
from rest_framework.test import APIClient

from games.remote import open_remote_boards
from notifications.models import Delivery, Endpoint
from oware.endings import Ending
from tests.notifications.receivers import Receiver, task_worker, wait_for, worker_output
from tests.notifications.test_webhooks import WIN, register
from tournaments.announcements import RESULT_RECORDED, announce
from tournaments.models import Result
from tournaments.services.results import record_result
from tournaments.services.rounds import pair_next_round, publish_round

# A database of the local Redis of its own, emptied before and after (the serving tests use 0
# and 13 to 15), and another for the PostgreSQL pass, should the passes run side by side.
ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith("postgres")
REDIS_DATABASE = 10 if ON_POSTGRES else 11
REDIS_URL = f"redis://127.0.0.1:6379/{REDIS_DATABASE}"
REDIS_TASKS = {
    "TASKS": {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": settings.TASK_QUEUES}},
    "RQ_QUEUES": {
        queue: {"URL": REDIS_URL, "DEFAULT_TIMEOUT": 600} for queue in settings.TASK_QUEUES
    },
}


@pytest.fixture
def local_redis():
    # The pass's test processes share that database (and RQ's one queue in it): each test holds
    # it alone, or one test's worker would take the other's jobs.
    with open(
        Path(tempfile.gettempdir()) / f"oware-tests-redis-{REDIS_DATABASE}.lock", "w"
    ) as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        server = redis.Redis.from_url(REDIS_URL)
        server.ping()  # fails (not skips) when this machine has no Redis: CI starts one
        server.flushdb()
        yield server
        server.flushdb()


@pytest.mark.django_db(transaction=True)
def test_a_result_goes_out_through_the_redis_queue_and_its_worker(
    local_redis, tournament, section, make_player, alice
):
    tournament.published = True
    tournament.save()
    for number, name in enumerate(["Ama", "Kofi"], start=1):
        make_player(name, number)
    with override_settings(**REDIS_TASKS), Receiver() as receiver:
        api = APIClient()
        api.force_authenticate(alice)
        assert register(api, receiver.url, ["result.recorded"]).status_code == 201
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        game = round_.pairings.get(north__isnull=False)
        record_result(game, WIN, by=alice)
        # Queued in Redis (an RQ queue holds the publication's and the result's announcements,
        # which the worker turns into the event and its delivery), not in the database.
        assert local_redis.llen("rq:queue:default") == 2
        assert not DBTaskResult.objects.exists()
        with task_worker(TASKS_REDIS_URL=REDIS_URL) as worker:
            try:
                wait_for(lambda: len(receiver.requests) == 1)
                wait_for(lambda: Delivery.objects.filter(status="delivered").count() == 1)
            except AssertionError:
                raise AssertionError(worker_output(worker)) from None
            # RQ's worker ran it, not the database's.
            assert (
                "rq.worker" in worker_output(worker) and local_redis.llen("rq:queue:default") == 0
            )
    assert receiver.bodies()[0]["data"]["id"] == game.pk


@pytest.mark.django_db(transaction=True)
def test_a_job_after_the_database_dropped_the_workers_connection_still_runs(
    local_redis, tournament, section, make_player, alice
):
    """RQ's worker keeps its database connection between jobs (CONN_MAX_AGE); a database
    restarted, or a proxy in front of it closing idle connections, leaves it dead. Each job
    starts by checking it, as a request does, so the next job reconnects instead of failing."""
    if connection.vendor != "postgresql":
        pytest.skip("run in the PostgreSQL pass (DATABASE_URL=postgres://…)")
    tournament.published = True
    tournament.save()
    for number, name in enumerate(["Ama", "Kofi", "Esi", "Yaw"], start=1):
        make_player(name, number)
    with (
        override_settings(**REDIS_TASKS),
        Receiver() as receiver,
        task_worker(TASKS_REDIS_URL=REDIS_URL) as worker,
    ):
        api = APIClient()
        api.force_authenticate(alice)
        assert register(api, receiver.url, ["result.recorded"]).status_code == 201
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        first, second = round_.pairings.filter(north__isnull=False).order_by("board")
        try:
            record_result(first, WIN, by=alice)
            wait_for(lambda: Delivery.objects.filter(status="delivered").count() == 1)
            # Its sending job over too (the endpoint no longer held): the connection is dropped
            # between jobs, not under one still looking for what else is due.
            wait_for(lambda: not Endpoint.objects.filter(held_until__isnull=False).exists())
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                assert cursor.fetchone()[0] >= 1  # the worker's kept connection
            record_result(second, WIN, by=alice)
            wait_for(lambda: len(receiver.requests) == 2)
            wait_for(lambda: Delivery.objects.filter(status="delivered").count() == 2)
        except AssertionError:
            raise AssertionError(worker_output(worker)) from None
    assert sorted(body["data"]["id"] for body in receiver.bodies()) == [first.pk, second.pk]


# Announcements queued ahead of a no-show's forfeit: more than the worker runs in the delay.
BACKLOG = 400


@pytest.mark.django_db(transaction=True)
def test_a_no_show_is_forfeited_ahead_of_the_announcements_queued_before_it(
    local_redis, tournament, section, make_player, alice
):
    """RQ puts a task queued for later at the back of its queue once it is due: a round's few
    hundred mails and pushes would hold a no-show's forfeit back by as long as they take. The
    deadlines have a queue of their own, which the worker takes first (settings.TASK_QUEUES)."""
    tournament.published = True
    tournament.save()
    tournament.arbiters.add(alice)
    for number, name in enumerate(["Ama", "Kofi"], start=1):
        make_player(name, number)
    with override_settings(**REDIS_TASKS):
        round_ = publish_round(pair_next_round(section, by=alice), by=alice)
        board = open_remote_boards(round_, clock_seconds=600, no_show_seconds=1)[0]
        for _ in range(BACKLOG):
            announce(RESULT_RECORDED, tournament.pk, pairing_id=board.pairing_id)
        queued = local_redis.llen("rq:queue:default")
        assert queued >= BACKLOG
        with task_worker(TASKS_REDIS_URL=REDIS_URL) as worker:
            try:
                wait_for(
                    lambda: Result.objects.filter(pairing_id=board.pairing_id).exists(),
                    60,
                    "the no-show's forfeit",
                )
            except AssertionError:
                raise AssertionError(worker_output(worker)) from None
            # Recorded while most of the announcements queued before it still waited.
            assert local_redis.llen("rq:queue:default") > queued / 2, worker_output(worker)
    result = Result.objects.get(pairing_id=board.pairing_id)
    assert result.ending == Ending.DOUBLE_FORFEIT
