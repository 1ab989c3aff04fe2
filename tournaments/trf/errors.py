"""The single error type raised for unreadable or unwritable TRF data."""

from __future__ import annotations

# What is wrong: each code's English sentence, filled with the error's params. The product
# translates the same templates by code (tournaments/services/core_messages.py). ``what`` names
# a TRF field in the format's own English words.
MESSAGES = {
    "number_twice": "pairing number %(number)s appears twice",
    "not_utf8": "text is not valid UTF-8",
    "disagree": "%(record)s gives %(what)s %(value)r but %(other)s gave %(previous)r",
    "initial_colour": "initial colour must be W or B, found %(found)r",
    "xxc_word": "XXC expects 'rank', 'white1' or 'black1', found %(found)r",
    "not_a_number": "expected a pairing number, found %(found)r",
    "xxa_empty": "XXA line without a pairing number",
    "not_a_decimal": "%(what)s must be a number like 2.5, found %(found)r",
    "missing": "%(what)s is missing",
    "not_digits": "%(what)s must be digits, found %(found)r",
    "number_range": "pairing number must be 1 to 9999",
    "sex": "sex must be m or w, found %(found)r",
    "no_blank": "round block should have a blank here, found %(found)r",
    "opponent": "opponent must be a pairing number, found %(found)r",
    "colour": "colour must be w, b or -, found %(found)r",
    "result_code": "unknown result code %(found)r",
    "no_opponent": "result %(found)r needs an opponent",
    "line_break": "line break inside a value: %(found)r",
    "too_long": "%(what)s %(found)r is longer than %(width)s characters",
    "out_of_range": "%(what)s %(found)s is outside %(low)s..%(high)s",
    "unknown_player": "%(record)s names pairing number %(number)s, which no 001 line has",
    "two_teams": "player %(number)s is in a second team",
    "bye_kind": "a bye record's kind must be F, H or Z, found %(found)r",
    "round_range": "the last round %(last)s comes before the first %(first)s",
}


class TrfError(ValueError):
    """A TRF line could not be read (or a value cannot be written).

    ``message_code`` names the problem (a key of MESSAGES); ``params`` fill its sentence into
    ``message``. ``line`` and ``column`` are 1-based, like the column numbers of the FIDE
    documents; either may be ``None`` when the problem is not tied to a place
    in a file (for example a value too wide to write).
    """

    def __init__(
        self, message_code: str, line: int | None = None, column: int | None = None, **params
    ):
        self.message_code = message_code
        self.params = params
        self.message = MESSAGES[message_code] % params
        self.line = line
        self.column = column
        super().__init__(self._describe())

    def _describe(self) -> str:
        place = []
        if self.line is not None:
            place.append(f"line {self.line}")
        if self.column is not None:
            place.append(f"column {self.column}")
        return f"{', '.join(place)}: {self.message}" if place else self.message
