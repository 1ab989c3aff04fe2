"""Reading players files, in plain Python: headers in three languages, separators, problems."""

import pytest

from tournaments.registration_import import ImportFileError, read_csv

MESSAGES = {
    "no_header": "no header",
    "no_name": "no name",
    "bad_sex": "bad sex %(value)s",
    "bad_rating": "bad rating %(value)s",
    "bad_trf": "bad trf %(line)s %(problem)s",
}


def test_portuguese_headers_tabs_and_a_byte_order_mark_are_read():
    text = (
        "\ufeffNome\tSexo\tPontuação\tTítulo\tFederação\tEquipa\n"
        "Ana Silva\tF\t1650\twim\tcpv\tCPV\n"
    )
    [row] = read_csv(text, MESSAGES)
    assert (row.name, row.sex, row.rating, row.title, row.federation, row.team_code) == (
        "Ana Silva",
        "w",
        1650,
        "WIM",
        "CPV",
        "CPV",
    )
    assert row.ok


def test_each_row_lists_its_own_problems_with_its_line():
    text = "name;sex;rating\n\n;m;1500\nKofi;z;abc\nYaw;m;\n"
    rows = read_csv(text, MESSAGES)
    assert [(row.line, row.errors) for row in rows] == [
        (3, ["no name"]),
        (4, ["bad sex z", "bad rating abc"]),
        (5, []),
    ]


def test_a_file_without_a_name_column_is_refused_as_a_whole():
    with pytest.raises(ImportFileError) as caught:
        read_csv("a,b\n1,2\n", MESSAGES)
    assert caught.value.message == "no header"
