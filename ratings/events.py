"""A rating period's events read from TRF files, through the TRF core (:mod:`tournaments.trf`).

Each ``001`` line's id (columns 58–68) names the player in the list. A block the TRF core calls
rated (``RoundCell.is_rated``: a game over the board with an opponent) becomes a
:class:`~ratings.records.Game`; forfeits, byes and games of less than one move, which TRF marks
as not rated, do not (FIDE Rating Regulations 5.1). The result codes stay in the TRF core.
"""

from __future__ import annotations

import re
from collections.abc import Container, Sequence
from datetime import date

from tournaments import trf

from .errors import RatingError
from .records import Event, Game

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_YEAR_FIRST = re.compile(r"(\d{4})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{1,2})")
_DAY_FIRST = re.compile(r"(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})")


def read_date(text: str) -> date | None:
    """A TRF date, ``YYYY/MM/DD`` (or with ``-`` / ``.``; or ``DD.MM.YYYY``); ``None`` when
    blank or not a date."""
    for pattern, order in ((_YEAR_FIRST, (0, 1, 2)), (_DAY_FIRST, (2, 1, 0))):
        found = pattern.search(text or "")
        if found:
            year, month, day = (int(found.group(i + 1)) for i in order)
            try:
                return date(year, month, day)
            except ValueError:
                return None
    return None


def _player_lines(text: str) -> dict[int, int]:
    """The line of each pairing number's ``001`` record."""
    lines = {}
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if line.startswith("001") and line[4:8].strip().isdigit():
            lines.setdefault(int(line[4:8]), number)
    return lines


def game_of_cell(player: str, opponent: str, cell: trf.RoundCell) -> Game | None:
    """The rated game a round block is, from ``player``'s side against ``opponent`` (ids of the
    list), or ``None`` when the block is not a rated game (a forfeit, a bye, a game of less than
    one move): the one decision of what a rating counts, for files and for the product's
    database alike. A rated game scores 1, ½ or 0 whatever the event's own scoring."""
    if not cell.is_rated:
        return None
    return Game(player, opponent, cell.points(trf.DEFAULT_SCORING))


def read_event(path: str, known: Container[str], list_path: str) -> Event:
    """The rated games of one TRF file. Every player must have an id that ``known`` (the ids of
    the list at ``list_path``) holds."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise RatingError("cannot_read", path, reason=exc.strerror or str(exc)) from None
    try:
        text = data.decode("utf-8-sig")
        tournament = trf.parse(text)
    except UnicodeDecodeError:
        raise RatingError("trf", path, reason="text is not valid UTF-8") from None
    except trf.TrfError as exc:
        raise RatingError("trf", path, exc.line, reason=exc.message) from None
    lines = _player_lines(text)
    ids: dict[int, str] = {}
    owner: dict[str, int] = {}
    for player in tournament.players:
        number = player.pairing_number
        line = lines.get(number)
        player_id = player.fide_id.strip()
        if not player_id:
            raise RatingError("no_trf_id", path, line, number=number)
        if player_id in owner:
            raise RatingError(
                "trf_id_twice", path, line, id=player_id, first=owner[player_id], number=number
            )
        if player_id not in known:
            raise RatingError("unknown_id", path, line, number=number, id=player_id, list=list_path)
        ids[number] = player_id
        owner[player_id] = number
    games = []
    for player in tournament.players:
        for cell in player.rounds:
            if not cell.is_rated:
                continue
            if cell.opponent not in ids or cell.opponent == player.pairing_number:
                raise RatingError(
                    "unknown_opponent",
                    path,
                    lines.get(player.pairing_number),
                    number=player.pairing_number,
                    opponent=cell.opponent,
                )
            games.append(game_of_cell(ids[player.pairing_number], ids[cell.opponent], cell))
    end = read_date(tournament.end_date) or read_date(tournament.start_date)
    return Event(name=path, end=end, games=tuple(games))


def read_events(paths: Sequence[str], known: Container[str], list_path: str) -> list[Event]:
    """The events of a period, one per file, in the order given."""
    return [read_event(path, known, list_path) for path in paths]
