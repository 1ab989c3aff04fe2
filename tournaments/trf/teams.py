"""Teams a TRF file declares: TRF16 ``013`` lines and TRF26 ``310`` records.

The reader keeps both verbatim among the file's other lines; this reads them for an import, so
that team-mates are kept apart as the file's own program keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import TrfError
from .model import Tournament

# 1-based columns of the FIDE documents, as 0-based starts: ``013`` name 5-36, members from 37
# every 5 columns; ``310`` number 5-7, name 9-40, members from 74 every 5 columns.
_LAYOUTS = {"013": (None, (4, 36), 36), "310": ((4, 7), (8, 40), 73)}


@dataclass(frozen=True)
class TrfTeam:
    """One team record: its name, its number when the record has one, its members' numbers."""

    name: str
    members: tuple[int, ...]
    number: int | None = None


def teams(tournament: Tournament) -> list[TrfTeam]:
    """The teams of ``013`` and ``310`` lines in file order; :class:`TrfError` (with the column)
    for a member column that is not a pairing number."""
    found = []
    for line in tournament.other_lines:
        layout = _LAYOUTS.get(line[:3])
        if layout is None:
            continue
        number_columns, (name_start, name_end), first = layout
        number = None
        if number_columns is not None:
            text = line[number_columns[0] : number_columns[1]].strip()
            number = int(text) if text.isdigit() else None
        members = []
        for start in range(first, len(line), 5):
            text = line[start : start + 4].strip()
            if not text:
                continue
            if not text.isdigit():
                raise TrfError("not_a_number", None, start + 1, found=text)
            if int(text):
                members.append(int(text))
        found.append(TrfTeam(line[name_start:name_end].strip(), tuple(members), number))
    return found
