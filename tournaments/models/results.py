from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from oware.outcome import ENDINGS
from tournaments.models.rounds import Pairing
from tournaments.models.sides import SIDE_CHOICES, SIDE_LETTERS

POINT_VALUES = [Decimal("0"), Decimal("0.5"), Decimal("1")]


ENDING_LABELS = {
    "capture": _("Capture past 24"),
    "draw24": _("Both stores at 24"),
    "no_moves": _("No legal move"),
    "agreed": _("Agreed end of a cycle"),
    "time": _("Time forfeit"),
    "resign": _("Resignation"),
    "forfeit": _("Forfeit (no-show)"),
    "double_forfeit": _("Double forfeit"),
}
"""How the pages name each ending of the rules engine; a new ending shows its code."""

# The endings are those of the rules engine (oware.outcome.ENDINGS), same strings.
Ending = models.TextChoices(
    "Ending", [(code.upper(), (code, ENDING_LABELS.get(code, code))) for code in ENDINGS]
)


PLAYED_ENDINGS = [
    Ending.CAPTURE,
    Ending.DRAW24,
    Ending.NO_MOVES,
    Ending.AGREED,
    Ending.TIME,
    Ending.RESIGN,
]
# Endings where one named player decides the outcome: the flagged, resigning or absent one.
DECIDED_BY_ONE_SIDE = [Ending.TIME, Ending.RESIGN, Ending.FORFEIT]


class Result(models.Model):
    pairing = models.OneToOneField(Pairing, on_delete=models.CASCADE, related_name="result")
    south_points = models.DecimalField(_("South points"), max_digits=2, decimal_places=1)
    north_points = models.DecimalField(_("North points"), max_digits=2, decimal_places=1)
    south_seeds = models.PositiveSmallIntegerField(_("South game score"), null=True, blank=True)
    north_seeds = models.PositiveSmallIntegerField(_("North game score"), null=True, blank=True)
    ending = models.CharField(_("ending"), max_length=16, choices=Ending)
    decided_by = models.CharField(
        _("flagged, resigning or absent side"), max_length=1, choices=SIDE_CHOICES, blank=True
    )
    # A game imported from another program's TRF: the points are known, the game score
    # (seeds) and how the game ended are not. Shown as "score unknown".
    score_unknown = models.BooleanField(_("game score unknown"), default=False)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(south_points__in=POINT_VALUES) & Q(north_points__in=POINT_VALUES),
                name="result_points_valid",
            ),
            models.CheckConstraint(
                condition=(Q(south_seeds__isnull=True) | Q(south_seeds__lte=48))
                & (Q(north_seeds__isnull=True) | Q(north_seeds__lte=48)),
                name="result_seeds_at_most_48",
            ),
            models.CheckConstraint(
                condition=Q(south_seeds__isnull=True)
                | Q(north_seeds__isnull=True)
                | Q(south_seeds__lte=48 - F("north_seeds")),
                name="result_seeds_sum_at_most_48",
            ),
            models.CheckConstraint(
                condition=Q(ending__in=Ending.values), name="result_ending_known"
            ),
            models.CheckConstraint(
                condition=~Q(ending__in=PLAYED_ENDINGS)
                | (
                    Q(south_points=Decimal("1") - F("north_points"))
                    & (
                        Q(south_seeds__isnull=False, north_seeds__isnull=False)
                        | Q(score_unknown=True, south_seeds__isnull=True, north_seeds__isnull=True)
                    )
                ),
                name="result_played_game_complete",
            ),
            models.CheckConstraint(
                condition=~Q(ending=Ending.FORFEIT)
                | Q(
                    south_points=Decimal("1") - F("north_points"),
                    south_points__in=[0, 1],
                    south_seeds__isnull=True,
                    north_seeds__isnull=True,
                ),
                name="result_forfeit_unplayed",
            ),
            models.CheckConstraint(
                condition=~Q(ending=Ending.DOUBLE_FORFEIT)
                | Q(
                    south_points=0,
                    north_points=0,
                    south_seeds__isnull=True,
                    north_seeds__isnull=True,
                ),
                name="result_double_forfeit_zero",
            ),
            models.CheckConstraint(
                condition=~Q(ending__in=DECIDED_BY_ONE_SIDE) | Q(decided_by__in=SIDE_LETTERS),
                name="result_decided_by_named",
            ),
        ]

    def __str__(self):
        return f"{self.pairing}: {self.south_points}–{self.north_points} ({self.ending})"

    @property
    def record(self) -> str:
        """The move record as entered, kept by the game's record (`GameRecord.text`);
        '' when the game has none. Select `pairing__game_record` to read it without a query."""
        game_record = getattr(self.pairing, "game_record", None)
        return game_record.text if game_record else ""

    @property
    def is_played(self) -> bool:
        return self.ending in PLAYED_ENDINGS

    def snapshot(self) -> dict:
        """Return the stored values as plain JSON data, for the audit trail."""
        return {
            "south_points": _points_text(self.south_points),
            "north_points": _points_text(self.north_points),
            "south_seeds": self.south_seeds,
            "north_seeds": self.north_seeds,
            "ending": self.ending,
            "decided_by": self.decided_by,
            "record": self.record,
        }


def _points_text(points) -> str:
    """'1', '0.5' or '0' whether the value came from a form (1) or the database (1.0)."""
    return format(Decimal(points).normalize(), "f")


class ResultChange(models.Model):
    """The audit trail: every entry and correction of a result, with who, when, before and after."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="result_changes")
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)

    class Meta:
        ordering = ["pairing", "changed_at", "pk"]
        indexes = [models.Index(fields=["pairing", "changed_at"], name="result_change_pairing_idx")]

    def __str__(self):
        return f"{self.pairing} changed at {self.changed_at:%Y-%m-%d %H:%M}"
