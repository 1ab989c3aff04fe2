from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from oware.sides import Side
from tournaments.models.event import Section
from tournaments.models.people import Player
from tournaments.models.sides import SideField


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        COMPLETED = "completed", _("Completed")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=10, choices=Status, default=Status.DRAFT)
    paired_at = models.DateTimeField(_("paired at"), auto_now_add=True)
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self):
        return gettext("%(section)s — round %(number)d") % {
            "section": self.section,
            "number": self.number,
        }

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.DRAFT


class RoundStart(models.Model):
    """When round `number` of a section is planned to start (tournaments/services/timetable.py).

    Apart from `Round` because a round exists only once it is paired, while its start is set for
    the whole event beforehand, and stays when a round is taken back and paired again.
    """

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="round_starts")
    number = models.PositiveSmallIntegerField(_("round"))
    starts_at = models.DateTimeField(_("planned start"))

    class Meta:
        ordering = ["section", "number"]
        constraints = [
            models.UniqueConstraint(fields=["section", "number"], name="round_start_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_start_positive"),
        ]

    def __str__(self):
        return gettext("%(section)s — round %(number)d at %(start)s") % {
            "section": self.section,
            "number": self.number,
            "start": self.starts_at.isoformat(),
        }


class Pairing(models.Model):
    """One board of a round: South (who moves first, "White") against North, or a bye."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField(_("board"))
    south = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    north = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Empty for the pairing-allocated bye."),
    )
    explanation = models.CharField(_("explanation"), max_length=300, blank=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="pairing_board_unique"),
            models.CheckConstraint(
                condition=~Q(south=models.F("north")), name="pairing_two_players"
            ),
            models.CheckConstraint(condition=Q(board__gte=1), name="pairing_board_positive"),
        ]

    def __str__(self):
        north = self.north or pgettext("instead of an opponent", "bye")
        return gettext("%(round)s board %(board)d: %(south)s – %(north)s") % {
            "round": self.round,
            "board": self.board,
            "south": self.south,
            "north": north,
        }

    @property
    def is_bye(self) -> bool:
        return self.north_id is None


class Seat(models.Model):
    """A player's place in a round; the unique (round, player) makes double pairing impossible."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="seats")
    # South or North, None for the pairing-allocated bye (stored `B`).
    side = SideField(bye=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"], name="seat_one_per_player_per_round"
            ),
            models.UniqueConstraint(fields=["pairing", "side"], name="seat_one_per_side"),
        ]

    def __str__(self):
        return f"{self.player} in {self.round} ({self.get_side_display()})"

    @property
    def is_bye(self) -> bool:
        """True for the pairing-allocated bye."""
        return self.side is None

    @property
    def board_side(self) -> Side | None:
        """The side of the board the player sits on (None on a bye)."""
        return self.side

    @property
    def opponent(self) -> Player | None:
        """Who sits across the board (None on a bye)."""
        side = self.board_side
        if side is None:
            return None
        return self.pairing.north if side is Side.SOUTH else self.pairing.south

    @property
    def points(self):
        """This seat's points from the pairing's result (None until one is entered)."""
        result = getattr(self.pairing, "result", None)
        if result is None:
            return None
        return result.north_points if self.board_side is Side.NORTH else result.south_points
