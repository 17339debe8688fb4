"""The audit log, for admins: who did what, when, to which case."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from console.audit import ACTIONS
from console.forms import AuditFilterForm, valid_part
from console.models import AuditLog
from console.roles import VIEW_AUDIT, requires

PAGE_SIZE = 100


@require_GET
@requires(VIEW_AUDIT)
def audit_log(request: HttpRequest) -> HttpResponse:
    form = AuditFilterForm(request.GET or None)
    entries = AuditLog.objects.select_related("case").order_by("-created_at", "-id")
    data = valid_part(form)
    if data:
        if data.get("user"):
            entries = entries.filter(username__iexact=data["user"])
        if data.get("action"):
            entries = entries.filter(action=data["action"])
        if data.get("case"):
            entries = entries.filter(case_id=data["case"])
    page = Paginator(entries, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "console/audit.html",
        {"form": form, "page": page, "actions": ACTIONS, "query": query.urlencode()},
    )
