"""The reference cases the tests check against, read from ``tests/data/`` (never ../shared).

``scripts/pack-reference-cases`` packs them from the shared corpus; ``../shared/tools``
stay the independent cross-check.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
OWARE_FILES = ("abapa", "grand-slam-forbidden", "ouri", "illegal")


def _lines(path: Path) -> Iterator[dict]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


@cache
def dutch_cases() -> tuple[dict, ...]:
    """``{"case", "players", "round", "trf", "expected"}``: bbpPairings v6 pairings of one round."""
    return tuple(_lines(DATA / "dutch.jsonl.gz"))


@cache
def tiebreak_cases() -> tuple[dict, ...]:
    """``{"case", "trf", "reference"}``: a finished section and its reference standings."""
    return tuple(_lines(DATA / "tiebreaks.jsonl.gz"))


def oware_games(name: str) -> list[dict]:
    """The reference games of one file of :data:`OWARE_FILES`, one dict per game."""
    return list(_lines(DATA / "oware" / f"{name}.jsonl.gz"))


def trf_texts() -> list[tuple[str, str]]:
    """``(name, text)`` of every reference TRF file, Dutch cases then tie-break cases."""
    return [(c["case"], c["trf"]) for c in dutch_cases()] + [
        (c["case"], c["trf"]) for c in tiebreak_cases()
    ]
