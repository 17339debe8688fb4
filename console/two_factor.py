"""Two-factor sign-in for operators: a TOTP code (django-otp) after the password.

Optional for everyone: an operator sets it up at ``/accounts/two-factor/`` (scan the QR code,
or type the secret, into an authenticator app, and confirm with a code). From then on the
sign-in form asks for the 6-digit code as well, and a session signed in with it is *verified*
(``request.user.is_verified()``, django-otp's middleware).

Required for admins (superusers and the "admin" role) when ``CONSOLE_ADMIN_2FA_REQUIRED`` is
on, which it is by default in the production profile: an admin whose session is not verified
is sent to set it up (or, if set up, to sign in again with a code) before any other page.
"""

from __future__ import annotations

import base64
from typing import Any

import segno
from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout as auth_logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.safestring import mark_safe
from django_otp import login as otp_login
from django_otp.plugins.otp_totp.models import TOTPDevice

from . import audit
from .roles import ADMIN

DEVICE_NAME = "console"
CODE_HELP = "The 6-digit code from your authenticator app (only if you set up two-factor)."


def confirmed_device(user: Any) -> TOTPDevice | None:
    if not getattr(user, "pk", None):
        return None
    return TOTPDevice.objects.filter(user=user, confirmed=True).order_by("id").first()


def is_admin(user: Any) -> bool:
    return bool(
        user.is_authenticated
        and (user.is_superuser or user.groups.filter(name=ADMIN).exists())
    )


def required_for(user: Any) -> bool:
    return bool(getattr(settings, "CONSOLE_ADMIN_2FA_REQUIRED", False)) and is_admin(user)


class CodeField(forms.CharField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            max_length=8,
            widget=forms.TextInput(
                {"autocomplete": "one-time-code", "inputmode": "numeric", "pattern": "[0-9 ]*"}
            ),
            **kwargs,
        )

    def clean(self, value: Any) -> str:
        return "".join(str(super().clean(value) or "").split())


class SignInForm(AuthenticationForm):
    """Username and password, then the TOTP code when the account has a confirmed device."""

    otp_token = CodeField(required=False, label="Authentication code", help_text=CODE_HELP)

    error_messages = {
        **AuthenticationForm.error_messages,
        "code_required": "This account signs in with a code from its authenticator app too.",
        "code_wrong": "That code is not right (or has expired). Try the current one.",
        "code_locked": "Too many wrong codes: wait a little, then try again.",
    }

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        user = self.get_user()
        self.otp_device = None
        device = confirmed_device(user)
        if device is None:
            return data
        token = data.get("otp_token") or ""
        if not token:
            raise forms.ValidationError(self.error_messages["code_required"], code="code_required")
        allowed, _ = device.verify_is_allowed()
        if not allowed:
            raise forms.ValidationError(self.error_messages["code_locked"], code="code_locked")
        with transaction.atomic():  # the device's throttling counters and the audit row
            right = device.verify_token(token)
            if not right:
                audit.record(None, "otp_failed", target=user.get_username())
        if not right:
            raise forms.ValidationError(self.error_messages["code_wrong"], code="code_wrong")
        self.otp_device = device
        return data


class LoginView(auth_views.LoginView):
    form_class = SignInForm
    template_name = "console/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form: SignInForm) -> HttpResponse:  # type: ignore[override]
        response = super().form_valid(form)
        if form.otp_device is not None:
            # After Django's login (which cycles the session key): the session is verified.
            otp_login(self.request, form.otp_device)
        return response


class EnrolForm(forms.Form):
    otp_token = CodeField(label="Code from the app")


def _qr_svg(url: str) -> str:
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#111827", light="#ffffff")
    # segno escapes the data it draws; the URL holds our own issuer and a base32 secret.
    return mark_safe(svg)


def enrol(request: HttpRequest) -> HttpResponse:
    """Set up (or see the state of) the signed-in user's TOTP device."""
    user = request.user
    device = confirmed_device(user)
    if device is not None:
        return render(request, "console/two_factor.html", {"device": device, "done": True})
    pending, _ = TOTPDevice.objects.get_or_create(
        user=user, confirmed=False, defaults={"name": DEVICE_NAME}
    )
    form = EnrolForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        allowed, _ = pending.verify_is_allowed()
        if not allowed:
            form.add_error("otp_token", "Too many wrong codes: wait a few seconds and try again.")
            return _enrol_page(request, pending, form)
        with transaction.atomic():
            if pending.verify_token(form.cleaned_data["otp_token"]):
                pending.confirmed = True
                pending.save(update_fields=["confirmed"])
                audit.record(user, "otp_enrol", target=user.get_username())
                verified = True
            else:
                verified = False
        if verified:
            otp_login(request, pending)
            messages.success(request, "Two-factor sign-in is on: you'll be asked for a code.")
            target = request.GET.get("next") or "/"
            if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
                target = "/"
            return redirect(target)
        form.add_error("otp_token", "That code is not right; check the app's clock and try again.")
    return _enrol_page(request, pending, form)


def _enrol_page(request: HttpRequest, pending: TOTPDevice, form: EnrolForm) -> HttpResponse:
    secret = base64.b32encode(pending.bin_key).decode().rstrip("=")
    return render(
        request,
        "console/two_factor.html",
        {
            "form": form,
            "qr": _qr_svg(pending.config_url),
            "secret": " ".join(secret[i : i + 4] for i in range(0, len(secret), 4)),
            "required": required_for(request.user),
        },
    )


class AdminTwoFactorMiddleware:
    """Where admins must use two-factor: an unverified admin session reaches only the sign-in,
    sign-out and set-up pages (and static files)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and required_for(user):
            verified = getattr(user, "is_verified", lambda: False)()
            if not verified and not self._exempt(request.path):
                if confirmed_device(user) is not None:
                    # Set up, but this session was not signed in with a code: sign in again.
                    auth_logout(request)
                    return redirect(f"{reverse('console:login')}?next={request.path}")
                return redirect(f"{reverse('console:two-factor')}?next={request.path}")
        return self.get_response(request)

    @staticmethod
    def _exempt(path: str) -> bool:
        allowed = (
            reverse("console:login"),
            reverse("console:logout"),
            reverse("console:two-factor"),
            settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/static/",
            "/healthz", "/readyz", "/metrics",
        )
        return path.startswith(allowed)
