"""Queueing a task of Django's tasks framework with the rows it will read.

A task queued inside a transaction must not run before that transaction's rows are there. The
database queue (django-tasks-db) writes the task in the same transaction: both are kept or
neither, so it is queued at once. A queue outside the database (Redis) would hand the task to
a worker before the commit, which would find nothing to do: there it is queued once the
transaction commits (nothing is queued if it rolls back); a Redis that refuses it then is logged
and never fails the write that has committed.
"""

import time
from datetime import datetime, timedelta
from functools import partial

from django.db import transaction
from django.tasks.base import TASK_MAX_PRIORITY
from django_tasks_db import DatabaseBackend

# The queue the worker takes first (settings.TASK_QUEUES): work due at a moment.
DEADLINES = "deadlines"

# How early a task queued with `run_after` may start: RQ's scheduler keeps a job's time in
# whole seconds (cut, not rounded) and moves due jobs to their queue once a second, so a job can
# start up to a second before its time.
EARLY_START = timedelta(seconds=1.5)


def started_early(due: datetime, now: datetime) -> bool:
    """Whether a task queued for `due` that runs at `now` is one the queue started early."""
    return now < due <= now + EARLY_START


def wait_until(due: datetime, now: datetime) -> datetime:
    """Wait for `due`, when a task queued for it started early (`started_early`); the moment
    it then is, by the task's clock."""
    if not started_early(due, now):
        return now
    time.sleep((due - now).total_seconds())
    return due


def enqueue(task, *args, run_after=None, deadline: bool = False) -> None:
    """Queue `task(*args)`, after `run_after` when given, as the module says. A `deadline` (a
    board's flag fall or no-show, a round's start) goes on the queue the worker takes first
    and, where the queue orders its due tasks by priority (the database's), at the highest:
    a backlog of mails and pushes never holds it back."""
    options = {} if run_after is None else {"run_after": run_after}
    if deadline:
        options["queue_name"] = DEADLINES
        if task.get_backend().supports_priority:
            options["priority"] = TASK_MAX_PRIORITY
    if options:
        task = task.using(**options)
    if transaction.get_connection().in_atomic_block and not isinstance(
        task.get_backend(), DatabaseBackend
    ):
        transaction.on_commit(partial(task.enqueue, *args), robust=True)
    else:
        task.enqueue(*args)
