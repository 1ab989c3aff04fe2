"""People and teams on the event day: team composition, edits, deletions, re-entry, imports."""

import pytest

from tournaments.models import Player, Team, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.events import delete_team, update_team
from tournaments.services.history import section_history
from tournaments.services.registration import (
    delete_player,
    import_players,
    read_import,
    reenter_player,
    register_player,
    update_player,
    withdraw_player,
)
from tournaments.services.rounds import pair_next_round, publish_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def ghana(tournament):
    return Team.objects.create(tournament=tournament, name="Ghana", code="GHA", coach="Kwame")


@pytest.fixture
def foreign_team(django_user_model):
    other = Tournament.objects.create(name="Lomé Open", slug="lome")
    return Team.objects.create(tournament=other, name="Togo", code="TOG")


def refusal(call, *args, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_a_team_of_another_tournament_is_refused_by_the_service(section, alice, foreign_team):
    error = refusal(register_player, section, by=alice, name="Kossi", sex="m", team=foreign_team)
    assert (error.code, error.field) == ("foreign_team", "team")
    assert "another tournament" in error.message
    assert not Player.objects.exists()


def test_a_team_of_another_tournament_is_refused_by_the_admin(admin_client, section, foreign_team):
    page = admin_client.post(
        "/admin/tournaments/player/add/",
        {
            "section": section.pk,
            "name": "Kossi",
            "sex": "m",
            "team": foreign_team.pk,
            "pairing_number": "1",
            "status": "active",
            "entry_round": "1",
            "late_entry_points": "0",
            "missed_rounds": "[]",
        },
    ).content.decode()
    assert "The team Togo belongs to another tournament." in page
    assert not Player.objects.exists()


def test_team_pages_answer_with_a_player_of_a_foreign_team_stored(
    client, section, make_player, foreign_team
):
    make_player("Kossi", 1, team=foreign_team)
    assert client.get("/t/accra/teams/").status_code == 200
    assert client.get("/t/accra/men/teams/").status_code == 200


def test_a_full_team_is_refused_with_the_quota_in_plain_words(section, alice, ghana):
    register_player(section, by=alice, name="Kofi", sex="m", team=ghana)
    register_player(section, by=alice, name="Yaw", sex="m", team=ghana)
    error = refusal(register_player, section, by=alice, name="Kwame", sex="m", team=ghana)
    assert (error.code, error.field) == ("team_full", "team")
    assert "already has 2 players in Men" in error.message
    assert section.players.count() == 2


def test_the_quota_is_a_tournament_setting(section, alice, ghana, tournament):
    tournament.players_per_team_per_section = 3
    tournament.save()
    for name in ["Kofi", "Yaw", "Kwame"]:
        register_player(section, by=alice, name=name, sex="m", team=ghana)
    assert section.players.filter(team=ghana).count() == 3


def test_a_section_with_a_sex_refuses_the_other(section, alice):
    section.sex = "w"
    section.save()
    error = refusal(register_player, section, by=alice, name="Kofi", sex="m")
    assert (error.code, error.field) == ("wrong_sex", "sex")


def test_the_registration_page_shows_the_refusal_beside_the_team(
    alice_client, section, alice, ghana
):
    register_player(section, by=alice, name="Kofi", sex="m", team=ghana)
    register_player(section, by=alice, name="Yaw", sex="m", team=ghana)
    page = alice_client.post(
        "/t/accra/arbiter/men/players/",
        {"action": "register", "name": "Kwame", "sex": "m", "team": ghana.pk},
    ).content.decode()
    team_field = page.index('name="team"')
    message = page.index("already has 2 players in Men")
    assert page.rindex("<form", 0, message) == page.rindex("<form", 0, team_field)


def test_a_duplicate_name_is_registered_with_a_warning(alice_client, section, make_player):
    make_player("Kofi Mensah", 1)
    page = alice_client.post(
        "/t/accra/arbiter/men/players/",
        {"action": "register", "name": "kofi  mensah", "sex": "m"},
        follow=True,
    ).content.decode()
    assert "was already registered in this section as #1" in page
    assert section.players.count() == 2


def test_drop_downs_name_a_player_with_number_team_and_rating(
    alice_client, section, make_player, ghana
):
    make_player("Kofi", 1, team=ghana, rating=1850)
    page = alice_client.get("/t/accra/arbiter/men/players/").content.decode()
    assert "#1 Kofi (GHA, 1850)</option>" in page


def test_a_name_is_fixed_at_any_time(alice_client, section, players, alice):
    pair_next_round(section, by=alice)
    response = alice_client.post(
        "/t/accra/arbiter/men/players/1/", {"name": "Ama Owusu", "sex": "m", "rating": "1950"}
    )
    assert response.status_code == 302
    assert Player.objects.get(pairing_number=1).name == "Ama Owusu"


def test_an_edit_keeps_the_team_rules(section, alice, ghana, make_player, foreign_team):
    player = make_player("Kofi", 1)
    error = refusal(update_player, player, by=alice, team=foreign_team)
    assert error.code == "foreign_team"
    assert Player.objects.get(pk=player.pk).team is None


def test_a_player_is_deleted_only_before_the_section_is_paired(section, players, alice):
    delete_player(players[-1], by=alice)
    assert section.players.count() == 5
    pair_next_round(section, by=alice)
    error = refusal(delete_player, players[0], by=alice)
    assert error.code == "rounds_exist"
    assert section.players.count() == 5


def test_a_team_is_edited_and_deleted_before_its_players_are_paired(section, players, alice, ghana):
    update_team(ghana, by=alice, name="Ghana A")
    assert Team.objects.get(pk=ghana.pk).name == "Ghana A"
    update_player(players[0], by=alice, team=ghana)
    pair_next_round(section, by=alice)
    assert refusal(delete_team, ghana, by=alice).code == "rounds_exist"
    other = Team.objects.create(tournament=ghana.tournament, name="Togo", code="TOG")
    delete_team(other, by=alice)
    assert not Team.objects.filter(pk=other.pk).exists()


def test_a_duplicate_team_code_is_refused_without_a_constraint_name(
    alice_client, tournament, ghana
):
    other = Team.objects.create(tournament=tournament, name="Togo", code="TOG", coach="Ama")
    error = refusal(update_team, other, by=tournament.arbiters.get(), code="GHA")
    assert error.field in ("__all__", "code")
    assert "team_code_unique" not in error.message
    page = alice_client.post(
        f"/t/accra/arbiter/teams/{other.pk}/", {"name": "Togo", "code": "GHA", "coach": "Ama"}
    ).content.decode()
    assert "already exists" in page
    assert "team_code_unique" not in page


def test_a_re_entered_player_is_absent_in_the_rounds_between(section, players, alice):
    withdraw_player(players[5], 1, by=alice)
    round_1 = pair_next_round(section, by=alice)
    assert not round_1.seats.filter(player=players[5]).exists()
    publish_round(round_1, by=alice)
    error = refusal(reenter_player, players[5], 1, by=alice)
    assert error.code == "round_exists"
    player = reenter_player(players[5], 2, by=alice)
    assert player.missed_rounds == [1]
    assert player.is_paired_in(2) and not player.is_paired_in(1)
    row = section_history(section, 1).player(player.pairing_number)
    assert row.rounds[0].outcome.is_absence


def test_a_re_entry_shows_on_the_players_page(alice_client, section, players, alice):
    withdraw_player(players[5], 1, by=alice)
    alice_client.post(
        "/t/accra/arbiter/men/players/",
        {"action": "reenter", "player": players[5].pk, "from_round": "2"},
    )
    page = alice_client.get("/t/accra/arbiter/men/players/").content.decode()
    assert "absent in rounds 1" in page


CSV_WITH_A_BAD_ROW = """nom;sexe;classement;titre;fédération;équipe
Kofi Mensah;H;1800;;GHA;GHA
Ama Owusu;x;1750;;GHA;GHA
"""


def test_an_import_with_a_bad_row_stores_nothing(section, alice, ghana):
    rows = read_import(CSV_WITH_A_BAD_ROW, "csv")
    error = refusal(import_players, section, rows, by=alice)
    assert error.code == "import_errors"
    assert [row.line for row in rows if row.errors] == [3]
    assert "neither m nor w" in rows[1].errors[0]
    assert not Player.objects.exists()


def test_the_fixed_file_is_imported_with_its_teams(section, alice, ghana):
    fixed = CSV_WITH_A_BAD_ROW.replace(";x;", ";F;")
    players = import_players(section, read_import(fixed, "csv"), by=alice)
    assert [(p.name, p.sex, p.rating, p.team) for p in players] == [
        ("Kofi Mensah", "m", 1800, ghana),
        ("Ama Owusu", "w", 1750, ghana),
    ]


def test_an_import_beyond_the_team_quota_is_refused(section, alice, ghana):
    text = "name,sex,team\nA,m,GHA\nB,m,GHA\nC,m,GHA\nD,m,XYZ\n"
    rows = read_import(text, "csv")
    assert refusal(import_players, section, rows, by=alice).code == "import_errors"
    assert [row.line for row in rows if row.errors] == [4]
    assert not Player.objects.exists()


def test_players_are_imported_from_a_trf_file(section, alice):
    trf = (
        "012 Accra Open\n"
        "001    1 m    Kofi Mensah                       1800 GHA             "
        "          0.0    1\n"
        "001    2 w    Ama Owusu                         1750 GHA             "
        "          0.0    2\n"
    )
    players = import_players(section, read_import(trf, "trf"), by=alice)
    assert [(p.name, p.sex, p.rating) for p in players] == [
        ("Kofi Mensah", "m", 1800),
        ("Ama Owusu", "w", 1750),
    ]


def test_the_import_page_previews_then_imports(alice_client, section, ghana):
    from django.core.files.uploadedfile import SimpleUploadedFile

    bad = SimpleUploadedFile("players.csv", CSV_WITH_A_BAD_ROW.encode())
    page = alice_client.post(
        "/t/accra/arbiter/men/players/import/", {"kind": "csv", "file": bad}
    ).content.decode()
    assert "neither m nor w" in page and 'name="confirm"' not in page
    good = SimpleUploadedFile("players.csv", CSV_WITH_A_BAD_ROW.replace(";x;", ";F;").encode())
    page = alice_client.post(
        "/t/accra/arbiter/men/players/import/", {"kind": "csv", "file": good}
    ).content.decode()
    assert 'name="confirm"' in page
    assert not Player.objects.exists()
    content = CSV_WITH_A_BAD_ROW.replace(";x;", ";F;")
    response = alice_client.post(
        "/t/accra/arbiter/men/players/import/",
        {"kind": "csv", "content": content, "confirm": "1"},
    )
    assert response.status_code == 302
    assert section.players.count() == 2


def test_the_demo_shows_a_re_entered_player(copy_demo):

    copy_demo()
    player = Player.objects.get(section__slug="women", pairing_number=8)
    assert player.missed_rounds == [2, 3]
    assert sorted(player.seats.values_list("round__number", flat=True)) == [1, 4, 5]
    assert player.section.sex == "w"


def test_a_section_is_closed_to_one_sex_only_without_the_other_in_it(
    alice_client, section, make_player
):
    alice_client.post("/t/accra/arbiter/men/players/", {"action": "sex", "sex": "m"})
    section.refresh_from_db()
    assert section.sex == "m"
    make_player("Kofi", 1)
    page = alice_client.post(
        "/t/accra/arbiter/men/players/", {"action": "sex", "sex": "w"}
    ).content.decode()
    assert "Players of the other sex are registered in Men." in page
    section.refresh_from_db()
    assert section.sex == "m"


def test_a_trf_registration_keeps_identity_birth_date_and_an_unknown_sex(section, alice):
    trf = (
        "012 Accra Open\n"
        "001    1      Kofi Mensah                       1800 GHA    12345678 1990/04/12"
        "  0.0    1\n"
    )
    [player] = import_players(section, read_import(trf, "trf"), by=alice)
    assert (player.sex, player.identity_number, player.birth_date) == (
        "",
        "12345678",
        "1990/04/12",
    )


def test_an_import_creates_the_teams_it_names(alice_client, section, alice, ghana):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = "name,sex,team\nA,m,GHA\nB,m,TOG\nC,m,tog\nD,m,BEN\n"
    upload = SimpleUploadedFile("players.csv", text.encode())
    page = alice_client.post(
        "/t/accra/arbiter/men/players/import/", {"kind": "csv", "file": upload}
    ).content.decode()
    # The preview says which teams will be created (one per code, whatever its case).
    assert "Teams the import will create" in page and "TOG, BEN" in page
    assert 'name="confirm"' in page
    assert not Team.objects.filter(code__in=["TOG", "BEN"]).exists()
    players = import_players(section, read_import(text, "csv"), by=alice)
    togo = Team.objects.get(code="TOG")
    assert (togo.name, togo.tournament_id) == ("TOG", section.tournament_id)
    assert [p.team.code for p in players] == ["GHA", "TOG", "TOG", "BEN"]


def test_a_created_team_keeps_the_team_composition_rules(section, alice):
    # Two players per team and section: a third player of a new team is refused, and nothing
    # (neither the players nor the teams) is stored.
    text = "name,sex,team\nA,m,TOG\nB,m,TOG\nC,m,TOG\nD,m,A-TEAM-CODE-TOO-LONG\n"
    rows = read_import(text, "csv")
    assert refusal(import_players, section, rows, by=alice).code == "import_errors"
    assert [row.line for row in rows if row.errors] == [4, 5]
    assert "would have more than 2 players" in rows[2].errors[0]
    assert "cannot be created" in rows[3].errors[0]
    assert not Team.objects.exists() and not Player.objects.exists()
