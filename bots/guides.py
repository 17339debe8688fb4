"""The web chat's guide pages: what a conclusion's source link opens.

A flowchart pack's guide (``/chat/guides/<pack>/<chart>``) shows the problem it covers, each
cause with its fix (as the conclusions word them, never the chart's step notes) and the FAQ.
Pack documents are public knowledge; nothing about any case is shown.
"""

from __future__ import annotations

import re

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.html import format_html, format_html_join
from django.views.decorators.http import require_GET

from bots.conclusions import cause_title, fix_steps, guide_title
from bots.grounding import StoredPacks
from planning.network import Hypothesis

_NAME = re.compile(r"[A-Za-z0-9_-]+")


@require_GET
def guide_page(request: HttpRequest, pack: str, chart: str) -> HttpResponse:
    packs = StoredPacks()
    if not (_NAME.fullmatch(pack) and _NAME.fullmatch(chart)) or pack not in packs.names():
        raise Http404("no such guide")
    content = packs.content(pack)
    documents = {str(d.get("id")): d for d in content.get("documents") or []}
    chart_doc = documents.get(f"{pack}:{chart}:chart")
    if chart_doc is None:
        raise Http404("no such guide")
    title = guide_title(str(chart_doc.get("title", ""))) or chart
    problem = documents.get(f"{pack}:{chart}:problem")
    summary = str(problem.get("text", "")).split("\n\n")[0] if problem else ""
    network = packs.network(pack)
    causes = [h for h in network.hypotheses if h.id.startswith(f"{chart}:")]
    items = format_html_join("", "<li><strong>{}</strong>{}</li>", (_cause(h) for h in causes))
    faq = documents.get(f"{pack}:{chart}:faq")
    faq_items = format_html_join(
        "",
        "<dt>{}</dt><dd>{}</dd>",
        (
            _question_answer(entry)
            for entry in (str(faq.get("text", "")).split("\n\n") if faq else [])
            if entry.strip()
        ),
    )
    body = format_html(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{}</title></head>"
        "<body><h1>{}</h1><p>{}</p><h2>Causes and fixes</h2><ul>{}</ul>{}</body></html>",
        title,
        title,
        summary,
        items,
        format_html("<h2>Questions</h2><dl>{}</dl>", faq_items) if faq_items else "",
    )
    return HttpResponse(body)


def _question_answer(entry: str) -> tuple[str, str]:
    question, _, answer = entry.partition("\nA: ")
    return question.removeprefix("Q: ").strip(), answer.strip()


def _cause(hypothesis: Hypothesis) -> tuple[str, str]:
    steps = fix_steps(hypothesis)
    listed = format_html_join("", "<li>{}</li>", ((step,) for step in steps))
    return cause_title(hypothesis), format_html("<ol>{}</ol>", listed) if steps else ""
