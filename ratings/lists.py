"""The rating lists as CSV files: the list before a period (read) and after it (written).

FIDE: ``id,name,rating,games,birth_year,k`` in, ``id,name,rating_before,k,games,score,expected,
change,rating_after`` out. Glicko-2: ``id,name,rating,rd,volatility`` in and out. A refused
value raises :class:`~ratings.errors.RatingError` with the file and the line.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Callable, Iterator, Sequence

from .errors import RatingError
from .fide import FidePlayer, FideResult
from .glicko2 import Glicko2Player

FIDE_LIST = ("id", "name", "rating", "games", "birth_year", "k")
FIDE_RESULT = (
    "id",
    "name",
    "rating_before",
    "k",
    "games",
    "score",
    "expected",
    "change",
    "rating_after",
)
GLICKO2_LIST = ("id", "name", "rating", "rd", "volatility")
K_VALUES = (10, 20, 40)


def _rows(path: str, header: Sequence[str]) -> Iterator[tuple[int, dict[str, str]]]:
    """(line number, row) of each non-blank row after a header that must be ``header``."""
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise RatingError("cannot_read", path, reason=_reason(exc)) from None
    reader = csv.reader(io.StringIO(text))
    try:
        found = next(reader, None)
        if found is None:
            raise RatingError("empty", path, 1)
        if [name.strip() for name in found] != list(header):
            raise RatingError(
                "header", path, reader.line_num, expected=",".join(header), found=",".join(found)
            )
        for fields in reader:
            if not any(field.strip() for field in fields):
                continue
            if len(fields) != len(header):
                raise RatingError(
                    "columns", path, reader.line_num, expected=len(header), found=len(fields)
                )
            yield reader.line_num, dict(zip(header, (f.strip() for f in fields), strict=True))
    except csv.Error as exc:
        raise RatingError("cannot_read", path, reader.line_num, reason=str(exc)) from None


def _reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or str(exc)


def _whole(path, line, what, text, low=None, high=None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise RatingError("not_integer", path, line, what=what, found=text) from None
    if (low is not None and value < low) or (high is not None and value > high):
        raise RatingError("out_of_range", path, line, what=what, found=value, low=low, high=high)
    return value


def _positive(path, line, what, text) -> float:
    try:
        value = float(text)
    except ValueError:
        raise RatingError("not_number", path, line, what=what, found=text) from None
    if not math.isfinite(value):
        raise RatingError("not_number", path, line, what=what, found=text)
    if value <= 0:
        raise RatingError("not_positive", path, line, what=what, found=text)
    return value


def _read(path: str, header: Sequence[str], build: Callable) -> list:
    players, seen = [], {}
    for line, row in _rows(path, header):
        if not row["id"]:
            raise RatingError("id_missing", path, line)
        if row["id"] in seen:
            raise RatingError("id_twice", path, line, id=row["id"], first=seen[row["id"]])
        seen[row["id"]] = line
        players.append(build(path, line, row))
    return players


def _fide_player(path: str, line: int, row: dict[str, str]) -> FidePlayer:
    k = None
    if row["k"]:
        k = _whole(path, line, "k", row["k"])
        if k not in K_VALUES:
            raise RatingError("k_value", path, line, found=row["k"])
    return FidePlayer(
        id=row["id"],
        name=row["name"],
        rating=_whole(path, line, "rating", row["rating"], 0, 4000) if row["rating"] else None,
        games=_whole(path, line, "games", row["games"], 0) if row["games"] else 0,
        birth_year=(
            _whole(path, line, "birth_year", row["birth_year"], 1000, 9999)
            if row["birth_year"]
            else None
        ),
        k=k,
    )


def _glicko2_player(path: str, line: int, row: dict[str, str]) -> Glicko2Player:
    values = (row["rating"], row["rd"], row["volatility"])
    if not any(values):
        return Glicko2Player(row["id"], row["name"])
    if not all(values):
        raise RatingError("partly_new", path, line, found=",".join(values))
    try:
        rating = float(row["rating"])
    except ValueError:
        raise RatingError("not_number", path, line, what="rating", found=row["rating"]) from None
    if not math.isfinite(rating):
        raise RatingError("not_number", path, line, what="rating", found=row["rating"])
    return Glicko2Player(
        row["id"],
        row["name"],
        rating,
        _positive(path, line, "rd", row["rd"]),
        _positive(path, line, "volatility", row["volatility"]),
    )


def read_fide_list(path: str) -> list[FidePlayer]:
    """The FIDE list before the period, in file order."""
    return _read(path, FIDE_LIST, _fide_player)


def read_glicko2_list(path: str) -> list[Glicko2Player]:
    """The Glicko-2 list before the period, in file order (all three values empty: new)."""
    return _read(path, GLICKO2_LIST, _glicko2_player)


def _blank(value) -> str:
    return "" if value is None else str(value)


def write_fide_results(results: Sequence[FideResult], out: io.TextIOBase) -> None:
    """One CSV row per player (CRLF line ends, as RFC 4180); an unrated player's missing
    values are left empty."""
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(FIDE_RESULT)
    for r in results:
        writer.writerow(
            [
                r.id,
                r.name,
                _blank(r.rating_before),
                _blank(r.k),
                r.games,
                r.score,
                _blank(r.expected),
                _blank(r.change),
                _blank(r.rating_after),
            ]
        )


def write_glicko2_list(players: Sequence[Glicko2Player], out: io.TextIOBase) -> None:
    """The list after the period, each value to 6 decimals."""
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(GLICKO2_LIST)
    for p in players:
        writer.writerow(
            [p.id, p.name, f"{p.rating:.6f}", f"{p.deviation:.6f}", f"{p.volatility:.6f}"]
        )
