"""The random tournament generator."""

from __future__ import annotations

from tournaments import trf
from tournaments.pairing import pair_round, request_from_trf
from tournaments.pairing.checker import check_pairing
from tournaments.pairing.generator import Chances, generate


def test_the_same_seed_gives_the_same_tournament():
    a = trf.dumps(
        generate(16, 6, seed=11, played_rounds=3, chances=Chances(absence=0.1, forfeit=0.05))
    )
    b = trf.dumps(
        generate(16, 6, seed=11, played_rounds=3, chances=Chances(absence=0.1, forfeit=0.05))
    )
    assert a == b
    assert a != trf.dumps(
        generate(16, 6, seed=12, played_rounds=3, chances=Chances(absence=0.1, forfeit=0.05))
    )


def test_generated_files_read_back_and_ask_for_the_next_round():
    t = trf.parse(trf.dumps(generate(15, 7, seed=5, played_rounds=4)))
    assert t.rounds == 7 and len(t.players) == 15
    assert pair_round(t).round_number == 5


def test_every_generated_round_respects_the_absolute_criteria():
    t = generate(21, 6, seed=9, played_rounds=6, chances=Chances(absence=0.1, forfeit=0.05))
    for round_number in range(1, 7):
        req = request_from_trf(t, round_number)
        boards, bye = [], None
        for p in t.players:
            cell = p.cell(round_number)
            if cell.is_pairing_bye:
                bye = p.pairing_number
            elif cell.opponent is not None and cell.colour == "w":
                boards.append((p.pairing_number, cell.opponent))
        report = check_pairing(req, boards, bye)
        assert report.valid, report.findings
        assert report.equals_dutch


def test_the_quick_history_mode_builds_large_fields_fast():
    t = generate(300, 9, seed=1, played_rounds=4, pairing="quick")
    assert all(len(p.rounds) == 4 for p in t.players)
