"""Aualé's `.ogn` game files, read and written.

An `.ogn` file is the record notation of `notation.py` with Aualé's habits:
- the tags come first, `Variant` leading, then Event, Site, Date, Round, South, North, Result;
  unknown values are written `?` and an unfinished game's Result is `*`;
- moves carry `+N` captures and `{…}` after a move is a free comment; `( … )` holds a variation,
  which is not part of the game;
- Aualé ends a game by itself when a position repeats, scoring each player's own row, and writes
  the final score as the last token and in the Result tag.
A `FEN` tag (a game from a set-up position) is not supported: tournament games start from the
opening position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .endings import Ending
from .errors import BAD_TOKEN, FINAL_SCORE, RESULT_TAG, RecordError
from .notation import (
    TAG_ORDER,
    Record,
    check_declared_score,
    parse_leniently,
    score_text,
    split_tags,
    write_movetext,
    write_tags,
)
from .replay import Replay, replay, with_ending
from .variants import Variant, get_variant

OGN_TAGS = TAG_ORDER  # Variant first: Aualé refuses a file that does not start with it
_SCORE = re.compile(r"\s*(\d+)\s*-\s*(\d+)\s*")
_MOVE = re.compile(r"[A-Fa-f](?:\+\d+)?")  # a move as write_movetext writes it


@dataclass
class OgnGame:
    """An .ogn file read: its tags, its comments per ply (index 0 = before the first move), the
    replayed game and the clock readings `{mm:ss}` after each ply (seconds, None unknown)."""

    tags: dict[str, str]
    comments: list[str | None]
    game: Replay
    clocks: list[int | None] = field(default_factory=list)


def _remove_variations(text: str) -> str:
    """Drop `( … )` variations (they may nest, and hold comments) outside tag lines."""
    out = []
    depth = 0
    closing = None  # the character that ends the comment or tag being read
    for char in text:
        if closing:
            closing = None if char == closing else closing
        elif char == "{":
            closing = "}"
        elif char == "[" and not depth:
            closing = "]"
        elif char == "(":
            depth += 1
            continue
        elif char == ")" and depth:
            depth -= 1
            continue
        if not depth:
            out.append(char)
    return "".join(out)


def _comments(text: str, plies: int) -> list[str | None]:
    """Comments of the movetext per ply: the text of `{…}` after each move, clocks excluded."""
    comments: list[str | None] = [None] * (plies + 1)
    ply = 0
    for match in re.finditer(
        r"\{([^{}]*)\}|(?<![A-Za-z])[A-Fa-f1-6](?:\+\d+)?(?![A-Za-z0-9.\-])", text
    ):
        if match.group(1) is None:
            ply += 1
        elif ply <= plies and not re.fullmatch(r"\s*\d{1,3}:[0-5]\d\s*", match.group(1)):
            comments[ply] = " ".join(match.group(1).split())
    return comments


def variant_of_tag(value: str | None) -> Variant:
    """The variant a Variant tag names: an exact name or title, else by its key word; Aualé
    itself plays only abapa, the default (also without a tag)."""
    value = value or ""
    try:
        return get_variant(value)
    except KeyError:
        lowered = value.lower()
        if "ouri" in lowered or "ouril" in lowered:
            return get_variant("ouri")
        if "forbidden" in lowered:
            return get_variant("grand-slam-forbidden")
        return get_variant("abapa")


def read_ogn(text: str, variant: str | Variant | None = None) -> OgnGame:
    """Read and replay an .ogn file.

    The variant is `variant` if given, else the one the file's Variant tag names, else abapa.
    A game that stops on a repeated position without ending by the rules ends `agreed` (as Aualé
    ends it). The
    final score and the Result tag are checked. Raises RecordError naming the first invalid ply.
    """
    kept = _remove_variations(text)
    record, problem = parse_leniently(kept)
    if "FEN" in record.tags:
        raise RecordError(0, BAD_TOKEN, message_code="set_up_position")
    chosen = (
        get_variant(variant) if variant is not None else variant_of_tag(record.tags.get("Variant"))
    )
    game = replay(
        record.moves,
        chosen,
        record.ending,
        sides=record.sides,
        captures=record.captures,
        resigner=record.resigner,
    )
    if problem:
        raise problem
    if game.ending is None and game.repetitions and game.repetitions[-1].ply == game.plies:
        game = with_ending(game, Ending.AGREED)
    check_declared_score(game, record.score, FINAL_SCORE)
    result = _SCORE.fullmatch(record.tags.get("Result", ""))
    if result:
        check_declared_score(game, (int(result.group(1)), int(result.group(2))), RESULT_TAG)
    body = split_tags(kept, Record())
    return OgnGame(dict(record.tags), _comments(body, game.plies), game, record.clocks)


def write_ogn(
    game: Replay, tags: dict[str, str] | None = None, comments: list[str | None] | None = None
) -> str:
    """An .ogn file for `game`: Aualé's tag roster (unknown values `?`), then the movetext with
    captures, comments and the final score.

    An `agreed` ending on a repeated position is written only as the score, as Aualé does (the
    reader recognises the repetition); any other declared ending is written as a word, which
    Aualé itself does not read.
    """
    values = {name: "?" for name in OGN_TAGS}
    values["Variant"] = game.variant.title
    values.update({k: v for k, v in (tags or {}).items() if v is not None})
    values["Result"] = score_text(game)
    moves = write_movetext(game, captures=True, score=False).split(" ")
    if game.ending == Ending.AGREED and game.repetitions and game.repetitions[-1].ply == game.plies:
        moves.pop()  # Aualé's convention: the repeated position itself ends the game
    if comments:
        moves = _with_comments(moves, comments)
    if game.ending:
        moves.append(values["Result"])
    others = {name: value for name, value in sorted(values.items()) if name not in OGN_TAGS}
    return (
        write_tags({**{name: values[name] for name in OGN_TAGS}, **others})
        + "\n\n"
        + " ".join(moves)
        + "\n"
    )


def _with_comments(tokens: list[str], comments: list[str | None]) -> list[str]:
    out = []
    ply = 0
    for token in tokens:
        out.append(token)
        if _MOVE.fullmatch(token):
            ply += 1
            if ply < len(comments) and comments[ply]:
                out.append("{" + comments[ply].replace("{", "(").replace("}", ")") + "}")
    return out
