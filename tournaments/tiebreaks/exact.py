"""Exact arithmetic on points by scaling them to integers.

Sums of halves and their products (Sonneborn-Berger gives quarters) must
compare exactly; floats would work for halves but not for every scoring, and
``Fraction`` arithmetic is slow on large sections.  Every points value of a
section is converted once to a ``Fraction``; all values are then multiplied
by the least common denominator so the tie-break loops only add and
multiply ``int``.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from math import lcm

Number = int | float | Decimal | Fraction | str
"""Points are :class:`Decimal`; hand-made records may also give ints, fractions, floats (at
their shortest decimal form) or numeric strings, each read exactly."""


def to_fraction(value: Number) -> Fraction:
    """Exact value of a number; floats are taken at their shortest decimal form (0.1 -> 1/10)."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, float):
        return Fraction(repr(value))
    if isinstance(value, (int, Decimal, str)):
        return Fraction(value)
    raise TypeError(f"points must be a number, not {type(value).__name__}")


class PointScale:
    """Converts points to scaled integers (``unit`` steps per point) and back."""

    def __init__(self, values):
        cache: dict = {}
        denominators = [1]
        # Equal numbers of different types (1, 1.0, Decimal("1"), Fraction(1)) hash
        # alike and convert alike, so the value itself is the cache key.
        for value in values:
            if value not in cache:
                cache[value] = to_fraction(value)
                denominators.append(cache[value].denominator)
        self.unit = lcm(*denominators)
        self._cache = {key: int(f * self.unit) for key, f in cache.items()}

    def scaled(self, value: Number) -> int:
        """``value`` times ``unit``, an exact integer."""
        try:
            return self._cache[value]
        except KeyError:
            fraction = to_fraction(value) * self.unit
            if fraction.denominator != 1:
                raise ValueError(
                    f"{value!r} was not among the values the scale was built for"
                ) from None
            self._cache[value] = int(fraction)
            return self._cache[value]

    def points(self, scaled: int) -> Fraction:
        """Back from scaled integer points."""
        return Fraction(scaled, self.unit)

    def products(self, scaled: int) -> Fraction:
        """Back from a product of two scaled values (Sonneborn-Berger)."""
        return Fraction(scaled, self.unit * self.unit)
