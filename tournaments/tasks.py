"""The task of telling what happened (tournaments/announcements.py), run by the task worker
(`manage.py task_worker`) on Django's tasks framework."""

from django.tasks import task

from tournaments import announcements


@task()
def tell(announcement: dict) -> None:
    """Tell the listeners the announcement the request queued (its fields, ids only)."""
    announcements.tell(announcements.Announcement(**announcement))
