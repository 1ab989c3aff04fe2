"""One read of a game: its text (a record in the notation, tags allowed, or an Aualé .ogn file)
or the moves a board played, parsed and replayed once.

`read_game(text, variant=None)` returns a `ReadGame`: the replay, the tags, the clock readings,
the comments of an .ogn file and the result (`outcome.GameResult`), all computed when it is
read. Whoever needs the game afterwards — the result check, the tags check, the record written
back — reads these instead of parsing the text again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from .errors import RecordError
from .notation import parse_leniently, replay_parsed
from .ogn import read_ogn, variant_of_tag
from .outcome import GameResult, result_of_replay
from .position import Position
from .replay import Replay, replay
from .variants import Variant, get_variant

NOTATION, OGN, MOVES = "notation", "ogn", "moves"


@dataclass(frozen=True)
class ReadGame:
    """A game read once.

    replay: the game replayed (`replay.Replay`), its declared ending applied.
    tags: the tag pairs of the text, in their order (read only; empty for moves).
    clocks: the mover's remaining seconds after each ply, None where unknown (one per ply).
    comments: for an .ogn file, the comment after each ply (index 0: before the first move).
    kind: how it was read: 'notation', 'ogn' or 'moves'.
    result: the competition's result of a finished game (`GameResult`), None while unfinished.
    """

    replay: Replay
    tags: Mapping[str, str] = field(default_factory=dict)
    clocks: Sequence[int | None] = ()
    comments: Sequence[str | None] = ()
    kind: str = MOVES
    result: GameResult | None = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        plies = self.replay.plies
        # A reading missing at the end is unknown, as in a record written without clocks.
        clocks = (tuple(self.clocks) + (None,) * plies)[:plies]
        object.__setattr__(self, "tags", MappingProxyType(dict(self.tags)))
        object.__setattr__(self, "clocks", clocks)
        object.__setattr__(self, "comments", tuple(self.comments))
        result = result_of_replay(self.replay) if self.replay.ending is not None else None
        object.__setattr__(self, "result", result)

    @property
    def variant(self) -> Variant:
        return self.replay.variant

    @property
    def moves(self) -> list[int]:
        """The mover-relative pit (0–5) of each ply."""
        return self.replay.moves

    @property
    def position(self) -> Position:
        """The position reached: after the last ply, before the end-of-game settlement."""
        return self.replay.position(self.replay.plies)

    def outcome(self) -> GameResult:
        """The result; RecordError('unfinished') for a game that has not ended."""
        return self.result if self.result is not None else result_of_replay(self.replay)


def read_game(
    text: str,
    variant: str | Variant | None = None,
    *,
    end: str | None = None,
    resigner: int | None = None,
    ogn: bool | None = None,
) -> ReadGame:
    """Read the text of a game once: parse it, replay it, check what it declares.

    variant: the rules to replay it by; None takes the one its Variant tag names (abapa without
        one). end, resigner: as `notation.replay_record` — an ending declared beside the text
        and who resigned when the text says only `resign`.
    ogn: None decides by the content: a record in the notation, or else an .ogn file (Aualé's
        habits: variations, a repeated position ending the game) — a text neither reads is
        refused with the notation's reason; True reads an .ogn file, False only the notation.
    Raises RecordError naming the first invalid ply.
    """
    if ogn:
        return _read_ogn(text, variant)
    try:
        return _read_notation(text, variant, end, resigner)
    except RecordError as notation_error:
        if ogn is False:
            raise
        try:
            return _read_ogn(text, variant)
        except RecordError:
            raise notation_error from None


def read_moves(
    moves: Sequence[int],
    variant: str | Variant | None = None,
    *,
    end: str | None = None,
    resigner: int | None = None,
    clocks: Sequence[int | None] = (),
) -> ReadGame:
    """The game of mover-relative `moves` (0–5) with their clock readings, replayed once (a
    live board's game). Raises RecordError naming the first invalid ply."""
    game = replay(moves, get_variant(variant), end, resigner=resigner)
    return ReadGame(game, clocks=clocks, kind=MOVES)


def _read_notation(text: str, variant, end, resigner) -> ReadGame:
    record, problem = parse_leniently(text)
    chosen = get_variant(variant) if variant is not None else _tagged(record.tags)
    game = replay_parsed(record, problem, chosen, end, resigner)
    return ReadGame(game, tags=record.tags, clocks=record.clocks, kind=NOTATION)


def _read_ogn(text: str, variant) -> ReadGame:
    read = read_ogn(text, variant)
    return ReadGame(read.game, read.tags, read.clocks, read.comments, kind=OGN)


def _tagged(tags: Mapping[str, str]) -> Variant:
    return variant_of_tag(tags.get("Variant"))
