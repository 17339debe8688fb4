"""Django settings, all from the environment.

Unset, everything falls back to the embedded profile: SQLite under DATA_DIR, Celery tasks run
in-process, the embedded search index, the offline language layer. See docs/configuration.md.
"""

from __future__ import annotations

from pathlib import Path

from .env import (
    database_from_url,
    env_bool,
    env_float,
    env_int,
    env_list,
    env_str,
    field_encryption_keys,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / "data"))).resolve()
DATASETS_DIR = Path(env_str("DATASETS_DIR", str(BASE_DIR.parent / "shared" / "datasets"))).resolve()

# Debug pages only when asked for (DEBUG=1): bin/run serves users too.
DEBUG = env_bool("DEBUG", default=False)
# The production profile (hardening, every secret from the environment) is PRODUCTION=1, or
# DEBUG=0 set explicitly, as deploy/ does. Otherwise the embedded profile: keys generated once
# into DATA_DIR, plain HTTP for a laptop, and still no debug pages.
PRODUCTION = env_bool("PRODUCTION", default=env_str("DEBUG").strip() != "" and not DEBUG)
SECRET_KEY = secret_key(DATA_DIR, not PRODUCTION)
# Rotation: the new key in SECRET_KEY, the old one here until sessions signed with it expire.
SECRET_KEY_FALLBACKS = env_list("SECRET_KEY_FALLBACKS")
# Transcripts and free-text answers are encrypted at rest (bots.crypto): the first key
# encrypts, every key decrypts; rotate with `manage.py rotate_encryption_key`.
FIELD_ENCRYPTION_KEYS = field_encryption_keys(DATA_DIR, not PRODUCTION)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "knowledge",
    "bots",
    "console",
    "console.observability",
    # Operators' optional TOTP two-factor sign-in (console.two_factor).
    "django_otp",
    "django_otp.plugins.otp_totp",
    # Above the product: the offline evaluation, the load tester and the benchmarks.
    "evaluation",
    "ops",
    # Operators' teams and the packs they own (console/teams).
    "console.teams",
    # Sign-in throttling and lockout (console/signin.py).
    "axes",
]

MIDDLEWARE = [
    # First: answers /healthz, /readyz and /metrics before the host check and HTTPS redirect.
    "console.observability.middleware.ObservabilityMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # Content-Security-Policy and the other headers SecurityMiddleware does not set.
    "console.security.SecurityHeadersMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Bidi overrides and other invisible formatting shown as [U+202E] to signed-in users.
    "console.visible_controls.VisibleControlsMiddleware",
    "django_otp.middleware.OTPMiddleware",
    "console.two_factor.AdminTwoFactorMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Case pages of another team's packs are 404; sensitive cases' openings audited.
    "console.teams.scope.TeamScopeMiddleware",
    # Failed sign-ins per address (password spraying); see console/signin.py.
    "console.signin.SigninGuardMiddleware",
    # Last, as django-axes asks: answers a locked-out sign-in with 429 (console/signin.py).
    "axes.middleware.AxesMiddleware",
]

# Error reports (the DEBUG=1 page, error mails) hide credentials in URLs too (console/reporting).
DEFAULT_EXCEPTION_REPORTER_FILTER = "console.reporting.CredentialSafeFilter"

# Admins must sign in with a TOTP code in the production profile (console.two_factor).
CONSOLE_ADMIN_2FA_REQUIRED = env_bool("CONSOLE_ADMIN_2FA_REQUIRED", default=PRODUCTION)
OTP_TOTP_ISSUER = env_str("OTP_TOTP_ISSUER", "askfew console")

ROOT_URLCONF = "console.urls"
WSGI_APPLICATION = "console.wsgi.application"
ASGI_APPLICATION = "console.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Before the apps' own: Django admin templates re-done for the strict CSP.
        "DIRS": [BASE_DIR / "console" / "admin_templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": database_from_url(
        env_str("DATABASE_URL", f"sqlite:///{DATA_DIR / 'db.sqlite3'}"), BASE_DIR
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# The image collects static files at build time (STATIC_ROOT=/app/static); a proxy serves them.
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(DATA_DIR / "static"))).resolve()

# Sign-in throttling (django-axes) on /accounts/login/ and /admin/login/; policy and the unlock
# command in docs/security.md. Locked by (username, address): a stranger who tries an
# operator's name from elsewhere locks only that pair, never the operator's own sign-in.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", "5")
AXES_COOLOFF_TIME = env_float("AXES_COOLOFF_MINUTES", "15") / 60  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "console.signin.client_ip"
AXES_LOCKOUT_CALLABLE = "console.signin.locked_out"
AXES_VERBOSE = False
# Failed sign-ins from one address across every username (password spraying) per window.
SIGNIN_ADDRESS_FAILURES = env_int("SIGNIN_ADDRESS_FAILURES", "30")
SIGNIN_ADDRESS_WINDOW_S = env_float("SIGNIN_ADDRESS_WINDOW_S", "900")

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"

# Celery: with no broker configured, tasks run in-process (eagerly) so a laptop needs nothing.
REDIS_URL = env_str("REDIS_URL")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", REDIS_URL)
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Nothing reads task results: do not write one per turn into Redis.
CELERY_TASK_IGNORE_RESULT = env_bool("CELERY_TASK_IGNORE_RESULT", default=True)
# A publish survives a broker restart of a few seconds (0 + 0.5 + 1 + 2 + 2 + 2 s of retries).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 6, "interval_start": 0, "interval_step": 0.5, "interval_max": 2,
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# An unacknowledged message of a worker that vanished is redelivered after this long; it must
# exceed the longest retry countdown (bots.outbound backs off up to 300 s).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT_S", "900"),
}
# On a lost broker connection, let running turns finish (their acks fail and the messages are
# redelivered, which the runtime handles once) rather than terminate them mid-turn.
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
# Workers log through Django's LOGGING (JSON in production), not Celery's own format.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_IMPORTS = ["console.observability.tasks"]
# Beat re-queues events and replies a lost broker message stranded (see that module).
STALLED_AFTER_S = env_float("STALLED_AFTER_S", "60")
# Beat runs the sweep in production; the embedded profile's web process runs the same sweep in
# a thread (console/observability/sweeper.py), so a crash there loses no reply either.
REDISPATCH_INTERVAL_S = env_float("REDISPATCH_INTERVAL_S", "30")
CELERY_BEAT_SCHEDULE = {
    "redispatch-stalled": {
        "task": "console.observability.tasks.redispatch_stalled",
        "schedule": REDISPATCH_INTERVAL_S,
        "options": {"expires": REDISPATCH_INTERVAL_S},
    },
}

# Search: the embedded index unless an Elasticsearch URL is given.
ELASTICSEARCH_URL = env_str("ELASTICSEARCH_URL")
SEARCH_BACKEND = env_str("SEARCH_BACKEND", "elasticsearch" if ELASTICSEARCH_URL else "embedded")
SEARCH_INDEX_DIR = Path(env_str("SEARCH_INDEX_DIR", str(DATA_DIR / "search"))).resolve()
SEARCH_INDEX_PREFIX = env_str("SEARCH_INDEX_PREFIX", "askfew")
# Off only for Elasticsearch-API servers that refuse `compatible-with=9` (OpenSearch, osmem).
ELASTICSEARCH_COMPAT_MEDIA_TYPES = env_bool("ELASTICSEARCH_COMPAT_MEDIA_TYPES", default=True)

# Language layer: offline unless an OpenAI-compatible endpoint is configured.
LLM_BASE_URL = env_str("LLM_BASE_URL", env_str("OPENAI_BASE_URL"))
LLM_API_KEY = env_str("LLM_API_KEY", env_str("OPENAI_API_KEY"))
LLM_MODEL = env_str("LLM_MODEL", "gpt-4o-mini")
LLM_TIMEOUT_S = env_float("LLM_TIMEOUT_S", "20")
LANGUAGE_BACKEND = env_str("LANGUAGE_BACKEND", "llm" if LLM_BASE_URL or LLM_API_KEY else "offline")
# The learned yes/no reader next to the rules (bots.language.learned). Off: measured, it gained
# 7 of 580 held-out crowd rows and lost 9 of 371 on the rules' development table
# (docs/answer-reader.md), not enough to change what users get by default.
LANGUAGE_LEARNED_READER = env_bool("LANGUAGE_LEARNED_READER", default=False)
# Below this reader strength a yes/no read from the user's own words is asked back ("I couldn't
# tell whether that means yes or no.") instead of taken; 0 (the default) takes every reading.
# Measured through the service in docs/answer-reader.md ("Stop 37").
LANGUAGE_ABSTAIN_BELOW = env_float("LANGUAGE_ABSTAIN_BELOW", "0")
LLM_MAX_RETRIES = env_int("LLM_MAX_RETRIES", "2")
LLM_TOKEN_BUDGET = env_int("LLM_TOKEN_BUDGET", "0") or None  # unset: no limit
LLM_REPHRASE_QUESTIONS = env_bool("LLM_REPHRASE_QUESTIONS", default=False)

# The conversation: which pack each channel uses ("slack=it-laptop,telegram=patient-intake";
# empty for the web chat, where the user picks), the policy and its stopping rule.
BOT_CHANNEL_PACKS = env_str("BOT_CHANNEL_PACKS") or None
BOT_POLICY = env_str("BOT_POLICY", "infogatherer")
PLANNER_TAU = env_float("PLANNER_TAU", "0.85")
PLANNER_MAX_TURNS = env_int("PLANNER_MAX_TURNS", "15")
PLANNER_OPEN_WORLD = env_float("PLANNER_OPEN_WORLD", "0") or None  # prior plausibility
PLANNER_OPEN_WORLD_THRESHOLD = env_float("PLANNER_OPEN_WORLD_THRESHOLD", "0.5")
BOT_FOCUS_SECTIONS = env_bool("BOT_FOCUS_SECTIONS", default=True)
BOT_SECTION_MARGIN = env_float("BOT_SECTION_MARGIN", "1.2")

# Channels: each bot runs only when its tokens are set.
SLACK_BOT_TOKEN = env_str("SLACK_BOT_TOKEN")
SLACK_SIGNING_SECRET = env_str("SLACK_SIGNING_SECRET")
SLACK_APP_TOKEN = env_str("SLACK_APP_TOKEN")
SLACK_API_URL = env_str("SLACK_API_URL", "https://slack.com/api/")
TELEGRAM_BOT_TOKEN = env_str("TELEGRAM_BOT_TOKEN")
TELEGRAM_WEBHOOK_SECRET = env_str("TELEGRAM_WEBHOOK_SECRET")
TELEGRAM_API_URL = env_str("TELEGRAM_API_URL", "https://api.telegram.org/bot")
# Paging staff on an emergency or urgent escalation (bots.alerts); any, all or none.
STAFF_ALERT_WEBHOOK_URL = env_str("STAFF_ALERT_WEBHOOK_URL")
STAFF_ALERT_SECRET = env_str("STAFF_ALERT_SECRET")
STAFF_ALERT_SLACK_CHANNEL = env_str("STAFF_ALERT_SLACK_CHANNEL")
STAFF_ALERT_TELEGRAM_CHAT_ID = env_str("STAFF_ALERT_TELEGRAM_CHAT_ID")
STAFF_ALERT_EMAILS = env_str("STAFF_ALERT_EMAILS")  # comma-separated; sent with EMAIL_* settings
STAFF_CONSOLE_URL = env_str("STAFF_CONSOLE_URL", "http://127.0.0.1:8000")

# /metrics: open on the pod network unless a token is set (then Authorization: Bearer TOKEN).
METRICS_TOKEN = env_str("METRICS_TOKEN")

# Rate limits on inbound messages (bots.ratelimit): per user and per channel, counted in the
# cache: Redis when REDIS_URL is set (shared by every web process), else local memory.
RATELIMIT_ENABLED = env_bool("RATELIMIT_ENABLED", default=True)
RATELIMIT_WINDOW_S = env_float("RATELIMIT_WINDOW_S", "60")
RATELIMIT_USER_COUNT = env_int("RATELIMIT_USER_COUNT", "30")
RATELIMIT_CHANNEL_COUNT = env_int("RATELIMIT_CHANNEL_COUNT", "300")
# The web chat has no channel-wide budget (a crowd could spend it for everyone): per visitor
# (RATELIMIT_USER_COUNT on the chat's token), per address, per /24 or /64 network, and new chats
# per address and network over a longer window. Numbers and reasons: docs/security.md.
RATELIMIT_ADDRESS_COUNT = env_int("RATELIMIT_ADDRESS_COUNT", "60")
RATELIMIT_NETWORK_COUNT = env_int("RATELIMIT_NETWORK_COUNT", "180")
RATELIMIT_NEW_CASES_WINDOW_S = env_float("RATELIMIT_NEW_CASES_WINDOW_S", "600")
RATELIMIT_NEW_CASES_PER_ADDRESS = env_int("RATELIMIT_NEW_CASES_PER_ADDRESS", "10")
RATELIMIT_NEW_CASES_PER_NETWORK = env_int("RATELIMIT_NEW_CASES_PER_NETWORK", "30")
# Web chat senders are told apart by address: the number of proxies in front that append to
# X-Forwarded-For (1 behind deploy/nginx or the ingress), 0 to use the peer address.
RATELIMIT_PROXY_HOPS = env_int("RATELIMIT_PROXY_HOPS", "0")
CACHE_URL = env_str("CACHE_URL", REDIS_URL)
CACHES = {
    "default": (
        {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL,
         "KEY_PREFIX": "askfew"}
        if CACHE_URL.startswith(("redis://", "rediss://", "unix://"))
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# Sessions and cookies (console sign-in; the web chat's CSRF cookie). The CSRF cookie stays
# readable by script: the web chat sends it back in X-CSRFToken (Django's documented pattern;
# HttpOnly there would protect nothing, the token is in every form anyway).
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_AGE = env_int("SESSION_COOKIE_AGE_S", str(12 * 3600))  # one working day
CSRF_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = False
# The web chat's script reads JSON: its CSRF refusal is JSON too (console/views/auth.py).
CSRF_FAILURE_VIEW = "console.views.auth.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
# console.security.SecurityHeadersMiddleware sends it; no inline script or style anywhere.
CONTENT_SECURITY_POLICY = env_str(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'",
)

# Production hardening (`manage.py check --deploy` is clean). TLS ends at the proxy or
# ingress, which must set X-Forwarded-Proto (and strip a client's own).
if PRODUCTION:
    # Refuse to start with a placeholder key or a bot that could not verify its requests.
    from .security import require_production_secrets

    require_production_secrets()
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    # Probes and scrapes reach the pod directly over HTTP (the probe middleware answers them
    # first anyway; this keeps them exempt should the middleware order change).
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$", r"^metrics$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", "31536000")
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=True)

# Logs: readable lines locally, one JSON object per line in production (LOG_FORMAT overrides).
# Both carry the case id of the request or task; neither carries what users wrote at INFO.
LOG_FORMAT = env_str("LOG_FORMAT", "json" if PRODUCTION else "text")
if LOG_FORMAT not in {"text", "json"}:
    raise ValueError(f"LOG_FORMAT={LOG_FORMAT!r} is not supported (use text or json)")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "context": {"()": "console.observability.jsonlog.ContextFilter"},
        # Emails, phone numbers, tokens and long digit runs scrubbed from every line.
        "redact": {"()": "console.observability.redact.RedactFilter"},
        # No access-log line per web chat poll (every 2 s per open page).
        "quiet_polls": {"()": "console.observability.quiet_polls.QuietPollsFilter"},
    },
    "formatters": {
        "json": {"()": "console.observability.jsonlog.JsonFormatter"},
        "text": {"()": "console.observability.jsonlog.TextFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "filters": ["context", "redact"],
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # Celery says "received" and "succeeded" for every task at INFO: too much, by default.
        "celery": {"level": env_str("CELERY_LOG_LEVEL", "WARNING")},
        # httpx logs every request URL at INFO, and Telegram's URLs hold the bot token.
        "httpx": {"level": "WARNING"},
        "httpcore": {"level": "WARNING"},
        # runserver's access log (bin/run): through our handler, so the chat token in a
        # path is redacted like everything else.
        "django.server": {
            "handlers": ["console"],
            "level": "INFO",
            "propagate": False,
            "filters": ["quiet_polls"],
        },
    },
}
