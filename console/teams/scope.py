"""Which cases a user may see (see the package docstring for the rule)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse

from bots.models import Case

# Pack domains whose cases hold health data (knowledge.Pack.domain).
SENSITIVE_DOMAINS = {"medical", "clinical", "health", "patient-intake"}


# Remembered on the user object, which lives for one request: a page asks several times (its
# lists, counts and charts each scope their cases), and teams do not change within a request.
_HIDDEN = "_askfew_hidden_packs"


def sees_everything(user: Any) -> bool:
    from console.roles import ADMIN

    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser or user.groups.filter(name=ADMIN).exists())


def hidden_packs(user: Any) -> set[str]:
    """Packs owned by teams ``user`` is not in (empty for administrators)."""
    remembered = getattr(user, _HIDDEN, None)
    if remembered is not None:
        return set(remembered)
    hidden = _hidden_packs(user)
    if getattr(user, "pk", None) is not None:
        setattr(user, _HIDDEN, frozenset(hidden))
    return hidden


def _hidden_packs(user: Any) -> set[str]:
    from console.teams.models import Team

    if sees_everything(user):
        return set()
    owned: set[str] = set()
    mine: set[str] = set()
    member_of = set(user.teams.values_list("pk", flat=True)) if user.is_authenticated else set()
    for team_id, packs in Team.objects.values_list("pk", "packs"):
        names = {str(p) for p in packs or []}
        owned |= names
        if team_id in member_of:
            mine |= names
    return owned - mine


def visible_cases(user: Any, cases: QuerySet[Case] | None = None) -> QuerySet[Case]:
    cases = Case.objects.all() if cases is None else cases
    hidden = hidden_packs(user)
    return cases.exclude(pack__in=hidden) if hidden else cases


def is_sensitive(pack: str) -> bool:
    from console.teams.models import Team
    from knowledge.models import Pack

    if not pack:
        return False
    domain = Pack.objects.filter(name=pack).values_list("domain", flat=True).first() or ""
    if domain.lower() in SENSITIVE_DOMAINS or pack in SENSITIVE_DOMAINS:
        return True
    return any(
        pack in (packs or [])
        for packs in Team.objects.filter(sensitive=True).values_list("packs", flat=True)
    )


class TeamScopeMiddleware:
    """404 for a case outside the user's teams; an audit row for each opening of a sensitive
    case. Applies to every view that takes a ``case_id`` (pages, APIs and actions alike)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)  # type: ignore[no-any-return]

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: dict[str, Any]
    ) -> HttpResponse | None:
        case_id = kwargs.get("case_id")
        user = getattr(request, "user", None)
        if case_id is None or user is None or not user.is_authenticated:
            return None  # the view's own guard sends anonymous visitors to sign in
        case = Case.objects.filter(pk=case_id).only("id", "pack").first()
        if case is None:
            return None
        if case.pack and case.pack in hidden_packs(user):
            raise Http404("no such case")
        if request.method == "GET" and is_sensitive(case.pack):
            from console import audit

            audit.record(user, "view_case", case=case, target=request.path[:300])
        return None
