"""Django settings for Table Companion.

One settings module for every way the app runs; the environment decides:
- ``COMPANION_DATA_DIR``: where the SQLite file and the secret key live (default ``./data``);
- ``DATABASE_URL``: PostgreSQL instead of the embedded SQLite;
- ``REDIS_URL``: live updates fan out through Redis (several server processes);
- ``COMPANION_DEBUG=1``: development mode;
- ``COMPANION_PUBLIC_URL``: the address phones use (for QR codes and, with https, secure cookies).
"""

from __future__ import annotations

import importlib
import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
import django_stubs_ext
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.utils.translation import gettext_lazy as _

import games
from companion.cache_config import shared_cache

# Generic admin classes (``ModelAdmin[Table]``) for the type checker, as django-stubs documents.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("COMPANION_DATA_DIR", BASE_DIR / "data"))
DATA_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    """A key generated on first run and kept in the data folder."""
    if key := os.environ.get("DJANGO_SECRET_KEY"):
        return key
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("COMPANION_DEBUG") == "1"
PUBLIC_URL = os.environ.get("COMPANION_PUBLIC_URL", "").rstrip("/")
HTTPS = PUBLIC_URL.startswith("https://")

# Phones reach the app by the LAN address, which nobody knows in advance.
ALLOWED_HOSTS = ["*"]
if PUBLIC_URL:
    CSRF_TRUSTED_ORIGINS = [PUBLIC_URL]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "companion",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages and fragments go out compressed; the live stream compresses its own events
    # (it sets Content-Encoding, which this middleware then leaves alone).
    "django.middleware.gzip.GZipMiddleware",
    # WhiteNoise on the synchronous door only: static files never reach the streaming one
    # (companion/asgi.py), where a sync-only middleware would cost every stream a thread hop.
    "companion.staticfiles.StaticFilesMiddleware",
    "csp.middleware.CSPMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "companion.diskfull.DiskFullRefusal",  # after the locale: the refusal is translated
    "companion.validation.RejectMalformedInput",  # after the locale: refusals are translated
    "companion.ratelimit.RateLimitMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "companion.urls"
ASGI_APPLICATION = "companion.asgi.application"


# Games from outside the ``games`` package (the test suite's small engines):
# dotted module names, each exposing GAME, with templates in a ``templates`` folder beside it.
EXTRA_GAMES = [name for name in os.environ.get("COMPANION_EXTRA_GAMES", "").split(",") if name]
_extra_roots = []
for _module_name in EXTRA_GAMES:
    _module = importlib.import_module(_module_name)
    games.register(_module.GAME)
    _extra_roots.append(Path(str(_module.__file__)).parent)


def _game_dirs(sub: str) -> list[Path]:
    """``games/<slug>/<sub>`` for every game that has one: games bring their own."""
    found = [
        path
        for game in games.all()
        if (path := Path(games.__file__).parent / game.slug / sub).is_dir()
    ]
    return found + [root / sub for root in _extra_roots if (root / sub).is_dir()]


TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", *_game_dirs("templates")],
        "OPTIONS": {
            # Django's own loaders (cached, files then apps), except that a game's shared
            # templates render once per version for all its regions (companion/fragments.py).
            "loaders": [
                (
                    "companion.fragments.CachedLoader",
                    [
                        "django.template.loaders.filesystem.Loader",
                        "django.template.loaders.app_directories.Loader",
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
            "builtins": ["django.templatetags.i18n", "companion.templatetags.companion"],
        },
    }
]

_sqlite = {
    "ENGINE": "django.db.backends.sqlite3",
    "NAME": DATA_DIR / "companion.sqlite3",
    # Keep the connection: opening one (and its PRAGMAs) costs more than a whole entry.
    "CONN_MAX_AGE": None,
    "OPTIONS": {
        # IMMEDIATE takes the write lock when a transaction starts, so two entries
        # for one table queue up instead of failing half-way with "database is locked".
        "transaction_mode": "IMMEDIATE",
        "timeout": 5,
        # FULL: an entry the phone saw acknowledged survives even a power cut, not only a
        # crash of the server process (WAL keeps the cost of that to one sync per commit).
        "init_command": (
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA busy_timeout=5000;"
        ),
    },
}


def _postgres(url: str) -> dict[str, Any]:
    config = dj_database_url.parse(url)
    # A pool instead of persistent connections: under ASGI requests do not keep to one thread.
    options = config.setdefault("OPTIONS", {})
    options["pool"] = {"min_size": 2, "max_size": 20, "timeout": 5}
    # No statement may hold a request thread for long (see REQUEST_SECONDS).
    options["options"] = "-c statement_timeout=5000 -c lock_timeout=5000"
    options["connect_timeout"] = 5
    return dict(config)


DATABASES = {
    "default": _postgres(os.environ["DATABASE_URL"]) if os.environ.get("DATABASE_URL") else _sqlite
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
# Redis is never on an entry's critical path, and a hung Redis must not hold anything.
REDIS_SOCKET_TIMEOUT = 0.5

# Serving (see companion/asgi.py and companion/deadlines.py): bounded threads, and bounds
# on every request, so that one slow or hostile request delays no other table.
# Two entry threads: one Python process runs one thread at a time (the GIL), so more
# threads only take turns with each other; two keep one free while the other waits on
# the database or a long correction (measured with bench/live.py: 2 beat 4 at the p99).
ENTRY_THREADS = int(os.environ.get("COMPANION_ENTRY_THREADS", "2"))
PAGE_THREADS = int(os.environ.get("COMPANION_PAGE_THREADS", "4"))
LIVE_THREADS = int(os.environ.get("COMPANION_LIVE_THREADS", "2"))  # streams' reads and renders
# The longest a stream's render waits for the entries in progress (companion.live.EntriesFirst).
RENDER_YIELD_SECONDS = float(os.environ.get("COMPANION_RENDER_YIELD_SECONDS", "0.03"))
REQUEST_SECONDS = float(os.environ.get("COMPANION_REQUEST_SECONDS", "10"))
BODY_SECONDS = 10.0
WRITE_WAIT_SECONDS = 5.0  # SQLite: the longest an entry waits for another to be written
MAX_BODY_BYTES = 2 * 1024 * 1024  # a BG Stats import file; forms are far smaller
DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024  # an entry form is well under 8 KB
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200
DATA_UPLOAD_MAX_NUMBER_FILES = 1  # the BG Stats import
CACHES = shared_cache(REDIS_URL)  # rate limits: one count for all processes
# Only for benchmarks, whose thousand phones all come from one address.
RATE_LIMITS_OFF = os.environ.get("COMPANION_RATE_LIMITS") == "off"
SHOW_ALL_TABLES = os.environ.get("COMPANION_SHOW_ALL_TABLES") == "1"  # list every table

LANGUAGE_CODE = "en"
LANGUAGES = [("cs", _("Czech")), ("en", _("English")), ("ru", _("Russian"))]
# A game's own catalogue comes first, so makemessages files each game's strings with it.
LOCALE_PATHS = [*_game_dirs("locale"), BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "static/"
# A game brings its own static files (its stylesheet: companion/game_styles.py).
STATICFILES_DIRS = [BASE_DIR / "static", *_game_dirs("static")]
# Collected static files are part of the install, not of the data: they live beside the
# code (``COMPANION_STATIC_ROOT`` moves them), so the data folder holds only what the
# tables wrote and a full data disk never stops the static files from being collected.
STATIC_ROOT = Path(os.environ.get("COMPANION_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise looks for it even when serving from the finders
# The start command collects the files with fingerprinted names and compressed copies, which
# WhiteNoise sends with a year's cache. Where they were not collected (tests, a dev shell),
# the plain names are used and served from the app folders.
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "companion.staticfiles.FingerprintedStaticFiles"},
}
WHITENOISE_MANIFEST_STRICT = False
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

# Content-Security-Policy (django-csp): scripts only from this server, no inline script, no
# eval (htmx is configured without it: templates/companion/base.html), nothing framed.
# Styles also allow inline ones: widths of bars and charts are set per element (style="");
# a style cannot run code, and every text a player types is escaped, so what
# 'unsafe-inline' for styles leaves open is CSS injection, which escaping already closes
# (README, "Content-Security-Policy").
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        # NoSleep.js (the keep-awake fallback on a plain-HTTP LAN) plays a muted video from a data: URI.
        "media-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads it from the page, not the cookie
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_SSL_REDIRECT = False  # TLS, when there is any, ends at a proxy in front of us
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_HSTS_SECONDS = 3600 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = False
if not HTTPS:
    # On a home LAN the app is reached over plain HTTP by an IP address, so cookies
    # cannot be "secure" and HTTPS cannot be forced: with an https public URL these
    # checks apply again. Each silenced check is one of exactly these consequences.
    SILENCED_SYSTEM_CHECKS = [
        "security.W004",  # HSTS
        "security.W008",  # SSL redirect
        "security.W012",  # session cookie secure
        "security.W016",  # CSRF cookie secure
    ]
else:
    SILENCED_SYSTEM_CHECKS = ["security.W008", "security.W021"]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
