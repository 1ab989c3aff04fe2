"""Hand-edited backups and zips: each is refused with a clear message and nothing is written,
through the API and the management command alike; a zip that unpacks to far more than it weighs
is refused before it is unpacked."""

import copy
import io
import json
import time
import zipfile

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from rest_framework.test import APIClient

from tournaments.models import Player, Result, Round, Section, Tournament
from tournaments.services.events import remove_tournament
from tournaments.services.rounds import store_boards

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup(copy_demo):
    """The demo tournament's backup, with the tournament itself removed from the database."""
    copy_demo()
    out = io.StringIO()
    call_command("export_tournament", "demo", stdout=out)
    document = json.loads(out.getvalue())
    remove_tournament(Tournament.objects.get(slug="demo"))
    return document


def edited(document, kind, index, **changes):
    document = copy.deepcopy(document)
    document[kind][index].update(changes)
    return document


HOSTILE = {
    "evil slug": ("tournament", 0, {"slug": "evil slug!"}),
    "section slug": ("section", 0, {"slug": "a/b"}),
    "name with a line break": ("player", 0, {"name": "Kofi\nMensah"}),
    "name with an override": ("player", 1, {"name": "Ama \u202eowusu"}),
    "empty name": ("player", 2, {"name": ""}),
    "tie-break code": ("tournament", 0, {"tiebreaks": "BH,XYZ"}),
    "rating": ("player", 0, {"rating": 99999}),
    "sex": ("player", 0, {"sex": "q"}),
    "date": ("tournament", 0, {"start_date": "2024-13-45"}),
    "too long a name": ("tournament", 0, {"name": "x" * 500}),
    "team of nobody": ("player", 0, {"team": 999}),
    "same section twice": ("section", 0, {"slug": "__second__"}),
}


def hostile(document, name):
    kind, index, changes = HOSTILE[name]
    if changes.get("slug") == "__second__":
        second = copy.deepcopy(document["section"][0])
        second["id"] = len(document["section"]) + 1
        document = copy.deepcopy(document)
        document["section"].append(second)
        return document
    return edited(document, kind, index, **changes)


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_backup_is_refused_over_the_api_and_nothing_is_written(
    backup, django_user_model, name
):
    api = APIClient()
    api.force_authenticate(django_user_model.objects.get(username="arbiter"))
    before = (Tournament.objects.count(), Section.objects.count(), Player.objects.count())
    answer = api.post("/api/tournaments/import/", hostile(backup, name), format="json")
    assert answer.status_code == 400, (name, answer.status_code, answer.content[:300])
    assert answer.json()["message"], name
    assert (Tournament.objects.count(), Section.objects.count(), Player.objects.count()) == before
    # The pages everyone reads still answer.
    for url in ("/", "/arbiter/"):
        assert Client().get(url).status_code in (200, 302), url


@pytest.mark.parametrize("name", ["evil slug", "name with an override", "tie-break code"])
def test_a_hostile_backup_is_refused_by_the_command(backup, tmp_path, name):
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(hostile(backup, name)))
    with pytest.raises(CommandError):
        call_command("import_tournament", str(path), stdout=io.StringIO())
    assert not Tournament.objects.filter(slug__in=["demo", "evil slug!"]).exists()


def test_the_unedited_backup_is_still_restored(backup, django_user_model):
    api = APIClient()
    api.force_authenticate(django_user_model.objects.get(username="arbiter"))
    answer = api.post("/api/tournaments/import/", backup, format="json")
    assert answer.status_code == 201, answer.content[:500]


def bomb(entries: int = 1, size: int = 400 * 1024 * 1024) -> bytes:
    """A zip of `entries` files of zeros, `size` bytes unpacked in all, a few hundred KB packed."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for number in range(entries):
            with archive.open(f"board-{number:02d}.ogn", "w", force_zip64=True) as entry:
                chunk = b"\0" * (1024 * 1024)
                for _ in range(size // entries // len(chunk)):
                    entry.write(chunk)
    return buffer.getvalue()


@pytest.fixture
def published_round(section, make_player):
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(make_player("Ama", 1), make_player("Kofi", 2), "")])
    return round_


@pytest.fixture(scope="module")
def zip_bomb():
    return bomb()


def test_a_zip_bomb_of_game_files_is_refused_cheaply(client, alice, zip_bomb, published_round):
    assert len(zip_bomb) < 1024 * 1024
    client.force_login(alice)
    started = time.monotonic()
    answer = client.post(
        "/t/accra/arbiter/men/round/1/games/",
        {"file": io.BytesIO(zip_bomb)},
        follow=True,
    )
    assert time.monotonic() - started < 5
    assert "unpacks to more than" in answer.content.decode()
    assert not Result.objects.exists()


def test_a_zip_of_too_many_files_is_refused(client, alice, published_round, settings):
    settings.ZIP_MAX_ENTRIES = 20
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for number in range(21):
            archive.writestr(f"board-{number:02d}.ogn", "")
    client.force_login(alice)
    answer = client.post(
        "/t/accra/arbiter/men/round/1/games/", {"file": io.BytesIO(buffer.getvalue())}
    )
    answer = client.get(answer["Location"]) if answer.status_code == 302 else answer
    assert "more than 20 files" in answer.content.decode()
