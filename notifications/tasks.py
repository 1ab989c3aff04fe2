"""The work of notifications done outside the request, on Django's tasks framework (the TASKS
setting; `manage.py db_worker` runs it)."""

from django.tasks import task

from notifications.delivery import send_due
from notifications.models import Delivery


@task()
def send_deliveries(endpoint_id: int) -> None:
    """Send the endpoint's waiting deliveries that are due, in order."""
    send_due(endpoint_id)


@task()
def send_event(event_id: int) -> None:
    """Send what is due at each endpoint the event is for (its deliveries behind the earlier
    ones of the same endpoint)."""
    endpoints = Delivery.objects.filter(event_id=event_id).values_list("endpoint_id", flat=True)
    for endpoint_id in sorted(set(endpoints)):
        send_due(endpoint_id)
