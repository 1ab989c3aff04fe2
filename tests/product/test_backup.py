"""Backup and restore of a whole tournament: export → import into an empty database → export
gives the identical file, by the management commands and over the API."""

import io
import json
import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tests.servers import ROOT, migrated, production_env, scratch_postgres
from tournaments.models import Result, ResultChange, Tournament
from tournaments.models.sides import letter_of
from tournaments.services.events import remove_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


def export(slug: str) -> str:
    out = io.StringIO()
    call_command("export_tournament", slug, stdout=out)
    return out.getvalue()


def empty_the_database():
    for tournament in Tournament.objects.all():
        remove_tournament(tournament)
    assert not Result.objects.exists() and not ResultChange.objects.exists()


def test_export_import_export_gives_an_identical_file(demo, tmp_path):
    first = export("demo")
    document = json.loads(first)
    assert document["result"] and document["result_change"] and document["player"]
    assert any(row["text"] for row in document["game_record"])
    empty_the_database()
    path = tmp_path / "demo.json"
    path.write_text(first, encoding="utf-8")
    call_command("import_tournament", str(path), stdout=io.StringIO())
    assert export("demo") == first


def test_an_import_never_overwrites_an_existing_tournament(demo, tmp_path):
    from django.core.management.base import CommandError

    path = tmp_path / "demo.json"
    path.write_text(export("demo"), encoding="utf-8")
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_tournament", str(path), stdout=io.StringIO())


def test_an_arbiter_backs_up_and_restores_over_the_api(demo, django_user_model, charlie):
    api = APIClient()
    api.force_authenticate(django_user_model.objects.get(username="arbiter"))
    backup = api.get("/api/tournaments/demo/export/")
    assert backup.status_code == 200
    empty_the_database()
    # Restoring creates a tournament: only users allowed to create tournaments may.
    outsider = APIClient()
    outsider.force_authenticate(charlie)
    refused = outsider.post("/api/tournaments/import/", json.loads(backup.content), format="json")
    assert refused.status_code == 403 and not Tournament.objects.exists()
    restored = api.post("/api/tournaments/import/", json.loads(backup.content), format="json")
    assert restored.status_code == 201, restored.json()
    assert api.get("/api/tournaments/demo/export/").content == backup.content


def test_only_arbiters_of_the_tournament_export_it(demo, charlie):
    api = APIClient()
    assert api.get("/api/tournaments/demo/export/").status_code == 401
    api.force_authenticate(charlie)
    assert api.get("/api/tournaments/demo/export/").status_code == 403


def test_a_damaged_backup_is_refused_in_the_error_shape(demo, django_user_model):
    api = APIClient()
    api.force_authenticate(django_user_model.objects.get(username="arbiter"))
    for body in [
        {"format": "oware-tournament-backup", "version": 1},
        {"format": "oware-tournament-backup", "version": 1, "tournament": [{"slug": "x"}]},
    ]:
        response = api.post("/api/tournaments/import/", body, format="json")
        assert response.status_code == 400, response.content
        assert response.json()["code"] == "invalid"


def flush_tournaments_and_users(django_user_model):
    """An empty database: no tournament, and none of the accounts the backup names."""
    empty_the_database()
    django_user_model.objects.all().delete()
    assert not django_user_model.objects.exists()


def entered_by(slug: str) -> set[str]:
    return set(
        ResultChange.objects.filter(pairing__round__section__tournament__slug=slug)
        .exclude(changed_by=None)
        .values_list("changed_by__username", flat=True)
    )


def test_a_restore_into_an_empty_database_recreates_the_arbiters(demo, tmp_path, django_user_model):
    first = export("demo")
    names = json.loads(first)["tournament"][0]["arbiters"]
    authors = entered_by("demo")
    assert names and authors
    flush_tournaments_and_users(django_user_model)
    path = tmp_path / "demo.json"
    path.write_text(first, encoding="utf-8")
    call_command("import_tournament", str(path), stdout=io.StringIO())
    assert export("demo") == first
    restored = Tournament.objects.get(slug="demo")
    assert sorted(restored.arbiters.values_list("username", flat=True)) == names
    assert entered_by("demo") == authors
    # Recreated accounts cannot sign in until an administrator gives them a password.
    for user in django_user_model.objects.all():
        assert not user.is_active and not user.has_usable_password()


def test_a_restore_maps_missing_users_to_a_named_arbiter(demo, tmp_path, django_user_model):
    first = export("demo")
    flush_tournaments_and_users(django_user_model)
    django_user_model.objects.create_user("chief", password="chief-password-1")
    path = tmp_path / "demo.json"
    path.write_text(first, encoding="utf-8")
    call_command("import_tournament", str(path), "--arbiter", "chief", stdout=io.StringIO())
    restored = Tournament.objects.get(slug="demo")
    assert list(restored.arbiters.values_list("username", flat=True)) == ["chief"]
    assert entered_by("demo") == {"chief"}
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["chief"]


def test_a_restore_under_another_slug_sits_beside_the_original(demo, tmp_path):
    first = export("demo")
    path = tmp_path / "demo.json"
    path.write_text(first, encoding="utf-8")
    call_command("import_tournament", str(path), "--slug", "demo-copy", stdout=io.StringIO())
    copy = json.loads(export("demo-copy"))
    original = json.loads(first)
    assert copy["tournament"][0].pop("slug") == "demo-copy"
    original["tournament"][0].pop("slug")
    assert copy == original
    assert Tournament.objects.filter(slug__in=["demo", "demo-copy"]).count() == 2


def test_an_older_backup_keeps_its_first_players_side(demo, tmp_path):
    """Backups written before sections stored a side carry round 1's first side as a TRF colour."""
    document = json.loads(export("demo"))
    for row in document["section"]:
        row["initial_colour"] = "b"
        del row["initial_side"]
    empty_the_database()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    call_command("import_tournament", str(path), stdout=io.StringIO())
    sections = Tournament.objects.get(slug="demo").sections.values_list("initial_side", flat=True)
    assert {letter_of(side) for side in sections} == {"N"}


@pytest.mark.skipif(
    os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="run in the SQLite pass"
)
def test_a_sqlite_backup_restored_into_postgresql_exports_the_same_bytes(demo, tmp_path):
    # JSON values whose keys PostgreSQL's jsonb orders otherwise (by length first): a section's
    # virtual points, as an imported TRF file keeps them, and an undo's snapshot.
    section = demo.sections.order_by("order").first()
    section.acceleration = {"12": ["0", "1.0"], "3": ["0", "0.5"], "10": ["1.0"]}
    section.save(update_fields=["acceleration"])
    first = export("demo")
    path = tmp_path / "demo.json"
    path.write_text(first, encoding="utf-8")
    with scratch_postgres("backup_keys") as url:
        env = production_env(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="oware_tournaments.settings")

        def manage(*command):
            return subprocess.run(
                [sys.executable, "manage.py", *command],
                cwd=ROOT,
                env=env,
                check=True,
                capture_output=True,
                text=True,
            ).stdout

        migrated(url)
        manage("import_tournament", str(path))
        again = manage("export_tournament", "demo")
    assert again == first
