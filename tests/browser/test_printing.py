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
        # One on each player's half: the QR code encodes the board's own address (segno writes
        # it as the SVG's title).
        codes = slip.locator("section.slip-half .slip-qr svg.qr")
        assert codes.count() == 2
        for qr in codes.all():
            address = f"{live_server.url}/t/demo/board/{live.code}/"
            assert qr.locator("title").text_content() == address
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


# slips.css's @page margin, in PDF points, and the width a sheet lays the slips out at, in CSS px.
SLIP_MARGIN = 8 / 25.4 * 72
PX = 0.75  # one CSS pixel in PDF points


def text_runs(sheet):
    """The sheet's text runs as (text, left, top, right, bottom) in points from its top left; a
    run is taken as at most 0.6 em a character wide (on the safe side for the fonts used)."""
    height = float(sheet.mediabox.height)
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            size = abs(size * tm[3] * cm[3])
            left = tm[4] * cm[0] + cm[4]
            baseline = height - (tm[5] * cm[3] + cm[5])
            right = left + 0.6 * size * len(text.strip())
            runs.append((text.strip(), left, baseline - 0.8 * size, right, baseline + 0.2 * size))

    sheet.extract_text(visitor_text=visit)
    return runs


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(run, box):
    return box[0] <= run[0] and run[2] <= box[2] and box[1] <= run[1] and run[3] <= box[3]


def test_the_two_halves_of_a_slip_lie_apart_on_the_a4_sheet(browser, live_server, demo):
    """Each half is a box of its own on paper: the halves of a slip do not overlap, each code is
    drawn inside its own half and outside the other, no text crosses the cut line between them,
    and nothing of a slip is cut off at the bottom of its half page."""
    width = round((A4_POINTS[0] - 2 * SLIP_MARGIN) / PX)
    context = logged_in(browser.new_context(viewport={"width": width, "height": 1200}), live_server)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/demo/arbiter/men/round/5/slips/")
    page.emulate_media(media="print")
    # The first sheet's two slips: each half's box (left, top, right, bottom, in CSS px) and code.
    slips = page.evaluate(
        """() => [...document.querySelectorAll('article.slip')].slice(0, 2).map(slip => ({
            cut_off: slip.scrollHeight > slip.clientHeight + 1,
            halves: [...slip.querySelectorAll('section.slip-half')].map(half => {
                const r = half.getBoundingClientRect();
                return {box: [r.left, r.top, r.right, r.bottom],
                        code: half.querySelector('.slip-half-code strong').textContent.trim()};
            }),
        }))"""
    )
    sheet = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True))).pages[0]
    context.close()
    runs = text_runs(sheet)

    assert len(slips) == 2
    halves = []
    for slip in slips:
        assert not slip["cut_off"], "a slip's content runs past its half of the sheet"
        assert len(slip["halves"]) == 2
        boxes = [tuple(SLIP_MARGIN + PX * v for v in half["box"]) for half in slip["halves"]]
        assert not overlaps(*boxes), "the two halves of a slip overlap"
        for box in boxes:
            assert SLIP_MARGIN - 1 <= box[1] and box[3] <= A4_POINTS[1] - SLIP_MARGIN + 1
            assert box[2] - box[0] > 200, "a half is about 97 mm wide"
        halves.append(
            [(box, half["code"]) for box, half in zip(boxes, slip["halves"], strict=True)]
        )
        # No text is drawn across the cut line between the two halves.
        crossing = [run[0] for run in runs if all(overlaps(run[1:], box) for box in boxes)]
        assert crossing == []
    for (own, code), (other, other_code) in (
        pair for slip in halves for pair in (slip, slip[::-1])
    ):
        drawn = [run[1:] for run in runs if code in run[0]]
        assert drawn, f"the code {code} is printed"
        assert all(inside(box, own) and not overlaps(box, other) for box in drawn)
        assert not any(other_code in run[0] for run in runs if overlaps(run[1:], own))
