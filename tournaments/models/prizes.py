from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Section
from tournaments.models.validators import validate_single_line


class PrizeCategory(models.Model):
    """A group of a section's players who compete for their own prizes, ranked among themselves
    in the section's order (its tie-breaks): the women of an open section, a rating group, the
    juniors born in or after a year, or each team's best-placed player."""

    class Kind(models.TextChoices):
        WOMEN = "women", _("Women")
        RATING = "rating", _("Rating group")
        JUNIORS = "juniors", _("Juniors (born in or after a year)")
        TEAM_BEST = "team_best", _("Each team's best board")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="prize_categories")
    name = models.CharField(_("name"), max_length=80, validators=[validate_single_line])
    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    min_rating = models.PositiveSmallIntegerField(_("lowest rating"), null=True, blank=True)
    max_rating = models.PositiveSmallIntegerField(_("highest rating"), null=True, blank=True)
    born_from = models.PositiveSmallIntegerField(
        _("born in or after (year)"), null=True, blank=True
    )
    prizes = models.PositiveSmallIntegerField(_("number of prizes"), default=3)
    order = models.PositiveSmallIntegerField(_("display order"), default=0)

    class Meta:
        ordering = ["section", "order", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["section", "name"], name="prize_category_name_unique"),
            models.CheckConstraint(
                condition=Q(prizes__gte=1) & Q(prizes__lte=50), name="prize_category_prizes_1_50"
            ),
        ]

    def __str__(self):
        return f"{self.section} — {self.name}"
