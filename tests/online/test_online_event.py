"""An online event through the API: created by an organiser's script, entered by players with
their own tokens, started, and then run round after round with nobody's hand on it."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django_tasks_db.models import DBTaskResult

from games.models.live import LiveBoard
from notifications.models import Endpoint, Event
from online.events import create_online_event
from online.models import CheckIn, Entry, OnlineEvent
from online.tasks import run_round_task
from players.models import AccountLink
from register.models import Person, PlayerLink
from tests.online.helpers import (
    new_event,
    organiser,
    player_user,
    start,
    tell_what_happened,
    token_client,
)
from tournaments.models import Player, Round, RoundStart, Tournament
from tournaments.services.errors import ServiceError
from tournaments.services.results import ResultEntry, record_result

pytestmark = pytest.mark.django_db

ENTRIES = "/api/v1/tournaments/online-open/open/entries/"


@pytest.fixture
def boss():
    return organiser()


@pytest.fixture
def boss_api(boss):
    return token_client(boss)


def enter(name: str):
    user = player_user(name)
    api = token_client(user)
    return api, api.post(ENTRIES, {}, format="json")


def play_out(round_: Round, by) -> None:
    """Every game of `round_` won by South, as a finished remote game records it."""
    for pairing in round_.pairings.filter(north__isnull=False):
        record_result(pairing, ResultEntry(ending="capture", south_seeds=25, north_seeds=10), by=by)


def queued_rounds() -> list[list]:
    return [
        row.args_kwargs["args"]
        for row in DBTaskResult.objects.filter(task_path__endswith="run_round_task")
    ]


def test_an_organiser_creates_an_online_event_with_one_open_section(boss_api):
    body = new_event(boss_api, rounds=4)
    assert [s["slug"] for s in body["sections"]] == ["open"]
    assert body["online"]["clock_minutes"] == 1
    assert body["online"]["no_show_seconds"] == 10
    assert body["online"]["next_round"] == "after_last_game"
    assert body["online"]["state"] == "entries"
    event = OnlineEvent.objects.get(tournament__slug="online-open")
    assert event.tournament.rounds == 4 and event.tournament.minutes_per_player == 1


def test_a_user_who_may_not_create_tournaments_is_refused_and_nothing_is_stored():
    api = token_client(player_user("mallory"))
    response = api.post(
        "/api/v1/tournaments/",
        {"name": "X", "slug": "x", "rounds": 3, "online": {"clock_minutes": 1}},
        format="json",
    )
    assert response.status_code == 403
    assert response.json()["code"] == "create_forbidden"
    assert not Tournament.objects.exists() and not OnlineEvent.objects.exists()


def test_settings_out_of_bounds_are_refused(boss_api):
    for online in ({"clock_minutes": 0}, {"no_show_seconds": 5}, {"next_round": "soon"}):
        response = boss_api.post(
            "/api/v1/tournaments/",
            {"name": "X", "slug": "x", "rounds": 3, "online": online},
            format="json",
        )
        assert response.status_code == 400, online
    assert not Tournament.objects.exists()


def test_fixed_start_times_go_into_the_round_schedule(boss_api):
    times = ["2030-05-01T18:00:00+00:00", "2030-05-01T19:00:00+00:00"]
    body = new_event(boss_api, rounds=2, next_round=times)
    assert body["online"]["next_round"] == "fixed"
    starts = RoundStart.objects.filter(section__tournament__slug="online-open").order_by("number")
    assert [s.starts_at.isoformat() for s in starts] == times


@pytest.mark.parametrize(
    ("rounds", "times", "message"),
    [
        (3, ["2030-05-01T18:00:00+00:00", "2030-05-01T19:00:00+00:00"], "one start time per"),
        (2, ["2030-05-01T19:00:00+00:00", "2030-05-01T18:00:00+00:00"], "in order"),
        (2, ["2030-05-01T18:00:00+00:00", "2030-05-01T18:00:00+00:00"], "in order"),
    ],
)
def test_start_times_not_one_per_round_in_order_are_refused(boss_api, rounds, times, message):
    body = {"name": "Y", "slug": "y", "rounds": rounds, "online": {"next_round": times}}
    answer = boss_api.post("/api/v1/tournaments/", body, format="json")
    assert answer.status_code == 400
    refusal = answer.json()
    assert refusal["code"] == "invalid" and refusal["field"] == "online.next_round"
    assert message in refusal["message"]
    assert not Tournament.objects.exists() and not RoundStart.objects.exists()


def test_the_service_itself_refuses_start_times_out_of_order(boss):
    # What the form and the API send on: they parse the times, the service checks them.
    with pytest.raises(ServiceError) as refused:
        create_online_event(
            by=boss,
            name="Y",
            slug="y",
            rounds=2,
            starts=[datetime(2030, 5, 2, 18, tzinfo=UTC), datetime(2030, 5, 1, 18, tzinfo=UTC)],
        )
    assert refused.value.code == "invalid" and refused.value.field == "starts"
    assert not Tournament.objects.exists() and not OnlineEvent.objects.exists()


def test_a_player_enters_with_his_token_and_his_account_is_linked_at_once(boss_api):
    new_event(boss_api)
    _api, response = enter("kofi")
    assert response.status_code == 201, response.content
    player = Player.objects.get(pk=response.json()["player_id"])
    assert player.section.slug == "open" and player.name == "kofi"
    link = AccountLink.objects.get(player=player)
    assert link.status == AccountLink.Status.CONFIRMED
    assert link.account.user.username == "kofi@example.org"
    again = _api.post(ENTRIES, {}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_entered"
    assert Player.objects.count() == 1


def test_an_account_known_to_the_register_enters_as_its_person(boss_api):
    new_event(boss_api)
    person = Person.objects.create(name="Ama Mensah", sex="w", federation="GHA")
    user = player_user("ama")
    AccountLink.objects.create(
        account=user.player_account, person=person, status=AccountLink.Status.CONFIRMED
    )
    response = token_client(user).post(ENTRIES, {"name": "whatever"}, format="json")
    assert response.status_code == 201, response.content
    player = Player.objects.get(pk=response.json()["player_id"])
    assert (player.name, player.sex, player.federation) == ("Ama Mensah", "w", "GHA")
    assert PlayerLink.objects.get(player=player).person == person
    assert response.json()["linked_person"] == person.pk


def test_the_start_needs_the_organisers_rights_and_the_revision(boss_api):
    new_event(boss_api)
    for name in ("a", "b"):
        enter(name)
    stranger = token_client(player_user("mallory"))
    revision = boss_api.get("/api/v1/tournaments/online-open/").json()["revision"]
    refused = stranger.post(
        "/api/v1/tournaments/online-open/start/", {"expected_version": revision}
    )
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    without = boss_api.post("/api/v1/tournaments/online-open/start/", {})
    assert without.status_code == 428
    assert not Round.objects.exists()
    assert OnlineEvent.objects.get().state == "entries"


def test_the_start_pairs_and_publishes_round_one(boss_api):
    new_event(boss_api)
    for name in ("a", "b", "c", "d", "e"):
        enter(name)
    response = start(boss_api)
    assert response.status_code == 200, response.content
    assert response.json()["online"]["state"] == "running"
    round_ = Round.objects.get()
    assert round_.number == 1 and round_.status == Round.Status.PUBLISHED
    assert round_.pairings.count() == 3  # two games and the bye
    boards = LiveBoard.objects.filter(pairing__round=round_)
    assert boards.count() == 2 and all(board.remote for board in boards)
    assert {board.clock_seconds for board in boards} == {60}
    assert {board.no_show_seconds for board in boards} == {10}
    again = start(boss_api)
    assert again.status_code == 409 and again.json()["code"] == "event_started"


def test_rounds_run_themselves_after_the_last_game_until_the_standings_are_final(
    boss, boss_api, django_capture_on_commit_callbacks
):
    new_event(boss_api, rounds=3, gap_seconds=0)
    tournament = Tournament.objects.get()
    # A program told of the tournament's events, as the organiser registers it.
    Endpoint.objects.create(
        tournament=tournament,
        url="https://example.org/hook",
        events=["pairing.published", "standings.final"],
    )
    for name in ("a", "b", "c", "d"):
        enter(name)
    with django_capture_on_commit_callbacks(execute=True):
        start(boss_api)
    for number in (1, 2, 3):
        round_ = Round.objects.get(number=number)
        with django_capture_on_commit_callbacks(execute=True):
            play_out(round_, boss)
        tell_what_happened()
        assert round_.pairings.count() == 2
        if number < 3:
            assert [number + 1] == [args[1] for args in queued_rounds()][-1:]
            with django_capture_on_commit_callbacks(execute=True):
                run_round_task.call(tournament.pk, number + 1)
            tell_what_happened()
            assert Round.objects.get(number=number + 1).status == Round.Status.PUBLISHED
    tell_what_happened()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    # Each round published, and the final standings, told as at any event.
    told = list(Event.objects.filter(tournament=tournament).values_list("kind", flat=True))
    assert told == ["pairing.published"] * 3 + ["standings.final"]
    assert Round.objects.count() == 3
    # Asked again (a task queued twice), nothing changes.
    run_round_task.call(tournament.pk, 3)
    run_round_task.call(tournament.pk, 4)
    assert Round.objects.count() == 3


def test_a_round_is_not_paired_while_a_game_of_the_one_before_is_unfinished(boss, boss_api):
    new_event(boss_api, rounds=3)
    for name in ("a", "b", "c", "d"):
        enter(name)
    start(boss_api)
    first = Round.objects.get()
    record_result(
        first.pairings.first(),
        ResultEntry(ending="capture", south_seeds=25, north_seeds=10),
        by=boss,
    )
    run_round_task.call(first.section.tournament_id, 2)
    assert Round.objects.count() == 1


def test_a_late_joiner_gets_the_events_points_for_the_rounds_he_missed(boss, boss_api):
    new_event(boss_api, rounds=4, late_entry_points="0.5")
    for name in ("a", "b", "c", "d"):
        enter(name)
    start(boss_api)
    _api, late = enter("late")
    assert late.status_code == 201, late.content
    player = Player.objects.get(pk=late.json()["player_id"])
    assert player.entry_round == 2 and player.late_entry_points == Decimal("0.5")
    assert late.json()["entry_round"] == 2
    play_out(Round.objects.get(number=1), boss)
    run_round_task.call(player.section.tournament_id, 2)
    assert Round.objects.get(number=2).seats.filter(player=player).exists()


def test_a_join_after_half_the_rounds_is_refused_and_nothing_stored(boss, boss_api):
    new_event(boss_api, rounds=4)
    for name in ("a", "b", "c", "d"):
        enter(name)
    start(boss_api)
    tournament_id = Tournament.objects.get().pk
    for number in (1, 2):
        play_out(Round.objects.get(number=number), boss)
        run_round_task.call(tournament_id, number + 1)
    players = Player.objects.count()
    api, refused = enter("too-late")
    assert refused.status_code == 409
    assert refused.json()["code"] == "entries_closed"
    assert "half" in refused.json()["message"]
    assert Player.objects.count() == players
    assert not AccountLink.objects.filter(account__user__username="too-late@example.org").exists()


def test_entries_closed_before_the_start_are_refused(boss_api):
    new_event(boss_api, entries_until="2000-01-01T00:00:00Z")
    _api, refused = enter("x")
    assert refused.status_code == 409 and refused.json()["code"] == "entries_closed"
    assert not Player.objects.exists()


def test_a_missed_check_in_is_not_paired_and_two_in_a_row_withdraw_until_he_comes_back(
    boss, boss_api
):
    new_event(boss_api, rounds=4, check_in=True)
    awake = ("a", "b", "c", "d", "f", "g")
    apis = {name: enter(name)[0] for name in (*awake, "e")}
    start(boss_api)  # entering checked everyone in for round 1
    tournament_id = Tournament.objects.get().pk
    sleeper = Entry.objects.get(player__name="e").player
    for number in (2, 3):
        for name in awake:
            response = apis[name].post("/api/v1/tournaments/online-open/open/check-in/")
            assert response.status_code == 201 and response.json()["round"] == number
        play_out(Round.objects.get(number=number - 1), boss)
        run_round_task.call(tournament_id, number)
        assert not Round.objects.get(number=number).seats.filter(player=sleeper).exists()
    sleeper.refresh_from_db()
    assert sleeper.requested_byes.get().round_number == 2
    assert sleeper.status == Player.Status.WITHDRAWN and sleeper.withdrawn_from_round == 3
    # He comes back: checking in pairs him again from the next round.
    for name in (*awake, "e"):
        assert apis[name].post("/api/v1/tournaments/online-open/open/check-in/").status_code == 201
    sleeper.refresh_from_db()
    assert sleeper.status == Player.Status.ACTIVE
    play_out(Round.objects.get(number=3), boss)
    run_round_task.call(tournament_id, 4)
    assert Round.objects.get(number=4).seats.filter(player=sleeper).exists()
    assert CheckIn.objects.filter(entry__player=sleeper).count() == 2  # rounds 1 and 4


def test_a_check_in_without_an_entry_is_refused(boss_api):
    new_event(boss_api, check_in=True)
    response = token_client(player_user("nobody")).post(
        "/api/v1/tournaments/online-open/open/check-in/"
    )
    assert response.status_code == 403 and response.json()["code"] == "not_entered"


def test_fixed_times_pair_a_round_at_its_start_not_before(boss, boss_api):
    from datetime import timedelta

    from django.utils import timezone

    soon = timezone.now() + timedelta(hours=1)
    later = soon + timedelta(hours=1)
    new_event(boss_api, rounds=2, next_round=[soon.isoformat(), later.isoformat()])
    for name in ("a", "b"):
        enter(name)
    assert start(boss_api).status_code == 200
    assert not Round.objects.exists()
    queued = DBTaskResult.objects.get(task_path__endswith="run_round_task")
    assert abs((queued.run_after - soon).total_seconds()) < 1
    tournament_id = Tournament.objects.get().pk
    run_round_task.call(tournament_id, 1)
    assert not Round.objects.exists()  # too early
    RoundStart.objects.filter(number=1).update(starts_at=timezone.now() - timedelta(seconds=1))
    run_round_task.call(tournament_id, 1)
    assert Round.objects.get().number == 1


def test_a_round_task_started_just_before_its_fixed_time_pairs_it_at_that_time(boss, boss_api):
    from datetime import timedelta

    from django.utils import timezone

    # RQ's scheduler may start a job up to a second early; nothing would queue the round again.
    soon = timezone.now() + timedelta(hours=1)
    new_event(boss_api, rounds=1, next_round=[soon.isoformat()])
    for name in ("a", "b"):
        enter(name)
    assert start(boss_api).status_code == 200
    starts_at = timezone.now() + timedelta(seconds=0.5)
    RoundStart.objects.filter(number=1).update(starts_at=starts_at)
    run_round_task.call(Tournament.objects.get().pk, 1)
    assert Round.objects.get().number == 1 and timezone.now() >= starts_at
