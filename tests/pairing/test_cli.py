"""The command line: bbpPairings-style output, --check, exit codes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tournaments import trf
from tournaments.pairing.generator import Chances, generate

ROOT = Path(__file__).resolve().parents[2]

ROUND_TWO = """012 CLI test
XXR 5
XXC white1
001    1      Player One                        2000                             1.0          3 w 1
001    2      Player Two                        1900                             1.0          4 b 1
001    3      Player Three                      1800                             0.0          1 b 0
001    4      Player Four                       1700                             0.0          2 w 0
"""

IMPOSSIBLE = """012 Impossible
XXR 5
XXC white1
001    1      Player One                        2000                             1.0          2 w 1
001    2      Player Two                        1900                             0.0          1 b 0
"""


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_writes_the_pairing_file(tmp_path):
    source = tmp_path / "in.trf"
    source.write_text(ROUND_TWO)
    out = tmp_path / "out.txt"
    done = run("--dutch", str(source), "-p", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_text() == "2\n2 1\n3 4\n"


def test_it_prints_to_stdout_without_an_output_file(tmp_path):
    source = tmp_path / "in.trf"
    source.write_text(ROUND_TWO)
    done = run("--dutch", str(source), "-p")
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == "2"


def test_an_impossible_pairing_exits_1_with_a_message(tmp_path):
    source = tmp_path / "in.trf"
    source.write_text(IMPOSSIBLE)
    done = run("--dutch", str(source), "-p")
    assert done.returncode == 1
    assert "no valid pairing exists" in done.stderr


def test_a_missing_file_exits_5(tmp_path):
    done = run("--dutch", str(tmp_path / "nope.trf"), "-p")
    assert done.returncode == 5
    assert "cannot read" in done.stderr


def test_an_unreadable_file_exits_3(tmp_path):
    source = tmp_path / "bad.trf"
    source.write_text("001 this is not a player line\n")
    done = run("--dutch", str(source), "-p")
    assert done.returncode == 3
    assert done.stderr.strip()


def test_check_accepts_a_tournament_paired_by_the_engine(tmp_path):
    source = tmp_path / "done.trf"
    trf.dump(generate(12, 5, seed=7, played_rounds=5, chances=Chances(absence=0.1)), str(source))
    done = run("--dutch", str(source), "--check")
    assert done.returncode == 0, done.stderr


def test_check_reports_the_first_round_that_differs(tmp_path):
    tournament = generate(10, 4, seed=3, played_rounds=3)
    # Swap the opponents of two round-2 boards by hand.
    boards = {}
    for p in tournament.players:
        cell = p.cell(2)
        if cell.is_played and cell.colour == "w":
            boards[p.pairing_number] = cell.opponent
    (a, b), (c, d) = list(boards.items())[:2]
    fix = {a: (d, "w"), d: (a, "b"), c: (b, "w"), b: (c, "b")}
    for p in tournament.players:
        if p.pairing_number in fix:
            opponent, colour = fix[p.pairing_number]
            old = p.rounds[1]
            p.rounds[1] = trf.RoundCell(opponent, colour, old.result)
    source = tmp_path / "edited.trf"
    trf.dump(tournament, str(source))
    done = run("--dutch", str(source), "--check")
    assert done.returncode == 1
    assert "round 2 differs" in done.stderr
