"""Tie-break codes as written in event rules and TRF ``202``/``212`` records.

``BH-C1`` and ``BH/C1`` are the same thing: Buchholz cut 1.  Modifiers ``Cn``
(cut the n least significant values) and ``Mn`` (cut n least, then n most
significant) apply to BH, FB, SB and PS (PS-Cn only).  ``GE`` is the pre-Aug
2024 name of ``REP``.  The codes themselves are declared in :mod:`.registry`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .registry import ALIASES, BY_CODE, INDIVIDUAL_CODES

KNOWN = INDIVIDUAL_CODES
_PATTERN = re.compile(r"^([A-Z]+)(?:[-/]([CM])(\d))?$")


@dataclass(frozen=True)
class TiebreakCode:
    """A parsed code.  ``text`` is the code as given (upper-case); results are keyed by it."""

    text: str
    name: str
    cut_low: int = 0
    cut_high: int = 0


def parse_code(text: str) -> TiebreakCode:
    """Parse one code such as ``"BH-C1"``, ``"SB/C1"``, ``"PS"``; ``ValueError`` if unknown."""
    cleaned = text.strip().upper()
    match = _PATTERN.match(cleaned)
    if not match:
        raise ValueError(f"unknown tie-break code {text!r}")
    name, modifier, count = match.groups()
    name = ALIASES.get(name, name)
    if name not in KNOWN:
        raise ValueError(f"unknown tie-break code {text!r}; known: {', '.join(KNOWN)}")
    if modifier is None:
        return TiebreakCode(cleaned, name)
    if modifier not in BY_CODE[name].cuts:
        raise ValueError(f"tie-break {name} takes no {modifier} modifier ({text!r})")
    n = int(count)
    return TiebreakCode(cleaned, name, cut_low=n, cut_high=n if modifier == "M" else 0)


def parse_codes(codes) -> list[TiebreakCode]:
    """Parse a comma-separated string or a sequence of codes, keeping their order."""
    if isinstance(codes, str):
        codes = [c for c in codes.split(",") if c.strip()]
    parsed = [parse_code(c) for c in codes]
    seen = set()
    for code in parsed:
        if code.text in seen:
            raise ValueError(f"tie-break {code.text} is listed twice")
        seen.add(code.text)
    return parsed
