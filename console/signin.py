"""Sign-in throttling: django-axes' lockout, plus a ceiling on failures per address.

Policy (docs/security.md, "Sign-in throttling"):

- django-axes counts failed sign-ins on /accounts/login/ and /admin/login/ per (username,
  address): after ``AXES_FAILURE_LIMIT`` (5) the pair is locked for ``AXES_COOLOFF_MINUTES``
  (15) and answered 429, even with the right password. Keyed on the pair, a stranger guessing
  an operator's password locks only themselves out: the operator signs in from their own
  address as usual. A success resets the pair's count.
- Password spraying (one address, many usernames) is capped separately: more than
  ``SIGNIN_ADDRESS_FAILURES`` (30) failures from one address in ``SIGNIN_ADDRESS_WINDOW_S``
  (15 minutes) and every sign-in POST from it is answered 429 until the window moves on.

Every failure, lockout and unlock is an ``AuditLog`` row (and axes keeps its own
``AccessAttempt`` / ``AccessFailureLog`` tables, in the admin). Unlock with
``manage.py unlock_signin USERNAME`` (or axes' own ``axes_reset_username``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse

from bots import ratelimit

logger = logging.getLogger(__name__)

LOCKED = (
    "Too many failed sign-ins for this account from your address. Try again in {minutes} "
    "minutes, or ask an administrator to unlock it."
)
SIGNIN_PATHS = ("/accounts/login/", "/admin/login/")


def client_ip(request: HttpRequest) -> str:
    """The address axes counts against: the same one the message limits use (trusting only
    ``RATELIMIT_PROXY_HOPS`` proxies in X-Forwarded-For)."""
    return ratelimit.client_address(request)


def _address_limit() -> ratelimit.Limit:
    return ratelimit.Limit(
        int(settings.SIGNIN_ADDRESS_FAILURES), float(settings.SIGNIN_ADDRESS_WINDOW_S)
    )


def _address_key(address: str) -> str:
    return ratelimit._digest("signin", "addr", address)


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None
               ) -> HttpResponse:
    """axes' lockout answer: 429 in plain words, and an audit row."""
    from console import audit

    username = str((credentials or {}).get("username") or request.POST.get("username") or "")
    audit.record(None, "login_locked", target=username[:150], address=client_ip(request))
    logger.warning("sign-in locked out after repeated failures")
    minutes = int(float(settings.AXES_COOLOFF_TIME) * 60)
    return HttpResponse(LOCKED.format(minutes=minutes), status=429, content_type="text/plain")


@receiver(user_login_failed)
def _count_address_failure(
    sender: Any, credentials: Any, request: HttpRequest | None = None, **kwargs: Any
) -> None:
    if request is None:
        return
    try:
        ratelimit.hit(_address_key(client_ip(request)), _address_limit())
    except Exception:  # the cache is down: axes' own lockout still holds
        logger.warning("sign-in failure not counted: cache unavailable", exc_info=True)


class SigninGuardMiddleware:
    """429 for sign-in POSTs from an address over its failure ceiling."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and request.path in SIGNIN_PATHS:
            try:
                over = ratelimit.peek(_address_key(client_ip(request)), _address_limit())
            except Exception:
                over = False
            if over:
                from console import audit

                audit.record(None, "login_locked", target="(address)",
                             address=client_ip(request))
                response = HttpResponse(
                    "Too many failed sign-ins from your address. Try again later.",
                    status=429, content_type="text/plain",
                )
                response["Retry-After"] = str(int(settings.SIGNIN_ADDRESS_WINDOW_S))
                return response
        return self.get_response(request)


def reset_address(address: str) -> None:
    ratelimit.forget(_address_key(address), _address_limit())
