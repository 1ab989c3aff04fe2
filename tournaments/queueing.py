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
from django_tasks_db import DatabaseBackend


def enqueue(task, *args, run_after=None) -> None:
    """Queue `task(*args)`, after `run_after` when given, as the module says."""
    if run_after is not None:
        task = task.using(run_after=run_after)
    if transaction.get_connection().in_atomic_block and not isinstance(
        task.get_backend(), DatabaseBackend
    ):
        transaction.on_commit(partial(task.enqueue, *args), robust=True)
    else:
        task.enqueue(*args)
