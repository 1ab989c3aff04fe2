"""Dataclasses for the content of a TRF file: tournament header, players, round blocks.

The classes hold what the file says, nothing derived from game rules.  Dates
and identifiers are kept as the text found in the file, because TRF versions
disagree on their formats; points are :class:`~decimal.Decimal` so that
``2.5`` stays exact.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from . import codes
from .scoring import DEFAULT_SCORING, Scoring, points_of_code


@dataclass(frozen=True)
class RoundCell:
    """One 10-column round block of a ``001`` line.

    ``opponent`` is the opponent's pairing number (``None`` for ``0000`` or
    blank), ``colour`` is ``'w'`` (South), ``'b'`` (North) or ``'-'``, and
    ``result`` is an upper-case code from :mod:`tournaments.trf.codes`.
    For a forfeit the file keeps the scheduled opponent and side.
    """

    opponent: int | None
    colour: str
    result: str

    @property
    def is_played(self) -> bool:
        """True for a game played over the board (``1 = 0`` and the short-game ``W D L``)."""
        return self.result in codes.PLAYED and self.opponent is not None

    @property
    def is_rated(self) -> bool:
        """True for a game a rating counts: ``1 = 0`` against an opponent (the short-game
        ``W D L`` are played but not rated)."""
        return self.result in codes.RATED and self.opponent is not None

    @property
    def is_forfeit(self) -> bool:
        """True for a forfeit win or loss (``+`` / ``-``): scheduled, but not a game."""
        return self.result in codes.FORFEITS

    @property
    def is_bye(self) -> bool:
        """True for a round without a scheduled opponent (``U H F Z``)."""
        return self.result in codes.BYES

    @property
    def is_pairing_bye(self) -> bool:
        """True for the pairing-allocated bye (``U``)."""
        return self.result == codes.PAIRING_BYE

    @property
    def is_absence(self) -> bool:
        """True when the player was not paired: ``H``, ``F``, ``Z``, or an unpaired ``-`` or
        ``=`` without opponent (what a file says of a round about to be paired)."""
        if self.opponent is not None:
            return False
        return self.result not in codes.PAIRED_WITHOUT_OPPONENT

    @property
    def takes_part(self) -> bool:
        """True when the block shows the player in the round's pairing: an opponent, the
        pairing-allocated bye, or an unplayed win without opponent."""
        return self.opponent is not None or self.result in codes.PAIRED_WITHOUT_OPPONENT

    @property
    def in_play(self) -> bool:
        """True for a game paired whose result is not known yet (TRF-2026 ``*``)."""
        return self.result == codes.NOT_YET_PLAYED

    @property
    def side(self) -> str | None:
        """Colour of a game played over the board, else ``None`` (forfeits have no colour)."""
        return self.colour if self.is_played and self.colour in ("w", "b") else None

    def points(self, scoring: Scoring = DEFAULT_SCORING) -> Decimal:
        """Points the block is worth under ``scoring`` (default 1 / ½ / 0, PAB = 1)."""
        return points_of_code(scoring, self.result)


@dataclass(frozen=True)
class Team:
    """A team record (TRF16 ``013``, TRF26 ``310``): its name, its members' pairing numbers,
    and for ``310`` its team number and nickname (the product's team code)."""

    name: str
    members: tuple[int, ...]
    number: int | None = None
    nickname: str = ""


@dataclass(frozen=True)
class RoundByes:
    """A TRF26 ``240`` record: the players who take a bye of one kind (``F``, ``H`` or ``Z``,
    the result codes of those byes) in one round."""

    code: str
    round: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class RoundForbiddenPairs:
    """A TRF26 ``260`` record: no two of ``players`` may meet in rounds ``first`` to ``last``."""

    first: int
    last: int
    players: tuple[int, ...]


@dataclass(frozen=True)
class AccelerationRange:
    """A TRF26 ``250`` record: ``points`` virtual game points for the players numbered
    ``first_player`` to ``last_player``, in rounds ``first_round`` to ``last_round``
    (``match_points`` is for team events and blank, ``None``, for individuals)."""

    points: Decimal
    first_round: int
    last_round: int
    first_player: int
    last_player: int
    match_points: Decimal | None = None


@dataclass
class Player:
    """A ``001`` record.  Blank fields read as ``""`` or ``None``."""

    pairing_number: int
    name: str = ""
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Decimal | None = None
    rank: int | None = None
    rounds: list[RoundCell] = field(default_factory=list)

    def cell(self, round_number: int) -> RoundCell | None:
        """The block of a 1-based round, or ``None`` when the line stops before it."""
        if 1 <= round_number <= len(self.rounds):
            return self.rounds[round_number - 1]
        return None

    def points_after(self, round_number: int, scoring: Scoring = DEFAULT_SCORING) -> Decimal:
        """Sum of the points of the blocks of rounds ``1 .. round_number``."""
        return sum((c.points(scoring) for c in self.rounds[:round_number]), Decimal(0))


@dataclass
class Tournament:
    """A whole TRF file.

    Header records ``012``–``132`` have named fields.  Total rounds come from
    ``XXR`` or ``142``; the colour of pairing number 1 in round 1 from
    ``XXC white1|black1`` or ``152 W|B`` (stored as ``'w'`` / ``'b'``).
    ``forbidden_pairs`` holds each ``XXP`` line (players on one line must
    never meet); ``acceleration`` maps a pairing number to its ``XXA``
    virtual points per round; ``not_paired`` collects ``XXZ`` ids.
    ``byes`` holds the ``240`` records, ``round_forbidden_pairs`` the ``260``
    records, ``acceleration_ranges`` the ``250`` records and ``teams`` the ``013``
    and ``310`` team records. Every other line (``XXS``, ``BBW``, ``###`` comments, national
    records …) is kept verbatim in ``other_lines``.
    """

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    player_count: int | None = None
    rated_player_count: int | None = None
    team_count: int | None = None
    tournament_type: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: list[str] = field(default_factory=list)
    time_control: str = ""
    round_dates: list[str] = field(default_factory=list)
    rounds: int | None = None
    initial_colour: str | None = None
    pair_by_rank: bool = False
    forbidden_pairs: list[list[int]] = field(default_factory=list)
    acceleration: dict[int, list[Decimal]] = field(default_factory=dict)
    not_paired: list[int] = field(default_factory=list)
    byes: list[RoundByes] = field(default_factory=list)
    round_forbidden_pairs: list[RoundForbiddenPairs] = field(default_factory=list)
    acceleration_ranges: list[AccelerationRange] = field(default_factory=list)
    teams: list[Team] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)
    other_lines: list[str] = field(default_factory=list)

    @property
    def rounds_played(self) -> int:
        """Number of rounds with at least one block (the longest ``001`` record)."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def rounds_completed(self) -> int:
        """Rounds with results, counted as the pairing programs count them: up to the last round
        in which some block has an opponent, the pairing-allocated bye or an unplayed win.

        A file prepared for pairing round r may already carry ``0000 - H``/``Z``/``F`` or blank
        blocks in column r for players who will not be paired; that column is not a completed
        round.  The round to pair next is ``rounds_completed + 1``.
        """
        in_play = self.round_in_play
        completed = 0
        for p in self.players:
            for r, cell in enumerate(p.rounds, start=1):
                if in_play is not None and r >= in_play:
                    break
                if r > completed and cell.takes_part:
                    completed = r
        return completed

    @property
    def round_in_play(self) -> int | None:
        """The first round with a game whose result is not known yet (``*``), or ``None``.

        That round is not completed, nor any after it: the round to pair is the round in play,
        its absences read from its column as for a round about to be paired.
        """
        rounds = [
            r for p in self.players for r, cell in enumerate(p.rounds, start=1) if cell.in_play
        ]
        return min(rounds, default=None)

    def player(self, pairing_number: int) -> Player:
        """The player with that pairing number; ``KeyError`` if there is none."""
        for p in self.players:
            if p.pairing_number == pairing_number:
                return p
        raise KeyError(pairing_number)

    def players_by_number(self) -> dict[int, Player]:
        """Players keyed by pairing number."""
        return {p.pairing_number: p for p in self.players}

    def absent_in_round(self, round_number: int) -> set[int]:
        """Pairing numbers whose block in that round is ``H``, ``F`` or ``Z`` (not to be paired).

        When ``round_number`` is the round about to be paired, these are the
        players who announced an absence or a requested bye.
        """
        absent = set()
        for p in self.players:
            cell = p.cell(round_number)
            if cell is not None and cell.is_absence:
                absent.add(p.pairing_number)
        return absent

    def acceleration_in_round(self, pairing_number: int, round_number: int) -> Decimal:
        """``XXA`` virtual points of a player for a 1-based round (0 when none are listed)."""
        values = self.acceleration.get(pairing_number, ())
        if 1 <= round_number <= len(values):
            return values[round_number - 1]
        return Decimal(0)
