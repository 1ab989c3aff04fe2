"""Several arbiters at once, each in a process of its own against the real database (SQLite or
PostgreSQL, whichever the suite runs on): nothing is lost or silently overwritten. And, on
PostgreSQL, what a result's write holds while it is under way: the games of one round, and the
moves of its other games, do not wait for it, and a round taken back meanwhile waits for it
rather than deadlock with it."""

import json
import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import connection, connections, transaction

from oware.endings import Ending
from tournaments.freshness import touch
from tournaments.models import Pairing, Result, ResultChange, Round, Undo
from tournaments.services.registration import assign_pairing_numbers
from tournaments.services.results import ResultEntry, record_result
from tournaments.services.rounds import store_boards, take_back_round

pytestmark = pytest.mark.django_db(transaction=True)
WORKER = Path(__file__).with_name("concurrent_worker.py")


def database_url() -> str:
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] or "postgres"
    auth = f"{user}:{settings['PASSWORD']}" if settings["PASSWORD"] else user
    host = settings["HOST"] or "127.0.0.1"
    return f"postgres://{auth}@{host}:{settings['PORT'] or 5432}/{settings['NAME']}"


def at_once(tmp_path, *commands: list[str]) -> list[dict]:
    """Start one process per command, let them all go at the same moment, collect outcomes."""
    go = tmp_path / "go"
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "oware_tournaments.settings",
        "SECRET_KEY": "concurrency-tests-" + "k" * 40,
        "DEBUG": "0",
    }
    workers = [
        subprocess.Popen(
            [sys.executable, str(WORKER), str(go), *command],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for command in commands
    ]
    for worker in workers:
        assert worker.stdout.readline().strip() == "ready", worker.stderr.read()
    go.touch()
    outcomes = []
    for worker in workers:
        out, err = worker.communicate(timeout=120)
        assert worker.returncode == 0, err
        outcomes.append(json.loads(out.strip().splitlines()[-1]))
    return outcomes


@pytest.fixture
def twelve(section, make_player):
    return [make_player(f"Player {n}", n, rating=2000 - n) for n in range(1, 13)]


@pytest.fixture
def six_boards(section, twelve):
    round_ = Round.objects.create(section=section, number=1, status=Round.Status.PUBLISHED)
    store_boards(round_, [(twelve[i], twelve[i + 1], "") for i in range(0, 12, 2)])
    return list(round_.pairings.order_by("board"))


def test_two_arbiters_saving_one_game_never_overwrite_each_other(tmp_path, six_boards):
    game = six_boards[0]
    outcomes = at_once(
        tmp_path, ["result", str(game.pk), "25", "0"], ["result", str(game.pk), "30", "0"]
    )
    saved = [o["saved"] for o in outcomes if "saved" in o]
    refused = [o["refused"] for o in outcomes if "refused" in o]
    assert len(saved) == 1 and refused == ["result_changed"]
    assert Result.objects.get(pairing=game).south_seeds == saved[0]
    assert ResultChange.objects.filter(pairing=game).count() == 1


def test_results_of_different_games_saved_at_once_are_all_kept(tmp_path, six_boards):
    outcomes = at_once(
        tmp_path, *(["result", str(game.pk), str(25 + i), "0"] for i, game in enumerate(six_boards))
    )
    assert outcomes == [{"saved": 25 + i} for i in range(6)]
    for i, game in enumerate(six_boards):
        assert Result.objects.get(pairing=game).south_seeds == 25 + i
        assert ResultChange.objects.filter(pairing=game).count() == 1


def test_pairing_the_next_round_three_times_at_once_makes_one_round(
    tmp_path, section, twelve, alice
):
    assign_pairing_numbers(section, by=alice)
    outcomes = at_once(tmp_path, *(["pair", str(section.pk)] for _ in range(3)))
    assert sorted(o.get("paired", 0) for o in outcomes) == [0, 0, 1]
    assert all(o.get("refused") for o in outcomes if "paired" not in o)
    assert Round.objects.filter(section=section).count() == 1
    assert Pairing.objects.filter(round__section=section).count() == 6


def test_the_last_results_of_a_round_saved_at_once_complete_it(tmp_path, six_boards):
    outcomes = at_once(
        tmp_path, *(["result", str(game.pk), str(25 + i), "0"] for i, game in enumerate(six_boards))
    )
    assert outcomes == [{"saved": 25 + i} for i in range(6)]
    assert Round.objects.get(pk=six_boards[0].round_id).status == Round.Status.COMPLETED


class _InAThread:
    """`action` run on a thread of its own, on its own database connection; what it raised is
    kept in `failures`."""

    def __init__(self, action):
        self.failures: list[Exception] = []
        self.thread = threading.Thread(target=self._run, args=(action,))
        self.thread.start()

    def _run(self, action):
        try:
            action()
        except Exception as failure:  # noqa: BLE001 (the test reports it)
            self.failures.append(failure)
        finally:
            connections.close_all()

    def join(self) -> None:
        self.thread.join(timeout=30)


@contextmanager
def _held(statement: str, params=()):
    """The locks `statement` takes, held by a transaction on another thread until the block
    ends."""
    holding, release = threading.Event(), threading.Event()

    def hold():
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(statement, params)
            holding.set()
            release.wait(timeout=30)

    holder = _InAThread(hold)
    assert holding.wait(timeout=30), holder.failures
    try:
        yield
    finally:
        release.set()
        holder.join()
    assert not holder.failures, holder.failures


def _until_waiting(statement: str = "", count: int = 1) -> None:
    """Wait until `count` sessions of this database wait for a lock in a statement starting
    with `statement`."""
    for _ in range(500):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database() AND query LIKE %s",
                [statement + "%"],
            )
            if cursor.fetchone()[0] >= count:
                return
        time.sleep(0.02)
    raise AssertionError(f"{count} waits for a lock at {statement or 'any statement'} never came")


def _pg_only():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite writes one transaction at a time")


def _record(game: Pairing, by, south_seeds: int = 25) -> None:
    pairing = Pairing.objects.select_related("round__section__tournament").get(pk=game.pk)
    north_seeds = 48 - south_seeds - 2
    entry = ResultEntry(ending=Ending.CAPTURE, south_seeds=south_seeds, north_seeds=north_seeds)
    record_result(pairing, entry, by=by)


def test_a_result_under_way_holds_neither_its_round_nor_its_tournament(six_boards, alice):
    """A result's write is held half-way (its audit row waits for a lock this test holds on
    the table): meanwhile the tournament's revision is raised, as each remote move does, and
    the round's row is locked, as the next result's write does at its end, each within a
    second."""
    _pg_only()
    game = six_boards[0]
    with _held("LOCK TABLE tournaments_resultchange IN EXCLUSIVE MODE"):
        writer = _InAThread(lambda: _record(game, alice))
        _until_waiting('INSERT INTO "tournaments_resultchange"')
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SET LOCAL lock_timeout = '1s'")
            touch(game.round.section.tournament_id)
            Round.objects.select_for_update().get(pk=game.round_id)
    writer.join()
    assert not writer.failures, writer.failures
    assert Result.objects.get(pairing=game).south_seeds == 25
    assert ResultChange.objects.filter(pairing=game).count() == 1


def test_a_round_taken_back_while_a_result_of_it_is_under_way_waits_for_it(six_boards, alice):
    """The arbiter takes the round back while one of its results is half written (held at the
    round's row, as by another result's write at its end; another game of the round has its
    result already): the take-back waits for the result, no deadlock stops either, and the
    round's undo keeps the result."""
    _pg_only()
    game, other = six_boards[0], six_boards[1]
    _record(other, alice, south_seeds=30)
    round_id = game.round_id
    with _held("SELECT id FROM tournaments_round WHERE id = %s FOR UPDATE", [round_id]):
        writer = _InAThread(lambda: _record(game, alice))
        _until_waiting('SELECT "tournaments_round"')
        round_ = Round.objects.select_related("section__tournament").get(pk=round_id)
        taker = _InAThread(lambda: take_back_round(round_, by=alice, reason="wrong players"))
        _until_waiting(count=2)
    writer.join()
    taker.join()
    assert not writer.failures + taker.failures, writer.failures + taker.failures
    assert not Round.objects.filter(pk=round_id).exists()
    boards = {board["board"]: board for board in Undo.objects.get().snapshot["boards"]}
    assert boards[game.board]["result"]["south_seeds"] == 25
    assert boards[other.board]["result"]["south_seeds"] == 30
