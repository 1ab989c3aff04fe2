"""Typed readers for settings that come from the environment.

Kept free of Django imports so that settings can use them before Django is set up.
"""

import os
from urllib.parse import unquote, urlsplit

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


def email_settings(url: str) -> dict:
    """Django's mail settings from one address (docs/deployment.md, "Mail"):
    smtp://user:password@host:587 (STARTTLS, the usual submission port), smtps://…:465 (TLS from
    the first byte), smtp+plain://host:25 (no encryption: a relay on the same machine only).
    Nothing or an empty value: no mail is configured."""
    if not url:
        return {}
    parts = urlsplit(url)
    schemes = {
        "smtp": (True, False, 587),
        "smtps": (False, True, 465),
        "smtp+plain": (False, False, 25),
    }
    if parts.scheme not in schemes or not parts.hostname:
        raise ValueError(
            "EMAIL_URL must look like smtp://user:password@host:587 (or smtps://, smtp+plain://)."
        )
    starttls, implicit_tls, port = schemes[parts.scheme]
    return {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": parts.hostname,
        "EMAIL_PORT": parts.port or port,
        "EMAIL_HOST_USER": unquote(parts.username or ""),
        "EMAIL_HOST_PASSWORD": unquote(parts.password or ""),
        "EMAIL_USE_TLS": starttls,
        "EMAIL_USE_SSL": implicit_tls,
    }
