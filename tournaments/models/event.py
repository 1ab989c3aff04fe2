import re
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from oware.sides import Side
from oware.variants import VARIANTS
from tournaments.models.sides import SideField
from tournaments.models.validators import (
    validate_single_line,
    validate_team_tiebreaks,
    validate_tiebreaks,
    validate_time_zone,
)
from tournaments.pairing.systems import DUTCH, SYSTEMS

DEFAULT_TIEBREAKS = "PTS,DE,PS,BH,SB"
SECTION_SLUG_LENGTH = 40
# Team points, lost-game score (seeds), progressive, Buchholz, Berger: competition.md.
DEFAULT_TEAM_TIEBREAKS = "TP,LGS,PS,BH,SB"
# All-play-all events: points, direct encounter, Sonneborn-Berger, wins (competition.md).
ROUND_ROBIN_TIEBREAKS = "PTS,DE,SB,WIN"

# The pairing systems of the core registry; their English labels are translated here.
PAIRING_SYSTEM_CHOICES = [(code, _(system.label)) for code, system in SYSTEMS.items()]


VARIANT_LABELS = {
    "abapa": _("Abapa (competition rules)"),
    "grand-slam-forbidden": _("Grand slam forbidden"),
    "ouri": _("Ouri (Cabo Verde)"),
}
"""How the pages name each variant of the rules engine; a new variant shows its engine name."""

# The variants are those of the rules engine (oware.variants.VARIANTS), same strings.
Variant = models.TextChoices(
    "Variant",
    [
        (key.upper().replace("-", "_"), (key, VARIANT_LABELS.get(key, variant.title)))
        for key, variant in VARIANTS.items()
    ],
)


def default_time_zone() -> str:
    """A new tournament's time zone: the server's (settings.TIME_ZONE), read when it is made."""
    return settings.TIME_ZONE


class Tournament(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    name = models.CharField(_("name"), max_length=200, validators=[validate_single_line])
    slug = models.SlugField(_("slug"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(
        _("venue"), max_length=200, blank=True, validators=[validate_single_line]
    )
    # The venue's time zone (an IANA name): the rounds' planned starts are set and shown in it.
    time_zone = models.CharField(
        _("time zone of the venue"),
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
    )
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
    # Team composition (competition.md): two players per section and a coach by default.
    players_per_team_per_section = models.PositiveSmallIntegerField(
        _("players per team in each section"), default=2
    )
    team_has_coach = models.BooleanField(_("each team has a coach"), default=True)
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="arbitrated_tournaments",
        verbose_name=_("arbiters"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Raised by every write to the tournament's rows (tournaments/freshness.py): public pages
    # answer 304 and serve cached copies while it stays the same.
    revision = models.PositiveBigIntegerField(default=0, editable=False)
    changed_at = models.DateTimeField(default=timezone.now, editable=False)
    # A game finished on a live board is a pending result the arbiter confirms, unless this is set.
    live_results_direct = models.BooleanField(
        _("store live-board results without the arbiter's confirmation"), default=False
    )

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
    name = models.CharField(_("name"), max_length=100, validators=[validate_single_line])
    slug = models.SlugField(_("slug"), max_length=SECTION_SLUG_LENGTH)
    order = models.PositiveSmallIntegerField(_("display order"), default=0)
    pairing_system = models.CharField(
        _("pairing system"), max_length=24, choices=PAIRING_SYSTEM_CHOICES, default=DUTCH
    )

    class Kind(models.TextChoices):
        """Who may play in a section: everyone, or players of one sex (Player.Sex's letters)."""

        OPEN = "", _("Open")
        MEN = "m", _("Men")
        WOMEN = "w", _("Women")

    sex = models.CharField(
        _("kind of section"),
        max_length=1,
        blank=True,
        choices=Kind,
        default=Kind.OPEN,
        help_text=_(
            "Open to everyone, or to men or women only; a new section named Men or Women "
            "(Hommes, Femmes, Homens, Mulheres) is one of men or of women."
        ),
    )
    # Set by "number by rating", cleared when a registration changes before round 1: pairing
    # an unnumbered section would seed it in registration order, so the arbiter is warned.
    numbered = models.BooleanField(_("players numbered"), default=False)
    # The side the first pairing number plays in round 1 (TRF `XXC white1`/`black1`): South
    # unless a section imported from another program says otherwise.
    initial_side = SideField(_("side of the first player in round 1"), default=Side.SOUTH)
    # Groups of pairing numbers of which no two may meet (TRF `XXP`), from an imported file:
    # the pairing adds them to the team-mates it keeps apart.
    forbidden_pairs = models.JSONField(_("players who never meet"), default=list, blank=True)
    # The same for a range of rounds only (TRF `260`), each as [first, last, [numbers]].
    round_forbidden_pairs = models.JSONField(
        _("players who do not meet in some rounds"), default=list, blank=True
    )
    # Virtual points per pairing number and round (TRF `XXA`, index 0 = round 1) from an
    # imported file; when present they replace the tournament's Baku acceleration.
    acceleration = models.JSONField(_("virtual points"), default=dict, blank=True)
    # The section's own number of rounds (TRF `XXR` / `142` of an imported file); blank, the
    # tournament's. Its pairing applies the last-round rules at its own last round.
    round_count = models.PositiveSmallIntegerField(
        _("number of rounds of the section"),
        null=True,
        blank=True,
        help_text=_("Blank: the tournament's number of rounds."),
    )

    class Meta:
        ordering = ["tournament", "order", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(round_count__isnull=True)
                | (Q(round_count__gte=1) & Q(round_count__lte=30)),
                name="section_round_count_1_30",
            ),
            models.UniqueConstraint(fields=["tournament", "slug"], name="section_slug_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="section_name_unique"),
        ]

    def __str__(self):
        return f"{self.tournament} — {self.name}"

    def get_absolute_url(self):
        return reverse(
            "public:section", kwargs={"slug": self.tournament.slug, "section": self.slug}
        )

    @property
    def total_rounds(self) -> int:
        """The number of rounds the section plays: its own, else the tournament's."""
        return self.round_count or self.tournament.rounds

    @property
    def sex_word(self) -> str:
        """'male' or 'female' in the reader's language, as refusals name a section's players
        ('' for an open section); the words of Player.Sex."""
        return str(SEX_WORDS[self.sex]).lower() if self.sex in SEX_WORDS else ""


# The players' sexes as Player.Sex names them (the same messages).
SEX_WORDS = {"m": _("Male"), "w": _("Female")}

# Section names that say whose section it is, in the product's languages (casefolded words).
KIND_NAMES = {
    "m": {"men", "man", "male", "hommes", "homme", "masculin", "homens", "masculino"},
    "w": {"women", "woman", "female", "femmes", "femme", "féminin", "mulheres", "feminino"},
}


def kind_from_name(name: str) -> str:
    """The kind a section named `name` gets by default: Men, Women (a word of KIND_NAMES in any
    of the product's languages), else Open."""
    words = set(re.findall(r"\w+", name.casefold()))
    for kind, names in KIND_NAMES.items():
        if words & names:
            return kind
    return Section.Kind.OPEN


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=120, validators=[validate_single_line])
    code = models.CharField(_("code"), max_length=10, validators=[validate_single_line])
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, validators=[validate_single_line]
    )
    coach = models.CharField(
        _("coach"), max_length=120, blank=True, validators=[validate_single_line]
    )

    class Meta:
        ordering = ["tournament", "name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "code"], name="team_code_unique"),
            models.UniqueConstraint(fields=["tournament", "name"], name="team_name_unique"),
        ]

    def __str__(self):
        return f"{self.name} ({self.code})"
