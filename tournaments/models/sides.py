"""The board's sides as the database stores them: the engine's :class:`Side` by its letter.

A seat may also be the pairing-allocated bye. Models, forms and the API take their choices
from here; the code around them converts with ``Side.from_letter`` and ``side.letter``.
"""

from django.utils.translation import gettext_lazy as _

from oware.sides import Side

SIDE_LETTERS = [side.letter for side in Side]
SIDE_LABELS = {Side.SOUTH: _("South"), Side.NORTH: _("North")}
SIDE_CHOICES = [(side.letter, SIDE_LABELS[side]) for side in Side]
"""``S`` South, ``N`` North."""

BYE = "B"
"""A seat's side when the player has the pairing-allocated bye."""
SEAT_CHOICES = [*SIDE_CHOICES, (BYE, _("Bye"))]
