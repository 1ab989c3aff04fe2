"""Writing TRF: fixed columns, both dialects, and a faithful round trip."""

from decimal import Decimal

import pytest

from tests.reference_cases import trf_texts
from tournaments.trf import Player, RoundCell, Tournament, TrfError, dump, dumps, parse, parse_file

CORPUS_FILES = [pytest.param(text, id=name) for name, text in trf_texts()]


def sample_tournament():
    return Tournament(
        name="Accra Oware Open 2026",
        city="Accra",
        rounds=3,
        initial_colour="w",
        round_dates=["26/03/14", "26/03/14", "26/03/15"],
        forbidden_pairs=[[1, 3]],
        acceleration={1: [Decimal("1.0"), Decimal("0.5")]},
        other_lines=["192 FIDE_DUTCH_2026"],
        players=[
            Player(
                1,
                "Asante, Kwame",
                "m",
                "",
                2010,
                "GHA",
                "",
                "1990/04/12",
                Decimal("1.5"),
                4,
                [RoundCell(4, "w", "1"), RoundCell(3, "b", "="), RoundCell(6, "w", "0")],
            ),
            Player(
                2,
                "Boateng, Abena",
                "w",
                "WGM",
                None,
                "GHA",
                "12345678",
                "",
                Decimal("2.0"),
                3,
                [RoundCell(5, "b", "="), RoundCell(None, "-", "H"), RoundCell(None, "-", "U")],
            ),
        ],
    )


def test_a_player_line_puts_every_field_in_its_columns():
    line = dumps(sample_tournament()).splitlines()[-2]
    assert line == (
        "001    1 m    Asante, Kwame                     2010 GHA             1990/04/12  1.5    4"
        "     4 w 1     3 b =     6 w 0"
    )
    assert line[91:95] == "   4" and line[96] == "w" and line[98] == "1"


def test_a_bye_is_written_with_opponent_0000():
    line = dumps(sample_tournament()).splitlines()[-1]
    assert line.endswith("     5 b =  0000 - H  0000 - U")
    assert line[10:13] == "WGM" and line[57:68] == "   12345678"


def test_both_dialects_are_written_for_rounds_and_initial_colour():
    lines = dumps(sample_tournament()).splitlines()
    assert {"142 3", "152 W", "XXR 3", "XXC white1", "XXP 1 3", "XXA    1  1.0  0.5"} <= set(lines)


def test_round_dates_line_up_with_the_round_blocks():
    line = next(x for x in dumps(sample_tournament()).splitlines() if x.startswith("132"))
    assert line[91:99] == "26/03/14" and line[111:119] == "26/03/15"


def test_lines_end_in_crlf_unless_asked_otherwise():
    assert dumps(sample_tournament()).count("\r\n") == len(
        dumps(sample_tournament(), "\n").splitlines()
    )
    assert "\r" not in dumps(sample_tournament(), newline="\n")


def test_written_text_reads_back_to_the_same_tournament():
    t = sample_tournament()
    assert parse(dumps(t)) == t


def test_dump_writes_utf8_to_a_file(tmp_path):
    t = sample_tournament()
    t.players[0].name = "Asanté, Kwame"
    dump(t, tmp_path / "out.trf")
    assert parse_file(tmp_path / "out.trf") == t


def test_a_name_too_long_for_its_columns_is_refused():
    t = Tournament(players=[Player(1, "X" * 34)])
    with pytest.raises(TrfError, match="longer than 33"):
        dumps(t)


def test_points_that_do_not_fit_four_columns_are_refused():
    t = Tournament(players=[Player(1, "A", points=Decimal("100.5"))])
    with pytest.raises(TrfError):
        dumps(t)


@pytest.mark.parametrize("text", CORPUS_FILES)
def test_every_corpus_file_survives_a_round_trip(text):
    original = parse(text)
    assert parse(dumps(original)) == original


@pytest.mark.parametrize("text", CORPUS_FILES[:: max(1, len(CORPUS_FILES) // 20)])
def test_player_lines_are_rewritten_character_for_character(text):
    original = [line for line in text.splitlines() if line.startswith("001")]
    written = [line for line in dumps(parse(text)).splitlines() if line.startswith("001")]
    assert written == original
