"""The register's current rating list at the event: registration fills the rating from it and
names the list, the players are numbered by it (unrated last), a rating-group prize reads it
(an unrated player is never in a band)."""

from datetime import date

import pytest
from playwright.sync_api import expect

from ratinglists.models import RatingList, RatingPeriod, RatingRow
from register.models import Person
from tournaments.services.registration import assign_pairing_numbers, register_player
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
LISTED = (
    ("Kofi Mensah", "30000001", 1800),
    ("Yaw Boateng", "30000002", 1950),
    ("Kossi Agbeko", "30000003", 1700),
    ("Komla Dzidzienyo", "30000004", None),
)
LIST_NAME = "the FIDE Elo list of 2026-10-31"


@pytest.fixture
def desk(browser):
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def current_list():
    period = RatingPeriod.objects.create(
        start=date(2026, 10, 1), end=date(2026, 10, 31), system="fide"
    )
    rating_list = RatingList.objects.create(period=period, date=period.end, system="fide")
    for name, number, rating in LISTED:
        person = Person.objects.create(name=name, sex="m", trf_id=number)
        RatingRow.objects.create(
            rating_list=rating_list, person=person, name=name, rating=rating, games=0
        )
    return rating_list


def log_in(page, live_server):
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "alice-password-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/arbiter/")


def test_registration_takes_the_rating_from_the_list_and_names_it(
    desk, live_server, section, current_list
):
    log_in(desk, live_server)
    desk.goto(f"{live_server.url}/t/accra/arbiter/men/players/")
    expect(desk.locator("form").filter(has_text="Register")).to_contain_text(LIST_NAME)
    desk.get_by_label("Name").first.fill("Yaw Boateng")
    desk.get_by_label("Identity number").fill("30000002")
    desk.get_by_role("button", name="Register").click()
    expect(desk.locator(".messages")).to_contain_text(f"rated 1950: the rating from {LIST_NAME}")
    row = desk.locator("tr", has_text="Yaw Boateng").first
    expect(row).to_contain_text("1950")


def test_players_are_numbered_by_the_lists_rating_the_unrated_last(
    desk, live_server, section, current_list, alice
):
    for name, number, _ in reversed(LISTED):
        register_player(section, by=alice, name=name, sex="m", identity_number=number)
    log_in(desk, live_server)
    desk.goto(f"{live_server.url}/t/accra/arbiter/men/players/")
    desk.get_by_role("button", name="Number by rating, title and name").click()
    names = desk.locator("table tbody tr td:nth-child(2)")
    expect(names).to_have_text(["Yaw Boateng", "Kofi Mensah", "Kossi Agbeko", "Komla Dzidzienyo"])
    unrated = desk.locator("tr", has_text="Komla Dzidzienyo").first.locator("td").nth(3)
    expect(unrated).to_have_text("")


def test_a_rating_group_prize_reads_the_lists_rating_and_never_counts_the_unrated(
    desk, live_server, section, current_list, alice
):
    for name, number, _ in LISTED:
        register_player(section, by=alice, name=name, sex="m", identity_number=number)
    assign_pairing_numbers(section, by=alice)
    publish_round(pair_next_round(section, by=alice), by=alice)
    log_in(desk, live_server)
    desk.goto(f"{live_server.url}/t/accra/arbiter/prizes/")
    desk.get_by_label("Section").select_option(label="Men")
    desk.get_by_label("Name").fill("Under 1900")
    desk.get_by_label("Kind").select_option("rating")
    desk.get_by_label("Highest rating").fill("1899")
    desk.get_by_role("button", name="Add the category").click()
    expect(desk.locator(".messages")).to_contain_text("Category Under 1900 added to Men.")
    desk.goto(f"{live_server.url}/t/accra/men/prizes/")
    table = desk.locator("section.prize-category", has_text="Under 1900").locator("table.prizes")
    expect(table.locator("tbody tr")).to_have_count(2)
    text = table.inner_text()
    assert "Kofi Mensah" in text and "Kossi Agbeko" in text
    assert "Komla Dzidzienyo" not in text and "Yaw Boateng" not in text
