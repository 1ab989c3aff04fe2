"""The QR code of a printed round covers nothing: Chromium prints the pairings by board and the
list by name to an A4 PDF, pypdf reads where each piece of text is drawn, and none of the table's
text falls inside the QR code's box."""

import io

import pytest
from pypdf import PdfReader

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PX = 0.75  # one CSS pixel in PDF points (96 px to the inch, 72 points)


@pytest.fixture
def demo(copy_demo):
    copy_demo()


# A4 less the 10 mm margins of print.css, in CSS pixels: the width the page is laid out at on paper.
MARGIN = 10 / 25.4 * 72
PRINTED_WIDTH = round((595.28 - 2 * MARGIN) / PX)


def first_sheet(browser, url):
    """The first printed sheet's text runs (text, left, top, right, bottom) and the QR code's
    box (left, top, right, bottom), in PDF points from the sheet's top left corner."""
    context = browser.new_context(viewport={"width": PRINTED_WIDTH, "height": 1000})
    page = context.new_page()
    page.goto(url)
    page.emulate_media(media="print")
    # The page laid out for print at the sheet's printable width is the sheet: a CSS pixel
    # at (x, y) is drawn at MARGIN + 0.75 x points from the left and MARGIN + 0.75 y from the top.
    qr = page.evaluate(
        "() => { const r = document.querySelector('.qr-block svg.qr').getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; }"
    )
    qr_box = tuple(MARGIN + PX * value for value in qr)
    sheet = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=True))).pages[0]
    context.close()
    height = float(sheet.mediabox.height)
    runs = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            size = abs(size * tm[3] * cm[3])
            left = tm[4] * cm[0] + cm[4]
            baseline = height - (tm[5] * cm[3] + cm[5])
            # A run is at most as wide as its characters at 0.6 em each (an estimate on the
            # safe side for the sans-serif fonts used).
            right = left + 0.6 * size * len(text.strip())
            runs.append((text.strip(), left, baseline - 0.8 * size, right, baseline + 0.2 * size))

    sheet.extract_text(visitor_text=visit)
    return runs, qr_box


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("part", ["boards", "names"])
def test_the_qr_code_covers_no_text_of_the_printed_round(browser, live_server, demo, part):
    runs, qr = first_sheet(browser, f"{live_server.url}/t/demo/men/round/5/?print={part}")
    assert qr[2] - qr[0] > 80, "the QR code is printed, about 30 mm wide"
    heading = "Boards" if part == "boards" else "Players by name"
    assert any(text.startswith(heading) for text, *_box in runs)
    covered = [text for text, *box in runs if overlaps(box, qr)]
    assert covered == [], f"text under the QR code: {covered}"
