"""Who in the register a tournament's player may be: candidates ranked, each with its reasons.

Plain Python, no Django, no app (tests/foundation/test_dependencies.py keeps it so): the
register's service hands it plain records and links nothing itself. Names are compared ignoring
case, accents, punctuation and word order ("Kofi Annan-Mensah", "MENSAH Kofi Annan" and "Annan
Mensah, Kofí" are one name); the birth year and the federation are supporting evidence, never
enough on their own. A name alone never links: the caller shows the candidates to a person who
chooses. Only an identity number equal to one the register holds is certain (`same_id`).

Each reason is a code (`REASONS`): the product words them in the reader's language.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
from itertools import combinations

# The reasons a candidate is proposed, strongest first, with the score each adds.
SAME_ID = "same_id"
SAME_NAME = "same_name"
KNOWN_VARIANT = "known_variant"
NAME_WITHIN = "name_within"
SAME_INITIALS = "same_initials"
SIMILAR_SPELLING = "similar_spelling"
SAME_BIRTH_YEAR = "same_birth_year"
OTHER_BIRTH_YEAR = "other_birth_year"
SAME_FEDERATION = "same_federation"
OTHER_FEDERATION = "other_federation"
OTHER_SEX = "other_sex"

REASONS = {
    SAME_ID: "the same identity number",
    SAME_NAME: "the same name (case, accents and word order aside)",
    KNOWN_VARIANT: "a name this person has played under",
    NAME_WITHIN: "every word of the shorter name is in the other",
    SAME_INITIALS: "the same surname, with initials for the other names",
    SIMILAR_SPELLING: "a name spelled almost the same",
    SAME_BIRTH_YEAR: "born the same year",
    OTHER_BIRTH_YEAR: "born another year",
    SAME_FEDERATION: "the same federation",
    OTHER_FEDERATION: "another federation",
    OTHER_SEX: "the other sex",
}
SCORES = {
    SAME_ID: 200,
    SAME_NAME: 100,
    KNOWN_VARIANT: 95,
    NAME_WITHIN: 70,
    SAME_INITIALS: 60,
    SIMILAR_SPELLING: 50,
    SAME_BIRTH_YEAR: 20,
    OTHER_BIRTH_YEAR: -45,
    SAME_FEDERATION: 10,
    OTHER_FEDERATION: -15,
    OTHER_SEX: -60,
}
# Below this a person is not worth showing; a name that matches in no way is never shown.
LEAST_SCORE = 40
# How alike two names must be (difflib's ratio over their keys) to be "spelled almost the same".
SIMILAR_RATIO = 0.85
PUNCTUATION = str.maketrans({c: " " for c in "-‐‑–—'’`´.,;:_/()\"«»"})


@lru_cache(maxsize=65536)
def _plain(name: str) -> tuple[str, ...]:
    decomposed = unicodedata.normalize("NFKD", name)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    # Letters that decompose to no base letter: a Nordic ø, a Polish ł, a German ß.
    bare = bare.replace("ø", "o").replace("Ø", "O").replace("ł", "l").replace("Ł", "L")
    return tuple(bare.casefold().translate(PUNCTUATION).split())


def plain_words(name: str) -> list[str]:
    """The words of `name` without case, accents or punctuation: "Kofí Annan-Mensah" gives
    ["kofi", "annan", "mensah"]."""
    return list(_plain(name))


def name_key(name: str) -> str:
    """The key two names share when they are the same name in another case, with or without
    accents, in another word order: the sorted plain words."""
    return " ".join(sorted(plain_words(name)))


@dataclass(frozen=True)
class Entry:
    """A tournament's player as the register sees him: the name, what else the file said."""

    name: str
    sex: str = ""  # "m", "w" or "" when unknown
    birth_year: int | None = None
    federation: str = ""
    identity_number: str = ""


@dataclass(frozen=True)
class Record:
    """A person of the register: an id the caller knows him by, his names (the first is the one
    he goes by, the others the variants seen), sex, birth year, federation and identity numbers.
    """

    person_id: int
    names: tuple[str, ...]
    sex: str = ""
    birth_year: int | None = None
    federation: str = ""
    ids: tuple[str, ...] = ()


@dataclass(order=True)
class Candidate:
    """One person the player may be: ranked by `score` (higher first), with the reasons."""

    sort_key: tuple = field(init=False, repr=False)
    person_id: int = field(compare=False)
    score: int = field(compare=False)
    reasons: tuple[str, ...] = field(compare=False)
    name: str = field(compare=False)

    def __post_init__(self):
        self.sort_key = (-self.score, name_key(self.name), self.person_id)

    @property
    def exact_id(self) -> bool:
        return SAME_ID in self.reasons


def birth_year_of(text: str) -> int | None:
    """The year of a birth date as files write it ("1990/04/12", "1990-04-12", "12.04.1990",
    "1990"); None when there is none."""
    digits = [part for part in _split_date(text) if part.isascii() and part.isdigit()]
    years = [int(part) for part in digits if len(part) == 4]
    return years[0] if years and 1000 <= years[0] <= 9999 else None


def _split_date(text: str) -> list[str]:
    for separator in "-./ ":
        text = text.replace(separator, " ")
    return text.split()


def _initials_match(words: list[str], other: list[str]) -> bool:
    """Whether one name writes with initials what the other writes in full: "K. Mensah" and
    "Kofi Mensah" (the full words shared, every initial the first letter of a word left)."""
    return _initials_in(words, other) or _initials_in(other, words)


def _initials_in(short: list[str], full: list[str]) -> bool:
    initials = [w for w in short if len(w) == 1]
    whole = [w for w in short if len(w) > 1]
    if not initials or not whole:
        return False
    rest = list(full)
    for word in whole:
        if word not in rest:
            return False
        rest.remove(word)
    for letter in initials:
        found = next((w for w in rest if w.startswith(letter)), None)
        if found is None:
            return False
        rest.remove(found)
    return True


def name_reason(name: str, known: Iterable[str]) -> str | None:
    """How `name` matches the best of the `known` names (the first is the person's own name),
    or None when it matches none of them."""
    words = plain_words(name)
    key = " ".join(sorted(words))
    if not key:
        return None
    best = None
    for index, other in enumerate(known):
        other_words = plain_words(other)
        other_key = " ".join(sorted(other_words))
        if not other_key:
            continue
        if other_key == key:
            reason = SAME_NAME if index == 0 else KNOWN_VARIANT
        elif _within(words, other_words):
            reason = NAME_WITHIN
        elif _initials_match(words, other_words):
            reason = SAME_INITIALS
        elif signature(words) == signature(other_words) and _similar(key, other_key):
            reason = SIMILAR_SPELLING
        else:
            continue
        if best is None or SCORES[reason] > SCORES[best]:
            best = reason
    return best


def _similar(key: str, other: str) -> bool:
    """Spelled almost the same: difflib's ratio at least SIMILAR_RATIO, its cheap upper bounds
    tried first (most names of a register are far from any given one)."""
    if 2 * min(len(key), len(other)) / (len(key) + len(other)) < SIMILAR_RATIO:
        return False
    matcher = SequenceMatcher(None, key, other, autojunk=False)
    return matcher.quick_ratio() >= SIMILAR_RATIO and matcher.ratio() >= SIMILAR_RATIO


def _within(words: list[str], other: list[str]) -> bool:
    """Every word of the shorter name (two words at least) is in the longer one."""
    short, long = (words, other) if len(words) <= len(other) else (other, words)
    if len(short) < 2:
        return False
    rest = list(long)
    for word in short:
        if word not in rest:
            return False
        rest.remove(word)
    return True


def _plain_id(text: str) -> str:
    return "".join(text.split()).lstrip("0").casefold()


def assess(entry: Entry, record: Record) -> Candidate | None:
    """`record` as a candidate for `entry`, or None when nothing points to him."""
    reasons: list[str] = []
    wanted = _plain_id(entry.identity_number)
    if wanted and wanted in {_plain_id(i) for i in record.ids if i}:
        reasons.append(SAME_ID)
    matched = name_reason(entry.name, record.names)
    if matched is not None:
        reasons.append(matched)
    if not reasons:
        return None
    if entry.birth_year and record.birth_year:
        reasons.append(
            SAME_BIRTH_YEAR if entry.birth_year == record.birth_year else OTHER_BIRTH_YEAR
        )
    if entry.federation and record.federation:
        same = entry.federation.casefold() == record.federation.casefold()
        reasons.append(SAME_FEDERATION if same else OTHER_FEDERATION)
    if entry.sex and record.sex and entry.sex != record.sex:
        reasons.append(OTHER_SEX)
    score = sum(SCORES[reason] for reason in reasons)
    if SAME_ID not in reasons and score < LEAST_SCORE:
        return None
    name = record.names[0] if record.names else ""
    return Candidate(person_id=record.person_id, score=score, reasons=tuple(reasons), name=name)


def candidates(entry: Entry, records: Iterable[Record], limit: int = 5) -> list[Candidate]:
    """The persons `entry` may be, best first (score, then name), at most `limit`."""
    found = [c for c in (assess(entry, record) for record in records) if c is not None]
    return sorted(found)[:limit]


def signature(words) -> str:
    """The first two letters of each word, sorted: two names spelled almost the same keep it
    (a letter swapped, doubled or dropped inside a word), so only names that share it are
    compared letter by letter."""
    return " ".join(sorted(word[:2] for word in words))


def index_keys(name: str) -> set[str]:
    """What a register indexes a person's name by, so that `lookup_keys` of an entry's name
    finds every person whose name `name_reason` may match, and few others: the `signature`
    (the same name, a close spelling), each pair of words (a name within the other), each word
    (for an entry written with initials) and, for a name written with initials, its whole words.
    """
    words = plain_words(name)
    whole = sorted({word for word in words if len(word) > 1})
    keys = {f"s:{signature(words)}"} | {f"w:{word}" for word in whole}
    keys |= {f"p:{a} {b}" for a, b in combinations(sorted(set(words)), 2)}
    if len(whole) < len(words):
        keys.add("i:" + " ".join(whole))
    return keys


def lookup_keys(name: str) -> set[str]:
    """The index keys to look an entry's name up by (see `index_keys`)."""
    words = plain_words(name)
    whole = sorted({word for word in words if len(word) > 1})
    keys = {f"s:{signature(words)}"}
    keys |= {f"p:{a} {b}" for a, b in combinations(sorted(set(words)), 2)}
    if len(whole) < len(words):  # initials: any person with each whole word
        keys |= {f"w:{word}" for word in whole}
    # A person written with initials whose whole words are all in this name.
    for size in range(1, min(len(whole), 4) + 1):
        keys |= {"i:" + " ".join(group) for group in combinations(whole, size)}
    return keys
