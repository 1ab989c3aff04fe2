from decimal import Decimal

from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Section, Team
from tournaments.models.validators import validate_single_line

# The widths of a TRF player record (tournaments/trf/writer.py): a longer name or a larger rating
# could be stored but never exported, so they are refused when entered.
NAME_LENGTH = 33
HIGHEST_RATING = 9999


class Player(models.Model):
    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "w", _("Female")

    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(
        _("name"),
        max_length=NAME_LENGTH,
        validators=[validate_single_line],
        help_text=_("At most 33 characters, as a TRF file holds it."),
    )
    # Blank when unknown: a TRF file from another program may leave the column empty, and
    # guessing would put the player in the wrong list of a sex-restricted section or prize.
    sex = models.CharField(_("sex"), max_length=1, choices=Sex, blank=True)
    title = models.CharField(
        _("title"), max_length=3, blank=True, validators=[validate_single_line]
    )
    rating = models.PositiveSmallIntegerField(
        _("rating"), null=True, blank=True, validators=[MaxValueValidator(HIGHEST_RATING)]
    )
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, validators=[validate_single_line]
    )
    # Kept as the file gives them (TRF columns 58-68 and 70-79): the FIDE number with its reserve
    # digits, and a birth date that older files write with dots or a year only.
    identity_number = models.CharField(
        _("identity number"), max_length=11, blank=True, validators=[validate_single_line]
    )
    birth_date = models.CharField(
        _("birth date"),
        max_length=10,
        blank=True,
        validators=[validate_single_line],
        help_text=_("YYYY/MM/DD, as a TRF file holds it."),
    )
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="players"
    )
    pairing_number = models.PositiveIntegerField(_("pairing number"))
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.ACTIVE)
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("withdrawn from round"),
        null=True,
        blank=True,
        help_text=_("Not paired from this round on."),
    )
    entry_round = models.PositiveSmallIntegerField(
        _("first round played"),
        default=1,
        help_text=_("A late entry misses the rounds before this one."),
    )
    missed_rounds = models.JSONField(
        _("rounds missed between a withdrawal and a re-entry"), default=list, blank=True
    )
    late_entry_points = models.DecimalField(
        _("points for each missed round"),
        max_digits=2,
        decimal_places=1,
        default=Decimal("0"),
        choices=[(Decimal("0"), "0"), (Decimal("0.5"), "½"), (Decimal("1"), "1")],
    )

    class Meta:
        ordering = ["section", "pairing_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["section", "pairing_number"], name="player_pairing_number_unique"
            ),
            models.CheckConstraint(
                condition=Q(pairing_number__gte=1), name="player_pairing_number_positive"
            ),
            models.CheckConstraint(condition=Q(sex__in=["m", "w", ""]), name="player_sex_valid"),
            models.CheckConstraint(
                condition=Q(rating__isnull=True) | Q(rating__lte=HIGHEST_RATING),
                name="player_rating_at_most_9999",
            ),
            models.CheckConstraint(
                condition=Q(status="active", withdrawn_from_round__isnull=True)
                | Q(status="withdrawn", withdrawn_from_round__isnull=False),
                name="player_withdrawal_has_round",
            ),
            models.CheckConstraint(
                condition=Q(entry_round__gte=1), name="player_entry_round_positive"
            ),
            models.CheckConstraint(
                condition=Q(late_entry_points__in=[Decimal("0"), Decimal("0.5"), Decimal("1")]),
                name="player_late_entry_points_valid",
            ),
        ]
        indexes = [models.Index(fields=["team"], name="player_team_idx")]

    def __str__(self):
        return self.name

    def is_paired_in(self, round_number: int) -> bool:
        """Return True if the player takes part in round `round_number`.

        False before his entry, from his withdrawal on, and in the rounds he missed between a
        withdrawal and a re-entry.
        """
        if round_number < self.entry_round or round_number in self.missed_rounds:
            return False
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


class RequestedBye(models.Model):
    """A round the player is not paired in, decided before the round was paired: a requested
    bye of ½ or 0 point (the arbiter decides), or a full-point bye the rules grant (TRF `F`, as
    files from other programs carry it)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="requested_byes")
    round_number = models.PositiveSmallIntegerField(_("round"))
    points = models.DecimalField(
        _("points"), max_digits=2, decimal_places=1, default=Decimal("0.5")
    )

    class Meta:
        ordering = ["player", "round_number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round_number"], name="requested_bye_unique"),
            models.CheckConstraint(
                condition=Q(points__in=[Decimal("0"), Decimal("0.5"), Decimal("1")]),
                name="requested_bye_points_valid",
            ),
            models.CheckConstraint(
                condition=Q(round_number__gte=1), name="requested_bye_round_positive"
            ),
        ]

    def __str__(self):
        return f"{self.player} — round {self.round_number}: {self.points}"
