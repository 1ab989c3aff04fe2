"""The load scenario (bench/load.py) reports what it measured honestly and runs where told."""

import importlib.util

import pytest

from tests.servers import ROOT


@pytest.fixture(scope="module")
def load():
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "bench" / "load.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Throttled:
    def request(self, method, path, body=None, headers=None):
        return 429, b'{"code": "throttled"}'


def test_a_throttled_request_counts_as_an_error(load, capsys):
    tally = load.Tally()
    for _ in range(3):
        load.timed(tally, "API standings", Throttled(), "GET", "/")
    assert tally.errors["API standings"] == 3
    assert tally.throttled["API standings"] == 3
    load.report(tally, 1.0, "throttled")
    row = next(line for line in capsys.readouterr().out.splitlines() if "API standings" in line)
    assert row.split()[-2:] == ["3", "3"]


def test_its_database_commands_use_the_whole_database_url(load, monkeypatch):
    commands = []

    class Stop(Exception):
        pass

    def run(command, **options):
        commands.append(command)
        raise Stop  # before any server is started

    monkeypatch.setenv("DATABASE_URL", "postgres://someone:secret@127.0.0.1:5999/anything")
    monkeypatch.setattr(load.subprocess, "run", run)
    with pytest.raises(Stop):
        load.start_server(1, "sync")
    assert commands[0][:4] == [
        "psql",
        "-q",
        "-d",
        "postgres://someone:secret@127.0.0.1:5999/postgres",
    ]


def test_its_database_and_ports_come_from_the_environment(load, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/not-this-one")
    monkeypatch.setenv("BENCH_DATABASE_URL", "postgres://bench@127.0.0.1:5433/hall_figures")
    monkeypatch.setenv("BENCH_PORT", "18123")
    assert load.bench_database() == "postgres://bench@127.0.0.1:5433/hall_figures"
    assert load.bench_port("BENCH_PORT") == 18123
    monkeypatch.delenv("BENCH_DATABASE_URL")
    assert load.bench_database().endswith("/not-this-one")
    monkeypatch.delenv("DATABASE_URL")
    assert load.bench_database().startswith("postgres://postgres@127.0.0.1:5432/oware_load_")
    monkeypatch.delenv("BENCH_PORT")
    assert 0 < load.bench_port("BENCH_PORT") < 65536
