"""The work of notifications done outside the request, on Django's tasks framework (the TASKS
setting; `manage.py db_worker` runs it)."""

from django.tasks import task

from notifications.delivery import send_due


@task()
def send_deliveries(endpoint_id: int) -> None:
    """Send the endpoint's waiting deliveries that are due, in order."""
    send_due(endpoint_id)
