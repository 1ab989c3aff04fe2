"""Reading TRF text: header records, player lines, round blocks, extension lines."""

from decimal import Decimal

from tournaments.trf import RoundCell, codes, parse

ACCRA = (
    "012 Accra Oware Open 2026\r"
    "022 Accra\r"
    "032 GHA\r"
    "042 2026/03/14\r"
    "052 2026/03/15\r"
    "062 6\r"
    "072 6\r"
    "092 Individual Swiss, FIDE (Dutch) System 2026, South = White\r"
    "102 Jane Doe\r"
    "112 John Roe\r"
    "122 20 minutes + 5 seconds per move\r"
    "132" + " " * 88 + "26/03/14  26/03/14  26/03/15\r"
    "142 3\r"
    "152 W\r"
    "192 FIDE_DUTCH_2026\r"
    "202 DE,BH/C1,BH,SB\r"
    "### SSSS sTTT NNNN\r"
    "001    1 m    Asante, Kwame                     2010 GHA             1990/04/12  1.5    4"
    "     4 w 1     3 b =     6 w 0\r"
    "001    2 w    Boateng, Abena                    1985 GHA             1995/11/03  2.0    3"
    "     5 b =  0000 - H  0000 - U\r"
    "001    3 m    Diallo, Moussa                    1920 SEN             1988/02/27  2.0    1"
    "     6 w +     1 w =     4 b =\r"
)


def test_header_records_fill_the_named_fields():
    t = parse(ACCRA)
    assert t.name == "Accra Oware Open 2026"
    assert t.city == "Accra"
    assert t.federation == "GHA"
    assert (t.start_date, t.end_date) == ("2026/03/14", "2026/03/15")
    assert (t.player_count, t.rated_player_count) == (6, 6)
    assert t.chief_arbiter == "Jane Doe"
    assert t.deputy_arbiters == ["John Roe"]
    assert t.time_control == "20 minutes + 5 seconds per move"
    assert t.round_dates == ["26/03/14", "26/03/14", "26/03/15"]
    assert t.rounds == 3
    assert t.initial_colour == "w"


def test_records_without_a_field_are_kept_verbatim_in_order():
    t = parse(ACCRA)
    assert t.other_lines == ["192 FIDE_DUTCH_2026", "202 DE,BH/C1,BH,SB", "### SSSS sTTT NNNN"]


def test_a_player_line_is_read_by_its_fixed_columns():
    p = parse(ACCRA).player(1)
    assert p.pairing_number == 1
    assert (p.sex, p.title, p.name) == ("m", "", "Asante, Kwame")
    assert (p.rating, p.federation, p.fide_id, p.birth_date) == (2010, "GHA", "", "1990/04/12")
    assert (p.points, p.rank) == (Decimal("1.5"), 4)
    assert p.rounds == [RoundCell(4, "w", "1"), RoundCell(3, "b", "="), RoundCell(6, "w", "0")]


def test_a_bye_block_has_no_opponent():
    p = parse(ACCRA).player(2)
    assert p.rounds[1] == RoundCell(None, "-", codes.HALF_POINT_BYE)
    assert p.rounds[2].is_pairing_bye and p.rounds[2].is_bye


def test_a_forfeit_keeps_the_scheduled_opponent_but_is_not_a_game():
    cell = parse(ACCRA).player(3).rounds[0]
    assert cell.opponent == 6 and cell.is_forfeit
    assert not cell.is_played and cell.side is None


def test_cell_points_follow_the_default_scoring():
    p = parse(ACCRA).player(2)
    assert [c.points() for c in p.rounds] == [Decimal("0.5"), Decimal("0.5"), Decimal("1")]
    assert p.points_after(2) == Decimal("1.0")


def test_lf_cr_and_crlf_line_ends_read_the_same():
    lf = parse(ACCRA.replace("\r", "\n"))
    crlf = parse(ACCRA.replace("\r", "\r\n"))
    assert parse(ACCRA) == lf == crlf


def test_bytes_are_read_as_utf8_with_or_without_bom():
    text = "012 Tournoi d'Awalé\n"
    assert parse(text.encode()).name == "Tournoi d'Awalé"
    assert parse(b"\xef\xbb\xbf" + text.encode()).name == "Tournoi d'Awalé"


def test_columns_count_characters_not_bytes():
    line = (
        "001    1 w    Adjoá, Akosúa                     1500 GHA"
        + " " * 24
        + "1.0    1     0000 - F"
    )
    line = (
        "001    1 w    Adjoá, Akosúa                     1500 GHA" + " " * 25 + "1.0    1  0000 - F"
    )
    p = parse(line).player(1)
    assert p.name == "Adjoá, Akosúa"
    assert p.points == Decimal("1.0")
    assert p.rounds == [RoundCell(None, "-", codes.FULL_POINT_BYE)]


def test_result_codes_and_colours_are_case_insensitive():
    line = "001    1" + " " * 81 + "     2 W d"
    assert parse(line).player(1).rounds == [RoundCell(2, "w", codes.SHORT_DRAW)]


def test_a_blank_result_reads_as_a_zero_point_bye():
    line = "001    1" + " " * 81 + "  0000 - Z" + "  0000    " + "  0000 - H"
    assert [c.result for c in parse(line).player(1).rounds] == ["Z", "Z", "H"]


def test_a_player_line_may_stop_before_the_round_blocks():
    p = parse("001   12      Late, Entry").player(12)
    assert p.rounds == [] and p.points is None and p.rating is None


def test_javafo_extension_lines_are_understood():
    t = parse(
        "XXR 9\n"
        "XXC rank black1\n"
        "XXP 1 2\n"
        "XXP 3 4 5\n"
        "XXZ 7 8\n"
        "XXA    1  1.0  1.0  0.5\n"
        "XXA   12  1.0\n"
    )
    assert t.rounds == 9
    assert t.initial_colour == "b" and t.pair_by_rank
    assert t.forbidden_pairs == [[1, 2], [3, 4, 5]]
    assert t.not_paired == [7, 8]
    assert t.acceleration == {
        1: [Decimal("1.0"), Decimal("1.0"), Decimal("0.5")],
        12: [Decimal("1.0")],
    }
    assert t.acceleration_in_round(1, 3) == Decimal("0.5")
    assert t.acceleration_in_round(12, 2) == 0


def test_the_round_about_to_be_paired_is_recognised_from_announced_absences():
    t = parse(
        "001    1" + " " * 81 + "     2 w 1  0000 - H\n"
        "001    2" + " " * 81 + "     1 b 0\n"
        "001    3" + " " * 81 + "  0000 - U  0000 - Z\n"
    )
    assert t.rounds_played == 2
    assert t.rounds_completed == 1
    assert t.absent_in_round(2) == {1, 3}
