"""The public server's end of publishing (publishing/receiving.py, POST /api/mirror/<slug>/):
tokens, the revision chain, replacing the copy, read-only mirrors, detaching."""

import copy

import pytest
from django.core.management import call_command

from publishing import chain
from publishing.models import Mirror
from publishing.receiving import detach, issue_token, revoke_tokens
from tournaments.models import Result, Tournament
from tournaments.services.backup import dumps_backup, export_tournament
from tournaments.services.errors import ServiceError
from tournaments.services.events import remove_tournament
from tournaments.services.results import ResultEntry, record_result

pytestmark = pytest.mark.django_db

VENUE = "Hall of the venue"


def demo_document(copy_demo) -> dict:
    """The demo tournament's backup, made in this database and taken out of it again."""
    venue = copy_demo()
    document = export_tournament(venue)
    remove_tournament(venue)
    return document


def send(
    client, document, revision, token, *, previous=None, kind=chain.SNAPSHOT, slug="demo", digest=""
):
    return client.post(
        f"/api/mirror/{slug}/",
        data=chain.pack(dumps_backup(document)),
        content_type="application/json",
        headers={
            "Authorization": f"Mirror {token}",
            "Content-Encoding": "gzip",
            "Publish-Kind": kind,
            "Publish-Revision": str(revision),
            "Publish-Previous": "" if previous is None else str(previous),
            "Publish-Source": "3f0c5b0e-0000-4000-8000-000000000001",
            "Publish-Digest": digest,
        },
    )


@pytest.fixture
def document(copy_demo):
    return demo_document(copy_demo)


@pytest.fixture
def token():
    return issue_token("demo", VENUE)


def test_a_snapshot_is_stored_as_a_mirror_and_sending_it_twice_changes_nothing(
    client, document, token
):
    answer = send(client, document, 10, token)
    assert answer.status_code == 200, answer.content
    assert answer.json() == {"revision": 10}
    mirror = Mirror.objects.get(slug="demo")
    assert mirror.revision == 10 and mirror.venue == VENUE
    results = Result.objects.filter(pairing__round__section__tournament=mirror.tournament)
    stored = results.count()
    assert stored > 0
    copy_revision = mirror.tournament.revision

    again = send(client, document, 10, token, previous=10)
    assert (again.status_code, again.json()) == (200, {"revision": 10})
    mirror.refresh_from_db()
    assert mirror.tournament.revision == copy_revision  # nothing written
    assert Tournament.objects.filter(slug="demo").count() == 1


def test_a_later_snapshot_replaces_the_copy(client, document, token):
    assert send(client, document, 10, token).status_code == 200
    document["tournament"][0]["name"] = "Renamed at the venue"
    answer = send(client, document, 14, token, previous=10)
    assert answer.status_code == 200, answer.content
    assert Tournament.objects.get(slug="demo").name == "Renamed at the venue"
    assert Mirror.objects.get(slug="demo").revision == 14
    # An older transfer arriving late changes nothing.
    document["tournament"][0]["name"] = "Old name"
    assert send(client, document, 12, token, previous=10).json() == {"revision": 14}
    assert Tournament.objects.get(slug="demo").name == "Renamed at the venue"


def test_an_increment_that_does_not_follow_the_held_revision_asks_for_a_snapshot(
    client, document, token
):
    assert send(client, document, 10, token).status_code == 200
    answer = send(client, document, 12, token, previous=9, kind=chain.INCREMENT)
    assert answer.status_code == 409
    assert answer.json()["code"] == "snapshot_needed"
    assert Mirror.objects.get(slug="demo").revision == 10


def test_an_increment_on_the_held_revision_changes_the_copy(client, document, token):
    assert send(client, document, 10, token).status_code == 200
    new = copy.deepcopy(document)
    new["tournament"][0]["name"] = "Renamed at the venue"
    changes = chain.increment(document, new)
    answer = send(
        client, changes, 12, token, previous=10, kind=chain.INCREMENT, digest=chain.digest(new)
    )
    assert (answer.status_code, answer.json()) == (200, {"revision": 12})
    assert Tournament.objects.get(slug="demo").name == "Renamed at the venue"
    # An increment whose result is not the venue's document (a fingerprint that differs) is
    # refused, and the venue sends the whole tournament instead.
    newer = copy.deepcopy(new)
    newer["tournament"][0]["name"] = "Third name"
    answer = send(
        client,
        chain.increment(new, newer),
        13,
        token,
        previous=12,
        kind=chain.INCREMENT,
        digest=chain.digest(document),
    )
    assert (answer.status_code, answer.json()["code"]) == (409, "snapshot_needed")
    assert Tournament.objects.get(slug="demo").name == "Renamed at the venue"


def test_a_wrong_or_revoked_token_is_refused_and_nothing_is_stored(client, document, token):
    assert send(client, document, 10, token + "x").status_code == 403
    assert not Tournament.objects.filter(slug="demo").exists()
    other = issue_token("other", VENUE)
    assert send(client, document, 10, other).json()["code"] == "token_refused"
    revoke_tokens("demo")
    answer = send(client, document, 10, token)
    assert (answer.status_code, answer.json()["code"]) == (403, "token_refused")
    assert not Mirror.objects.filter(slug="demo", revision__isnull=False).exists()


def test_an_ordinary_tournament_of_the_slug_is_never_replaced(client, document, token, tournament):
    answer = send(client, document, 10, token, slug=tournament.slug)
    assert answer.status_code == 403  # the token is for demo
    token = issue_token(tournament.slug, VENUE)
    answer = send(client, document, 10, token, slug=tournament.slug)
    assert (answer.status_code, answer.json()["code"]) == (409, "slug_taken")
    assert Tournament.objects.get(slug=tournament.slug).pk == tournament.pk


def test_every_write_to_a_mirror_is_refused_naming_the_venue(
    client, document, token, django_user_model
):
    send(client, document, 10, token)
    copy = Tournament.objects.get(slug="demo")
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    pairing = Result.objects.filter(pairing__round__section__tournament=copy).first().pairing
    with pytest.raises(ServiceError) as refused:
        record_result(
            pairing,
            ResultEntry(south_seeds=30, north_seeds=18, ending="capture"),
            by=admin,
            reason="typo",
        )
    assert refused.value.code == "mirror_read_only"
    assert VENUE in refused.value.message
    # The arbiter's dashboard offers no write; the public pages say where the results come from.
    client.force_login(admin)
    dashboard = client.get("/t/demo/arbiter/").content.decode()
    assert "Pair next round" not in dashboard
    # Every other arbiter page hides its write forms (site.css: body.mirror-copy).
    result_grid = client.get("/t/demo/arbiter/men/round/5/results/").content.decode()
    assert '<body class="mirror-copy">' in result_grid
    page = client.get("/t/demo/").content.decode()
    assert f"Results from the hall ({VENUE}), last received at" in page


def test_a_detached_mirror_becomes_an_ordinary_tournament_and_refuses_the_venue(
    client, document, token, django_user_model
):
    send(client, document, 10, token)
    call_command("detach_mirror", "demo", "--reason", "The event moved here.", stdout=None)
    copy = Tournament.objects.get(slug="demo")
    answer = send(client, document, 11, token, previous=10)
    assert answer.status_code == 410
    assert answer.json()["code"] == "mirror_detached"
    assert "The event moved here." in answer.json()["message"]
    assert "Results from the hall" not in client.get("/t/demo/").content.decode()
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "pw")
    client.force_login(admin)
    dashboard = client.get("/t/demo/arbiter/").content.decode()
    assert "Pair next round" in dashboard and "mirror-copy" not in dashboard
    assert Tournament.objects.get(slug="demo").pk == copy.pk
    assert detach("demo").pk == copy.pk  # detaching twice is harmless


def test_the_admin_issues_a_token_once_and_detaches_a_mirror(client, document, admin_client):
    answer = admin_client.post(
        "/admin/publishing/mirrortoken/add/", {"slug": "demo", "venue": VENUE}, follow=True
    )
    shown = [str(m) for m in answer.context["messages"]]
    token = next(m for m in shown if "shown only now" in m).rsplit(" ", 1)[-1]
    assert send(client, document, 10, token).status_code == 200
    mirror = Mirror.objects.get(slug="demo")
    admin_client.post(
        "/admin/publishing/mirror/",
        {"action": "detach_mirrors", "_selected_action": [mirror.pk]},
    )
    mirror.refresh_from_db()
    assert mirror.detached_at is not None
    assert send(client, document, 11, token, previous=10).status_code == 410


def test_live_boards_in_play_reach_the_copy_without_the_players_codes(client, token, copy_demo):
    import json

    from games.models import LiveBoard
    from publishing.live import live_rows

    copy_demo()
    venue = Tournament.objects.get(slug="demo")
    game = venue.sections.get(slug="men").rounds.get(number=1).pairings.get(board=1)
    LiveBoard.objects.create(pairing=game, code="HALL01", moves=[2], clocks=[1190], state="playing")
    first = {**export_tournament(venue), "live_board": live_rows(venue)}
    hall_board = LiveBoard.objects.get(code="HALL01")
    remove_tournament(venue)
    assert send(client, first, 5, token).status_code == 200
    copy_board = LiveBoard.objects.get(code="HALL01")
    assert (copy_board.moves, copy_board.clocks, copy_board.state) == ([2], [1190], "playing")
    pairing = copy_board.pairing
    assert (pairing.round.section.slug, pairing.round.number, pairing.board) == ("men", 1, 1)
    assert copy_board.south_pin != hall_board.south_pin  # the players' codes stay in the hall
    assert "south_pin" not in json.dumps(first["live_board"])
    assert first["live_board"][0]["code"] == "HALL01"

    second = copy.deepcopy(first)
    second["live_board"][0]["moves"] = [2, 8]
    changes = chain.increment(first, second)
    assert list(changes["kinds"]) == ["live_board"]
    answer = client.post(
        "/api/mirror/demo/",
        data=chain.pack(json.dumps(changes)),
        content_type="application/json",
        headers={
            "Authorization": f"Mirror {token}",
            "Content-Encoding": "gzip",
            "Publish-Kind": chain.INCREMENT,
            "Publish-Revision": "6",
            "Publish-Previous": "5",
            "Publish-Source": "3f0c5b0e-0000-4000-8000-000000000001",
            "Publish-Digest": chain.digest(second),
        },
    )
    assert answer.status_code == 200, answer.content
    assert LiveBoard.objects.get(code="HALL01").moves == [2, 8]


def test_a_live_board_row_the_copy_cannot_hold_is_passed_over(client, token, copy_demo):
    from games.models import LiveBoard

    document = demo_document(copy_demo)
    good = {"id": 1, "section": "men", "round": 1, "board": 1, "code": "HALL01"}
    good.update(moves=[2], clocks=[1190], position={}, state="playing", offer="", ending="")
    good.update(decided_by="", record="", started_at=None)
    document["live_board"] = [
        good,
        {**good, "id": 2, "board": 2, "code": "HALL02", "state": "cheating"},
        {**good, "id": 3, "board": 999, "code": "HALL03"},
    ]
    assert send(client, document, 5, token).status_code == 200
    assert list(LiveBoard.objects.values_list("code", flat=True)) == ["HALL01"]


def test_every_token_is_read_as_the_value_of_publish_to_token():
    """The venue pastes the token after `--token` (docs/deployment.md); one that began with "-"
    would be taken for an option and refused."""
    from publishing.management.commands.publish_to import Command

    parser = Command().create_parser("manage.py", "publish_to")
    for _ in range(200):
        token = issue_token("demo", VENUE)
        given = parser.parse_args(["demo", "https://results.example.org", "--token", token])
        assert given.token == token
