"""A TRF file becomes the rated games of an event: games over the board only."""

from datetime import date

import pytest

from ratings.errors import RatingError
from ratings.events import read_date, read_event
from ratings.records import DRAW, LOSS, WIN, Game

LINES = [
    "012 Unplayed",
    "042 2026/09/01",
    "052 2026/09/04",
    # forfeit (+/-), a game of less than one move (W/L), a draw, byes U H F Z
    "001    1      One                               2000 GHA         501             "
    "3.5          2 w +     3 w =     4 w W  0000 - F",
    "001    2      Two                               2000 GHA         502             "
    "2.5          1 b -  0000 - U     3 w 1     4 w =",
    "001    3      Three                             1900 GHA         503             "
    "1.5          4 w 1     1 b =     2 b 0  0000 - Z",
    "001    4      Four                              1900 GHA         504             "
    "1.0          3 b 0  0000 - H     1 b L     2 b =",
]


@pytest.fixture
def event_file(tmp_path):
    path = tmp_path / "unplayed.trf"
    path.write_text("\r\n".join(LINES) + "\r\n", encoding="utf-8")
    return path


def test_only_games_over_the_board_are_rated(event_file):
    event = read_event(str(event_file), {"501", "502", "503", "504"}, "list.csv")
    assert event.end == date(2026, 9, 4)
    assert sorted(event.games, key=lambda g: (g.player, g.opponent)) == [
        Game("501", "503", DRAW),
        Game("502", "503", WIN),
        Game("502", "504", DRAW),
        Game("503", "501", DRAW),
        Game("503", "502", LOSS),
        Game("503", "504", WIN),
        Game("504", "502", DRAW),
        Game("504", "503", LOSS),
    ]


def test_an_unknown_id_is_refused_at_its_line(event_file):
    with pytest.raises(RatingError) as refused:
        read_event(str(event_file), {"501", "502", "504"}, "list.csv")
    assert refused.value.code == "unknown_id"
    assert refused.value.line == 6
    assert refused.value.params == {"number": 3, "id": "503", "list": "list.csv"}


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("2026/03/10", date(2026, 3, 10)),
        ("2026-03-10", date(2026, 3, 10)),
        ("26.02.2025", date(2025, 2, 26)),
        ("", None),
        ("soon", None),
        ("2026/13/40", None),
    ],
)
def test_read_date(text, found):
    assert read_date(text) == found


def test_the_trf_core_tells_the_rated_games():
    from tournaments.trf import RoundCell

    rated = [RoundCell(2, "w", code).is_rated for code in "1=0WDL+-"]
    assert rated == [True, True, True, False, False, False, False, False]
    assert not RoundCell(None, "-", "U").is_rated
