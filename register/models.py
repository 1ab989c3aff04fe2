"""The federation's register of players: a person across events, and the links from each
tournament's player entries to him.

A tournament's `Player` stays what the event recorded (its name, rating, identity number as
entered); the register never changes it. A `PlayerLink` says which person an entry is, a
`NameVariant` each name the person was seen under, and a `RegisterChange` each link, merge and
split with who, when, why and what moved. A later rating list keys its rows by `Person.pk`,
following `merged_into` to the person kept.
"""

import unicodedata

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from register.matching import name_key
from tournaments.models import Player
from tournaments.models.validators import validate_single_line

NAME_LENGTH = 100


def composed(name: str) -> str:
    """A name stored composed (NFC), its spaces single, as every name of the product."""
    return unicodedata.normalize("NFC", " ".join(name.split()))


class Person(models.Model):
    """A player of the federation, whatever the events he played under whatever name.

    `birth_date`, `birth_year`, `federation_id` and `trf_id` are personal data: shown to the
    register's officers (permission `register.view_personal_data`) and to the arbiters of an
    event the person played in, to nobody else (register/access.py).
    """

    class Sex(models.TextChoices):
        MALE = "m", _("Male")
        FEMALE = "w", _("Female")

    name = models.CharField(
        _("name"), max_length=NAME_LENGTH, validators=[validate_single_line], db_index=True
    )
    sex = models.CharField(_("sex"), max_length=1, choices=Sex, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    # The year alone when a file gives no more (and the year of `birth_date` when it does).
    birth_year = models.PositiveSmallIntegerField(_("year of birth"), null=True, blank=True)
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        validators=[
            RegexValidator(r"^[A-Za-z]{3}$", _("Three letters, such as GHA.")),
        ],
        help_text=_("Country code, three letters (GHA, NGR, CIV…)."),
    )
    club = models.CharField(
        _("club"), max_length=100, blank=True, validators=[validate_single_line]
    )
    federation_id = models.CharField(
        _("federation's id"), max_length=20, blank=True, validators=[validate_single_line]
    )
    trf_id = models.CharField(
        _("TRF id"),
        max_length=11,
        blank=True,
        validators=[validate_single_line],
        help_text=_("The identity number TRF files write for the player (columns 58-68)."),
    )
    # A duplicate merged into another person: kept, so that a split brings it back.
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="merged_persons",
        verbose_name=_("merged into"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("person")
        verbose_name_plural = _("persons")
        permissions = [
            ("view_personal_data", _("Can see birth dates and identity numbers")),
            ("manage_register", _("Can merge, split and import into the register")),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["federation_id"],
                condition=~Q(federation_id=""),
                name="person_federation_id_unique",
                violation_error_message=_("Another person has this federation's id."),
            ),
            models.UniqueConstraint(
                fields=["trf_id"],
                condition=~Q(trf_id=""),
                name="person_trf_id_unique",
                violation_error_message=_("Another person has this TRF id."),
            ),
            models.CheckConstraint(condition=Q(sex__in=["m", "w", ""]), name="person_sex_valid"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name = composed(self.name)
        self.federation = self.federation.upper()
        if self.birth_date is not None:
            self.birth_year = self.birth_date.year
        super().save(*args, **kwargs)
        # The name he goes by is always one of his names, which candidates are found by (a save
        # of other fields only, such as a merge marking a duplicate, leaves his names alone).
        fields = kwargs.get("update_fields")
        if fields is not None and "name" not in fields:
            return
        if self.name.strip() and not self.variants.filter(name=self.name).exists():
            NameVariant.objects.create(person=self, name=self.name)

    @property
    def is_merged(self) -> bool:
        return self.merged_into_id is not None

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(i for i in (self.federation_id, self.trf_id) if i)


class NameVariant(models.Model):
    """A name the person was registered or played under; `key` is the name without case,
    accents or word order (register/matching.py), which candidates are looked up by."""

    person = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="variants")
    name = models.CharField(_("name"), max_length=NAME_LENGTH, validators=[validate_single_line])
    key = models.CharField(max_length=NAME_LENGTH * 2, db_index=True, editable=False)

    class Meta:
        ordering = ["person", "name"]
        verbose_name = _("name variant")
        verbose_name_plural = _("name variants")
        constraints = [
            models.UniqueConstraint(fields=["person", "name"], name="name_variant_unique"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.name = composed(self.name)
        self.key = name_key(self.name)
        super().save(*args, **kwargs)


class PlayerLink(models.Model):
    """Tournament entry `player` is person `person`: one person per entry."""

    class How(models.TextChoices):
        SAME_ID = "id", _("same identity number")
        CHOSEN = "chosen", _("chosen from the candidates")
        CREATED = "created", _("new person")

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="register_link")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="links")
    how = models.CharField(_("how"), max_length=10, choices=How)
    linked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    linked_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["person", "player"]
        verbose_name = _("player link")
        verbose_name_plural = _("player links")

    def __str__(self):
        return f"{self.player} → {self.person}"


class RegisterChange(models.Model):
    """One audit row of the register: who, when, why and what moved (`snapshot`).

    A merge's snapshot lists the links and variants that moved, so that a split puts back
    exactly those; the split's own row names the merge it undid (`undoes`).
    """

    class Kind(models.TextChoices):
        LINK = "link", _("linked")
        UNLINK = "unlink", _("unlinked")
        CREATE = "create", _("person created")
        MERGE = "merge", _("merged")
        SPLIT = "split", _("split")
        IMPORT = "import", _("past event imported")

    kind = models.CharField(_("kind"), max_length=10, choices=Kind)
    person = models.ForeignKey(
        Person, on_delete=models.PROTECT, null=True, blank=True, related_name="changes"
    )
    other = models.ForeignKey(
        Person, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    player = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    subject = models.CharField(_("about"), max_length=300, blank=True)
    snapshot = models.JSONField(default=dict, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    done_at = models.DateTimeField(auto_now_add=True)
    undoes = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="undone_by"
    )

    class Meta:
        ordering = ["-done_at", "-pk"]
        verbose_name = _("register change")
        verbose_name_plural = _("register changes")
        indexes = [models.Index(fields=["player"], name="register_change_player_idx")]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.subject}"
