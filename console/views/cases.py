"""Cases: the list, the queue and the case page, each with a JSON twin the page polls.

The JSON twins return the same fragments the page was rendered with (``regions``: element id
-> HTML), so the browser swaps them in without a reload and there is one way to render a row.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.views.decorators.http import require_GET, require_POST

from bots.models import Case, CaseStatus, Outcome
from console import canned, casework, export, sla
from console.case_detail import build
from console.case_flags import honesty_flags
from console.case_queries import apply_filters, page_of, queue, status_counts
from console.case_rows import rows_html
from console.forms import (
    OTHER,
    AssignForm,
    CaseFilterForm,
    LabelForm,
    NoteForm,
    QueueFilterForm,
    ReplyForm,
    valid_part,
)
from console.models import AuditLog, CaseHandling, CaseNote
from console.packs import network_for
from console.roles import LABEL_OUTCOMES, VIEW_CASES, WORK_CASES, has_all, requires


def poll_seconds() -> int:
    """How often pages refresh their live regions (``CONSOLE_POLL_SECONDS``, default 5)."""
    return max(1, int(getattr(settings, "CONSOLE_POLL_SECONDS", 5)))



def _list_context(request: HttpRequest, *, for_queue: bool) -> dict[str, Any]:
    form_class = QueueFilterForm if for_queue else CaseFilterForm
    form = form_class(request.GET or None)
    data = valid_part(form)
    base = queue(Case.objects.all()) if for_queue else Case.objects.all()
    # The counts per status ignore the status filter (they are how one picks it).
    counted = apply_filters(base, data, request.user, with_status=False)
    cases = counted.filter(status=data["status"]) if data.get("status") else counted
    if not for_queue:
        cases = cases.order_by("-created_at", "-id")
    counts = status_counts(counted)
    total = sum(n for status, _, n in counts if not data.get("status") or status == data["status"])
    page, rows = page_of(cases, request.GET.get("page"), count=total)
    query = request.GET.copy()
    query.pop("page", None)
    count_query = query.copy()
    count_query.pop("status", None)
    extra: dict[str, Any] = {}
    if for_queue:
        waits = sla.waits(counted)
        extra = {
            "sla_levels": [(w.level, w.sla_minutes) for w in waits],
            "breaches": sum(w.breached for w in waits),
            "waiting_total": sum(w.waiting for w in waits),
        }
    return {
        **extra,
        "form": form,
        "page": page,
        "rows": rows,
        "rows_html": rows_html(rows, for_queue=for_queue),
        "counts": [c for c in counts if not for_queue or c[0] in _QUEUED],
        "query": query.urlencode(),
        "count_query": count_query.urlencode(),
        "for_queue": for_queue,
        "poll_seconds": poll_seconds(),
        "can_work": has_all(request.user, [WORK_CASES]),
    }


_QUEUED = {s.value for s in casework.QUEUE_STATUSES}


def _regions(context: dict[str, Any], request: HttpRequest) -> dict[str, str]:
    more = {}
    if context["for_queue"]:
        more["queue-breaches"] = render_to_string(
            "console/_queue_breaches.html", context, request
        )
    return {
        **more,
        "case-rows": render_to_string("console/_case_rows.html", context, request),
        "status-counts": render_to_string("console/_status_counts.html", context, request),
        "pager": render_to_string("console/_pager.html", context, request),
    }


@require_GET
@requires(VIEW_CASES)
def case_list(request: HttpRequest) -> HttpResponse:
    return render(request, "console/case_list.html", _list_context(request, for_queue=False))


@require_GET
@requires(VIEW_CASES)
def case_list_api(request: HttpRequest) -> JsonResponse:
    return _list_json(request, for_queue=False)


@require_GET
@requires(VIEW_CASES)
def queue_page(request: HttpRequest) -> HttpResponse:
    return render(request, "console/queue.html", _list_context(request, for_queue=True))


@require_GET
@requires(VIEW_CASES)
def queue_api(request: HttpRequest) -> JsonResponse:
    return _list_json(request, for_queue=True)


def _list_json(request: HttpRequest, *, for_queue: bool) -> JsonResponse:
    """The live-update payload of the case list or the queue: the total and re-rendered regions."""
    context = _list_context(request, for_queue=for_queue)
    return JsonResponse({"total": context["page"].paginator.count,
                         "regions": _regions(context, request)})


# -- one case ---------------------------------------------------------------------------------


def _detail_context(request: HttpRequest, case: Case) -> dict[str, Any]:
    view = build(case)
    outcome = Outcome.objects.filter(case=case).select_related("labelled_by").first()
    label_initial: dict[str, str] = {}
    if outcome is not None:
        label_initial = {"hypothesis": OTHER if outcome.other else outcome.hypothesis,
                         "note": outcome.note}
    return {
        "case": case,
        "view": view,
        "outcome": outcome,
        "handling": CaseHandling.objects.filter(case=case).select_related("claimed_by").first(),
        "reply_form": ReplyForm(initial={"seen_status": case.status}),
        "assign_form": AssignForm(initial={"user": case.assigned_to_id}),
        "label_form": LabelForm(view.network, initial=label_initial),
        "history": AuditLog.objects.filter(case=case).order_by("-created_at", "-id")[:20],
        "can_work": has_all(request.user, [WORK_CASES]),
        "can_label": has_all(request.user, [LABEL_OUTCOMES]),
        "poll_seconds": poll_seconds(),
        "closed": case.status == CaseStatus.CLOSED,
        "waiting": case.status in casework.QUEUE_STATUSES,
        "notes": CaseNote.objects.filter(case=case).select_related("author"),
        "note_form": NoteForm(),
        "canned": canned.rendered_for(case, request.user),
        "flags": honesty_flags(case, view.final_belief),
    }


def _case(case_id: int) -> Case:
    return get_object_or_404(Case.objects.select_related("assigned_to"), pk=case_id)


@require_GET
@requires(VIEW_CASES)
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    return render(request, "console/case_detail.html", _detail_context(request, _case(case_id)))


@require_GET
@requires(VIEW_CASES)
def case_detail_api(request: HttpRequest, case_id: int) -> JsonResponse:
    case = _case(case_id)
    context = _detail_context(request, case)
    return JsonResponse({
        "status": case.status,
        "turns": len(context["view"].items),
        "regions": {
            "case-summary": render_to_string("console/_case_summary.html", context, request),
            "transcript": render_to_string("console/_transcript.html", context, request),
            "belief": render_to_string("console/_belief.html", context, request),
            "notes": render_to_string("console/_notes.html", context, request),
        },
    })


# -- actions (POST, then back to the case) ----------------------------------------------------


def _done(request: HttpRequest, case_id: int) -> HttpResponse:
    return redirect("console:case-detail", case_id=case_id)


def _fail(request: HttpRequest, case_id: int, error: Exception | str) -> HttpResponse:
    messages.error(request, str(error))
    return _done(request, case_id)


@require_POST
@requires(WORK_CASES)
def claim(request: HttpRequest, case_id: int) -> HttpResponse:
    try:
        casework.claim(case_id, request.user, force=request.POST.get("force") == "1")
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    messages.success(request, "You have claimed this case.")
    return _done(request, case_id)


@require_POST
@requires(WORK_CASES)
def assign(request: HttpRequest, case_id: int) -> HttpResponse:
    form = AssignForm(request.POST)
    if not form.is_valid():
        return _fail(request, case_id, "choose an operator to assign the case to")
    try:
        case = casework.assign(case_id, request.user, form.cleaned_data["user"])
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    messages.success(request, f"Assigned to {case.assigned_to}.")
    return _done(request, case_id)


@require_POST
@requires(WORK_CASES)
def reply(request: HttpRequest, case_id: int) -> HttpResponse:
    form = ReplyForm(request.POST)
    if not form.is_valid():
        return _fail(request, case_id, "; ".join(e for es in form.errors.values() for e in es))
    try:
        out = casework.reply(
            case_id,
            request.user,
            form.cleaned_data["text"],
            close=form.cleaned_data["close"],
            seen_status=form.cleaned_data["seen_status"] or None,
        )
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    out.refresh_from_db()
    channel = out.get_channel_display()
    if out.status == "sent":
        messages.success(request, f"Reply sent through {channel}.")
    elif out.status == "failed":
        messages.error(request, f"Reply could not be sent through {channel}: {out.last_error}")
    else:
        messages.warning(request, f"Reply stored; sending through {channel} is pending.")
    return _done(request, case_id)


@require_POST
@requires(WORK_CASES)
def close(request: HttpRequest, case_id: int) -> HttpResponse:
    try:
        casework.close(case_id, request.user)
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    messages.success(request, "Case closed.")
    return _done(request, case_id)


@require_POST
@requires(LABEL_OUTCOMES)
def label(request: HttpRequest, case_id: int) -> HttpResponse:
    case = _case(case_id)
    form = LabelForm(network_for(case.pack, case.pack_version), request.POST)
    if not form.is_valid():
        return _fail(request, case_id, "; ".join(e for es in form.errors.values() for e in es))
    chosen = form.cleaned_data["hypothesis"]
    try:
        casework.label(
            case_id,
            request.user,
            hypothesis="" if chosen == OTHER else chosen,
            other=chosen == OTHER,
            note=form.cleaned_data["note"],
        )
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    messages.success(request, "Outcome labelled.")
    return _done(request, case_id)


@require_POST
@requires(WORK_CASES)
def hand_back(request: HttpRequest, case_id: int) -> HttpResponse:
    try:
        out = casework.hand_back(case_id, request.user)
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    out.refresh_from_db()
    state = out.get_status_display().lower()
    messages.success(request, f"Handed back to the bot; its next message is {state}.")
    return _done(request, case_id)


@require_POST
@requires(WORK_CASES)
def note(request: HttpRequest, case_id: int) -> HttpResponse:
    form = NoteForm(request.POST)
    if not form.is_valid():
        return _fail(request, case_id, "; ".join(e for es in form.errors.values() for e in es))
    try:
        casework.add_note(case_id, request.user, form.cleaned_data["text"])
    except casework.CaseworkError as exc:
        return _fail(request, case_id, exc)
    messages.success(request, "Note added (only operators see it).")
    return _done(request, case_id)


@require_GET
@requires(VIEW_CASES, WORK_CASES)
def export_csv(request: HttpRequest) -> HttpResponse:
    """``?what=cases|turns`` and the case list's filters (status, channel, pack, dates, q)."""
    form = CaseFilterForm(request.GET or None)
    if request.GET and not form.is_valid():
        return HttpResponse(
            "; ".join(e for es in form.errors.values() for e in es), status=400,
            content_type="text/plain",
        )
    data = valid_part(form)
    what = request.GET.get("what", "cases")
    if what not in ("cases", "turns"):
        return HttpResponse("what must be 'cases' or 'turns'", status=400,
                            content_type="text/plain")
    cases = apply_filters(Case.objects.all(), data, request.user)
    lines = export.start(request.user, what, cases, data)
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="askfew-{what}.csv"'
    return response
