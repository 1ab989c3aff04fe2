"""The federation's player register: a person across events (register/models.py), the links
from each tournament's player entries to him, merges and splits, and past events' TRF files.
It stands on `tournaments`, which imports nothing of it (docs/register.md)."""
