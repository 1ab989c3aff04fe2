"""The rounds' planned starts: set for the whole event and shifted when the day slips, shown on
the public pages, late rounds on the arbiter's dashboard, the API, and the calendar feeds.

Persons: alice is the arbiter of the Accra Open, charlie a user with no role, bob the arbiter of
another tournament; an anonymous client is a spectator."""

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.writes import if_match
from tournaments.models import Round, RoundStart, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import pair_next_round, publish_round
from tournaments.services.timetable import late_rounds, set_timetable, shift_round

pytestmark = pytest.mark.django_db

LISBON = ZoneInfo("Europe/Lisbon")


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """A time on the venue's clocks in Lisbon, late November 2026 (UTC+0, no summer time)."""
    return datetime(2026, 11, day, hour, minute, tzinfo=LISBON)


@pytest.fixture
def scheduled(tournament, section, players, alice):
    """The Accra Open played in Lisbon: Men rounds 1–3 on the 28th at 10:00, 12:00, 14:00,
    round 4 on the 29th at 10:00, round 5 left without a start."""
    tournament.rounds = 5
    tournament.venue = "Casa de Gana, Lisboa"
    tournament.save()
    starts = {
        (section.pk, 1): at(28, 10),
        (section.pk, 2): at(28, 12),
        (section.pk, 3): at(28, 14),
        (section.pk, 4): at(29, 10),
    }
    return set_timetable(tournament, by=alice, time_zone="Europe/Lisbon", starts=starts)


def starts_of(section) -> dict[int, datetime]:
    return {
        start.number: start.starts_at.astimezone(LISBON)
        for start in RoundStart.objects.filter(section=section)
    }


# --- setting and shifting -------------------------------------------------------------------


def test_the_arbiter_sets_every_round_on_one_page_in_the_venues_time_zone(
    alice_client, tournament, section, players
):
    page = alice_client.get("/t/accra/arbiter/schedule/")
    assert page.status_code == 200
    assert f'name="start_{section.pk}_7"' in page.content.decode()  # every round, 1 to 7
    answer = alice_client.post(
        "/t/accra/arbiter/schedule/",
        {
            "time_zone": "Europe/Lisbon",
            f"start_{section.pk}_1": "2026-11-28T10:00",
            "first_start": "2026-11-28T10:00",
            "every_minutes": "90",
        },
    )
    assert answer.status_code == 302
    tournament.refresh_from_db()
    assert tournament.time_zone == "Europe/Lisbon"
    starts = starts_of(section)
    # Round 1 as typed; the blank rounds filled from the first start, 90 minutes apart.
    assert starts[1] == at(28, 10)
    assert starts[3] == at(28, 13)
    assert starts[7] == at(28, 19)
    # The table shows them back as typed, on the venue's clocks.
    assert (
        'value="2026-11-28T13:00"'
        in alice_client.get("/t/accra/arbiter/schedule/").content.decode()
    )


def test_a_summer_time_start_is_kept_on_the_venues_clocks(alice, tournament, section):
    set_timetable(
        tournament,
        by=alice,
        time_zone="Europe/Lisbon",
        starts={(section.pk, 1): datetime(2026, 7, 4, 15, 0)},
    )
    start = RoundStart.objects.get().starts_at
    assert start.astimezone(LISBON).hour == 15 and start.utcoffset() is not None
    assert start.astimezone(ZoneInfo("UTC")).hour == 14


def test_shifting_a_round_moves_the_later_rounds_of_that_day_and_no_other(
    alice_client, scheduled, section
):
    answer = alice_client.post(
        "/t/accra/arbiter/schedule/shift/",
        {"round": f"{section.pk}:2", "minutes": "25", "rest_of_day": "on"},
        follow=True,
    )
    assert "2 planned starts moved." in answer.content.decode()
    starts = starts_of(section)
    assert starts == {1: at(28, 10), 2: at(28, 12, 25), 3: at(28, 14, 25), 4: at(29, 10)}


def test_a_shift_of_one_round_alone_and_an_earlier_one(alice, scheduled, section):
    shift_round(scheduled, section, 3, -30, by=alice, rest_of_day=False)
    assert starts_of(section)[3] == at(28, 13, 30)
    assert starts_of(section)[4] == at(29, 10)


def test_a_shift_moves_every_sections_rounds_of_that_day(alice, scheduled, section):
    women = scheduled.sections.create(name="Women", slug="women", order=1)
    set_timetable(scheduled, by=alice, starts={(women.pk, 3): at(28, 14), (women.pk, 1): at(28, 9)})
    shift_round(scheduled, section, 3, 15, by=alice)
    assert starts_of(women) == {1: at(28, 9), 3: at(28, 14, 15)}


def test_a_bad_time_zone_is_refused_and_nothing_is_written(
    alice, alice_client, tournament, section
):
    with pytest.raises(ServiceError) as refused:
        set_timetable(
            tournament, by=alice, time_zone="Mars/Olympus", starts={(section.pk, 1): at(28, 10)}
        )
    assert refused.value.code == "unknown_time_zone"
    assert "Mars/Olympus is no time zone" in refused.value.message
    answer = alice_client.post(
        "/t/accra/arbiter/schedule/",
        {"time_zone": "../../etc/passwd", f"start_{section.pk}_1": "2026-11-28T10:00"},
    )
    assert answer.status_code == 200
    assert "is no time zone; give an IANA name such as Africa/Accra." in answer.content.decode()
    tournament.refresh_from_db()
    assert tournament.time_zone == "UTC" and not RoundStart.objects.exists()


def test_a_round_of_another_tournament_is_refused_and_nothing_is_written(
    alice, django_user_model, tournament, section
):
    bob = django_user_model.objects.create_user("bob", password="bob-password-1")
    other = Tournament.objects.create(name="Bamako Cup", slug="bamako")
    other.arbiters.add(bob)
    foreign = other.sections.create(name="Open", slug="open")
    with pytest.raises(ServiceError) as refused:
        set_timetable(
            tournament,
            by=alice,
            time_zone="Africa/Accra",
            starts={(section.pk, 1): at(28, 10), (foreign.pk, 1): at(28, 10)},
        )
    assert refused.value.code == "foreign_round"
    assert refused.value.message == (
        "Round 1 named here is not a round of Accra Open; nothing was changed."
    )
    with pytest.raises(ServiceError) as beyond:
        set_timetable(tournament, by=alice, starts={(section.pk, 8): at(28, 10)})
    assert beyond.value.code == "no_such_round"
    with pytest.raises(ServiceError) as shifted:
        shift_round(tournament, foreign, 1, 10, by=alice)
    assert shifted.value.code == "foreign_round"
    tournament.refresh_from_db()
    assert tournament.time_zone == "UTC" and not RoundStart.objects.exists()


def test_only_the_tournaments_arbiters_set_the_schedule(client, charlie, tournament, section):
    assert client.get("/t/accra/arbiter/schedule/").status_code == 302  # to the login page
    client.force_login(charlie)
    assert client.get("/t/accra/arbiter/schedule/").status_code == 403
    sent = {"time_zone": "Europe/Lisbon", f"start_{section.pk}_1": "2026-11-28T10:00"}
    assert client.post("/t/accra/arbiter/schedule/", sent).status_code == 403
    with pytest.raises(ServiceError) as refused:
        set_timetable(tournament, by=charlie, starts={(section.pk, 1): at(28, 10)})
    assert refused.value.code == "forbidden"
    assert not RoundStart.objects.exists()


def test_a_shift_naming_a_round_of_another_tournament_writes_nothing(
    alice_client, scheduled, section
):
    other = Tournament.objects.create(name="Bamako Cup", slug="bamako")
    foreign = other.sections.create(name="Open", slug="open")
    RoundStart.objects.create(section=foreign, number=1, starts_at=at(28, 10))
    before = starts_of(section)
    answer = alice_client.post(
        "/t/accra/arbiter/schedule/shift/",
        {"round": f"{foreign.pk}:1", "minutes": "25", "rest_of_day": "on"},
        follow=True,
    )
    assert "Select a valid choice." in answer.content.decode()
    assert starts_of(section) == before and starts_of(foreign) == {1: at(28, 10)}


def test_a_shift_of_a_round_without_a_start_is_refused(alice, scheduled, section):
    with pytest.raises(ServiceError) as refused:
        shift_round(scheduled, section, 5, 10, by=alice)
    assert refused.value.code == "no_planned_start"
    with pytest.raises(ServiceError) as zero:
        shift_round(scheduled, section, 1, 0, by=alice)
    assert zero.value.code == "bad_shift"


# --- late rounds ----------------------------------------------------------------------------


def test_the_dashboard_says_plainly_which_round_is_late(alice, alice_client, scheduled, section):
    late = late_rounds(scheduled, now=at(28, 10, 25))
    assert [(r.number, r.kind, r.minutes) for r in late] == [(1, "start", 25)]
    round_1 = pair_next_round(section, by=alice)
    assert late_rounds(scheduled, now=at(28, 10, 25))[0].kind == "start"  # a draft is not out
    publish_round(round_1, by=alice)
    assert late_rounds(scheduled, now=at(28, 10, 40)) == []  # within its 50 minutes
    board = round_1.pairings.exclude(north=None).first()
    record_result(
        board, ResultEntry(ending="capture", south_seeds=30, north_seeds=10), by=alice, reason=""
    )
    # At 11:15, 25 minutes after its 50 minutes; two of three games still without a result.
    (late,) = late_rounds(scheduled, now=at(28, 11, 15))
    assert (late.kind, late.minutes, late.unfinished) == ("finish", 25, 2)

    # The dashboard reads the present: round 1 began two hours ago, round 2 25 minutes ago.
    now = datetime.now(LISBON)
    starts = {
        (section.pk, 1): now - timedelta(hours=2, seconds=10),
        (section.pk, 2): now - timedelta(minutes=25, seconds=10),
    }
    set_timetable(scheduled, by=alice, starts=starts)
    html = alice_client.get("/t/accra/arbiter/").content.decode()
    assert "Round 1 of Men should have finished 70 minutes ago: 2 games have no result." in html
    assert "Round 2 of Men should have started 25 minutes ago." in html


# --- public pages ---------------------------------------------------------------------------


def test_the_tournament_and_round_pages_say_when_each_round_starts(
    client, alice, scheduled, section
):
    round_1 = pair_next_round(section, by=alice)
    publish_round(round_1, by=alice)
    html = client.get("/t/accra/").content.decode()
    # The next round (2, the first not published) with its countdown, named in the venue's zone.
    assert 'datetime="2026-11-28T12:00:00+00:00"' in html
    assert "(Europe/Lisbon)" in html
    assert 'class="countdown" data-starts="2026-11-28T12:00:00+00:00"' in html
    assert "tournaments/countdown.js" in html and "<script>" not in html
    assert 'href="/t/accra/calendar.ics"' in html
    page = client.get("/t/accra/men/round/1/").content.decode()
    assert "Planned start:" in page and 'datetime="2026-11-28T10:00:00+00:00"' in page
    french = client.get("/t/accra/men/round/1/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Début prévu :" in french and "(Europe/Lisbon)" in french


# --- calendar feeds -------------------------------------------------------------------------


def parse(answer) -> icalendar.Calendar:
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/calendar; charset=utf-8"
    return icalendar.Calendar.from_ical(answer.content)


def test_the_tournaments_feed_lists_every_planned_round(client, alice, scheduled, section):
    women = scheduled.sections.create(name="Women", slug="women", order=1)
    set_timetable(scheduled, by=alice, starts={(women.pk, 1): at(28, 10, 30)})
    feed = parse(client.get("/t/accra/calendar.ics"))
    events = sorted(feed.events, key=lambda event: (event.start, str(event["uid"])))
    assert [str(event["summary"]) for event in events] == [
        "Accra Open — Men, round 1",
        "Accra Open — Women, round 1",
        "Accra Open — Men, round 2",
        "Accra Open — Men, round 3",
        "Accra Open — Men, round 4",
    ]
    assert [event.start for event in events] == [
        at(28, 10), at(28, 10, 30), at(28, 12), at(28, 14), at(29, 10)
    ]  # fmt: skip
    assert str(events[0]["uid"]) == "accra/men/round-1@oware-tournaments"
    assert events[0]["dtstart"].params["TZID"] == "Europe/Lisbon"
    assert feed.walk("VTIMEZONE")[0]["tzid"] == "Europe/Lisbon"
    assert events[0].duration == timedelta(minutes=50)  # 2 × 20 minutes and 10
    assert str(events[0]["location"]) == "Casa de Gana, Lisboa"
    assert str(events[0]["url"]) == "http://testserver/t/accra/"
    # Read again, the same revision gives the same text; a conditional read answers 304.
    again = client.get(
        "/t/accra/calendar.ics", HTTP_IF_NONE_MATCH=client.get("/t/accra/calendar.ics")["ETag"]
    )
    assert again.status_code == 304


def test_a_players_feed_lists_his_boards_once_published_and_the_slots_before(
    client, alice, scheduled, section, players
):
    round_1 = pair_next_round(section, by=alice)
    publish_round(round_1, by=alice)
    seat = players[0].seats.get(round=round_1)
    feed = parse(client.get("/t/accra/men/player/1/calendar.ics"))
    events = sorted(feed.events, key=lambda event: event.start)
    opponent = seat.opponent.name
    side = "South" if seat.side.name == "SOUTH" else "North"
    assert [str(event["summary"]) for event in events] == [
        f"Accra Open — round 1, board {seat.pairing.board}, {side} against {opponent}",
        "Accra Open — round 2 (pairings not yet published)",
        "Accra Open — round 3 (pairings not yet published)",
        "Accra Open — round 4 (pairings not yet published)",
    ]
    assert events[0].start == at(28, 10)
    assert str(events[0]["url"]) == "http://testserver/t/accra/men/round/1/"
    assert str(events[1]["uid"]) == "accra/men/round-2/player-1@oware-tournaments"
    # In French, the side by its French label.
    french = parse(client.get("/t/accra/men/player/1/calendar.ics", HTTP_ACCEPT_LANGUAGE="fr"))
    first = min(french.events, key=lambda event: event.start)
    assert ("Sud" if side == "South" else "Nord") in str(first["summary"])
    # The player's page links his own feed.
    page = client.get("/t/accra/men/player/1/").content.decode()
    assert 'href="/t/accra/men/player/1/calendar.ics"' in page


def test_a_feed_of_no_player_or_no_tournament_is_404_and_never_kept(client, scheduled):
    for path in (
        "/t/accra/men/player/99/calendar.ics",
        "/t/accra/men/player/%C2%B2/calendar.ics",  # a superscript two is no number
        "/t/accra/women/player/1/calendar.ics",
        "/t/nowhere/calendar.ics",
    ):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.get("Cache-Control") in (None, "no-store"), path
    # A parameter no feed reads is dropped before the cache: the same copy, the same tag.
    plain = client.get("/t/accra/calendar.ics")
    padded = client.get("/t/accra/calendar.ics?utm=1&round=abc")
    assert padded.status_code == 200 and padded["ETag"] == plain["ETag"]


def test_a_new_schedule_reaches_the_cached_pages_and_feeds_at_once(
    client, alice, scheduled, section
):
    assert 'datetime="2026-11-28T10:00:00+00:00"' in client.get("/t/accra/").content.decode()
    before = client.get("/t/accra/calendar.ics")
    shift_round(scheduled, section, 1, 30, by=alice)
    assert 'datetime="2026-11-28T10:30:00+00:00"' in client.get("/t/accra/").content.decode()
    after = client.get("/t/accra/calendar.ics", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    first = min(parse(after).events, key=lambda event: event.start)
    assert first.start == at(28, 10, 30)


# --- API ------------------------------------------------------------------------------------


@pytest.fixture
def api(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=alice).key}")
    return client


def test_the_api_shows_the_planned_starts_of_the_tournament_and_its_rounds(
    client, alice, scheduled, section
):
    round_1 = pair_next_round(section, by=alice)
    publish_round(round_1, by=alice)
    data = client.get("/api/v1/tournaments/accra/").json()
    assert data["time_zone"] == "Europe/Lisbon"
    assert data["schedule"][:2] == [
        {"section": "men", "round": 1, "starts_at": "2026-11-28T10:00:00+00:00"},
        {"section": "men", "round": 2, "starts_at": "2026-11-28T12:00:00+00:00"},
    ]
    rounds = client.get("/api/v1/tournaments/accra/men/rounds/").json()["results"]
    assert rounds[0]["planned_start"] == "2026-11-28T10:00:00+00:00"
    schema = client.get("/api/schema/").content.decode()
    assert "planned_start" in schema and "/api/v1/tournaments/{slug}/schedule/" in schema


def test_an_arbiter_sets_the_schedule_through_the_api(api, django_user_model, scheduled, section):
    body = {
        "time_zone": "Africa/Accra",
        "starts": [
            {"section": "men", "round": 5, "starts_at": "2026-11-29T12:00"},
            {"section": "men", "round": 4, "starts_at": None},
        ],
    }
    assert api.put("/api/v1/tournaments/accra/schedule/", body, format="json").status_code == 428
    answer = api.put(
        "/api/v1/tournaments/accra/schedule/", body, format="json", **if_match(api, "accra")
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["schedule"][-1] == {
        "section": "men",
        "round": 5,
        "starts_at": "2026-11-29T12:00:00+00:00",
    }
    assert sorted(starts_of(section)) == [1, 2, 3, 5]
    foreign = {"starts": [{"section": "women", "round": 1, "starts_at": "2026-11-29T12:00Z"}]}
    refused = api.put(
        "/api/v1/tournaments/accra/schedule/", foreign, format="json", **if_match(api, "accra")
    )
    assert (refused.status_code, refused.json()["code"]) == (400, "foreign_round")
    for user in ("bob", "charlie"):
        outsider = APIClient()
        token = Token.objects.create(user=django_user_model.objects.create_user(user)).key
        outsider.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        refused = outsider.put(
            "/api/v1/tournaments/accra/schedule/", body, format="json", HTTP_IF_MATCH='"99"'
        )
        assert (refused.status_code, refused.json()["code"]) == (403, "forbidden")
    bad_zone = {"time_zone": "Nowhere/Land", "starts": []}
    refused = api.put(
        "/api/v1/tournaments/accra/schedule/", bad_zone, format="json", **if_match(api, "accra")
    )
    assert (refused.status_code, refused.json()["code"]) == (400, "unknown_time_zone")
    assert sorted(starts_of(section)) == [1, 2, 3, 5]


def test_the_schedule_travels_in_a_backup(alice, scheduled, section):
    from tournaments.services.backup import export_tournament, import_tournament

    document = export_tournament(scheduled)
    assert [row["number"] for row in document["round_start"]] == [1, 2, 3, 4]
    copy = import_tournament(document, slug="accra-copy")
    assert copy.time_zone == "Europe/Lisbon"
    assert starts_of(copy.sections.get()) == starts_of(section)
    assert Round.objects.count() == 0


def test_the_demo_has_a_schedule_with_its_coming_rounds_counted_down(client, copy_demo):
    copy_demo()
    demo = Tournament.objects.get(slug="demo")
    assert demo.time_zone == "Africa/Accra"
    assert RoundStart.objects.filter(section__tournament=demo).count() == 2 * demo.rounds
    html = client.get("/t/demo/").content.decode()
    assert "Next rounds" in html and html.count('class="countdown"') == 2  # round 6 of each
    assert "(Africa/Accra)" in html
    feed = parse(client.get("/t/demo/calendar.ics"))
    assert len(feed.events) == 2 * demo.rounds
