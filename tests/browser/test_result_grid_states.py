"""The result grid's boards as a state machine (saving, saved, refused, not sent) that a lost
answer cannot confuse, in a real Chromium: a save the server stored but whose answer never came
back ends "saved" when sent again or after a reload; refused boards are counted apart from those
not sent; the grid opens without network and sends what it kept when the network returns."""

import time

import pytest
from playwright.sync_api import expect

from tournaments.models import Result, Round
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_one(section, make_player):
    players = [make_player(name, n) for n, name in enumerate(["Ama", "Kofi", "Yaw", "Afi"], 1)]
    section.numbered = True
    section.save(update_fields=["numbered"])
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(players[0], players[1], ""), (players[2], players[3], "")])
    return round_


@pytest.fixture
def context(browser):
    context = browser.new_context(
        viewport={"width": 1280, "height": 900}, locale="en-GB", service_workers="block"
    )
    yield context
    context.close()


@pytest.fixture
def context_with_worker(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    yield context
    context.close()


def grid(context, live_server):
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "alice-password-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/arbiter/")
    page.goto(f"{live_server.url}/t/accra/arbiter/men/round/1/results/")
    return page


def type_board(page, board, south, north):
    row = page.locator(f"#board-{board}")
    row.locator("[name=result]").fill("1")
    row.locator("[name=south_seeds]").fill(south)
    row.locator("[name=north_seeds]").fill(north)
    row.locator("[name=north_seeds]").press("Enter")


def stored(board):
    return Result.objects.filter(pairing__board=board).first()


def lose_the_answer(route):
    """The request reaches the server, which stores the board; its answer is lost on the way."""
    route.fetch()
    route.abort()


def kept(page, board):
    return page.evaluate(f"localStorage.getItem('oware-unsent:accra/men/1/{board}')")


def test_a_save_whose_answer_was_lost_ends_saved(context, live_server, round_one):
    page = grid(context, live_server)
    page.route("**/round/1/results/*/", lose_the_answer)
    type_board(page, 1, "30", "10")
    type_board(page, 2, "26", "20")
    for board in (1, 2):
        expect(page.locator(f"#board-{board} .grid-status")).to_contain_text("not sent")
    assert (stored(1).south_seeds, stored(2).south_seeds) == (30, 26)
    page.unroute("**/round/1/results/*/")

    # "Send again" finds the server holding exactly these values: saved, no reason asked.
    board = page.locator("#board-1")
    board.get_by_role("button", name="Send again").click()
    expect(board.locator(".grid-status")).to_contain_text("Saved: 1–0")
    assert kept(page, 1) is None

    # After a reload the kept board is sent at once, and is saved too.
    page.reload()
    expect(page.locator("#board-2 .grid-status")).to_contain_text("Saved: 1–0")
    assert kept(page, 2) is None
    expect(page.locator("#grid-unsent")).to_be_hidden()
    expect(page.locator("#grid-refused")).to_be_hidden()
    assert Result.objects.count() == 2
    assert all(result.pairing.result_changes.count() == 1 for result in Result.objects.all())


def test_refused_boards_are_counted_apart_from_boards_not_sent(
    context, live_server, round_one, alice
):
    page = grid(context, live_server)
    record_result(
        round_one.pairings.get(board=1),
        ResultEntry(ending="capture", south_seeds=10, north_seeds=30),
        by=alice,
    )
    type_board(page, 1, "30", "10")
    expect(page.locator("#board-1 .grid-status")).to_contain_text("Saved meanwhile: 0–1")
    expect(page.locator("#grid-refused")).to_contain_text("Boards refused: 1")
    expect(page.locator("#grid-unsent")).to_be_hidden()
    context.set_offline(True)
    type_board(page, 2, "26", "20")
    expect(page.locator("#grid-unsent")).to_contain_text("Boards not sent: 1")
    expect(page.locator("#grid-refused")).to_contain_text("Boards refused: 1")
    context.set_offline(False)
    expect(page.locator("#board-2 .grid-status")).to_contain_text("Saved: 1–0")
    expect(page.locator("#grid-unsent")).to_be_hidden()
    expect(page.locator("#grid-refused")).to_contain_text("Boards refused: 1")


def test_the_grid_opens_offline_and_sends_its_kept_boards_when_the_network_returns(
    context_with_worker, live_server, round_one
):
    context = context_with_worker
    page = grid(context, live_server)
    url = page.url
    # Kept by the service worker from this first visit.
    for _attempt in range(100):
        if page.evaluate("async (url) => !!(await caches.match(url, {ignoreVary: true}))", url):
            break
        time.sleep(0.2)
    context.set_offline(True)
    page.reload()
    expect(page.locator("#board-1")).to_be_visible()
    type_board(page, 1, "30", "10")
    expect(page.locator("#board-1 .grid-status")).to_contain_text("not sent: no network")
    page.reload()
    row = page.locator("#board-1")
    expect(row.locator("[name=south_seeds]")).to_have_value("30")
    expect(row.locator(".grid-status")).to_contain_text("not sent")
    # (Whether the offline send reached the server is left open: Chromium's offline emulation
    # may let a request through a service worker and cut only its answer; either way the
    # board ends saved once, as below.)
    context.set_offline(False)
    expect(row.locator(".grid-status")).to_contain_text("Saved: 1–0")
    assert (stored(1).south_seeds, stored(1).north_seeds) == (30, 10)
    assert stored(1).pairing.result_changes.count() == 1


def test_one_line_per_board_is_switched_on_remembered_and_typed_in(context, live_server, round_one):
    page = grid(context, live_server)
    switch = page.get_by_role("button", name="One line per board")
    expect(switch).to_have_attribute("aria-pressed", "false")
    card = page.locator("#board-1").bounding_box()["height"]
    switch.click()
    expect(switch).to_have_attribute("aria-pressed", "true")
    page.locator("body").click(position={"x": 5, "y": 5})  # the cursor in no row

    def tops(board):
        return page.evaluate(
            """(board) => ['.board-no', '.north', '.grid-result', '[name=north_seeds]']
              .map(s => document.querySelector(`#board-${board} ${s}`).getBoundingClientRect())
              .map(r => Math.round(r.top + r.height / 2))""",
            board,
        )

    for board in (1, 2):
        middles = tops(board)
        assert max(middles) - min(middles) <= 6, f"board {board} on one line: {middles}"
    line = page.locator("#board-2").bounding_box()["height"]
    assert line < card / 2, (line, card)
    page.reload()
    expect(page.get_by_role("button", name="One line per board")).to_have_attribute(
        "aria-pressed", "true"
    )
    type_board(page, 1, "30", "10")
    expect(page.locator("#board-1 .grid-status")).to_contain_text("Saved: 1–0")
    assert (stored(1).south_seeds, stored(1).north_seeds) == (30, 10)
    page.get_by_role("button", name="One line per board").click()
    page.reload()
    expect(page.get_by_role("button", name="One line per board")).to_have_attribute(
        "aria-pressed", "false"
    )
