"""Signing in and out (Django's auth views with the console's templates), and the 403 page."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from console.roles import public, roles_of

login = public(
    auth_views.LoginView.as_view(
        template_name="console/login.html", redirect_authenticated_user=True
    )
)
logout = public(auth_views.LogoutView.as_view(next_page="console:login"))


def forbidden(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """handler403: say which permission was missing and which roles the user has."""
    return render(
        request,
        "console/403.html",
        {"reason": str(exception or ""), "roles": roles_of(request.user)},
        status=403,
    )
