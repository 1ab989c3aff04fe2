"""Public pages read a fixed number of queries, however many players a section has."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import Tournament
from tournaments.services.sample import build_sample_section

pytestmark = pytest.mark.django_db

PAGES = [
    "/t/{slug}/open/round/3/",
    "/t/{slug}/open/standings/",
    "/t/{slug}/open/crosstable/",
    "/t/{slug}/open/player/1/",
    "/t/{slug}/teams/",
    "/api/tournaments/{slug}/open/rounds/",
    "/api/tournaments/{slug}/open/standings/",
    "/api/tournaments/{slug}/games/?limit=500",
    "/api/tournaments/{slug}/open/rounds/3/",
]


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200, url
    return len(captured)


def sample(slug: str, players: int) -> Tournament:
    tournament = Tournament.objects.create(name=slug, slug=slug, rounds=5)
    section = tournament.sections.create(name="Open", slug="open")
    build_sample_section(section, players=players, rounds=5)
    team = tournament.teams.create(name="Team", code="T")
    section.players.filter(pairing_number__lte=players // 2).update(team=team)
    return tournament


@pytest.mark.parametrize("page", PAGES)
def test_a_page_takes_as_many_queries_for_200_players_as_for_10(client, page):
    sample("small", 10)
    sample("large", 200)
    assert queries(client, page.format(slug="large")) == queries(client, page.format(slug="small"))
