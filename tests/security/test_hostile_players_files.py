"""Hostile players and TRF files: a bare CR is a line end, not a server error; a long file is
refused before it is read; a preview never shows more than a page of rows; a TRF file's players
meet the same rules as the form's."""

import io

import pytest
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.models import Player, Section

pytestmark = pytest.mark.django_db

URL = "/t/accra/arbiter/men/players/import/"


def preview(client, data: bytes):
    upload = io.BytesIO(data)
    upload.name = "players.csv"
    return client.post(URL, {"kind": "csv", "file": upload})


@pytest.fixture
def arbiter(client, alice, section):
    client.force_login(alice)
    return client


def test_a_bare_cr_ends_a_line(arbiter):
    answer = preview(arbiter, b"name,sex\rKofi Mensah,m\rAma Owusu,w\r")
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Kofi Mensah" in page and "Ama Owusu" in page and "Import 2 players" in page


def test_a_cr_inside_a_name_is_a_problem_on_the_preview(arbiter):
    answer = preview(arbiter, b"name,sex\nKo\rfi,m\n")
    assert answer.status_code == 200


def test_an_unreadable_csv_is_refused_with_a_message(arbiter):
    answer = preview(arbiter, b"name,sex\n" + b"x" * 200_000 + b",m\n")
    assert answer.status_code == 200 and "cannot be read" in answer.content.decode()


def test_a_long_file_is_refused_before_it_is_read(arbiter, settings):
    settings.UPLOAD_MAX_BYTES = 100_000
    answer = preview(arbiter, b"name,sex\n" + b"Kofi,x\n" * 20_000)
    assert answer.status_code == 200
    assert "larger than 97 KB" in answer.content.decode()
    assert "row-error" not in answer.content.decode()


def test_a_preview_shows_a_page_of_problems_at_most(arbiter, settings):
    settings.PREVIEW_MAX_ROWS = 50
    answer = preview(arbiter, b"name,sex\n" + b"Kofi,x\n" * 2000)
    page = answer.content.decode()
    assert page.count('class="row-error"') == 50
    assert "and 1950 more rows not shown" in page
    assert not Player.objects.exists()


def trf_with_name(name: str) -> str:
    line = f"001    1 m    {name:<33} 1800 GHA             2000/01/01  0.0    1"
    return "012 Accra Open\n" + line + "\n"


def test_a_trf_import_refuses_a_name_the_form_refuses(alice, tournament):
    api = APIClient()
    api.force_authenticate(alice)
    before = Section.objects.count()
    answer = api.post(
        "/api/tournaments/accra/sections/import-trf/",
        {"name": "Juniors", "trf": trf_with_name("Ama \u202eOwusu")},
        format="json",
        **if_match(api, "accra"),
    )
    assert answer.status_code == 400, answer.content[:300]
    assert answer.json()["code"] == "invalid_row", answer.json()
    assert Section.objects.count() == before and not Player.objects.exists()
