"""Safe defaults (issue 25): no debug pages unless DEBUG=1, weak secret keys refused in
production, credentials never on a page, chat tokens out of every access log."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.test import Client, RequestFactory
from django.views.debug import technical_500_response

from console.observability.redact import RedactFilter
from console.security import secret_problems
from tests.security.tally import record

ROOT = Path(__file__).resolve().parents[2]
STRONG = "k7Qw-3xZp9Lr2Vt8Nb5Hc1Jd6Fg4Sa0Ye7Ui3Oo9Pm2Lk5Jh8Gf1Dd4Ss6Aa0Zz3Xx"


def settings_of(tmp_path: Path, code: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path),
        "DJANGO_SETTINGS_MODULE": "console.settings",
        "PYTHONPATH": str(ROOT),
        "DATA_DIR": str(tmp_path / "data"),
    }
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import "
         "settings as s; " + code],
        cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=120,
    )


def test_debug_is_off_unless_asked_for_and_the_embedded_profile_still_runs(
    tmp_path: Path,
) -> None:
    dump = "import json; print(json.dumps([s.DEBUG, s.PRODUCTION, len(s.SECRET_KEY)]))"
    unset = settings_of(tmp_path, dump)
    assert unset.returncode == 0, unset.stderr
    debug, production, key_length = json.loads(unset.stdout.splitlines()[-1])
    held = debug is False and production is False and key_length >= 50
    assert record("safe defaults", "DEBUG unset: no debug pages, embedded keys generated", held)
    assert (tmp_path / "data" / "secret_key").stat().st_mode & 0o077 == 0
    on = settings_of(tmp_path, dump, DEBUG="1")
    assert json.loads(on.stdout.splitlines()[-1])[:2] == [True, False]
    # DEBUG=0 explicitly is production (what deploy/ sets): secrets must come from outside.
    off = settings_of(tmp_path, dump, DEBUG="0")
    assert off.returncode != 0 and "SECRET_KEY must be set" in off.stderr


def test_an_unset_debug_serves_no_debug_page(client: Client, settings: Any) -> None:
    response = client.get("/no/such/page/here")
    held = response.status_code == 404 and b"URLconf" not in response.content
    assert record("safe defaults", "404 page without the URLconf listing", held)


@pytest.mark.parametrize(
    "key",
    [
        "a" * 36,  # the review's key: long, one character
        "abababababababababababababababababab",
        "0123456789" * 5,  # ten distinct
        "s3cr3t-but-short",
    ],
)
def test_weak_secret_keys_are_refused_in_production(key: str) -> None:
    problems = secret_problems({"SECRET_KEY": key})
    assert record("safe defaults", f"weak SECRET_KEY {key[:12]}...", bool(problems))
    assert secret_problems({"SECRET_KEY": STRONG, "METRICS_TOKEN": STRONG[::-1]}) == []


def configure_credentials(settings: Any, secret: str) -> None:
    # The secrets are assembled at run time: the page shows source lines around the raise.
    settings.LLM_BASE_URL = f"https://bob:{secret}-llm@llm.example/v1"
    settings.REDIS_URL = f"redis://:{secret}-redis@redis.internal:6379/0"
    settings.CELERY_BROKER_URL = settings.REDIS_URL
    settings.DATABASES = {
        **settings.DATABASES, "other": {"ENGINE": "x", "PASSWORD": f"{secret}-db", "NAME": "n"}
    }
    settings.SOME_NEW_ENDPOINT = f"amqp://svc:{secret}-amqp@mq.internal/"


def test_error_pages_never_show_credentials_in_settings(settings: Any) -> None:
    secret = "".join(["hun", "ter", "2"])
    configure_credentials(settings, secret)
    request = RequestFactory().get("/boom")
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        page = technical_500_response(request, *sys.exc_info()).content.decode()
    for where in ("llm", "redis", "db", "amqp"):
        held = f"{secret}-{where}" not in page
        assert record("credentials on pages", f"debug page hides the {where} password", held)


def test_chat_tokens_are_redacted_from_runserver_and_gunicorn_access_logs() -> None:
    from console.observability.gunicorn_log import redact as gunicorn_redact

    token = "Zq3" + "x" * 29
    record_ = logging.LogRecord(
        "django.server", logging.INFO, __file__, 1, '"%s" %s %s',
        (f"GET /chat/api/cases/{token}/messages?after=3 HTTP/1.1", "200", "120"), None,
    )
    RedactFilter().filter(record_)
    runserver_held = token not in record_.getMessage()
    assert record("token privacy", "runserver access log", runserver_held)
    assert record("token privacy", "gunicorn access log",
                  token not in gunicorn_redact(f"/chat/api/cases/{token}/messages"))
    nginx = (ROOT / "deploy" / "nginx" / "askfew.conf").read_text()
    held = "access_log /var/log/nginx/access.log askfew_redacted" in nginx
    assert record("token privacy", "nginx access log format", held)
