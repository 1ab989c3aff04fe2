"""The 10-second refresh of a round in progress never disturbs the reader: a player typing a
name in the filter keeps the field, the caret and the text while a result arrives; the page
does not move and an opened legend stays open."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Tournament
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def round_in_progress(copy_demo):
    """The demo with round 6 of the men published and no result in yet."""
    copy_demo()
    demo = Tournament.objects.get(slug="demo")
    arbiter = demo.arbiters.get()
    round_ = publish_round(pair_next_round(demo.sections.get(slug="men"), by=arbiter), by=arbiter)
    return round_, arbiter


def enter_a_result(round_, arbiter):
    pairing = round_.pairings.filter(north__isnull=False).select_related("south").first()
    record_result(
        pairing, ResultEntry(ending="capture", south_seeds=27, north_seeds=13), by=arbiter
    )
    return pairing


def mark_document(page) -> None:
    page.evaluate("window.sameDocumentMark = true")


def test_typing_in_the_filter_survives_a_result_arriving(phone, live_server, round_in_progress):
    round_, arbiter = round_in_progress
    phone.goto(f"{live_server.url}/t/demo/men/round/{round_.number}/")
    mark_document(phone)
    pairing = enter_a_result(round_, arbiter)
    score = phone.locator(f'.board-card[data-board="{pairing.board}"] .score')
    assert score.inner_text() == "–"

    field = phone.get_by_label("Find a player")
    field.tap()
    # A slow typist: one key every 1.2 s for longer than a refresh period, so the new page
    # arrives while the reader types. The name is a surname to find, then the caret goes back
    # two letters to correct it.
    name = pairing.south.name.split()[-1][:4].lower()
    typed = name + "zzzzzzzz"
    for key in typed:
        phone.keyboard.type(key)
        phone.wait_for_timeout(1200)
    phone.keyboard.press("Backspace")
    phone.keyboard.press("ArrowLeft")
    phone.keyboard.press("ArrowLeft")
    expected = typed[:-1]

    # Typing just stopped: the refresh that came in meanwhile is still waiting.
    assert score.inner_text() == "–", "nothing changes while the reader types"
    scroll = phone.evaluate("window.scrollY")
    expect(score).to_have_text("1–0", timeout=20000)

    state = phone.evaluate(
        "() => { const f = document.activeElement;"
        " return [f.id, f.value, f.selectionStart, f.selectionEnd, window.scrollY,"
        " window.sameDocumentMark === true]; }"
    )
    assert state[:4] == ["name-filter", expected, len(expected) - 2, len(expected) - 2]
    assert abs(state[4] - scroll) <= 1, "the page did not move"
    assert state[5], "no page load"
    # The new list is filtered by what was typed: nobody's name holds the z's.
    assert phone.locator("#alphabetical tbody tr:visible").count() == 0
    phone.keyboard.press("End")
    for _ in range(len(expected) - len(name)):
        phone.keyboard.press("Backspace")
    row = phone.locator("#alphabetical tbody tr:visible").filter(has_text=pairing.south.name)
    assert row.count() == 1


def test_an_open_legend_and_the_scroll_position_stay(phone, live_server, round_in_progress):
    round_, arbiter = round_in_progress
    phone.goto(f"{live_server.url}/t/demo/men/standings/")
    mark_document(phone)
    legend = phone.locator("details#legend")
    legend.locator("summary").tap()
    assert legend.evaluate("details => details.open")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    scroll = phone.evaluate("window.scrollY")
    assert scroll > 0
    # The table on screen is marked: the refresh brings a new one, without the mark.
    phone.evaluate("document.querySelector('table.standings').dataset.shown = 'before'")
    enter_a_result(round_, arbiter)
    phone.wait_for_function(
        "() => !document.querySelector('table.standings').dataset.shown", timeout=25000
    )
    assert legend.evaluate("details => details.open"), "the legend stays open"
    assert abs(phone.evaluate("window.scrollY") - scroll) <= 1
    assert phone.evaluate("window.sameDocumentMark === true")
