"""Settings, read from the environment (see the configuration table in README.md)."""

from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Only ever used on a developer's machine: DEBUG is on.
    SECRET_KEY = "development-only-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Behind HTTPS, cookies must never travel in clear; off by default so plain-HTTP demos work.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
# HTTPS deployments (docs/deployment.md): redirect plain HTTP, ask browsers to remember HTTPS,
# and trust the proxy's word that the original request was HTTPS.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_bool("SECURE_PROXY_SSL", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "rest_framework.authtoken",
    "axes",
    "games",
    "tournaments",
]

MIDDLEWARE = [
    # Outermost: a 500 caused by an unreachable database becomes a 503 with Retry-After.
    "config.database_down.DatabaseUnavailableMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.CompleteBodyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes requires: turns a locked-out login into its refusal.
    "axes.middleware.AxesMiddleware",
]

# Content security policy: every script and style comes from our own static files (no inline
# code, no inline style attribute), so a name that slipped past escaping still cannot run. The
# API's documentation pages, whose third-party viewers need more, relax it in tournaments/urls_api.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                # LANGUAGE_CODE for <html lang> and the language switcher.
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=60,
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database that does not answer must cost a worker seconds, not the OS's minutes-long
    # TCP timeout; a runaway query is cut off rather than holding a worker.
    # A held lock answers within seconds too: requests queued behind one must not pile up.
    DATABASES["default"]["OPTIONS"] = {
        "connect_timeout": env_int("DATABASE_CONNECT_TIMEOUT", 5),
        "options": (
            f"-c statement_timeout={env_int('DATABASE_STATEMENT_TIMEOUT_MS', 5000)}"
            f" -c lock_timeout={env_int('DATABASE_LOCK_TIMEOUT_MS', 3000)}"
        ),
    }
# Seconds a client is told to wait when the database does not answer (config/database_down.py).
DATABASE_RETRY_AFTER = env_int("DATABASE_RETRY_AFTER", 10)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take the write lock when a transaction starts, so two simultaneous writers queue up
    # (and see each other's rows) instead of failing half-way with "database is locked".
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The languages of every page and message; LocaleMiddleware picks one from the session's choice
# (the switcher in the header) or else the browser's Accept-Language. The .po files live in
# locale/ and are compiled to .mo at install time (Makefile, Dockerfile).
LANGUAGES = [("en", _("English")), ("fr", _("French")), ("pt", _("Portuguese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# The largest body read into memory: a whole tournament's backup with its game records fits.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/arbiter/"  # the arbiter's own tournaments
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.OwareAutoSchema",
    # Token first: a 401 then names the scheme scripts should use in WWW-Authenticate.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.BasicAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "tournaments.api.pagination.ClampedLimitOffsetPagination",
    "PAGE_SIZE": 200,
    "EXCEPTION_HANDLER": "tournaments.api.errors.api_exception_handler",
    "DEFAULT_THROTTLE_CLASSES": [
        "tournaments.api.throttling.AnonymousReadThrottle",
        "tournaments.api.throttling.WriteThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon_read": env_str("API_ANON_READ_RATE", "300/minute"),
        "write": env_str("API_WRITE_RATE", "120/minute"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Oware tournament manager API",
    "DESCRIPTION": "Pairings, results and standings of Oware Swiss tournaments.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs page loads Swagger UI and Redoc from our own static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
}

# One shared cache for every app server when REDIS_URL (or CACHE_URL) names one; otherwise each
# process keeps its own, which is right for a single server.
CACHE_URL = env_str("REDIS_URL") or env_str("CACHE_URL")
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    ),
    # Each process's last copy of every public page (tournaments/views/caching.py): read without
    # a trip to the shared cache, and served while another process renders the next revision.
    "remembered": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "remembered-pages",
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

# Live boards: wrong side codes one client address may type within LIVE_CODE_WINDOW seconds
# before its claims are refused until the window ends (games/live.py).
LIVE_CODE_ATTEMPTS = env_int("LIVE_CODE_ATTEMPTS", 10)
LIVE_CODE_WINDOW = env_int("LIVE_CODE_WINDOW", 600)

# Uploaded files (backups, TRF, players files, game files, zips) are refused past these bounds
# before they are read (tournaments/services/import_checks.py).
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", 5 * 1024 * 1024)
ZIP_MAX_ENTRIES = env_int("ZIP_MAX_ENTRIES", 500)
ZIP_MAX_UNPACKED_BYTES = env_int("ZIP_MAX_UNPACKED_BYTES", 20 * 1024 * 1024)
IMPORT_MAX_SECONDS = env_int("IMPORT_MAX_SECONDS", 20)
PREVIEW_MAX_ROWS = env_int("PREVIEW_MAX_ROWS", 100)

# Login lockout: after AXES_FAILURE_LIMIT wrong passwords for one username from one address,
# that pair is refused for AXES_COOLOFF_TIME hours (login page, admin and API basic auth alike).
AUTHENTICATION_BACKENDS = [
    "tournaments.auth_backends.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(env_str("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = 1
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A refused request (403, 404, …) is the client's doing: one line, not a traceback.
    "filters": {"refusals_in_one_line": {"()": "config.logging.RefusalsInOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        "django.request": {"filters": ["refusals_in_one_line"]},
        "django.security": {"filters": ["refusals_in_one_line"]},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
