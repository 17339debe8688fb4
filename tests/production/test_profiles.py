"""Profiles chosen by the environment alone: the embedded default, and production, which
`manage.py check --deploy` passes cleanly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.production.conftest import ROOT

DUMP = """
import json, django
django.setup()
from django.conf import settings as s
print(json.dumps({
    "debug": s.DEBUG, "db": s.DATABASES["default"]["ENGINE"],
    "eager": s.CELERY_TASK_ALWAYS_EAGER, "broker": s.CELERY_BROKER_URL,
    "search": s.SEARCH_BACKEND, "language": s.LANGUAGE_BACKEND, "log_format": s.LOG_FORMAT,
    "ssl_header": getattr(s, "SECURE_PROXY_SSL_HEADER", None),
    "secure_cookies": [s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE],
    "hsts": s.SECURE_HSTS_SECONDS, "ssl_redirect": s.SECURE_SSL_REDIRECT,
    "beat": sorted(s.CELERY_BEAT_SCHEDULE), "acks_late": s.CELERY_TASK_ACKS_LATE,
    "reject_on_worker_lost": s.CELERY_TASK_REJECT_ON_WORKER_LOST,
}))
"""
STRONG_KEY = "k7Qw-3xZp9Lr2Vt8Nb5Hc1Jd6Fg4Sa0Ye7Ui3Oo9Pm2Lk5Jh8Gf1Dd4Ss6Aa0Zz3Xx7Cc1Vv5Bb9"


def clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    """Only what a fresh container or laptop has, plus ``extra``."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path),
           "DJANGO_SETTINGS_MODULE": "console.settings", "PYTHONPATH": str(ROOT),
           "DATA_DIR": str(tmp_path / "data")}
    env.update(extra)
    return env


def production_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return clean_env(
        tmp_path,
        DEBUG="0",
        SECRET_KEY=STRONG_KEY,
        FIELD_ENCRYPTION_KEYS="jQ8V3dB1yq2mVxv4m1b0mOqk0M0m4v8pR3cZl6o2Z0E=",
        ALLOWED_HOSTS="askfew.example.com",
        DATABASE_URL="postgres://askfew:pw@db.internal:5432/askfew",
        REDIS_URL="redis://redis.internal:6379/0",
        ELASTICSEARCH_URL="http://es.internal:9200",
        LLM_BASE_URL="http://llm.internal:8080/v1",
        STAFF_ALERT_WEBHOOK_URL="https://pager.internal/askfew",  # else bots.W001 warns
        METRICS_TOKEN="Vh3-metrics-scrape-token-for-tests-9Qz",
        **extra,
    )


def settings_in(env: dict[str, str]) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-c", DUMP], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def manage(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_nothing_set_is_the_embedded_profile(tmp_path: Path) -> None:
    s = settings_in(clean_env(tmp_path))
    assert s["debug"] is False  # debug pages only with DEBUG=1 (issue 25): bin/run serves users
    assert s["db"] == "django.db.backends.sqlite3"
    assert s["eager"] is True and s["broker"] == ""
    assert (s["search"], s["language"], s["log_format"]) == ("embedded", "offline", "text")
    assert s["ssl_header"] is None and s["secure_cookies"] == [False, False]


def test_production_environment_is_the_production_profile(tmp_path: Path) -> None:
    s = settings_in(production_env(tmp_path))
    assert s["debug"] is False
    assert s["db"] == "django.db.backends.postgresql"
    assert s["eager"] is False and s["broker"] == "redis://redis.internal:6379/0"
    assert (s["search"], s["language"], s["log_format"]) == ("elasticsearch", "llm", "json")
    assert s["ssl_header"] == ["HTTP_X_FORWARDED_PROTO", "https"]
    assert s["secure_cookies"] == [True, True]
    assert s["hsts"] >= 31536000 and s["ssl_redirect"] is True
    assert s["beat"] == ["redispatch-stalled"]
    assert s["acks_late"] is True and s["reject_on_worker_lost"] is True


def test_check_deploy_is_clean_in_production(tmp_path: Path) -> None:
    done = manage(production_env(tmp_path), "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_check_warns_when_nobody_would_be_paged(tmp_path: Path) -> None:
    env = production_env(tmp_path)
    del env["STAFF_ALERT_WEBHOOK_URL"]
    done = manage(env, "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode != 0
    assert "bots.W001" in done.stdout + done.stderr


def test_check_deploy_catches_a_weakened_production_setting(tmp_path: Path) -> None:
    """The check above can fail: turning the HTTPS redirect off is reported."""
    done = manage(production_env(tmp_path, SECURE_SSL_REDIRECT="0"),
                  "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode != 0
    assert "security.W008" in done.stdout + done.stderr


def test_production_without_a_secret_key_refuses_to_start(tmp_path: Path) -> None:
    env = production_env(tmp_path)
    del env["SECRET_KEY"]
    done = manage(env, "check")
    assert done.returncode != 0
    assert "SECRET_KEY must be set" in done.stderr


def test_an_unknown_log_format_is_named(tmp_path: Path) -> None:
    done = manage(clean_env(tmp_path, LOG_FORMAT="xml"), "check")
    assert done.returncode != 0
    assert "LOG_FORMAT='xml' is not supported" in done.stderr
