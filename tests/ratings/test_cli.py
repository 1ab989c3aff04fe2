"""``python -m ratings`` run as a user runs it: on the hand-made periods of tests/data/ratings/hand
(each checked by hand from the rules, see the README there), on the reference periods of
tests/data/ratings/reference, and on bad input, which it refuses with the file, the line and
exit code 2."""

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "ratings"


def run(*args, text=True):
    return subprocess.run(
        [sys.executable, "-m", "ratings", *map(str, args)],
        cwd=ROOT,
        capture_output=True,
        text=text,
        check=False,
    )


def cases(folder):
    """(name, system, list, event files, expected) of each period in a folder."""
    found = []
    for listed in sorted((DATA / folder).glob("*.list.csv")):
        name = listed.name.removesuffix(".list.csv")
        system = name.split("-")[-1] if folder == "reference" else name.split("-")[0]
        events = sorted((DATA / folder).glob(f"{name}-e*.trf"))
        found.append(
            pytest.param(system, listed, events, DATA / folder / f"{name}.expected.csv", id=name)
        )
    return found


def rows(text):
    return {row["id"]: row for row in csv.DictReader(io.StringIO(text))}


def check(system, listed, events, expected, glicko_tolerance):
    done = run(system, "--list", listed, *events)
    assert done.returncode == 0, done.stderr
    got = rows(done.stdout)
    with open(listed, newline="", encoding="utf-8") as handle:
        assert set(got) == set(rows(handle.read())), "one row per player of the list"
    with open(expected, newline="", encoding="utf-8") as handle:
        wanted = rows(handle.read())
    for player_id, row in wanted.items():
        if system == "fide":
            assert got[player_id] == row
        else:
            for key, tolerance in zip(
                ("rating", "rd", "volatility"), glicko_tolerance, strict=True
            ):
                assert float(got[player_id][key]) == pytest.approx(float(row[key]), abs=tolerance)


@pytest.mark.parametrize(("system", "listed", "events", "expected"), cases("hand"))
def test_the_hand_made_periods(system, listed, events, expected):
    # Glickman's example is checked to the paper's rounding (two decimals, five for σ).
    check(system, listed, events, expected, (0.01, 0.01, 1e-5))


@pytest.mark.parametrize(("system", "listed", "events", "expected"), cases("reference"))
def test_the_reference_periods(system, listed, events, expected):
    check(system, listed, events, expected, (1e-3, 1e-3, 1e-5))


def test_the_output_is_csv_with_crlf_line_ends_as_the_reference_writes_it():
    name = "case000-fide"
    done = run(
        "fide",
        "--list",
        DATA / "reference" / f"{name}.list.csv",
        DATA / "reference" / f"{name}-e1.trf",
        text=False,
    )
    assert done.stdout == (DATA / "reference" / f"{name}.expected.csv").read_bytes()


def test_glicko2_writes_six_decimals_and_takes_tau():
    hand = DATA / "hand"
    listed, event = hand / "glicko2-paper.list.csv", hand / "glicko2-paper-e1.trf"
    default = rows(run("glicko2", "--list", listed, event).stdout)
    assert default["601"]["rating"] == "1464.050671"
    assert default["606"] == {
        "id": "606",
        "name": "New, Nuru",
        "rating": "1500.000000",
        "rd": "350.155166",
        "volatility": "0.060000",
    }
    other = rows(run("glicko2", "--list", listed, "--tau", "1.2", event).stdout)
    assert other["601"]["volatility"] != default["601"]["volatility"]


FIDE_HEADER = "id,name,rating,games,birth_year,k\n"
TRF = (
    "012 Small\n052 2026/05/03\n"
    "001    1      One                               2000 GHA         701             1.0"
    "          2 w 1\n"
    "001    2      Two                               1900 GHA         702             0.0"
    "          1 b 0\n"
)


def refused(tmp_path, list_text, trf_text=TRF, system="fide"):
    listed, event = tmp_path / "before.csv", tmp_path / "event.trf"
    listed.write_text(list_text, encoding="utf-8")
    event.write_text(trf_text, encoding="utf-8")
    done = run(system, "--list", listed, event)
    assert done.returncode == 2, done.stdout
    assert done.stdout == ""
    return done.stderr, listed, event


def test_a_small_period_runs(tmp_path):
    listed, event = tmp_path / "before.csv", tmp_path / "event.trf"
    listed.write_text(FIDE_HEADER + "701,One,2000,100,1980,\n702,Two,1900,100,1980,\n")
    event.write_text(TRF)
    done = run("fide", "--list", listed, event)
    assert done.returncode == 0, done.stderr
    assert rows(done.stdout)["701"]["change"] == "7"  # 20 × (1 − .64) = 7.2


def test_a_list_with_the_wrong_header_is_refused(tmp_path):
    error, listed, _ = refused(tmp_path, "id,name,elo,games,birth_year,k\n701,One,2000,1,1980,\n")
    assert f"{listed}, line 1: the header must be id,name,rating,games,birth_year,k" in error


def test_a_list_with_a_bad_rating_names_its_line(tmp_path):
    error, listed, _ = refused(
        tmp_path, FIDE_HEADER + "701,One,2000,1,1980,\n702,Two,19x0,1,1980,\n"
    )
    assert f"{listed}, line 3: rating must be a whole number, found '19x0'" in error


def test_a_list_row_with_missing_fields_names_its_line(tmp_path):
    error, listed, _ = refused(tmp_path, FIDE_HEADER + "701,One,2000\n")
    assert f"{listed}, line 2: expected 6 fields, found 3" in error


def test_a_list_with_an_id_twice_is_refused(tmp_path):
    error, listed, _ = refused(
        tmp_path, FIDE_HEADER + "701,One,2000,1,1980,\n701,Two,1900,1,1980,\n"
    )
    assert f"{listed}, line 3: id 701 is listed twice (first on line 2)" in error


def test_a_k_other_than_10_20_40_is_refused(tmp_path):
    error, listed, _ = refused(tmp_path, FIDE_HEADER + "701,One,2000,1,1980,15\n")
    assert f"{listed}, line 2: k must be empty, 10, 20 or 40, found '15'" in error


def test_a_glicko2_list_half_new_is_refused(tmp_path):
    text = "id,name,rating,rd,volatility\n701,One,1500,,0.06\n702,Two,,,\n"
    error, listed, _ = refused(tmp_path, text, system="glicko2")
    assert f"{listed}, line 2: rating, rd and volatility must be all given or all empty" in error


def test_a_glicko2_list_with_a_deviation_of_zero_is_refused(tmp_path):
    text = "id,name,rating,rd,volatility\n701,One,1500,0,0.06\n702,Two,,,\n"
    error, listed, _ = refused(tmp_path, text, system="glicko2")
    assert f"{listed}, line 2: rd must be above 0, found '0'" in error


def test_an_id_the_list_does_not_have_names_the_file_and_line(tmp_path):
    error, listed, event = refused(tmp_path, FIDE_HEADER + "701,One,2000,100,1980,\n")
    assert f"{event}, line 4: player 2 has id 702, which the list {listed} does not have" in error


def test_a_player_without_an_id_is_refused(tmp_path):
    trf_text = TRF.replace("         702 ", "             ")
    error, _, event = refused(tmp_path, FIDE_HEADER + "701,One,2000,100,1980,\n", trf_text)
    assert f"{event}, line 4: player 2 has no id (columns 58-68)" in error


def test_an_unreadable_trf_file_names_its_line(tmp_path):
    trf_text = TRF.replace("2 w 1", "2 x 1")
    error, _, event = refused(
        tmp_path, FIDE_HEADER + "701,One,2000,1,1980,\n702,Two,1,1,1980,\n", trf_text
    )
    assert f"{event}, line 3: is not a valid TRF file: colour must be w, b or -" in error


@pytest.mark.parametrize("system", ["fide", "glicko2"])
def test_a_missing_event_file_is_named(tmp_path, system):
    listed = tmp_path / "before.csv"
    listed.write_text(FIDE_HEADER if system == "fide" else "id,name,rating,rd,volatility\n")
    done = run(system, "--list", listed, tmp_path / "nowhere.trf")
    assert done.returncode == 2
    assert f"{tmp_path / 'nowhere.trf'}: cannot be read: No such file or directory" in done.stderr


def test_a_missing_list_is_named(tmp_path):
    done = run("fide", "--list", tmp_path / "none.csv", DATA / "hand" / "fide-k40-e1.trf")
    assert done.returncode == 2
    assert f"{tmp_path / 'none.csv'}: cannot be read: No such file or directory" in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["elo", "--list", "x.csv", "e.trf"],
        ["fide", "e.trf"],
        ["fide", "--list", "x.csv"],
        ["glicko2", "--list", "x.csv", "--tau", "0", "e.trf"],
        ["glicko2", "--list", "x.csv", "--tau", "much", "e.trf"],
    ],
)
def test_a_wrong_command_line_exits_with_2(args):
    done = run(*args)
    assert done.returncode == 2
    assert "usage: python -m ratings" in done.stderr
