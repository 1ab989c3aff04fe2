"""Two players at one table, each with a phone on the live board, in a real Chromium: clocks run,
devices drop off the network and come back, the arbiter confirms the result in one click."""

import re
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.db.models import F
from playwright.sync_api import expect

from games.live import live_board_code
from games.models.live import LiveBoard
from oware.notation import parse_record
from tournaments.models import Result, Round
from tournaments.models.sides import letter_of
from tournaments.services.rounds import store_boards

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def board_code(make_player, section):
    ama, kofi = make_player("Ama", 1), make_player("Kofi", 2)
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(ama, kofi, "")])
    return live_board_code(round_.pairings.get())


@pytest.fixture
def device(browser):
    """A factory of phones, each its own browser context (own storage, own network)."""
    contexts = []

    def open_device():
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        contexts.append(context)
        return context, context.new_page()

    yield open_device
    for context in contexts:
        context.close()


def pit(page, name):
    return page.get_by_role("button", name=re.compile(rf"^Pit {name},"))


def server_moves(code):
    return LiveBoard.objects.get(code=code).moves


def when_the_server_has(code, plies):
    """Wait (at most 10 s) until the server has stored `plies` moves of the board: the time a
    spectator takes to see a move counts from then."""
    for _attempt in range(100):
        if len(server_moves(code)) >= plies:
            return
        time.sleep(0.1)
    raise AssertionError(f"the server never had {plies} moves")


def test_two_phones_play_go_offline_and_the_arbiter_confirms_the_record(
    live_server, device, board_code, alice
):
    url = f"{live_server.url}/t/accra/board/{board_code}/"
    south_net, south = device()
    north_net, north = device()
    live = LiveBoard.objects.get(code=board_code)
    # Each player types the code of their side from the result slip.
    south.goto(url)
    south.get_by_label("Your side's code").fill(live.south_pin)
    south.get_by_role("button", name="South: Ama").click()
    north.goto(url)
    north.get_by_label("Your side's code").fill(live.north_pin.lower())
    north.get_by_role("button", name="North: Kofi").click()
    expect(south.locator("#live-clock-bottom")).to_have_class(re.compile("live-clock--running"))

    pit(south, "C").click()
    expect(north.locator("#live-record")).to_contain_text("1. C {")
    expect(north.locator("#live-clock-bottom")).to_have_class(re.compile("live-clock--running"))
    pit(north, "a").click()
    expect(south.locator("#live-record")).to_contain_text(" a {")

    # South's phone loses the network: the move is kept on the phone, not yet on the server.
    south_net.set_offline(True)
    pit(south, "D").click()
    expect(south.locator("#live-status")).to_contain_text("Offline")
    expect(south.locator("#live-record")).to_contain_text("2. D {")
    assert server_moves(board_code) == [2, 0]
    # Back online and reloaded: the page resumes from the phone's storage and sends the move.
    south_net.set_offline(False)
    south.reload()
    expect(north.locator("#live-record")).to_contain_text("2. D {")
    assert server_moves(board_code) == [2, 0, 3]

    # Now North's phone is offline for its move.
    north_net.set_offline(True)
    pit(north, "b").click()
    expect(north.locator("#live-status")).to_contain_text("Offline")
    assert server_moves(board_code) == [2, 0, 3]
    north_net.set_offline(False)
    expect(south.locator("#live-record")).to_contain_text(" b {")
    assert server_moves(board_code) == [2, 0, 3, 1]

    south.get_by_role("button", name="Resign").click()
    expect(south.locator("#live-resign-question")).to_have_text(
        "South (Ama) resigns: North (Kofi) wins, 0–1, game score 0–25. Resign?"
    )
    south.get_by_role("button", name="Yes, resign").click()
    expect(north.locator("#live-status")).to_contain_text("Waiting for the arbiter")
    assert not Result.objects.exists()

    _arbiter_net, arbiter = device()
    arbiter.goto(f"{live_server.url}/t/accra/arbiter/men/round/1/")
    arbiter.fill("#id_username", "alice")
    arbiter.fill("#id_password", "alice-password-1")
    arbiter.get_by_role("button", name="Log in").click()
    arbiter.get_by_role("button", name=f"Confirm {board_code}").click()
    expect(south.locator("#live-status")).to_contain_text("Result confirmed")

    board = LiveBoard.objects.get(code=board_code)
    result = Result.objects.get(pairing=board.pairing)
    assert result.record == board.record.strip()
    assert (result.ending, result.south_points, result.north_points) == ("resign", 0, 1)
    record = parse_record(result.record)
    assert record.moves == [2, 0, 3, 1] and record.ending == "resign"
    assert all(0 <= clock <= 20 * 60 for clock in record.clocks)


def seat(url, page, side, pin):
    page.goto(url)
    page.get_by_label("Your side's code").fill(pin)
    page.get_by_role("button", name=re.compile(f"^{side}:")).click()


def two_phones(live_server, device, board_code):
    """South's and North's phones, each holding its side of the board."""
    url = f"{live_server.url}/t/accra/board/{board_code}/"
    live = LiveBoard.objects.get(code=board_code)
    _s, south = device()
    _n, north = device()
    seat(url, south, "South", live.south_pin)
    seat(url, north, "North", live.north_pin)
    return south, north


def test_a_player_resigns_on_his_own_phone_while_the_other_is_to_move_after_confirming(
    live_server, device, board_code
):
    south, north = two_phones(live_server, device, board_code)
    pit(south, "C").click()
    expect(north.locator("#live-record")).to_contain_text("1. C {")
    pit(north, "a").click()
    expect(south.locator("#live-record")).to_contain_text(" a {")
    # South is to move; North resigns from his own phone. He is asked first, and may refuse.
    north.get_by_role("button", name="Resign").click()
    question = north.get_by_role("alertdialog")
    expect(question).to_contain_text(
        "North (Kofi) resigns: South (Ama) wins, 1–0, game score 25–0. Resign?"
    )
    question.get_by_role("button", name="No, play on").click()
    expect(question).to_be_hidden()
    assert LiveBoard.objects.get(code=board_code).state == "playing"
    north.get_by_role("button", name="Resign").click()
    question.get_by_role("button", name="Yes, resign").click()
    expect(south.locator("#live-status")).to_contain_text("Waiting for the arbiter")
    expect(south.locator("#live-record")).to_contain_text("resign N 25-0")
    board = LiveBoard.objects.get(code=board_code)
    assert (board.ending, letter_of(board.decided_by)) == ("resign", "N")


def test_a_spectator_with_the_board_code_cannot_take_a_side(live_server, device, board_code):
    _net, phone = device()
    phone.goto(f"{live_server.url}/t/accra/board/{board_code}/")
    phone.get_by_label("Your side's code").fill(board_code)
    phone.get_by_role("button", name="South: Ama").click()
    expect(phone.locator("#live-status")).to_contain_text("not the code of this side")
    assert LiveBoard.objects.get(code=board_code).south_device == ""


def test_one_phone_for_both_players_calls_the_arbiter_under_the_warning_time(
    live_server, device, board_code, tournament
):
    # A three-minute game with the arbiter called under three minutes: the call comes as soon
    # as South's clock has run.
    tournament.minutes_per_player = 3
    tournament.save()
    _net, phone = device()
    phone.add_init_script(
        "window.beeps = 0; const Real = window.AudioContext; window.AudioContext = class extends"
        " Real { createOscillator() { window.beeps += 1;"
        " document.documentElement.dataset.beeps = window.beeps;"
        " return super.createOscillator(); } };"
    )
    phone.goto(f"{live_server.url}/t/accra/board/{board_code}/")
    live = LiveBoard.objects.get(code=board_code)
    phone.get_by_label("Your side's code").fill(f"{live.south_pin} {live.north_pin}")
    phone.get_by_role("button", name="Both players on this device").click()
    warning = phone.get_by_role("alert")
    expect(warning).to_be_visible()
    expect(warning).to_contain_text("the arbiter is called")
    assert phone.evaluate("window.beeps") == 1

    pit(phone, "C").click()
    # Once North's clock has run, North is under the warning time too, and the call sounds again.
    # Waited for through the page itself: the policy forbids the evaluated predicate.
    expect(phone.locator("html")).to_have_attribute("data-beeps", "2")
    pit(phone, "a").click()
    expect(phone.locator("#live-record")).to_contain_text("1. C {02:")
    expect(phone.locator("#live-record")).to_contain_text(" a {02:")
    assert phone.evaluate("window.beeps") == 2, "each player's call sounds once"


def log_in(page, url):
    page.goto(url)
    page.fill("#id_username", "alice")
    page.fill("#id_password", "alice-password-1")
    page.get_by_role("button", name="Log in").click()


def test_the_arbiters_round_page_and_grid_mark_a_board_under_the_warning_time(
    live_server, device, board_code, alice
):
    south, north = two_phones(live_server, device, board_code)
    pit(south, "C").click()
    expect(north.locator("#live-record")).to_contain_text("1. C {")
    _a, arbiter = device()
    log_in(arbiter, f"{live_server.url}/t/accra/arbiter/men/round/1/")
    card = arbiter.locator('td.live-state[data-live-board="1"]')
    expect(card).not_to_have_class(re.compile("live-low-time"))
    _g, grid = device()
    log_in(grid, f"{live_server.url}/t/accra/arbiter/men/round/1/results/")
    row = grid.locator('form[data-live-board="1"]')
    # North thinks: by the server's clock he has used 17½ of his 20 minutes.
    LiveBoard.objects.filter(code=board_code).update(
        started_at=F("started_at") - timedelta(seconds=17 * 60 + 30)
    )
    # Neither page is reloaded: each asks every 5 s, so the mark is there within 10 s.
    expect(card).to_have_class(re.compile("live-low-time"), timeout=10_000)
    expect(card.locator(".live-low-mark")).to_contain_text("Under the warning time: North 02:")
    expect(row).to_have_class(re.compile("live-low-time"), timeout=10_000)
    expect(arbiter.locator(f'li[data-live-code="{board_code}"]')).to_have_class(
        re.compile("live-low-time"), timeout=10_000
    )


def test_a_spectator_follows_the_round_live_and_steps_back_while_the_game_goes_on(
    live_server, device, board_code, tournament
):
    tournament.published = True
    tournament.save()
    south, north = two_phones(live_server, device, board_code)
    _w, spectator = device()
    spectator.goto(f"{live_server.url}/t/accra/men/round/1/live/")
    small = spectator.locator('.lr-board[data-board="1"]')
    expect(small).to_contain_text("Ama")
    expect(small).to_contain_text("Kofi")
    expect(small.locator(".lr-pits span").nth(10)).to_have_text("4")  # South's C, before the move

    pit(south, "C").click()
    # The spectator's page, never reloaded, draws the move within 2 s of it reaching the server.
    when_the_server_has(board_code, 1)
    expect(small.locator(".lr-pits span").nth(10)).to_have_text("0", timeout=2_000)

    # Board 1 opens large, with its move list, and follows the game move by move.
    small.get_by_role("button").click()
    focus = spectator.locator("#lr-focus")
    expect(focus.get_by_role("list", name="Moves")).to_contain_text("1. C")
    # North's phone plays once it has South's move (until then it is not his turn there).
    expect(north.locator("#live-record")).to_contain_text("1. C {")
    pit(north, "a").click()
    when_the_server_has(board_code, 2)
    expect(focus.get_by_role("list", name="Moves")).to_contain_text("a", timeout=2_000)
    expect(focus.locator("#lr-status")).to_contain_text("ply 2 / 2")
    # Stepped back, it stays where the reader is while the game goes on.
    focus.get_by_role("button", name="Previous move").click()
    expect(focus.locator("#lr-status")).to_contain_text("ply 1 / 2")
    expect(south.locator("#live-record")).to_contain_text(" a {")
    pit(south, "D").click()
    when_the_server_has(board_code, 3)
    expect(focus.locator("#lr-status")).to_contain_text("ply 1 / 3", timeout=2_000)
    focus.get_by_role("button", name=re.compile("Back to the live position")).click()
    expect(focus.locator("#lr-status")).to_contain_text("ply 3 / 3")


AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


def serious_violations(page) -> list[str]:
    # Evaluated through the debugging protocol, as the public pages' check does: the content
    # security policy refuses any injected script tag.
    page.evaluate(AXE.read_text())
    return page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
        ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
    )


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_live_board_and_the_live_round_meet_contrast_and_touch_sizes(
    live_server, device, board_code, tournament, scheme
):
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci --prefix tests/browser)")
    tournament.published = True
    tournament.save()
    south, north = two_phones(live_server, device, board_code)
    pit(south, "C").click()
    expect(north.locator("#live-record")).to_contain_text("1. C {")
    problems = []
    for page in (south, north):
        page.emulate_media(color_scheme=scheme)
        problems += [f"board [{scheme}] {text}" for text in serious_violations(page)]
        # Every pit is a touch target of at least 44 × 44 CSS pixels on a 360 px phone.
        sizes = page.evaluate(
            "[...document.querySelectorAll('.live-row button')]"
            ".map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
        )
        assert len(sizes) == 12 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
    _w, spectator = device()
    spectator.emulate_media(color_scheme=scheme)
    spectator.goto(f"{live_server.url}/t/accra/men/round/1/live/#board-1")
    expect(spectator.locator("#lr-focus")).to_contain_text("1. C")
    problems += [f"live round [{scheme}] {text}" for text in serious_violations(spectator)]
    assert problems == []


def test_a_board_page_reloads_without_network_and_plays_on(live_server, device, board_code):
    south_net, south = device()
    live = LiveBoard.objects.get(code=board_code)
    url = f"{live_server.url}/t/accra/board/{board_code}/"
    seat(url, south, "South", live.south_pin)
    south.evaluate("async () => { await navigator.serviceWorker.ready; }")
    south.reload()  # now under the service worker, which keeps the page and its assets
    expect(pit(south, "C")).to_be_visible()
    assert south.evaluate("navigator.serviceWorker.controller !== null")
    south_net.set_offline(True)
    south.reload()
    # The page and its scripts come from the worker's copy, the game from the phone's storage.
    expect(pit(south, "C")).to_be_visible()
    expect(south.locator("#live-status")).to_contain_text("Offline")
    manifest = south.evaluate("document.querySelector('link[rel=manifest]').href")
    assert manifest.endswith(f"/t/accra/board/{board_code}/manifest.webmanifest")


def test_a_board_opened_once_reopens_without_network(live_server, device, board_code):
    """The first visit (from the slip's QR code) is enough: no reload under the worker first."""
    south_net, south = device()
    live = LiveBoard.objects.get(code=board_code)
    url = f"{live_server.url}/t/accra/board/{board_code}/"
    seat(url, south, "South", live.south_pin)
    # The worker has kept the page of that first visit (asked by the page once it was active).
    for _attempt in range(100):
        if south.evaluate("async (url) => !!(await caches.match(url, {ignoreVary: true}))", url):
            break
        time.sleep(0.2)
    south_net.set_offline(True)
    south.reload()
    expect(pit(south, "C")).to_be_visible()
    expect(south.locator("#live-status")).to_contain_text("Offline")


def test_side_buttons_are_touch_targets_and_confirm_and_send_back_differ(
    live_server, device, board_code
):
    _net, phone = device()
    phone.goto(f"{live_server.url}/t/accra/board/{board_code}/")
    expect(phone.locator("#live-choose")).to_be_visible()
    heights = phone.evaluate(
        "[...document.querySelectorAll('#live-choose button')]"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert len(heights) == 3 and all(height >= 44 for height in heights), heights
    live = LiveBoard.objects.get(code=board_code)
    phone.get_by_label("Your side's code").fill(f"{live.south_pin} {live.north_pin}")
    phone.get_by_role("button", name="Both players on this device").click()
    phone.get_by_role("button", name="Resign for South").click()
    phone.get_by_role("button", name="Yes, resign").click()
    expect(phone.locator("#live-status")).to_contain_text("Waiting for the arbiter")

    _arbiter_net, arbiter = device()
    arbiter.goto(f"{live_server.url}/t/accra/arbiter/men/round/1/")
    arbiter.fill("#id_username", "alice")
    arbiter.fill("#id_password", "alice-password-1")
    arbiter.get_by_role("button", name="Log in").click()
    confirm = arbiter.get_by_role("button", name=f"Confirm {board_code}: store this result")
    send_back = arbiter.get_by_role(
        "button", name=f"Send back {board_code}: no result, the game goes on"
    )
    look = "b => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopColor]"
    assert confirm.evaluate(look) != send_back.evaluate(look)
    for button in (confirm, send_back):
        assert button.bounding_box()["height"] >= 44
