import pytest
from django.core.management import call_command
from django.db.models import Model

from tournaments.models import Pairing, Player, Result, Round, Section, Team, Tournament

pytestmark = pytest.mark.django_db

MODELS = [Tournament, Section, Team, Player, Round, Pairing, Result]


def snapshot() -> dict[str, list[tuple]]:
    def row(obj: Model):
        return tuple(
            getattr(obj, f.attname)
            for f in obj._meta.concrete_fields
            if f.attname
            not in {
                "entered_at",
                "paired_at",
                "published_at",
                "created_at",
                "revision",
                "changed_at",
            }
        )

    return {m.__name__: sorted(row(o) for o in m.objects.all()) for m in MODELS}


def test_the_demo_has_two_sections_of_eight_teams(monkeypatch):
    monkeypatch.setenv("DEMO_PASSWORD", "demo-password-1")
    call_command("loaddemo", stdout=None)
    demo = Tournament.objects.get(slug="demo")
    assert sorted(demo.sections.values_list("slug", flat=True)) == ["men", "women"]
    assert demo.teams.count() == 8
    for team in demo.teams.all():
        assert sorted(team.players.values_list("sex", flat=True)) == ["m", "m", "w", "w"]
        assert team.coach
    numbers = list(demo.sections.get(slug="men").players.values_list("rating", flat=True))
    assert numbers == sorted(numbers, reverse=True), "pairing numbers follow ratings"


def test_loading_the_demo_twice_gives_the_same_data(monkeypatch, copy_demo):
    monkeypatch.setenv("DEMO_PASSWORD", "demo-password-1")
    copy_demo()  # the rows of a first `loaddemo`
    first = snapshot()
    call_command("loaddemo")
    assert snapshot() == first


def test_the_demo_arbiter_logs_in_with_the_given_password(client, copy_demo):
    copy_demo()  # as `DEMO_PASSWORD=demo-password-1 loaddemo` wrote it
    assert client.login(username="arbiter", password="demo-password-1")
    demo = Tournament.objects.get(slug="demo")
    assert demo.arbiters.filter(username="arbiter").exists()


def test_the_demo_arbiter_is_kept_out_of_the_admin(client, copy_demo):
    # Its password is printed on the console: it may run the demo tournament, nothing else.
    copy_demo()
    client.login(username="arbiter", password="demo-password-1")
    response = client.get("/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_the_demo_is_served_at_its_public_address(client, copy_demo):
    copy_demo()
    response = client.get("/t/demo/")
    assert response.status_code == 200
    assert "Demo Oware Open 2026" in response.content.decode()
