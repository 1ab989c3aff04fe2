"""Registering players, numbering them, requested byes and withdrawals on the arbiter page."""

from decimal import Decimal

import pytest

from tournaments.models import Player, RequestedBye
from tournaments.services.errors import ServiceError
from tournaments.services.registration import assign_pairing_numbers, register_player

pytestmark = pytest.mark.django_db

URL = "/t/accra/arbiter/men/players/"


def test_players_are_numbered_by_rating_then_title_then_name(section, alice):
    for name, rating, title in [
        ("Zed", 1800, ""),
        ("Abe", 1800, ""),
        ("Kofi", 2000, ""),
        ("Ama", None, ""),
        ("Yaw", 1800, "FM"),
    ]:
        register_player(section, by=alice, name=name, sex="m", rating=rating, title=title)
    assign_pairing_numbers(section, by=alice)
    assert list(section.players.order_by("pairing_number").values_list("name", flat=True)) == [
        "Kofi",
        "Yaw",
        "Abe",
        "Zed",
        "Ama",
    ]


def test_the_arbiter_may_choose_another_order(section, alice, players):
    order = [p.pk for p in reversed(players)]
    assign_pairing_numbers(section, by=alice, order=order)
    assert section.players.get(pairing_number=1).name == "Esi"
    with pytest.raises(ServiceError) as error:
        assign_pairing_numbers(section, by=alice, order=order[:-1])
    assert error.value.code == "bad_order"


def test_a_player_is_registered_through_the_page(alice_client, section, tournament):
    ghana = tournament.teams.create(name="Ghana", code="GHA")
    response = alice_client.post(
        URL,
        {
            "action": "register",
            "name": "Ama Owusu",
            "sex": "w",
            "rating": "1900",
            "federation": "GHA",
            "team": ghana.pk,
        },
    )
    assert response.status_code == 302
    player = Player.objects.get(name="Ama Owusu")
    assert (player.pairing_number, player.team, player.entry_round) == (1, ghana, 1)


def test_a_player_form_with_a_missing_name_is_shown_again(alice_client, section):
    response = alice_client.post(URL, {"action": "register", "name": "", "sex": "m"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Player.objects.exists()


def test_a_team_of_another_tournament_cannot_be_chosen(alice_client, section):
    from tournaments.models import Tournament

    other = Tournament.objects.create(name="Kumasi", slug="kumasi").teams.create(name="X", code="X")
    response = alice_client.post(
        URL, {"action": "register", "name": "Ama", "sex": "w", "team": other.pk}
    )
    assert response.status_code == 200 and not Player.objects.exists()


def test_a_requested_bye_and_a_withdrawal_through_the_page(alice_client, section, players):
    alice_client.post(
        URL, {"action": "bye", "player": players[1].pk, "round_number": "2", "points": "0.5"}
    )
    alice_client.post(URL, {"action": "withdraw", "player": players[2].pk, "from_round": "3"})
    assert RequestedBye.objects.get().points == Decimal("0.5")
    players[2].refresh_from_db()
    assert (players[2].status, players[2].withdrawn_from_round) == ("withdrawn", 3)
    html = alice_client.get(URL).content.decode()
    assert "withdrawn from round 3" in html


def test_a_requested_bye_of_one_point_is_refused(alice_client, section, players):
    response = alice_client.post(
        URL, {"action": "bye", "player": players[1].pk, "round_number": "2", "points": "1"}
    )
    assert response.status_code == 200 and not RequestedBye.objects.exists()


def test_numbering_is_refused_once_a_round_is_paired(alice_client, section, players, alice):
    from tournaments.services.rounds import pair_next_round

    pair_next_round(section, by=alice)
    response = alice_client.post(URL, {"action": "seed"}, follow=True)
    assert "Pairing numbers are fixed once round 1 is paired." in response.content.decode()


def test_someone_who_is_not_an_arbiter_cannot_register(client, charlie, section):
    client.force_login(charlie)
    assert client.post(URL, {"action": "register", "name": "X", "sex": "m"}).status_code == 403
    with pytest.raises(ServiceError):
        register_player(section, by=charlie, name="X", sex="m")
    assert not Player.objects.exists()
