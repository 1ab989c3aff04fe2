"""The single error type raised for unreadable or unwritable TRF data."""

from __future__ import annotations


class TrfError(ValueError):
    """A TRF line could not be read (or a value cannot be written).

    ``line`` and ``column`` are 1-based, like the column numbers of the FIDE
    documents; either may be ``None`` when the problem is not tied to a place
    in a file (for example a value too wide to write).
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        self.message = message
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
