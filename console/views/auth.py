"""Signing in and out (Django's auth views with the console's templates), and the 403 page."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from console import two_factor
from console.roles import VIEW_CASES, public, requires, roles_of

# The password, then a TOTP code for accounts that set one up (console.two_factor).
login = public(two_factor.LoginView.as_view())
two_factor_setup = requires(VIEW_CASES)(two_factor.enrol)
logout = public(auth_views.LogoutView.as_view(next_page="console:login"))


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """CSRF_FAILURE_VIEW: JSON for the web chat's API (its script reads ``error``), Django's
    page for everything else."""
    if request.path.startswith("/chat/api/"):
        response = JsonResponse(
            {"error": "This page has expired (security check failed). Reload it and send "
                      "your message again.", "reason": "csrf"},
            status=403,
        )
        response["Cache-Control"] = "no-store, private"
        return response
    from django.views.csrf import csrf_failure as django_csrf_failure

    return django_csrf_failure(request, reason=reason)


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler403: say which permission was missing and which roles the user has."""
    return render(
        request,
        "console/403.html",
        {"reason": str(exception or ""), "roles": roles_of(request.user)},
        status=403,
    )
