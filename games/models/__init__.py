"""The games app's data: the live boards that play games at the tables (`live.py`). A game's
record belongs to its pairing and lives in the tournaments app (`tournaments.models.GameRecord`)."""

from games.models.live import LiveBoard

__all__ = ["LiveBoard"]
