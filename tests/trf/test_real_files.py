"""TRF files written by other programs (tests/data/trf-real, origins in its README): each is
imported, its next round paired, exported and imported again, and the pairing agrees with the
command line and with bbpPairings' own answer stored beside the file."""

import os
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.models import Player, RequestedBye, Result, Round, Tournament
from tournaments.models.sides import letter_of
from tournaments.services.errors import ErrorCode, ServiceError
from tournaments.services.registration import request_bye, withdraw_player
from tournaments.services.rounds import pair_next_round
from tournaments.services.standings import section_trf
from tournaments.services.trf_import import import_trf_section
from tournaments.trf import Player as TrfPlayer
from tournaments.trf import RoundCell, consistency_problems, dumps, parse, parse_file, player_line

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parents[1] / "data" / "trf-real"
ROOT = Path(__file__).parents[2]
FILES = sorted(DATA.glob("*.trf"))
# Files that say how many rounds the event has and stop before the last: a next round to pair.
TO_PAIR = [p for p in FILES if (t := parse_file(p)).rounds and t.rounds_completed < t.rounds]
# Files of finished events (an online server's export of its whole tournament among them).
FINISHED = [p for p in FILES if p not in TO_PAIR]
BBPPAIRINGS = os.environ.get("BBPPAIRINGS", "/tmp/bbp-build/bbpPairings.exe")


def pairs_of(output: str) -> list[tuple[int, int]]:
    """The pairs of a pairing program's output (first line: their number; 0 for the bye)."""
    lines = output.strip().split("\n")
    pairs = [tuple(int(n) for n in line.split()) for line in lines[1:]]
    assert len(pairs) == int(lines[0])
    return sorted(pairs)


def command_line(path: Path) -> list[tuple[int, int]]:
    out = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(path), "-p"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout
    return pairs_of(out)


def boards(round_: Round) -> list[tuple[int, int]]:
    return sorted(
        (p.south.pairing_number, p.north.pairing_number if p.north else 0)
        for p in round_.pairings.select_related("south", "north")
    )


def event_for(path: Path, alice, slug="real") -> Tournament:
    """A tournament with the file's number of rounds, or one more than it played."""
    trf = parse_file(path)
    rounds = trf.rounds if trf.rounds and trf.rounds > trf.rounds_completed else None
    event = Tournament.objects.create(
        name="Real", slug=slug, rounds=rounds or trf.rounds_completed + 1, bye_points=1
    )
    event.arbiters.add(alice)
    return event


def snapshot(section) -> dict:
    """What a section holds, without its database ids and names."""
    players = [
        (p.pairing_number, p.name, p.sex, p.title, p.rating, p.federation)
        + (p.identity_number, p.birth_date, p.status)
        for p in section.players.order_by("pairing_number")
    ]
    results = [
        (
            r.pairing.round.number,
            r.pairing.south.pairing_number,
            r.pairing.north.pairing_number,
            r.south_points,
            r.north_points,
            r.ending,
            letter_of(r.decided_by),
            r.score_unknown,
        )
        for r in Result.objects.filter(pairing__round__section=section).select_related(
            "pairing__round", "pairing__south", "pairing__north"
        )
    ]
    byes = [
        (b.player.pairing_number, b.round_number, b.points)
        for b in RequestedBye.objects.filter(player__section=section).select_related("player")
    ]
    return {
        "players": players,
        "results": sorted(results),
        "byes": sorted(byes),
        "pabs": sorted(
            (r.number, p.south.pairing_number)
            for r in section.rounds.all()
            for p in r.pairings.filter(north__isnull=True).select_related("south")
        ),
        "rounds": section.rounds.count(),
        "initial_side": letter_of(section.initial_side),
        "acceleration": section.acceleration,
    }


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_each_file_reads_and_agrees_with_itself(path):
    trf = parse_file(path)
    assert trf.players and trf.rounds_completed >= 1
    assert consistency_problems(trf) == []


@pytest.mark.parametrize("path", TO_PAIR, ids=lambda p: p.stem)
def test_the_command_line_pairs_as_bbppairings_did(path):
    # bbpPairings' own output for the same file, from its repository's tests.
    expected = path.with_suffix(".expected")
    assert command_line(path) == pairs_of(expected.read_text())


@pytest.mark.parametrize("path", TO_PAIR, ids=lambda p: p.stem)
def test_the_imported_section_pairs_its_next_round_as_the_command_line(alice, path):
    event = event_for(path, alice)
    section = import_trf_section(event, "Open", path.read_text(), by=alice)
    trf = parse_file(path)
    # Only completed rounds become rounds: a last column of markers is the next round's byes.
    assert section.rounds.count() == trf.rounds_completed
    round_ = pair_next_round(section, by=alice)
    assert round_.number == trf.rounds_completed + 1
    assert boards(round_) == command_line(path)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_import_export_import_gives_the_same_section(alice, path, tmp_path):
    event = event_for(path, alice)
    first = import_trf_section(event, "First", path.read_text(), by=alice)
    # An arbiter's export: the identity numbers and birth dates are in it.
    exported = dumps(section_trf(first, private=True))
    second = import_trf_section(event, "Second", exported, by=alice)
    assert snapshot(second) == snapshot(first)
    again = dumps(section_trf(second, private=True))
    assert again.replace("Second", "First") == exported
    # Nothing of the file's players is lost on the way.
    original = {p.pairing_number: p for p in parse_file(path).players}
    for player in parse(exported).players:
        source = original[player.pairing_number]
        assert (player.fide_id, player.birth_date, player.title) == (
            source.fide_id,
            source.birth_date,
            source.title,
        )


@pytest.mark.parametrize("path", TO_PAIR, ids=lambda p: p.stem)
def test_the_export_pairs_next_as_the_product_does(alice, path, tmp_path):
    event = event_for(path, alice)
    section = import_trf_section(event, "Open", path.read_text(), by=alice)
    exported = tmp_path / "export.trf"
    exported.write_text(dumps(section_trf(section)))
    round_ = pair_next_round(section, by=alice)
    assert boards(round_) == command_line(exported)


def with_rounds(text: str, rounds: int) -> str:
    """The file's text announcing `rounds` rounds (its XXR / 142 lines changed, or an XXR
    line added), nothing else changed."""
    changed, count = re.subn(r"(?m)^(XXR|142) +\d+[ \t]*$", rf"\g<1> {rounds}", text)
    return changed if count else f"XXR {rounds}\n{text}"


@pytest.mark.parametrize("path", FINISHED, ids=lambda p: p.stem)
def test_a_finished_event_pairs_one_round_more_as_the_command_line(alice, path, tmp_path):
    # The file told of one round more, imported into a tournament of that length, pairs that
    # round as the command line pairs the same file, or both find that no pairing exists.
    event = event_for(path, alice)
    longer = tmp_path / "longer.trf"
    longer.write_text(with_rounds(path.read_text(), event.rounds))
    section = import_trf_section(event, "Open", longer.read_text(), by=alice)
    run = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(longer), "-p"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    if run.returncode == 1:
        with pytest.raises(ServiceError) as refused:
            pair_next_round(section, by=alice)
        assert refused.value.code == ErrorCode.PAIRING_IMPOSSIBLE.code
        return
    assert run.returncode == 0, run.stderr
    assert boards(pair_next_round(section, by=alice)) == pairs_of(run.stdout)


def test_withdrawals_and_requested_byes_are_announced_in_the_export(alice, tmp_path):
    path = DATA / "bbp-dutch_2025_C9.trf"
    event = event_for(path, alice)
    section = import_trf_section(event, "Open", path.read_text(), by=alice)
    players = {p.pairing_number: p for p in section.players.all()}
    withdraw_player(players[1], 2, by=alice)
    request_bye(players[3], 2, Decimal("0.5"), by=alice)
    exported = tmp_path / "export.trf"
    exported.write_text(dumps(section_trf(section)))
    trf = parse_file(exported)
    # 5 was absent in round 1 and is paired in round 2: his line ends after round 1.
    assert [trf.player(n).cell(2) for n in (1, 3)] == [
        RoundCell(None, "-", "Z"),
        RoundCell(None, "-", "H"),
    ]
    assert trf.player(5).cell(2) is None and trf.rounds_completed == 1
    round_ = pair_next_round(section, by=alice)
    assert boards(round_) == command_line(exported)
    assert {1, 3}.isdisjoint({n for pair in boards(round_) for n in pair})


@pytest.mark.skipif(not Path(BBPPAIRINGS).exists(), reason="bbpPairings is not built here")
@pytest.mark.parametrize("path", TO_PAIR, ids=lambda p: p.stem)
def test_bbppairings_pairs_the_export_as_the_product_does(alice, path, tmp_path):
    event = event_for(path, alice)
    section = import_trf_section(event, "Open", path.read_text(), by=alice)
    players = {p.pairing_number: p for p in section.players.all()}
    withdraw_player(players[max(players)], section.rounds.count() + 1, by=alice)
    exported = tmp_path / "export.trf"
    exported.write_text(dumps(section_trf(section)))
    out = tmp_path / "out.txt"
    subprocess.run([BBPPAIRINGS, "--dutch", str(exported), "-p", str(out)], check=True)
    assert boards(pair_next_round(section, by=alice)) == pairs_of(out.read_text())


def line(number, name, sex, points, *blocks, rating=1500, fide_id="", birth=""):
    """A ``001`` line written by the product's writer (columns right by construction)."""
    cells = [RoundCell(opponent, colour, code) for opponent, colour, code in blocks]
    return player_line(
        TrfPlayer(
            number,
            name,
            sex,
            rating=rating,
            fide_id=fide_id,
            birth_date=birth,
            points=Decimal(points),
            rounds=cells,
        )
    )


# Round 1 without opponents: a full-point bye and the unplayed + - = of pairing programs.
UNPLAYED = "\n".join(
    [
        "012 Unplayed rounds",
        "XXR 4",
        line(1, "Ama", "m", "2", (None, "-", "F"), (2, "w", "1")),
        line(2, "Kofi", "w", "0", (None, "-", "-"), (1, "b", "0")),
        line(3, "Esi", "", "1.5", (None, "-", "="), (4, "b", "1")),
        line(4, "Yaw", "m", "1", (None, "-", "+"), (3, "w", "0")),
    ]
)


def test_a_full_point_bye_and_results_without_opponent_import(alice):
    event = Tournament.objects.create(name="U", slug="u", rounds=4, bye_points=1)
    event.arbiters.add(alice)
    section = import_trf_section(event, "Open", UNPLAYED, by=alice)
    assert section.rounds.count() == 2
    byes = RequestedBye.objects.filter(player__section=section, round_number=1)
    # F and + are worth a point, = half a point, - nothing.
    assert {(b.player.pairing_number, b.points) for b in byes} == {
        (1, Decimal("1")),
        (2, Decimal("0")),
        (3, Decimal("0.5")),
        (4, Decimal("1")),
    }
    # A blank sex stays unknown.
    assert Player.objects.get(section=section, pairing_number=3).sex == ""
    exported = parse(dumps(section_trf(section)))
    assert [p.points for p in exported.players] == [
        Decimal("2"),
        Decimal("0"),
        Decimal("1.5"),
        Decimal("1"),
    ]


FORBIDDEN_AND_TEAMS = "\n".join(
    [
        "012 Teams",
        "XXR 3",
        "XXP 1 4",
        line(1, "Ama", "m", "0", rating=1500, fide_id="12345678", birth="1990/01/02"),
        line(2, "Kofi", "w", "0", rating=1400),
        line(3, "Esi", "m", "0", rating=1300),
        line(4, "Yaw", "m", "0", rating=1200),
        line(5, "Kojo", "m", "0", rating=1100),
        line(6, "Abena", "m", "0", rating=1000),
        "013 Nigeria                         2    5",
    ]
)


def test_forbidden_pairs_and_teams_keep_players_apart(alice):
    event = Tournament.objects.create(name="T", slug="t", rounds=3, bye_points=1)
    event.arbiters.add(alice)
    section = import_trf_section(event, "Open", FORBIDDEN_AND_TEAMS, by=alice)
    assert section.forbidden_pairs == [[1, 4]]
    team = event.teams.get()
    assert team.name == "Nigeria"
    assert sorted(team.players.values_list("pairing_number", flat=True)) == [2, 5]
    ama = section.players.get(pairing_number=1)
    assert (ama.identity_number, ama.birth_date) == ("12345678", "1990/01/02")
    # Without the two constraints the Dutch system pairs 1-4, 2-5, 3-6 in round 1.
    pairs = {frozenset(p) for p in boards(pair_next_round(section, by=alice))}
    assert frozenset({1, 4}) not in pairs and frozenset({2, 5}) not in pairs
    exported = parse(dumps(section_trf(section)))
    assert sorted(map(sorted, exported.forbidden_pairs)) == [[1, 4], [2, 5]]


TEAM_RECORDS_AND_ACCELERATION = "\n".join(
    [
        "012 TRF-2026 teams",
        "XXR 5",
        "XXC black1",
        line(1, "Ama", "m", "0", rating=1500),
        line(2, "Kofi", "w", "0", rating=1400),
        line(3, "Esi", "m", "0", rating=1300),
        line(4, "Yaw", "m", "0", rating=1200),
        # TRF26 team record: number 5-7, name 9-40, members from column 74 every 5.
        "310   1 Accra Lions" + " " * 52 + "   1    3",
        "XXA    1  1.0  1.0  0.0",
        "XXA    2  1.0  0.5",
    ]
)


def test_trf26_team_records_acceleration_and_initial_colour_are_kept(alice):
    event = Tournament.objects.create(name="A", slug="a", rounds=5, bye_points=1)
    event.arbiters.add(alice)
    section = import_trf_section(event, "Open", TEAM_RECORDS_AND_ACCELERATION, by=alice)
    team = event.teams.get()
    assert team.name == "Accra Lions"
    assert sorted(team.players.values_list("pairing_number", flat=True)) == [1, 3]
    assert letter_of(section.initial_side) == "N"
    exported = parse(dumps(section_trf(section)))
    assert exported.acceleration == {
        1: [Decimal("1"), Decimal("1"), Decimal("0")],
        2: [Decimal("1"), Decimal("0.5")],
    }
    assert exported.initial_colour == "b" and exported.forbidden_pairs == [[1, 3]]
    # Round 1 as the file's program pairs it: 1 (with a virtual point) is not paired with 3.
    pairs = {frozenset(p) for p in boards(pair_next_round(section, by=alice))}
    assert frozenset({1, 3}) not in pairs


@pytest.mark.parametrize("path", TO_PAIR, ids=lambda p: p.stem)
def test_check_re_pairs_the_completed_rounds_and_ignores_next_round_markers(path):
    # bbp-dutch_2025_C5 ends with a column of `0000 - Z`: re-pairing it as a round would fail.
    run = subprocess.run(
        [sys.executable, "-m", "tournaments.pairing", "--dutch", str(path), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    assert f"all {parse_file(path).rounds_completed} rounds agree" in run.stdout
