"""Signing in and out (Django's auth views with the console's templates), and the 403 page."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from console import two_factor
from console.roles import VIEW_CASES, public, requires, roles_of

# The password, then a TOTP code for accounts that set one up (console.two_factor).
login = public(two_factor.LoginView.as_view())
two_factor_setup = requires(VIEW_CASES)(two_factor.enrol)
logout = public(auth_views.LogoutView.as_view(next_page="console:login"))


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler403: say which permission was missing and which roles the user has."""
    return render(
        request,
        "console/403.html",
        {"reason": str(exception or ""), "roles": roles_of(request.user)},
        status=403,
    )
