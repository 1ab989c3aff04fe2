"""A section imported from another program's TRF pairs its next round as the engine's command
line pairs the same file; games without game scores are kept as "score unknown"."""

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from tests.writes import if_match, revision
from tournaments.models import Result, Round, Tournament
from tournaments.models.sides import letter_of
from tournaments.services.errors import ServiceError
from tournaments.services.rounds import pair_next_round
from tournaments.services.teams import team_tables
from tournaments.services.trf_import import import_trf_section

pytestmark = pytest.mark.django_db

FILES = sorted((Path(__file__).parents[1] / "data" / "trf-import").glob("*.trf"))
ROOT = Path(__file__).parents[2]


def command_line_pairing(path: Path) -> list[tuple[int, int]]:
    """The pairs `python -m tournaments.pairing --dutch FILE -p` prints (0 for the bye)."""
    out = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(path), "-p"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split("\n")
    return [tuple(int(n) for n in line.split()) for line in out[1:] if line.strip()]


@pytest.fixture
def event(alice):
    event = Tournament.objects.create(name="Imported", slug="imported", rounds=7, bye_points=1)
    event.arbiters.add(alice)
    return event


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_next_round_after_import_is_the_command_lines_pairing(event, alice, path):
    section = import_trf_section(event, "Open", path.read_text(), by=alice)
    round_ = pair_next_round(section, by=alice)
    boards = [
        (p.south.pairing_number, p.north.pairing_number if p.north else 0)
        for p in round_.pairings.select_related("south", "north").order_by("board")
    ]
    assert sorted(boards) == sorted(command_line_pairing(path))


def test_imported_games_keep_their_points_with_the_score_unknown(event, alice):
    section = import_trf_section(event, "Open", FILES[0].read_text(), by=alice)
    assert section.rounds.filter(status=Round.Status.COMPLETED).count() == 3
    results = Result.objects.filter(pairing__round__section=section)
    played = results.filter(score_unknown=True)
    assert played.exists() and not played.filter(south_seeds__isnull=False).exists()
    # case004 round 2: 2 (North, "3 b +") won by forfeit against 3 (South, absent).
    forfeit = results.get(pairing__round__number=2, pairing__south__pairing_number=3)
    assert forfeit.pairing.north.pairing_number == 2
    assert (forfeit.ending, letter_of(forfeit.decided_by), forfeit.north_points) == (
        "forfeit",
        "S",
        Decimal("1.0"),
    )


def test_the_lost_games_team_tiebreak_says_when_scores_are_unknown(event, alice):
    section = import_trf_section(event, "Open", FILES[0].read_text(), by=alice)
    team = event.teams.create(name="Ghana", code="GHA")
    section.players.filter(pairing_number__in=[1, 2]).update(team=team)
    assert team_tables(event).scores_incomplete


def test_a_file_with_more_rounds_than_the_tournament_is_refused(event, alice):
    # Without its own number of rounds (no XXR nor 142), the file's 3 rounds do not fit 2.
    event.rounds = 2
    event.save()
    text = "\n".join(
        line for line in FILES[0].read_text().splitlines() if not line.startswith(("XXR", "142"))
    )
    with pytest.raises(ServiceError) as refused:
        import_trf_section(event, "Open", text, by=alice)
    assert refused.value.code == "too_many_rounds"
    assert not event.sections.exists()


def test_only_an_arbiter_imports(event, charlie):
    with pytest.raises(ServiceError) as refused:
        import_trf_section(event, "Open", FILES[0].read_text(), by=charlie)
    assert refused.value.code == "forbidden"


def test_pages_show_imported_games_as_score_unknown(client, event, alice):
    section = import_trf_section(event, "Open", FILES[0].read_text(), by=alice)
    team = event.teams.create(name="Ghana", code="GHA")
    section.players.filter(pairing_number__in=[1, 2]).update(team=team)
    round_page = client.get("/t/imported/open/round/1/").content.decode()
    assert "score unknown" in round_page
    teams_page = client.get("/t/imported/teams/").content.decode()
    assert 'id="scores-incomplete"' in teams_page
    tables = client.get("/api/tournaments/imported/teams/").json()
    assert all(table["scores_incomplete"] for table in tables)


def test_an_arbiter_imports_a_trf_section_over_the_api(event, alice, charlie):
    from rest_framework.test import APIClient

    api = APIClient()
    body = {"name": "Open", "trf": FILES[0].read_text()}
    api.force_authenticate(charlie)
    assert api.post("/api/tournaments/imported/sections/import-trf/", body).status_code == 403
    api.force_authenticate(alice)
    created = api.post(
        "/api/tournaments/imported/sections/import-trf/",
        {**body, "expected_version": revision(api, "imported")},
        format="json",
    )
    # The file's own number of rounds (XXR 5) in a tournament of 7.
    assert created.status_code == 201 and created.json() == {
        "slug": "open",
        "name": "Open",
        "pairing_system": "dutch",
        "rounds": 5,
    }
    again = api.post(
        "/api/tournaments/imported/sections/import-trf/",
        body,
        format="json",
        **if_match(api, "imported"),
    )
    assert again.status_code == 400 and again.json()["field"] == "name"
