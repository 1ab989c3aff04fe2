"""The games data model: each played game's record (`records.py`)."""

from games.models.records import GameRecord, RecordSource

__all__ = ["GameRecord", "RecordSource"]
