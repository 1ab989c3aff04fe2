"""A live board belongs to its players: a side is claimed with that side's secret code, which
only the result slip and the arbiter's round page show; spectators watch by an address that
cannot claim, move or flag; wrong codes are throttled; the arbiter issues new codes."""

import json

import pytest
from django.test import Client, override_settings

from games.live import live_board_code
from games.models.live import LiveBoard

pytestmark = pytest.mark.django_db

DEVICE = "player-device-0001"
INTRUDER = "intruder-device-9"


@pytest.fixture
def live(game):
    return LiveBoard.objects.get(code=live_board_code(game))


def post(client, live, path="moves", **body):
    response = client.post(
        f"/t/accra/board/{live.code}/{path}/", json.dumps(body), content_type="application/json"
    )
    return response


def claim(client, live, side, code, device=DEVICE):
    return post(client, live, action="claim", side=side, device=device, code=code)


def held(live):
    live.refresh_from_db()
    return live.south_device, live.north_device


def test_the_side_codes_are_on_the_slip_and_the_arbiters_page_never_on_public_pages(
    client, live, alice
):
    # A move, so that the public pages list the board for spectators.
    assert claim(client, live, "S", live.south_pin).status_code == 200
    moves = [{"move": 2, "clock": 1190}]
    post(client, live, action="moves", device=DEVICE, from_ply=0, moves=moves)
    public = [
        "/t/accra/men/round/1/",
        f"/t/accra/game/{live.pairing.pk}/",
        f"/t/accra/board/{live.code}/",
        f"/t/accra/board/{live.code}/moves/",
        f"/t/accra/board/{live.code}/watch/",
    ]
    for url in public:
        page = Client().get(url).content.decode()
        assert live.south_pin not in page and live.north_pin not in page, url
    assert f"/t/accra/board/{live.code}/watch/" in Client().get(public[0]).content.decode()

    client.force_login(alice)
    for url in ("/t/accra/arbiter/men/round/1/", "/t/accra/arbiter/men/round/1/slips/"):
        page = client.get(url).content.decode()
        assert live.south_pin in page and live.north_pin in page, url


@pytest.mark.parametrize(
    "side, typed",
    [
        ("S", ""),
        ("S", None),
        ("S", "board"),  # the public board code
        ("S", "north"),  # the opponent's code
        ("N", "south"),
        ("both", "south"),  # one code is not enough for both sides
        ("both", "north"),
    ],
)
def test_a_side_needs_its_own_code(client, live, side, typed):
    code = {"board": live.code, "south": live.south_pin, "north": live.north_pin}.get(typed, typed)
    answer = claim(client, live, side, code)
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "wrong_code"
    assert held(live) == ("", "")


def test_each_player_claims_with_the_code_from_the_slip(client, live):
    assert claim(client, live, "s", live.south_pin.lower()).status_code == 400  # sides are S/N
    assert claim(client, live, "S", live.south_pin.lower()).status_code == 200
    other = "other-device-2"
    assert claim(client, live, "N", f" {live.north_pin} ", device=other).status_code == 200
    assert held(live) == (DEVICE, other)


def test_one_device_for_both_players_types_both_codes(client, live):
    assert claim(client, live, "both", f"{live.north_pin} {live.south_pin}").status_code == 200
    assert held(live) == (DEVICE, DEVICE)


def test_the_watch_address_cannot_claim_move_or_flag(client, live):
    assert claim(client, live, "S", live.south_pin, device=INTRUDER).status_code == 200
    live.refresh_from_db()
    state = client.get(f"/t/accra/board/{live.code}/watch/")
    assert state.status_code == 200 and state.json()["code"] == live.code
    for body in (
        {"action": "claim", "side": "N", "device": INTRUDER, "code": live.north_pin},
        {"action": "moves", "device": INTRUDER, "from_ply": 0, "moves": [{"move": 2, "clock": 9}]},
        {"action": "flag", "device": INTRUDER, "side": "S"},
    ):
        assert post(client, live, "watch", **body).status_code == 405
    live.refresh_from_db()
    assert live.moves == [] and live.north_device == "" and live.state == "waiting"


def test_a_spectator_without_a_code_can_neither_move_nor_flag(client, live):
    assert claim(client, live, "S", live.south_pin).status_code == 200
    moves = [{"move": 2, "clock": 1190}]
    answer = post(client, live, action="moves", device=INTRUDER, from_ply=0, moves=moves)
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "not_your_turn"
    answer = post(client, live, action="flag", device=INTRUDER, side="S")
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "not_your_side"
    live.refresh_from_db()
    assert live.moves == [] and live.state == "waiting"


@override_settings(LIVE_CODE_ATTEMPTS=3, LIVE_CODE_WINDOW=120)
def test_wrong_codes_are_throttled_per_client_address(live):
    guesser = Client(REMOTE_ADDR="203.0.113.7")
    for guess in ("AAAAAA", "BBBBBB", "CCCCCC"):
        assert claim(guesser, live, "S", guess).status_code == 403
    # Past the limit even the right code is refused: a guesser cannot tell a hit from a miss.
    answer = claim(guesser, live, "S", live.south_pin)
    assert answer.status_code == 429 and answer["Retry-After"] == "120"
    assert answer.json()["error"]["code"] == "too_many_codes"
    assert held(live) == ("", "")
    # The players at their table, from another address, are not locked out by the guesser.
    player = Client(REMOTE_ADDR="198.51.100.2")
    assert claim(player, live, "S", live.south_pin).status_code == 200


def test_the_arbiter_issues_new_codes_and_frees_both_sides(client, live, alice, charlie):
    old_south = live.south_pin
    assert claim(client, live, "S", old_south).status_code == 200
    url = f"/t/accra/arbiter/live/{live.code}/codes/"
    charlie_client = Client()
    charlie_client.force_login(charlie)
    assert charlie_client.post(url).status_code in (302, 403)
    live.refresh_from_db()
    assert live.south_pin == old_south and live.south_device == DEVICE

    arbiter = Client()
    arbiter.force_login(alice)
    assert arbiter.post(url).status_code == 302
    live.refresh_from_db()
    assert live.south_pin != old_south and held(live) == ("", "")
    assert claim(client, live, "S", old_south, device=INTRUDER).status_code == 403
    assert claim(client, live, "S", live.south_pin).status_code == 200
