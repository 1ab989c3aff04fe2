"""Round-robin sections: created by the arbiter, paired by the Berger schedule, shown in advance."""

import pytest
from django.contrib.auth.models import Permission

from oware.sides import Side
from tournaments.models import Player, Round, Seat, Tournament
from tournaments.models.sides import BYE
from tournaments.pairing.berger import berger_schedule
from tournaments.services.errors import ServiceError
from tournaments.services.registration import register_player, withdraw_player
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round, publish_round, replace_draft_boards
from tournaments.services.standings import section_standings

pytestmark = pytest.mark.django_db

NAMES = ["Ama", "Kofi", "Yaw", "Afi", "Kwame", "Esi"]


@pytest.fixture
def round_robin(section, tournament):
    section.pairing_system = "round-robin"
    section.save()
    tournament.tiebreaks = "PTS,DE,SB,WIN"
    tournament.rounds = 5
    tournament.save()
    return section


@pytest.fixture
def five(round_robin, make_player):
    return [make_player(name, number) for number, name in enumerate(NAMES[:5], start=1)]


def boards(round_):
    return [
        (p.south.pairing_number, p.north.pairing_number if p.north else None)
        for p in round_.pairings.select_related("south", "north")
    ]


def expected(players, cycles, number):
    scheduled = berger_schedule(players, cycles)[number - 1]
    bye = [(scheduled.bye, None)] if scheduled.bye is not None else []
    return list(scheduled.boards) + bye


def finish(round_, by, ending="capture"):
    """Publish `round_`; South wins every game (or North is absent with `ending="forfeit"`)."""
    publish_round(round_, by=by)
    entry = (
        ResultEntry(ending="forfeit", decided_by=Side.NORTH)
        if ending == "forfeit"
        else ResultEntry(ending="capture", south_seeds=25, north_seeds=10)
    )
    for pairing in round_.pairings.filter(north__isnull=False):
        record_result(pairing, entry, by=by)


def test_the_arbiter_creates_a_round_robin_and_gets_its_tie_breaks(client, django_user_model):
    organiser = django_user_model.objects.create_user("olga", password="olga-password-1")
    organiser.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client.force_login(organiser)
    form = {
        "name": "Club championship",
        "slug": "club",
        "rounds": "9",
        "minutes_per_player": "20",
        "clock_warning_minutes": "3",
        "variant": "abapa",
        "bye_points": "0",
        "tiebreaks": "PTS,DE,PS,BH,SB",
        "team_tiebreaks": "TP,LGS,PS,BH,SB",
        "status": "registration",
        "published": "on",
        "sections": "Open",
        "pairing_system": "double-round-robin",
    }
    assert "Round robin (Berger tables)" in client.get("/new-tournament/").content.decode()
    response = client.post("/new-tournament/", form)
    assert response.status_code == 302
    club = Tournament.objects.get(slug="club")
    assert club.sections.get().pairing_system == "double-round-robin"
    assert club.tiebreaks == "PTS,DE,SB,WIN"  # no Buchholz in a round robin
    response = client.post("/new-tournament/", form | {"slug": "other", "pairing_system": "x"})
    assert response.status_code == 200 and not Tournament.objects.filter(slug="other").exists()


def test_every_round_follows_the_berger_table_to_the_end(five, alice):
    for number in range(1, 6):
        round_ = pair_next_round(five[0].section, by=alice)
        assert boards(round_) == expected(5, 1, number)
        assert round_.pairings.first().explanation == f"Berger table, round {number}"
        finish(round_, alice)
    assert Seat.objects.filter(side=BYE).count() == 5  # each player sits out once
    with pytest.raises(ServiceError) as error:
        pair_next_round(five[0].section, by=alice)
    assert error.value.code == "tournament_over"
    table = section_standings(five[0].section)
    assert list(table.standings.tiebreaks) == ["PTS", "DE", "SB", "WIN"]
    assert len(list(table.rows())) == 5


def test_rounds_beyond_the_schedule_are_refused(round_robin, make_player, alice, tournament):
    tournament.rounds = 3
    tournament.save()
    for number, name in enumerate(NAMES[:2], start=1):
        make_player(name, number)
    finish(pair_next_round(round_robin, by=alice), alice)
    with pytest.raises(ServiceError) as error:
        pair_next_round(round_robin, by=alice)
    assert error.value.code == "pairing_impossible"
    assert "ends after round 1" in error.value.message


def test_a_withdrawn_players_games_stay_on_the_schedule_as_forfeits(five, alice):
    section = five[0].section
    finish(pair_next_round(section, by=alice), alice)
    withdraw_player(five[1], from_round=2, by=alice)
    round_ = pair_next_round(section, by=alice)
    assert boards(round_) == expected(5, 1, 2)  # 1–2 is still played, as a forfeit
    finish(round_, alice, ending="forfeit")
    assert round_.pairings.get(north__pairing_number=2).result.south_points == 1


def test_the_second_cycle_reverses_the_sides(round_robin, make_player, alice):
    round_robin.pairing_system = "double-round-robin"
    round_robin.save()
    for number, name in enumerate(NAMES[:4], start=1):
        make_player(name, number)
    paired = []
    for _ in range(5):
        round_ = pair_next_round(round_robin, by=alice)
        paired.append(boards(round_))
        finish(round_, alice)
    assert paired == [expected(4, 2, n) for n in range(1, 6)]
    assert paired[3] == [(4, 1), (3, 2)]
    assert round_.pairings.first().explanation.endswith("second cycle, sides reversed")


def test_a_draft_edit_is_checked_against_the_schedule(five, alice):
    section = five[0].section
    finish(pair_next_round(section, by=alice), alice)
    draft = pair_next_round(section, by=alice)
    edit = replace_draft_boards(draft, [(2, 5), (3, 4), (1, None)], by=alice, confirm=False)
    assert not edit.saved and edit.equals_dutch is False
    assert edit.findings == [
        "2. Kofi and 5. Kwame have already played each other.",
        "3. Yaw and 4. Afi have already played each other.",
    ]
    edit = replace_draft_boards(draft, [(3, 5), (2, 1), (4, None)], by=alice, confirm=False)
    assert edit.saved and not edit.findings and edit.equals_dutch is False
    assert draft.pairings.first().explanation == "Edited by the arbiter"
    schedule = [(5, 3), (1, 2), (4, None)]
    edit = replace_draft_boards(draft, schedule, by=alice, confirm=False)
    assert edit.saved and edit.equals_dutch is True
    assert boards(draft) == schedule
    assert draft.pairings.first().explanation == "Berger table pairing"
    with pytest.raises(ServiceError) as error:
        replace_draft_boards(draft, [(5, 3), (1, 2)], by=alice, confirm=True)
    assert error.value.code == "impossible_pairing"


def test_the_public_sees_the_whole_schedule_before_round_one(client, five, tournament):
    html = client.get(f"/t/{tournament.slug}/men/").content.decode()
    assert "Round robin (Berger tables)" in html
    assert html.count('class="schedule-round"') == 5
    assert 'Kofi <span class="muted">(2)</span> – Kwame' in html  # round 1: 2–5
    schedule_page = client.get(f"/t/{tournament.slug}/men/schedule/")
    assert schedule_page.status_code == 200
    assert schedule_page.content.decode().count('class="schedule-round"') == 5


def test_the_schedule_stays_public_after_round_one(client, five, tournament, alice):
    round_ = pair_next_round(five[0].section, by=alice)
    publish_round(round_, by=alice)
    section_page = client.get(f"/t/{tournament.slug}/men/").content.decode()
    assert f"/t/{tournament.slug}/men/schedule/" in section_page
    html = client.get(f"/t/{tournament.slug}/men/schedule/").content.decode()
    assert "Ama: bye" in html


def test_a_swiss_section_has_no_schedule_page(client, section, tournament, make_player):
    make_player("Ama", 1)
    html = client.get(f"/t/{tournament.slug}/men/").content.decode()
    assert "FIDE Dutch (Swiss)" in html and "schedule-round" not in html
    assert client.get(f"/t/{tournament.slug}/men/schedule/").status_code == 404


def test_the_arbiter_sees_the_schedule_on_the_dashboard(client, five, tournament, alice):
    client.force_login(alice)
    html = client.get(f"/t/{tournament.slug}/arbiter/").content.decode()
    assert "Whole schedule" in html and html.count('class="schedule-round"') == 5
    assert Round.objects.count() == 0 and Player.objects.count() == 5


def test_nobody_joins_a_round_robin_once_round_one_is_paired(five, alice):
    pair_next_round(five[0].section, by=alice)
    with pytest.raises(ServiceError) as error:
        register_player(five[0].section, by=alice, name="Late", sex="m")
    assert error.value.code == "schedule_fixed"
    assert Player.objects.count() == 5
