"""Player accounts (docs/accounts.md): a player's account with his language and whether he
wants mail, the links he asks for between his account and a person of the register or an entry
of a tournament (confirmed by an arbiter or a register officer), and the mails sent to him."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from register.models import Person
from tournaments.models import Player, Round, Tournament


class Account(models.Model):
    """A player's account: a Django user whose username is his e-mail address. `email_checked`
    once he has signed in through a link mailed to it: only then is he sent notifications."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_account"
    )
    language = models.CharField(
        _("language"), max_length=8, choices=settings.LANGUAGES, default="en"
    )
    wants_mail = models.BooleanField(_("send me mail"), default=True)
    email_checked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self):
        return self.user.email or self.user.get_username()

    @property
    def email(self) -> str:
        return self.user.email


class AccountLink(models.Model):
    """A player's request that his account is a person of the register or an entry of a
    tournament (exactly one of the two), and its decision. Only a confirmed link counts."""

    class Status(models.TextChoices):
        ASKED = "asked", _("Waiting")
        CONFIRMED = "confirmed", _("Confirmed")
        REFUSED = "refused", _("Refused")

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="links")
    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.ASKED)
    asked_at = models.DateTimeField(auto_now_add=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(person__isnull=True, player__isnull=False)
                | Q(person__isnull=False, player__isnull=True),
                name="account_link_one_target",
            ),
        ]

    def __str__(self):
        return f"{self.account} → {self.person or self.player} ({self.status})"


class Mail(models.Model):
    """One mail to a player: the pairing of a round, that it starts in `MAIL_REMINDER_MINUTES`
    (for the planned start `starts_at`: a start moved makes a new one, and the old one, finding
    the start changed, is given up unsent), his results of a round (gathered for
    `MAIL_BATCH_SECONDS` after the first), or the final standings. Written when the event
    happens, worded and sent by the task worker in the account's language; an SMTP failure is
    tried again after `MAIL_RETRY_SECONDS`, given up after `MAIL_MAX_ATTEMPTS`."""

    class Kind(models.TextChoices):
        PAIRING = "pairing", _("Pairing")
        REMINDER = "reminder", _("Round starting")
        RESULTS = "results", _("Results")
        FINAL = "final", _("Final standings")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        SENT = "sent", _("Sent")
        GIVEN_UP = "given_up", _("Given up")

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="mails")
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="player_mails"
    )
    round = models.ForeignKey(
        Round, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=10, choices=Kind)
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    last_error = models.CharField(max_length=200, blank=True)
    subject = models.CharField(max_length=200, blank=True)
    # A reminder's: the planned start it tells of.
    starts_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self):
        return f"{self.kind} → {self.account} ({self.status})"
