"""TOTP two-factor sign-in: setting it up, signing in with it, and admins made to use it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import Client
from django_otp.oath import totp
from django_otp.plugins.otp_totp.models import TOTPDevice

from console.models import AuditLog
from tests.console.conftest import PASSWORD, client_for, make_user

pytestmark = pytest.mark.django_db


def code_for(device: TOTPDevice, *, offset: int = 0) -> str:
    value = totp(device.bin_key, step=device.step, t0=device.t0, digits=device.digits,
                 drift=offset)
    return f"{value:06d}"


def sign_in(client: Client, username: str, code: str = "") -> Any:
    return client.post("/accounts/login/", {"username": username, "password": PASSWORD,
                                            "otp_token": code, "next": "/queue/"})


def test_an_operator_sets_up_totp_and_then_signs_in_with_a_code(operator: Any) -> None:
    client = client_for(operator)
    page = client.get("/accounts/two-factor/")
    assert page.status_code == 200 and b"<svg" in page.content and b"otp-secret" in page.content
    device = TOTPDevice.objects.get(user=operator, confirmed=False)
    wrong = client.post("/accounts/two-factor/", {"otp_token": "000000"})
    assert b"That code is not right" in wrong.content
    time.sleep(1.1)  # django-otp throttles: a second try waits a second after a wrong code
    done = client.post("/accounts/two-factor/", {"otp_token": code_for(device)})
    assert done.status_code == 302
    device.refresh_from_db()
    assert device.confirmed
    assert AuditLog.objects.filter(action="otp_enrol", username="olga").exists()

    fresh = Client()
    without = sign_in(fresh, "olga")
    assert without.status_code == 200 and b"signs in with a code" in without.content
    assert fresh.get("/queue/").status_code == 302  # not signed in
    bad = sign_in(fresh, "olga", "123456" if code_for(device) != "123456" else "654321")
    assert b"That code is not right" in bad.content
    assert AuditLog.objects.filter(action="otp_failed", target="olga").exists()
    time.sleep(1.1)
    # The code used to set it up is not accepted again (replay); the next step's code is.
    good = sign_in(fresh, "olga", code_for(device, offset=1))
    assert good.status_code == 302 and good["Location"] == "/queue/"
    assert fresh.get("/queue/").status_code == 200


def test_accounts_without_totp_sign_in_with_the_password_alone(operator: Any) -> None:
    client = Client()
    assert sign_in(client, "olga").status_code == 302
    assert client.get("/queue/").status_code == 200


def test_admins_must_use_totp_where_it_is_required(settings: Any) -> None:
    settings.CONSOLE_ADMIN_2FA_REQUIRED = True
    make_user("ada", "admin")
    make_user("olga", "operator")
    operator = Client()
    sign_in(operator, "olga")
    assert operator.get("/queue/").status_code == 200  # operators: optional
    admin = Client()
    assert sign_in(admin, "ada").status_code == 302
    sent = admin.get("/queue/")
    assert sent.status_code == 302 and sent["Location"].startswith("/accounts/two-factor/")
    setup = admin.get(sent["Location"])
    assert b"Admins must use two-factor" in setup.content
    device = TOTPDevice.objects.get(user__username="ada")
    admin.post(sent["Location"], {"otp_token": code_for(device)})
    assert admin.get("/queue/").status_code == 200  # verified in this session
    # A later session signed in without the code is sent back to the sign-in page.
    again = Client()
    assert sign_in(again, "ada").status_code == 200  # the code is asked for at sign-in
    assert sign_in(again, "ada", code_for(device, offset=1)).status_code == 302
    assert again.get("/audit/").status_code == 200
    assert client_for  # the helper signs in without codes for the other tests
