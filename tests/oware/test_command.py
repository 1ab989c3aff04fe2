import io
import json
import subprocess
import sys
from pathlib import Path

from oware.__main__ import answer, run_replay

REPO = Path(__file__).resolve().parents[2]


def test_it_answers_moves_with_a_result():
    reply = answer({"id": "g1", "variant": "abapa", "end": "agreed", "moves": [2, 5]})
    assert reply == {
        "id": "g1",
        "result": {
            "ending": "agreed",
            "stores": [27, 21],
            "winner": "S",
            "plies": 2,
            "movers": "SN",
            "board": [5, 5, 1, 6, 5, 5, 5, 4, 4, 4, 4, 0, 0, 0],
        },
    }


def test_it_answers_a_record_with_a_result():
    reply = answer({"id": "g2", "variant": "ouri", "end": None, "record": "1. C f"})
    assert reply["result"]["plies"] == 2 and reply["result"]["ending"] is None


def test_a_resignation_names_either_player():
    by_moves = answer({"id": 1, "variant": "abapa", "end": "resign", "resigner": "N", "moves": [2]})
    by_text = answer({"id": 2, "variant": "abapa", "record": "1. C resign S"})
    bare = answer({"id": 3, "variant": "abapa", "end": "resign", "moves": [2]})
    assert by_moves["result"]["winner"] == "S"
    assert by_text["result"]["winner"] == "N"
    assert bare["result"]["winner"] == "S"  # North, to move, resigned


def test_an_illegal_record_is_an_answer_with_the_ply_and_reason():
    reply = answer({"id": "g3", "variant": "abapa", "end": None, "moves": [0, 0, 0]})
    assert (reply["error"]["ply"], reply["error"]["reason"]) == (3, "empty_pit")


def test_a_request_that_is_not_a_game_is_answered_too():
    out = io.StringIO()
    run_replay(
        [
            '{"id": 1, "variant": "chess", "moves": []}',
            "not json",
            "[1]",
            '{"id": 2, "moves": "abc"}',
        ],
        out,
    )
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["error"]["reason"] for r in replies] == [
        "bad_request",
        "bad_request",
        "bad_request",
        "bad_token",
    ]


def test_the_module_runs_as_a_command_reading_json_lines():
    lines = (
        "\n".join(
            json.dumps(r)
            for r in [
                {"id": "a", "variant": "abapa", "end": None, "moves": [2, 5]},
                {"id": "b", "variant": "grand-slam-forbidden", "end": None, "record": "1. C C"},
            ]
        )
        + "\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "oware", "replay"],
        input=lines,
        capture_output=True,
        text=True,
        cwd=REPO,
        check=True,
    )
    replies = [json.loads(line) for line in run.stdout.splitlines()]
    assert replies[0]["result"]["movers"] == "SN"
    assert replies[1]["error"]["reason"] == "no_such_pit"
