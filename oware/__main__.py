"""Command line: `python -m oware replay`.

Reads JSON lines on standard input, each with `id`, `variant`, `end` (and, for `"resign"`,
optionally `resigner`: "S" or "N", default the player to move) and either `moves`
(mover-relative pits 0–5) or `record` (movetext, where `resign S` / `resign N` names the
resigner), and writes one JSON line per input:
`{"id": …, "result": {"ending", "stores", "winner", "plies", "movers", "board"}}` or
`{"id": …, "error": {"ply", "reason", "message"}}`. An invalid record is an answer, not a failure;
an input line that is not a request at all gets `{"id": …, "error": {"ply": 0, "reason": …}}`.
"""

from __future__ import annotations

import json
import sys

from .errors import BAD_TOKEN, RecordError
from .notation import replay_record
from .replay import replay
from .sides import Side
from .variants import get_variant


def answer(request: dict) -> dict:
    """The output object for one request."""
    game_id = request.get("id")
    try:
        variant = get_variant(request.get("variant"))
        end = request.get("end")
        resigner = Side.from_letter(str(request["resigner"])) if request.get("resigner") else None
        if "moves" in request:
            if not isinstance(request["moves"], list):
                raise RecordError(0, BAD_TOKEN, message_code="moves_not_a_list")
            game = replay(request["moves"], variant, end, resigner=resigner)
        else:
            game = replay_record(str(request.get("record", "")), variant, end, resigner)
    except RecordError as error:
        return {"id": game_id, "error": error.as_dict()}
    except (KeyError, ValueError) as error:
        return {"id": game_id, "error": {"ply": 0, "reason": "bad_request", "message": str(error)}}
    return {"id": game_id, "result": game.as_result()}


def run_replay(lines, out) -> None:
    for line in lines:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            request = {"id": None, "bad": str(error)}
        if not isinstance(request, dict) or "bad" in request:
            reply = {
                "id": None,
                "error": {"ply": 0, "reason": "bad_request", "message": "not a JSON object"},
            }
        else:
            reply = answer(request)
        out.write(json.dumps(reply) + "\n")


def main(argv: list[str]) -> int:
    if argv[:1] != ["replay"]:
        sys.stderr.write("usage: python -m oware replay < requests.jsonl\n")
        return 2
    run_replay(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
