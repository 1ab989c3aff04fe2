"""The public pages printed by a real Chromium to A4 PDF and read back with pypdf: the crosstable
on landscape sheets at 8 pt or larger with its tie-break columns, the pairings by board and the
list by name each on a sheet of its own, the QR code on the same sheet as its page."""

import io
import unicodedata

import pytest
from pypdf import PdfReader

from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

A4 = (595, 842)  # points, portrait


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


class Printed:
    """A page printed as Chromium prints it for paper, read back sheet by sheet."""

    def __init__(self, browser, url: str):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        page.emulate_media(media="print")
        # Boxes whose content is wider than the box: a column cut off on paper.
        self.cut = page.evaluate(
            "() => [...document.querySelectorAll('table')].filter(t => t.offsetParent)"
            ".filter(t => t.getBoundingClientRect().right > document.documentElement.clientWidth"
            " || (t.parentElement.scrollWidth > t.parentElement.clientWidth + 1)).length"
        )
        pdf = page.pdf(format="A4", print_background=True, prefer_css_page_size=True)
        context.close()
        self.sheets = PdfReader(io.BytesIO(pdf)).pages
        self.texts, self.sizes, self.beyond = [], [], 0
        for sheet in self.sheets:
            width = float(sheet.mediabox.width)
            sizes = []

            def visit(text, cm, tm, font, size, sizes=sizes, width=width):
                if not text.strip():
                    return
                # The text's height on paper: its font size scaled by the text and page matrices.
                sizes.append(abs(size * tm[3] * cm[3]))
                x = tm[4] * cm[0] + cm[4]
                if x < 0 or x > width:
                    self.beyond += 1

            # NFKC undoes the ligatures the PDF font uses ("Koﬁ" → "Kofi"); lines are joined,
            # as a caption beside the QR code wraps every few words.
            text = unicodedata.normalize("NFKC", sheet.extract_text(visitor_text=visit))
            self.texts.append(" ".join(text.split()))
            self.sizes.append(sizes)

    @property
    def landscape(self) -> bool:
        return all(float(s.mediabox.width) > float(s.mediabox.height) for s in self.sheets)

    def smallest_type(self) -> float:
        return min(size for sizes in self.sizes for size in sizes)


def test_the_crosstable_prints_on_one_landscape_sheet_with_its_tie_breaks(
    browser, live_server, demo
):
    men = demo.sections.get(slug="men")
    printed = Printed(browser, f"{live_server.url}/t/demo/men/crosstable/")
    assert len(printed.sheets) == 1
    assert printed.landscape
    sheet = printed.texts[0]
    for heading in ["R1", "R5", "Pts", "DE", "PS", "BH", "SB"]:
        assert heading in sheet, f"column {heading} is on paper"
    for player in men.players.all():
        assert player.name in sheet
    assert printed.smallest_type() >= 7.9, "8 pt or larger"
    assert printed.cut == 0 and printed.beyond == 0, "no column cut off"


def test_the_pairings_by_board_print_alone_with_points_teams_and_the_qr_code(
    browser, live_server, demo
):
    round_ = demo.sections.get(slug="men").rounds.get(number=5)
    printed = Printed(browser, f"{live_server.url}/t/demo/men/round/5/?print=boards")
    assert len(printed.sheets) == 1, "the boards and the QR code on one sheet"
    sheet = printed.texts[0]
    assert "Scan to follow this round" in sheet
    assert "Players by name" not in sheet
    for pairing in round_.pairings.filter(north__isnull=False).select_related("south__team"):
        assert pairing.south.name in sheet
        assert pairing.south.team.code in sheet
    assert " pt" in sheet, "each player's points before the round"
    assert printed.smallest_type() >= 7.9
    assert printed.cut == 0 and printed.beyond == 0


def test_the_list_by_name_prints_alone(browser, live_server, demo):
    men = demo.sections.get(slug="men")
    printed = Printed(browser, f"{live_server.url}/t/demo/men/round/5/?print=names")
    assert len(printed.sheets) == 1
    sheet = printed.texts[0]
    assert "Players by name" in sheet and "Scan to follow this round" in sheet
    assert "Boards" not in sheet
    for player in men.players.all():
        assert player.name in sheet
    assert printed.smallest_type() >= 7.9
    assert printed.cut == 0 and printed.beyond == 0


def test_the_whole_round_prints_the_list_by_name_on_its_own_sheet(browser, live_server, demo):
    printed = Printed(browser, f"{live_server.url}/t/demo/men/round/5/")
    assert len(printed.sheets) == 2
    assert "Boards" in printed.texts[0] and "Scan to follow this round" in printed.texts[0]
    assert "Players by name" in printed.texts[1]
    assert "Players by name" not in printed.texts[0]


def test_the_standings_and_the_event_page_print_on_one_sheet(browser, live_server, demo):
    standings = Printed(browser, f"{live_server.url}/t/demo/men/standings/")
    assert len(standings.sheets) == 1
    for code in ["DE", "PS", "BH", "SB"]:
        assert code in standings.texts[0]
    assert standings.smallest_type() >= 7.9
    assert standings.cut == 0 and standings.beyond == 0
    event = Printed(browser, f"{live_server.url}/t/demo/")
    assert len(event.sheets) == 1, "the QR code stays with the event's page"
    assert "Scan to open this event" in event.texts[0]


def test_a_long_round_robin_prints_in_parts_with_the_names_repeated(
    browser, live_server, tournament, section, make_player
):
    from tournaments.services.results import ResultEntry, record_result
    from tournaments.services.rounds import pair_next_round, publish_round
    from tournaments.services.standings import section_standings

    # 18 players, 17 rounds: the rounds, points and tie-breaks do not fit across one sheet.
    section.pairing_system = "round-robin"
    section.save()
    tournament.rounds = 17
    tournament.save()
    arbiter = tournament.arbiters.get()
    players = [make_player(f"Kwabena Owusu-Ansah {n}", n) for n in range(1, 19)]
    for _ in range(17):
        round_ = publish_round(pair_next_round(section, by=arbiter), by=arbiter)
        for pairing in round_.pairings.filter(north__isnull=False):
            south_wins = (pairing.board + round_.number) % 3
            entry = (
                ResultEntry(ending="capture", south_seeds=25, north_seeds=10)
                if south_wins
                else ResultEntry(ending="draw24", south_seeds=24, north_seeds=24)
            )
            record_result(pairing, entry, by=arbiter)
    codes = [c for c in section_standings(section).standings.tiebreaks if c != "PTS"]

    printed = Printed(browser, f"{live_server.url}/t/accra/men/crosstable/")
    assert len(printed.sheets) == 2
    assert printed.landscape
    first, second = printed.texts
    for player in players:
        assert player.name in first and player.name in second, "the names on every sheet"
    assert "R1 " in first and "R16" in first and "R17" not in first
    assert "R17" in second and "Pts" in second
    for code in codes:
        assert code in second, f"tie-break {code} on the last sheet"
    assert printed.smallest_type() >= 7.9
    assert printed.cut == 0 and printed.beyond == 0
