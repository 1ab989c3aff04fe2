"""Publishing a tournament from a venue's server to a public one (docs/deployment.md).

On the venue: a `PublishTarget` per public server a tournament is sent to, holding the queue's
state (what the public server acknowledged, since when it cannot be reached, why it stopped), so
that sending resumes where it was after a restart. On the public server: a `MirrorToken` lets a
venue publish one tournament, and a `Mirror` marks the tournament stored from it as read-only.
"""

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class PublishTarget(models.Model):
    class State(models.TextChoices):
        ACTIVE = "active", _("publishing")
        STOPPED = "stopped", _("stopped")

    class Stop(models.TextChoices):
        NONE = "", ""
        TOKEN_REFUSED = "token_refused", _("the public server refused the token")
        DETACHED = "mirror_detached", _("the public server detached its copy")
        SLUG_TAKEN = "slug_taken", _("the public server has another tournament of this slug")
        REFUSED = "refused", _("the public server refused the tournament")
        BY_ARBITER = "by_arbiter", _("stopped by an arbiter")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="publish_targets"
    )
    url = models.URLField(_("public server"), max_length=300)
    token = models.CharField(_("token"), max_length=200)
    # Names this venue's copy of the tournament to the public server: a new target starts a
    # new chain of revisions there.
    source = models.UUIDField(default=uuid.uuid4, editable=False)
    state = models.CharField(max_length=16, choices=State, default=State.ACTIVE)
    stop_reason = models.CharField(max_length=32, choices=Stop, blank=True, default="")
    stop_message = models.TextField(blank=True, default="")
    acknowledged_revision = models.PositiveBigIntegerField(null=True, blank=True)
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    # The document the public server acknowledged (gzip), the base of the next increment.
    acknowledged_document = models.BinaryField(null=True, blank=True, editable=False)
    waiting_since = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")
    bytes_sent = models.PositiveBigIntegerField(default=0)
    transfers = models.PositiveIntegerField(default=0)
    # The worker sending for this target now (several servers may each run a worker).
    lease_owner = models.CharField(max_length=64, blank=True, default="")
    lease_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "url"], name="publish_target_once")
        ]
        ordering = ["tournament", "url"]

    def __str__(self):
        return f"{self.tournament.slug} → {self.url}"


class MirrorToken(models.Model):
    """Lets the holder publish the tournament `slug` here; only its hash is kept."""

    slug = models.SlugField(_("tournament slug"), max_length=80)
    venue = models.CharField(_("venue"), max_length=200)
    token_hash = models.CharField(max_length=64, unique=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["slug", "-created_at"]

    def __str__(self):
        return f"{self.slug} ({self.venue})"


class Mirror(models.Model):
    """A tournament here that is a copy of a venue's: read-only until detached."""

    slug = models.SlugField(max_length=80, unique=True)
    tournament = models.OneToOneField(
        Tournament, null=True, blank=True, on_delete=models.SET_NULL, related_name="mirror"
    )
    venue = models.CharField(max_length=200)
    source = models.UUIDField(null=True, blank=True)
    revision = models.PositiveBigIntegerField(null=True, blank=True)
    received_at = models.DateTimeField(null=True, blank=True)
    # The document held (gzip), the base an increment from the venue is applied to.
    document = models.BinaryField(null=True, blank=True, editable=False)
    detached_at = models.DateTimeField(null=True, blank=True)
    detached_reason = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["slug"]

    def __str__(self):
        return f"{self.slug} ← {self.venue}"


class PublishWorker(models.Model):
    """A running `publish_worker` on the venue: it writes `seen_at` at each pass of its loop, so
    that the publishing page can say when no worker has been seen for a while (nothing is sent
    then) instead of "sending" for ever. A worker that stops cleanly removes its row."""

    name = models.CharField(max_length=64, unique=True)
    seen_at = models.DateTimeField()

    def __str__(self):
        return self.name
