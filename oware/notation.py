"""Game records as text: tags and movetext (docs/notation.md), read and written.

Movetext tokens:
- a move: a letter `A`–`F` (South) or `a`–`f` (North) naming the mover's pit from its owner's left,
  optionally followed by `+N`, the seeds it captured (checked);
- or a scoresheet digit `1`–`6`: the pit of the player to move, from that player's left. Digits
  carry no side: they alternate South, North because the turn does, and in `ouri` a digit after a
  grand slam is the same player's second move. Letters and digits cannot be mixed in one record;
- a move number `12.` (optional, not checked), a clock `{mm:ss}` after a move (the mover's
  remaining time), any other `{…}` text is a comment;
- at the end: optionally `agreed`, `time` or `resign` (`resign S` / `resign N` naming the player
  who resigned; a bare `resign` is the player to move's), then optionally the final score `S-N`.

`parse_record` turns text into a `Record`; `replay_record` parses and replays it, checking the
declared captures, side letters, ending and score; `write_record` writes a replayed game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .endings import Ending
from .errors import BAD_TOKEN, DECLARED_ENDING, DECLARED_SCORE, FINAL_SCORE, RESULT_TAG, RecordError
from .replay import Replay, replay
from .rules import DECLARED_ENDINGS
from .sides import Side
from .variants import Variant, get_variant

# Aualé's order: its reader expects a file to start with the Variant tag.
TAG_ORDER = ("Variant", "Event", "Site", "Date", "Round", "South", "North", "Result")

_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(
    r"""
    (?P<number>\d+\.+)
  | (?P<letter>[A-Fa-f])(?:\+(?P<lcapt>\d+))?(?![A-Za-z0-9+])
  | (?P<digit>[1-6])(?:\+(?P<dcapt>\d+))?(?![A-Za-z0-9.+\-])
  | \{(?P<brace>[^{}]*)\}
  | (?P<resign>resign)(?:[ \t]+(?P<resigner>[SN])(?![A-Za-z0-9]))?(?![A-Za-z])
  | (?P<ending>agreed|time)(?![A-Za-z])
  | (?P<score>\d+)-(?P<north>\d+)(?![0-9])
  | (?P<none>\*)
  | (?P<space>\s+)
""",
    re.VERBOSE,
)
_CLOCK = re.compile(r"\s*(\d{1,3}):([0-5]\d)\s*")
_SCORE = re.compile(r"\s*(\d+)\s*-\s*(\d+)\s*")


@dataclass
class Record:
    """A parsed record.

    moves: mover-relative pits (0–5). sides: the side a letter names (0 South, 1 North), None for
    a digit. captures: the declared `+N` per move or None. clocks: remaining seconds per move or
    None. ending: a declared ending ('agreed', 'time', 'resign') or None. resigner: the side
    (0 South, 1 North) a `resign S` / `resign N` names, None when not named. score: a declared
    final (South, North) score or None. tags: the tag pairs in file order.
    """

    moves: list[int] = field(default_factory=list)
    sides: list[int | None] = field(default_factory=list)
    captures: list[int | None] = field(default_factory=list)
    clocks: list[int | None] = field(default_factory=list)
    ending: Ending | None = None
    resigner: int | None = None
    score: tuple[int, int] | None = None
    tags: dict[str, str] = field(default_factory=dict)


def split_tags(text: str, record: Record) -> str:
    """Read the tag lines at the top of `text` into `record`; return the movetext."""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        if not line:
            index += 1
            continue
        if not line.startswith("["):
            break
        match = _TAG_LINE.fullmatch(line)
        if not match:
            raise RecordError(0, BAD_TOKEN, message_code="malformed_tag", line=line[:40])
        record.tags[match.group(1)] = re.sub(r"\\(.)", r"\1", match.group(2))
        index += 1
    return "\n".join(lines[index:])


def parse_leniently(text: str) -> tuple[Record, RecordError | None]:
    """Parse `text`; return the record read up to the first problem, and that problem (or None).

    The problem is deferred so that an illegal move before it is reported first.
    """
    record = Record()
    try:
        movetext = split_tags(text, record)
    except RecordError as problem:
        return record, problem
    reader = _MovetextReader(record)
    position = 0
    while position < len(movetext):
        match = _TOKEN.match(movetext, position)
        ply = len(record.moves) + 1
        if not match:
            return record, _not_a_move(movetext, position, ply)
        position = match.end()
        problem = reader.read(match, ply)
        if problem is not None:
            return record, problem
    return record, None


def _not_a_move(movetext: str, position: int, ply: int) -> RecordError:
    """The error for text at `position` that is no token, quoting its first word."""
    snippet = (
        movetext[position : position + 12].split()[0]
        if movetext[position:].split()
        else movetext[position : position + 12]
    )
    return RecordError(ply, BAD_TOKEN, message_code="not_a_move", token=snippet)


@dataclass
class _MovetextReader:
    """Reads movetext tokens into `record`, one at a time, remembering what may still follow."""

    record: Record
    kind: str | None = None  # 'letter' or 'digit', fixed by the first move
    finished: bool = False  # an ending or a score was read; only a score may follow an ending

    def read(self, match: re.Match, ply: int) -> RecordError | None:
        """Add the token `match` (at `ply`) to the record; the problem it raises, if any."""
        group = match.lastgroup
        if group in ("letter", "lcapt", "digit", "dcapt"):
            return self._move(match, ply)
        if group == "number":
            if self.finished:
                return RecordError(ply, BAD_TOKEN, message_code="number_after_end")
        elif group == "brace":
            self._brace(match.group("brace"))
        elif group == "ending":
            return self._ending(match.group("ending"), ply)
        elif group in ("resign", "resigner"):
            problem = self._ending(Ending.RESIGN, ply)
            if problem is None and match.group("resigner"):
                self.record.resigner = Side.from_letter(match.group("resigner")).value
            return problem
        elif group in ("score", "north"):
            return self._score(match, ply)
        return None

    def _move(self, match: re.Match, ply: int) -> RecordError | None:
        record = self.record
        this = "letter" if match.group("letter") else "digit"
        if self.finished:
            return RecordError(ply, BAD_TOKEN, message_code="move_after_end")
        if self.kind is not None and this != self.kind:
            return RecordError(ply, BAD_TOKEN, message_code="mixed_notation")
        self.kind = this
        if this == "letter":
            letter = match.group("letter")
            record.moves.append("abcdef".index(letter.lower()))
            record.sides.append(1 if letter.islower() else 0)
            declared = match.group("lcapt")
        else:
            record.moves.append(int(match.group("digit")) - 1)
            record.sides.append(None)
            declared = match.group("dcapt")
        record.captures.append(int(declared) if declared is not None else None)
        record.clocks.append(None)
        return None

    def _brace(self, text: str) -> None:
        """A clock after a move, before the end, sets that move's clock; anything else in
        braces is a comment."""
        record = self.record
        clock = _CLOCK.fullmatch(text)
        if clock and record.moves and record.clocks[-1] is None and not self.finished:
            record.clocks[-1] = int(clock.group(1)) * 60 + int(clock.group(2))

    def _ending(self, ending: str, ply: int) -> RecordError | None:
        if self.finished:
            return RecordError(ply, BAD_TOKEN, message_code="second_ending")
        self.record.ending = Ending(ending)
        self.finished = True
        return None

    def _score(self, match: re.Match, ply: int) -> RecordError | None:
        if self.record.score is not None:
            return RecordError(ply, BAD_TOKEN, message_code="second_score")
        self.record.score = (int(match.group("score")), int(match.group("north")))
        self.finished = True
        return None


def parse_record(text: str) -> Record:
    """Parse a record's text. Raises RecordError(ply, 'bad_token') for text that is not a record."""
    record, problem = parse_leniently(text)
    if problem:
        raise problem
    return record


def replay_record(
    text: str, variant: str | Variant = "abapa", end: str | None = None, resigner=None
) -> Replay:
    """Parse and replay a record; check its side letters, `+N` captures, ending and score.

    `end` is a declared ending given beside the text (as in the replay command); it must agree
    with an ending written in the text (else `declared_ending`). `resigner` (0/1) names who
    resigned when the text says `resign` without naming anyone. Raises RecordError naming the
    first invalid ply.
    """
    record, problem = parse_leniently(text)
    return replay_parsed(record, problem, get_variant(variant), end, resigner)


def replay_parsed(
    record: Record, problem: RecordError | None, variant: Variant, end=None, resigner=None
) -> Replay:
    """Replay a record `parse_leniently` read (with the `problem` it deferred), as
    `replay_record` does: the moves first, then the deferred problem, the declared ending and
    the declared scores."""
    ending = record.ending
    game = replay(
        record.moves,
        variant,
        ending or end,
        sides=record.sides,
        captures=record.captures,
        resigner=record.resigner if record.resigner is not None else resigner,
    )
    if problem:
        raise problem
    if end is not None and ending is not None and end != ending:
        raise RecordError(
            game.plies + 1, DECLARED_ENDING, message_code=DECLARED_ENDING, ending=ending, end=end
        )
    check_declared_score(game, record.score, FINAL_SCORE)
    tagged = _SCORE.fullmatch(record.tags.get("Result", ""))
    if tagged:
        check_declared_score(game, (int(tagged.group(1)), int(tagged.group(2))), RESULT_TAG)
    return game


def game_scores(game: Replay) -> list[tuple[int, int]]:
    """The (South, North) scores a record may declare for `game`: the competition's game score
    (what the product writes: for a loss on time or by resignation the loser's store against
    25) and the stores as they stood (what other programs, and older records, write)."""
    return list(dict.fromkeys([tuple(game.game_score), tuple(game.stores)]))


def check_declared_score(game: Replay, declared, what: str) -> None:
    """Raise RecordError('declared_score') when `declared` (South, North) contradicts `game`.

    `what` is the message code of the declaration: FINAL_SCORE or RESULT_TAG."""
    if declared is None:
        return
    if tuple(declared) not in game_scores(game):
        raise RecordError(
            game.plies + 1,
            DECLARED_SCORE,
            message_code=what,
            south=declared[0],
            north=declared[1],
            game_south=game.stores[0],
            game_north=game.stores[1],
        )


def _clock_text(seconds: int) -> str:
    return f"{{{seconds // 60:02d}:{seconds % 60:02d}}}"


def ending_text(game: Replay) -> str:
    """The declared ending as a record writes it ('' for an ending the moves give): `agreed`,
    `time`, or `resign S` / `resign N` naming the player who resigned."""
    if game.ending == Ending.RESIGN:
        return f"{Ending.RESIGN} {Side(game.resigner).letter}"
    return game.ending.value if game.ending in DECLARED_ENDINGS else ""


def score_text(game: Replay) -> str:
    """The game's final score as records write it, `S-N`: the competition's game score (for a
    flag fall or a resignation, the loser's store against 25); `*` while unfinished."""
    if not game.ending:
        return "*"
    south, north = game.game_score
    return f"{south}-{north}"


def write_movetext(game: Replay, *, captures: bool = True, clocks=None, score: bool = True) -> str:
    """The movetext of `game`: numbered moves, `+N` on capturing moves, optional clocks, the
    declared ending if any and the final score (`score_text`).

    A move number precedes each South move that follows a North move (and the first move), so
    a second move in a row (ouri) carries none.
    """
    parts = []
    number = 0
    previous = None
    for ply, (move, side) in enumerate(zip(game.moves, game.sides, strict=True)):
        if side == 0 and previous != 0:
            number += 1
            parts.append(f"{number}.")
        token = "ABCDEF"[move] if side == 0 else "abcdef"[move]
        if captures and game.captures[ply]:
            token += f"+{game.captures[ply]}"
        if clocks is not None and ply < len(clocks) and clocks[ply] is not None:
            token += " " + _clock_text(clocks[ply])
        parts.append(token)
        previous = side
    if ending_text(game):
        parts.append(ending_text(game))
    if score and game.ending:
        parts.append(score_text(game))
    return " ".join(parts)


def write_tags(tags: dict[str, str]) -> str:
    """Tag lines, the standard ones first in their usual order."""
    ordered = [name for name in TAG_ORDER if name in tags]
    ordered += [name for name in tags if name not in TAG_ORDER]
    lines = []
    for name in ordered:
        # A tag is one line, so line breaks in a value become spaces.
        value = " ".join(str(tags[name]).splitlines())
        value = value.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[{name} "{value}"]')
    return "\n".join(lines)


def write_record(
    game: Replay, tags: dict[str, str] | None = None, *, captures: bool = True, clocks=None
) -> str:
    """A complete record: every standard tag (unknown values `?`; Variant, and Result — the
    game score of `score_text` — from the game), then any other tags, a blank line and the
    movetext."""
    tags = {name: "?" for name in TAG_ORDER} | {
        name: value for name, value in (tags or {}).items() if value not in (None, "")
    }
    tags["Variant"] = game.variant.title
    tags["Result"] = score_text(game)
    head = write_tags(tags)
    body = write_movetext(game, captures=captures, clocks=clocks)
    return f"{head}\n\n{body}\n"
