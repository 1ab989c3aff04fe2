"""Public pages over real HTTP requests: pairings, standings, crosstable, teams, players, games."""

import pytest
from django.utils.html import escape

from tournaments.models import GameRecord, Pairing, Round, Tournament
from tournaments.services.rounds import pair_next_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


def page(client, url) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def test_the_section_page_shows_the_last_published_round(client, demo):
    html = page(client, "/t/demo/men/")
    assert "Round 5" in html
    last = demo.sections.get(slug="men").rounds.get(number=5)
    for pairing in last.pairings.select_related("south", "north"):
        assert pairing.south.name in html


def test_a_draft_round_is_not_shown(client, demo):
    men = demo.sections.get(slug="men")
    pair_next_round(men, by=demo.arbiters.get())
    assert client.get("/t/demo/men/round/6/").status_code == 404
    assert "Round 6" not in page(client, "/t/demo/men/")


def test_the_engine_explains_each_board_to_the_arbiter_only(client, demo):
    assert "preference" not in page(client, "/t/demo/men/round/2/")
    client.force_login(demo.arbiters.get())
    assert "preference" in page(client, "/t/demo/arbiter/men/round/2/")


def test_the_standings_show_every_player_with_the_tiebreaks(client, demo):
    html = page(client, "/t/demo/women/standings/")
    for code in ("PTS", "DE", "PS", "BH", "SB"):
        assert f">{code}<" in html
    for player in demo.sections.get(slug="women").players.all():
        assert player.name in html
    assert "after round 5" in html


def test_the_crosstable_has_a_column_per_round(client, demo):
    html = page(client, "/t/demo/men/crosstable/")
    assert ">R5<" in html and ">R6<" not in html
    assert '<td title="">U</td>' in html  # the pairing-allocated bye after the withdrawal


def test_team_standings_per_section_and_combined(client, demo):
    html = page(client, "/t/demo/teams/")
    assert html.count("<table") == 3
    for team in demo.teams.all():
        assert escape(team.name) in html
    assert "Combined" in html


def test_a_player_page_lists_his_games(client, demo):
    html = page(client, "/t/demo/men/player/1/")
    assert html.count("<tr>") == 1 + 5  # header and five rounds


def test_a_game_with_a_record_is_replayed_on_a_board(client, demo):
    game = GameRecord.objects.select_related("pairing").first().pairing
    start = page(client, f"/t/demo/game/{game.pk}/")
    final = page(client, f"/t/demo/game/{game.pk}/?ply=999")
    assert 'class="ow-board"' in final and "ply 0 of" in start
    assert start.count(">4</span>") == 12  # the viewer starts with four seeds in every pit
    assert 'class="game-over"' in final and 'class="game-over"' not in start


def test_unknown_pages_are_not_found(client, demo):
    assert client.get("/t/nothing/").status_code == 404
    assert client.get("/t/demo/juniors/standings/").status_code == 404
    assert client.get("/t/demo/men/player/999/").status_code == 404
    bye = Pairing.objects.filter(north__isnull=True).first()
    assert client.get(f"/t/demo/game/{bye.pk}/").status_code == 404


def test_pages_fit_a_phone(client, demo):
    html = page(client, "/t/demo/men/standings/")
    assert 'name="viewport" content="width=device-width' in html
    assert 'class="table-wrap' in html  # wide tables scroll inside their box


def test_an_unpublished_tournament_is_hidden(client, demo):
    Tournament.objects.filter(pk=demo.pk).update(published=False)
    assert client.get("/t/demo/").status_code == 404
    assert client.get("/t/demo/men/standings/").status_code == 404
    assert Round.objects.exists()


def test_tiebreak_names_and_settings_help_come_from_the_registry(tournament):
    from tournaments.forms import TournamentForm
    from tournaments.templatetags.tournament_tags import tiebreak_name, tiebreak_value

    assert tiebreak_name("BH-C1") == "Buchholz, cut 1"
    assert tiebreak_name("LGS") == "seeds in lost games"
    assert tiebreak_name("XYZ") == "XYZ"
    assert tiebreak_value("SB", 12.25) == "12.25"
    form = TournamentForm(instance=tournament)
    assert "AOB average of opponents' Buchholz" in form.fields["tiebreaks"].help_text
    assert "TP team points" not in form.fields["tiebreaks"].help_text
    assert "TP team points" in form.fields["team_tiebreaks"].help_text
