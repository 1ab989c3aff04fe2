"""Unreadable TRF input raises TrfError naming the line and column."""

import pytest

from tournaments.trf import TrfError, parse

PLAYER = "001    1 m    Asante, Kwame                     2010 GHA             1990/04/12  1.5    4"


def error_of(text):
    with pytest.raises(TrfError) as caught:
        parse(text)
    return caught.value


def test_a_non_numeric_pairing_number_is_reported_at_its_column():
    e = error_of("012 Test\n001   x1")
    assert (e.line, e.column) == (2, 7)
    assert "pairing number" in e.message


def test_an_unknown_result_code_is_reported_at_the_result_column():
    e = error_of(PLAYER + "     4 w 1     3 b Q")
    assert (e.line, e.column) == (1, 109)
    assert "result code" in e.message


def test_a_wrong_colour_letter_is_reported_at_the_colour_column():
    e = error_of(PLAYER + "     4 x 1")
    assert (e.line, e.column) == (1, 97)


def test_a_shifted_round_block_is_reported_where_the_blank_is_missing():
    e = error_of(PLAYER + "    4 w 1")
    assert e.line == 1 and e.column == 96


def test_letters_in_the_rating_are_rejected():
    e = error_of("001    1      Name" + " " * 30 + "20x0")
    assert (e.line, e.column) == (1, 49)


def test_points_must_be_a_number():
    e = error_of(PLAYER.replace(" 1.5", " 1,5"))
    assert (e.line, e.column) == (1, 81)


def test_a_played_result_needs_an_opponent():
    e = error_of(PLAYER + "  0000 - 1")
    assert e.column == 99


def test_a_pairing_number_used_twice_is_rejected():
    e = error_of("001    1\r\n001    1\r\n")
    assert (e.line, e.column) == (2, 5)


def test_the_number_of_rounds_must_be_an_integer():
    e = error_of("XXR nine")
    assert (e.line, e.column) == (1, 5)


def test_conflicting_round_totals_are_rejected():
    e = error_of("142 9\nXXR 7\n")
    assert e.line == 2 and "142" in e.message


def test_xxp_lists_only_pairing_numbers():
    e = error_of("XXP 1 two")
    assert (e.line, e.column) == (1, 7)


def test_invalid_utf8_is_reported_with_its_place():
    e = error_of(b"012 ok\n022 Acc\xffra\n")
    assert (e.line, e.column) == (2, 8)


def test_the_message_names_line_and_column():
    assert str(error_of("XXR nine")).startswith("line 1, column 5: ")
