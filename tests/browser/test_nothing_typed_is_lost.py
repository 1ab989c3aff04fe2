"""The result grid in a real browser when saving fails: the network gone, the session expired, the
server failing. Each board says it was not sent, keeps what was typed (through a reload too) and
is stored once sending works again. Then the steps back: a result cleared, a round with results
taken back and paired again."""

import pytest
from django.contrib.sessions.models import Session
from playwright.sync_api import expect

from tournaments.models import Result, Round, Undo
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def round_one(section, make_player):
    """Round 1 published: Ama–Kofi on board 1, Yaw–Afi on board 2."""
    players = [make_player(name, n) for n, name in enumerate(["Ama", "Kofi", "Yaw", "Afi"], 1)]
    section.numbered = True
    section.save(update_fields=["numbered"])
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(players[0], players[1], ""), (players[2], players[3], "")])
    return round_


@pytest.fixture
def context(browser):
    # Without the grid's service worker: Chromium's offline emulation may let a request that
    # falls through a worker reach the server (only its answer is cut), which these tests of
    # "nothing reached the server" cannot have. tests/browser/test_result_grid_states.py
    # covers the grid under its worker.
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", service_workers="block")
    yield context
    context.close()


def log_in(page, url: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "alice-password-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/arbiter/")


def grid_url(live_server) -> str:
    return f"{live_server.url}/t/accra/arbiter/men/round/1/results/"


def type_board(page, board: int, south: str, north: str) -> None:
    row = page.locator(f"#board-{board}")
    row.locator("[name=result]").fill("1")
    row.locator("[name=south_seeds]").fill(south)
    row.locator("[name=north_seeds]").fill(north)
    row.locator("[name=north_seeds]").press("Enter")


def stored(board: int):
    return Result.objects.filter(pairing__board=board).first()


def test_a_board_saved_offline_waits_survives_a_reload_and_is_stored_later(
    context, live_server, round_one
):
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(grid_url(live_server))
    context.set_offline(True)
    type_board(page, 1, "30", "10")
    board = page.locator("#board-1")
    expect(board.locator(".grid-status")).to_contain_text("not sent: no network")
    expect(page.locator("#grid-unsent")).to_contain_text("Boards not sent: 1")
    assert stored(1) is None

    # The network comes back: the board is sent without a click.
    context.set_offline(False)
    expect(board.locator(".grid-status")).to_contain_text("Saved: 1–0")
    assert (stored(1).south_seeds, stored(1).north_seeds) == (30, 10)
    expect(page.locator("#grid-unsent")).to_be_hidden()

    # Offline again; leaving the page warns, and what was typed is still there afterwards.
    context.set_offline(True)
    type_board(page, 2, "26", "20")
    expect(page.locator("#board-2 .grid-status")).to_contain_text("not sent")
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.type), dialog.accept()))
    page.close(run_before_unload=True)
    page.wait_for_event("close")
    assert dialogs == ["beforeunload"]
    context.set_offline(False)
    page = context.new_page()
    # The browser kept the board across the closed page (read on another page of the site,
    # where no grid script can send it).
    page.goto(f"{live_server.url}/t/accra/")
    kept = page.evaluate("localStorage.getItem('oware-unsent:accra/men/1/2')")
    assert '"26"' in kept and '"20"' in kept
    # Not asserted: that the board is still unsent here. A closed page's renderer may outlive
    # its "close" event for a moment, hear this page sign in (a storage event) and send it:
    # the board is then stored, as it should be, only sooner.
    page.goto(grid_url(live_server))
    row = page.locator("#board-2")
    expect(row.locator("[name=south_seeds]")).to_have_value("26")
    expect(row.locator("[name=north_seeds]")).to_have_value("20")
    # Back on the grid it waits for "Send again", unless the browser has just told the page
    # that the network is back, which sends it by itself.
    resend = row.get_by_role("button", name="Send again")
    if stored(2) is None and resend.is_visible():
        resend.click()
    expect(row.locator(".grid-status")).to_contain_text("Saved: 1–0")
    assert (stored(2).south_seeds, stored(2).north_seeds) == (26, 20)
    page.reload()
    expect(page.locator("#grid-unsent")).to_be_hidden()


def test_an_expired_session_loses_no_typed_result(context, live_server, round_one):
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(grid_url(live_server))
    Session.objects.all().delete()  # the session expires mid-round
    type_board(page, 1, "30", "10")
    type_board(page, 2, "25", "12")
    for board in (1, 2):
        expect(page.locator(f"#board-{board} .grid-status")).to_contain_text(
            "not sent: you are logged out"
        )
    assert not Result.objects.exists()

    with page.expect_popup() as opened:
        page.get_by_role("link", name="Log in again (new window)").click()
    login = opened.value
    login.fill("#id_username", "alice")
    login.fill("#id_password", "alice-password-1")
    login.get_by_role("button", name="Log in").click()

    for board in (1, 2):
        expect(page.locator(f"#board-{board} .grid-status")).to_contain_text("Saved: 1–0")
    assert (stored(1).south_seeds, stored(2).south_seeds) == (30, 25)


def test_a_server_failure_shows_the_board_not_sent_until_sent_again(
    context, live_server, round_one
):
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(grid_url(live_server))
    failing = "**/round/1/results/1/"
    page.route(failing, lambda route: route.fulfill(status=500, body="Server Error (500)"))
    type_board(page, 1, "30", "10")
    board = page.locator("#board-1")
    expect(board.locator(".grid-status")).to_contain_text("not sent: the server failed (error 500)")
    expect(board.locator("[name=south_seeds]")).to_have_value("30")
    assert stored(1) is None
    page.unroute(failing)
    board.get_by_role("button", name="Send again").click()
    expect(board.locator(".grid-status")).to_contain_text("Saved: 1–0")
    assert stored(1).south_seeds == 30


def test_a_board_changed_by_another_arbiter_is_refused_and_keeps_what_was_typed(
    context, live_server, round_one, alice
):
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(grid_url(live_server))
    record_result(
        round_one.pairings.get(board=1),
        ResultEntry(ending="capture", south_seeds=10, north_seeds=30),
        by=alice,
    )
    type_board(page, 1, "30", "10")
    board = page.locator("#board-1")
    expect(board.locator(".grid-status")).to_contain_text("Saved meanwhile: 0–1")
    expect(board.locator(".grid-errors")).to_contain_text("changed by alice meanwhile")
    expect(board.locator("[name=south_seeds]")).to_have_value("30")
    board.locator("[name=reason]").fill("slip read again")
    board.get_by_role("button", name="Send again").click()
    expect(board.locator(".grid-status")).to_contain_text("Saved: 1–0")
    assert stored(1).south_seeds == 30


def test_a_cleared_result_leaves_the_public_page_at_once(context, live_server, round_one, alice):
    record_result(
        round_one.pairings.get(board=1),
        ResultEntry(ending="capture", south_seeds=30, north_seeds=10),
        by=alice,
    )
    spectator = context.browser.new_context(viewport=DESKTOP, locale="en-GB").new_page()
    public = f"{live_server.url}/t/accra/men/round/1/"
    spectator.goto(public)
    expect(spectator.locator(".board-card[data-board='1'] .score")).to_have_text("1–0")

    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(
        f"{live_server.url}/t/accra/arbiter/game/{round_one.pairings.get(board=1).pk}/result/"
    )
    page.get_by_role("link", name="Clear the result…").click()
    page.get_by_role("button", name="Clear the result").click()
    expect(page.locator(".errorlist")).to_contain_text("Give the reason for clearing")
    page.get_by_label("Reason (kept in the audit)").fill("entered on the wrong board")
    page.get_by_role("button", name="Clear the result").click()
    expect(page.get_by_text("no result (cleared)")).to_be_visible()

    spectator.goto(public)
    expect(spectator.locator(".board-card[data-board='1'] .score")).to_have_text("–")
    api = spectator.request.get(f"{live_server.url}/api/tournaments/accra/games/").json()
    assert all(game["result"] is None for game in api["results"])
    spectator.context.close()


def test_a_round_with_results_is_taken_back_and_paired_again(
    context, live_server, round_one, alice
):
    for pairing in round_one.pairings.all():
        record_result(
            pairing, ResultEntry(ending="capture", south_seeds=30, north_seeds=10), by=alice
        )
    page = context.new_page()
    log_in(page, live_server.url)
    page.goto(f"{live_server.url}/t/accra/arbiter/men/round/1/")
    page.get_by_role("link", name="Take back the round…").click()
    expect(page.get_by_text("2 boards and 2 results will be removed")).to_be_visible()
    page.get_by_label("Reason (kept in the audit)").fill("paired on the wrong list")
    page.get_by_role("button", name="Take back the round").click()
    page.wait_for_url("**/arbiter/")
    assert not Round.objects.exists() and not Result.objects.exists()

    page.get_by_role("button", name="Pair next round").click()
    page.wait_for_url("**/men/round/1/")
    page.get_by_role("button", name="Pair again").click()
    expect(page.get_by_text("Round 1 paired again.")).to_be_visible()
    assert Round.objects.get().status == Round.Status.DRAFT

    page.goto(f"{live_server.url}/t/accra/arbiter/audit/")
    removed = page.locator("table.removed-round")
    expect(removed).to_contain_text("Ama")
    expect(removed).to_contain_text("Capture past 24")
    expect(page.get_by_text("paired on the wrong list")).to_be_visible()
    assert Undo.objects.get().snapshot["boards"][0]["result"]["south_seeds"] == 30


def test_the_one_board_page_gives_back_what_was_typed_after_the_login(
    context, live_server, round_one
):
    page = context.new_page()
    log_in(page, live_server.url)
    game = round_one.pairings.get(board=1)
    page.goto(f"{live_server.url}/t/accra/arbiter/game/{game.pk}/result/")
    Session.objects.all().delete()  # the session expires while the arbiter types
    page.select_option("[name=ending]", "capture")
    page.fill("[name=south_seeds]", "30")
    page.fill("[name=north_seeds]", "10")
    page.get_by_role("button", name="Save result").click()
    page.wait_for_url("**/accounts/login/**")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "alice-password-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"**/game/{game.pk}/result/")
    expect(page.locator(".kept-note")).to_contain_text("it is back in the form")
    expect(page.locator("[name=south_seeds]")).to_have_value("30")
    assert stored(1) is None
    page.get_by_role("button", name="Save result").click()
    page.wait_for_url("**/men/round/1/")
    assert (stored(1).south_seeds, stored(1).north_seeds) == (30, 10)
    # Saved: the page no longer offers the old typing back.
    page.goto(f"{live_server.url}/t/accra/arbiter/game/{game.pk}/result/")
    expect(page.locator(".kept-note")).to_have_count(0)
