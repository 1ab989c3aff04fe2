"""Webhooks: the URLs an arbiter registered for a tournament, the events sent to them, and each
delivery of an event to a URL with every attempt it took (docs/webhooks.md)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.announcements import KINDS
from tournaments.models import Player, Round, Tournament

# The longest answer body an attempt keeps, in characters.
EXCERPT_CHARS = 500


class Endpoint(models.Model):
    """A URL told of `events` of one tournament, whose deliveries it signs with `secret` (the
    Standard Webhooks form `whsec_<base64 key>`, shown to the arbiter once)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="webhook_endpoints"
    )
    url = models.URLField(_("URL"), max_length=500)
    events = models.JSONField(_("events"), default=list)
    secret = models.CharField(max_length=100)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The worker holding this endpoint's queue until then, and the moment of the one look queued
    # for when that hold lapses, by a worker that found it held (notifications/delivery.py).
    held_until = models.DateTimeField(null=True, blank=True)
    look_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.url

    def wants(self, kind: str) -> bool:
        return kind in self.events


class Event(models.Model):
    """One thing that happened to a tournament, as sent: `body` is the exact JSON every
    delivery of it carries, `message_id` its stable `webhook-id`."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="webhook_events"
    )
    kind = models.CharField(max_length=40, choices=[(kind, kind) for kind in KINDS])
    message_id = models.CharField(max_length=40, unique=True)
    body = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return f"{self.kind} {self.message_id}"


class Delivery(models.Model):
    """An event on its way to one endpoint. The endpoint's deliveries go out one at a time in
    the order of their ids: a delivery waits until every earlier one was delivered or given up.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        DELIVERED = "delivered", _("Delivered")
        GIVEN_UP = "given_up", _("Given up")

    endpoint = models.ForeignKey(Endpoint, on_delete=models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="deliveries")
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["endpoint", "status", "id"])]

    def __str__(self):
        return f"{self.event} → {self.endpoint}"


class Attempt(models.Model):
    """One try of a delivery: the answer's status code if one came, a bounded excerpt of its
    body, and what went wrong (a timeout, a refused connection, a redirect, an error status)."""

    delivery = models.ForeignKey(Delivery, on_delete=models.CASCADE, related_name="tries")
    at = models.DateTimeField(auto_now_add=True)
    succeeded = models.BooleanField(default=False)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    answer = models.CharField(max_length=EXCERPT_CHARS, blank=True)
    error = models.CharField(max_length=200, blank=True)
    milliseconds = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return f"{self.delivery}: {self.status_code or self.error}"


class Follower(models.Model):
    """A browser told by web push of what happens to a tournament, or to one of its players
    when `player` is set: its push subscription (the push service's `endpoint` and the
    browser's keys `p256dh` and `auth`), the language its messages are written in, and the
    `token` of its "stop following" link. No account: the endpoint itself is the secret."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="followers")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="followers"
    )
    endpoint = models.URLField(max_length=1000)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    language = models.CharField(max_length=10)
    token = models.CharField(max_length=40, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["tournament", "player"])]

    def __str__(self):
        return f"{self.endpoint[:60]} → {self.player or self.tournament}"

    def subscription(self) -> dict:
        """The subscription as a browser gives it and pywebpush reads it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class Reminder(models.Model):
    """The "round starts in a few minutes" push of a round, queued once per planned start: a
    start moved queues a new one, and the old one, finding the round's start changed, sends
    nothing."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    starts_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "starts_at"], name="reminder_once_per_start")
        ]

    def __str__(self):
        return f"{self.round} at {self.starts_at}"
