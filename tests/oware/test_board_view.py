from pathlib import Path

import pytest

from oware.board_view import board_view
from oware.position import Position

from .conftest import board

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_norths_row_runs_right_to_left_above_souths_row():
    view = board_view(board([1, 2, 3, 4, 5, 6], [7, 8, 0, 0, 0, 9], 2, 1))
    assert [pit["name"] for pit in view["north_row"]] == list("fedcba")
    assert [pit["seeds"] for pit in view["north_row"]] == [9, 0, 0, 0, 8, 7]
    assert [pit["name"] for pit in view["south_row"]] == list("ABCDEF")
    assert (view["south_store"], view["north_store"], view["to_move"]) == (2, 1, "South")


def test_it_marks_the_last_move_and_the_illegal_pit():
    view = board_view(Position.start(), last_pit=2, error_pit=7)
    south_c = view["south_row"][2]
    north_b = view["north_row"][4]
    assert south_c["is_last"] and not south_c["is_error"] and "last move" in south_c["label"]
    assert north_b["is_error"] and north_b["name"] == "b"


def test_a_highlighted_pit_must_exist():
    with pytest.raises(ValueError):
        board_view(Position.start(), last_pit=12)


def test_the_template_draws_every_pit_and_both_stores():
    django = pytest.importorskip("django")
    from django.conf import settings

    if not settings.configured:
        settings.configure()
        django.setup()
    from django.template import Context, Engine

    # The template's words go through {% translate %}; a bare engine needs the i18n tags named.
    engine = Engine(
        dirs=[str(TEMPLATES)],
        libraries={"i18n": "django.templatetags.i18n", "static": "django.templatetags.static"},
    )
    view = board_view(board([1, 2, 3, 4, 5, 6], [7, 8, 0, 0, 0, 9], 2, 1), last_pit=3)
    html = engine.get_template("games/board.html").render(Context({"board": view}))
    assert html.count('class="ow-pit') == 12
    assert "ow-pit--last" in html and "ow-pit--error" not in html
    assert "South pit D: 4 seeds (last move)" in html
    # Rows are placed by class from the board's stylesheet: no inline style for the CSP to refuse.
    assert html.count("ow-pit--north") == 6 and html.count("ow-pit--south") == 6
    assert "style=" not in html and "<style" not in html and "games/board.css" in html
