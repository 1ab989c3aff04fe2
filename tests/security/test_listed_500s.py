"""Requests that answered 500 answer 4xx (or their page): an unusual digit in `?round=`, a NUL in
a board code, a bare CR in a players file (tests/security/test_hostile_players_files.py), and a
table of a section with no players in CSV or NDJSON."""

import pytest
from django.test import Client

from tournaments.models import Round
from tournaments.services.rounds import store_boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(section, make_player):
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(make_player("Ama", 1), make_player("Kofi", 2), "")])
    return section


@pytest.mark.parametrize(
    "url",
    [
        "/api/tournaments/accra/men/standings/?round=%C2%B2",
        "/api/tournaments/accra/men/standings/?round=%D9%A3",
        "/t/accra/men/standings/?round=%C2%B2",
        "/t/accra/men/standings/?after=%C2%B2",
        "/t/accra/board/%00/moves/",
        "/t/accra/board/%00/",
        "/t/accra/board/%00/watch/",
        "/t/accra/board/AB%00CD/moves/",
        "/t/accra/game/1/?ply=%C2%B2",
    ],
)
def test_odd_parameters_answer_a_refusal_or_the_page(event, url):
    assert Client().get(url).status_code < 500, url


def test_a_nul_in_a_board_code_posted_to_answers_404(event):
    answer = Client().post("/t/accra/board/%00/moves/", "{}", content_type="application/json")
    assert answer.status_code == 404


@pytest.mark.parametrize("form", ["csv", "ndjson"])
@pytest.mark.parametrize(
    "path",
    ["men/standings/", "men/players/", "teams/standings/", "men/rounds/", "games/"],
)
def test_tables_of_a_section_with_no_players_answer_anonymously(section, form, path):
    answer = Client().get(f"/api/tournaments/accra/{path}?format={form}")
    assert answer.status_code < 500, (path, answer.status_code)
