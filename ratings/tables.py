"""The two conversion tables of the FIDE Rating Regulations (effective 1 March 2024), 8.1.

They are kept as the regulations print them, in hundredths, and read with exact arithmetic:
the expected score of a game is table 8.1.2, never the logistic formula it approximates.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

HUNDREDTH = Decimal("0.01")

# Table 8.1.2: (lowest D, highest D, PD of the higher rated player H in hundredths); the lower
# rated player's PD L is 1 - H. The last row is printed "> 735": 1.0 and .00.
PD_TABLE: tuple[tuple[int, int | None, int], ...] = (
    (0, 3, 50),
    (4, 10, 51),
    (11, 17, 52),
    (18, 25, 53),
    (26, 32, 54),
    (33, 39, 55),
    (40, 46, 56),
    (47, 53, 57),
    (54, 61, 58),
    (62, 68, 59),
    (69, 76, 60),
    (77, 83, 61),
    (84, 91, 62),
    (92, 98, 63),
    (99, 106, 64),
    (107, 113, 65),
    (114, 121, 66),
    (122, 129, 67),
    (130, 137, 68),
    (138, 145, 69),
    (146, 153, 70),
    (154, 162, 71),
    (163, 170, 72),
    (171, 179, 73),
    (180, 188, 74),
    (189, 197, 75),
    (198, 206, 76),
    (207, 215, 77),
    (216, 225, 78),
    (226, 235, 79),
    (236, 245, 80),
    (246, 256, 81),
    (257, 267, 82),
    (268, 278, 83),
    (279, 290, 84),
    (291, 302, 85),
    (303, 315, 86),
    (316, 328, 87),
    (329, 344, 88),
    (345, 357, 89),
    (358, 374, 90),
    (375, 391, 91),
    (392, 411, 92),
    (412, 432, 93),
    (433, 456, 94),
    (457, 484, 95),
    (485, 517, 96),
    (518, 559, 97),
    (560, 619, 98),
    (620, 735, 99),
    (736, None, 100),
)

# Table 8.1.1: dp for p = 1.00, 0.99, ..., 0.00 (index = 100 - p in hundredths). 1.0 and 0 are
# "necessarily indeterminate but shown notionally as" 800 and -800.
DP_FROM_TOP = (
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383,
    366, 351, 336, 322, 309, 296, 284, 273, 262, 251,
    240, 230, 220, 211, 202, 193, 184, 175, 166, 158,
    149, 141, 133, 125, 117, 110, 102, 95, 87, 80,
    72, 65, 57, 50, 43, 36, 29, 21, 14, 7,
    0, -7, -14, -21, -29, -36, -43, -50, -57, -65,
    -72, -80, -87, -95, -102, -110, -117, -125, -133, -141,
    -149, -158, -166, -175, -184, -193, -202, -211, -220, -230,
    -240, -251, -262, -273, -284, -296, -309, -322, -336, -351,
    -366, -383, -401, -422, -444, -470, -501, -538, -589, -677,
    -800,
)  # fmt: skip


def _pd_higher_hundredths(difference: int) -> int:
    for low, high, higher in PD_TABLE:
        if difference >= low and (high is None or difference <= high):
            return higher
    raise ValueError(f"a rating difference is not negative, found {difference}")


# Every difference the tables can be asked for under the 400-point rule, and a little beyond.
_PD_HIGHER = tuple(_pd_higher_hundredths(d) for d in range(737))


def score_probability_hundredths(rating: int, opponent: int, cap: int | None = 400) -> int:
    """PD of table 8.1.2 in hundredths: the expected score of a player rated ``rating`` against
    ``opponent``, times 100.

    ``cap`` is the 400-point rule of 8.3.1: a larger difference counts as that many points
    (``None`` reads the table without it).
    """
    difference = abs(rating - opponent)
    if cap is not None:
        difference = min(difference, cap)
    higher = _PD_HIGHER[min(difference, len(_PD_HIGHER) - 1)]
    return higher if rating >= opponent else 100 - higher


def score_probability(rating: int, opponent: int, cap: int | None = 400) -> Decimal:
    """PD of table 8.1.2 as an exact decimal (see :func:`score_probability_hundredths`)."""
    return Decimal(score_probability_hundredths(rating, opponent, cap)) / 100


def rating_difference(p: Decimal) -> int:
    """dp of table 8.1.1 for a fractional score ``p`` (0 to 1), read at ``p`` rounded to the
    nearest hundredth, .005 upwards."""
    if not 0 <= p <= 1:
        raise ValueError(f"a fractional score is between 0 and 1, found {p}")
    hundredths = int((p * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return DP_FROM_TOP[100 - hundredths]
