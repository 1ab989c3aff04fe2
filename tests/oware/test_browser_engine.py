"""The browser's copy of the rules (games/static/games/oware.js) agrees with the Python engine on
every reference game: the legal moves at each ply, the final position and the first illegal ply.

Runs the script with the machine's Node; without Node the test is skipped, unless
REQUIRE_BROWSER is set, when it fails.
"""

import gzip
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from oware.errors import RecordError
from oware.position import Position
from oware.replay import replay
from oware.rules import legal_moves

# The reference games as the repository keeps them (tests/data, packed from the shared corpus).
CORPUS = Path(__file__).resolve().parents[1] / "data" / "oware"
FILES = ("abapa", "grand-slam-forbidden", "ouri", "illegal")
RUNNER = Path(__file__).with_name("browser_engine_replay.js")
NODE = shutil.which("node")


def corpus_games() -> list[dict]:
    games = []
    for name in FILES:
        with gzip.open(CORPUS / f"{name}.jsonl.gz", "rt") as fh:
            games.extend(json.loads(line) for line in fh if line.strip())
    return games


def python_view(case: dict) -> dict:
    """What the browser engine must answer for `case`, from the Python engine."""
    moves, error = case["moves"], None
    try:
        replay(moves, case["variant"])
    except RecordError as problem:
        moves, error = moves[: problem.ply - 1], {"ply": problem.ply, "reason": problem.reason}
    game = replay(moves, case["variant"])
    positions: list[Position] = game.positions
    return {
        "id": case["id"],
        "legal": [legal_moves(position, case["variant"]) for position in positions],
        "board": positions[-1].as_list(),
        "error": error,
    }


@pytest.fixture(scope="module")
def node():
    if NODE is None:
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail("REQUIRE_BROWSER is set but there is no `node` on the PATH")
        pytest.skip("Node is not installed")
    return NODE


def test_the_browser_engine_agrees_with_the_python_engine_on_every_reference_game(node):
    games = corpus_games()
    feed = "\n".join(
        json.dumps({"id": g["id"], "variant": g["variant"], "moves": g["moves"]}) for g in games
    )
    ran = subprocess.run(
        [node, str(RUNNER)], input=feed, capture_output=True, text=True, check=True, timeout=300
    )
    answers = [json.loads(line) for line in ran.stdout.splitlines() if line.strip()]
    assert len(answers) == len(games) == 1746
    disagreements = [
        (answer["id"], answer, want)
        for answer, want in zip(answers, map(python_view, games), strict=True)
        if answer != want
    ]
    assert disagreements == [], f"{len(disagreements)} games differ, first: {disagreements[0]}"
    assert sum(answer["error"] is not None for answer in answers) == 146
