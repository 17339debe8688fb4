"""Access control: every console URL needs a login and the right role; roles are set up."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import Group
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import URLPattern, reverse

from console.models import AuditLog
from console.roles import ROLES
from console.urls import console_patterns
from tests.console.conftest import PASSWORD, client_for, make_user

pytestmark = pytest.mark.django_db

PUBLIC = {"login", "logout"}
# Which permission each URL needs beyond "view", for the wrong-role checks.
WORK = {"case-claim", "case-assign", "case-reply", "case-close", "case-hand-back", "case-note"}
# GET views that also need the work permission (exports carry transcripts out).
WORK_GET = {"case-export"}
EDIT = {"link-edit", "version-rollback", "refit"}


def sample_kwargs(pattern: URLPattern, case_id: int, version_id: int) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    for name in pattern.pattern.converters:
        kwargs[name] = {
            "case_id": case_id,
            "pack": "tiny",
            "version_id": version_id,
            "doc_id": "tiny:guide",
        }[name]
    return kwargs


@pytest.fixture
def urls(pack: Any, converse: Any) -> list[tuple[str, str]]:
    """(name, path) of every console URL, with real objects in the path."""
    case = converse("my laptop does not work", "answer:unsure").case
    version_id = pack.current_version_id
    return [
        (p.name, reverse(f"console:{p.name}", kwargs=sample_kwargs(p, case.pk, version_id)))
        for p in console_patterns
    ]


def test_every_console_view_declares_what_it_needs() -> None:
    for pattern in console_patterns:
        needed = getattr(pattern.callback, "required_permission", None)
        assert needed is not None, f"{pattern.name} is not wrapped in roles.requires"
        assert bool(needed) == (pattern.name not in PUBLIC), pattern.name


def test_anonymous_visitors_are_sent_to_the_login_page(urls: list[tuple[str, str]]) -> None:
    client = Client()
    for name, path in urls:
        if name in PUBLIC:
            continue
        for method in ("get", "post"):
            response = getattr(client, method)(path)
            assert response.status_code in (302, 405), (name, method)
            if response.status_code == 302:
                assert response["Location"].startswith("/accounts/login/?next="), name


def test_a_user_without_a_role_is_refused_everywhere(
    urls: list[tuple[str, str]], nobody: Any
) -> None:
    client = client_for(nobody)
    for name, path in urls:
        if name in PUBLIC:
            continue
        response = client.post(path) if name in WORK | EDIT | {"case-label"} else client.get(path)
        assert response.status_code == 403, name
        assert b"no console role" in response.content


def test_each_role_is_refused_what_it_may_not_do(
    urls: list[tuple[str, str]], operator: Any, editor: Any, admin_user: Any
) -> None:
    paths = dict(urls)
    as_operator, as_editor = client_for(operator), client_for(editor)
    for name in EDIT:
        assert as_operator.post(paths[name]).status_code == 403, name
    for name in WORK | {"case-label"}:
        assert as_editor.post(paths[name]).status_code == 403, name
    for name in WORK_GET:
        assert as_editor.get(paths[name]).status_code == 403, name
    assert as_operator.get(paths["audit"]).status_code == 403
    assert as_editor.get(paths["audit"]).status_code == 403
    assert client_for(admin_user).get(paths["audit"]).status_code == 200
    # What they may do, they can.
    assert as_operator.get(paths["queue"]).status_code == 200
    assert as_editor.get(paths["link-edit"] + "?hypothesis=h-dead&finding=q1").status_code == 200


def test_signing_in_and_out_through_the_pages_is_audited(operator: Any) -> None:
    client = Client()
    page = client.get("/cases/", follow=True)
    assert page.redirect_chain[-1][0] == "/accounts/login/?next=/cases/"
    wrong = client.post("/accounts/login/", {"username": "olga", "password": "nope"})
    assert b"didn't match" in wrong.content
    done = client.post("/accounts/login/?next=/cases/",
                       {"username": "olga", "password": PASSWORD, "next": "/cases/"})
    assert done.status_code == 302 and done["Location"] == "/cases/"
    assert client.get("/cases/").status_code == 200
    client.post("/accounts/logout/")
    assert client.get("/cases/").status_code == 302
    actions = list(AuditLog.objects.order_by("id").values_list("action", "username"))
    assert actions == [("login_failed", "olga"), ("login", "olga"), ("logout", "olga")]


def test_the_start_page_stays_public() -> None:
    response = Client().get("/")
    assert response.status_code == 200 and b"Sign in" in response.content


def test_setup_roles_creates_the_groups_and_grants(db: Any) -> None:
    Group.objects.all().delete()
    call_command("setup_roles", verbosity=0)
    for role, perms in ROLES.items():
        group = Group.objects.get(name=role)
        got = {f"console.{c}" for c in group.permissions.values_list("codename", flat=True)}
        assert got == set(perms)
    user = make_user("sam")
    call_command("setup_roles", "--grant", "sam", "knowledge editor", verbosity=0)
    assert user.has_perm("console.edit_knowledge")
    assert not type(user).objects.get(pk=user.pk).has_perm("console.work_cases")
    with pytest.raises(CommandError, match="unknown role 'boss'"):
        call_command("setup_roles", "--grant", "sam", "boss", verbosity=0)
    with pytest.raises(CommandError, match="no user 'ghost'"):
        call_command("setup_roles", "--grant", "ghost", "operator", verbosity=0)
