"""The lists the product publishes agree with `python -m ratings` run on the same TRF files,
each period's list before written as a CSV from the product's previous list."""

import csv
import io
import subprocess
import sys
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from ratinglists.computing import close_period
from ratinglists.models import RatingSettings
from register.models import Person
from tests.ratinglists.conftest import ACCRA, KUMASI, TAMALE
from tournaments.trf import parse_file

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db

SEPTEMBER = (date(2026, 9, 1), date(2026, 9, 30))
OCTOBER = (date(2026, 10, 1), date(2026, 10, 31))


def run_cli(tmp_path, system, rows, header, files, *extra):
    before = tmp_path / f"before-{len(list(tmp_path.iterdir()))}.csv"
    with before.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ratings",
            system,
            "--list",
            str(before),
            *extra,
            *(str(f) for f in files),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return {row["id"]: row for row in csv.DictReader(io.StringIO(done.stdout))}


def first_entries():
    """Each TRF id's rating in the first file of September he played (the first list's seed)."""
    seen = {}
    for path in (KUMASI, ACCRA):
        for player in parse_file(path).players:
            seen.setdefault(player.fide_id, player.rating)
    return seen


def by_trf_id(rating_list):
    return {row.person.trf_id: row for row in rating_list.rows.select_related("person")}


def fide_list_rows(rating_list, newcomers=()):
    rows = [
        [
            row.person.trf_id,
            row.name,
            "" if row.rating is None else int(row.rating),
            row.total_games,
            row.person.birth_year or "",
            10 if row.k_kept else "",
        ]
        for row in rating_list.rows.select_related("person")
    ]
    for person in newcomers:
        rows.append([person.trf_id, person.name, "", 0, person.birth_year or "", ""])
    return rows


def test_two_fide_periods_agree_with_the_command_line(three_events, officer, tmp_path):
    september = close_period(*SEPTEMBER, by=officer)
    october = close_period(*OCTOBER, by=officer)
    seed = first_entries()
    persons = {p.trf_id: p for p in Person.objects.filter(merged_into__isnull=True)}
    cli = run_cli(
        tmp_path,
        "fide",
        [
            [i, persons[i].name, "" if r is None else r, 0, persons[i].birth_year or "", ""]
            for i, r in seed.items()
        ],
        ("id", "name", "rating", "games", "birth_year", "k"),
        [KUMASI, ACCRA],
    )
    listed = by_trf_id(september)
    assert set(listed) == set(cli)
    for trf_id, row in listed.items():
        expected = cli[trf_id]
        assert row.rating == (float(expected["rating_after"]) if expected["rating_after"] else None)
        assert row.games == int(expected["games"])
        assert row.score == Decimal(expected["score"])
        assert (row.k or "") == (int(expected["k"]) if expected["k"] else "")
        assert (row.change if row.change is not None else "") == (
            int(expected["change"]) if expected["change"] else ""
        )
    # Efua Addo came unrated and leaves with a first rating (9 games against rated opponents).
    assert listed["20000008"].rating_before is None and listed["20000008"].rating is not None
    # Forfeits count for nobody, nor a game against an unrated player for a rated one: Darko's
    # forfeit in Kumasi and his game against Efua Addo in Accra leave him 8 of his 10 rounds.
    assert listed["20000004"].games == 8
    # Appiah: the double forfeit in Accra and his two games against Efua Addo do not count.
    assert listed["20000007"].games == 7

    newcomer = Person.objects.get(trf_id="20000009")  # K. Mensah, split back: a person of his own
    cli = run_cli(
        tmp_path,
        "fide",
        fide_list_rows(september, [newcomer]),
        ("id", "name", "rating", "games", "birth_year", "k"),
        [TAMALE],
    )
    listed = by_trf_id(october)
    assert set(listed) == set(cli)
    for trf_id, row in listed.items():
        expected = cli[trf_id]
        assert row.rating == (float(expected["rating_after"]) if expected["rating_after"] else None)
        assert row.games == int(expected["games"])
    # K. Mensah came unrated (a newcomer after the first list) and earned a first rating.
    assert listed["20000009"].rating_before is None and listed["20000009"].k is None


def test_a_glicko2_period_agrees_with_the_command_line(three_events, officer, tmp_path, client):
    settings = RatingSettings.current()
    settings.system, settings.tau = "glicko2", 0.6
    settings.save()
    september = close_period(*SEPTEMBER, by=officer)
    seed = first_entries()
    persons = {p.trf_id: p for p in Person.objects.filter(merged_into__isnull=True)}
    cli = run_cli(
        tmp_path,
        "glicko2",
        [[i, persons[i].name, 1500 if r is None else r, 350, 0.06] for i, r in seed.items()],
        ("id", "name", "rating", "rd", "volatility"),
        [KUMASI, ACCRA],
        "--tau",
        "0.6",
    )
    for trf_id, row in by_trf_id(september).items():
        expected = cli[trf_id]
        assert row.rating == pytest.approx(float(expected["rating"]), abs=1e-6)
        assert row.deviation == pytest.approx(float(expected["rd"]), abs=1e-6)
        assert row.volatility == pytest.approx(float(expected["volatility"]), abs=1e-6)
    report = client.get(f"/ratings/event/{three_events['kumasi'].slug}/").content.decode()
    assert "Glicko-2 list of 2026-09-30" in report and "Appiah, Kwesi" in report
    october = close_period(*OCTOBER, by=officer)
    kofi = october.rows.get(person__trf_id="20000001")  # did not play in October
    assert kofi.games == 0 and kofi.deviation > september.rows.get(person=kofi.person).deviation
