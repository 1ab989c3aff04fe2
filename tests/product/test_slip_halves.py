"""Each board's result slip begins with two halves cut apart, one per player: a half names its
player, his side, the board and the round, and carries his side's code only. No printed piece
holds both codes, so a player holding his half can claim no side but his own."""

import json
import re
from html import unescape

import pytest

from games.models.live import LiveBoard

pytestmark = pytest.mark.django_db

SLIP = re.compile(r'<article class="slip"[^>]*>(.*?)</article>', re.S)
HALF = re.compile(r'<section class="slip-half"[^>]*>(.*?)</section>', re.S)
CODE = re.compile(r'<p class="slip-half-code">.*?<strong>([^<]+)</strong>', re.S)


def text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.fixture
def slips(alice_client, published_round):
    """(pairing, LiveBoard, slip HTML) of each board of round 1, as the arbiter prints them."""
    response = alice_client.get("/t/accra/arbiter/men/round/1/slips/")
    assert response.status_code == 200
    printed = SLIP.findall(response.content.decode())
    pairings = list(published_round.pairings.order_by("board"))
    assert len(printed) == len(pairings) == 3
    lives = {live.pairing_id: live for live in LiveBoard.objects.filter(pairing__in=pairings)}
    return [(p, lives[p.pk], html) for p, html in zip(pairings, printed, strict=True)]


def test_each_half_carries_its_own_sides_code_once_and_never_the_other(slips):
    for pairing, live, slip in slips:
        halves = HALF.findall(slip)
        assert len(halves) == 2, f"board {pairing.board}: a half for each player"
        south, north = halves
        assert south.count(live.south_pin) == 1 and live.north_pin not in south
        assert north.count(live.north_pin) == 1 and live.south_pin not in north
        # The scoresheet left on the board carries neither code.
        rest = HALF.sub("", slip)
        assert live.south_pin not in rest and live.north_pin not in rest
        assert slip.count(live.south_pin) == 1 and slip.count(live.north_pin) == 1


def test_no_half_holds_both_codes_on_the_whole_page(slips):
    pins = {pin for _pairing, live, _slip in slips for pin in (live.south_pin, live.north_pin)}
    for _pairing, _live, slip in slips:
        for half in HALF.findall(slip):
            assert len([pin for pin in pins if pin in half]) == 1


def test_a_half_names_its_player_side_board_round_and_the_boards_address(slips):
    for pairing, live, slip in slips:
        south, north = (text(half) for half in HALF.findall(slip))
        for words, player, side in (
            (south, pairing.south, "South"),
            (north, pairing.north, "North"),
        ):
            assert player.name in words and side in words
            assert f"Board {pairing.board}" in words and "Round 1" in words
            assert f"/t/accra/board/{live.code}/" in words
            assert f"press “{side}: {player.name}”" in words  # the button of the live board
        assert pairing.north.name not in south and pairing.south.name not in north


def test_the_page_tells_the_arbiter_to_cut_and_give_each_player_his_half(alice_client, slips):
    page = text(alice_client.get("/t/accra/arbiter/men/round/1/slips/").content.decode())
    assert "Cut along the dashed lines; give each player his half." in page


def test_the_code_on_a_half_claims_that_players_side_and_not_his_opponents(client, slips):
    pairing, live, slip = slips[0]
    south_code, north_code = (CODE.search(half).group(1) for half in HALF.findall(slip))

    def claim(side, code, device):
        return client.post(
            f"/t/accra/board/{live.code}/moves/",
            json.dumps({"action": "claim", "side": side, "device": device, "code": code}),
            content_type="application/json",
        )

    # South's half typed for North (the first claim of the board) is refused…
    refused = claim("N", south_code, "south-phone-01")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "wrong_code"
    # …and each half claims its own side.
    assert claim("S", south_code, "south-phone-01").status_code == 200
    assert claim("N", north_code, "north-phone-01").status_code == 200
    live.refresh_from_db()
    assert (live.south_device, live.north_device) == ("south-phone-01", "north-phone-01")


def test_a_qr_code_scales_to_its_printed_box(slips):
    """The QR code's drawing has a viewBox of its own size, so the 16 mm box of a half shows the
    whole code rather than its top left corner."""
    for _pairing, _live, slip in slips:
        for half in HALF.findall(slip):
            svg = re.search(r"<svg [^>]*>", half).group(0)
            size = re.search(r'width="(\d+)"', svg).group(1)
            assert f'viewBox="0 0 {size} {size}"' in svg
