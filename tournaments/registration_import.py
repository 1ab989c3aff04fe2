"""Reading a list of players to register from a CSV file or a TRF file's 001 records.

Plain Python, no Django. `read_csv` and `read_trf` return one `ImportRow` per player with the
problems found in that row alone; the registration service adds the checks that need the
database (team codes, team composition) and stores the rows only when no row has a problem.

CSV columns (any order, header names in English, French or Portuguese, case and accents
ignored): name, sex, rating, title, federation, team code. Sex is m/w, also M/F/H and the
words in the three languages.
"""

import csv
import io
import unicodedata
from dataclasses import dataclass, field

from tournaments.trf import TrfError, parse

# Header words per column; compared after removing accents and case.
HEADERS = {
    "name": {"name", "player", "nom", "joueur", "nome", "jogador"},
    "sex": {"sex", "gender", "sexe", "genre", "sexo", "genero"},
    "rating": {"rating", "elo", "classement", "cotation", "rating elo", "pontuacao"},
    "title": {"title", "titre", "titulo"},
    "federation": {"federation", "fed", "country", "pays", "federacao", "pais"},
    "team": {"team", "team code", "equipe", "code equipe", "code", "equipa", "codigo equipa"},
    "identity_number": {"id", "identity number", "fide id", "identifiant", "identificador"},
}
SEXES = {
    "m": "m",
    "male": "m",
    "man": "m",
    "h": "m",
    "homme": "m",
    "masculin": "m",
    "homem": "m",
    "masculino": "m",
    "w": "w",
    "f": "w",
    "female": "w",
    "woman": "w",
    "femme": "w",
    "feminin": "w",
    "mulher": "w",
    "feminino": "w",
}
MAX_RATING = 3000


@dataclass
class ImportRow:
    """One player read from the file: `line` in the file, the values, and what is wrong."""

    line: int
    name: str = ""
    sex: str = ""
    rating: int | None = None
    title: str = ""
    federation: str = ""
    team_code: str = ""
    identity_number: str = ""
    birth_date: str = ""
    errors: list[str] = field(default_factory=list)
    team: object | None = None  # the team the code names, found by the registration service

    @property
    def ok(self) -> bool:
        return not self.errors


class ImportFileError(ValueError):
    """The file as a whole cannot be read; `message` says why in the caller's words.

    `code` is the key of `message` in the caller's messages ('no_header', 'bad_trf'); `params`
    are the values filled in, `trf_error` the TrfError behind 'bad_trf' (so that a caller can
    say it in its own language by the TrfError's code).
    """

    def __init__(self, message: str, code: str = "", **params):
        super().__init__(message)
        self.message = message
        self.code = code
        self.params = params


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(bare.replace("_", " ").split()).casefold()


def _column_of(header: str) -> str | None:
    word = _plain(header)
    return next((column for column, words in HEADERS.items() if word in words), None)


def read_csv(text: str, messages) -> list[ImportRow]:
    """Rows of a CSV text with a header line; comma, semicolon or tab separated.

    `messages` maps problem codes to sentences (so the caller chooses the language):
    'no_name', 'bad_sex', 'bad_rating', 'no_header'.
    """
    text = text.lstrip("\ufeff")
    # The header line, whatever ends it (a bare CR from an old spreadsheet too); a bounded slice,
    # so that a file of one endless line is not sniffed whole.
    first = (text[:4096].splitlines() or [""])[0]
    try:
        dialect = csv.Sniffer().sniff(first, delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    # newline=None reads CR, LF and CRLF alike as line ends: csv refuses a bare CR otherwise.
    reader = csv.reader(io.StringIO(text, newline=None), dialect)
    header = next(reader, None)
    columns = [_column_of(word) for word in header or []]
    if "name" not in columns:
        raise ImportFileError(messages["no_header"], "no_header")
    rows = []
    for line, values in enumerate(reader, start=2):
        if not any(value.strip() for value in values):
            continue
        cells = {c: v.strip() for c, v in zip(columns, values, strict=False) if c}
        rows.append(_row(line, cells, messages))
    return rows


def _row(line: int, cells: dict[str, str], messages, *, unknown_sex=False) -> ImportRow:
    """One row; with `unknown_sex` a blank sex is kept blank (unknown) instead of refused."""
    row = ImportRow(
        line=line,
        name=" ".join(cells.get("name", "").split()),
        title=cells.get("title", "").upper(),
        federation=cells.get("federation", "").upper(),
        team_code=cells.get("team", ""),
        identity_number=cells.get("identity_number", ""),
    )
    if not row.name:
        row.errors.append(messages["no_name"])
    sex = SEXES.get(_plain(cells.get("sex", "")))
    if sex is None and unknown_sex and not cells.get("sex", "").strip():
        sex = ""
    if sex is None:
        row.errors.append(messages["bad_sex"] % {"value": cells.get("sex", "")})
    else:
        row.sex = sex
    rating = cells.get("rating", "")
    if rating:
        # ASCII digits only: int() would also read other scripts' digits ("٣" as 3).
        if rating.isascii() and rating.isdigit() and int(rating) <= MAX_RATING:
            row.rating = int(rating)
        else:
            row.errors.append(messages["bad_rating"] % {"value": rating})
    return row


def read_trf(text: str, messages) -> list[ImportRow]:
    """Rows from the 001 player records of a TRF file (no team codes: TRF has none per player).

    A blank sex stays unknown: other programs leave the column empty when they do not know it.
    The identity number and birth date are kept as the file writes them."""
    try:
        tournament = parse(text)
    except TrfError as error:
        raise ImportFileError(
            messages["bad_trf"] % {"line": error.line, "problem": error.message},
            "bad_trf",
            line=error.line,
            trf_error=error,
        ) from error
    rows = []
    for player in tournament.players:
        cells = {
            "name": player.name,
            "sex": player.sex or "",
            "rating": str(player.rating) if player.rating else "",
            "title": player.title or "",
            "federation": player.federation or "",
        }
        row = _row(player.pairing_number, cells, messages, unknown_sex=True)
        row.identity_number = player.fide_id[:11]
        row.birth_date = player.birth_date[:10]
        rows.append(row)
    return rows
