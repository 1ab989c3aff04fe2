"""The live board of a pairing: the game as it is played on a tablet or phone at the table.

The moves (mover-relative pits, as in `oware`) and the clock reading after each move are
stored, and beside them the position they reached (`games.live_position`), so that the next move
is one sowing from it instead of a replay of the whole game.
"""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.results import EndingField
from tournaments.models.sides import SideField

# Characters a player cannot misread on a printed slip (no 0/O, 1/I/L).
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def new_code() -> str:
    """A random board code of CODE_LENGTH unambiguous characters."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class LiveBoard(models.Model):
    """One pairing's game on a live board.

    code: the board's address, public (spectators watch by it). south_pin / north_pin: each
    side's secret, printed on the result slip and shown on the arbiter's round page only; a device
    claims a side with it, so a spectator who knows the code cannot take a side.
    south_device / north_device: the token of the device that holds each side ('' when free);
    one device may hold both. moves: mover-relative pits in order; clocks: the mover's remaining
    seconds after each move. position: the game after the last move (`LivePosition.as_json`),
    {} until first derived from the moves. offer: the Side offering to end the game by
    agreement. ending: the declared Ending (agreed, time, resign) or the one the moves gave,
    once finished. decided_by: the Side that resigned or whose flag fell.
    record: the finished game's record with clock readings, as sent to the results service.

    The server's own clock: started_at is when both sides were first held (both clocks may
    run from then on); received holds, per ply, the seconds after started_at at which the
    server received that move; paused_at is when the arbiter released the devices of a game
    under way (the clock stands still until both sides are held again, and started_at then
    moves on by the pause, so that every reading counts playing time only). flag_claim: a flag
    fall a device claimed that the server's clock contradicts, held for the arbiter ({"side",
    "server_seconds", "clocks"}), or after a flag fall scored at once {"clocks"}: "clocks" are
    the server's (South, North) readings at the moment of the claim.

    Remote mode (`remote`, games/remote.py): each player plays from his own device, signed in
    as himself, and the server's clock alone decides. opened_at is when the game opened (South's
    clock runs from then: started_at is set to it); clock_seconds is each side's starting time,
    increment_seconds what a move adds to its mover's clock, no_show_seconds the delay a player
    has for his first move (None: none). south_seen_at / north_seen_at: when each player first
    asked about this game (a player never seen is absent). settle_at: the moment a task is
    queued to settle the board's next deadline (a flag fall or a no-show), None when none is.
    revision: raised by every change of a remote game, what its stream of states compares.
    """

    class State(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        PLAYING = "playing", _("Playing")
        HELD = "held", _("Flag held for the arbiter")
        PENDING = "pending", _("Pending confirmation")
        CONFIRMED = "confirmed", _("Confirmed")

    pairing = models.OneToOneField(
        "tournaments.Pairing", on_delete=models.CASCADE, related_name="live_board"
    )
    code = models.CharField(_("board code"), max_length=CODE_LENGTH, unique=True)
    south_pin = models.CharField(_("South's code"), max_length=CODE_LENGTH, default=new_code)
    north_pin = models.CharField(_("North's code"), max_length=CODE_LENGTH, default=new_code)
    south_device = models.CharField(max_length=64, blank=True)
    north_device = models.CharField(max_length=64, blank=True)
    moves = models.JSONField(default=list)
    clocks = models.JSONField(default=list)
    position = models.JSONField(default=dict, blank=True)
    state = models.CharField(_("state"), max_length=10, choices=State, default=State.WAITING)
    offer = SideField(blank=True)
    ending = EndingField(_("ending"), blank=True)
    decided_by = SideField(blank=True)
    record = models.TextField(_("record"), blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    received = models.JSONField(default=list, blank=True)
    flag_claim = models.JSONField(default=dict, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    remote = models.BooleanField(_("played remotely"), default=False)
    clock_seconds = models.PositiveIntegerField(null=True, blank=True)
    increment_seconds = models.PositiveIntegerField(default=0)
    no_show_seconds = models.PositiveIntegerField(null=True, blank=True)
    opened_at = models.DateTimeField(null=True, blank=True)
    south_seen_at = models.DateTimeField(null=True, blank=True)
    north_seen_at = models.DateTimeField(null=True, blank=True)
    settle_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("live board")

    def __str__(self):
        return f"{self.code} ({self.pairing})"

    @property
    def starting_seconds(self) -> int:
        """Each side's starting time: the board's own (a remote game's), else the tournament's."""
        if self.clock_seconds is not None:
            return self.clock_seconds
        return self.pairing.round.section.tournament.minutes_per_player * 60

    @property
    def finished(self) -> bool:
        return self.state in (self.State.PENDING, self.State.CONFIRMED)
