"""An arbiter's event day in a real browser: import the players, fix a name, pair, publish and
take back, then enter a whole round through the result grid with the keyboard only."""

import pytest

from tournaments.models import Player, Result, Round, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PLAYERS_CSV = """name,sex,rating,title,federation,team code
Kofi Mensah,m,1900,,GHA,GHA
Yaw Boateng,m,1850,,GHA,GHA
Kossi Agbeko,m,1800,,TOG,TOG
Komla Dzidzo,m,17OO,,TOG,TOG
"""


@pytest.fixture
def desk(browser):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def event(tournament, section):
    Team.objects.create(tournament=tournament, name="Ghana", code="GHA", coach="Kwame")
    Team.objects.create(tournament=tournament, name="Togo", code="TOG", coach="Ama")
    return tournament


def upload(page, text: str) -> None:
    page.set_input_files(
        "#id_file", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": text.encode()}]
    )
    page.get_by_role("button", name="Preview").click()


def publish(page) -> None:
    page.get_by_role("link", name="Publish…").click()
    page.get_by_label("Show this pairing to players and spectators now").check()
    page.get_by_role("button", name="Publish").click()


def test_a_complete_event_day(desk, live_server, event, section):
    desk.goto(f"{live_server.url}/accounts/login/")
    desk.fill("#id_username", "alice")
    desk.fill("#id_password", "alice-password-1")
    desk.get_by_role("button", name="Log in").click()
    desk.wait_for_url("**/arbiter/")
    desk.get_by_role("link", name="Accra Open").click()
    assert "Register the players." in desk.content()

    # Import: the row with a letter O in its rating is refused and nothing is stored.
    desk.get_by_role("link", name="Players, byes and withdrawals").click()
    desk.get_by_role("link", name="Import players from a CSV or TRF file").click()
    upload(desk, PLAYERS_CSV)
    assert "Rating “17OO” is not a whole number" in desk.locator("tr.row-error").inner_text()
    assert desk.get_by_role("button", name="Import 4 players").count() == 0
    assert not Player.objects.exists()
    upload(desk, PLAYERS_CSV.replace("17OO", "1700"))
    desk.get_by_role("button", name="Import 4 players").click()
    assert "4 players imported." in desk.content()

    # Fix a name.
    desk.locator("tr", has_text="Komla Dzidzo").get_by_role("link", name="edit").click()
    desk.fill("#id_name", "Komla Dzidzor")
    desk.get_by_role("button", name="Save").click()
    assert "Komla Dzidzor saved." in desk.content()

    # Pair, publish (asked to confirm), take it back to draft, publish again.
    desk.get_by_role("button", name="Number by rating, title and name").click()
    desk.get_by_role("link", name=event.name).click()
    desk.get_by_role("button", name="Pair next round").click()
    desk.wait_for_url("**/men/round/1/")
    publish(desk)
    assert Round.objects.get().status == Round.Status.PUBLISHED
    desk.get_by_role("button", name="Back to draft").click()
    assert "Round 1 is a draft again" in desk.content()
    assert Round.objects.get().status == Round.Status.DRAFT
    publish(desk)
    assert Round.objects.get().status == Round.Status.PUBLISHED

    # The whole round through the grid, keyboard only: the cursor starts on board 1.
    desk.get_by_role("link", name="Result grid: all boards").click()
    assert desk.locator("#remaining").inner_text() == "2"
    keyboard = desk.keyboard
    keyboard.type("1")
    keyboard.press("Tab")
    keyboard.type("25")
    keyboard.press("Tab")
    keyboard.type("10")
    keyboard.press("Enter")
    desk.wait_for_function("document.getElementById('remaining').textContent === '1'")
    # Board 2: North's flag fell with the stores at 17 (South) and 20 (North).
    keyboard.press("Tab")
    keyboard.type("17")
    keyboard.press("Tab")
    keyboard.type("20")
    keyboard.press("Tab")
    keyboard.type("Time")
    keyboard.press("Tab")
    keyboard.type("N")
    keyboard.press("Enter")
    desk.wait_for_function("document.getElementById('remaining').textContent === '0'")

    first, second = Result.objects.order_by("pairing__board")
    assert (first.south_points, first.south_seeds, first.north_seeds) == (1, 25, 10)
    assert (second.ending, second.decided_by) == ("time", "N")
    assert (second.south_points, second.south_seeds, second.north_seeds) == (1, 25, 20)
    assert "Saved: 1–0, Time forfeit" in desk.locator("#board-2 .grid-status").inner_text()
