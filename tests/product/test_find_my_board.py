"""Round pages that list every player, the player's next game, and conditional requests."""

from decimal import Decimal

import pytest

from oware.sides import Side
from tournaments.models import Player, RequestedBye, Round, Team, Tournament
from tournaments.services.games import game_plies
from tournaments.services.pairing_lists import alphabetical_list, round_roster
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import delete_draft_round, publish_round, store_boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def full_round(section, players, make_player):
    """Round 1: three boards, Yaa's pairing-allocated bye, Akua's requested ½-point bye, Nana
    entering in round 2 and Abena withdrawn from round 1."""
    yaa = make_player("Yaa", 7)
    akua = make_player("Akua", 8)
    make_player("Nana", 9, entry_round=2)
    make_player("Abena", 10, status="withdrawn", withdrawn_from_round=1)
    RequestedBye.objects.create(player=akua, round_number=1, points=Decimal("0.5"))
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(
        round_,
        [
            (players[0], players[1], "colour preference"),
            (players[2], players[3], ""),
            (players[4], players[5], ""),
            (yaa, None, "Pairing-allocated bye"),
        ],
    )
    return round_


def test_the_roster_lists_boards_then_each_player_without_one_in_words(full_round):
    roster = round_roster(full_round)
    assert [p.board for p in roster.boards] == [1, 2, 3]
    assert [(e.player.name, e.status) for e in roster.without_board] == [
        ("Yaa", "pairing_bye"),
        ("Akua", "requested_bye"),
        ("Nana", "absent"),
        ("Abena", "withdrawn"),
    ]
    assert roster.without_board[1].round_points == Decimal("0.5")


def test_the_alphabetical_list_gives_board_side_and_opponent(full_round):
    entries = alphabetical_list(full_round)
    names = [e.player.name for e in entries]
    assert names == sorted(names)
    kofi = next(e for e in entries if e.player.name == "Kofi")
    assert (kofi.board, kofi.side, kofi.opponent.name, kofi.points_before) == (
        1,
        Side.NORTH,
        "Ama",
        0,
    )


def test_the_round_page_lists_byes_absences_and_withdrawals_without_engine_notes(
    client, full_round
):
    html = client.get("/t/accra/men/round/1/").content.decode()
    order = [html.index(text) for text in ("Yaa", "requested bye", "Nana", "withdrawn")]
    assert order == sorted(order)
    assert "pairing-allocated bye" in html and "absent" in html and "½ pt" in html
    assert "colour preference" not in html
    assert 'id="name-filter"' in html and 'id="alphabetical"' in html


def test_seeds_read_as_game_scores_never_as_clock_times(client, game, alice):
    record_result(game, ResultEntry(ending="capture", south_seeds=25, north_seeds=11), by=alice)
    for url in ("/t/accra/men/round/1/", "/t/accra/men/player/1/", "/t/accra/men/player/2/"):
        html = client.get(url).content.decode()
        assert "25:11" not in html and "11:25" not in html, url
    assert "25\u201311" in client.get("/t/accra/men/player/1/").content.decode()
    assert "11\u201325" in client.get("/t/accra/men/player/2/").content.decode()


def test_the_player_page_starts_with_the_next_game(client, game):
    html = client.get("/t/accra/men/player/2/").content.decode()
    assert "Round 1, board 1" in html
    assert html.index("Next game") < html.index("Points") < html.index("Games")
    assert "/t/accra/men/player/1/" in html  # the opponent, linked


def test_a_tie_break_legend_explains_a_column_of_zeros(client, published_round):
    html = client.get("/t/accra/men/standings/").content.decode()
    assert "direct encounter" in html and "which is normal" in html


def test_the_tournament_page_carries_a_qr_code_of_its_address(client, published_round):
    html = client.get("/t/accra/").content.decode()
    assert 'class="qr"' in html and "<title>http://testserver/t/accra/</title>" in html


def test_an_unchanged_page_answers_304_and_a_new_result_200(
    client, game, alice, django_assert_max_num_queries
):
    url = "/t/accra/men/round/1/"
    first = client.get(url)
    etag = first["ETag"]
    with django_assert_max_num_queries(1):  # the stamp only: nothing rendered
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    record_result(game, ResultEntry(ending="capture", south_seeds=30, north_seeds=10), by=alice)
    after = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    assert "30\u201310" in after.content.decode()
    assert client.get(url, HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304


@pytest.mark.parametrize(
    "url",
    [
        "/t/accra/",
        "/t/accra/men/",
        "/t/accra/men/standings/",
        "/t/accra/men/crosstable/",
        "/t/accra/men/player/1/",
        "/t/accra/teams/",
    ],
)
def test_every_public_page_answers_conditional_requests(client, published_round, url):
    etag = client.get(url)["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


def _stamp(tournament):
    return Tournament.objects.values_list("revision", "changed_at").get(pk=tournament.pk)


def test_the_stamp_moves_on_every_kind_of_write(tournament, section, players, alice):
    writes = [
        lambda: Player.objects.filter(pk=players[0].pk).get().save(),
        lambda: players[5].delete(),
        lambda: Team.objects.create(tournament=tournament, name="Ghana", code="GHA"),
        lambda: RequestedBye.objects.create(player=players[1], round_number=2),
        lambda: section.save(),
        lambda: tournament.save(),
    ]
    for write in writes:
        before = _stamp(tournament)
        write()
        assert _stamp(tournament) != before


def test_pairing_publishing_and_deleting_a_draft_move_the_stamp(
    tournament, section, players, alice
):
    before = _stamp(tournament)
    draft = Round.objects.create(section=section, number=1)
    store_boards(draft, [(players[0], players[1], "")])
    assert _stamp(tournament) != before
    before = _stamp(tournament)
    delete_draft_round(draft, by=alice)
    assert _stamp(tournament) != before
    draft = Round.objects.create(section=section, number=1)
    store_boards(draft, [(players[0], players[1], "")])
    before = _stamp(tournament)
    publish_round(draft, by=alice)
    assert _stamp(tournament) != before


def test_a_record_typed_as_digits_is_shown_in_letters_with_move_numbers(game, alice):
    from tests.product.conftest import played_game

    moves, _replayed = played_game("capture")
    digits = " ".join(str(move + 1) for move in moves)
    result = record_result(game, ResultEntry(record=digits), by=alice)
    data = game_plies(result, "abapa")
    assert data["movetext"].startswith("1. ")
    assert not any(ch in "123456" for ch in data["movetext"].split()[1])
    assert data["plies"][0]["pits"] == [4] * 12
    assert any(ply.get("capture") for ply in data["plies"])
    assert len(data["plies"]) == len(moves) + 1
