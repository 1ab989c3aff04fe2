"""Entry points: pair a round from plain records or from a TRF tournament."""

from __future__ import annotations

from oware.sides import Side
from tournaments import trf

from .colours import side_of_higher
from .dutch import DutchPairer
from .errors import InvalidPairingInput
from .players import DOWN, UP, PairingPlayer, build_players
from .records import Board, BoardExplanation, PairingRequest, RoundPairing
from .request import request_from_trf


def _ranks_above(a: PairingPlayer, b: PairingPlayer) -> bool:
    """Article 1.2 order on pairing scores: higher score, then smaller rank index."""
    return (a.score, -a.rank_index) > (b.score, -b.rank_index)


def _explain(south: PairingPlayer, north: PairingPlayer) -> BoardExplanation:
    def float_of(p: PairingPlayer, q: PairingPlayer):
        return DOWN if p.score > q.score else UP if p.score < q.score else None

    def met(p: PairingPlayer, side: Side):
        pref = p.colour.preference
        return None if pref is None else pref == side

    def describe(p: PairingPlayer):
        """E.g. "strong preference for South" (South plays White's part, North Black's)."""
        if p.colour.preference is None:
            return None
        return f"{p.colour.strength} preference for {p.colour.preference.title}"

    return BoardExplanation(
        south_float=float_of(south, north),
        north_float=float_of(north, south),
        south_preference=describe(south),
        north_preference=describe(north),
        south_preference_met=met(south, Side.SOUTH),
        north_preference_met=met(north, Side.NORTH),
    )


def _board(
    a: PairingPlayer, b: PairingPlayer, initial_side: Side
) -> tuple[Board, PairingPlayer, PairingPlayer]:
    higher, lower = (a, b) if _ranks_above(a, b) else (b, a)
    side = side_of_higher(higher.colour, lower.colour, higher.rank_index, initial_side)
    south, north = (higher, lower) if side is Side.SOUTH else (lower, higher)
    return Board(south.number, north.number, _explain(south, north)), south, north


def _board_order_key(south: PairingPlayer, north: PairingPlayer):
    """Reference engine's publication order (GHR 3.6 on standings scores, then rank)."""
    higher, lower = (south, north)
    if (north.plain_score, -north.rank_index) > (south.plain_score, -south.rank_index):
        higher, lower = north, south
    return (-higher.plain_score, -lower.plain_score, higher.rank_index)


def pair_request(request: PairingRequest) -> RoundPairing:
    """Pair one round from plain records (see :mod:`.records`).

    Raises :class:`PairingImpossible` when no pairing satisfies the absolute
    criteria, :class:`InvalidPairingInput` for inconsistent input and
    :class:`PairingEngineBug` on an internal fault.
    """
    if request.round_number < 1:
        raise InvalidPairingInput("round numbers start at 1")
    if not isinstance(request.initial_side, Side):
        raise InvalidPairingInput("the initial side must be South or North")
    players = build_players(request)
    pairer = DutchPairer(
        players, request.round_number - 1, request.total_rounds, request.scoring.win
    )
    pairs, bye = pairer.pair()
    boards = []
    for a, b in pairs:
        board, south, north = _board(a, b, request.initial_side)
        boards.append((_board_order_key(south, north), board))
    boards.sort(key=lambda item: item[0])
    return RoundPairing(
        round_number=request.round_number,
        boards=[b for _, b in boards],
        bye=bye.number if bye is not None else None,
    )


def pair_round(tournament: trf.Tournament, round_number: int | None = None) -> RoundPairing:
    """Pair ``round_number`` of a TRF tournament (default: the round the file asks for)."""
    return pair_request(request_from_trf(tournament, round_number))


def format_pairing(pairing: RoundPairing) -> str:
    """The bbpPairings/JaVaFo ``-p`` text: count, then ``south north`` lines, ``bye 0`` last."""
    lines = pairing.as_pairs()
    return "\n".join([str(len(lines))] + [f"{a} {b}" for a, b in lines]) + "\n"


__all__ = ["format_pairing", "pair_request", "pair_round"]
