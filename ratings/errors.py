"""The one error of the rating core: input it cannot rate, with the file and line to blame."""

from __future__ import annotations

# What is wrong: each code's English sentence, filled with the error's params (as the TRF core
# keeps its own), so that a caller may word it by code.
MESSAGES = {
    "cannot_read": "cannot be read: %(reason)s",
    "header": "the header must be %(expected)s, found %(found)s",
    "columns": "expected %(expected)s fields, found %(found)s",
    "empty": "the file is empty",
    "id_missing": "the id is empty",
    "id_twice": "id %(id)s is listed twice (first on line %(first)s)",
    "not_integer": "%(what)s must be a whole number, found %(found)r",
    "not_number": "%(what)s must be a number, found %(found)r",
    "not_positive": "%(what)s must be above 0, found %(found)r",
    "out_of_range": "%(what)s %(found)s is outside %(low)s..%(high)s",
    "k_value": "k must be empty, 10, 20 or 40, found %(found)r",
    "partly_new": "rating, rd and volatility must be all given or all empty, found %(found)r",
    "trf": "is not a valid TRF file: %(reason)s",
    "no_trf_id": "player %(number)s has no id (columns 58-68)",
    "trf_id_twice": "id %(id)s is given to players %(first)s and %(number)s",
    "unknown_id": "player %(number)s has id %(id)s, which the list %(list)s does not have",
    "unknown_opponent": "player %(number)s meets pairing number %(opponent)s, "
    "which no 001 line has",
    "no_year": "no file gives an end date (052) or a start date (042) to tell the period's year",
}


class RatingError(ValueError):
    """Input the rating core refuses.

    ``code`` names the problem (a key of :data:`MESSAGES`) and ``params`` fill its sentence into
    ``message``; ``path`` and ``line`` (1-based) say where, when the problem has a place.
    ``str()`` gives ``path, line N: message``.
    """

    def __init__(self, code: str, path: str | None = None, line: int | None = None, **params):
        self.code = code
        self.params = params
        self.message = MESSAGES[code] % params
        self.path = path
        self.line = line
        super().__init__(self._describe())

    def _describe(self) -> str:
        place = [str(self.path)] if self.path is not None else []
        if self.line is not None:
            place.append(f"line {self.line}")
        return f"{', '.join(place)}: {self.message}" if place else self.message
