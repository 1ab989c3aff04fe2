"""One write path: the same result entered every way the product takes one — the result grid,
the one-board page, the API with a token, a live board played to its end and confirmed, a TRF
import, an .ogn file and a zip of them, and the restore of a backup — is stored as the same row,
with exactly one audit row, and raises the tournament's revision.

Two results, each through every way that can carry it: North resigning a short game (a game:
not in a TRF file, which has no moves), and North not coming (a forfeit: no live board or game
file has one).
"""

import io
import json
import zipfile

import pytest
from django.contrib.auth.models import Permission
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from games.live import live_board_code
from games.models.live import LiveBoard
from oware.clock import clock_text
from oware.notation import write_record
from oware.ogn import write_ogn
from oware.replay import replay
from oware.sides import Side
from tests.writes import if_match
from tournaments.models import Pairing, Result, ResultChange, Round, Tournament
from tournaments.models.sides import letter_of
from tournaments.services.events import remove_tournament
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards
from tournaments.services.standings import section_trf
from tournaments.trf import dumps

pytestmark = pytest.mark.django_db

MOVES = [2, 0, 3]  # C, a, D: North is to move, and resigns
CLOCKS = [1190, 1185, 1170]
GAME = replay(MOVES, "abapa", "resign")
DEVICE = "one-device-holds-both"


def row(result: Result) -> dict:
    return {
        "south_points": result.south_points,
        "north_points": result.north_points,
        "south_seeds": result.south_seeds,
        "north_seeds": result.north_seeds,
        "ending": result.ending,
        "decided_by": letter_of(result.decided_by),
    }


RESIGNED = {
    "south_points": 1,
    "north_points": 0,
    "south_seeds": 25,  # the resigning player keeps his store against 25
    "north_seeds": GAME.stores[1],
    "ending": "resign",
    "decided_by": "N",
}
ABSENT = {
    "south_points": 1,
    "north_points": 0,
    "south_seeds": None,
    "north_seeds": None,
    "ending": "forfeit",
    "decided_by": "N",
}


@pytest.fixture
def board(tournament, section, make_player):
    """Round 1 of the Men, published: Ama (South) against Kofi (North) on board 1."""
    tournament.published = True
    tournament.save()
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(make_player("Ama", 1), make_player("Kofi", 2), "")])
    return round_.pairings.get(board=1)


@pytest.fixture
def arbiter(client, alice):
    client.force_login(alice)
    return client


def record_text() -> str:
    return write_record(GAME, clocks=CLOCKS)


def ogn_text() -> str:
    readings = [None] + [clock_text(seconds) for seconds in CLOCKS]
    return write_ogn(GAME, {"Round": "1.1", "South": "Ama", "North": "Kofi"}, readings)


def by_grid(arbiter, board, entry: dict) -> Pairing:
    arbiter.post(f"/t/accra/arbiter/men/round/1/results/{board.board}/", {**entry, "version": 0})
    return board


def by_page(arbiter, board, entry: dict) -> Pairing:
    arbiter.post(f"/t/accra/arbiter/game/{board.pk}/result/", {**entry, "version": 0})
    return board


def by_api(alice, board, entry: dict) -> Pairing:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    url = f"/api/tournaments/accra/games/{board.pk}/result/"
    answer = api.post(url, {**entry, "expected_version": 0}, format="json")
    assert answer.status_code == 200, answer.json()
    return board


def by_live_board(arbiter, board) -> Pairing:
    code = live_board_code(board)
    url = f"/t/accra/board/{code}/moves/"

    def send(**body):
        answer = arbiter.post(url, json.dumps({"device": DEVICE, **body}), "application/json")
        assert answer.status_code == 200, answer.json()

    live = LiveBoard.objects.get(code=code)
    send(action="claim", side="both", code=f"{live.south_pin} {live.north_pin}")
    plies = [{"move": move, "clock": clock} for move, clock in zip(MOVES, CLOCKS, strict=True)]
    send(action="moves", from_ply=0, moves=plies)
    send(action="resign", side="N")
    assert not Result.objects.filter(pairing=board).exists()  # waits for the arbiter
    arbiter.post(f"/t/accra/arbiter/live/{code}/confirm/")
    return board


def by_ogn_file(arbiter, board) -> Pairing:
    arbiter.post(
        f"/t/accra/arbiter/game/{board.pk}/result/", {"import_ogn": "1", "ogn-pasted": ogn_text()}
    )
    return board


def by_ogn_zip(arbiter, board) -> Pairing:
    from django.core.files.uploadedfile import SimpleUploadedFile

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("board-01.ogn", ogn_text())
    upload = SimpleUploadedFile("round.zip", buffer.getvalue())
    arbiter.post("/t/accra/arbiter/men/round/1/games/", {"file": upload})
    return board


def by_trf_import(alice, board, entry: ResultEntry):
    """The round as another program's TRF file gives it, imported as a new section."""
    record_result(board, entry, by=alice)
    text = dumps(section_trf(board.round.section))
    api = APIClient()
    api.force_authenticate(alice)

    def enter() -> Pairing:
        body = {"name": "Open", "trf": text}
        answer = api.post(
            "/api/tournaments/accra/sections/import-trf/",
            body,
            format="json",
            **if_match(api, "accra"),
        )
        assert answer.status_code == 201, answer.json()
        return Pairing.objects.get(round__section__slug="open", round__number=1, board=1)

    return enter


def by_restore(alice, board, entry: ResultEntry):
    """A backup of the tournament with the result, restored over the API into an empty one."""
    record_result(board, entry, by=alice)
    alice.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    api = APIClient()
    api.force_authenticate(alice)
    backup = api.get("/api/tournaments/accra/export/").json()
    remove_tournament(Tournament.objects.get(slug="accra"))

    def enter() -> Pairing:
        assert api.post("/api/tournaments/import/", backup, format="json").status_code == 201
        return Pairing.objects.get(round__section__tournament__slug="accra", board=1)

    return enter


def revision() -> int:
    """The revision of tournament accra, 0 while there is none."""
    return Tournament.objects.filter(slug="accra").values_list("revision", flat=True).first() or 0


def at_once(enter):
    """A way in with nothing to prepare: entering is the whole of it."""
    return lambda arbiter, alice, board: lambda: enter(arbiter, alice, board)


GRID_RESIGNED = {
    "result": "1",
    "south_seeds": GAME.stores[0],
    "north_seeds": GAME.stores[1],
    "ending": "resign",
    "decided_by": "N",
}
RESIGNED_WAYS = {
    "grid": at_once(lambda arbiter, alice, board: by_grid(arbiter, board, GRID_RESIGNED)),
    "one-board page": at_once(
        lambda arbiter, alice, board: by_page(arbiter, board, {"record": record_text()})
    ),
    "api": at_once(lambda arbiter, alice, board: by_api(alice, board, {"record": record_text()})),
    "live board": at_once(lambda arbiter, alice, board: by_live_board(arbiter, board)),
    "ogn file": at_once(lambda arbiter, alice, board: by_ogn_file(arbiter, board)),
    "ogn zip": at_once(lambda arbiter, alice, board: by_ogn_zip(arbiter, board)),
    "restore": lambda arbiter, alice, board: by_restore(
        alice, board, ResultEntry(moves=MOVES, clocks=CLOCKS, ending="resign")
    ),
}
ABSENT_ENTRY = {"ending": "forfeit", "decided_by": "N"}


def absent_entry() -> ResultEntry:
    """ABSENT_ENTRY as the results service takes it."""
    return ResultEntry(ending="forfeit", decided_by=Side.NORTH)


ABSENT_WAYS = {
    "grid": at_once(
        lambda arbiter, alice, board: by_grid(arbiter, board, {"result": "1", **ABSENT_ENTRY})
    ),
    "one-board page": at_once(lambda arbiter, alice, board: by_page(arbiter, board, ABSENT_ENTRY)),
    "api": at_once(lambda arbiter, alice, board: by_api(alice, board, ABSENT_ENTRY)),
    "trf import": lambda arbiter, alice, board: by_trf_import(alice, board, absent_entry()),
    "restore": lambda arbiter, alice, board: by_restore(alice, board, absent_entry()),
}


@pytest.mark.parametrize(
    ("way", "expected"),
    [(RESIGNED_WAYS[name], RESIGNED) for name in RESIGNED_WAYS]
    + [(ABSENT_WAYS[name], ABSENT) for name in ABSENT_WAYS],
    ids=[f"resigned-{name}" for name in RESIGNED_WAYS] + [f"absent-{name}" for name in ABSENT_WAYS],
)
def test_every_way_in_stores_the_same_row_with_one_audit_row(arbiter, alice, board, way, expected):
    enter = way(arbiter, alice, board)
    before = revision()
    pairing = enter()
    result = Result.objects.get(pairing=pairing)
    assert row(result) == expected
    (change,) = ResultChange.objects.filter(pairing=pairing)
    assert change.changed_by == alice and change.after == result.snapshot()
    assert revision() > before


def test_a_restore_refuses_a_result_the_rules_refuse(alice, board):
    record_result(board, absent_entry(), by=alice)
    alice.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    api = APIClient()
    api.force_authenticate(alice)
    backup = api.get("/api/tournaments/accra/export/").json()
    backup["result"][0] |= {"ending": "capture", "south_seeds": 20, "north_seeds": 20}
    remove_tournament(Tournament.objects.get(slug="accra"))
    refused = api.post("/api/tournaments/import/", backup, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "invalid"
    assert "round 1, board 1" in refused.json()["message"]
    assert not Tournament.objects.exists() and not Result.objects.exists()
