"""The live board's service and JSON endpoint with the Django test client on a real database."""

import json
from datetime import timedelta

import pytest
from django.db.models import F

from games.live import live_board_code
from games.models.live import CODE_ALPHABET, LiveBoard
from oware.notation import parse_leniently, replay_record
from oware.ogn import read_ogn
from tournaments.models import Pairing, Result, Tournament
from tournaments.models.sides import letter_of
from tournaments.services.game_files import game_ogn
from tournaments.services.results import clear_result
from tournaments.services.versions import current_version

from .conftest import REPEATING, played_game

pytestmark = pytest.mark.django_db

SOUTH_DEVICE = "south-device-0001"
NORTH_DEVICE = "north-device-0002"


@pytest.fixture
def code(game):
    return live_board_code(game)


def post(client, board, **body):
    response = client.post(
        f"/t/accra/board/{board}/moves/", json.dumps(body), content_type="application/json"
    )
    return response.status_code, response.json()


def side_code(code, side):
    """The side's secret code, as the result slip shows it."""
    board = LiveBoard.objects.get(code=code)
    return board.south_pin if side == "S" else board.north_pin


def claim(client, code, side, device):
    return post(client, code, action="claim", side=side, device=device, code=side_code(code, side))


@pytest.fixture
def seated(client, code):
    """South and North each on their own device."""
    assert claim(client, code, "S", SOUTH_DEVICE)[0] == 200
    assert claim(client, code, "N", NORTH_DEVICE)[0] == 200
    return code


def play(client, code, device, ply, move, clock):
    return post(
        client,
        code,
        action="moves",
        device=device,
        from_ply=ply,
        moves=[{"move": move, "clock": clock}],
    )


def test_a_pairing_keeps_one_six_character_code_of_unambiguous_characters(game, code):
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert not set(code) & set("01OIL")
    assert live_board_code(game) == code


def test_the_page_and_the_state_are_served_by_code(client, code):
    page = client.get(f"/t/accra/board/{code}/")
    assert page.status_code == 200
    assert b"games/oware.js" in page.content
    state = client.get(f"/t/accra/board/{code}/moves/").json()
    assert state["seconds"] == 20 * 60 and state["warning_seconds"] == 3 * 60
    assert state["legal"] == [0, 1, 2, 3, 4, 5] and state["to_move"] == "S"
    assert client.get("/t/accra/board/ZZZZZZ/").status_code == 404


def test_the_board_names_an_ending_it_sees_first_in_the_readers_language(client, code):
    """A device that sees the game end before the server answers writes the ending itself."""
    page = client.get(f"/t/accra/board/{code}/", HTTP_ACCEPT_LANGUAGE="fr")
    labels = json.loads(
        page.content.decode()
        .split('id="live-ending-labels" type="application/json">')[1]
        .split("</script>")[0]
    )
    assert set(labels) >= {"capture", "draw24", "no_moves"}
    assert labels["capture"] != "Capture past 24" and labels["capture"].strip()


def test_a_second_device_is_refused_until_the_arbiter_releases_the_side(client, seated, alice):
    status, answer = claim(client, seated, "S", "intruder-device-3")
    assert status == 409 and answer["error"]["code"] == "board_taken"
    assert claim(client, seated, "S", SOUTH_DEVICE)[0] == 200

    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/release/").status_code == 302
    assert claim(client, seated, "S", "intruder-device-3")[0] == 200


def test_moves_are_replayed_by_the_server_and_an_illegal_one_is_refused(client, seated):
    assert play(client, seated, SOUTH_DEVICE, 0, 2, 1190)[0] == 200
    status, answer = play(client, seated, SOUTH_DEVICE, 1, 0, 1180)
    assert status == 400 and answer["error"]["code"] == "not_your_turn"
    assert play(client, seated, NORTH_DEVICE, 1, 0, 1185)[0] == 200
    # South's pit C (2) was emptied by the first move.
    status, answer = play(client, seated, SOUTH_DEVICE, 2, 2, 1170)
    assert status == 400 and answer["error"]["code"] == "empty_pit"
    assert answer["state"]["moves"] == [2, 0]
    # A resend of moves the server has is harmless.
    assert play(client, seated, SOUTH_DEVICE, 0, 2, 1190)[0] == 200
    assert LiveBoard.objects.get(code=seated).moves == [2, 0]


@pytest.mark.parametrize(
    ("clock", "why"), [(20 * 60 + 1, "above the start"), (1191, "grows"), (-1, "negative")]
)
def test_an_impossible_clock_reading_is_refused(client, seated, clock, why):
    assert play(client, seated, SOUTH_DEVICE, 0, 2, 1190)[0] == 200
    assert play(client, seated, NORTH_DEVICE, 1, 0, 1185)[0] == 200
    status, answer = play(client, seated, SOUTH_DEVICE, 2, 3, clock)
    assert status == 400 and answer["error"]["code"] == "bad_clock", why


def test_a_resignation_waits_for_the_arbiter_who_alone_confirms_it(
    client, seated, alice, charlie, game
):
    play(client, seated, SOUTH_DEVICE, 0, 2, 1190)
    status, answer = post(client, seated, action="resign", side="S", device=NORTH_DEVICE)
    assert status == 400 and answer["error"]["code"] == "not_your_side"
    status, answer = post(client, seated, action="resign", side="N", device=NORTH_DEVICE)
    assert status == 200 and answer["state"] == "pending" and answer["ending"] == "resign"
    assert "C {19:50} resign N 25-0" in answer["record"]
    assert not Result.objects.filter(pairing=game).exists()

    client.force_login(charlie)
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 403
    assert not Result.objects.filter(pairing=game).exists()

    client.force_login(alice)
    round_page = client.get("/t/accra/arbiter/men/round/1/")
    assert seated in round_page.content.decode() and b"Live boards" in round_page.content
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 302
    result = Result.objects.get(pairing=game)
    assert result.ending == "resign" and result.record == answer["record"].strip()
    assert (result.south_points, result.north_points) == (1, 0)
    assert LiveBoard.objects.get(code=seated).state == "confirmed"


def test_a_cleared_live_result_waits_for_the_arbiter_again(client, seated, alice, game):
    play(client, seated, SOUTH_DEVICE, 0, 2, 1190)
    post(client, seated, action="resign", side="N", device=NORTH_DEVICE)
    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 302
    clear_result(
        game, by=alice, reason="Entered on the wrong board", expected=current_version(game)
    )
    assert not Result.objects.filter(pairing=game).exists()
    assert LiveBoard.objects.get(code=seated).state == "pending"
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 302
    assert Result.objects.get(pairing=game).ending == "resign"


def clocks_started_ago(code, minutes):
    """Move the server's clock start back: the time since the last move then counts against
    the player to move, as if he had been thinking that long."""
    LiveBoard.objects.filter(code=code).update(
        started_at=F("started_at") - timedelta(minutes=minutes)
    )


def play_all(client, code, moves, first_ply=0):
    """Play `moves` (abapa: South and North alternate) from their own devices."""
    for ply, move in enumerate(moves, start=first_ply):
        device = SOUTH_DEVICE if ply % 2 == 0 else NORTH_DEVICE
        status, answer = play(client, code, device, ply, move, 1190 - ply)
        assert status == 200, answer
    return answer


@pytest.mark.parametrize("side", ["S", "N"])
@pytest.mark.parametrize("plies", [1, 2])
def test_either_player_resigns_at_any_time_and_the_record_names_him(
    client, seated, alice, game, side, plies
):
    """Whoever is to move; the record, its Result tag, the stored result and the board agree."""
    play_all(client, seated, REPEATING[:plies])
    device = SOUTH_DEVICE if side == "S" else NORTH_DEVICE
    status, answer = post(client, seated, action="resign", side=side, device=device)
    assert status == 200 and answer["ending"] == "resign" and answer["decided_by"] == side
    score = "0-25" if side == "S" else "25-0"
    assert f"resign {side} {score}" in answer["record"]
    assert f'[Result "{score}"]' in answer["record"]
    assert answer["game_score"] == [int(n) for n in score.split("-")]
    game_read = replay_record(answer["record"])
    assert (game_read.resigner, game_read.winner.letter) == (
        "SN".index(side),
        "NS"["SN".index(side)],
    )

    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 302
    result = Result.objects.get(pairing=game)
    assert (result.ending, letter_of(result.decided_by)) == ("resign", side)
    assert f"{result.south_seeds}-{result.north_seeds}" == score
    assert (result.south_points, result.north_points) == ((0, 1) if side == "S" else (1, 0))
    assert result.record == answer["record"].strip()


def test_agreement_is_refused_on_a_position_that_never_occurred_before(client, seated, game):
    play_all(client, seated, REPEATING[:114])  # the position after ply 114 is new
    for side, device in (("S", SOUTH_DEVICE), ("N", NORTH_DEVICE)):
        status, answer = post(client, seated, action="offer", side=side, device=device)
        assert status == 400 and answer["error"]["code"] == "no_repetition"
        assert "has occurred before" in answer["error"]["message"]
    assert answer["state"]["offer"] == "" and answer["state"]["state"] == "playing"


def test_agreement_needs_an_offer_from_the_other_side_on_a_repeated_position(client, seated, game):
    play_all(client, seated, REPEATING)  # after ply 115 the position of ply 103 again
    status, answer = post(client, seated, action="accept", side="N", device=NORTH_DEVICE)
    assert status == 400 and answer["error"]["code"] == "no_offer"
    status, answer = post(client, seated, action="offer", side="S", device=SOUTH_DEVICE)
    assert status == 200 and answer["offer"] == "S"
    status, answer = post(client, seated, action="accept", side="S", device=SOUTH_DEVICE)
    assert status == 400 and answer["error"]["code"] == "no_offer"
    status, answer = post(client, seated, action="accept", side="N", device=NORTH_DEVICE)
    assert answer["state"] == "pending" and answer["ending"] == "agreed"
    assert replay_record(answer["record"]).ending == "agreed"


def test_a_tournament_may_store_live_results_directly(client, seated, tournament, game):
    tournament.live_results_direct = True
    tournament.save()
    play(client, seated, SOUTH_DEVICE, 0, 2, 1190)
    clocks_started_ago(seated, minutes=21)
    status, answer = post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    assert answer["state"] == "confirmed" and answer["ending"] == "time"
    assert Result.objects.get(pairing=game).ending == "time"


def test_spectators_see_live_boards_on_the_round_page_and_in_the_game_viewer(client, seated, game):
    play(client, seated, SOUTH_DEVICE, 0, 2, 1190)
    for url in ("/t/accra/men/round/1/", f"/t/accra/game/{game.pk}/"):
        page = client.get(url).content.decode()
        assert f"/t/accra/board/{seated}/watch/" in page, url


def test_a_move_on_a_live_board_raises_the_tournament_revision(client, seated, tournament):
    """The games app registers its boards with the tournament's freshness number, so that the
    public pages showing a live game are not answered from a copy made before the move."""
    revision = Tournament.objects.get(pk=tournament.pk).revision
    assert play(client, seated, SOUTH_DEVICE, 0, 2, 1190)[0] == 200
    assert Tournament.objects.get(pk=tournament.pk).revision > revision


def test_the_arbiter_sets_direct_live_results_in_the_tournament_settings(client, alice, tournament):
    client.force_login(alice)
    page = client.get("/t/accra/arbiter/settings/")
    assert b'name="live_results_direct"' in page.content
    fields = {
        name: value
        for name, value in page.context["form"].initial.items()
        if value is not None and not isinstance(value, bool)
    }
    response = client.post(
        "/t/accra/arbiter/settings/", fields | {"published": "on", "live_results_direct": "on"}
    )
    assert response.status_code == 302, response.content[:2000]
    tournament.refresh_from_db()
    assert tournament.live_results_direct is True


def end_the_game(client, code, ending):
    """Play and end a game on the live board by `ending`; the side that decided it, if any."""
    if ending in ("capture", "no_moves"):
        moves, _game = played_game(ending)
        play_all(client, code, moves)
        return ""
    if ending == "agreed":
        play_all(client, code, REPEATING)
        post(client, code, action="offer", side="N", device=NORTH_DEVICE)
        assert post(client, code, action="accept", side="S", device=SOUTH_DEVICE)[0] == 200
        return ""
    play_all(client, code, REPEATING[:7])  # North to move
    if ending == "time":
        clocks_started_ago(code, minutes=21)
        assert post(client, code, action="flag", side="N", device=SOUTH_DEVICE)[0] == 200
        return "N"
    assert post(client, code, action="resign", side="S", device=SOUTH_DEVICE)[0] == 200
    return "S"


@pytest.mark.parametrize("ending", ["capture", "no_moves", "agreed", "resign", "time"])
def test_the_board_the_record_the_result_and_the_ogn_file_agree(
    client, seated, alice, game, ending
):
    decided_by = end_the_game(client, seated, ending)
    state = client.get(f"/t/accra/board/{seated}/watch/").json()
    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 302
    result = Result.objects.get(pairing=game)
    score = f"{result.south_seeds}-{result.north_seeds}"
    assert (result.ending, letter_of(result.decided_by)) == (ending, decided_by)
    assert (state["ending"], state["decided_by"]) == (ending, decided_by)
    assert state["game_score"] == [result.south_seeds, result.north_seeds]
    assert parse_leniently(state["record"])[0].tags["Result"] == score
    assert state["record"].rstrip().endswith(score) and result.record == state["record"].strip()
    pairing = Pairing.objects.select_related(
        "round__section__tournament", "south", "north", "game_record", "result"
    ).get(pk=game.pk)
    ogn = game_ogn(pairing)
    assert parse_leniently(ogn)[0].tags["Result"] == score
    read = read_ogn(ogn)
    assert read.game.ending == ending and read.game.game_score == (
        result.south_seeds,
        result.north_seeds,
    )


def test_the_server_keeps_each_sides_time_from_the_moments_it_received_the_moves(client, seated):
    play_all(client, seated, REPEATING[:3])
    state = client.get(f"/t/accra/board/{seated}/watch/").json()
    south, north = state["server_clocks"]
    # A few seconds at most went by in this test: both clocks are near the 20 minutes.
    assert 1200 - 60 < south <= 1200 and 1200 - 60 < north <= 1200
    board = LiveBoard.objects.get(code=seated)
    assert [mover for mover, _seconds in board.received] == ["S", "N", "S"]
    clocks_started_ago(seated, minutes=5)
    # North to move: the five minutes count against North only.
    south_now, north_now = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"]
    assert south_now == south and north_now < north - 290


def test_a_flag_the_server_clock_contradicts_is_held_for_the_arbiter(
    client, seated, alice, game, settings
):
    settings.LIVE_FLAG_TOLERANCE = 15
    play_all(client, seated, REPEATING[:7])  # North to move, twenty minutes nearly untouched
    status, answer = post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    assert status == 200 and answer["state"] == "held" and answer["ending"] == ""
    assert answer["flag_claim"]["side"] == "N" and answer["flag_claim"]["server_seconds"] > 15
    # The game is paused: no move, no result until the arbiter decides.
    status, answer = play(client, seated, NORTH_DEVICE, 7, REPEATING[7], 1000)
    assert status == 409 and answer["error"]["code"] == "flag_held"
    assert not Result.objects.filter(pairing=game).exists()
    # The arbiter sends it back: the game goes on from the same position.
    client.force_login(alice)
    assert client.post(f"/t/accra/arbiter/live/{seated}/send-back/").status_code == 302
    board = LiveBoard.objects.get(code=seated)
    assert (board.state, board.flag_claim, len(board.moves)) == ("playing", {}, 7)
    assert play(client, seated, NORTH_DEVICE, 7, REPEATING[7], 1000)[0] == 200
    # Held again, and this time the arbiter upholds the flag: scored as lost on time.
    post(client, seated, action="flag", side="S", device=NORTH_DEVICE)
    assert LiveBoard.objects.get(code=seated).state == "held"
    assert client.post(f"/t/accra/arbiter/live/{seated}/confirm/").status_code == 302
    result = Result.objects.get(pairing=game)
    assert (result.ending, letter_of(result.decided_by), result.north_points) == ("time", "S", 1)


def test_a_flag_within_the_tolerance_of_the_server_clock_is_scored(client, seated, settings):
    settings.LIVE_FLAG_TOLERANCE = 15
    play_all(client, seated, REPEATING[:7])
    # North has been thinking for 19 min 50 s by the server's clock: 10 s left, within 15.
    clocks_started_ago(seated, minutes=19)
    LiveBoard.objects.filter(code=seated).update(started_at=F("started_at") - timedelta(seconds=50))
    north_left = client.get(f"/t/accra/board/{seated}/watch/").json()["server_clocks"][1]
    assert 0 < north_left <= 15
    status, answer = post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    assert answer["state"] == "pending" and answer["ending"] == "time"


def test_a_device_back_from_offline_has_its_flag_checked_on_return(client, seated):
    """Offline, a device keeps its clock running and sends its moves and its claim together
    when the network returns; the server checks the claim against its own clock then."""
    play_all(client, seated, REPEATING[:6])
    # South's phone was offline for 20 minutes: its move and its claim arrive together.
    clocks_started_ago(seated, minutes=20)
    assert play(client, seated, SOUTH_DEVICE, 6, REPEATING[6], 0)[0] == 200
    status, answer = post(client, seated, action="flag", side="N", device=SOUTH_DEVICE)
    # North has had only the moment since the move arrived: the claim is held.
    assert answer["state"] == "held"


def test_boards_under_the_warning_time_are_marked_for_the_arbiter(client, seated, alice, game):
    client.force_login(alice)
    marks_url = "/t/accra/arbiter/live-clocks/men/1/"
    play_all(client, seated, REPEATING[:4])  # South to move
    assert client.get(marks_url).json()["boards"] == {}
    # South has been thinking for 17½ minutes by the server's clock: 2½ left, under 3.
    LiveBoard.objects.filter(code=seated).update(
        started_at=F("started_at") - timedelta(seconds=17 * 60 + 30)
    )
    answer = client.get(marks_url)
    assert answer["Cache-Control"] == "no-store"
    mark = answer.json()["boards"]["1"]
    assert mark["code"] == seated and mark["low"] == ["S"] and 140 <= mark["clocks"][0] <= 150
    page = client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert 'data-live-board="1" class="live-low-time"' in page
    assert (
        marks_url in page
        and marks_url in client.get("/t/accra/arbiter/men/round/1/results/").content.decode()
    )
    client.logout()
    assert client.get(marks_url).status_code == 302  # the arbiter's only


def test_the_arbiter_reads_the_result_in_words_before_one_click(client, seated, alice, game):
    moves, replayed = played_game("capture")
    play_all(client, seated, moves)
    client.force_login(alice)
    page = client.get("/t/accra/arbiter/men/round/1/").content.decode()
    winner = "South (Ama)" if replayed.winner == 0 else "North (Kofi)"
    south, north = replayed.stores
    assert f"{winner} wins {south}–{north}, captured the 25th seed at ply {replayed.plies}" in page
    assert "Ending: Capture past 24" in page and "Server's clock" in page
    assert f"Confirm {seated}" in page and f"Send back {seated}" not in page  # cannot go on


def test_an_agreement_shows_its_repetitions_and_may_be_sent_back(client, seated, alice, game):
    play_all(client, seated, REPEATING)
    post(client, seated, action="offer", side="N", device=NORTH_DEVICE)
    post(client, seated, action="accept", side="S", device=SOUTH_DEVICE)
    client.force_login(alice)
    page = client.get("/t/accra/arbiter/men/round/1/").content.decode()
    assert "The position after ply 115 repeats the one after ply 103." in page
    assert "ended by agreement after ply 115" in page
    assert client.post(f"/t/accra/arbiter/live/{seated}/send-back/").status_code == 302
    board = LiveBoard.objects.get(code=seated)
    assert (board.state, board.ending or "", board.record) == ("playing", "", "")
    assert not Result.objects.filter(pairing=game).exists()


def test_a_rounds_live_state_draws_every_board_and_answers_304_until_a_move(
    client, seated, game, tournament
):
    tournament.published = True
    tournament.save()
    page = client.get("/t/accra/men/round/1/live/")
    assert page.status_code == 200 and b"games/live_round.js" in page.content
    url = "/t/accra/men/round/1/live/state/"
    first = client.get(url)
    state = first.json()
    assert [b["board"] for b in state["boards"]] == [1, 2, 3]
    board = state["boards"][0]
    assert (board["south"], board["north"], board["code"], board["moves"]) == (
        "Ama",
        "Kofi",
        seated,
        [],
    )
    assert "south_pin" not in str(state) and LiveBoard.objects.get(
        code=seated
    ).south_pin not in str(state)
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    play(client, seated, SOUTH_DEVICE, 0, 2, 1190)
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    board = changed.json()["boards"][0]
    assert board["moves"] == [2] and board["running"] == "N" and board["pits"][2] == 0
    assert client.get("/t/accra/men/round/9/live/state/").status_code == 404
