"""The games data model: each played game's record (`records.py`) and the live boards that
play games at the tables (`live.py`)."""

from games.models.live import LiveBoard
from games.models.records import GameRecord, RecordSource

__all__ = ["GameRecord", "LiveBoard", "RecordSource"]
