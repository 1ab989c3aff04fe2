"""Field validators that ask the plain-Python cores what they accept."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.tiebreaks import parse_codes
from tournaments.tiebreaks.teams import individual_codes


def validate_tiebreaks(value: str) -> None:
    """A comma-separated list of individual tie-break codes the standings core knows."""
    try:
        parse_codes(value)
    except ValueError as error:
        raise ValidationError(str(error), code="unknown_tiebreak") from error


def validate_team_tiebreaks(value: str) -> None:
    """Team codes (TP, LGS, PS) or individual codes summed over a team's players."""
    validate_tiebreaks(",".join(individual_codes(value.split(","))))


def validate_single_line(value: str) -> None:
    """Names are printed on one line of a page, a result slip and a TRF record: no line breaks,
    tabs or other control characters."""
    if any(ord(character) < 32 or ord(character) == 127 for character in value):
        raise ValidationError(
            _("Write it on one line, without line breaks or tabs."), code="not_single_line"
        )
