"""The candidates core: names compared without case, accents, punctuation or word order, the
birth year and federation as supporting evidence, ranked with the reasons; no Django."""

import subprocess
import sys
from pathlib import Path

from register import matching
from register.matching import Entry, Record, candidates, name_key

ROOT = Path(__file__).resolve().parents[2]


def test_a_name_is_the_same_in_another_case_with_accents_in_another_order():
    same = {
        name_key(n) for n in ["Kwamé Boateng", "BOATENG Kwame", "boateng,  kwamé", "Kwame Boateng"]
    }
    assert same == {"boateng kwame"}
    assert name_key("Adjoa Owusu-Ansah") == name_key("Owusu Ansah, Adjoa")
    assert name_key("Søren Łukasz") == "lukasz soren"


def test_candidates_are_ranked_with_their_reasons():
    entry = Entry(name="Mensah Kofí", sex="m", birth_year=1990, federation="GHA")
    records = [
        Record(1, ("Kofi Mensah",), sex="m", birth_year=1990, federation="GHA"),
        Record(2, ("Kofi Mensah",), sex="m", birth_year=1975, federation="GHA"),
        Record(3, ("K. Mensah",), sex="m", federation="GHA"),
        Record(4, ("Ama Mensah",), sex="w", federation="GHA"),
        Record(5, ("Yaw Darko", "Kofi Mensah Darko"), sex="m"),
    ]
    found = candidates(entry, records)
    # 5 and 3 score alike: by name, Darko before Mensah.
    assert [c.person_id for c in found] == [1, 5, 3, 2]
    assert found[0].reasons == (
        matching.SAME_NAME,
        matching.SAME_BIRTH_YEAR,
        matching.SAME_FEDERATION,
    )
    assert found[1].reasons == (matching.NAME_WITHIN,)
    assert found[2].reasons == (matching.SAME_INITIALS, matching.SAME_FEDERATION)
    assert matching.OTHER_BIRTH_YEAR in found[3].reasons
    assert all(not c.exact_id for c in found)


def test_a_known_variant_counts_and_an_id_is_certain():
    entry = Entry(name="Adwoa Owusu", identity_number="0042")
    records = [
        Record(7, ("Adjoa Owusu-Ansah", "Owusu Adwoa")),
        Record(8, ("Someone Else",), ids=("42",)),
    ]
    first, second = candidates(entry, records)
    assert (first.person_id, first.reasons) == (8, (matching.SAME_ID,))
    assert (second.person_id, second.reasons[0]) == (7, matching.KNOWN_VARIANT)


def test_a_slightly_different_spelling_is_proposed_and_an_unrelated_name_is_not():
    entry = Entry(name="Kwame Boatneg")
    found = candidates(entry, [Record(1, ("Kwame Boateng",)), Record(2, ("Esi Asante",))])
    assert [(c.person_id, c.reasons) for c in found] == [(1, (matching.SIMILAR_SPELLING,))]


def test_evidence_against_can_drop_a_weak_candidate():
    entry = Entry(name="Kwame Boatneg", sex="w", birth_year=2001, federation="NGR")
    assert candidates(entry, [Record(1, ("Kwame Boateng",), "m", 1970, "GHA")]) == []


def test_birth_years_as_files_write_them():
    assert [matching.birth_year_of(t) for t in ["1990/04/12", "12.04.1990", "1990", "", "x"]] == [
        1990,
        1990,
        1990,
        None,
        None,
    ]


def test_the_matching_module_imports_no_django():
    script = (
        "import sys\n"
        "import register.matching\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'rest_framework', 'tournaments')))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.strip() == "[]"


NAMES = [
    "Kofi Mensah",
    "Mensah, Kofí",
    "K. Mensah",
    "Kofi A. Mensah",
    "Kofi Mensa",
    "Kofi Mensah Junior",
    "Kwame Boateng",
    "Kwame Boatneg",
    "Boateng",
    "Adjoa Owusu-Ansah",
    "Owusu Ansah Adjoa",
    "Adwoa Owusu",
    "A. O. Ansah",
    "Yaw Darko",
    "Y Darko",
    "Esi",
    "Esí",
]


def test_the_index_finds_every_name_the_matching_would_propose():
    for entry in NAMES:
        for known in NAMES:
            if matching.name_reason(entry, [known]) is not None:
                shared = matching.lookup_keys(entry) & matching.index_keys(known)
                assert shared, (entry, known)
