"""Prize categories of a section (women of an open section, rating groups, juniors by birth
year, each team's best board): defined by the arbiter, checked, and listed in the order of the
section's standings."""

import pytest

from oware.sides import Side
from tournaments.models import PrizeCategory, Round, Section, Team, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.prizes import add_category, prize_list
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round, publish_round
from tournaments.services.standings import section_standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_section(tournament, make_player, alice):
    """An open section of eight after one round: every South wins."""
    group = tournament.sections.create(name="Open", slug="open", numbered=True)
    ghana = Team.objects.create(tournament=tournament, name="Ghana", code="GHA")
    togo = Team.objects.create(tournament=tournament, name="Togo", code="TOG")
    people = [
        ("Kofi", "m", 2100, "1990/01/02", ghana),
        ("Ama", "w", 2050, "2009/05/01", ghana),
        ("Yaw", "m", 1990, "", togo),
        ("Esi", "w", 1900, "2011", togo),
        ("Kossi", "m", 1850, "2008/12/31", None),
        ("Akua", "w", 1700, "1975/03/03", None),
        ("Edem", "m", 1650, "2010/07/07", None),
        ("Afi", "w", None, "", None),
    ]
    for number, (name, sex, rating, born, team) in enumerate(people, start=1):
        make_player(name, number, sex=sex, rating=rating, birth_date=born, team=team, section=group)
    round_ = publish_round(pair_next_round(group, by=alice), by=alice)
    for pairing in round_.pairings.all():
        entry = ResultEntry(
            ending="time", south_seeds=20, north_seeds=10, decided_by=Side.NORTH, stores_at_end=True
        )
        record_result(pairing, entry, by=alice)
    return group


def names(listed):
    return [row.player.name for row in listed.rows]


def test_each_category_follows_the_sections_standings(open_section, alice):
    add_category(open_section, by=alice, name="Women", kind="women", prizes=3)
    add_category(open_section, by=alice, name="U2000", kind="rating", max_rating=1999)
    add_category(open_section, by=alice, name="Juniors", kind="juniors", born_from=2008, prizes=5)
    add_category(open_section, by=alice, name="Teams", kind="team_best", prizes=5)
    order = [player.name for _place, player, _values in section_standings(open_section).rows()]
    table, (women, rating, juniors, teams) = prize_list(open_section)

    def ranked(selected):
        return [name for name in order if name in selected]

    assert names(women) == ranked({"Ama", "Esi", "Akua", "Afi"})[:3]
    assert names(rating) == ranked({"Yaw", "Esi", "Kossi", "Akua", "Edem"})[:3]
    assert names(juniors) == ranked({"Ama", "Esi", "Kossi", "Edem"})
    best_of = {}
    for name in order:
        team = {"Kofi": "GHA", "Ama": "GHA", "Yaw": "TOG", "Esi": "TOG"}.get(name)
        if team and team not in best_of:
            best_of[team] = name
    assert names(teams) == list(best_of.values())
    assert [row.prize for row in juniors.rows] == [1, 2, 3, 4]
    assert table.after_round == 1


@pytest.mark.parametrize(
    "fields, case, field",
    [
        ({"kind": "rating"}, "no_rating", "min_rating"),
        ({"kind": "rating", "min_rating": 2000, "max_rating": 1800}, "rating_order", "max_rating"),
        ({"kind": "juniors"}, "no_year", "born_from"),
        ({"kind": "juniors", "born_from": 1850}, "year_range", "born_from"),
        ({"kind": "women", "min_rating": 1500}, "unused", "min_rating"),
        ({"kind": "team_best", "born_from": 2000}, "unused", "born_from"),
    ],
)
def test_a_category_that_cannot_work_is_refused(open_section, alice, fields, case, field):
    with pytest.raises(ServiceError) as refused:
        add_category(open_section, by=alice, name="X", **fields)
    assert (refused.value.code, refused.value.case, refused.value.field) == (
        "prize_category",
        case,
        field,
    )
    assert not PrizeCategory.objects.exists()


def test_a_womens_category_needs_a_section_open_to_women(tournament, alice):
    men = tournament.sections.create(name="Men", slug="men-only", sex=Section.Kind.MEN)
    women = tournament.sections.create(name="Women", slug="women", sex=Section.Kind.WOMEN)
    with pytest.raises(ServiceError) as refused:
        add_category(men, by=alice, name="Ladies", kind="women")
    assert refused.value.message == "Men is a section of men: a women's category would be empty."
    with pytest.raises(ServiceError) as refused:
        add_category(women, by=alice, name="Ladies", kind="women")
    assert refused.value.case == "women_in_women"


def test_a_name_is_used_once_per_section(open_section, alice):
    add_category(open_section, by=alice, name="Women", kind="women")
    with pytest.raises(ServiceError) as refused:
        add_category(open_section, by=alice, name="Women", kind="women")
    assert refused.value.message == "Open already has a category named Women."


def test_only_an_arbiter_defines_categories(open_section, charlie):
    with pytest.raises(ServiceError) as refused:
        add_category(open_section, by=charlie, name="Women", kind="women")
    assert refused.value.code == "forbidden"


def test_the_arbiter_page_adds_refuses_and_deletes(alice_client, open_section):
    page = alice_client.post(
        "/t/accra/arbiter/prizes/",
        {"section": open_section.pk, "name": "Rated", "kind": "rating", "prizes": 3},
    ).content.decode()
    assert "A rating group needs a lowest rating, a highest, or both." in page
    alice_client.post(
        "/t/accra/arbiter/prizes/",
        {
            "section": open_section.pk,
            "name": "Rated",
            "kind": "rating",
            "min_rating": 1800,
            "prizes": 3,
        },
    )
    category = PrizeCategory.objects.get()
    alice_client.post("/t/accra/arbiter/prizes/delete/", {"category": category.pk})
    assert PrizeCategory.objects.exists()
    alice_client.post("/t/accra/arbiter/prizes/delete/", {"category": category.pk, "confirm": "on"})
    assert not PrizeCategory.objects.exists()


def test_the_public_prize_list_prints_each_category(client, open_section, alice):
    add_category(open_section, by=alice, name="Women", kind="women", prizes=2)
    page = client.get("/t/accra/open/prizes/").content.decode()
    assert "Prize list" in page and "Women" in page and "the women of the section" in page
    assert page.count('<tr><td class="num">') == 2
    assert "data-print" in page


def test_the_demo_shows_a_prize_list(client, monkeypatch, copy_demo):
    from django.core.management import call_command

    copy_demo()
    monkeypatch.setenv("DEMO_PASSWORD", "demo-password-1")
    call_command("loaddemo")  # a second load keeps one of each category
    demo = Tournament.objects.get(slug="demo")
    assert PrizeCategory.objects.filter(section__tournament=demo).count() == 6
    page = client.get("/t/demo/men/prizes/").content.decode()
    assert "Under 1800" in page and "Best of each team" in page
    assert Round.objects.filter(section__tournament=demo).exists()
