"""An online event: a tournament whose players enter themselves and whose rounds run without an
arbiter (docs/online.md). Its settings, each entry with the account that made it, the players'
check-ins before a round, and the problems players report about a game."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models import Pairing, Player, Tournament

# The bounds of the settings: a one-minute clock and a ten-second no-show delay are allowed for
# rehearsals and tests; the upper bounds keep a mistyped number from freezing an event.
CLOCK_MINUTES = (1, 180)
INCREMENT_SECONDS = (0, 60)
NO_SHOW_SECONDS = (10, 3600)
GAP_SECONDS = (0, 3600)
# The most rounds an online event runs.
MAX_ROUNDS = 30
# The settings an organiser chooses for an online event (the API's `online` block, the new
# event's form), besides how the next round starts.
SETTINGS = (
    "clock_minutes",
    "increment_seconds",
    "no_show_seconds",
    "gap_seconds",
    "entries_from",
    "entries_until",
    "late_entries",
    "late_entry_points",
    "check_in",
)


class OnlineEvent(models.Model):
    """The online settings of a tournament, and where its run is."""

    class NextRound(models.TextChoices):
        AFTER_LAST_GAME = "after_last_game", _("after the last game of the round before")
        FIXED = "fixed", _("at the round's planned start")

    class State(models.TextChoices):
        ENTRIES = "entries", _("taking entries")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="online")
    # The arbiter in whose name the rounds are paired and published while nobody is watching.
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="online_events"
    )
    clock_minutes = models.PositiveSmallIntegerField(
        _("minutes per player"),
        default=20,
        validators=[MinValueValidator(CLOCK_MINUTES[0]), MaxValueValidator(CLOCK_MINUTES[1])],
    )
    increment_seconds = models.PositiveSmallIntegerField(
        _("increment per move, in seconds"),
        default=0,
        validators=[MaxValueValidator(INCREMENT_SECONDS[1])],
    )
    no_show_seconds = models.PositiveIntegerField(
        _("no-show delay, in seconds"),
        null=True,
        blank=True,
        default=300,
        validators=[MinValueValidator(NO_SHOW_SECONDS[0]), MaxValueValidator(NO_SHOW_SECONDS[1])],
        help_text=_("A player who has not moved this long after his game opens loses by forfeit."),
    )
    next_round = models.CharField(
        _("next round"), max_length=20, choices=NextRound, default=NextRound.AFTER_LAST_GAME
    )
    gap_seconds = models.PositiveIntegerField(
        _("pause before the next round, in seconds"),
        default=60,
        validators=[MaxValueValidator(GAP_SECONDS[1])],
    )
    entries_from = models.DateTimeField(_("entries open"), null=True, blank=True)
    entries_until = models.DateTimeField(
        _("entries close"),
        null=True,
        blank=True,
        help_text=_(
            "Empty: at the start. Late entries stay open until half the rounds are played."
        ),
    )
    late_entries = models.BooleanField(_("late entries"), default=True)
    late_entry_points = models.DecimalField(
        _("points for each missed round"),
        max_digits=2,
        decimal_places=1,
        default=Decimal("0"),
        choices=[(Decimal("0"), "0"), (Decimal("0.5"), "½"), (Decimal("1"), "1")],
    )
    check_in = models.BooleanField(
        _("check-in before each round"),
        default=False,
        help_text=_(
            "A player who has not checked in when the round is paired is not paired; after two "
            "in a row he is withdrawn until he checks in again."
        ),
    )
    state = models.CharField(max_length=10, choices=State, default=State.ENTRIES)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(clock_minutes__gte=CLOCK_MINUTES[0])
                & Q(clock_minutes__lte=CLOCK_MINUTES[1]),
                name="online_clock_minutes_bounded",
            ),
        ]

    def __str__(self):
        return str(self.tournament)

    @property
    def clock_seconds(self) -> int:
        return self.clock_minutes * 60


class Entry(models.Model):
    """A player who entered himself: his entry in the section and the account that made it."""

    event = models.ForeignKey(OnlineEvent, on_delete=models.CASCADE, related_name="entries")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="online_entry")
    account = models.ForeignKey(
        "players.Account", on_delete=models.CASCADE, related_name="online_entries"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    # Check-ins missed one after the other; two withdraw him.
    missed_in_row = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["event", "player"]
        constraints = [
            models.UniqueConstraint(fields=["event", "account"], name="online_entry_once"),
        ]

    def __str__(self):
        return str(self.player)


class CheckIn(models.Model):
    """A player present for round `number`: paired if the event asks for check-ins."""

    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="check_ins")
    number = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entry", "number"]
        constraints = [
            models.UniqueConstraint(fields=["entry", "number"], name="online_check_in_once"),
        ]

    def __str__(self):
        return f"{self.entry} — {self.number}"


class Dispute(models.Model):
    """A problem a player reports about one of his games, for the arbiters' queue; the event
    goes on meanwhile."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="disputes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="disputes")
    text = models.TextField(_("what went wrong"), max_length=2000)
    reported_at = models.DateTimeField(auto_now_add=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    answer = models.TextField(_("answer"), max_length=2000, blank=True)

    class Meta:
        ordering = ["reported_at", "pk"]

    def __str__(self):
        return f"{self.entry} — {self.pairing_id}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None
