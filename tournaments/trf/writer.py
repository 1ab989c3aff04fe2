"""Writing a :class:`Tournament` as fixed-column TRF that :func:`parse` reads back unchanged.

Both dialects are written for the number of rounds and the initial colour
(``142``/``XXR``, ``152``/``XXC``): bbpPairings and TieBreakServer read the
TRF26 records, JaVaFo only the ``XX`` ones.  Lines end in CRLF by default
(the format asks for CR; CRLF keeps everyday tools happy).
"""

from __future__ import annotations

from decimal import Decimal
from os import PathLike

from .errors import TrfError
from .model import Player, RoundCell, Team, Tournament

_TEXT_HEADERS = (
    ("012", "name"),
    ("022", "city"),
    ("032", "federation"),
    ("042", "start_date"),
    ("052", "end_date"),
    ("062", "player_count"),
    ("072", "rated_player_count"),
    ("082", "team_count"),
    ("092", "tournament_type"),
    ("102", "chief_arbiter"),
)


def dumps(tournament: Tournament, newline: str = "\r\n") -> str:
    """The TRF text of ``tournament``; :class:`TrfError` when a value does not fit its columns."""
    lines = list(_header_lines(tournament))
    lines.extend(player_line(p) for p in tournament.players)
    lines.extend(team_line(team) for team in tournament.teams)
    for line in lines:
        # A line break inside a value would start a new record on reading.
        if "\r" in line or "\n" in line:
            raise TrfError("line_break", found=line[:40])
    return newline.join(lines) + newline


def dump(tournament: Tournament, path: str | PathLike, newline: str = "\r\n") -> None:
    """Write ``tournament`` to ``path`` as UTF-8 (see :func:`dumps`)."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(dumps(tournament, newline))


def _header_lines(t: Tournament):
    for code, attribute in _TEXT_HEADERS:
        value = getattr(t, attribute)
        if value not in ("", None):
            yield f"{code} {value}"
    for deputy in t.deputy_arbiters:
        yield f"112 {deputy}"
    if t.time_control:
        yield f"122 {t.time_control}"
    if t.round_dates:
        # Dates sit above the round blocks: round r at columns 92+10(r-1) to 99+10(r-1).
        yield ("132" + " " * 86 + "".join(f"  {d:<8}" for d in t.round_dates)).rstrip()
    if t.rounds is not None:
        yield f"142 {t.rounds}"
    if t.initial_colour is not None:
        yield f"152 {t.initial_colour.upper()}"
    yield from t.other_lines
    if t.rounds is not None:
        yield f"XXR {t.rounds}"
    xxc = (["rank"] if t.pair_by_rank else []) + (
        [{"w": "white1", "b": "black1"}[t.initial_colour]] if t.initial_colour else []
    )
    if xxc:
        yield "XXC " + " ".join(xxc)
    for group in t.forbidden_pairs:
        yield "XXP " + " ".join(str(n) for n in group)
    for ranged in t.round_forbidden_pairs:
        # Rounds at columns 5-7 and 9-11, players from column 13 every 5 columns.
        yield f"260 {ranged.first:03d} {ranged.last:03d}" + _ids(ranged.players)
    for ranged in t.acceleration_ranges:
        # Match points 5-8, game points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31.
        match = "" if ranged.match_points is None else _points_text(ranged.match_points)
        yield (
            f"250 {match:>4} {_points_text(ranged.points):>4} "
            f"{ranged.first_round:03d} {ranged.last_round:03d} "
            f"{ranged.first_player:04d} {ranged.last_player:04d}"
        )
    for byes in t.byes:
        # Kind at column 5, round at 7-9, players from column 11 every 5 columns.
        yield f"240 {byes.code} {byes.round:03d}" + _ids(byes.players)
    if t.not_paired:
        yield "XXZ " + " ".join(str(n) for n in t.not_paired)
    for tpn, values in t.acceleration.items():
        yield f"XXA {tpn:>4}" + "".join(f" {_points_text(v):>4}" for v in values)


def _ids(numbers) -> str:
    return "".join(f" {_fits(n, 1, 9999, 'pairing number'):04d}" for n in numbers)


def team_line(team: Team) -> str:
    """The TRF26 ``310`` record of a team: number 5-7, name 9-40, nickname 42-46, members from
    column 74 every 5 columns (the strength, match and game points and rank stay blank)."""
    number = "" if team.number is None else _fits(team.number, 1, 999, "team number")
    head = (
        f"310 {number:>3} {_width(team.name, 32, 'team name'):<32} "
        f"{_width(team.nickname, 5, 'team nickname'):<5}"
    )
    members = " ".join(f"{_fits(n, 1, 9999, 'pairing number'):>4}" for n in team.members)
    return f"{head:<73}{members}".rstrip()


def player_line(player: Player) -> str:
    """The ``001`` line of one player, round blocks included."""
    p = player
    _fits(p.pairing_number, 1, 9999, "pairing number")
    fields = [
        "001",
        f"{p.pairing_number:>4}",
        f"{_width(p.sex, 1, 'sex'):<1}{_width(p.title, 3, 'title'):>3}",
        f"{_width(p.name, 33, 'name'):<33}",
        f"{'' if p.rating is None else _fits(p.rating, 0, 9999, 'rating'):>4}",
        f"{_width(p.federation, 3, 'federation'):<3}",
        f"{_width(p.fide_id, 11, 'ID number'):>11}",
        f"{_width(p.birth_date, 10, 'birth date'):<10}",
        f"{'' if p.points is None else _width(_points_text(p.points), 4, 'points'):>4}",
        f"{'' if p.rank is None else _fits(p.rank, 0, 9999, 'rank'):>4}",
    ]
    line = " ".join(fields) + "".join(_cell_text(c, p.pairing_number) for c in p.rounds)
    return line.rstrip()


def _cell_text(cell: RoundCell, tpn: int) -> str:
    opponent = 0 if cell.opponent is None else cell.opponent
    _fits(opponent, 0, 9999, f"opponent of player {tpn}")
    shown = "0000" if opponent == 0 else f"{opponent:>4}"
    return f"  {shown} {cell.colour} {cell.result}"


def _points_text(value: Decimal) -> str:
    """``2.5`` / ``17.0`` style: one decimal unless more are needed to stay exact."""
    value = Decimal(value)
    one_place = value.quantize(Decimal("0.1"))
    return str(one_place) if one_place == value else str(value.normalize())


def _width(text: str, width: int, what: str) -> str:
    if len(text) > width:
        raise TrfError("too_long", what=what, found=text, width=width)
    return text


def _fits(value: int, low: int, high: int, what: str) -> int:
    if not low <= value <= high:
        raise TrfError("out_of_range", what=what, found=value, low=low, high=high)
    return value
