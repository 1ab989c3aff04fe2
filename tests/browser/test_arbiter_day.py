"""The arbiter's event day across sections in a real browser: the round page's columns, the
event's search box, both sections paired and published at once, the prize list."""

import pytest
from playwright.sync_api import expect

from tournaments.models import Round
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture
def desk(browser):
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    yield page
    context.close()


def log_in(page, live_server):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "alice-password-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/arbiter/")


@pytest.fixture
def two_sections(tournament, section, make_player):
    women = tournament.sections.create(name="Women", slug="women", order=1)
    for number, name in enumerate(("Kofi Mensah", "Yaw Boateng", "Kossi Agbeko", "Komla"), 1):
        make_player(name, number, rating=2000 - number)
    for number, name in enumerate(("Ama Serwaa", "Esi Appiah", "Adwoa Owusu", "Akua"), 1):
        make_player(name, number, rating=1900 - number, sex="w", section=women)
    section.numbered = women.numbered = True
    section.save()
    women.save()
    return section, women


def test_the_round_page_reads_as_a_table_with_column_headers(desk, live_server, two_sections):
    log_in(desk, live_server)
    men, _ = two_sections
    pair_next_round(men, by=men.tournament.arbiters.get())
    desk.goto(f"{live_server.url}/t/accra/arbiter/men/round/1/")
    headers = desk.locator("table.arbiter-round thead th").all_inner_texts()
    assert headers == ["Board", "South", "Result", "North", "Live board"]
    first = desk.locator("#board-1")
    expect(first.locator("td.south")).to_contain_text("Kofi Mensah")
    explanation = first.locator("details.explanation")
    expect(explanation.locator("summary")).to_be_visible()
    assert not explanation.evaluate("node => node.open")
    explanation.locator("summary").click()
    assert explanation.evaluate("node => node.open")


def test_the_event_search_finds_a_players_board(desk, live_server, two_sections):
    _, women = two_sections
    arbiter = women.tournament.arbiters.get()
    publish_round(pair_next_round(women, by=arbiter), by=arbiter)
    desk.goto(f"{live_server.url}/t/accra/")
    desk.get_by_label("Find a player in any section").fill("appiah")
    desk.get_by_role("button", name="Find").click()
    desk.wait_for_url("**/t/accra/women/round/1/#board-*")
    board = Round.objects.get(section=women).pairings.get(north__name="Esi Appiah").board
    assert desk.url.endswith(f"#board-{board}")
    expect(desk.locator(f"#board-{board}")).to_contain_text("Esi Appiah")


def test_both_sections_are_paired_and_published_at_once(desk, live_server, two_sections):
    log_in(desk, live_server)
    desk.get_by_role("link", name="Accra Open").click()
    desk.get_by_label("and publish them at once (players see them now)").check()
    desk.get_by_role("button", name="Pair every section's next round").click()
    desk.wait_for_url("**/arbiter/all-sections/")
    messages = desk.locator(".messages").inner_text()
    assert "Round 1 of Men published." in messages
    assert "Round 1 of Women published." in messages
    columns = desk.locator(".section-column")
    expect(columns).to_have_count(2)
    men, women = columns.nth(0).bounding_box(), columns.nth(1).bounding_box()
    assert men["y"] == women["y"] and men["x"] < women["x"], "Men and Women side by side"
    expect(columns.nth(1)).to_contain_text("Ama Serwaa")
    assert set(Round.objects.values_list("status", flat=True)) == {Round.Status.PUBLISHED}
    expect(desk.get_by_role("button", name="Print")).to_be_visible()


def test_the_prize_list_is_shown(desk, live_server, two_sections):
    men, _ = two_sections
    arbiter = men.tournament.arbiters.get()
    publish_round(pair_next_round(men, by=arbiter), by=arbiter)
    log_in(desk, live_server)
    desk.goto(f"{live_server.url}/t/accra/arbiter/prizes/")
    desk.get_by_label("Section").select_option(label="Men")
    desk.get_by_label("Name").fill("Under 2000")
    desk.get_by_label("Kind").select_option("rating")
    desk.get_by_label("Highest rating").fill("1998")
    desk.get_by_role("button", name="Add the category").click()
    expect(desk.locator(".messages")).to_contain_text("Category Under 2000 added to Men.")
    desk.get_by_role("link", name="prize list").first.click()
    desk.wait_for_url("**/t/accra/men/prizes/")
    table = desk.locator("section.prize-category", has_text="Under 2000").locator("table.prizes")
    expect(table.locator("tbody tr")).to_have_count(3)
    assert "Kofi Mensah" not in table.inner_text()  # rated 1999
    expect(desk.get_by_role("link", name="Prizes")).to_have_attribute("aria-current", "page")
