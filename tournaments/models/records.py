"""A played game's record, one per pairing: it belongs to the pairing as its result does.

The moves are stored normalised, as a JSON list of mover-relative pits (0–5 from the mover's
left, the form `oware.replay.replay` takes): it is independent of how the record was
written (letters, scoresheet digits, an .ogn file, a live board), it can grow one ply at a time,
and the engine replays it without parsing. The clock reading after each ply sits beside it in a
list of the same length. Positions are never stored: the engine derives them from the moves.
The text the record came in (tags, comments, notation) is kept verbatim in `text`, so that what
the arbiter typed or imported is shown and exported exactly; a text the engine could not read
when it was moved here from an older version is kept there too, with no moves.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from oware.endings import Ending
from tournaments.models.event import Variant
from tournaments.models.results import EndingField
from tournaments.models.rounds import Pairing


class RecordSource(models.TextChoices):
    TYPED = "typed", _("Typed by the arbiter")
    IMPORTED = "imported", _("Imported from a game file")
    LIVE = "live", _("Played on a live board")


class GameRecord(models.Model):
    """The moves of the game of `pairing`, the clock readings and how it ended.

    moves: mover-relative pits, one per ply. clocks: the mover's remaining seconds after each
    ply, None where unknown (same length as moves). ending: how the game ended (the result's
    ending once a result is written; blank while unfinished). text: the record as entered.
    readable: False for an old text the engine could not parse (then moves is empty).
    """

    pairing = models.OneToOneField(
        Pairing, on_delete=models.CASCADE, related_name="game_record", verbose_name=_("pairing")
    )
    variant = models.CharField(_("rule variant"), max_length=24, choices=Variant)
    moves = models.JSONField(_("moves"), default=list, blank=True)
    clocks = models.JSONField(_("clock readings"), default=list, blank=True)
    ending = EndingField(_("ending"), blank=True)
    source = models.CharField(
        _("source"), max_length=10, choices=RecordSource, default=RecordSource.TYPED
    )
    text = models.TextField(_("record as entered"), blank=True)
    readable = models.BooleanField(_("readable by the rules engine"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("game record")
        verbose_name_plural = _("game records")
        constraints = [
            models.CheckConstraint(
                condition=Q(source__in=RecordSource.values), name="game_record_source_known"
            ),
            models.CheckConstraint(
                condition=Q(ending="") | Q(ending__in=[ending.value for ending in Ending]),
                name="game_record_ending_known",
            ),
        ]

    def __str__(self):
        return f"{self.pairing}: {len(self.moves)} plies"
