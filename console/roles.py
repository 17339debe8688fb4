"""Console roles and the permission check every console view goes through.

Three roles, each a Django group made of the console's permissions (``AuditLog.Meta``):

- **operator**: sees cases and the queue, claims, replies, closes and labels outcomes, browses
  knowledge and the dashboard;
- **knowledge editor**: sees cases (to judge the knowledge by them), browses and edits packs
  (link masses, refits from labels, rollbacks) and the dashboard;
- **admin**: everything, plus the audit log.

Superusers pass every check. The groups are created (and brought up to date) after every
``migrate`` by a post_migrate hook (see ``console.apps``) and by ``manage.py setup_roles``.

Every console view is wrapped in :func:`requires`: an anonymous visitor is sent to the login
page, a signed-in user without the permission gets 403. The wrapper marks the view with the
permission it needs (``view.required_permission``), which the tests use to check that no
console URL was left unguarded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

OPERATOR = "operator"
KNOWLEDGE_EDITOR = "knowledge editor"
ADMIN = "admin"

VIEW_CASES = "console.view_cases"
WORK_CASES = "console.work_cases"
LABEL_OUTCOMES = "console.label_outcomes"
VIEW_KNOWLEDGE = "console.view_knowledge"
EDIT_KNOWLEDGE = "console.edit_knowledge"
VIEW_DASHBOARD = "console.view_dashboard"
VIEW_AUDIT = "console.view_audit"

ALL_PERMISSIONS = (
    VIEW_CASES,
    WORK_CASES,
    LABEL_OUTCOMES,
    VIEW_KNOWLEDGE,
    EDIT_KNOWLEDGE,
    VIEW_DASHBOARD,
    VIEW_AUDIT,
)

ROLES: dict[str, tuple[str, ...]] = {
    OPERATOR: (VIEW_CASES, WORK_CASES, LABEL_OUTCOMES, VIEW_KNOWLEDGE, VIEW_DASHBOARD),
    KNOWLEDGE_EDITOR: (VIEW_CASES, VIEW_KNOWLEDGE, EDIT_KNOWLEDGE, VIEW_DASHBOARD),
    ADMIN: ALL_PERMISSIONS,
}

View = TypeVar("View", bound=Callable[..., HttpResponse])


def ensure_roles(using: str = "default") -> dict[str, int]:
    """Create the permissions and groups (idempotent); returns permissions per group.

    A group's permissions are set to exactly its role's list, so a permission removed from a
    role here is also taken away from existing groups.
    """
    from django.apps import apps
    from django.contrib.auth.management import create_permissions
    from django.contrib.auth.models import Group, Permission

    create_permissions(apps.get_app_config("console"), verbosity=0, using=using)
    by_codename = {
        p.codename: p
        for p in Permission.objects.using(using).filter(content_type__app_label="console")
    }
    out: dict[str, int] = {}
    for role, perms in ROLES.items():
        missing = [p for p in perms if p.split(".", 1)[1] not in by_codename]
        if missing:
            raise RuntimeError(f"role {role!r}: permissions {missing} do not exist; migrate first")
        group, _ = Group.objects.using(using).get_or_create(name=role)
        group.permissions.set([by_codename[p.split(".", 1)[1]] for p in perms])
        out[role] = len(perms)
    return out


def post_migrate_roles(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """post_migrate receiver (connected for the console app in ``ConsoleConfig.ready``)."""
    ensure_roles(using=using)


def grant(user: Any, *roles: str) -> None:
    """Put ``user`` in the groups of ``roles`` (names from ROLES)."""
    from django.contrib.auth.models import Group

    for role in roles:
        if role not in ROLES:
            raise ValueError(f"unknown role {role!r}; expected one of {sorted(ROLES)}")
        user.groups.add(Group.objects.get(name=role))


def roles_of(user: Any) -> list[str]:
    if not user.is_authenticated:
        return []
    if user.is_superuser:
        return [ADMIN]
    return sorted(user.groups.filter(name__in=list(ROLES)).values_list("name", flat=True))


def has_all(user: Any, perms: Iterable[str]) -> bool:
    return bool(user.is_authenticated and user.is_active and user.has_perms(list(perms)))


def requires(*perms: str) -> Callable[[View], View]:
    """View decorator: login required (redirect), then every permission in ``perms`` (403)."""
    unknown = [p for p in perms if p not in ALL_PERMISSIONS]
    if not perms or unknown:
        raise ValueError(f"requires() needs console permissions, got {perms!r}")

    def decorate(view: View) -> View:
        @wraps(view)
        def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not has_all(request.user, perms):
                raise PermissionDenied(f"this page needs {', '.join(perms)}")
            return view(request, *args, **kwargs)

        guarded.required_permission = perms  # type: ignore[attr-defined]
        return guarded  # type: ignore[return-value]

    return decorate


def public(view: View) -> View:
    """Mark a console view as deliberately open to anonymous visitors (login, start page)."""
    view.required_permission = ()  # type: ignore[attr-defined]
    return view
