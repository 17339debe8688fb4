"""Sign-in throttling (issue 25, issue 20): django-axes locks a (username, address) pair after
5 failures, a stranger cannot lock an operator out, spraying from one address hits a ceiling,
every step is audited, and `manage.py unlock_signin` undoes a lockout. Real POSTs to the real
sign-in pages."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from console.models import AuditLog
from tests.console.conftest import PASSWORD, make_user
from tests.security.tally import record

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fast_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_in(address: str, username: str, password: str, path: str = "/accounts/login/") -> int:
    client = Client(REMOTE_ADDR=address)
    client.get(path)
    response = client.post(path, {"username": username, "password": password})
    return int(response.status_code)


@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
def test_thirty_wrong_passwords_from_one_address_are_locked_out(path: str) -> None:
    user = make_user("olga", "operator")
    user.is_staff = True  # the admin's sign-in page takes staff only
    user.save()
    codes = [sign_in("198.51.100.7", "olga", f"guess-{n}", path) for n in range(30)]
    # The fifth failure locks the pair (axes answers it with the lockout already).
    held = codes[:4] == [200] * 4 and set(codes[4:]) == {429}
    assert record("sign-in throttling", f"30 wrong passwords on {path}", held), codes
    # Locked: even the right password is refused from that address ...
    locked = sign_in("198.51.100.7", "olga", PASSWORD, path)
    assert record("sign-in throttling", f"right password while locked on {path}", locked == 429)
    # ... but the operator, from their own address, is not locked out by a stranger.
    assert sign_in("192.0.2.10", "olga", PASSWORD, path) == 302
    assert AuditLog.objects.filter(action="login_failed", username="olga").count() >= 4
    assert AuditLog.objects.filter(action="login_locked", target="olga").exists()


def test_spraying_many_usernames_from_one_address_hits_the_ceiling(settings: Any) -> None:
    make_user("olga", "operator")
    codes = [sign_in("198.51.100.8", f"user{n}", "password1") for n in range(35)]
    ceiling = settings.SIGNIN_ADDRESS_FAILURES
    held = codes[:ceiling] == [200] * ceiling and set(codes[ceiling:]) == {429}
    assert record("sign-in throttling", "35 usernames sprayed from one address", held), codes
    assert sign_in("192.0.2.11", "olga", PASSWORD) == 302  # elsewhere, unaffected


def test_unlock_signin_lifts_a_lockout_and_is_audited() -> None:
    make_user("olga", "operator")
    for n in range(6):
        sign_in("198.51.100.9", "olga", f"guess-{n}")
    assert sign_in("198.51.100.9", "olga", PASSWORD) == 429
    call_command("unlock_signin", "olga")
    assert sign_in("198.51.100.9", "olga", PASSWORD) == 302
    assert AuditLog.objects.filter(action="login_unlocked", target="olga").exists()
