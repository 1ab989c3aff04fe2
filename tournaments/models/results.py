from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from oware import endings
from oware.points import DRAW, LOSS, WIN
from tournaments.models.rounds import Pairing
from tournaments.models.sides import SIDE_LETTERS, SideField

POINT_VALUES = [LOSS, DRAW, WIN]


ENDING_LABELS = {
    endings.Ending.CAPTURE: _("Capture past 24"),
    endings.Ending.DRAW24: _("Both stores at 24"),
    endings.Ending.NO_MOVES: _("No legal move"),
    endings.Ending.AGREED: _("Agreed end of a cycle"),
    endings.Ending.TIME: _("Time forfeit"),
    endings.Ending.RESIGN: _("Resignation"),
    endings.Ending.FORFEIT: _("Forfeit (no-show)"),
    endings.Ending.DOUBLE_FORFEIT: _("Double forfeit"),
}
"""How the pages name each ending of the rules engine (`oware.endings.Ending`)."""

ENDING_CHOICES = [(ending.value, ENDING_LABELS[ending]) for ending in endings.Ending]
"""The engine's endings as the choices of a column or a form: its values, the pages' labels."""


def ending_label(ending) -> str:
    """An ending in the reader's words, '' for none."""
    return str(ENDING_LABELS[endings.Ending(ending)]) if ending else ""


class EndingField(models.CharField):
    """How a game ended, stored as the engine's value (``capture``, ``resign``, …) and read back
    as an `oware.endings.Ending`; '' (a blank column) reads as None."""

    description = _("Ending of a game")

    def __init__(self, *args, **kwargs):
        kwargs["max_length"] = 16
        kwargs.setdefault("choices", ENDING_CHOICES)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        del kwargs["max_length"]
        if kwargs.get("choices") == ENDING_CHOICES:
            del kwargs["choices"]
        return name, path, args, kwargs

    def from_db_value(self, value, expression, connection):
        return self.to_python(value)

    def to_python(self, value) -> endings.Ending | None:
        if value is None or value == "":
            return None
        try:
            return endings.Ending(value)
        except ValueError:
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            ) from None

    def get_prep_value(self, value) -> str:
        if value is None:
            return ""
        return value.value if isinstance(value, endings.Ending) else value

    def value_to_string(self, obj) -> str:
        return self.get_prep_value(self.value_from_object(obj))

    def formfield(self, **kwargs):
        return super().formfield(**{"empty_value": None, **kwargs})


PLAYED_ENDINGS = [ending for ending in endings.Ending if ending.played]
# Endings where one named player decides the outcome: the flagged, resigning or absent one.
DECIDED_BY_ONE_SIDE = [endings.Ending.TIME, endings.Ending.RESIGN, endings.Ending.FORFEIT]


class Result(models.Model):
    pairing = models.OneToOneField(Pairing, on_delete=models.CASCADE, related_name="result")
    south_points = models.DecimalField(_("South points"), max_digits=2, decimal_places=1)
    north_points = models.DecimalField(_("North points"), max_digits=2, decimal_places=1)
    south_seeds = models.PositiveSmallIntegerField(_("South game score"), null=True, blank=True)
    north_seeds = models.PositiveSmallIntegerField(_("North game score"), null=True, blank=True)
    ending = EndingField(_("ending"))
    decided_by = SideField(_("flagged, resigning or absent side"), blank=True)
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
                condition=Q(ending__in=[ending.value for ending in endings.Ending]),
                name="result_ending_known",
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
                condition=~Q(ending=endings.Ending.FORFEIT)
                | Q(
                    south_points=Decimal("1") - F("north_points"),
                    south_points__in=[0, 1],
                    south_seeds__isnull=True,
                    north_seeds__isnull=True,
                ),
                name="result_forfeit_unplayed",
            ),
            models.CheckConstraint(
                condition=~Q(ending=endings.Ending.DOUBLE_FORFEIT)
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

    def _stored(self, name: str) -> str:
        """A column's value as the database keeps it (an ending's value, a side's letter)."""
        return self._meta.get_field(name).get_prep_value(getattr(self, name))

    def snapshot(self) -> dict:
        """Return the stored values as plain JSON data, for the audit trail."""
        return {
            "south_points": _points_text(self.south_points),
            "north_points": _points_text(self.north_points),
            "south_seeds": self.south_seeds,
            "north_seeds": self.north_seeds,
            "ending": self._stored("ending"),
            "decided_by": self._stored("decided_by"),
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
