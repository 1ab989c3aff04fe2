"""Field validators that ask the plain-Python cores what they accept."""

import unicodedata
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

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


# Unicode categories a name never needs: controls (Cc: line breaks, tabs), format characters
# (Cf: right-to-left overrides and isolates, zero-width spaces and joiners, the BOM, soft
# hyphens), line and paragraph separators (Zl, Zp), and lone surrogates (Cs), which the database
# cannot store. Overrides let a name display as another; invisible ones make two names look
# alike; separators break the one line of a slip or a TRF record.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs"})


def validate_single_line(value: str) -> None:
    """Names are printed on one line of a page, a result slip and a TRF record, and read by
    people who must tell them apart: no line breaks, tabs, other control characters, invisible
    or direction-changing characters."""
    if any(unicodedata.category(character) in ("Cc", "Zl", "Zp") for character in value):
        raise ValidationError(
            _("Write it on one line, without line breaks or tabs."), code="not_single_line"
        )
    hidden = next((c for c in value if unicodedata.category(c) in REFUSED_CATEGORIES), None)
    if hidden is not None:
        raise ValidationError(
            _("Remove the invisible character U+%(code)04X."),
            code="invisible_character",
            params={"code": ord(hidden)},
        )


def normalise_names(instance) -> None:
    """Put every one-line text field of `instance` in Unicode's composed form (NFC), so that
    a name typed with a separate accent and the same name typed with an accented letter are one
    name, and take the columns TRF counts."""
    for field in instance._meta.concrete_fields:
        if validate_single_line in getattr(field, "validators", ()):
            value = getattr(instance, field.attname)
            if isinstance(value, str):
                setattr(instance, field.attname, unicodedata.normalize("NFC", value))


def validate_time_zone(value: str) -> None:
    """An IANA time zone name the system's zone database knows (Africa/Accra, Europe/Lisbon),
    as `zoneinfo` reads it; a file path or a name it merely could open is refused."""
    if value not in available_timezones() and value != "UTC":
        raise ValidationError(
            _("%(zone)s is no time zone; give an IANA name such as Africa/Accra.")
            % {"zone": value},
            code="unknown_time_zone",
        )
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError) as error:
        raise ValidationError(
            _("%(zone)s is no time zone; give an IANA name such as Africa/Accra.")
            % {"zone": value},
            code="unknown_time_zone",
        ) from error
