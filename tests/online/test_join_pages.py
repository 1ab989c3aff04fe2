"""An online event's players on the website, signed in with their accounts and no token: the
event's page (/t/<slug>/join/) enters them and checks them in through the services the API
calls, a remote game's page sends their reports to the arbiters, and every refusal is a message
on the page in the reader's language with nothing stored."""

import re
from html import unescape

import pytest

from online.models import CheckIn, Dispute, Entry, OnlineEvent
from tests.browser.test_every_page_translated import english_sentences, untranslated_in
from tests.online.helpers import new_event, organiser, player_user, start, token_client
from tests.security.world import snapshot
from tournaments.models import Player, Round

pytestmark = pytest.mark.django_db

PAGE = "/t/online-open/join/"
CHECK_IN = "/t/online-open/join/check-in/"


def report_url(game) -> str:
    return f"/t/online-open/remote/{game.pk}/report/"


def text(response) -> str:
    return unescape(response.content.decode())


@pytest.fixture
def boss_api():
    return token_client(organiser())


@pytest.fixture
def event(boss_api):
    new_event(boss_api, rounds=3, clock_minutes=15, increment_seconds=5, check_in=True)
    return OnlineEvent.objects.get()


def signed_in(client, name: str):
    client.force_login(player_user(name))
    return client


def join(client, name: str = "", **headers):
    return client.post(PAGE, {"name": name}, follow=True, **headers)


def reading(client, language: str):
    """The reader's own choice of language (the switcher's cookie), over his account's."""
    client.cookies["django_language"] = language
    return client


def test_the_page_shows_the_entry_window_the_clock_the_rounds_and_the_players(client, event):
    token_client(player_user("ama")).post(
        "/api/v1/tournaments/online-open/open/entries/", {"name": "Ama Owusu"}, format="json"
    )
    page = client.get(PAGE)
    assert page.status_code == 200
    body = text(page)
    assert "until the start" in body and "late entries until half the rounds" in body
    assert "15 min + 5 s a move" in body
    assert '<dd class="rounds">3</dd>' in body
    assert "Ama Owusu" in body and "Players entered" in body
    # A visitor is led to sign in, and brought back here.
    assert 'href="/account/player/sign-in/?next=/t/online-open/join/"' in body
    assert "<form" not in body.split("my-entry-heading")[1].split("</section>")[0]


def test_a_signed_in_player_joins_with_the_button(client, event):
    signed_in(client, "kofi")
    assert '<button type="submit">Join</button>' in text(client.get(PAGE))
    page = join(client, "Kofi Boateng")
    assert page.redirect_chain == [(PAGE, 302)]
    entry = Entry.objects.get()
    assert entry.player.name == "Kofi Boateng" and entry.account.user.username.startswith("kofi")
    # The service's entry: linked to his account, checked in for round 1.
    assert entry.account.links.get().player == entry.player
    assert CheckIn.objects.filter(entry=entry, number=1).exists()
    body = text(page)
    assert "You are entered as Kofi Boateng." in body
    assert "You are checked in for round 1." in body
    assert "Join</button>" not in body


def test_a_second_entry_is_refused_on_the_page_with_nothing_stored(client, event):
    signed_in(client, "kofi")
    join(client)
    before = snapshot()
    page = join(reading(client, "fr"), "Someone Else")
    assert page.status_code == 200
    assert "Vous êtes déjà inscrit à Online Open, sous le nom kofi." in text(page)
    assert snapshot() == before


def test_a_join_after_the_entries_closed_is_refused_on_the_page(client, boss_api, event):
    event.late_entries = False
    event.save()
    for name in ("a", "b"):
        signed_in(client, name)
        join(client)
    assert start(boss_api).status_code == 200
    signed_in(client, "late")
    page = reading(client, "pt").get(PAGE)
    # No button: the page says why, in the reader's language.
    assert "Join</button>" not in text(page)
    assert "As inscrições em Online Open estão fechadas." in text(page)
    before = snapshot()
    refused = join(reading(client, "fr"))
    assert "Les inscriptions à Online Open sont closes." in text(refused)
    assert snapshot() == before
    assert Player.objects.count() == 2


def test_a_visitor_not_signed_in_is_sent_to_sign_in_and_nothing_is_stored(client, event):
    before = snapshot()
    for url in (PAGE, CHECK_IN):
        answer = client.post(url, {"name": "Nobody"})
        assert answer.status_code == 302
        assert answer["Location"] == "/account/player/sign-in/?next=/t/online-open/join/"
    assert snapshot() == before


def test_signing_up_from_the_event_brings_the_player_back_to_it(client, event):
    sign_in = client.get("/account/player/sign-in/?next=/t/online-open/join/")
    assert 'href="/accounts/login/?next=/t/online-open/join/"' in text(sign_in)
    made = client.post(
        "/account/player/sign-in/?next=/t/online-open/join/",
        {
            "action": "sign_up",
            "email": "yaw@example.org",
            "password1": "a-long-pass-phrase-7",
            "password2": "a-long-pass-phrase-7",
        },
    )
    assert made.status_code == 302 and made["Location"] == PAGE
    # Another site is no place to come back to.
    elsewhere = client.get("/account/player/sign-in/?next=https://example.com/")
    assert 'href="/accounts/login/?next=/account/player/"' in text(elsewhere)


def test_checking_in_for_the_next_round_and_playing_the_game(paired):
    game, south, _stranger = paired
    page = text(south.get(PAGE))
    assert f'href="/t/online-open/remote/{game.pk}/"' in page
    assert "Check in for round 2" in page
    checked = south.post(CHECK_IN, follow=True)
    assert "You are checked in for round 2." in text(checked)
    assert CheckIn.objects.filter(entry=game.south.online_entry, number=2).exists()
    # His games and the banner of every page lead to the remote board too.
    remote = f'class="play-remote" href="/t/online-open/remote/{game.pk}/"'
    assert remote in text(south.get("/account/player/games/"))
    assert remote in text(south.get("/t/online-open/"))


def test_checking_in_without_an_entry_is_refused_with_nothing_stored(client, event):
    signed_in(client, "zoe")
    before = snapshot()
    refused = reading(client, "pt").post(CHECK_IN, follow=True)
    assert "Não está inscrito em Online Open." in text(refused)
    assert snapshot() == before


@pytest.fixture
def paired(client, boss_api, event):
    """Four players entered from the page and round 1 opened; the first game's players'
    clients."""
    clients = {}
    for name in ("a", "b", "c", "d"):
        player = client.__class__()
        player.force_login(player_user(name))
        join(player)
        clients[Entry.objects.get(account__user__username=f"{name}@example.org").player_id] = player
    start(boss_api)
    game = Round.objects.get().pairings.order_by("board").first()
    others = [c for pk, c in clients.items() if pk not in (game.south_id, game.north_id)]
    return game, clients[game.south_id], others[0]


def test_a_player_reports_a_problem_from_his_remote_game(paired):
    game, south, _stranger = paired
    board = text(south.get(f"/t/online-open/remote/{game.pk}/"))
    assert f'action="{report_url(game)}"' in board and "Report a problem" in board
    answer = south.post(report_url(game), {"text": "The clock jumped."}, follow=True)
    assert answer.redirect_chain[0] == (f"/t/online-open/remote/{game.pk}/", 302)
    assert "Reported: the arbiters will look at it." in text(answer)
    dispute = Dispute.objects.get()
    assert dispute.pairing == game and dispute.text == "The clock jumped."
    assert dispute.entry.player == game.south


def test_a_report_about_another_players_game_is_refused_with_nothing_stored(paired):
    game, south, stranger = paired
    before = snapshot()
    refused = reading(stranger, "fr").post(report_url(game), {"text": "Not mine."})
    assert refused.status_code == 302
    # Not his game: its page sends him on to the spectators'; the message waits for his next page.
    assert f"Vous n'avez pas joué la partie {game.pk}." in text(stranger.get(PAGE))
    empty = south.post(report_url(game), {"text": "  "}, follow=True)
    assert "Say what went wrong first." in text(empty)
    assert snapshot() == before


def test_the_tournament_page_leads_to_the_players_page(client, event, tournament):
    assert f'href="{PAGE}"' in text(client.get("/t/online-open/"))
    tournament.published = True
    tournament.save()
    # A tournament played at the board has no such page, nor link.
    assert f"/t/{tournament.slug}/join/" not in text(client.get(f"/t/{tournament.slug}/"))
    answer = client.get(f"/t/{tournament.slug}/join/")
    assert answer.status_code == 302 and answer["Location"] == f"/t/{tournament.slug}/"


@pytest.mark.parametrize("language", ["fr", "pt"])
def test_the_players_pages_speak_the_readers_language(client, paired, language):
    """The event's page in each of its states and the remote board's report form show no
    sentence of the catalogs left in English (as tests/browser/test_every_page_translated.py
    checks the pages a browser opens)."""
    game, south, _stranger = paired
    sentences = english_sentences(language)
    reading(client, language)
    pages = [client.get(PAGE)]  # a visitor: sign in to join
    newcomer = reading(signed_in(client.__class__(), "newcomer"), language)
    pages.append(newcomer.get(PAGE))  # the entry form, late entries open
    reading(south, language)
    pages.append(south.get(PAGE))  # his game and the check-in for round 2
    pages.append(south.get(f"/t/online-open/remote/{game.pk}/"))
    assert [page.status_code for page in pages] == [200] * 4
    shown = "\n".join(re.sub(r"<[^>]+>", "\n", text(page)) for page in pages)
    assert "Join" not in shown.split() and "Check in" not in shown
    assert untranslated_in(shown, sentences) == []
