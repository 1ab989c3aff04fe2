"""A record is read once per request, and a finished live game is replayed once: the results
service takes the game the engine read (`oware.read_game`), and the tags check, the clocks and
the record written back use that read instead of parsing the text again.

The counters wrap the engine's real functions (through monkeypatch) and count the calls made
while one request is served.
"""

import io
import json
import zipfile
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

import games.live
import oware.game
import oware.notation
import oware.ogn
from games.live import live_board_code
from games.models.live import LiveBoard
from oware.game import read_game
from oware.notation import write_record
from oware.ogn import write_ogn
from oware.replay import replay
from oware.sides import Side
from tournaments.models import Result
from tournaments.services import result_checks
from tournaments.services.result_checks import ResultEntry, assess

pytestmark = pytest.mark.django_db

MOVES = [2, 0, 3]  # C, a, D: North is to move
CLOCKS = [1190, 1185, 1170]
DEVICE = "one-device-holds-both"


@pytest.fixture
def calls(monkeypatch):
    """How many times each engine reader runs: `parse` (the text parsed, wherever from),
    `read_game` (the results service's one read), `replay` (a game replayed whole)."""
    counted = Counter()

    def counting(name, function):
        def counted_call(*args, **kwargs):
            counted[name] += 1
            return function(*args, **kwargs)

        return counted_call

    parse = counting("parse", oware.notation.parse_leniently)
    replayed = counting("replay", replay)
    for module in (oware.notation, oware.ogn, oware.game):
        monkeypatch.setattr(module, "parse_leniently", parse)
    for module in (oware.notation, oware.ogn, oware.game, games.live):
        monkeypatch.setattr(module, "replay", replayed)
    monkeypatch.setattr(result_checks, "read_game", counting("read_game", read_game))
    return counted


def api_client(alice) -> APIClient:
    api = APIClient()
    api.force_authenticate(alice)
    return api


def test_the_api_reads_a_tagged_record_once(alice, game, calls):
    record = write_record(
        replay(MOVES, "abapa", "resign"), {"South": "Ama", "Round": "1.1"}, clocks=CLOCKS
    )
    answer = api_client(alice).post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"record": record, "expected_version": 0},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    assert (calls["read_game"], calls["parse"], calls["replay"]) == (1, 1, 1)
    assert Result.objects.get(pairing=game).ending == "resign"


def test_a_record_whose_tags_contradict_the_game_is_refused_from_the_same_read(alice, game, calls):
    record = write_record(replay(MOVES, "abapa", "resign"), {"South": "Yaw"})
    answer = api_client(alice).post(
        f"/api/tournaments/accra/games/{game.pk}/result/",
        {"record": record, "expected_version": 0},
        format="json",
    )
    assert answer.status_code == 400 and answer.json()["code"] == "tag_mismatch"
    assert (calls["read_game"], calls["parse"]) == (1, 1)


def test_assess_takes_the_game_already_read(tournament):
    read = read_game("1. C a 2. D resign", tournament.variant)
    assessment = assess(ResultEntry(game=read, ending="resign"), tournament)
    assert assessment.read is read and assessment.game is read.replay
    assert assessment.outcome == read.result and assessment.decided_by == Side.NORTH


def test_a_zip_of_game_files_reads_each_file_once(alice_client, game, calls):
    played = replay(MOVES, "abapa", "resign")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("board-01.ogn", write_ogn(played, {"Round": "1.1"}))
    upload = SimpleUploadedFile("round.zip", buffer.getvalue())
    alice_client.post("/t/accra/arbiter/men/round/1/games/", {"file": upload})
    assert Result.objects.get(pairing=game).ending == "resign"
    assert (calls["parse"], calls["replay"]) == (1, 1)


def test_a_live_game_ended_and_stored_at_once_is_replayed_once(client, game, tournament, calls):
    tournament.live_results_direct = True
    tournament.save()
    code = live_board_code(game)
    live = LiveBoard.objects.get(code=code)
    url = f"/t/accra/board/{code}/moves/"

    def send(**body):
        answer = client.post(url, json.dumps({"device": DEVICE, **body}), "application/json")
        assert answer.status_code == 200, answer.json()
        return answer.json()

    send(action="claim", side="both", code=f"{live.south_pin} {live.north_pin}")
    plies = [{"move": move, "clock": clock} for move, clock in zip(MOVES, CLOCKS, strict=True)]
    send(action="moves", from_ply=0, moves=plies)
    calls.clear()
    assert send(action="resign", side="N")["state"] == "confirmed"
    assert calls["replay"] == 1 and not calls["parse"]
    assert Result.objects.get(pairing=game).decided_by == Side.NORTH
