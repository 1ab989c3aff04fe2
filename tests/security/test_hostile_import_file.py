"""Hostile players files, generated: whatever CSV an arbiter uploads, the import page answers with
its own preview or refusal, never a server error; a file is stored whole or not at all; and a
preview that finds no problem is a promise the import keeps."""

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from tournaments.models import Player

URL = "/t/accra/arbiter/men/players/import/"

hostile = st.one_of(
    st.text(max_size=45),
    st.sampled_from(["=cmd|' /C calc'!A0", "<script>x</script>", "a\nb", "\x00", "\u202e", ""]),
)
# What an arbiter's spreadsheet holds in each column, what it holds by mistake, and now and then
# anything at all (`hostile`).
GOOD = {
    "name": st.sampled_from(["Kofi Mensah", "Ama Owusu", "  Yaw   Boateng ", "Zoé Ndiaye"]),
    "sex": st.sampled_from(["m", "M", "homme", "masculino"]),
    "rating": st.sampled_from(["", "1800", "3000"]),
    "title": st.sampled_from(["", "GM", "im"]),
    "federation": st.sampled_from(["", "GHA", "gha"]),
    "team code": st.sampled_from(["", "GHA", "gha"]),
}
WRONG = {
    "name": st.text(alphabet="abcdefghij ", min_size=28, max_size=40),
    "sex": st.sampled_from(["w", "x", ""]),
    "rating": st.sampled_from(["3001", "-5", "1e3", "٣", "1 800"]),
    "title": st.sampled_from(["Grandmaster", "G\nM"]),
    "federation": st.sampled_from(["GHANA", "G;H"]),
    "team code": st.sampled_from(["XYZ", "GHA "]),
}
COLUMNS = list(GOOD)
HEADER_WORDS = {"name": ["name", "Nom", "jogador"], "sex": ["sex", "Sexe"], "rating": ["elo"]}


@st.composite
def cell(draw, column):
    kind = draw(st.integers(0, 19))
    return draw(hostile if kind == 0 else WRONG[column] if kind == 1 else GOOD[column])


@st.composite
def players_files(draw):
    """(header, rows) of a CSV file: the name and usually the sex, other columns in any order."""
    others = [c for c in COLUMNS if c not in ("name", "sex")]
    needed = ["name", "sex"] if draw(st.integers(0, 9)) else ["name"]
    columns = [*needed, *draw(st.lists(st.sampled_from(others), unique=True))]
    columns = draw(st.permutations(columns))
    header = [draw(st.sampled_from(HEADER_WORDS.get(c, [c]))) for c in columns]
    if draw(st.integers(0, 4)) == 0:
        header.append(draw(st.text(max_size=10)))
    rows = [[draw(cell(c)) for c in columns] for _ in range(draw(st.integers(0, 5)))]
    if draw(st.integers(0, 4)):  # the same player twice in a file is a mistake, usually avoided
        name = columns.index("name")
        for number, row in enumerate(rows):
            row[name] = f"{row[name]} {number}"
    if rows and draw(st.integers(0, 4)) == 0:
        rows[-1] = rows[-1][: draw(st.integers(0, len(columns)))]  # a short line
    return header, rows


def csv_text(header, rows, delimiter) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


@pytest.fixture
def arbiter_client(client, alice, tournament, section):
    tournament.teams.create(name="Ghana", code="GHA")
    client.force_login(alice)
    return client


def stored() -> list[tuple]:
    return list(Player.objects.order_by("pk").values_list("name", "sex", "rating", "team_id"))


@pytest.mark.django_db
@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    file=players_files(),
    delimiter=st.sampled_from([",", ";", "\t"]),
    encoding=st.sampled_from(["utf-8", "utf-8-sig", "latin-1"]),
)
# A header ending in a null character: once previewed as importable, then refused.
@example(
    file=(["name", "sex", "team code", "\x00"], [["Kofi Mensah", "m", "GHA"]]),
    delimiter=",",
    encoding="utf-8",
)
def test_any_csv_file_is_previewed_or_refused_and_stored_whole_or_not_at_all(
    arbiter_client, file, delimiter, encoding
):
    data = csv_text(*file, delimiter).encode(encoding, errors="replace")
    # Each example starts from the same section: what it stored is rolled back after it.
    with transaction.atomic():
        import_twice(arbiter_client, data)
        transaction.set_rollback(True)


def import_twice(client, data: bytes) -> None:
    """Preview `data`, then confirm the same text, as the arbiter's two clicks would."""
    before = stored()
    upload = SimpleUploadedFile("players.csv", data, content_type="text/csv")
    preview = client.post(URL, {"kind": "csv", "file": upload})
    assert preview.status_code == 200
    assert stored() == before, "a preview writes nothing"
    promised = preview.context["confirm_form"] is not None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    answer = client.post(URL, {"kind": "csv", "content": text, "confirm": "1"})
    event(f"promised={promised} status={answer.status_code}")
    assert answer.status_code in (200, 302)
    after = stored()
    if answer.status_code == 302:
        previewed = preview.context["rows"]
        assert [name for name, *_ in after[len(before) :]] == [row.name for row in previewed]
    else:
        assert after == before, "a refused import stores nothing"
    assert promised == (answer.status_code == 302), "the preview's verdict is the import's"


@pytest.mark.django_db
def test_the_preview_names_what_the_player_record_refuses_on_its_line(arbiter_client):
    data = "name,sex,title,federation,rating\n" + "x" * 40 + ",m,Grandmaster,GHANA,٣\n"
    preview = arbiter_client.post(
        URL, {"kind": "csv", "file": SimpleUploadedFile("p.csv", data.encode())}
    )
    [row] = preview.context["rows"]
    assert preview.context["confirm_form"] is None
    assert any(e.startswith("Name: ") and "at most 33 characters" in e for e in row.errors)
    assert any(e.startswith("Title: ") for e in row.errors)
    assert any(e.startswith("Federation: ") for e in row.errors)
    assert any("٣" in e for e in row.errors), "digits of other scripts are not a rating"
    assert "at most 33 characters" in preview.content.decode()


@pytest.mark.django_db
def test_a_null_character_is_refused_by_the_preview_with_its_line_and_column(arbiter_client):
    data = "name,sex,team code\nKofi Mensah,m,GH\x00A\n"
    preview = arbiter_client.post(
        URL, {"kind": "csv", "file": SimpleUploadedFile("p.csv", data.encode())}
    )
    assert preview.status_code == 200 and preview.context["confirm_form"] is None
    assert "Line 2, column 17 holds a null character" in preview.content.decode()
    assert stored() == []
