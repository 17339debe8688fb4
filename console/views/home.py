from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from console.roles import public, roles_of


@public
def home(request: HttpRequest) -> HttpResponse:
    """The start page: what the console is, and (signed in) where to go from here."""
    return render(request, "console/home.html", {"roles": roles_of(request.user)})
