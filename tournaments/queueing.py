"""Queueing a task of Django's tasks framework with the rows it will read.

A task queued inside a transaction must not run before that transaction's rows are there. The
database queue (django-tasks-db) writes the task in the same transaction: both are kept or
neither, so it is queued at once. A queue outside the database (Redis) would hand the task to
a worker before the commit, which would find nothing to do: there it is queued once the
transaction commits (nothing is queued if it rolls back); a Redis that refuses it then is logged
and never fails the write that has committed.
"""

from functools import partial

from django.db import transaction
from django.tasks.base import TASK_MAX_PRIORITY
from django_tasks_db import DatabaseBackend

# The queue the worker takes first (settings.TASK_QUEUES): work due at a moment.
DEADLINES = "deadlines"


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
