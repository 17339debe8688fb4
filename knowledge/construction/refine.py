"""The LLM refines an offline draft: names, questions and link strengths, each claim checked.

The offline reader (``offline.decisions``) decides the structure: which causes and checks
exist and which answer each cause implies. The model is only asked to say things better, one
item at a time, with JSON-schema-constrained output (``LLMClient``: ``json_schema``, or
llama-cpp-python's grammar):

- a cause's **name** (a short noun phrase) and its **strength** ("certain", "likely",
  "possible", from hedges such as "may indicate"); a "likely"/"possible" cause's links keep
  0.8/0.6 of their mass on the implied answer and leave the rest undecided;
- a check's **question** as a plain yes/no question.

Every reply carries a ``quote`` from the passage it rests on. A claim is **dropped** (the
offline text stays) when the quote is not in the passage, or when the new text's content words
are not mostly the passage's own (at least ``SUPPORT`` of them), or when a hedge is claimed
and the quote holds no hedge word. Prompts are sized to the server's context window, read from
the server (``server_context``); passages are cut to fit. ``metadata.construction.llm``
records the model, the context, the prompt versions and how many claims were accepted,
dropped and invalid.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from knowledge.llm import LLMClient, LLMError
from planning.network import Citation, EvidentialNetwork, Link

from .offline.language import content

SUPPORT = 0.6
STRENGTH_MASS = {"certain": 1.0, "likely": 0.8, "possible": 0.6}
HEDGES = re.compile(
    r"\b(?:may|might|can|could|possibly|possible|perhaps|probably|likely|usually|often|"
    r"sometimes|less likely|suspect|tends?)\b",
    re.I,
)
QUOTE_CHARS = 200
NAME_CHARS = 90
QUESTION_CHARS = 120
# Room for the longest reply the schema allows even at one character a token (table text
# with pipes and digits tokenises that badly), so the grammar-bound reply is never cut off.
REPLY_TOKENS = QUOTE_CHARS + max(NAME_CHARS, QUESTION_CHARS) + 40
PASSAGE_CHARS = 700
Progress = Callable[[int, int, str], None]


def cause_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "quote": {"type": "string", "maxLength": QUOTE_CHARS},
            "name": {"type": "string", "minLength": 3, "maxLength": NAME_CHARS},
            "strength": {"type": "string", "enum": list(STRENGTH_MASS)},
        },
        "required": ["quote", "name", "strength"],
        "additionalProperties": False,
    }


def check_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "quote": {"type": "string", "maxLength": QUOTE_CHARS},
            "question": {"type": "string", "minLength": 5, "maxLength": QUESTION_CHARS},
        },
        "required": ["quote", "question"],
        "additionalProperties": False,
    }


def server_context(llm: LLMClient, default: int = 2048) -> tuple[int, str]:
    """The server's context window in tokens and where it was read: llama.cpp's ``/props``
    (``n_ctx``), then ``/v1/models`` metadata (``n_ctx``, ``context_length``,
    ``max_model_len``); ``(default, "assumed")`` when the server says nothing."""
    base = (llm.base_url or "").rstrip("/")
    if not base:
        return default, "assumed"
    root = base[: -len("/v1")] if base.endswith("/v1") else base
    for url in (f"{root}/props", f"{base}/models", f"{root}/v1/models"):
        try:
            with urllib.request.urlopen(url, timeout=3) as response:
                data = json.loads(response.read().decode("utf-8"))
        except (OSError, ValueError):
            continue
        found = _find_context(data)
        if found:
            return found, url
    return default, "assumed"


def _find_context(data: Any) -> int | None:
    if isinstance(data, Mapping):
        for key in ("n_ctx", "context_length", "max_model_len", "n_ctx_train", "context_window"):
            value = data.get(key)
            if isinstance(value, int) and value > 0:
                return value
        for value in data.values():
            found = _find_context(value)
            if found:
                return found
    if isinstance(data, list):
        for value in data:
            found = _find_context(value)
            if found:
                return found
    return None


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip().lower()


def supported(claim: str, quote: str, passage: str) -> bool:
    """The quote is in the passage and most of the claim's content words are the passage's."""
    if not quote.strip() or _normal(quote) not in _normal(passage):
        return False
    return worded(claim, passage)


def worded(claim: str, text: str) -> bool:
    """Most (``SUPPORT``) of the claim's content words are words of ``text``."""
    passage = text
    words = content(claim)
    if not words:
        return False
    return len(words & content(passage)) / len(words) >= SUPPORT


def _passage_text(citation: Citation, texts: Mapping[str, str], budget_chars: int) -> str:
    document = texts.get(citation.document_id or citation.passage_id.rsplit("#", 1)[0], "")
    quote = citation.quote
    if quote and document:
        at = document.find(quote)
        if at >= 0:
            start = max(0, at - budget_chars // 3)
            return document[start : start + budget_chars]
    return (quote or document)[:budget_chars]


def refine_network(
    network: EvidentialNetwork,
    texts: Mapping[str, str],
    llm: LLMClient,
    *,
    progress: Progress | None = None,
    items: int | None = None,
) -> EvidentialNetwork:
    """``network`` with the model's supported claims applied (see the module docstring).
    ``items``: refine only the first N causes and the first N checks (a sample, for a slow
    model); the rest keep the offline text."""
    context, context_source = server_context(llm)
    # Four characters a token; the prompt's own words and the reply take the rest.
    budget_chars = max(400, int((context - REPLY_TOKENS - 350) * 4 * 0.8))
    # A claim rests on the cited paragraph: more text only costs a slow local model time
    # (a 1,500-token prompt took about 2 minutes on the 2-core machine, 400 tokens about 30 s).
    budget_chars = min(budget_chars, PASSAGE_CHARS)
    stats = {"accepted": 0, "dropped": 0, "invalid": 0, "requests": 0}
    why: dict[str, int] = {}  # each check a reply failed, counted
    strengths: dict[str, float] = {}
    hypotheses = []
    total = len(network.hypotheses) + len(network.findings)
    done = 0
    for position, hypothesis in enumerate(network.hypotheses):
        done += 1
        if progress is not None:
            progress(done - 1, total, hypothesis.id)
        citation = hypothesis.citations[0] if hypothesis.citations else None
        if citation is None or (items is not None and position >= items):
            hypotheses.append(hypothesis)
            continue
        passage = _passage_text(citation, texts, budget_chars)
        reply = _ask(
            llm,
            "refine_cause",
            {
                "passage_id": citation.passage_id,
                "passage": passage,
                "resolution": hypothesis.resolution[: budget_chars // 2],
            },
            cause_schema(),
            stats,
        )
        if reply is None:
            hypotheses.append(hypothesis)
            continue
        # Supported by the passage, and about this cause: a passage often holds several.
        ok = supported(reply["name"], reply["quote"], passage) and worded(
            reply["name"], f"{hypothesis.name} {hypothesis.resolution}"
        )
        hedge_ok = reply["strength"] == "certain" or bool(HEDGES.search(reply["quote"]))
        _why(
            why,
            reply["name"],
            reply["quote"],
            passage,
            f"{hypothesis.name} {hypothesis.resolution}",
            hedge_ok,
        )
        if ok and hedge_ok:
            stats["accepted"] += 1
            strengths[hypothesis.id] = STRENGTH_MASS[reply["strength"]]
            quote = Citation(citation.passage_id, citation.document_id, reply["quote"].strip())
            hypotheses.append(
                replace(
                    hypothesis,
                    name=reply["name"].strip(),
                    citations=(quote, *hypothesis.citations[1:]),
                )
            )
        else:
            stats["dropped"] += 1
            hypotheses.append(hypothesis)
    findings = []
    for position, finding in enumerate(network.findings):
        done += 1
        if progress is not None:
            progress(done - 1, total, finding.id)
        citation = finding.citations[0] if finding.citations else None
        if citation is None or (items is not None and position >= items):
            findings.append(finding)
            continue
        passage = _passage_text(citation, texts, budget_chars)
        reply = _ask(
            llm,
            "refine_check",
            {
                "passage_id": citation.passage_id,
                "passage": passage,
                "question": finding.question,
            },
            check_schema(),
            stats,
        )
        question = (reply or {}).get("question", "").strip()
        if reply is not None:
            _why(
                why,
                question,
                reply["quote"],
                passage,
                f"{finding.question} {finding.how_to_check}",
                question.endswith("?"),
            )
        if (
            reply is not None
            and question.endswith("?")
            and supported(question, reply["quote"], passage)
            and worded(question, f"{finding.question} {finding.how_to_check}")
        ):
            stats["accepted"] += 1
            findings.append(replace(finding, question=question))
        else:
            if reply is not None:
                stats["dropped"] += 1
            findings.append(finding)
    if progress is not None:
        progress(total, total, "")
    links = []
    for link in network.links:
        mass = strengths.get(link.hypothesis, 1.0)
        if mass < 1.0 and len(link.masses) == 1:
            focal, _ = link.masses[0]
            states = network.finding(link.finding).states
            links.append(
                Link.make(
                    link.hypothesis,
                    link.finding,
                    {focal: mass, tuple(states): 1.0 - mass},
                    link.citations,
                )
            )
        else:
            links.append(link)
    metadata = dict(network.metadata)
    construction = dict(metadata.get("construction", {}))
    construction["llm"] = {
        "model": llm.model,
        "context_tokens": context,
        "context_from": context_source,
        "response_mode": getattr(llm, "response_mode", ""),
        "prompts": {name: llm.prompt(name).version for name in ("refine_cause", "refine_check")},
        **stats,
        "failed_checks": why,
    }
    metadata["construction"] = construction
    return replace(
        network, hypotheses=hypotheses, findings=findings, links=links, metadata=metadata
    )


def _why(
    why: dict[str, int], claim: str, quote: str, passage: str, item: str, form_ok: bool
) -> None:
    """Count which support checks a reply fails (a reply may fail several)."""
    failed = []
    if not quote.strip() or _normal(quote) not in _normal(passage):
        failed.append("quote_not_in_passage")
    if not worded(claim, passage):
        failed.append("words_not_the_passage's")
    if not worded(claim, item):
        failed.append("not_about_this_item")
    if not form_ok:
        failed.append("hedge_or_question_form")
    for name in failed:
        why[name] = why.get(name, 0) + 1


def _ask(
    llm: LLMClient,
    prompt: str,
    variables: dict[str, Any],
    schema: dict[str, Any],
    stats: dict[str, int],
) -> dict[str, Any] | None:
    stats["requests"] += 1
    try:
        return dict(llm.complete_json(prompt, variables, schema, max_tokens=REPLY_TOKENS))
    except LLMError:
        stats["invalid"] += 1
        return None
