"""Error types of the pairing engine: one for the arbiter, one for programming faults."""


class PairingError(Exception):
    """Base class of every error raised by :mod:`tournaments.pairing`."""


# Why no pairing exists: each code's English sentence, filled with the error's params. The
# product translates the same templates by code (tournaments/services/core_messages.py).
REASONS = {
    "no_perfect_pairing": "the players cannot all be paired without a rematch or colour violation",
    "no_bye_candidate": "no player can receive the pairing-allocated bye while all others are "
    "paired",
    "too_few_players": "a round robin needs at least two players",
    "past_schedule": "the Berger schedule of %(players)s players ends after round %(rounds)s",
}


class PairingImpossible(PairingError):
    """No pairing satisfies the absolute criteria (C1–C3); the arbiter must decide.

    ``message_code`` names the reason (a key of REASONS); ``params`` fill its sentence into
    ``reason``.
    The message starts with ``"no valid pairing exists: "``.
    """

    def __init__(self, message_code: str, **params):
        self.message_code = message_code
        self.params = params
        self.reason = REASONS[message_code] % params
        super().__init__(f"no valid pairing exists: {self.reason}")


class InvalidPairingInput(PairingError, ValueError):
    """The request itself is inconsistent (unknown opponent, bad round number, …)."""


class PairingEngineBug(PairingError, AssertionError):
    """An internal consistency check failed: a defect in the engine, not in the data."""
