"""What the product's values become in a TRF file's fixed columns, and the records it adds.

A name is cut to the player line's 33 characters, a team's name and code to the team record's
32 and 5, a rating past the file's four digits is left out; the tie-breaks that decide between
players on equal points are listed in a ``202`` record. The TRF export of a section
(`tournaments.services.standings.section_trf`) asks here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable

from .model import Tournament

NAME_WIDTH = 33
TEAM_NAME_WIDTH = 32
TEAM_CODE_WIDTH = 5
MAX_RATING = 9999
TIEBREAKS_RECORD = "202"
POINTS = "PTS"  # the score itself, not a tie-break between equal scores


def fitted_name(name: str) -> str:
    """A player's name cut to the player line's column."""
    return name[:NAME_WIDTH]


def fitted_rating(rating: int | None) -> int | None:
    """A rating as the file's four digits hold it: None past 9999."""
    return None if rating is not None and rating > MAX_RATING else rating


def fitted_team(name: str, code: str) -> tuple[str, str]:
    """A team's name and code (its nickname) cut to the team record's columns."""
    return name[:TEAM_NAME_WIDTH], code[:TEAM_CODE_WIDTH]


def add_tiebreaks(trf: Tournament, tiebreaks: Iterable[str]) -> None:
    """Append the ``202`` record listing `tiebreaks` (the points themselves left out); none
    when no tie-break is left."""
    codes = [code for code in tiebreaks if code != POINTS]
    if codes:
        trf.other_lines.append(f"{TIEBREAKS_RECORD} " + ",".join(codes))
