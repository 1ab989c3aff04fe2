"""A section's results laid out as integer arrays, shared by every tie-break module.

Players are addressed by index (their position in the input); points are
scaled integers (:mod:`tournaments.tiebreaks.exact`).  Building this once
keeps each tie-break a short loop over lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from oware.sides import Side
from tournaments.history import NOT_PAIRED
from tournaments.outcomes import RoundOutcome, Scoring

from .exact import PointScale
from .records import PlayerRounds

NO_OPPONENT = -1


class Section:
    """Results of one Swiss section over ``rounds`` rounds.

    Attributes (index ``i`` = player, ``r`` = round index from 0):
    ``ids[i]``, ``kinds[i][r]``, ``points[i][r]`` (scaled), ``opponents[i][r]``
    (player index or ``NO_OPPONENT``), ``sides[i][r]``, ``score[i]``
    (scaled total), ``win`` and ``draw`` (scaled), ``scale``.
    """

    def __init__(
        self, players: Sequence[PlayerRounds], scoring: Scoring, rounds: int | None = None
    ):
        self.ids = [p.id for p in players]
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        if len(self.index) != len(self.ids):
            raise ValueError("player ids must be unique")
        longest = max((len(p.rounds) for p in players), default=0)
        self.rounds = longest if rounds is None else rounds
        if self.rounds < longest:
            raise ValueError(f"a record has {longest} rounds, more than the {self.rounds} counted")
        self.scale = PointScale(
            [scoring.win, scoring.draw, 0] + [r.points for p in players for r in p.rounds]
        )
        self.win = self.scale.scaled(scoring.win)
        self.draw = self.scale.scaled(scoring.draw)
        self.kinds: list[list[RoundOutcome]] = []
        self.points: list[list[int]] = []
        self.opponents: list[list[int]] = []
        self.sides: list[list[Side | None]] = []
        for p in players:
            self._add(p)
        self.score = [sum(row) for row in self.points]
        self.memo: dict = {}
        """Values derived once per section and shared by several tie-breaks."""
        self._check_opponents()

    def _add(self, player: PlayerRounds) -> None:
        cells = list(player.rounds) + [NOT_PAIRED] * (self.rounds - len(player.rounds))
        scaled = self.scale.scaled
        self.kinds.append([c.outcome for c in cells])
        self.points.append([scaled(c.points) for c in cells])
        opponents = []
        for c in cells:
            if c.opponent is None:
                opponents.append(NO_OPPONENT)
            elif c.opponent in self.index:
                opponents.append(self.index[c.opponent])
            else:
                raise ValueError(f"player {player.id!r} meets unknown opponent {c.opponent!r}")
        self.opponents.append(opponents)
        self.sides.append([c.side for c in cells])

    def _check_opponents(self) -> None:
        """Both players of a game must list each other; otherwise the tie-breaks are meaningless."""
        for i, row in enumerate(self.opponents):
            for r, j in enumerate(row):
                if j != NO_OPPONENT and self.opponents[j][r] != i:
                    raise ValueError(
                        f"round {r + 1}: {self.ids[i]!r} meets {self.ids[j]!r}, "
                        "who does not list them back"
                    )

    def __len__(self) -> int:
        return len(self.ids)

    def with_points(self, points: list[list[int]]) -> Section:
        """A copy with other round points (same kinds and pairings), e.g. for Fore Buchholz."""
        copy = object.__new__(Section)
        copy.__dict__.update(self.__dict__)
        copy.points = points
        copy.score = [sum(row) for row in points]
        copy.memo = {}
        return copy
