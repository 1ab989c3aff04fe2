"""Game records in the admin: listed, never added or changed by hand."""

import pytest
from django.urls import reverse

from tournaments.models import GameRecord, Pairing, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser_client(client, django_user_model):
    django_user_model.objects.create_superuser("root", "root@example.org", "root-password-1")
    client.login(username="root", password="root-password-1")
    return client


def test_game_records_are_listed_but_not_added_by_hand(superuser_client, section, make_player):
    round_ = Round.objects.create(section=section, number=1, status="published")
    game = Pairing.objects.create(
        round=round_, board=1, south=make_player("Ama", 1), north=make_player("Kofi", 2)
    )
    GameRecord.objects.create(pairing=game, variant="abapa", moves=[3, 1], clocks=[None, None])
    listing = superuser_client.get(reverse("admin:tournaments_gamerecord_changelist"))
    assert listing.status_code == 200 and "Ama" in listing.content.decode()
    assert superuser_client.get(reverse("admin:tournaments_gamerecord_add")).status_code == 403
