"""Public reads answer 304 while nothing changed, come from the cache, and change with every
write that changes them: a result, a correction, a round published, a player renamed."""

import time

import pytest
from django.core.cache import cache
from django.test import RequestFactory
from django.utils import translation

from tournaments.freshness import recent_stamp
from tournaments.models import Round
from tournaments.services.registration import assign_pairing_numbers
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import (
    delete_draft_round,
    follow_rounds,
    publish_round,
    store_boards,
    take_back_round,
)
from tournaments.views.caching import page_key, page_version, remembered, render_claim

pytestmark = pytest.mark.django_db

ROUND_PAGE = "/t/accra/men/round/1/"
READS = [
    ROUND_PAGE,
    "/t/accra/",
    "/t/accra/men/standings/",
    "/api/tournaments/accra/men/standings/",
]


def etag_of(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return response["ETag"]


@pytest.mark.parametrize("url", READS)
def test_an_unchanged_page_answers_304_to_a_conditional_request(client, published_round, url):
    etag = etag_of(client, url)
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    assert "Last-Modified" in again


def test_a_result_entered_changes_the_round_page_at_once(client, game, alice):
    etag = etag_of(client, ROUND_PAGE)
    record_result(game, ResultEntry(ending="capture", south_seeds=25, north_seeds=11), by=alice)
    fresh = client.get(ROUND_PAGE, headers={"If-None-Match": etag})
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag
    assert "25" in fresh.content.decode()


def test_a_correction_changes_the_published_round(client, game, alice):
    url = "/api/tournaments/accra/men/rounds/1/"
    record_result(game, ResultEntry(ending="capture", south_seeds=25, north_seeds=11), by=alice)
    before = client.get(url).json()
    record_result(
        game,
        ResultEntry(ending="capture", south_seeds=11, north_seeds=25),
        by=alice,
        reason="sides swapped on the slip",
    )
    after = client.get(url).json()
    assert before["pairings"][0]["result"]["south_seeds"] == 25
    assert after["pairings"][0]["result"]["south_seeds"] == 11


def test_a_round_taken_back_leaves_its_page_raising_the_revision_once(
    client, game, alice, tournament
):
    record_result(game, ResultEntry(ending="capture", south_seeds=25, north_seeds=11), by=alice)
    assert client.get(ROUND_PAGE).status_code == 200
    tournament.refresh_from_db()
    before = tournament.revision
    # The round goes with three boards, six seats, a result, its change and its record: each
    # of those rows raising the revision would cost a look-up and a write apiece.
    take_back_round(game.round, by=alice, reason="paired on the wrong list")
    tournament.refresh_from_db()
    assert tournament.revision == before + 1
    assert client.get(ROUND_PAGE).status_code == 404


def test_a_draft_deleted_raises_the_revision_once(published_round, players, alice, tournament):
    follow_rounds(tournament.pk)  # the status as the draft's deletion leaves it
    draft = Round.objects.create(section=published_round.section, number=2)
    store_boards(draft, [(players[0], players[2], ""), (players[1], players[3], "")])
    tournament.refresh_from_db()
    before = tournament.revision
    delete_draft_round(draft, by=alice)
    tournament.refresh_from_db()
    assert tournament.revision == before + 1
    assert not Round.objects.filter(pk=draft.pk).exists()


def test_publishing_a_round_shows_it(client, section, players, alice):
    draft = Round.objects.create(section=section, number=1)
    store_boards(draft, [(players[0], players[1], ""), (players[2], players[3], "")])
    assert client.get(ROUND_PAGE).status_code == 404
    publish_round(draft, by=alice)
    assert client.get(ROUND_PAGE).status_code == 200


def test_a_renamed_player_shows_under_the_new_name(client, published_round, players):
    assert "Ama" in client.get(ROUND_PAGE).content.decode()
    players[0].name = "Ama Serwaa"
    players[0].save()
    assert "Ama Serwaa" in client.get(ROUND_PAGE).content.decode()


def test_renumbering_players_shows_the_new_numbers(client, section, players, alice):
    url = "/api/tournaments/accra/men/players/"
    before = client.get(url).json()
    assign_pairing_numbers(section, by=alice, order=[p.pk for p in reversed(players)])
    after = client.get(url).json()
    assert before != after


def test_a_repeated_read_costs_no_query(
    client, published_round, django_assert_num_queries, revision_trusted
):
    client.get(ROUND_PAGE)
    # The revision read by the first request is trusted for a while (STAMP_SECONDS).
    with django_assert_num_queries(0):
        response = client.get(ROUND_PAGE)
    assert response.status_code == 200
    assert "Ama" in response.content.decode()


def test_each_language_has_its_own_copy(client, published_round):
    english = client.get("/t/accra/", headers={"Accept-Language": "en"})
    french = client.get("/t/accra/", headers={"Accept-Language": "fr"})
    assert english["ETag"] != french["ETag"]
    assert english.content != french.content


@pytest.mark.parametrize("url", READS)
def test_a_compressed_copy_never_reaches_a_client_that_did_not_ask_for_it(
    client, published_round, url
):
    import gzip
    import json

    compressed = client.get(url, headers={"Accept-Encoding": "gzip, br"})
    plain = client.get(url)
    again = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert "Content-Encoding" not in plain and b"\x1f\x8b" not in plain.content[:2]
    for answer in (compressed, again):
        encoded = answer.get("Content-Encoding") == "gzip"
        body = gzip.decompress(answer.content) if encoded else answer.content
        assert body == plain.content
    if url.startswith("/api/"):  # the API compresses; the cache kept both copies apart
        assert again["Content-Encoding"] == "gzip"
        assert json.loads(gzip.decompress(again.content))["tiebreaks"]
    assert "Accept-Encoding" in plain["Vary"]


def test_an_arbiter_always_gets_a_fresh_render(client, published_round, alice):
    client.force_login(alice)
    response = client.get(ROUND_PAGE)
    assert response.status_code == 200
    assert "ETag" not in response


def test_the_tournament_settings_saved_change_its_pages(client, tournament, section):
    etag = etag_of(client, "/t/accra/")
    tournament.venue = "Kumasi"
    tournament.save()
    assert client.get("/t/accra/", headers={"If-None-Match": etag}).status_code == 200


def test_a_proxy_may_share_only_the_current_anonymous_copy(client, published_round, alice):
    anonymous = client.get(ROUND_PAGE)
    # Until the end of the second it was made in: deploy/nginx.conf's shared copies.
    assert anonymous["X-Accel-Expires"].startswith("@")
    assert int(anonymous["X-Accel-Expires"][1:]) <= time.time()
    assert "X-Accel-Expires" not in client.get("/t/accra/men/round/9/")  # a 404
    client.force_login(alice)
    assert "X-Accel-Expires" not in client.get(ROUND_PAGE)


def test_a_copy_another_process_rendered_is_served_without_rendering(
    client, published_round, django_assert_num_queries, revision_trusted
):
    first = client.get(ROUND_PAGE)
    remembered.clear()  # as a process that has not served this page yet
    with django_assert_num_queries(0):
        again = client.get(ROUND_PAGE)
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]


def test_while_another_process_renders_the_new_copy_the_previous_one_is_served(client, game, alice):
    before = client.get(ROUND_PAGE)
    record_result(game, ResultEntry(ending="capture", south_seeds=25, north_seeds=11), by=alice)
    with translation.override("en"):
        claim = render_claim(
            page_version(recent_stamp("accra")), page_key(RequestFactory().get(ROUND_PAGE))
        )
    cache.add(claim, True)  # what a process rendering the new copy holds meanwhile

    meanwhile = client.get(ROUND_PAGE)
    assert meanwhile.content == before.content
    assert meanwhile["ETag"] == before["ETag"]  # named for what it shows
    assert "X-Accel-Expires" not in meanwhile  # and not shared by a proxy

    cache.delete(claim)  # that render ended (or its process died and the claim ran out)
    after = client.get(ROUND_PAGE)
    assert after["ETag"] != before["ETag"]
    assert "25" in after.content.decode() and "X-Accel-Expires" in after
