"""Response headers Django's SecurityMiddleware does not send, and the production secrets check.

``SecurityHeadersMiddleware`` adds ``Content-Security-Policy`` (the setting
``CONTENT_SECURITY_POLICY``) and a ``Permissions-Policy`` that turns off browser features
nothing here uses, and marks a signed-in user's pages ``Cache-Control: no-store``: they show
patients' and employees' messages, which a shared workstation's back button or disk cache must
not keep. The policy allows scripts and styles from our own origin only. The templates carry no
inline ``<script>``, ``<style>`` or ``style=""`` (bars and legend swatches are SVG with
presentation attributes, which a CSP does not govern), so a script injected into a transcript
has nowhere to run.

``require_production_secrets`` runs from the settings in production: every secret comes
from the environment (nothing in the repository or the image), and a placeholder value or a bot
that could not verify its requests stops the process at start rather than at the first request.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse

PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=(), usb=()"
# Values copied from examples rather than generated (deploy/env.example, Django's startproject).
PLACEHOLDER = re.compile(r"change[-_ ]?me|^django-insecure-|^\.\.\.$|^x+$|^secret$", re.I)
SECRET_KEY_MIN = 32
# A key of 36 identical characters is long and worthless: a generated key of 32+ characters has
# well over 20 distinct ones (token_urlsafe(50) averages about 50).
SECRET_KEY_DISTINCT_MIN = 16
TELEGRAM_SECRET = re.compile(r"^[A-Za-z0-9_-]{16,256}$")


class SecurityHeadersMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from django.conf import settings

        response = self.get_response(request)
        policy = str(getattr(settings, "CONTENT_SECURITY_POLICY", "") or "")
        if policy:
            response.setdefault("Content-Security-Policy", policy)
        response.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and "Cache-Control" not in response:
            response["Cache-Control"] = "no-store, private"
        return response


def secret_problems(environ: Mapping[str, str]) -> list[str]:
    """What is wrong with the secrets in ``environ`` for production (empty: nothing)."""
    problems = []
    key = environ.get("SECRET_KEY", "")
    if not key:
        problems.append("SECRET_KEY must be set in the environment in production (DEBUG=0)")
    elif (
        PLACEHOLDER.search(key)
        or len(key) < SECRET_KEY_MIN
        or len(set(key)) < SECRET_KEY_DISTINCT_MIN
    ):
        problems.append(
            f"SECRET_KEY looks like a placeholder, is shorter than {SECRET_KEY_MIN} characters "
            f"or has fewer than {SECRET_KEY_DISTINCT_MIN} distinct characters; "
            "generate one: python -c 'import secrets; print(secrets.token_urlsafe(64))'"
        )
    if not environ.get("METRICS_TOKEN", ""):
        # /metrics names routes and the size of the backlog: never open to whoever asks.
        problems.append(
            "METRICS_TOKEN must be set in production (DEBUG=0): /metrics is then scraped with "
            "Authorization: Bearer <METRICS_TOKEN>; generate one: "
            "python -c 'import secrets; print(secrets.token_urlsafe(32))'"
        )
    for name in (
        "SLACK_BOT_TOKEN",
        "SLACK_SIGNING_SECRET",
        "SLACK_APP_TOKEN",
        "TELEGRAM_BOT_TOKEN",
        "TELEGRAM_WEBHOOK_SECRET",
        "METRICS_TOKEN",
        "LLM_API_KEY",
    ):
        value = environ.get(name, "")
        if value and PLACEHOLDER.search(value):
            problems.append(f"{name} is a placeholder ({value[:12]!r}...), not a real secret")
    slack = environ.get("SLACK_BOT_TOKEN", "")
    if slack and not (environ.get("SLACK_SIGNING_SECRET") or environ.get("SLACK_APP_TOKEN")):
        problems.append(
            "SLACK_BOT_TOKEN is set without SLACK_SIGNING_SECRET (HTTP events) or SLACK_APP_TOKEN "
            "(Socket Mode): Slack's requests could not be verified"
        )
    if slack and not slack.startswith("xoxb-"):
        problems.append("SLACK_BOT_TOKEN must be a bot token (xoxb-...)")
    app = environ.get("SLACK_APP_TOKEN", "")
    if app and not app.startswith("xapp-"):
        problems.append("SLACK_APP_TOKEN must be an app-level token (xapp-...)")
    webhook = environ.get("TELEGRAM_WEBHOOK_SECRET", "")
    if webhook and not TELEGRAM_SECRET.match(webhook):
        problems.append(
            "TELEGRAM_WEBHOOK_SECRET must be 16-256 characters of A-Z, a-z, 0-9, _ and - "
            "(Telegram's alphabet; shorter is guessable)"
        )
    return problems


def require_production_secrets(environ: Mapping[str, str] | None = None) -> None:
    problems = secret_problems(os.environ if environ is None else environ)
    if problems:
        raise RuntimeError("refusing to start: " + "; ".join(problems))
