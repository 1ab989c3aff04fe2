"""The synthetic section generator used by the benchmark."""

from tournaments.outcomes import RoundOutcome
from tournaments.tiebreaks import compute_standings
from tournaments.tiebreaks.sample import random_section


def test_a_generated_section_is_consistent_and_reproducible():
    first = random_section(players=51, rounds=7, seed=3)
    assert first == random_section(players=51, rounds=7, seed=3)
    standings = compute_standings(first)  # refuses games that are not listed by both players
    assert len(standings.rows) == 51
    kinds = {r.outcome for p in first for r in p.rounds}
    assert {RoundOutcome.GAME, RoundOutcome.PAIRING_BYE} <= kinds
