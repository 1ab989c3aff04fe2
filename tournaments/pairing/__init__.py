"""FIDE Dutch Swiss pairing (2026 rules), reproducing bbpPairings v6. Plain Python, no Django.

See ``README.md`` in this package for the method.  Public API::

    from tournaments.pairing import pair_round, pair_request, PairingRequest, PlayerRecord

    pairing = pair_round(trf_tournament)            # round the file asks for
    pairing = pair_round(trf_tournament, 3)         # re-pair round 3 from rounds 1-2
    pairing = pair_request(request)                 # plain records, no TRF
    pairing.boards  -> [Board(south, north, explanation)], reference engine order
    pairing.bye     -> pairing number of the PAB receiver, or None

    from tournaments.pairing.checker import check_pairing    # findings for any pairing
    from tournaments.pairing.generator import generate       # random tournaments

Command line: ``python -m tournaments.pairing --dutch IN.trf -p [OUT]`` and
``--dutch IN.trf --check`` (see :mod:`.cli`).

Errors: :class:`PairingImpossible` (tell the arbiter), :class:`InvalidPairingInput`
(bad data), :class:`PairingEngineBug` (a defect).
"""

from .engine import format_pairing, pair_request, pair_round
from .errors import InvalidPairingInput, PairingEngineBug, PairingError, PairingImpossible
from .from_trf import request_from_trf
from .records import (
    BLACK,
    WHITE,
    Board,
    BoardExplanation,
    Outcome,
    PairingRequest,
    PlayerRecord,
    RoundPairing,
    RoundRecord,
    ScoringValues,
)

__all__ = [
    "BLACK",
    "WHITE",
    "Board",
    "BoardExplanation",
    "InvalidPairingInput",
    "Outcome",
    "PairingEngineBug",
    "PairingError",
    "PairingImpossible",
    "PairingRequest",
    "PlayerRecord",
    "RoundPairing",
    "RoundRecord",
    "ScoringValues",
    "format_pairing",
    "pair_request",
    "pair_round",
    "request_from_trf",
]
