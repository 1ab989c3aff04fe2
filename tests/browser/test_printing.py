"""Result slips printed by a real Chromium to an A4 PDF, and read back on a phone."""

import io
import math
import unicodedata

import pytest
from django.test import Client
from pypdf import PdfReader

from tournaments.models import Round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A4_POINTS = (595, 842)  # 210 mm × 297 mm in PDF points, portrait


@pytest.fixture
def demo(copy_demo):
    copy_demo()


def logged_in(context, live_server, username="arbiter"):
    """Give the browser context the session cookie of `username`, as if they had logged in."""
    from django.contrib.auth import get_user_model

    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    cookie = client.cookies["sessionid"]
    context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_server.url}])
    return context


def test_the_slips_of_a_round_print_two_to_an_a4_page(browser, live_server, demo):
    round_ = Round.objects.get(section__slug="men", number=5)
    boards = list(round_.pairings.filter(north__isnull=False).select_related("south", "north"))
    context = logged_in(browser.new_context(), live_server)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/arbiter/men/round/5/slips/")
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))
    context.close()

    assert len(pdf.pages) == math.ceil(len(boards) / 2)
    for number, sheet in enumerate(pdf.pages):
        width, height = (float(v) for v in sheet.mediabox.upper_right)
        assert abs(width - A4_POINTS[0]) < 2 and abs(height - A4_POINTS[1]) < 2
        # NFKC undoes the ligatures the PDF font uses ("Koﬁ" → "Kofi").
        text = unicodedata.normalize("NFKC", sheet.extract_text())
        assert "Oware tournaments" not in text, "the site header is not printed"
        for board in boards[2 * number : 2 * number + 2]:
            assert board.south.name in text and board.north.name in text
            assert "Board" in text and str(board.board) in text
        assert text.count("Arbiter's signature") == len(boards[2 * number : 2 * number + 2])


def test_each_slip_prints_its_live_board_code_and_qr_code(browser, live_server, demo):
    from games.models.live import LiveBoard

    context = logged_in(browser.new_context(), live_server)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/arbiter/men/round/5/slips/")
    boards = {
        board.pairing.board: board
        for board in LiveBoard.objects.filter(
            pairing__round__section__slug="men", pairing__round__number=5
        ).select_related("pairing")
    }
    assert boards
    for number, live in boards.items():
        slip = page.get_by_role("article", name=f"Board {number}", exact=True)
        qr = slip.locator(".slip-qr svg.qr")
        # The QR code encodes the board's own address (segno writes it as the SVG's title).
        assert qr.locator("title").text_content() == f"{live_server.url}/t/demo/board/{live.code}/"
        assert qr.bounding_box()["width"] > 40  # 16 mm
    pdf = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True)))
    context.close()
    text = unicodedata.normalize("NFKC", "".join(sheet.extract_text() for sheet in pdf.pages))
    for live in boards.values():
        assert live.code in text


def test_the_slips_stay_readable_on_a_phone(phone, live_server, demo):
    logged_in(phone.context, live_server)
    phone.goto(f"{live_server.url}/t/demo/arbiter/men/round/5/slips/")
    first = phone.locator("article.slip").first
    assert first.locator(".slip-name").first.is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    font_size = first.locator(".slip-name").first.evaluate(
        "element => parseFloat(getComputedStyle(element).fontSize)"
    )
    assert font_size >= 12, "player names are at least 12 px on screen"


def test_the_round_page_print_menu_opens_the_slips(phone, live_server, demo):
    logged_in(phone.context, live_server)
    phone.goto(f"{live_server.url}/t/demo/arbiter/men/round/5/")
    phone.locator(".print-menu").get_by_role("link", name="Result slips").click()
    phone.wait_for_url("**/men/round/5/slips/")
    assert phone.locator("article.slip").count() >= 1
