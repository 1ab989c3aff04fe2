"""A French-speaking phone: Chromium asks for French, the pages answer in French, and one tap on
the header's switcher changes the language."""

import pytest

from .conftest import PHONE
from .test_printing import logged_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(copy_demo):
    copy_demo()


@pytest.fixture
def french_phone(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale="fr-FR"
    )
    page = context.new_page()
    yield page
    context.close()


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_the_public_pages_speak_french_on_a_french_phone(french_phone, live_server, demo):
    french_phone.goto(f"{live_server.url}/t/demo/")
    assert french_phone.locator("html").get_attribute("lang") == "fr"
    assert french_phone.get_by_role("heading", name="Sections").is_visible()
    assert french_phone.get_by_role("link", name="Classement par équipes").is_visible()
    assert french_phone.get_by_role("link", name="Connexion arbitre").is_visible()
    assert page_width(french_phone) <= 360

    french_phone.get_by_role("link", name="classement").first.click()
    french_phone.wait_for_url("**/t/demo/men/standings/")
    assert "après la ronde 5" in french_phone.locator("h1").inner_text()


def test_the_arbiter_round_page_speaks_french(french_phone, live_server, demo):
    logged_in(french_phone.context, live_server)
    french_phone.goto(f"{live_server.url}/t/demo/arbiter/men/round/5/")
    assert "ronde 5" in french_phone.locator("h1").inner_text()
    assert french_phone.get_by_role("link", name="corriger").first.is_visible()
    menu = french_phone.locator(".print-menu")
    assert menu.get_by_role("heading", name="Imprimer").is_visible()
    assert menu.get_by_role("link", name="Feuilles de résultat").is_visible()
    assert page_width(french_phone) <= 360


def test_one_tap_on_the_switcher_turns_the_page_portuguese(french_phone, live_server, demo):
    french_phone.goto(f"{live_server.url}/t/demo/men/standings/")
    with french_phone.expect_navigation():
        french_phone.get_by_role("button", name="PT").tap()
    assert french_phone.url.endswith("/t/demo/men/standings/")
    assert french_phone.locator("html").get_attribute("lang") == "pt"
    assert "após a ronda 5" in french_phone.locator("h1").inner_text()
    button = french_phone.get_by_role("button", name="PT")
    assert button.get_attribute("aria-current") == "true"
    box = button.bounding_box()
    assert box["width"] >= 40 and box["height"] >= 24, "large enough for a thumb"

    french_phone.goto(f"{live_server.url}/t/demo/")
    assert french_phone.get_by_role("link", name="Classificação por equipas").is_visible()
