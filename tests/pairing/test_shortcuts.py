"""Every proven shortcut must give exactly what the plain weighted model gives."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest

from tournaments.pairing import PairingImpossible, pair_request, request_from_trf
from tournaments.pairing.dutch import DutchPairer
from tournaments.pairing.generator import Chances, generate


def pairing_of(request, shortcuts: bool, monkeypatch):
    monkeypatch.setattr(DutchPairer, "use_shortcuts", shortcuts)
    try:
        result = pair_request(request)
    except PairingImpossible:
        return "impossible"
    return [(b.south, b.north) for b in result.boards], result.bye


@pytest.mark.parametrize("seed", range(12))
def test_shortcuts_agree_with_the_plain_model(seed, monkeypatch):
    rng = random.Random(seed)
    players = rng.randint(8, 90)
    rounds = rng.randint(5, 9)
    tournament = generate(
        players,
        rounds,
        seed=seed,
        played_rounds=rng.randint(1, rounds - 1),
        chances=Chances(absence=rng.choice([0, 0.05, 0.15]), forfeit=rng.choice([0, 0.05])),
        pairing="quick",
    )
    if seed % 3 == 0:
        numbers = [p.pairing_number for p in tournament.players]
        tournament.forbidden_pairs = [rng.sample(numbers, 3)]
    if seed % 4 == 1:
        tournament.acceleration = {
            p.pairing_number: [Decimal(1), Decimal(1), Decimal("0.5"), Decimal("0.5")]
            for p in tournament.players
            if p.pairing_number <= 2 * ((players + 3) // 4)
        }
    request = request_from_trf(tournament)
    assert pairing_of(request, True, monkeypatch) == pairing_of(request, False, monkeypatch)
