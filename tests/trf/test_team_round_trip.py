"""A team tournament travels through TRF as a team tournament: the demo (two sections, teams of
two men and two women) exported section by section and imported into a fresh tournament has
the same teams with the same members, the same team standings, and pairs its next round as the
original does, team-mates apart."""

import pytest

from tests.trf.test_real_files import boards
from tournaments.demo import build_demo
from tournaments.models import Tournament
from tournaments.services.rounds import pair_next_round
from tournaments.services.standings import section_trf
from tournaments.services.teams import team_tables
from tournaments.services.trf_import import import_trf_section
from tournaments.trf import Player as TrfPlayer
from tournaments.trf import TrfError, dumps, parse, player_line
from tournaments.trf.model import Team as TrfTeam
from tournaments.trf.writer import team_line

pytestmark = pytest.mark.django_db

# Team tie-breaks a TRF file carries: it has a game's points but not its score in seeds, so the
# lost-games tie-break (LGS) can only come back through a backup (docs/trf.md).
TEAM_TIEBREAKS = "TP,PS,BH,SB"


def teams_of(tournament: Tournament) -> dict:
    return {
        team.name: (
            team.code,
            sorted((p.section.name, p.pairing_number, p.name) for p in team.players.all()),
        )
        for team in tournament.teams.prefetch_related("players__section")
    }


def standings_of(tournament: Tournament) -> list:
    tables = team_tables(tournament)
    rows = [
        [(place, team.name, values, points) for place, team, values, points in tables.rows(t)]
        for _section, t in tables.sections
    ]
    return rows + [
        [(p, team.name, v, r) for p, team, v, r in tables.rows(tables.combined)],
    ]


@pytest.fixture
def demo():
    tournament, _password = build_demo()
    tournament.team_tiebreaks = TEAM_TIEBREAKS
    tournament.save()
    return tournament


def test_the_demo_comes_back_from_trf_with_its_teams(demo, alice):
    copy = Tournament.objects.create(
        name="Copy",
        slug="copy",
        rounds=demo.rounds,
        bye_points=demo.bye_points,
        tiebreaks=demo.tiebreaks,
        team_tiebreaks=TEAM_TIEBREAKS,
        venue=demo.venue,
        start_date=demo.start_date,
        end_date=demo.end_date,
    )
    copy.arbiters.add(alice)
    files = {}
    for section in demo.sections.all():
        files[section.name] = dumps(section_trf(section, private=True))
        import_trf_section(copy, section.name, files[section.name], by=alice)
    # Each file holds its section's half of every team, as a TRF26 310 record.
    assert all(len(parse(text).teams) == demo.teams.count() for text in files.values())
    assert teams_of(copy) == teams_of(demo)
    assert standings_of(copy) == standings_of(demo)
    # The file's team-mates are kept apart by the teams, not a second time as forbidden pairs.
    assert all(section.forbidden_pairs == [] for section in copy.sections.all())
    for name in ("Men", "Women"):
        original = pair_next_round(demo.sections.get(name=name), by=demo.arbiters.get())
        imported = pair_next_round(copy.sections.get(name=name), by=alice)
        assert boards(imported) == boards(original)
        for pairing in imported.pairings.filter(north__isnull=False).select_related(
            "south", "north"
        ):
            assert pairing.south.team_id != pairing.north.team_id
    # Exported again, the copy writes the same files, but for the tournament's name.
    for section in copy.sections.all():
        again = dumps(section_trf(section, private=True))
        assert again.splitlines()[1:] == files[section.name].splitlines()[1:]


def section_file(sex: str) -> str:
    """Four players of one sex in two teams of two, TRF26 team records written by the writer."""
    players = [player_line(TrfPlayer(n, f"{sex.upper()}{n}", sex)) for n in (1, 2, 3, 4)]
    teams = [
        team_line(TrfTeam("Ghana", (1, 2), 1, "GHA")),
        team_line(TrfTeam("Togo", (3, 4), 2, "TOG")),
    ]
    return "\n".join(["012 T", "XXR 3", *players, *teams])


def test_a_second_section_joins_the_teams_of_the_first(alice):
    event = Tournament.objects.create(name="T", slug="t", rounds=3)
    event.arbiters.add(alice)
    import_trf_section(event, "Men", section_file("m"), by=alice)
    import_trf_section(event, "Women", section_file("w"), by=alice)
    ghana = [("Men", 1, "M1"), ("Men", 2, "M2"), ("Women", 1, "W1"), ("Women", 2, "W2")]
    togo = [("Men", 3, "M3"), ("Men", 4, "M4"), ("Women", 3, "W3"), ("Women", 4, "W4")]
    assert teams_of(event) == {"Ghana": ("GHA", ghana), "Togo": ("TOG", togo)}


def test_a_team_record_naming_no_player_is_refused_with_its_place():
    text = "\n".join(
        [
            "012 T",
            player_line(TrfPlayer(1, "Ama", "m")),
            player_line(TrfPlayer(2, "Kofi", "m")),
            team_line(TrfTeam("Ghana", (1, 7), 1, "GHA")),
        ]
    )
    with pytest.raises(TrfError) as refused:
        parse(text)
    # Members sit from column 74 every 5 columns: the second at 79.
    assert (refused.value.message_code, refused.value.line, refused.value.column) == (
        "unknown_player",
        4,
        79,
    )


def test_a_player_in_two_teams_is_refused_with_its_place():
    text = "\n".join(
        [
            "012 T",
            player_line(TrfPlayer(1, "Ama", "m")),
            player_line(TrfPlayer(2, "Kofi", "m")),
            "013 Ghana" + " " * 27 + "   1    2",
            "013 Togo" + " " * 28 + "   2",
        ]
    )
    with pytest.raises(TrfError) as refused:
        parse(text)
    # TRF16 013: name at 5-36, members from column 37.
    assert (refused.value.message_code, refused.value.line, refused.value.column) == (
        "two_teams",
        5,
        37,
    )
