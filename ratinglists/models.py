"""Rating periods and the lists published when they close.

A `RatingPeriod` is a date range the register's officers close with a rating system and its
parameters. Closing publishes a `RatingList`: the list after the period, one `RatingRow` per
person. A published list is never edited: a correction makes a new list of the same period
(`number` 2, 3 …, `supersedes` the one before) and of every later period.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from register.models import Person


class System(models.TextChoices):
    FIDE = "fide", _("FIDE Elo")
    GLICKO2 = "glicko2", _("Glicko-2")


class RatingSettings(models.Model):
    """The register's rating system and its parameters (one row); a period copies them when it
    is closed, so that changing them later changes no published list."""

    system = models.CharField(
        _("rating system"), max_length=10, choices=System, default=System.FIDE
    )
    tau = models.FloatField(_("τ (Glicko-2)"), default=0.5)
    default_rating = models.FloatField(_("rating of a new player (Glicko-2)"), default=1500.0)
    default_deviation = models.FloatField(_("RD of a new player (Glicko-2)"), default=350.0)
    default_volatility = models.FloatField(_("volatility of a new player (Glicko-2)"), default=0.06)

    class Meta:
        verbose_name = _("rating settings")
        verbose_name_plural = _("rating settings")

    def __str__(self):
        return self.get_system_display()

    @classmethod
    def current(cls) -> "RatingSettings":
        found = cls.objects.order_by("pk").first()
        return found if found is not None else cls.objects.create()

    def parameters(self) -> dict:
        if self.system == System.GLICKO2:
            return {
                "tau": self.tau,
                "rating": self.default_rating,
                "rd": self.default_deviation,
                "volatility": self.default_volatility,
            }
        return {}


class RatingPeriod(models.Model):
    """The events finished from `start` to `end` (both included), rated as one period."""

    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))
    system = models.CharField(_("rating system"), max_length=10, choices=System)
    parameters = models.JSONField(default=dict, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    closed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["start"]
        verbose_name = _("rating period")
        verbose_name_plural = _("rating periods")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(end__gte=models.F("start")), name="period_order"
            )
        ]

    def __str__(self):
        return f"{self.start:%Y-%m-%d} – {self.end:%Y-%m-%d}"

    @property
    def current_list(self):
        return self.lists.order_by("-number").first()


class RatingList(models.Model):
    """The published list after a period: immutable. `games` keeps the games it counted
    (`[pairing, person, opponent, score]`, once from each side) so that a later list of the
    same period says which games changed; `changes` is that account for a recomputed list."""

    period = models.ForeignKey(RatingPeriod, on_delete=models.PROTECT, related_name="lists")
    number = models.PositiveSmallIntegerField(_("edition"), default=1)
    date = models.DateField(_("date"))
    system = models.CharField(_("rating system"), max_length=10, choices=System)
    parameters = models.JSONField(default=dict, blank=True)
    supersedes = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="superseded_by"
    )
    reason = models.TextField(_("reason"), blank=True)
    games = models.JSONField(default=list, blank=True)
    events = models.JSONField(default=list, blank=True)
    changes = models.JSONField(default=dict, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    published_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-number"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")
        constraints = [
            models.UniqueConstraint(fields=["period", "number"], name="rating_list_edition")
        ]

    def __str__(self):
        return f"{self.get_system_display()} {self.date:%Y-%m-%d}"

    @property
    def is_current(self) -> bool:
        return not hasattr(self, "superseded_by") or self.superseded_by is None


class RatingRow(models.Model):
    """One person on a list. FIDE: `rating` (None: unrated), `rating_before`, `k`, `games` and
    `score` of the period, `expected`, `change`, `total_games` (rated games so far) and
    `k_kept` (a 10 that stuck). Glicko-2: `rating`, `deviation`, `volatility`, `change`."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="rows")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="rating_rows")
    name = models.CharField(_("name"), max_length=100)
    rating = models.FloatField(_("rating"), null=True, blank=True)
    rating_before = models.FloatField(_("rating before"), null=True, blank=True)
    games = models.PositiveIntegerField(_("games"), default=0)
    total_games = models.PositiveIntegerField(_("rated games"), default=0)
    score = models.DecimalField(_("score"), max_digits=7, decimal_places=1, default=0)
    expected = models.DecimalField(
        _("expected score"), max_digits=9, decimal_places=2, null=True, blank=True
    )
    k = models.PositiveSmallIntegerField(_("K"), null=True, blank=True)
    k_kept = models.BooleanField(default=False)
    change = models.FloatField(_("change"), null=True, blank=True)
    deviation = models.FloatField(_("RD"), null=True, blank=True)
    volatility = models.FloatField(_("volatility"), null=True, blank=True)

    class Meta:
        ordering = ["rating_list", "-rating", "name"]
        verbose_name = _("rating list row")
        verbose_name_plural = _("rating list rows")
        constraints = [
            models.UniqueConstraint(fields=["rating_list", "person"], name="rating_row_person")
        ]
        indexes = [models.Index(fields=["rating_list", "rating"], name="rating_row_rating_idx")]

    def __str__(self):
        return f"{self.name}: {self.rating}"

    @property
    def shown_rating(self) -> int | None:
        return None if self.rating is None else round(self.rating)
