"""A player and a spectator on a 360-pixel phone: find a board, scroll the standings, replay a
game with the keyboard, see a result arrive without reloading, and an accessibility check."""

import re
from pathlib import Path

import pytest

from tournaments.models import GameRecord, Round, Tournament
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


def mark_document(page) -> None:
    """Tag the loaded document; a page load would replace it, a script-driven change does not."""
    page.evaluate("window.sameDocumentMark = true")


def still_same_document(page) -> bool:
    return page.evaluate("window.sameDocumentMark === true")


def test_a_player_finds_the_board_by_typing_part_of_a_name(phone, live_server, demo):
    round_ = Round.objects.get(section__slug="men", number=5)
    pairing = round_.pairings.filter(north__isnull=False).select_related("south", "north").last()
    name = pairing.north.name
    phone.goto(f"{live_server.url}/t/demo/men/round/5/")
    phone.get_by_label("Find a player").fill(name[1:5].lower())
    row = phone.locator("#alphabetical tbody tr:visible").filter(has_text=name)
    assert row.count() == 1
    cells = row.locator("td").all_inner_texts()
    assert cells[:3] == [str(pairing.board), "North", pairing.south.name]
    assert phone.locator("#alphabetical tbody tr:visible").count() < 10


def test_requested_byes_and_absences_are_listed_on_the_round_page(phone, live_server, demo):
    # The demo: women's number 5 asked for a half-point bye in round 3, men's number 16 left
    # before round 4.
    phone.goto(f"{live_server.url}/t/demo/women/round/3/")
    bye = demo.sections.get(slug="women").players.get(pairing_number=5).name
    assert f"{bye} — requested bye (½ pt)" in phone.locator(".unpaired").inner_text()
    phone.goto(f"{live_server.url}/t/demo/men/round/4/")
    gone = demo.sections.get(slug="men").players.get(pairing_number=16).name
    assert f"{gone} — withdrawn" in phone.locator(".unpaired").inner_text()
    row = phone.locator("#alphabetical tbody tr").filter(has_text=gone)
    assert "withdrawn" in row.inner_text()


def test_the_standings_last_column_scrolls_into_view(phone, live_server, demo):
    phone.goto(f"{live_server.url}/t/demo/men/standings/")
    last_header = phone.locator("table.standings thead th").last
    wrap = phone.locator(".table-wrap.sticky-first")
    wrap.evaluate("box => box.scrollLeft = box.scrollWidth")
    box = last_header.bounding_box()
    assert box["x"] + box["width"] <= 360 + 1
    name = phone.locator("table.standings tbody th.name").first.bounding_box()
    assert name["x"] >= 0  # the name column stays in view
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_game_viewer_steps_with_the_keyboard_without_a_page_load(phone, live_server, demo):
    game = GameRecord.objects.first().pairing_id
    phone.goto(f"{live_server.url}/t/demo/game/{game}/")
    assert "ply 0 of" in phone.locator(".ply-status").inner_text()
    mark_document(phone)
    phone.keyboard.press("ArrowRight")
    phone.keyboard.press("ArrowRight")
    assert "ply 2 of" in phone.locator(".ply-status").inner_text()
    phone.keyboard.press("ArrowLeft")
    assert "ply 1 of" in phone.locator(".ply-status").inner_text()
    assert phone.locator(".ow-pit--last").count() == 1
    phone.keyboard.press("End")
    assert "game over" in phone.locator(".ply-status").inner_text()
    phone.get_by_role("link", name="Previous move").click()
    assert "game over" not in phone.locator(".ply-status").inner_text()
    phone.get_by_role("link", name="Next move").click()
    assert "game over" in phone.locator(".ply-status").inner_text()
    assert still_same_document(phone)
    for label in ("First position", "Previous move", "Next move", "Last position"):
        assert phone.get_by_role("link", name=label).count() == 1
    phone.screenshot(path=str(_screenshot_path("game-viewer.png")))


def test_a_result_entered_by_the_arbiter_appears_without_a_reload(phone, live_server, demo):
    men = demo.sections.get(slug="men")
    arbiter = demo.arbiters.get()
    round_ = publish_round(pair_next_round(men, by=arbiter), by=arbiter)
    pairing = round_.pairings.filter(north__isnull=False).first()
    phone.goto(f"{live_server.url}/t/demo/men/round/{round_.number}/")
    mark_document(phone)
    card = phone.locator(f'.board-card[data-board="{pairing.board}"] .score')
    assert card.inner_text() == "–"
    record_result(
        pairing, ResultEntry(ending="capture", south_seeds=27, north_seeds=13), by=arbiter
    )
    # The page asks again every 10 seconds; the new score arrives without a reload.
    phone.locator(f'.board-card[data-board="{pairing.board}"] .score').filter(
        has_text="1–0"
    ).wait_for(timeout=30000)
    assert "27–13" in phone.locator(f'.board-card[data-board="{pairing.board}"]').inner_text()
    assert still_same_document(phone)


PAGES = [
    "/t/demo/",
    "/t/demo/men/round/5/",
    "/t/demo/men/standings/",
    "/t/demo/men/player/3/",
    "GAME",
]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_public_pages_have_no_serious_accessibility_violation(phone, live_server, demo, scheme):
    if not AXE.exists():
        pytest.skip("axe-core is not installed (npm ci --prefix tests/browser)")
    game = GameRecord.objects.first().pairing_id
    phone.emulate_media(color_scheme=scheme)
    problems = []
    for path in PAGES:
        url = f"{live_server.url}{path.replace('GAME', f'/t/demo/game/{game}/')}"
        phone.goto(url)
        # Evaluated through the browser's debugging protocol: an injected <script> tag would be
        # refused by the content security policy, as any script not from the site must be.
        phone.evaluate(AXE.read_text())
        found = phone.evaluate(
            "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => v.id + ': ' + v.nodes.map(n => n.target.join(' ')).slice(0, 3).join(', '))"
        )
        problems += [f"{path} [{scheme}] {text}" for text in found]
    assert problems == []


def test_printed_pages_cut_no_column(browser, live_server, demo):
    context = browser.new_context()
    page = context.new_page()
    page.emulate_media(media="print")
    for path in ("/t/demo/men/round/5/", "/t/demo/men/standings/", "/t/demo/men/crosstable/"):
        page.goto(f"{live_server.url}{path}")
        page.pdf(path=str(_screenshot_path(re.sub(r"\W+", "-", path).strip("-") + ".pdf")))
        overflowing = page.evaluate(
            "() => [...document.querySelectorAll('.table-wrap')]"
            ".filter(box => box.scrollWidth > box.clientWidth + 1).length"
        )
        assert overflowing == 0, path
        assert page.locator(".site-header").is_hidden()
    context.close()


def _screenshot_path(name):
    folder = Path(__file__).resolve().parents[2] / "build" / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name
