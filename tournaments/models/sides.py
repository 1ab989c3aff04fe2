"""The board's sides as the database stores them: the engine's :class:`Side` by its letter.

A seat may also be the pairing-allocated bye. Models, forms and the API take their choices
from here, and a :class:`SideField` column reads back as a :class:`Side`: every other layer holds
the side, never its letter.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from oware.sides import Side

SIDE_LETTERS = [side.letter for side in Side]
SIDE_LABELS = {Side.SOUTH: _("South"), Side.NORTH: _("North")}
SIDE_CHOICES = [(side.letter, SIDE_LABELS[side]) for side in Side]
"""``S`` South, ``N`` North."""

BYE = "B"
"""A seat's side when the player has the pairing-allocated bye."""
SEAT_CHOICES = [*SIDE_CHOICES, (BYE, _("Bye"))]

_SIDE_OF_LETTER = {side.letter: side for side in Side}


def side_of_letter(value) -> Side | None:
    """The side a letter of the database, a form or the API names (``S`` or ``N``, exactly);
    a :class:`Side` stays itself; None for anything else."""
    if isinstance(value, Side):
        return value
    return _SIDE_OF_LETTER.get(value) if isinstance(value, str) else None


def letter_of(side: Side | None) -> str:
    """How the database, a backup and the audit trail write a side: ``S``/``N``, '' for none."""
    return "" if side is None else Side(side).letter


def side_label(side: Side | None):
    """A side in the reader's words ("South", "North"), '' for none."""
    return "" if side is None else SIDE_LABELS[Side(side)]


class SideField(models.CharField):
    """A side of the board, stored as its letter (``S``/``N``, one character) and read back as a
    :class:`Side`. No side reads as None and is stored as '' (a blank column), or as ``B`` on
    a seat's column (`bye=True`: the pairing-allocated bye)."""

    description = _("Side of the board")

    def __init__(self, *args, bye: bool = False, **kwargs):
        self.bye = bye
        kwargs["max_length"] = 1
        kwargs.setdefault("choices", SEAT_CHOICES if bye else SIDE_CHOICES)
        super().__init__(*args, **kwargs)

    @property
    def none_letter(self) -> str:
        """What the column holds for no side: ``B`` for a seat's bye, '' otherwise."""
        return BYE if self.bye else ""

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        del kwargs["max_length"]
        if self.bye:
            kwargs["bye"] = True
        if kwargs.get("choices") == (SEAT_CHOICES if self.bye else SIDE_CHOICES):
            del kwargs["choices"]
        return name, path, args, kwargs

    @property
    def flatchoices(self):
        """The choices keyed by the value a row holds (a Side, None for a seat's bye), so that
        `get_…_display` and the admin name it."""
        return [(self.to_python(letter), label) for letter, label in super().flatchoices]

    def from_db_value(self, value, expression, connection):
        return self.to_python(value)

    def to_python(self, value) -> Side | None:
        if value is None or value == self.none_letter or value == "":
            return None
        side = side_of_letter(value)
        if side is None:
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return side

    def get_prep_value(self, value) -> str:
        if value is None or value == "":
            return self.none_letter
        side = side_of_letter(value)
        return value if side is None else side.letter

    def value_to_string(self, obj) -> str:
        return self.get_prep_value(self.value_from_object(obj))

    def validate(self, value, model_instance):
        # The choices and the length are the letters': check the side's own (a bye's on a seat).
        super().validate(self.get_prep_value(value), model_instance)

    def run_validators(self, value):
        super().run_validators(None if value is None else self.get_prep_value(value))

    def formfield(self, **kwargs):
        return super().formfield(
            **{"choices_form_class": SideChoiceField, "empty_value": None, **kwargs}
        )


class SideChoiceField(forms.TypedChoiceField):
    """A form's choice of a side among the letters, showing a :class:`Side` as its letter."""

    def prepare_value(self, value):
        return value.letter if isinstance(value, Side) else value
