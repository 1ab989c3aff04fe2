"""A round's live state behind docker-compose's nginx (deploy/nginx.conf): phones poll it twice a
second while the boards are played, and nginx answers the polls of each quarter second from one
copy, fetched once from the application.

The demo is served by scripts/serve with sync workers, as compose runs it, behind nginx with the
compose configuration; a section of one board is added and both its sides claimed, and the moves
are posted through nginx as the players' devices post them. The quarter a poll fell in is the
`X-Live-Window` nginx adds; whatever lands in two quarters is tried again, a few times at most.
"""

import json
import re
import time
import urllib.error
import urllib.request
from types import SimpleNamespace

import pytest

from oware.position import Position
from oware.rules import legal_moves, play
from tests.servers import demo_served, nginx_in_front, require_nginx, run_django

STATE = "/t/demo/live/round/1/live/state/"
TRIES = 20

SETUP = """
import django
django.setup()
from django.contrib.auth import get_user_model
from games.live import claim, live_board_code
from games.models.live import LiveBoard
from oware.sides import Side
from tournaments.models import Section, Tournament
from tournaments.services.registration import assign_pairing_numbers, register_player
from tournaments.services.rounds import pair_next_round, publish_round
tournament = Tournament.objects.get(slug="demo")
user = get_user_model().objects.get(username="arbiter")
section = Section.objects.create(tournament=tournament, slug="live", name="Live", order=9)
register_player(section, by=user, name="Ama", rating=2000)
register_player(section, by=user, name="Kofi", rating=1900)
assign_pairing_numbers(section, by=user)
round_ = publish_round(pair_next_round(section, by=user), by=user)
board = LiveBoard.objects.get(code=live_board_code(round_.pairings.get(board=1)))
claim(board, Side.SOUTH, "south-device", board.south_pin, "test")
claim(board, Side.NORTH, "north-device", board.north_pin, "test")
print(board.code)
"""


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    require_nginx()
    folder = tmp_path_factory.mktemp("live-window")
    with demo_served(folder) as app, nginx_in_front(app.port, folder, ready="/") as port:
        made = run_django(SETUP, DATABASE_URL=app.database)
        assert made.returncode == 0, made.stderr
        code = made.stdout.split()[-1]
        page = read(port, f"/t/demo/board/{code}/")
        token = re.search(r"csrftoken=([^;]+)", page.headers["Set-Cookie"]).group(1)
        yield SimpleNamespace(port=port, code=code, token=token, game=Game())


class Game:
    """The board's game as the devices play it: the position, and whose device moves."""

    def __init__(self):
        self.position, self.ply = Position.start(), 0

    def next(self) -> tuple[int, str]:
        move = legal_moves(self.position, "abapa")[0]
        device = "south-device" if self.position.to_move == 0 else "north-device"
        return move, device

    def played(self, move: int) -> None:
        self.position, self.ply = play(self.position, move, "abapa"), self.ply + 1


def read(port, path, headers=None, data=None) -> SimpleNamespace:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers=headers or {}, data=data
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return SimpleNamespace(status=answer.status, headers=answer.headers, body=answer.read())
    except urllib.error.HTTPError as refusal:
        return SimpleNamespace(status=refusal.code, headers=refusal.headers, body=refusal.read())


def poll(hall, etag: str = "") -> SimpleNamespace:
    answer = read(hall.port, STATE, headers={"If-None-Match": etag} if etag else {})
    answer.window = answer.headers["X-Live-Window"]
    answer.moves = json.loads(answer.body)["boards"][0]["moves"] if answer.status == 200 else None
    return answer


def move(hall) -> None:
    """One move, posted through nginx by the device of the side to move."""
    chosen, device = hall.game.next()
    body = {
        "device": device,
        "action": "moves",
        "from_ply": hall.game.ply,
        "moves": [{"move": chosen, "clock": 1000}],
    }
    answer = read(
        hall.port,
        f"/t/demo/board/{hall.code}/moves/",
        headers={
            "Content-Type": "application/json",
            "Cookie": f"csrftoken={hall.token}",
            "X-CSRFToken": hall.token,
        },
        data=json.dumps(body).encode(),
    )
    assert answer.status == 200, answer.body
    hall.game.played(chosen)


def next_quarter(hall, after: str) -> SimpleNamespace:
    """The first poll of a quarter second later than `after`."""
    for _ in range(TRIES * 10):
        answer = poll(hall)
        if answer.window != after:
            return answer
        time.sleep(0.02)
    raise AssertionError("the quarter second never changed")


def test_the_polls_of_a_quarter_second_are_answered_from_one_copy_and_304_by_nginx(hall):
    for _ in range(TRIES):
        first = poll(hall)
        again = poll(hall, first.headers["ETag"])
        if again.window == first.window:
            break
    else:
        pytest.fail("no two polls within one quarter second")
    assert first.status == 200 and first.window
    # nginx answered the ETag from its copy: the application never saw the second poll.
    assert (again.status, again.headers["X-Cache-Status"], again.body) == (304, "HIT", b"")
    assert again.headers["ETag"] == first.headers["ETag"]
    # Other pages keep their copies to the end of the second, with no quarter in their key.
    assert "X-Live-Window" not in read(hall.port, "/t/demo/men/standings/").headers


def test_moves_within_a_quarter_second_make_one_new_state_in_the_next(hall):
    for _ in range(TRIES):
        before = poll(hall)
        ply = hall.game.ply
        move(hall)
        move(hall)
        during = poll(hall, before.headers["ETag"])
        if during.window == before.window:
            break
    else:
        pytest.fail("no two moves within one quarter second")
    # Within the quarter, every poll is given the quarter's copy: the moves are not in it yet.
    assert during.status == 304
    after = next_quarter(hall, before.window)
    assert after.status == 200 and after.headers["ETag"] != before.headers["ETag"]
    # Both moves arrive in the one new state.
    assert len(after.moves) == ply + 2 == hall.game.ply
    assert len(before.moves) == ply


def test_a_move_is_shown_by_the_first_poll_of_the_next_quarter_second(hall):
    first = poll(hall)
    move(hall)
    answer = next_quarter(hall, first.window)
    assert len(answer.moves) == hall.game.ply
    # and by every later one: no poll goes back to an older position.
    for _ in range(8):
        later = poll(hall)
        assert later.status == 200 and len(later.moves) == hall.game.ply
        time.sleep(0.1)
