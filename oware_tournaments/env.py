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


SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"


def django_has_mailers() -> bool:
    """True on Django 6.1 and later, which configure mail through MAILERS (the EMAIL_* settings
    are deprecated there, and warn when set)."""
    import django.core.mail

    return hasattr(django.core.mail, "mailers")


def email_settings(url: str, mailers: bool | None = None) -> dict:
    """Django's mail settings from one address (docs/deployment.md, "Mail"):
    smtp://user:password@host:587 (STARTTLS, the usual submission port), smtps://…:465 (TLS from
    the first byte), smtp+plain://host:25 (no encryption: a relay on the same machine only).
    Nothing or an empty value: no mail is configured.

    With `mailers` (by default: when the installed Django has MAILERS, 6.1 on) the default
    mailer of MAILERS; else the EMAIL_* settings older Django reads."""
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
    options = {
        "host": parts.hostname,
        "port": parts.port or port,
        "username": unquote(parts.username or ""),
        "password": unquote(parts.password or ""),
        "use_tls": starttls,
        "use_ssl": implicit_tls,
    }
    if django_has_mailers() if mailers is None else mailers:
        return {"MAILERS": {"default": {"BACKEND": SMTP_BACKEND, "OPTIONS": options}}}
    return {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": options["host"],
        "EMAIL_PORT": options["port"],
        "EMAIL_HOST_USER": options["username"],
        "EMAIL_HOST_PASSWORD": options["password"],
        "EMAIL_USE_TLS": starttls,
        "EMAIL_USE_SSL": implicit_tls,
    }
