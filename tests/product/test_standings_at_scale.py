"""Standings of a large section are read in a fixed number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.services.sample import build_sample_section
from tournaments.services.standings import section_standings

pytestmark = pytest.mark.django_db


def queries_for_standings(section) -> int:
    with CaptureQueriesContext(connection) as queries:
        table = section_standings(section)
        list(table.rows())
    return len(queries)


def test_a_large_section_is_ranked_in_as_many_queries_as_a_small_one(tournament):
    small = tournament.sections.create(name="Small", slug="small")
    large = tournament.sections.create(name="Large", slug="large")
    build_sample_section(small, players=10, rounds=11)
    build_sample_section(large, players=1000, rounds=11, seed=2)
    small_count = queries_for_standings(small)
    assert queries_for_standings(large) == small_count
    assert small_count <= 8

    table = section_standings(large)
    assert table.after_round == 11
    ranks = [row.rank for row in table.standings.rows]
    assert len(ranks) == 1000 and ranks[0] == 1 and ranks == sorted(ranks)
