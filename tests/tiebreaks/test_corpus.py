"""Reference standings of the shared tie-break corpus (FIDE C.07, 2026 edition)."""

import io
import json
from contextlib import redirect_stdout

import pytest

from tests.reference_cases import tiebreak_cases
from tournaments.standings.__main__ import main
from tournaments.tiebreaks import standings_from_trf, standings_to_json
from tournaments.trf import parse

CASES = [pytest.param(case, id=case["case"]) for case in tiebreak_cases()]
ORDERS = {
    "rank": ("PTS", "DE", "PS", "BH", "SB"),
    "rank_c1": ("PTS", "DE", "PS", "BH", "BH-C1", "SB"),
}


def test_every_reference_case_is_there():
    assert len(CASES) == 23


@pytest.mark.parametrize("rank_key", sorted(ORDERS))
@pytest.mark.parametrize("case", CASES)
def test_ranks_and_values_match_the_reference(case, rank_key):
    reference = case["reference"]
    expected = {p["id"]: p for p in reference["players"]}
    order = ORDERS[rank_key]
    standings = standings_from_trf(parse(case["trf"]), order)
    assert {row.id for row in standings.rows} == set(expected)
    for row in standings.rows:
        want = expected[row.id]
        assert row.rank == want[rank_key], f"player {row.id}"
        for code in order:
            assert float(row.values[code]) == pytest.approx(want[code], abs=1e-3), (
                f"player {row.id} {code}"
            )


@pytest.mark.parametrize("case", CASES)
def test_direct_encounter_places_and_tied_groups_match_the_reference(case):
    reference = case["reference"]
    standings = standings_from_trf(parse(case["trf"]), ORDERS["rank"])
    assert {row.id: row["DE"] for row in standings.rows} == {
        p["id"]: p["DE"] for p in reference["players"]
    }
    assert sorted(map(sorted, standings.tied_groups)) == sorted(
        map(sorted, reference["tied_groups"])
    )


def test_the_command_prints_the_reference_json_shape(tmp_path):
    first = tiebreak_cases()[0]
    path = tmp_path / f"{first['case']}.trf"
    path.write_text(first["trf"])
    out = io.StringIO()
    with redirect_stdout(out):
        assert main([str(path), "--tiebreaks", "PTS,DE,PS,BH,SB"]) == 0
    printed = json.loads(out.getvalue())
    expected = standings_to_json(standings_from_trf(parse(first["trf"]), "PTS,DE,PS,BH,SB"))
    assert printed == {"players": expected["players"]}
    assert set(printed["players"][0]) == {"id", "rank", "PTS", "DE", "PS", "BH", "SB"}


def test_the_command_reports_an_unreadable_file(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text("001    x")
    assert main([str(bad)]) == 2
    assert "line 1, column 8" in capsys.readouterr().err
