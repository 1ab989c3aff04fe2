"""A player reports a problem with one of his games; the arbiter answers it on the event's page,
and the event goes on meanwhile. The page also shows each account's no-shows."""

import pytest

from online.models import Dispute
from oware.endings import Ending
from oware.sides import Side
from tests.online.helpers import new_event, organiser, player_user, start, token_client
from tournaments.models import Round
from tournaments.services.results import ResultEntry, record_result

pytestmark = pytest.mark.django_db

ENTRIES = "/api/v1/tournaments/online-open/open/entries/"


@pytest.fixture
def running(client):
    """An online event of four players with round 1 published: the organiser, the players'
    clients, and the first game."""
    boss = organiser()
    boss_api = token_client(boss)
    new_event(boss_api, rounds=3)
    players = {}
    for name in ("a", "b", "c", "d"):
        api = token_client(player_user(name))
        api.post(ENTRIES, {}, format="json")
        players[name] = api
    start(boss_api)
    game = Round.objects.get().pairings.order_by("board").first()
    return boss, players, game


def reports_of(slug: str, game) -> str:
    return f"/api/v1/tournaments/{slug}/games/{game.pk}/disputes/"


def player_api(players, player):
    return players[player.name]


def test_a_player_reports_a_problem_with_his_game_and_the_arbiter_answers_it(client, running):
    boss, players, game = running
    mine = player_api(players, game.south)
    response = mine.post(
        reports_of("online-open", game), {"text": "My opponent's clock froze."}, format="json"
    )
    assert response.status_code == 201, response.content
    assert response.json()["game"] == game.pk
    client.force_login(boss)
    page = client.get("/t/online-open/arbiter/online/")
    assert page.status_code == 200
    assert "My opponent&#x27;s clock froze." in page.content.decode()
    dispute = Dispute.objects.get()
    answered = client.post(
        f"/t/online-open/arbiter/online/reports/{dispute.pk}/", {"answer": "Checked: fine."}
    )
    assert answered.status_code == 302
    dispute.refresh_from_db()
    assert not dispute.is_open and dispute.closed_by == boss and dispute.answer == "Checked: fine."
    assert "Checked: fine." in client.get("/t/online-open/arbiter/online/").content.decode()


def test_a_player_may_not_report_a_game_he_did_not_play(running):
    _boss, players, game = running
    others = [name for name in players if name not in (game.south.name, game.north.name)]
    response = players[others[0]].post(
        reports_of("online-open", game), {"text": "Not my game."}, format="json"
    )
    assert response.status_code == 403 and response.json()["code"] == "not_your_game"
    assert not Dispute.objects.exists()


def test_the_page_counts_each_accounts_no_shows(client, running):
    boss, _players, game = running
    record_result(game, ResultEntry(ending=Ending.FORFEIT, decided_by=Side.NORTH), by=boss)
    client.force_login(boss)
    page = client.get("/t/online-open/arbiter/online/").content.decode()
    row = next(line for line in page.splitlines() if f"<td>{game.north.name}</td>" in line)
    assert row.rstrip().endswith("<td>1</td></tr>")


def test_the_page_of_a_tournament_at_the_board_says_so(alice_client, tournament):
    page = alice_client.get(f"/t/{tournament.slug}/arbiter/online/")
    assert page.status_code == 200
    assert "not online" in page.content.decode()


def test_the_page_and_a_refusal_speak_the_readers_language(client, running):
    boss, players, game = running
    client.force_login(boss)
    page = client.get("/t/online-open/arbiter/online/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "Signalements des joueurs" in page.content.decode()
    stranger = token_client(player_user("zoe"))
    refused = stranger.post(
        "/api/v1/tournaments/online-open/open/check-in/", HTTP_ACCEPT_LANGUAGE="pt"
    )
    assert refused.json()["message"] == "Não está inscrito em Online Open."


def test_the_dashboard_leads_to_the_online_page(alice_client, tournament):
    page = alice_client.get(f"/t/{tournament.slug}/arbiter/").content.decode()
    assert f'href="/t/{tournament.slug}/arbiter/online/"' in page
