"""Knowledge: packs, their hypotheses, findings and links with citations; link edits, refits,
version history with diffs, rollbacks; and the document view that shows a cited passage."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from console import audit, learning
from console.forms import LinkMassForm, RefitForm, posted_masses
from console.pack_changes import ChangeError, diff, edit_link, focal_key, previous_version
from console.pack_changes import rollback as rollback_to
from console.packs import document_passages, network_of, resolve_citations
from console.roles import EDIT_KNOWLEDGE, VIEW_KNOWLEDGE, has_all, requires
from knowledge.models import Document, Pack, PackVersion
from knowledge.packs.store import PackError
from knowledge.packs.validate import PackInvalid
from knowledge.search import SearchError
from planning.network import EvidentialNetwork, Link

LINKS_PER_PAGE = 100
TABS = ("hypotheses", "findings", "links", "red-flags", "documents")


def _pack(name: str) -> Pack:
    return get_object_or_404(Pack.objects.select_related("current_version"), name=name)


def _network(pack: Pack) -> EvidentialNetwork:
    network = network_of(pack.current_version)
    if network is None:
        raise Http404(f"pack {pack.name} has no version with a network")
    return network


def _masses(link: Link | None) -> list[tuple[str, float]]:
    if link is None:
        return []
    return [("{" + ", ".join(sorted(f)) + "}", m) for f, m in link.masses]


@require_GET
@requires(VIEW_KNOWLEDGE)
def pack_list(request: HttpRequest) -> HttpResponse:
    packs = []
    for pack in Pack.objects.select_related("current_version").annotate(
        n_versions=Count("versions", distinct=True), n_docs=Count("documents", distinct=True)
    ):
        network = network_of(pack.current_version)
        packs.append({"pack": pack, "network": network})
    return render(request, "console/pack_list.html", {"packs": packs})


@require_GET
@requires(VIEW_KNOWLEDGE)
def pack_detail(request: HttpRequest, pack: str) -> HttpResponse:
    row = _pack(pack)
    network = _network(row)
    tab = request.GET.get("tab", "hypotheses")
    if tab not in TABS:
        tab = "hypotheses"
    q = request.GET.get("q", "").strip().lower()
    context: dict[str, Any] = {
        "pack": row,
        "network": network,
        "tab": tab,
        "tabs": TABS,
        "q": request.GET.get("q", ""),
        "can_edit": has_all(request.user, [EDIT_KNOWLEDGE]),
    }
    if tab == "hypotheses":
        hyps = [
            h for h in network.hypotheses
            if not q or q in h.id.lower() or q in h.name.lower()
        ]
        per_hypothesis = Counter(lk.hypothesis for lk in network.links)
        context["hypotheses"] = [
            {"h": h, "citations": resolve_citations(list(h.citations)),
             "links": per_hypothesis[h.id]}
            for h in hyps[:200]
        ]
        context["shown"], context["total"] = min(len(hyps), 200), len(hyps)
    elif tab == "findings":
        items = [
            f for f in network.findings
            if not q or q in f.id.lower() or q in f.question.lower()
        ]
        context["findings"] = [
            {"f": f, "citations": resolve_citations(list(f.citations)),
             "links": len(network.links_for_finding(f.id))}
            for f in items[:200]
        ]
        context["shown"], context["total"] = min(len(items), 200), len(items)
    elif tab == "links":
        hypothesis = request.GET.get("hypothesis", "")
        finding = request.GET.get("finding", "")
        links = [
            lk for lk in network.links
            if (not hypothesis or lk.hypothesis == hypothesis)
            and (not finding or lk.finding == finding)
            and (not q or q in lk.hypothesis.lower() or q in lk.finding.lower()
                 or q in network.hypothesis(lk.hypothesis).name.lower()
                 or q in network.finding(lk.finding).question.lower())
        ]
        page = Paginator(links, LINKS_PER_PAGE).get_page(request.GET.get("page"))
        context.update(
            page=page,
            hypothesis=hypothesis,
            finding=finding,
            links=[
                {
                    "link": lk,
                    "h": network.hypothesis(lk.hypothesis),
                    "f": network.finding(lk.finding),
                    "masses": _masses(lk),
                    "citations": resolve_citations(list(lk.citations)),
                }
                for lk in page.object_list
            ],
        )
        query = request.GET.copy()
        query.pop("page", None)
        context["query"] = query.urlencode()
    elif tab == "red-flags":
        context["red_flags"] = [
            {"flag": r, "f": network.finding(r.finding)} for r in network.red_flags
        ]
    else:
        context["documents"] = row.documents.order_by("external_id").only(
            "external_id", "title", "kind", "origin", "passage_count"
        )
    return render(request, "console/pack_detail.html", context)


@require_GET
@requires(VIEW_KNOWLEDGE)
def document(request: HttpRequest, doc_id: str) -> HttpResponse:
    row = get_object_or_404(Document.objects.select_related("pack"), external_id=doc_id)
    wanted = request.GET.get("passage", "")
    passages = document_passages(row)
    return render(
        request,
        "console/document.html",
        {
            "document": row,
            "passages": [
                {"p": p, "ordinal": p.id.rpartition("#")[2], "cited": p.id == wanted}
                for p in passages
            ],
            "wanted": wanted,
            "missing": bool(wanted) and wanted not in {p.id for p in passages},
        },
    )


@require_http_methods(["GET", "POST"])
@requires(EDIT_KNOWLEDGE)
def link_edit(request: HttpRequest, pack: str) -> HttpResponse:
    row = _pack(pack)
    network = _network(row)
    source = request.POST if request.method == "POST" else request.GET
    hypothesis, finding_id = source.get("hypothesis", ""), source.get("finding", "")
    if hypothesis not in network.hypothesis_index or finding_id not in network.finding_index:
        raise Http404(f"pack {pack} has no hypothesis {hypothesis!r} or finding {finding_id!r}")
    finding = network.finding(finding_id)
    link = network.link(hypothesis, finding_id)
    current = {focal_key(f): m for f, m in link.masses} if link else {focal_key(finding.states): 1}
    error = ""
    if request.method == "POST":
        form = LinkMassForm(finding, request.POST)
        if form.is_valid():
            try:
                masses = posted_masses(request.POST)
                version = edit_link(
                    row, hypothesis, finding_id, masses, user=request.user,
                    note=form.cleaned_data["note"],
                )
            except (ChangeError, PackInvalid, PackError) as exc:
                error = str(exc)
            except SearchError as exc:
                error = f"the search index refused the new version: {exc}"
            else:
                audit.record(
                    request.user, "edit_link", target=f"{pack} {hypothesis} / {finding_id}",
                    pack=pack, version=version.version,
                    before={k: v for k, v in current.items()},
                    after={focal_key(f): m for f, m in masses.items()},
                )
                messages.success(request, f"Saved as version {version.version}.")
                url = reverse("console:pack-versions", kwargs={"pack": pack})
                return redirect(url)
        else:
            error = "; ".join(f"{form[k].label}: {', '.join(v)}" for k, v in form.errors.items())
    else:
        form = LinkMassForm(
            finding,
            initial={f"m__{k}": v for k, v in current.items()} | {"note": ""},
        )
    return render(
        request,
        "console/link_edit.html",
        {
            "pack": row,
            "h": network.hypothesis(hypothesis),
            "f": finding,
            "link": link,
            "masses": _masses(link),
            "citations": resolve_citations(list(link.citations)) if link else [],
            "form": form,
            "error": error,
        },
    )


@require_GET
@requires(VIEW_KNOWLEDGE)
def version_list(request: HttpRequest, pack: str) -> HttpResponse:
    row = _pack(pack)
    versions = list(
        row.versions.select_related("created_by").defer("content").order_by("-created_at", "-pk")
    )
    return render(
        request,
        "console/versions.html",
        {"pack": row, "versions": versions, "can_edit": has_all(request.user, [EDIT_KNOWLEDGE])},
    )


@require_GET
@requires(VIEW_KNOWLEDGE)
def version_diff(request: HttpRequest, pack: str, version_id: int) -> HttpResponse:
    row = _pack(pack)
    new = get_object_or_404(PackVersion, pk=version_id, pack=row)
    against = request.GET.get("against")
    old = (
        get_object_or_404(PackVersion, pk=int(against), pack=row)
        if against and against.isdigit()
        else previous_version(new)
    )
    changes = diff(old.content, new.content) if old is not None else None
    return render(
        request,
        "console/version_diff.html",
        {"pack": row, "new": new, "old": old, "diff": changes},
    )


@require_POST
@requires(EDIT_KNOWLEDGE)
def rollback(request: HttpRequest, pack: str, version_id: int) -> HttpResponse:
    row = _pack(pack)
    target = get_object_or_404(PackVersion, pk=version_id, pack=row)
    try:
        version = rollback_to(row, target, user=request.user)
    except (ChangeError, PackInvalid, PackError, SearchError) as exc:
        messages.error(request, str(exc))
    else:
        audit.record(request.user, "rollback", target=pack, pack=pack, to=target.version,
                     version=version.version)
        messages.success(request, f"Rolled back: version {version.version} equals "
                                  f"{target.version}.")
    return redirect("console:pack-versions", pack=pack)


@require_http_methods(["GET", "POST"])
@requires(EDIT_KNOWLEDGE)
def refit(request: HttpRequest, pack: str) -> HttpResponse:
    row = _pack(pack)
    form = RefitForm(request.POST if request.method == "POST" else (request.GET or None))
    params = form.cleaned_data if form.is_valid() else {"s": 1.0, "min_count": 3.0}
    if not form.is_bound:
        form = RefitForm(initial=params)
    proposals, used = learning.propose(row, s=params["s"], min_count=params["min_count"])
    if request.method == "POST" and form.is_valid():
        chosen_keys = set(request.POST.getlist("link"))
        chosen = [p for p in proposals if p.key in chosen_keys]
        try:
            version = learning.apply(row, chosen, s=params["s"], user=request.user)
        except (ChangeError, PackInvalid, PackError, SearchError) as exc:
            messages.error(request, str(exc))
        else:
            audit.record(
                request.user, "refit", target=pack, pack=pack, version=version.version,
                links=[f"{p.hypothesis} / {p.finding}" for p in chosen], s=params["s"],
            )
            messages.success(request, f"Refitted {len(chosen)} link(s): version "
                                      f"{version.version}.")
            return redirect("console:pack-versions", pack=pack)
    network = _network(row)
    return render(
        request,
        "console/refit.html",
        {
            "pack": row,
            "form": form,
            "proposals": [
                {"p": p, "h": network.hypothesis(p.hypothesis), "f": network.finding(p.finding)}
                for p in proposals
            ],
            "used": used,
        },
    )
