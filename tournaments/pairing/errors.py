"""Error types of the pairing engine: one for the arbiter, one for programming faults."""


class PairingError(Exception):
    """Base class of every error raised by :mod:`tournaments.pairing`."""


class PairingImpossible(PairingError):
    """No pairing satisfies the absolute criteria (C1–C3); the arbiter must decide.

    The message starts with ``"no valid pairing exists: "``.
    """

    def __init__(self, reason: str):
        super().__init__(f"no valid pairing exists: {reason}")
        self.reason = reason


class InvalidPairingInput(PairingError, ValueError):
    """The request itself is inconsistent (unknown opponent, bad round number, …)."""


class PairingEngineBug(PairingError, AssertionError):
    """An internal consistency check failed: a defect in the engine, not in the data."""
