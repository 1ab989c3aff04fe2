"""One remote game in a real Chromium, on two browser contexts signed in as its two players:
each move reaches the opponent's page by push (Server-Sent Events), a player whose network drops
and comes back, and whose page is closed and opened again, finds his board as the server has
it, and the flag of the player who stays away falls on the server's clock, with nobody's page
asking for it."""

import pytest

from games import remote
from tests.players.helpers import make_player_account
from tournaments.models import Result, Round
from tournaments.services.rounds import store_boards

from .test_printing import logged_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CLOCK = 25  # seconds a player: a whole game of flag falls within the test


@pytest.fixture
def game(tournament, section, make_player):
    ama, kofi = make_player("Ama Owusu", 1), make_player("Kofi Boateng", 2)
    make_player_account("ama@example.org", player=ama)
    make_player_account("kofi@example.org", player=kofi)
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(ama, kofi, "")])
    return round_.pairings.get()


def open_game(context, live_server, game):
    page = context.new_page()
    page.goto(f"{live_server.url}/t/accra/remote/{game.pk}/")
    page.locator("#remote-board[data-revision]").wait_for()
    return page


def record(page) -> str:
    return page.locator("#remote-record").inner_text()


def wait_for_record(page, moves: str):
    page.wait_for_function(
        "moves => document.getElementById('remote-record').textContent === moves", arg=moves
    )


def test_a_remote_game_by_push_with_a_reconnection_and_a_flag_fall(browser, live_server, game):
    remote.open_remote_boards(game.round, clock_seconds=CLOCK, no_show_seconds=None)
    south_context = logged_in(browser.new_context(), live_server, "ama@example.org")
    north_context = logged_in(browser.new_context(), live_server, "kofi@example.org")
    south = open_game(south_context, live_server, game)
    north = open_game(north_context, live_server, game)
    # Each sees his own row at the bottom: South's pits A–F, North's a–f.
    assert south.locator("#remote-row-bottom button").first.get_attribute("data-pit") == "A"
    assert north.locator("#remote-row-bottom button").first.get_attribute("data-pit") == "a"
    assert north.locator("#remote-row-bottom button[data-pit=a]").is_disabled()

    south.locator("#remote-row-bottom button[data-pit=C]").click()
    wait_for_record(north, "C")  # pushed: North's page asked for nothing
    assert "Your move." in north.locator("#remote-status").inner_text()
    north.locator("#remote-row-bottom button[data-pit=a]").click()
    wait_for_record(south, "C a")

    # North's network drops while South moves; back online, his page has the move.
    north_context.set_offline(True)
    south.locator("#remote-row-bottom button[data-pit=B]").click()
    wait_for_record(south, "C a B")
    north_context.set_offline(False)
    wait_for_record(north, "C a B")

    # North closes his page: his clock runs on without him; opened again, the board is back.
    north.close()
    north = open_game(north_context, live_server, game)
    assert record(north) == "C a B" and "Your move." in north.locator("#remote-status").inner_text()
    north.close()

    # He stays away: his flag falls on the server's clock, pushed to South's page at once.
    south.wait_for_function(
        "() => document.getElementById('remote-board').dataset.state === 'finished'",
        timeout=(CLOCK + 15) * 1000,
    )
    assert "Result recorded." in south.locator("#remote-status").inner_text()
    result = Result.objects.get(pairing=game)
    assert (result.ending, result.south_points, result.north_points) == ("time", 1, 0)
    north = open_game(north_context, live_server, game)
    assert north.locator("#remote-board").get_attribute("data-state") == "finished"
    assert north.locator("#remote-row-bottom button[data-pit=a]").is_disabled()
    south_context.close()
    north_context.close()


def test_a_resignation_reaches_the_opponent_by_push(browser, live_server, game):
    remote.open_remote_boards(game.round, clock_seconds=600, no_show_seconds=None)
    south_context = logged_in(browser.new_context(), live_server, "ama@example.org")
    north_context = logged_in(browser.new_context(), live_server, "kofi@example.org")
    south = open_game(south_context, live_server, game)
    north = open_game(north_context, live_server, game)
    north.locator("#remote-resign").click()
    north.locator("#remote-resign-yes").click()
    south.wait_for_function(
        "() => document.getElementById('remote-board').dataset.state === 'finished'"
    )
    assert "1–0" in south.locator("#remote-status").inner_text()
    assert south.locator("#remote-resign").is_disabled()
    assert Result.objects.get(pairing=game).ending == "resign"
    south_context.close()
    north_context.close()
