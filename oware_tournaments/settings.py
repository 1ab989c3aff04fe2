"""Settings, read from the environment (see the configuration table in README.md)."""

import hashlib
import tempfile
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from oware_tournaments.client_address import trusted_proxies
from oware_tournaments.env import email_settings, env_bool, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
# The site's templates and translations: templates/ and locale/ in the source tree; in an
# installed wheel, inside this package (setup.py puts them there).
_PACKAGED = Path(__file__).resolve().parent
SITE_FILES = _PACKAGED if (_PACKAGED / "templates").is_dir() else BASE_DIR

DEBUG = env_bool("DEBUG", False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    # Only ever used on a developer's machine: DEBUG is on.
    SECRET_KEY = "development-only-key-never-use-in-production"
# Rotating the key (docs/deployment.md): the previous keys, still accepted for what they signed
# (sessions, password-reset links) until those run out, never used to sign anything new.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS", [])

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
# Sites whose pages may read the API from the browser (GET only, no credentials); `*` for any.
# None by default (tournaments/api/cors.py).
API_CORS_ORIGINS = env_list("API_CORS_ORIGINS", [])
# Behind HTTPS, cookies must never travel in clear; off by default so plain-HTTP demos work.
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", False)
# HTTPS deployments (docs/deployment.md): redirect plain HTTP, ask browsers to remember HTTPS,
# and trust the proxy's word that the original request was HTTPS.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
# Health checks come from inside the network, over plain HTTP: they are answered, not redirected.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
if env_bool("SECURE_PROXY_SSL", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# The proxies in front of the application whose X-Forwarded-For is believed: a number of hops, or
# their addresses and networks (oware_tournaments/client_address.py). Empty: none, so a client that
# reaches the application directly cannot pass for another by sending the header.
TRUSTED_PROXIES = trusted_proxies(env_str("TRUSTED_PROXIES", ""))

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
    "publishing",
    "register",
    "ratinglists",
    "notifications",
    "players",
    "online",
    # The queue of Django's tasks framework in the database (notifications/tasks.py).
    "django_tasks_db",
]

MIDDLEWARE = [
    # Outermost: a 500 caused by an unreachable database becomes a 503 with Retry-After.
    "oware_tournaments.database_down.DatabaseUnavailableMiddleware",
    # Then: whatever reads the client's address afterwards reads the real one.
    "oware_tournaments.client_address.ClientAddressMiddleware",
    # Then: every log line written while a request is answered names it
    # (oware_tournaments/logging.py).
    "oware_tournaments.logging.RequestContextMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Before the rest: a preflight is answered without a session or a CSRF check.
    "tournaments.api.cors.ReadOnlyCorsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "oware_tournaments.middleware.CompleteBodyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # A signed-in player's pages in his account's language unless the switcher chose one.
    "players.language.AccountLanguageMiddleware",
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

ROOT_URLCONF = "oware_tournaments.urls"
WSGI_APPLICATION = "oware_tournaments.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [SITE_FILES / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                # LANGUAGE_CODE for <html lang> and the language switcher.
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                # mail_configured: whether the login page offers a password reset.
                "oware_tournaments.accounts.mail",
                # my_next_game: a signed-in player's next board, the banner of every page.
                "players.context.my_next_game",
            ],
        },
    },
]


def database_url(debug: bool) -> str:
    """DATABASE_URL, else the SQLite file `db.sqlite3` in DATA_DIR (made if missing), else (in
    DEBUG only) in the current folder: never inside the installed program, where an upgrade
    would lose it. With DEBUG off and neither variable, the server refuses to start and says
    so."""
    url = env_str("DATABASE_URL")
    if url:
        return url
    data_dir = env_str("DATA_DIR")
    if data_dir:
        folder = Path(data_dir).expanduser().resolve()
        folder.mkdir(parents=True, exist_ok=True)
    elif debug:
        folder = Path.cwd()
    else:
        raise ImproperlyConfigured(
            "With DEBUG off, set DATABASE_URL (e.g. postgres://user:password@host:5432/oware) "
            "or DATA_DIR (the folder of the SQLite database, db.sqlite3)."
        )
    return f"sqlite:///{folder / 'db.sqlite3'}"


DATABASES = {
    "default": dj_database_url.parse(
        database_url(DEBUG),
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
# Seconds a client is told to wait when the database does not answer
# (oware_tournaments/database_down.py).
DATABASE_RETRY_AFTER = env_int("DATABASE_RETRY_AFTER", 10)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Take the write lock when a transaction starts, so two simultaneous writers queue up
    # (and see each other's rows) instead of failing half-way with "database is locked".
    DATABASES["default"]["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Argon2id first (oware_tournaments/hashers.py): every new or changed password, and every older hash
# at its owner's next login. PBKDF2 stays so that the hashes made before still check.
PASSWORD_HASHERS = [
    "oware_tournaments.hashers.TunedArgon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
]

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
LOCALE_PATHS = [SITE_FILES / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# Where collectstatic writes: beside the source, or wherever STATIC_ROOT says (an installed wheel).
STATIC_ROOT = Path(env_str("STATIC_ROOT") or BASE_DIR / "staticfiles")
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
# Not compressed when collected: images and web fonts, compressed already, and the API
# documents' source maps (drf-spectacular-sidecar: seven of the twelve megabytes collected),
# which only a browser's developer tools read.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = ("png", "jpg", "jpeg", "gif", "webp", "woff", "woff2", "map")

# The largest body read into memory: a whole tournament's backup with its game records fits.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/arbiter/"  # the arbiter's own tournaments
LOGOUT_REDIRECT_URL = "/"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.OwareAutoSchema",
    # Token first: a 401 then names the scheme scripts should use in WWW-Authenticate. No HTTP
    # basic: a password on every request would cost a hash each, before any throttle.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # REMOTE_ADDR is already the client's (ClientAddressMiddleware); without this DRF would key
    # anonymous clients on whatever X-Forwarded-For they send.
    "NUM_PROXIES": 0,
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    # Writes take JSON only (415 otherwise), and the schema says so: a generated client then
    # sends JSON, never a form. No write of the API uploads a file (a TRF file's text and a
    # backup travel as JSON).
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.BoundedJSONParser"],
    # The test client sends JSON unless told otherwise, as every client of the API does.
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
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
    "VERSION": "1.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # OpenAPI 3.1: its `webhooks` section documents the bodies the webhooks send
    # (notifications/schema.py), which 3.0 has no place for.
    "OAS_VERSION": "3.1.0",
    # The docs page loads Swagger UI and Redoc from our own static files, never a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Relative, so that the schema is right on every host that serves it.
    "SERVERS": [{"url": "/", "description": "The server that serves this schema."}],
    # A board's type and the type of a seat without a board are two different choices.
    "ENUM_NAME_OVERRIDES": {
        "BoardTypeEnum": ["board", "pairing_bye"],
        "SeatTypeEnum": ["pairing_bye", "requested_bye", "absent", "withdrawn"],
        "RoundStatusEnum": "tournaments.models.rounds.Round.Status",
        "TournamentStatusEnum": "tournaments.models.event.Tournament.Status",
        "OnlineStateEnum": "online.models.OnlineEvent.State",
        "SideEnum": "tournaments.models.sides.SIDE_CHOICES",
    },
    # The bodies of the webhooks (notifications/schema.py), in the schema's `webhooks` section.
    "WEBHOOKS": [
        f"notifications.schema.{name}"
        for name in (
            "PAIRING_PUBLISHED",
            "RESULT_RECORDED",
            "RESULT_CLEARED",
            "ROUND_TAKEN_BACK",
            "STANDINGS_FINAL",
        )
    ],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.schema.remote_stream",
        "tournaments.api.schema.exact_schema",
        "notifications.schema.receivers_answers",
    ],
}

# The cache every worker and machine shares: Redis when REDIS_URL (or CACHE_URL) names one,
# otherwise a table of the database (`manage.py migrate` creates it), or files of this machine
# beside an SQLite database. The budgets (API
# throttles, password checks, wrong live-board codes), the render claims and the rendered copy
# of each public page and revision live there, so the documented numbers hold per deployment,
# not per worker (docs/deployment.md, "What the workers share").
WEB_CONCURRENCY = env_int("WEB_CONCURRENCY", 3)
CACHE_URL = env_str("REDIS_URL") or env_str("CACHE_URL")
_DATABASE_KEY = hashlib.blake2s(str(DATABASES["default"]["NAME"]).encode(), digest_size=6)
_MACHINE_FILES = Path(tempfile.gettempdir()) / f"oware-{_DATABASE_KEY.hexdigest()}"
if CACHE_URL:
    SHARED_CACHE = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite lives on one machine, whose workers share files; a cache table would queue every
    # count behind the database's single writer.
    SHARED_CACHE = {
        "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
        "LOCATION": env_str("CACHE_DIR") or str(_MACHINE_FILES / "cache"),
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
else:
    # Django's DatabaseCache, whose counts (`add`, `incr`) are exact: two workers counting at
    # once never lose one (oware_tournaments/counting_cache.py).
    SHARED_CACHE = {
        "BACKEND": "oware_tournaments.counting_cache.CountingDatabaseCache",
        "LOCATION": "oware_cache",
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
    # The cache's own connection to the same database (oware_tournaments/routers.py): a count
    # written while a request's transaction is open (a wrong live-board code) is kept when the
    # transaction is rolled back.
    DATABASES["cache"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}
    DATABASE_ROUTERS = ["oware_tournaments.routers.CacheRouter"]
# The last copy of each public page, served while the database does not answer
# (tournaments/views/caching.py): in Redis when there is one, otherwise in files every worker of
# this machine reads (a database cache would be out of reach exactly then).
LAST_COPIES_DIR = env_str("LAST_COPIES_DIR") or str(_MACHINE_FILES / "last-copies")
CACHES = {
    "default": SHARED_CACHE,
    "last_copies": (
        SHARED_CACHE
        if CACHE_URL
        else {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": LAST_COPIES_DIR,
            "OPTIONS": {"MAX_ENTRIES": 2000},
        }
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
# The server keeps each side's time from the moments it received the moves: a flag fall a
# device claims while the server's clock still shows more than LIVE_FLAG_TOLERANCE seconds for
# that side is held for the arbiter instead of being scored (docs/live-board.md).
LIVE_FLAG_TOLERANCE = env_int("LIVE_FLAG_TOLERANCE", 15)
# A remote game's stream of states (games/stream.py): a comment at least every
# REMOTE_STREAM_KEEP_ALIVE seconds keeps proxies from closing a quiet connection; without
# PostgreSQL's NOTIFY (SQLite) the server checks the board's revision every
# REMOTE_STREAM_CHECK_SECONDS (the browser never polls). Under ASGI every stream of a process
# reads the board on REMOTE_STREAM_DATABASE_THREADS threads, one database connection each.
REMOTE_STREAM_KEEP_ALIVE = env_int("REMOTE_STREAM_KEEP_ALIVE", 15)
REMOTE_STREAM_CHECK_SECONDS = float(env_str("REMOTE_STREAM_CHECK_SECONDS", "0.5"))
REMOTE_STREAM_DATABASE_THREADS = env_int("REMOTE_STREAM_DATABASE_THREADS", 4)

# Work done outside the request (notifications/tasks.py: webhooks and pushes; players/tasks.py:
# mail) goes through Django's tasks framework. Without Redis it queues in the application's own
# database, so that a venue runs no new service: `manage.py db_worker` takes the tasks out. Where
# Redis is configured (REDIS_URL, or CACHE_URL, as for the cache above) the tasks queue there
# instead, through RQ, and `manage.py rqworker` takes them out; TASKS_REDIS_URL names another
# Redis database for them (the cache's own is emptied whole by a cache.clear()), and
# TASKS_IN_DATABASE=1 keeps them in the database all the same. `manage.py task_worker` runs
# whichever worker this chooses (docs/deployment.md). Either way the order of an endpoint's
# deliveries and the mails' state are rows of the database; the queue only says when to look.
#
# Two queues, the first taken first: `deadlines` for work due at a moment (a remote board's flag
# fall or no-show, an online round's start: tournaments/queueing.py), `default` for the
# rest. A round's few hundred mails and pushes then never hold a no-show's forfeit back.
TASKS_REDIS_URL = env_str("TASKS_REDIS_URL") or CACHE_URL
TASKS_IN_REDIS = bool(TASKS_REDIS_URL) and not env_bool("TASKS_IN_DATABASE", False)
TASK_QUEUES = ["deadlines", "default"]
if TASKS_IN_REDIS:
    TASKS = {"default": {"BACKEND": "django_tasks_rq.RQBackend", "QUEUES": TASK_QUEUES}}
    # A task's run may take a whole delivery's timeout and an SMTP conversation: ten minutes is
    # the bound past which RQ counts it as failed.
    RQ_QUEUES = {queue: {"URL": TASKS_REDIS_URL, "DEFAULT_TIMEOUT": 600} for queue in TASK_QUEUES}
    INSTALLED_APPS.append("django_rq")
else:
    TASKS = {
        "default": {
            "BACKEND": "django_tasks_db.DatabaseBackend",
            "QUEUES": TASK_QUEUES,
        }
    }
# Webhooks (docs/webhooks.md): the pause in seconds before each new attempt of a delivery that
# failed, the last pause repeated once the list is used up (1 h: a day of tries in all), the
# attempts before a delivery is given up, the time an attempt may take, and whether a URL may
# point at this machine or a private network (refused otherwise, at registration and delivery).
WEBHOOK_RETRY_SECONDS = [
    int(seconds)
    for seconds in env_list("WEBHOOK_RETRY_SECONDS", ["10", "30", "120", "600", "3600"])
]
WEBHOOK_MAX_ATTEMPTS = env_int("WEBHOOK_MAX_ATTEMPTS", 28)
WEBHOOK_TIMEOUT_SECONDS = env_int("WEBHOOK_TIMEOUT_SECONDS", 5)
WEBHOOK_ALLOW_PRIVATE = env_bool("WEBHOOK_ALLOW_PRIVATE", False)

# Web push to followers (docs/notifications.md): the VAPID key pair that signs each push (made
# by `manage.py vapid_keys`; none set, nothing is pushed and the Follow buttons stay hidden), the
# contact the push services are given, the minutes before a round's planned start its reminder
# goes out, and the pauses before each new attempt of a push that failed (a 5xx answer, a
# timeout), the last one ending its tries. A push endpoint is checked as a webhook's URL is
# (WEBHOOK_ALLOW_PRIVATE lets a test's or a demo's push service on this machine be called).
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY")
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY")
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:arbiter@localhost")
PUSH_REMINDER_MINUTES = env_int("PUSH_REMINDER_MINUTES", 10)
PUSH_RETRY_SECONDS = [
    int(seconds) for seconds in env_list("PUSH_RETRY_SECONDS", ["10", "60", "300", "1800"])
]
PUSH_TIMEOUT_SECONDS = env_int("PUSH_TIMEOUT_SECONDS", 10)

# Uploaded files (backups, TRF, players files, game files, zips) are refused past these bounds
# before they are read (tournaments/services/import_checks.py).
UPLOAD_MAX_BYTES = env_int("UPLOAD_MAX_BYTES", 5 * 1024 * 1024)
ZIP_MAX_ENTRIES = env_int("ZIP_MAX_ENTRIES", 500)
ZIP_MAX_UNPACKED_BYTES = env_int("ZIP_MAX_UNPACKED_BYTES", 20 * 1024 * 1024)
IMPORT_MAX_SECONDS = env_int("IMPORT_MAX_SECONDS", 20)
PREVIEW_MAX_ROWS = env_int("PREVIEW_MAX_ROWS", 100)

# Login lockout: after LOGIN_FAILURE_LIMIT wrong passwords for one username from one client
# address, that pair is refused for LOGIN_LOCKOUT_MINUTES (login page and admin alike); the
# same username from another address is not. `manage.py unlock_login` lifts a lock early.
AUTHENTICATION_BACKENDS = [
    "tournaments.auth_backends.LockoutBackend",
    "tournaments.auth_backends.BoundedModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 60))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "oware_tournaments.client_address.request_address"
AXES_LOCKOUT_CALLABLE = "tournaments.views.refusals.login_refused"
# Password checks per client address and minute, refused before hashing past that.
PASSWORD_CHECKS_PER_MINUTE = env_int("PASSWORD_CHECKS_PER_MINUTE", 20)
# Password checks (logins, password changes and resets) the whole deployment runs at once, every
# worker and machine together, counted in the shared cache; one more is refused with 429 and
# Retry-After before anything is hashed, so a flood of logins from many addresses leaves the
# rest of the cores to the pages (tournaments/auth_backends.py).
PASSWORD_CHECKS_AT_ONCE = env_int("PASSWORD_CHECKS_AT_ONCE", 2)
AXES_RESET_ON_SUCCESS = True
# A login refused before any check (a locked-out pair, a client past its budget, every slot of
# password checks taken) is no failed attempt: it neither counts towards a lockout nor extends
# one.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A refused request (403, 404, …) is the client's doing: one line, not a traceback.
    "filters": {
        "refusals_in_one_line": {"()": "oware_tournaments.logging.RefusalsInOneLine"},
        "request_context": {"()": "oware_tournaments.logging.RequestContext"},
    },
    # Each line: the time, the level, the request's id and client address, then the message.
    "formatters": {
        "line": {
            "format": "%(asctime)s %(levelname)s [%(request_id)s %(client)s] %(name)s: %(message)s"
        }
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_context"],
            "formatter": "line",
        }
    },
    "loggers": {
        "django.request": {"filters": ["refusals_in_one_line"]},
        "django.security": {"filters": ["refusals_in_one_line"]},
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}

# Mail, from one variable (docs/deployment.md, "Mail"). Without it nothing is sent, and nothing
# that needs a mail (the password reset) is offered.
globals().update(email_settings(env_str("EMAIL_URL")))
MAIL_CONFIGURED = bool(env_str("EMAIL_URL"))
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "oware@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# The site's address as players read it, for the links of the mails the task worker sends
# (players/mail.py), where no request tells it.
SITE_URL = env_str("SITE_URL", "http://localhost:8000")

# Player accounts (docs/accounts.md): a mailed sign-in link is good once, for this long.
SIGN_IN_LINK_MINUTES = env_int("SIGN_IN_LINK_MINUTES", 15)
# The results of a round reach a player in one mail, sent this long after the first of them.
MAIL_BATCH_SECONDS = env_int("MAIL_BATCH_SECONDS", 120)
# The minutes before a round's planned start its "starts in a few minutes" mail goes out (the
# push's lead unless set).
MAIL_REMINDER_MINUTES = env_int("MAIL_REMINDER_MINUTES", PUSH_REMINDER_MINUTES)
# The pause in seconds before each new attempt of a mail the SMTP server did not take (the last
# one repeated), and the attempts after which it is given up (about a day).
MAIL_RETRY_SECONDS = [
    int(seconds) for seconds in env_list("MAIL_RETRY_SECONDS", ["30", "120", "600", "3600"])
]
MAIL_MAX_ATTEMPTS = env_int("MAIL_MAX_ATTEMPTS", 28)
