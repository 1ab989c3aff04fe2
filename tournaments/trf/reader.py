"""Reading TRF text (TRF16, TRF26 and the JaVaFo / bbpPairings extension lines).

Any line ending (LF, CR, CRLF) is accepted.  Columns count characters, not
bytes.  A line that cannot be understood raises :class:`TrfError` with its
1-based line and column; record types we do not interpret are kept verbatim.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from os import PathLike

from . import codes
from .errors import TrfError
from .model import (
    AccelerationRange,
    Player,
    RoundByes,
    RoundCell,
    RoundForbiddenPairs,
    Team,
    Tournament,
)

_LINE_BREAK = re.compile(r"\r\n|\r|\n")

# First round block starts at column 90 (two spaces, then the opponent at 92-95).
_FIRST_BLOCK = 89
_BLOCK_WIDTH = 10

_TEXT_HEADERS = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "tournament_type",
    "102": "chief_arbiter",
    "122": "time_control",
}
_COUNT_HEADERS = {"062": "player_count", "072": "rated_player_count", "082": "team_count"}

# Team records, as 0-based starts of the FIDE documents' 1-based columns: ``013`` name 5-36,
# members from 37 every 5 columns; ``310`` number 5-7, name 9-40, nickname 42-46, members from
# 74 every 5 columns.
_TEAM_LAYOUTS = {"013": (None, (4, 36), None, 36), "310": ((4, 7), (8, 40), (41, 46), 73)}
_MEMBER_WIDTH = 5


def parse(text: str | bytes) -> Tournament:
    """Read a whole TRF document.  ``bytes`` are decoded as UTF-8 (a BOM is ignored)."""
    if isinstance(text, (bytes, bytearray)):
        text = _decode(bytes(text))
    if text.startswith("\ufeff"):
        text = text[1:]
    tournament = Tournament()
    seen_rounds: dict[str, int] = {}
    seen_colour: dict[str, str] = {}
    numbers: set[int] = set()
    # Pairing numbers that records other than ``001`` name, with their place: checked once
    # every player is read, as a record may come before the players' lines.
    named: list[tuple[str, int, int, int]] = []
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        if not line.strip():
            continue
        _read_line(tournament, line, number, seen_rounds, seen_colour, named)
        if line.startswith("001"):
            tpn = tournament.players[-1].pairing_number
            if tpn in numbers:
                raise TrfError("number_twice", number, 5, number=tpn)
            numbers.add(tpn)
    _check_named(named, numbers)
    return tournament


def _check_named(named: list[tuple[str, int, int, int]], numbers: set[int]) -> None:
    """Every pairing number a team, bye or forbidden-pairs record names is a player's; a player
    is in one team at most."""
    in_team: set[int] = set()
    for record, tpn, line, column in named:
        if tpn not in numbers:
            raise TrfError("unknown_player", line, column, record=record, number=tpn)
        if record in _TEAM_LAYOUTS:
            if tpn in in_team:
                raise TrfError("two_teams", line, column, number=tpn)
            in_team.add(tpn)


def parse_file(path: str | PathLike) -> Tournament:
    """Read a TRF file from disk (see :func:`parse`)."""
    with open(path, "rb") as handle:
        return parse(handle.read())


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1 if b"\n" in before else before.count(b"\r") + 1
        start = max(before.rfind(b"\n"), before.rfind(b"\r")) + 1
        column = len(before[start:].decode("utf-8", errors="replace")) + 1
        raise TrfError("not_utf8", line, column) from None


def _read_line(
    t: Tournament, line: str, number: int, seen_rounds: dict, seen_colour: dict, named: list
) -> None:
    code = line[:3]
    if code == "001":
        t.players.append(_read_player(line, number))
    elif code in _TEXT_HEADERS:
        setattr(t, _TEXT_HEADERS[code], _header_value(line))
    elif code in _COUNT_HEADERS:
        setattr(t, _COUNT_HEADERS[code], _read_count(line, number))
    elif code == "112":
        t.deputy_arbiters.append(_header_value(line))
    elif code == "132":
        t.round_dates = _read_round_dates(line)
    elif code in ("142", "XXR"):
        value = _int_field(line, 4, len(line), number, "a number of rounds")
        _agree(seen_rounds, code, value, number, "rounds")
        t.rounds = value
    elif code == "152":
        value = _read_152(line, number)
        _agree(seen_colour, code, value, number, "initial colour")
        t.initial_colour = value
    elif code == "XXC":
        colour, by_rank = _read_xxc(line, number)
        if colour is not None:
            _agree(seen_colour, code, colour, number, "initial colour")
            t.initial_colour = colour
        t.pair_by_rank = t.pair_by_rank or by_rank
    elif code == "XXP":
        t.forbidden_pairs.append(_id_list(line, number))
    elif code == "XXZ":
        t.not_paired.extend(_id_list(line, number))
    elif code == "XXA":
        tpn, values = _read_xxa(line, number)
        t.acceleration[tpn] = values
    elif code == "240":
        t.byes.append(_read_240(line, number, named))
    elif code == "260":
        t.round_forbidden_pairs.append(_read_260(line, number, named))
    elif code == "250":
        t.acceleration_ranges.append(_read_250(line, number))
    elif code in _TEAM_LAYOUTS:
        t.teams.append(_read_team(line, number, named))
    else:
        t.other_lines.append(line.rstrip())


def _read_count(line: str, number: int) -> int | None:
    """A count header's number. Some programs add a remark after it (``062 15 (12)``: the
    players, and in brackets a second count); the leading number is the record's count."""
    words = line[4:].split()
    if not words:
        return None
    if words[0].isascii() and words[0].isdigit():
        return int(words[0])
    return _int_field(line, 4, len(line), number, "a count", blank_ok=True)


def _agree(seen: dict, code: str, value, number: int, what: str) -> None:
    for other, previous in seen.items():
        if previous != value:
            raise TrfError(
                "disagree",
                number,
                5,
                record=code,
                what=what,
                value=value,
                other=other,
                previous=previous,
            )
    seen[code] = value


def _header_value(line: str) -> str:
    return line[4:].strip()


def _read_round_dates(line: str) -> list[str]:
    dates = []
    start = _FIRST_BLOCK + 2
    while start < len(line):
        dates.append(line[start : start + 8].strip())
        start += _BLOCK_WIDTH
    while dates and not dates[-1]:
        dates.pop()
    return dates


def _read_152(line: str, number: int) -> str:
    value = line[4:].strip().upper()
    if value not in ("W", "B"):
        raise TrfError("initial_colour", number, 5, found=value)
    return value.lower()


def _read_xxc(line: str, number: int) -> tuple[str | None, bool]:
    colour = None
    by_rank = False
    for column, word in _tokens(line, 3):
        lowered = word.lower()
        if lowered == "white1":
            colour = "w"
        elif lowered == "black1":
            colour = "b"
        elif lowered == "rank":
            by_rank = True
        else:
            raise TrfError("xxc_word", number, column, found=word)
    return colour, by_rank


def _id_list(line: str, number: int, start: int = 3) -> list[int]:
    return [tpn for tpn, _column in _placed_ids(_tokens(line, start), number)]


def _placed_ids(words: list[tuple[int, str]], number: int) -> list[tuple[int, int]]:
    """(pairing number, column) of each word, refusing a word that is no pairing number."""
    ids = []
    for column, word in words:
        if not (word.isascii() and word.isdigit()) or int(word) == 0:
            raise TrfError("not_a_number", number, column, found=word)
        ids.append((int(word), column))
    return ids


def _name_ids(record: str, ids: list[tuple[int, int]], number: int, named: list) -> tuple:
    named.extend((record, tpn, number, column) for tpn, column in ids)
    return tuple(tpn for tpn, _column in ids)


def _read_240(line: str, number: int, named: list) -> RoundByes:
    """``240 T RRR IIII …``: the bye of kind T (F, H or Z) of the listed players in round RRR.
    Read word by word, as pairing programs read it, so a misplaced column still reads."""
    words = _tokens(line, 3)
    if len(words) < 2:
        raise TrfError("missing", number, len(line) + 1, what="a bye record's round")
    (column, kind), (round_column, round_text) = words[0], words[1]
    if kind.upper() not in codes.ANNOUNCED_BYES:
        raise TrfError("bye_kind", number, column, found=kind)
    if not (round_text.isascii() and round_text.isdigit()) or int(round_text) == 0:
        raise TrfError("not_digits", number, round_column, what="round", found=round_text)
    ids = _placed_ids(words[2:], number)
    return RoundByes(kind.upper(), int(round_text), _name_ids("240", ids, number, named))


def _read_260(line: str, number: int, named: list) -> RoundForbiddenPairs:
    """``260 RRF RRL PPPP …``: no two of the listed players meet in rounds RRF to RRL."""
    words = _tokens(line, 3)
    if len(words) < 2:
        raise TrfError("missing", number, len(line) + 1, what="a round range")
    rounds = []
    for column, text in words[:2]:
        if not (text.isascii() and text.isdigit()) or int(text) == 0:
            raise TrfError("not_digits", number, column, what="round", found=text)
        rounds.append(int(text))
    if rounds[1] < rounds[0]:
        raise TrfError("round_range", number, words[1][0], first=rounds[0], last=rounds[1])
    ids = _placed_ids(words[2:], number)
    return RoundForbiddenPairs(rounds[0], rounds[1], _name_ids("260", ids, number, named))


def _read_250(line: str, number: int) -> AccelerationRange:
    """``250 MMMM GGGG RRF RRL PPPF PPPL``: match points at columns 5-8 (blank for individuals),
    game points 10-13, first and last round 15-17 and 19-21, first and last pairing number
    23-26 and 28-31. Read by columns: a blank match-points field leaves no word to count.

    A record with match points and blank game points (as some programs write it, and as the
    TRF26 team example places its only points) gives those points: an individual section has
    one score, so the virtual points are the game points when given, else the match points.
    """
    padded = line.ljust(31)
    match_text = padded[4:8].strip()
    match_points = _decimal(match_text, number, 5, "virtual points") if match_text else None
    points_text = padded[9:13].strip()
    if points_text:
        points = _decimal(points_text, number, 10, "virtual points")
    elif match_points is not None:
        points = match_points
    else:
        raise TrfError("missing", number, 10, what="virtual points")
    first_round = _int_field(padded, 14, 17, number, "round")
    last_round = _int_field(padded, 18, 21, number, "round")
    first_player = _int_field(padded, 22, 26, number, "pairing number")
    last_player = _int_field(padded, 27, 31, number, "pairing number")
    if last_round < first_round:
        raise TrfError("round_range", number, 19, first=first_round, last=last_round)
    return AccelerationRange(
        points, first_round, last_round, first_player, last_player, match_points
    )


def _read_team(line: str, number: int, named: list) -> Team:
    """A ``013`` or ``310`` team record; its members are read column by column, as the
    name before them may hold spaces."""
    number_columns, (name_start, name_end), nickname_columns, first = _TEAM_LAYOUTS[line[:3]]
    team_number = None
    if number_columns is not None:
        team_number = _int_field(line, *number_columns, number, "team number", blank_ok=True)
    nickname = line[slice(*nickname_columns)].strip() if nickname_columns else ""
    ids = []
    for start in range(first, len(line), _MEMBER_WIDTH):
        text = line[start : start + _MEMBER_WIDTH - 1].strip()
        if text and (not (text.isascii() and text.isdigit()) or int(text) == 0):
            raise TrfError("not_a_number", number, start + 1, found=text)
        if text:
            ids.append((int(text), start + 1))
    members = _name_ids(line[:3], ids, number, named)
    return Team(line[name_start:name_end].strip(), members, team_number, nickname)


def _read_xxa(line: str, number: int) -> tuple[int, list[Decimal]]:
    words = _tokens(line, 3)
    if not words:
        raise TrfError("xxa_empty", number, 5)
    column, word = words[0]
    if not (word.isascii() and word.isdigit()) or int(word) == 0:
        raise TrfError("not_a_number", number, column, found=word)
    values = [_decimal(w, number, c, "virtual points") for c, w in words[1:]]
    return int(word), values


def _tokens(line: str, start: int) -> list[tuple[int, str]]:
    """Whitespace-separated words from a 0-based index, each with its 1-based column."""
    return [(m.start() + 1, m.group()) for m in re.finditer(r"\S+", line) if m.start() >= start]


def _decimal(word: str, number: int, column: int, what: str) -> Decimal:
    try:
        value = Decimal(word)
    except InvalidOperation:
        raise TrfError("not_a_decimal", number, column, what=what, found=word) from None
    if not value.is_finite():
        raise TrfError("not_a_decimal", number, column, what=what, found=word)
    return value


def _int_field(
    line: str, start: int, end: int, number: int, what: str, blank_ok: bool = False
) -> int | None:
    """Integer in ``line[start:end]``; ``None`` for blanks when ``blank_ok``."""
    raw = line[start:end]
    text = raw.strip()
    column = start + 1 + (len(raw) - len(raw.lstrip()))
    if not text:
        if blank_ok:
            return None
        raise TrfError("missing", number, start + 1, what=what)
    if not (text.isascii() and text.isdigit()):
        raise TrfError("not_digits", number, column, what=what, found=text)
    return int(text)


def _read_player(line: str, number: int) -> Player:
    line = line.rstrip()
    padded = line.ljust(_FIRST_BLOCK)
    tpn = _int_field(padded, 4, 8, number, "pairing number")
    if tpn == 0:
        raise TrfError("number_range", number, 5)
    sex = padded[9].strip().lower()
    if sex not in ("", "m", "w", "f"):
        raise TrfError("sex", number, 10, found=padded[9])
    points_text = padded[80:84].strip()
    points = _decimal(points_text, number, 81, "points") if points_text else None
    return Player(
        pairing_number=tpn,
        sex=sex,
        title=padded[10:13].strip(),
        name=padded[14:47].strip(),
        rating=_int_field(padded, 48, 52, number, "rating", blank_ok=True),
        federation=padded[53:56].strip(),
        fide_id=padded[57:68].strip(),
        birth_date=padded[69:79].strip(),
        points=points,
        rank=_int_field(padded, 85, 89, number, "rank", blank_ok=True),
        rounds=_read_round_cells(line, number),
    )


def _read_round_cells(line: str, number: int) -> list[RoundCell]:
    cells = []
    start = _FIRST_BLOCK
    while start < len(line):
        block = line[start : start + _BLOCK_WIDTH].ljust(_BLOCK_WIDTH)
        cells.append(_read_cell(block, start, number))
        start += _BLOCK_WIDTH
    return cells


def _read_cell(block: str, start: int, number: int) -> RoundCell:
    """Read ``  OOOO c r`` whose first character is at 0-based index ``start``."""
    for offset in (0, 1, 6, 8):
        if block[offset] != " ":
            raise TrfError("no_blank", number, start + offset + 1, found=block[offset])
    opponent_text = block[2:6].strip()
    if opponent_text and not (opponent_text.isascii() and opponent_text.isdigit()):
        raise TrfError("opponent", number, start + 3, found=opponent_text)
    opponent = int(opponent_text) if opponent_text and int(opponent_text) else None
    colour = block[7].lower() if block[7] != " " else "-"
    if colour not in codes.COLOURS:
        raise TrfError("colour", number, start + 8, found=block[7])
    result = block[9].upper() if block[9] != " " else codes.ZERO_POINT_BYE
    if result not in codes.ALL:
        raise TrfError("result_code", number, start + 10, found=block[9])
    if opponent is None and result not in codes.WITHOUT_OPPONENT:
        raise TrfError("no_opponent", number, start + 10, found=block[9])
    return RoundCell(opponent, colour, result)
