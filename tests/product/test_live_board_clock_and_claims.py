"""The live board's server clock at the moments that matter — a flag fall, devices released —
and claiming a side with its own code only, with the Django test client."""

import json
from datetime import timedelta

import pytest
from django.db.models import F

from games.live import confirmation, live_board_code
from games.models.live import LiveBoard

from .conftest import REPEATING

pytestmark = pytest.mark.django_db

SOUTH_DEVICE = "south-device-0001"
NORTH_DEVICE = "north-device-0002"


def post(client, board, **body):
    response = client.post(
        f"/t/accra/board/{board}/moves/", json.dumps(body), content_type="application/json"
    )
    return response.status_code, response.json()


def codes(code):
    board = LiveBoard.objects.get(code=code)
    return {"S": board.south_pin, "N": board.north_pin}


@pytest.fixture
def code(game):
    return live_board_code(game)


@pytest.fixture
def seated(client, code):
    pins = codes(code)
    assert (
        post(client, code, action="claim", side="S", device=SOUTH_DEVICE, code=pins["S"])[0] == 200
    )
    assert (
        post(client, code, action="claim", side="N", device=NORTH_DEVICE, code=pins["N"])[0] == 200
    )
    return code


def play_all(client, code, moves):
    for ply, move in enumerate(moves):
        device = SOUTH_DEVICE if ply % 2 == 0 else NORTH_DEVICE
        status, answer = post(
            client,
            code,
            action="moves",
            device=device,
            from_ply=ply,
            moves=[{"move": move, "clock": 1190 - ply}],
        )
        assert status == 200, answer


def shift(code, **fields):
    """Move the board's clock moments back in time, as if that long had gone by since."""
    LiveBoard.objects.filter(code=code).update(
        **{name: F(name) - timedelta(seconds=seconds) for name, seconds in fields.items()}
    )


def server_reading(check, side):
    """The server's clock the arbiter reads for `side` (0 South, 1 North), in seconds."""
    minutes, seconds = check["readings"][side][2].split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_flag_fall_shows_the_server_clock_at_the_moment_of_the_flag(client, seated, settings):
    settings.LIVE_FLAG_TOLERANCE = 15
    play_all(client, seated, REPEATING[:7])
    shift(seated, started_at=19 * 60 + 50)  # North has thought for 19 min 50 s: 10 s left
    status, answer = post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    assert answer["state"] == "pending" and answer["ending"] == "time"
    check = confirmation(LiveBoard.objects.get(code=seated))
    # Not North's clock at South's last move (nearly twenty minutes): the few seconds left.
    assert server_reading(check, 1) <= 15
    assert server_reading(check, 0) > 1100


def test_a_held_flag_shows_one_server_reading(client, seated, settings):
    settings.LIVE_FLAG_TOLERANCE = 15
    play_all(client, seated, REPEATING[:7])
    shift(seated, started_at=5 * 60)  # North has thought for five minutes: fifteen left
    post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    board = LiveBoard.objects.get(code=seated)
    assert board.state == "held"
    shift(seated, started_at=60)  # the arbiter reads it a minute later
    check = confirmation(LiveBoard.objects.get(code=seated))
    reading = check["readings"][1][2]
    assert f"still shows {reading}." in check["held"]
    assert 14 * 60 < server_reading(check, 1) <= 15 * 60


def test_the_server_clock_stands_still_while_the_devices_are_released(
    client, seated, alice, settings
):
    play_all(client, seated, REPEATING[:3])  # North to move
    before = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"]
    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/release/").status_code == 302
    # Ten minutes go by with the devices released (a phone changed, a dispute settled).
    shift(seated, started_at=600, paused_at=600)
    during = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"]
    assert during[1] > before[1] - 30
    pins = codes(seated)
    both = f"{pins['S']} {pins['N']}"
    assert (
        post(client, seated, action="claim", side="both", device=SOUTH_DEVICE, code=both)[0] == 200
    )
    after = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"]
    assert after[1] > before[1] - 30, "the ten minutes released do not count against North"
    assert after[0] == before[0]


def test_a_side_is_claimed_with_its_own_code_only(client, code):
    pins = codes(code)
    # South's player, with both codes on the slip before him, cannot take North's side.
    status, answer = post(
        client, code, action="claim", side="N", device=SOUTH_DEVICE, code=f"{pins['S']} {pins['N']}"
    )
    assert (status, answer["error"]["code"]) == (403, "wrong_code")
    assert "other side's code" in answer["error"]["message"]
    status, answer = post(
        client, code, action="claim", side="N", device=SOUTH_DEVICE, code=pins["S"]
    )
    assert (status, answer["error"]["code"]) == (403, "wrong_code")
    assert "other side's code" in answer["error"]["message"]
    board = LiveBoard.objects.get(code=code)
    assert (board.south_device, board.north_device) == ("", "")
    # Each with his own code; and one device for both with both codes.
    assert (
        post(client, code, action="claim", side="S", device=SOUTH_DEVICE, code=pins["S"])[0] == 200
    )
    assert (
        post(client, code, action="claim", side="N", device=NORTH_DEVICE, code=pins["N"])[0] == 200
    )


def test_one_device_for_both_players_claims_with_both_codes(client, code):
    pins = codes(code)
    both = f"{pins['N']} {pins['S']}"
    assert post(client, code, action="claim", side="both", device=SOUTH_DEVICE, code=both)[0] == 200
    assert post(client, code, action="claim", side="both", device=NORTH_DEVICE, code=pins["S"])[
        0
    ] in (403, 409)


def test_confirm_and_send_back_look_and_read_differently(client, seated, alice):
    post(client, seated, action="resign", side="S", device=SOUTH_DEVICE)
    client.force_login(alice)
    page = client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert f"Confirm {seated}: store this result" in page
    assert f"Send back {seated}: no result, the game goes on" in page
    assert 'class="danger live-send-back"' in page


@pytest.mark.parametrize("stop", ["held flag", "resignation"])
def test_the_time_a_game_waits_for_the_arbiter_counts_against_nobody(
    client, seated, alice, settings, stop
):
    settings.LIVE_FLAG_TOLERANCE = 15
    play_all(client, seated, REPEATING[:7])  # North to move
    before = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"]
    if stop == "held flag":
        post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    else:
        post(client, seated, action="resign", side="N", device=NORTH_DEVICE)
    shift(seated, started_at=600, paused_at=600)  # the arbiter comes ten minutes later
    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/send-back/").status_code == 302
    after = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"]
    assert after[1] > before[1] - 30, "the ten minutes waiting do not count against North"
