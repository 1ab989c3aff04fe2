"""The organiser's pages of an online event, signed in, no token: /new-online-event/ creates it
with its settings through the service the API calls, the arbiter's page of the event starts it,
and a refusal is shown on the form with nothing stored."""

from datetime import UTC, datetime
from html import unescape

import pytest

from online.models import OnlineEvent
from tests.online.helpers import organiser, player_user, token_client
from tests.security.world import snapshot
from tournaments.models import Round, RoundStart, Tournament

pytestmark = pytest.mark.django_db

NEW = "/new-online-event/"
EVENT = "/t/online-open/arbiter/online/"
START = "/t/online-open/arbiter/online/start/"


def form(**fields) -> dict:
    return {
        "name": "Online Open",
        "slug": "online-open",
        "rounds": "5",
        "clock_minutes": "15",
        "increment_seconds": "5",
        "no_show_seconds": "120",
        "gap_seconds": "30",
        "late_entries": "on",
        "late_entry_points": "0.5",
        "check_in": "on",
        "starts": "",
        **fields,
    }


@pytest.fixture
def boss(client):
    client.force_login(organiser())
    return client


def text(response) -> str:
    return unescape(response.content.decode())


def enter(name: str) -> None:
    answer = token_client(player_user(name)).post(
        "/api/v1/tournaments/online-open/open/entries/", {"name": name.title()}, format="json"
    )
    assert answer.status_code == 201, answer.content


def test_the_organiser_creates_an_event_with_its_settings_and_starts_it(boss):
    assert "Create the event" in text(boss.get(NEW))
    created = boss.post(NEW, form(), follow=True)
    assert created.redirect_chain[-1][0] == EVENT
    event = OnlineEvent.objects.get(tournament__slug="online-open")
    assert (event.clock_minutes, event.increment_seconds, event.no_show_seconds) == (15, 5, 120)
    assert (event.gap_seconds, event.check_in, str(event.late_entry_points)) == (30, True, "0.5")
    assert event.next_round == OnlineEvent.NextRound.AFTER_LAST_GAME
    assert event.tournament.rounds == 5 and event.tournament.minutes_per_player == 15
    assert list(event.tournament.sections.values_list("slug", flat=True)) == ["open"]
    page = text(created)
    assert "Online Open created" in page and "Close the entries and start round 1" in page
    for name in ("ama", "kofi", "esi", "yaw"):
        enter(name)
    started = boss.post(START, follow=True)
    assert "round 1 is paired" in text(started)
    event.refresh_from_db()
    assert event.state == OnlineEvent.State.RUNNING
    assert Round.objects.get(section__tournament=event.tournament).pairings.count() == 2
    assert "Close the entries and start round 1" not in text(started)
    # A second start is refused on the page, and changes nothing.
    before = snapshot()
    again = boss.post(START, follow=True)
    assert "has started already" in text(again)
    assert snapshot() == before


def test_fixed_start_times_go_into_the_round_schedule(boss):
    starts = "2030-05-01 18:00\n2030-05-02 18:00"
    assert boss.post(NEW, form(rounds="2", starts=starts)).status_code == 302
    event = OnlineEvent.objects.get()
    assert event.next_round == OnlineEvent.NextRound.FIXED
    planned = RoundStart.objects.filter(section__tournament=event.tournament).order_by("number")
    assert [(start.number, start.starts_at.astimezone(UTC)) for start in planned] == [
        (1, datetime(2030, 5, 1, 18, tzinfo=UTC)),
        (2, datetime(2030, 5, 2, 18, tzinfo=UTC)),
    ]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"starts": "2030-05-01 18:00"}, "starts", "Give one start time per round."),
        (
            {"rounds": "2", "starts": "2030-05-02 18:00\n2030-05-01 18:00"},
            "starts",
            "Give the start times in order.",
        ),
        ({"starts": "tomorrow"}, "starts", "Enter a valid date/time."),
        ({"clock_minutes": "0"}, "clock_minutes", "greater than or equal to 1"),
        ({"no_show_seconds": "5"}, "no_show_seconds", "greater than or equal to 10"),
        ({"slug": "taken"}, "slug", "already"),
    ],
)
def test_a_refused_form_says_which_field_and_stores_nothing(boss, fields, field, message):
    Tournament.objects.create(name="Taken", slug="taken")
    before = snapshot()
    answer = boss.post(NEW, form(**fields))
    assert answer.status_code == 200
    errors = answer.context["form"].errors
    assert field in errors and message in " ".join(errors[field]), errors
    assert snapshot() == before


def test_only_a_user_who_may_create_tournaments_opens_the_page(client):
    assert client.get(NEW)["Location"].startswith("/accounts/login/")
    client.force_login(player_user("ama"))
    assert client.get(NEW).status_code == 403
    assert client.post(NEW, form()).status_code == 403
    assert not OnlineEvent.objects.exists()
