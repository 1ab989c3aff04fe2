"""Tournament Report File (TRF16 / TRF26 with JaVaFo and bbpPairings extensions): read and write.

Plain Python, no Django.  Public API::

    from tournaments.trf import parse, parse_file, dumps, dump, TrfError
    from tournaments.trf import Tournament, Player, RoundCell, Scoring, codes

    t = parse(text_or_bytes)        # any line ending; bytes are UTF-8
    t = parse_file("round5.trf")
    text = dumps(t)                 # CRLF by default: dumps(t, newline="\\n")
    dump(t, "out.trf")

``parse`` raises :class:`TrfError` (a ``ValueError``) with ``.line``,
``.column`` (1-based) and ``.message`` for unreadable input.

``Tournament`` (dataclass)
    ``name`` (012), ``city`` (022), ``federation`` (032), ``start_date``
    (042), ``end_date`` (052), ``player_count`` (062), ``rated_player_count``
    (072), ``team_count`` (082), ``tournament_type`` (092), ``chief_arbiter``
    (102), ``deputy_arbiters`` (112, list), ``time_control`` (122),
    ``round_dates`` (132, list of str);
    ``rounds: int | None`` total rounds (``XXR`` or ``142``);
    ``initial_colour: 'w' | 'b' | None`` colour of pairing number 1 in round 1
    (``XXC white1/black1`` or ``152 W/B``); ``pair_by_rank`` (``XXC rank``);
    ``forbidden_pairs: list[list[int]]`` one list per ``XXP`` line (no two
    players of a list may meet, any round);
    ``acceleration: dict[int, list[Decimal]]`` ``XXA`` virtual points, index
    0 = round 1 (use ``acceleration_in_round(tpn, r)``);
    ``not_paired: list[int]`` (``XXZ``); ``byes: list[RoundByes]`` (``240``);
    ``round_forbidden_pairs: list[RoundForbiddenPairs]`` (``260``);
    ``acceleration_ranges: list[AccelerationRange]`` (``250``);
    ``teams: list[Team]`` (``013`` and ``310``; written back as ``310``);
    ``players: list[Player]`` in file order; ``other_lines: list[str]`` every
    other record, verbatim.
    Also: ``rounds_played`` (longest record), ``rounds_completed``
    (without a final column that only announces absences; the round to pair
    is ``rounds_completed + 1``), ``player(tpn)``,
    ``players_by_number()``, ``absent_in_round(r)`` (blocks ``H F Z`` in
    round r — in the round about to be paired: players not to pair).

``Player`` (dataclass)
    ``pairing_number``, ``name``, ``sex``, ``title``, ``rating: int | None``,
    ``federation``, ``fide_id`` (str), ``birth_date`` (str as in the file),
    ``points: Decimal | None`` (excludes acceleration), ``rank: int | None``,
    ``rounds: list[RoundCell]`` (index 0 = round 1; a line may stop early).
    Also: ``cell(r)`` (1-based, ``None`` past the end), ``points_after(r)``.

``RoundCell`` (frozen dataclass)
    ``opponent: int | None`` (``None`` for ``0000``), ``colour: 'w' | 'b' | '-'``,
    ``result``: upper-case code ``1 = 0`` played, ``W D L`` short games
    (played), ``+ -`` forfeit win/loss (keeps the scheduled opponent; not a
    game, no colour, the two may meet again), ``U`` pairing-allocated bye,
    ``H`` half-point bye, ``F`` full-point bye, ``Z`` zero-point bye/absence
    (a blank result reads as ``Z``).
    Also: ``is_played``, ``is_rated`` (``1 = 0`` only), ``is_forfeit``, ``is_bye``,
    ``is_pairing_bye``, ``is_absence`` (H/F/Z), ``side`` (colour of a played game, else None),
    ``points(scoring=DEFAULT_SCORING)``.

``Scoring`` (frozen dataclass): win/draw/loss and bye/forfeit values,
default 1 / ½ / 0 with PAB = 1 (the one :class:`tournaments.outcomes.Scoring`);
``points_of_code(scoring, code)``.

``consistency_problems(t, scoring=DEFAULT_SCORING) -> list[str]``: opponents
list each other with matching results and opposite colours, points add up.

The cores never see a ``RoundCell``: :mod:`.history` turns a file into the neutral
section history (``history_from_trf``) and a history's records back into blocks
(``write_history``, ``round_cell``); :mod:`.colours` is the one place where a
:class:`~oware.sides.Side` becomes ``w``/``b`` and back.
"""

from . import codes
from .checks import consistency_problems
from .errors import TrfError
from .model import Player, RoundCell, Tournament
from .reader import parse, parse_file
from .scoring import DEFAULT_SCORING, Scoring
from .writer import dump, dumps, player_line

__all__ = [
    "DEFAULT_SCORING",
    "Player",
    "RoundCell",
    "Scoring",
    "Tournament",
    "TrfError",
    "codes",
    "consistency_problems",
    "dump",
    "dumps",
    "parse",
    "parse_file",
    "player_line",
]
