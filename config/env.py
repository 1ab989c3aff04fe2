"""Typed readers for settings that come from the environment.

Kept free of Django imports so that settings can use them before Django is set up.
"""

import os

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    """Return the boolean value of variable `name`; raise ValueError on a word that is neither."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"{name}={raw!r} is not a boolean (use 1/0, true/false, yes/no, on/off)")


def env_list(name: str, default: list[str]) -> list[str]:
    """Return the comma-separated variable `name` as a list of non-empty, stripped items."""
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_int(name: str, default: int) -> int:
    """Return the integer value of variable `name`; raise ValueError on anything else."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        return int(raw)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a whole number") from None
