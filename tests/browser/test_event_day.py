"""An arbiter's event day in a real browser: import the players, fix a name, pair, publish and
take back, then enter a whole round through the result grid with the keyboard only — once with a
browser that asks for English, once with one that asks for French, every word on the way read in
that language."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from oware.endings import Ending
from tournaments.models import Player, Result, Round, Team
from tournaments.models.results import ending_label
from tournaments.models.sides import letter_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1280, "height": 900}
PLAYERS_CSV = """name,sex,rating,title,federation,team code
Kofi Mensah,m,1900,,GHA,GHA
Yaw Boateng,m,1850,,GHA,GHA
Kossi Agbeko,m,1800,,TOG,TOG
Komla Dzidzo,m,17OO,,TOG,TOG
"""


BROWSER_LOCALES = {"en": "en-GB", "fr": "fr-FR"}


class Words:
    """The interface's words in one language, from the product's own catalogs."""

    def __init__(self, language: str):
        self.language = language

    def __call__(self, text, **values) -> str:
        with translation.override(self.language):
            words = str(translation.gettext(text))
        return words % values if values else words

    def plural(self, singular: str, plural: str, number: int, **values) -> str:
        with translation.override(self.language):
            return translation.ngettext(singular, plural, number) % values

    def label(self, choice) -> str:
        with translation.override(self.language):
            return ending_label(choice) if isinstance(choice, Ending) else str(choice.label)


@pytest.fixture(params=sorted(BROWSER_LOCALES))
def desk(request, browser):
    """A laptop browser asking for English or French, and the words to expect in it."""
    language = request.param
    context = browser.new_context(viewport=DESKTOP, locale=BROWSER_LOCALES[language])
    page = context.new_page()
    yield page, Words(language)
    context.close()


@pytest.fixture
def event(tournament, section):
    Team.objects.create(tournament=tournament, name="Ghana", code="GHA", coach="Kwame")
    Team.objects.create(tournament=tournament, name="Togo", code="TOG", coach="Ama")
    return tournament


def upload(page, t: Words, text: str) -> None:
    page.set_input_files(
        "#id_file", files=[{"name": "players.csv", "mimeType": "text/csv", "buffer": text.encode()}]
    )
    page.get_by_role("button", name=t("Preview")).click()


def publish(page, t: Words) -> None:
    page.get_by_label(t("Show this pairing to players and spectators now")).check()
    page.get_by_role("button", name=t("Publish"), exact=True).click()


def test_a_complete_event_day(desk, live_server, event, section):
    desk, t = desk
    if t.language != "en":  # the words below must really be another language's
        assert t("Register the players.") != "Register the players."
        assert t("Preview") != "Preview"
    desk.goto(f"{live_server.url}/accounts/login/")
    assert desk.locator("html").get_attribute("lang") == t.language
    desk.fill("#id_username", "alice")
    desk.fill("#id_password", "alice-password-1")
    desk.get_by_role("button", name=t("Log in")).click()
    desk.wait_for_url("**/arbiter/")
    desk.get_by_role("link", name="Accra Open").click()
    expect(desk.locator("body")).to_contain_text(t("Register the players."))

    # Import: the row with a letter O in its rating is refused and nothing is stored.
    desk.get_by_role("link", name=t("Players, byes and withdrawals")).click()
    desk.get_by_role("link", name=t("Import players from a CSV or TRF file")).click()
    upload(desk, t, PLAYERS_CSV)
    refused = t("Rating “%(value)s” is not a whole number up to 3000.", value="17OO")
    assert refused in desk.locator("tr.row-error").inner_text()
    import_four = t.plural("Import %(count)s player", "Import %(count)s players", 4, count=4)
    assert desk.get_by_role("button", name=import_four).count() == 0
    assert not Player.objects.exists()
    upload(desk, t, PLAYERS_CSV.replace("17OO", "1700"))
    desk.get_by_role("button", name=import_four).click()
    expect(desk.locator("body")).to_contain_text(t("%(count)d players imported.", count=4))

    # Fix a name.
    desk.locator("tr", has_text="Komla Dzidzo").get_by_role("link", name=t("edit")).click()
    desk.fill("#id_name", "Komla Dzidzor")
    desk.get_by_role("button", name=t("Save")).click()
    expect(desk.locator("body")).to_contain_text(t("%(name)s saved.", name="Komla Dzidzor"))

    # Pair, publish (asked to confirm), take it back to draft, publish again.
    desk.get_by_role("button", name=t("Number by rating, title and name")).click()
    desk.get_by_role("link", name=event.name).click()
    desk.get_by_role("button", name=t("Pair next round")).click()
    desk.wait_for_url("**/men/round/1/")
    publish(desk, t)
    assert Round.objects.get().status == Round.Status.PUBLISHED
    desk.get_by_role("button", name=t("Back to draft")).click()
    back = t("Round %(number)d is a draft again, hidden from the public.", number=1)
    expect(desk.locator("body")).to_contain_text(back)
    assert Round.objects.get().status == Round.Status.DRAFT
    publish(desk, t)
    assert Round.objects.get().status == Round.Status.PUBLISHED

    # The whole round through the grid, keyboard only: the cursor starts on board 1.
    desk.get_by_role("link", name=t("Result grid: all boards")).click()
    assert desk.locator("#remaining").inner_text() == "2"
    keyboard = desk.keyboard
    keyboard.type("1")
    keyboard.press("Tab")
    keyboard.type("25")
    keyboard.press("Tab")
    keyboard.type("10")
    keyboard.press("Enter")
    expect(desk.locator("#remaining")).to_have_text("1")
    # Board 2: North's flag fell with the stores at 17 (South) and 20 (North).
    keyboard.press("Tab")
    keyboard.type("17")
    keyboard.press("Tab")
    keyboard.type("20")
    keyboard.press("Tab")
    keyboard.type(t.label(Ending.TIME))
    keyboard.press("Tab")
    keyboard.type("N")
    keyboard.press("Enter")
    expect(desk.locator("#remaining")).to_have_text("0")

    first, second = Result.objects.order_by("pairing__board")
    assert (first.south_points, first.south_seeds, first.north_seeds) == (1, 25, 10)
    assert (second.ending, letter_of(second.decided_by)) == ("time", "N")
    assert (second.south_points, second.south_seeds, second.north_seeds) == (1, 25, 20)
    saved = t(
        "Saved: %(south)s–%(north)s, %(ending)s", south="1", north="0", ending=t.label(Ending.TIME)
    )
    assert saved in desk.locator("#board-2 .grid-status").inner_text()
