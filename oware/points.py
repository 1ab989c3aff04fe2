"""The points of a game, declared once: a win, a draw and a loss (exact decimals).

The engine scores results with them (`outcome.points_for`); the cores' default scoring
(`tournaments.outcomes.Scoring`) and the product read them from here.
"""

from decimal import Decimal

WIN = Decimal(1)
DRAW = Decimal("0.5")
LOSS = Decimal(0)
