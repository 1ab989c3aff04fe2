from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.event import Section


class Undo(models.Model):
    """The audit of a step taken back: what it removed (as plain JSON), who, when and why.

    A round taken back keeps its boards, results and their result changes in `snapshot`, since
    deleting the round deletes those rows; a withdrawal, a requested bye or a late entry undone
    keeps the player's values as they were.
    """

    class Kind(models.TextChoices):
        ROUND = "round", _("Round taken back")
        WITHDRAWAL = "withdrawal", _("Withdrawal undone")
        BYE = "bye", _("Requested bye cancelled")
        LATE_ENTRY = "late_entry", _("Late entry undone")

    section = models.ForeignKey(Section, on_delete=models.CASCADE, related_name="undos")
    kind = models.CharField(_("step"), max_length=12, choices=Kind)
    round_number = models.PositiveSmallIntegerField(_("round"))
    subject = models.CharField(_("what"), max_length=200)
    snapshot = models.JSONField(default=dict)
    done_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    done_at = models.DateTimeField(auto_now_add=True)
    reason = models.CharField(_("reason"), max_length=300)

    class Meta:
        ordering = ["-done_at", "-pk"]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.subject}"
