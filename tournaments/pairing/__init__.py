"""FIDE Dutch Swiss pairing (2026 rules), reproducing bbpPairings v6. Plain Python, no Django.

See ``README.md`` in this package for the method.  Public API::

    from tournaments.pairing import pair_round, pair_request, PairingRequest, PlayerRecord

    pairing = pair_round(trf_tournament)            # round the file asks for
    pairing = pair_round(trf_tournament, 3)         # re-pair round 3 from rounds 1-2
    pairing = pair_request(request)                 # plain records, no TRF
    request = request_from_history(history)          # tournaments.history.SectionHistory
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
from .records import Board, BoardExplanation, PairingRequest, PlayerRecord, RoundPairing
from .request import request_from_history, request_from_trf

__all__ = [
    "Board",
    "BoardExplanation",
    "InvalidPairingInput",
    "PairingEngineBug",
    "PairingError",
    "PairingImpossible",
    "PairingRequest",
    "PlayerRecord",
    "RoundPairing",
    "format_pairing",
    "pair_request",
    "pair_round",
    "request_from_history",
    "request_from_trf",
]
