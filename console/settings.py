"""Django settings, all from the environment.

Unset, everything falls back to the embedded profile: SQLite under DATA_DIR, Celery tasks run
in-process, the embedded search index, the offline language layer. See docs/configuration.md.
"""

from __future__ import annotations

from pathlib import Path

from .env import database_from_url, env_bool, env_list, env_str, secret_key

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(env_str("DATA_DIR", str(BASE_DIR / "data"))).resolve()
DATASETS_DIR = Path(env_str("DATASETS_DIR", str(BASE_DIR.parent / "shared" / "datasets"))).resolve()

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = secret_key(DATA_DIR, DEBUG)
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
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "console.urls"
WSGI_APPLICATION = "console.wsgi.application"
ASGI_APPLICATION = "console.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
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
STATIC_ROOT = DATA_DIR / "static"

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

# Search: the embedded index unless an Elasticsearch URL is given.
ELASTICSEARCH_URL = env_str("ELASTICSEARCH_URL")
SEARCH_BACKEND = env_str("SEARCH_BACKEND", "elasticsearch" if ELASTICSEARCH_URL else "embedded")
SEARCH_INDEX_DIR = Path(env_str("SEARCH_INDEX_DIR", str(DATA_DIR / "search"))).resolve()
SEARCH_INDEX_PREFIX = env_str("SEARCH_INDEX_PREFIX", "askfew")

# Language layer: offline unless an OpenAI-compatible endpoint is configured.
LLM_BASE_URL = env_str("LLM_BASE_URL", env_str("OPENAI_BASE_URL"))
LLM_API_KEY = env_str("LLM_API_KEY", env_str("OPENAI_API_KEY"))
LLM_MODEL = env_str("LLM_MODEL", "gpt-4o-mini")
LLM_TIMEOUT_S = float(env_str("LLM_TIMEOUT_S", "20"))
LANGUAGE_BACKEND = env_str("LANGUAGE_BACKEND", "llm" if LLM_BASE_URL or LLM_API_KEY else "offline")

# Channels: each bot runs only when its tokens are set.
SLACK_BOT_TOKEN = env_str("SLACK_BOT_TOKEN")
SLACK_SIGNING_SECRET = env_str("SLACK_SIGNING_SECRET")
SLACK_APP_TOKEN = env_str("SLACK_APP_TOKEN")
SLACK_API_URL = env_str("SLACK_API_URL", "https://slack.com/api/")
TELEGRAM_BOT_TOKEN = env_str("TELEGRAM_BOT_TOKEN")
TELEGRAM_WEBHOOK_SECRET = env_str("TELEGRAM_WEBHOOK_SECRET")
TELEGRAM_API_URL = env_str("TELEGRAM_API_URL", "https://api.telegram.org/bot")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
