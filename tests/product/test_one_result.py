"""One result everywhere: for every ending the demo has (capture, no legal move, agreement on a
repeated position, resignation, flag fall, a result typed as scores, a forfeit), the stored
result, the record's own tags and final score, the exported .ogn file, the API and a reprinted
result slip say the same thing. Every exported record is replayed and compared."""

import re
from decimal import Decimal

import pytest
from rest_framework.test import APIClient

from oware.notation import parse_leniently, replay_record
from oware.ogn import read_ogn
from oware.outcome import result_of_replay
from oware.sides import Side
from tournaments.models import Pairing, Tournament
from tournaments.models.sides import letter_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


def games(demo) -> list[Pairing]:
    return list(
        Pairing.objects.filter(round__section__tournament=demo, result__isnull=False)
        .select_related("round__section", "result", "game_record")
        .order_by("round__section__order", "round__number", "board")
    )


def as_stored(result) -> tuple:
    return (
        result.ending,
        (result.south_points, result.north_points),
        (result.south_seeds, result.north_seeds),
        letter_of(result.decided_by),
    )


def as_replayed(game) -> tuple:
    """The same tuple, worked out from a replayed record."""
    outcome = result_of_replay(game)
    loser = {"resign": game.resigner, "time": game.to_move}.get(game.ending)
    return (
        outcome.ending,
        tuple(Decimal(str(p)) for p in outcome.points),
        outcome.game_score,
        "" if loser is None else Side(loser).letter,
    )


def tagged_result(text: str) -> str:
    return parse_leniently(text)[0].tags["Result"]


def test_the_demo_has_every_ending(demo):
    endings = {pairing.result.ending for pairing in games(demo)}
    assert {"capture", "no_moves", "agreed", "resign", "time", "forfeit"} <= endings
    resigned = next(p for p in games(demo) if p.result.ending == "resign")
    # The resignation is by the player who was not to move.
    assert replay_record(resigned.result.record).to_move != resigned.result.decided_by


def test_record_ogn_api_and_slip_agree_with_the_stored_result(demo, client):
    api = APIClient()
    client.login(username="arbiter", password="demo-password-1")
    slips = {}
    checked = set()
    for pairing in games(demo):
        result = pairing.result
        stored = as_stored(result)
        answer = api.get(f"/api/v1/tournaments/demo/games/{pairing.pk}/").json()["result"]
        assert (
            answer["ending"],
            (Decimal(answer["south_points"]), Decimal(answer["north_points"])),
            (answer["south_seeds"], answer["north_seeds"]),
            answer["decided_by"],
        ) == stored, pairing
        assert answer["record"] == result.record
        if result.record:
            score = f"{result.south_seeds}-{result.north_seeds}"
            game = replay_record(result.record, demo.variant)
            assert as_replayed(game) == stored, pairing
            assert tagged_result(result.record) == score, pairing
            assert result.record.rstrip().endswith(score), pairing
            ogn = client.get(f"/t/demo/game/{pairing.pk}/ogn").content.decode()
            assert as_replayed(read_ogn(ogn, demo.variant).game) == stored, pairing
            assert tagged_result(ogn) == score, pairing
            checked.add(result.ending)
        key = (pairing.round.section.slug, pairing.round.number)
        if key not in slips:
            url = f"/t/demo/arbiter/{key[0]}/round/{key[1]}/slips/"
            slips[key] = client.get(url).content.decode()
        assert slip_result(slips[key], pairing.board) == slip_of(result), pairing
    assert {"capture", "no_moves", "agreed", "resign", "time"} <= checked


def slip_result(html: str, board: int) -> tuple:
    """The filled boxes of board `board`'s slip: points and seeds of each side, the ticked
    ending, and who flagged or resigned."""
    article = re.search(
        rf'<article class="slip" aria-label="Board {board}">(.*?)</article>', html, re.S
    ).group(1)
    filled = re.findall(r'<(?:td|strong) class="slip-filled">([^<]*)<', article)
    ticked = re.findall(
        r'<li class="slip-ticked"><span class="slip-tick">✓</span>([^<]*)<', article
    )
    return tuple(filled), tuple(ticked)


def slip_of(result) -> tuple:
    """What the slip should show for `result`."""
    points = {Decimal(1): "1", Decimal("0.5"): "½", Decimal(0): "0"}
    seeds = ["" if n is None else str(n) for n in (result.south_seeds, result.north_seeds)]
    filled = (points[result.south_points], seeds[0], points[result.north_points], seeds[1])
    if letter_of(result.decided_by) and result.ending != "forfeit":
        filled += ({"S": "South", "N": "North"}[letter_of(result.decided_by)],)
    label = {} if result.ending == "forfeit" else {"ending": result.get_ending_display()}
    return filled, tuple(label.values())
