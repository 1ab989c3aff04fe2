"""TRF files as other programs write them (tests/data/trf-programs, and trf-real): the number of
rounds a file announces, a finished event, the TRF-2026 result `*` of a game in play, and a
`250` record with match points only. The import and `python -m tournaments.pairing --dutch`
read each the same way."""

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.models import Round, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.history import section_history
from tournaments.services.rounds import pair_next_round
from tournaments.services.standings import section_trf
from tournaments.services.trf_import import import_trf_section
from tournaments.trf import consistency_problems, dumps, parse, parse_file

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parents[1] / "data"
PROGRAMS = DATA / "trf-programs"
ROOT = Path(__file__).parents[2]


def dutch(path: Path, *options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(path), *options],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def pairs_of(output: str) -> list[tuple[int, int]]:
    lines = output.strip().split("\n")
    return sorted(tuple(int(n) for n in line.split()) for line in lines[1:])


def boards(round_: Round) -> list[tuple[int, int]]:
    return sorted(
        (p.south.pairing_number, p.north.pairing_number if p.north else 0)
        for p in round_.pairings.select_related("south", "north")
    )


def event(alice, rounds: int) -> Tournament:
    tournament = Tournament.objects.create(name="Other", slug="other", rounds=rounds)
    tournament.arbiters.add(alice)
    return tournament


def test_a_section_pairs_its_last_round_by_the_files_own_number_of_rounds(alice):
    # 15 rounds announced (XXR 15), 14 played: round 15 is the last, paired with the last-round
    # rules, as bbpPairings paired it, even in a tournament of 30 rounds.
    path = DATA / "trf-real" / "bbp-issue_7.trf"
    section = import_trf_section(event(alice, 30), "Open", path.read_text(), by=alice)
    assert section.total_rounds == 15
    assert section_history(section).total_rounds == 15
    assert parse(dumps(section_trf(section))).rounds == 15
    round_ = pair_next_round(section, by=alice)
    assert round_.number == 15
    expected = pairs_of(path.with_suffix(".expected").read_text())
    assert boards(round_) == expected == pairs_of(dutch(path, "-p").stdout)


def test_a_section_of_its_own_length_leaves_the_tournaments_alone(alice):
    # A file of the tournament's own length keeps no length of its own: the tournament's
    # number of rounds is the section's.
    tournament = event(alice, 3)
    path = PROGRAMS / "finished.trf"
    section = import_trf_section(tournament, "Open", path.read_text(), by=alice)
    assert section.round_count is None and section.total_rounds == 3


def test_a_file_announcing_fewer_rounds_than_it_played_is_refused_with_the_reason(alice):
    tournament = event(alice, 7)
    path = PROGRAMS / "rounds-fewer-than-played.trf"
    with pytest.raises(ServiceError) as refused:
        import_trf_section(tournament, "Open", path.read_text(), by=alice)
    assert refused.value.code == "too_many_rounds"
    assert "3 rounds played" in refused.value.message and "2 rounds" in refused.value.message
    assert not tournament.sections.exists()
    run = dutch(path, "-p")
    assert run.returncode != 0 and "3 rounds are played" in run.stderr


def test_a_file_announcing_more_rounds_than_a_section_may_have_is_refused(alice):
    text = (PROGRAMS / "finished.trf").read_text().replace("XXR 3", "XXR 31")
    text = text.replace("142 3", "142 31")
    with pytest.raises(ServiceError) as refused:
        import_trf_section(event(alice, 7), "Open", text, by=alice)
    assert refused.value.code == "too_many_rounds" and "31" in refused.value.message


def test_a_file_without_its_number_of_rounds_longer_than_the_tournament_is_refused(alice):
    text = "\n".join(
        line
        for line in (PROGRAMS / "finished.trf").read_text().splitlines()
        if not line.startswith(("XXR", "142"))
    )
    with pytest.raises(ServiceError) as refused:
        import_trf_section(event(alice, 2), "Open", text, by=alice)
    assert refused.value.code == "too_many_rounds"
    assert "the tournament has 2" in refused.value.message


@pytest.mark.parametrize(
    "path",
    [PROGRAMS / "finished.trf", DATA / "trf-real" / "tbs-held_swiss_5.trf"],
    ids=lambda p: p.stem,
)
def test_a_finished_event_imports_into_a_tournament_of_its_own_length(alice, path):
    trf = parse_file(path)
    tournament = event(alice, trf.rounds)
    section = import_trf_section(tournament, "Open", path.read_text(), by=alice)
    assert section.rounds.filter(status=Round.Status.COMPLETED).count() == trf.rounds
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    with pytest.raises(ServiceError) as refused:
        pair_next_round(section, by=alice)
    assert refused.value.code == "tournament_over"


def test_games_in_play_are_read_and_their_round_is_the_one_to_pair(alice):
    # Round 3 is paired in the file and its games are in play (`*`): rounds 1 and 2 are the
    # completed ones, player 5's `Z` announces his absence, and the round in play pairs again
    # as its program paired it (1-6, 4-3, the bye to 2).
    path = PROGRAMS / "in-play.trf"
    trf = parse_file(path)
    assert consistency_problems(trf) == []
    assert (trf.round_in_play, trf.rounds_completed) == (3, 2)
    assert trf.player(1).cell(3).in_play and trf.player(1).points_after(3) == Decimal("1.5")
    run = dutch(path, "-p")
    assert run.returncode == 0, run.stderr
    assert pairs_of(run.stdout) == [(1, 6), (2, 0), (4, 3)]
    assert "all 2 rounds agree" in dutch(path, "--check").stdout
    section = import_trf_section(event(alice, 3), "Open", path.read_text(), by=alice)
    assert section.rounds.count() == 2
    assert section.players.get(pairing_number=5).requested_byes.filter(round_number=3).exists()
    assert boards(pair_next_round(section, by=alice)) == pairs_of(run.stdout)


def test_a_game_in_play_needs_its_opponent_to_say_so_too():
    text = (PROGRAMS / "in-play.trf").read_text()
    broken = text.replace("     6 w *", "     6 w 1")
    assert any("results 1 1 / 6 *" in problem for problem in consistency_problems(parse(broken)))


def test_virtual_points_given_as_match_points_are_read_and_applied(alice):
    path = PROGRAMS / "match-points-acceleration.trf"
    trf = parse_file(path)
    (ranged,) = trf.acceleration_ranges
    assert (ranged.points, ranged.match_points) == (Decimal("1.0"), Decimal("1.0"))
    run = dutch(path, "-p")
    assert run.returncode == 0, run.stderr
    section = import_trf_section(event(alice, 3), "Open", path.read_text(), by=alice)
    assert section.acceleration == {str(n): ["0", "0", "1.0"] for n in (4, 5, 6)}
    assert boards(pair_next_round(section, by=alice)) == pairs_of(run.stdout)
