"""Reviewing a pack that ``build_network`` drafted from documents: every cause and check with
the passage it was read from, and the actions an operator takes before publishing (rename,
reword, drop a cause, merge two causes, drop a link, publish). Each action saves a new
version (``knowledge.construction.review``) and writes an audit row."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from console import audit
from console.packs import network_of, resolve_citations
from console.roles import EDIT_KNOWLEDGE, VIEW_KNOWLEDGE, requires
from knowledge.construction import review
from knowledge.models import Pack
from knowledge.search import SearchError

ACTIONS = ("rename", "resolution", "reword", "drop_cause", "merge", "drop_link", "publish")


@require_GET
@requires(VIEW_KNOWLEDGE)
def review_page(request: HttpRequest, pack: str) -> HttpResponse:
    row = get_object_or_404(Pack.objects.select_related("current_version"), name=pack)
    network = network_of(row.current_version)
    if network is None or row.current_version is None:
        raise Http404(f"pack {pack} has no network to review: run build_network first")
    content = row.current_version.content
    answers: dict[str, list[tuple[Any, str]]] = {}
    for link in network.links:
        best = max(link.masses, key=lambda kv: kv[1])[0]
        answers.setdefault(link.hypothesis, []).append(
            (network.finding(link.finding), "/".join(sorted(best)))
        )
    causes = [
        {"h": h, "cited": resolve_citations(list(h.citations)), "answers": answers.get(h.id, [])}
        for h in network.hypotheses
    ]
    checks = [{"f": f, "cited": resolve_citations(list(f.citations))} for f in network.findings]
    return render(
        request,
        "console/pack_review.html",
        {
            "pack": row,
            "state": review.review_state(content) or "published",
            "causes": causes,
            "checks": checks,
            "hypotheses": network.hypotheses,
        },
    )


@requires(EDIT_KNOWLEDGE)  # outermost: a user without the role gets 403 whatever the method
@require_POST
def review_action(request: HttpRequest, pack: str) -> HttpResponse:
    get_object_or_404(Pack, name=pack)
    action = request.POST.get("action", "")
    item = request.POST.get("item", "")
    text = request.POST.get("text", "")
    other = request.POST.get("other", "")
    if action not in ACTIONS:
        messages.error(request, f"unknown review action {action!r}")
        return redirect(reverse("console:pack-review", kwargs={"pack": pack}))
    try:
        if action == "rename":
            outcome = review.edit_item(pack, item, text=text, field="name", user=request.user)
        elif action == "resolution":
            outcome = review.edit_item(pack, item, text=text, field="resolution", user=request.user)
        elif action == "reword":
            outcome = review.edit_item(pack, item, text=text, field="question", user=request.user)
        elif action == "drop_cause":
            outcome = review.drop_cause(pack, item, user=request.user)
        elif action == "merge":
            outcome = review.merge_causes(pack, other, item, user=request.user)
        elif action == "drop_link":
            outcome = review.drop_link(pack, item, other, user=request.user)
        else:
            outcome = review.publish(pack, user=request.user)
    except review.ReviewError as exc:
        messages.error(request, str(exc))
    except SearchError as exc:
        messages.error(request, f"the search index refused the new version: {exc}")
    else:
        audit.record(
            request.user,
            f"review_{action}",
            target=f"{pack} {item}".strip(),
            pack=pack,
            version=outcome.version,
            text=text[:200],
            other=other,
        )
        messages.success(request, f"Saved as version {outcome.version}.")
    return redirect(reverse("console:pack-review", kwargs={"pack": pack}))
