"""Per-player facts derived from a :class:`PairingRequest`: pairing score, floats, bye eligibility.

Everything here follows the reference engine's reading of the 2026 rules:

* pairing score = standings score + this round's virtual points;
* a past float is judged on the pairing scores both players had when that
  round was paired; an unplayed round worth more than a loss is a downfloat,
  any other unplayed round is no float (Article 1.4);
* a player who already had a PAB, a forfeit win or a full-point bye (any
  unplayed round worth a win) cannot get the PAB (C2);
* players who never took part in a pairing and are absent now do not count
  for the rank parity of colour rule 5.2.5.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from tournaments.outcomes import RoundOutcome

from .colours import ColourState, colour_state
from .errors import InvalidPairingInput
from .records import PairingRequest, PlayerRecord

DOWN = "down"
UP = "up"


@dataclass
class PairingPlayer:
    """A present player as the Dutch procedure sees them."""

    record: PlayerRecord
    rank_index: int
    score: Decimal  # pairing score (with this round's acceleration)
    plain_score: Decimal  # standings score
    colour: ColourState
    bye_eligible: bool
    played_games: int
    floats: tuple[str | None, str | None]  # float one and two rounds back
    blocked: set[int] = field(default_factory=set)  # numbers this player may not meet

    @property
    def number(self) -> int:
        """The pairing number (TPN)."""
        return self.record.number


def _score_before(record: PlayerRecord, played_rounds: int, rounds_back: int) -> Decimal:
    """Pairing score the player had when round ``played_rounds - rounds_back + 1`` was paired."""
    score = record.score
    for i in range(played_rounds - rounds_back, played_rounds):
        score -= record.history[i].points
    round_index = played_rounds - rounds_back
    if round_index < len(record.acceleration):
        score += record.acceleration[round_index]
    return score


def _float(
    record: PlayerRecord,
    rounds_back: int,
    played_rounds: int,
    by_number: dict[int, PlayerRecord],
    loss_points: Decimal,
) -> str | None:
    """Float direction of ``record`` in the round ``rounds_back`` before the one being paired."""
    entry = record.history[played_rounds - rounds_back]
    if not entry.played:
        return DOWN if entry.points > loss_points else None
    opponent = by_number.get(entry.opponent)
    if opponent is None:
        raise InvalidPairingInput(
            f"player {record.number} played unknown opponent {entry.opponent}"
        )
    mine = _score_before(record, played_rounds, rounds_back)
    theirs = _score_before(opponent, played_rounds, rounds_back)
    if mine > theirs:
        return DOWN
    if mine < theirs:
        return UP
    return None


def build_players(request: PairingRequest) -> list[PairingPlayer]:
    """Derive the present players of a request, in pairing-number order."""
    played_rounds = request.round_number - 1
    by_number = _records_by_number(request, played_rounds)
    blocked = _blocked_opponents(request, by_number, played_rounds)
    players: list[PairingPlayer] = []
    rank_index = 0
    for record in sorted(request.players, key=lambda r: r.number):
        took_part = any(e.outcome.took_part_in_pairing for e in record.history[:played_rounds])
        if not (record.present or took_part):
            continue  # never paired and not here: invisible to rank parity
        index = rank_index
        rank_index += 1
        if record.present:
            players.append(
                _pairing_player(request, record, index, by_number, blocked[record.number])
            )
    return players


def _records_by_number(request: PairingRequest, played_rounds: int) -> dict[int, PlayerRecord]:
    """The records by pairing number; each number once, each with every past round."""
    by_number: dict[int, PlayerRecord] = {}
    for record in request.players:
        if record.number in by_number:
            raise InvalidPairingInput(f"pairing number {record.number} appears twice")
        if len(record.history) < played_rounds:
            raise InvalidPairingInput(
                f"player {record.number} has {len(record.history)} past rounds, "
                f"expected {played_rounds}"
            )
        by_number[record.number] = record
    return by_number


def _blocked_opponents(
    request: PairingRequest, by_number: dict[int, PlayerRecord], played_rounds: int
) -> dict[int, set[int]]:
    """For each pairing number, who may not be its opponent: forbidden pairs and past opponents."""
    blocked: dict[int, set[int]] = {n: set() for n in by_number}
    for group in request.forbidden_pairs:
        members = [n for n in group if n in by_number]
        for a in members:
            blocked[a].update(m for m in members if m != a)
    for record in request.players:
        for entry in record.history[:played_rounds]:
            if entry.played and entry.opponent is not None:
                blocked[record.number].add(entry.opponent)
    return blocked


def _pairing_player(
    request: PairingRequest,
    record: PlayerRecord,
    rank_index: int,
    by_number: dict[int, PlayerRecord],
    blocked: set[int],
) -> PairingPlayer:
    """The pairing view of a present player."""
    played_rounds = request.round_number - 1
    scoring = request.scoring
    history = record.history[:played_rounds]
    acceleration = (
        record.acceleration[played_rounds]
        if played_rounds < len(record.acceleration)
        else Decimal(0)
    )
    return PairingPlayer(
        record=record,
        rank_index=rank_index,
        score=record.score + acceleration,
        plain_score=record.score,
        colour=colour_state(history),
        bye_eligible=not any(
            e.outcome is RoundOutcome.PAIRING_BYE or ((not e.played) and e.points >= scoring.win)
            for e in history
        ),
        played_games=sum(1 for e in history if e.played),
        floats=(
            _float(record, 1, played_rounds, by_number, scoring.loss)
            if played_rounds >= 1
            else None,
            _float(record, 2, played_rounds, by_number, scoring.loss)
            if played_rounds >= 2
            else None,
        ),
        blocked=blocked,
    )
