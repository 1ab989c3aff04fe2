from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.validators import validate_team_tiebreaks, validate_tiebreaks

DEFAULT_TIEBREAKS = "PTS,DE,PS,BH,SB"
# Team points, lost-game score (seeds), progressive, Buchholz, Berger: competition.md.
DEFAULT_TEAM_TIEBREAKS = "TP,LGS,PS,BH,SB"


class Variant(models.TextChoices):
    ABAPA = "abapa", _("Abapa (competition rules)")
    GRAND_SLAM_FORBIDDEN = "grand-slam-forbidden", _("Grand slam forbidden")
    OURI = "ouri", _("Ouri (Cabo Verde)")


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    rounds = models.PositiveSmallIntegerField(_("number of rounds"), default=7)
    minutes_per_player = models.PositiveSmallIntegerField(_("minutes per player"), default=20)
    clock_warning_minutes = models.PositiveSmallIntegerField(
        _("call the arbiter under (minutes)"), default=3
    )
    variant = models.CharField(
        _("rule variant"), max_length=24, choices=Variant, default=Variant.ABAPA
    )
    bye_points = models.DecimalField(
        _("pairing-allocated bye points"), max_digits=2, decimal_places=1, default=Decimal("1")
    )
    tiebreaks = models.CharField(
        _("tie-break order"),
        max_length=100,
        default=DEFAULT_TIEBREAKS,
        validators=[validate_tiebreaks],
    )
    team_tiebreaks = models.CharField(
        _("team tie-break order"),
        max_length=100,
        default=DEFAULT_TEAM_TIEBREAKS,
        validators=[validate_team_tiebreaks],
    )
    avoid_teammates = models.BooleanField(_("never pair team-mates"), default=True)
    acceleration = models.BooleanField(_("Baku acceleration"), default=False)
    status = models.CharField(
        _("status"), max_length=16, choices=Status, default=Status.REGISTRATION
    )
    published = models.BooleanField(_("shown to the public"), default=True)
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="arbitrated_tournaments",
        verbose_name=_("arbiters"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Moved forward by every write to the tournament's rows (services/freshness.py): the public
    # pages answer a conditional request with 304 while it stays the same.
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now, editable=False)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(rounds__gte=1) & Q(rounds__lte=30), name="tournament_rounds_1_30"
            ),
            models.CheckConstraint(
                condition=Q(bye_points__in=[Decimal("0"), Decimal("0.5"), Decimal("1")]),
                name="tournament_bye_points_valid",
            ),
            models.CheckConstraint(
                condition=Q(end_date__isnull=True)
                | Q(start_date__isnull=True)
                | Q(end_date__gte=models.F("start_date")),
                name="tournament_dates_ordered",
            ),
            models.CheckConstraint(
                condition=Q(variant__in=Variant.values), name="tournament_variant_known"
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("public:tournament", kwargs={"slug": self.slug})

    @property
    def tiebreak_codes(self) -> list[str]:
        return [code.strip() for code in self.tiebreaks.split(",") if code.strip()]

    @property
    def team_tiebreak_codes(self) -> list[str]:
        return [code.strip() for code in self.team_tiebreaks.split(",") if code.strip()]

    def is_arbiter(self, user) -> bool:
        """Return True if `user` may change this tournament (an arbiter of it, or a superuser)."""
        if not user.is_authenticated:
            return False
        return user.is_superuser or self.arbiters.filter(pk=user.pk).exists()


class Section(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sections")
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("slug"), max_length=40)
    order = models.PositiveSmallIntegerField(_("display order"), default=0)

    class Meta:
        ordering = ["tournament", "order", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "slug"], name="section_slug_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="section_name_unique"),
        ]

    def __str__(self):
        return f"{self.tournament} — {self.name}"

    def get_absolute_url(self):
        return reverse(
            "public:section", kwargs={"slug": self.tournament.slug, "section": self.slug}
        )


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=120)
    code = models.CharField(_("code"), max_length=10)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    coach = models.CharField(_("coach"), max_length=120, blank=True)

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="team_code_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
        ]

    def __str__(self):
        return f"{self.name} ({self.code})"
