"""One arbiter's process in the concurrency tests: set Django up on the database named by
DATABASE_URL, say "ready", wait for the start signal (a file), act once, print the outcome.

    python tests/security/concurrent_worker.py GO_FILE ACTION ARGS…

ACTION is `result PAIRING_ID SOUTH_SEEDS EXPECTED_VERSION` or `pair SECTION_ID`.
"""

import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "oware_tournaments.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from tournaments.models import Pairing, Section  # noqa: E402
from tournaments.services.errors import ServiceError  # noqa: E402
from tournaments.services.results import ResultEntry, record_result  # noqa: E402
from tournaments.services.rounds import pair_next_round  # noqa: E402


def act(action: str, args: list[str]) -> dict:
    arbiter = get_user_model().objects.get(username="alice")
    if action == "result":
        pairing = Pairing.objects.select_related("round__section__tournament").get(pk=args[0])
        south = int(args[1])
        entry = ResultEntry(ending="capture", south_seeds=south, north_seeds=48 - south - 2)
        record_result(pairing, entry, by=arbiter, expected=int(args[2]))
        return {"saved": south}
    if action == "pair":
        round_ = pair_next_round(Section.objects.get(pk=args[0]), by=arbiter)
        return {"paired": round_.number}
    raise SystemExit(f"unknown action {action}")


def main() -> None:
    go, action, args = Path(sys.argv[1]), sys.argv[2], sys.argv[3:]
    print("ready", flush=True)
    while not go.exists():
        time.sleep(0.002)
    try:
        outcome = act(action, args)
    except ServiceError as error:
        outcome = {"refused": error.code}
    print(json.dumps(outcome), flush=True)


if __name__ == "__main__":
    main()
