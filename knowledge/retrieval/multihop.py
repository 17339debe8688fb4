"""Multi-hop lookup: answer-bearing passages for a question that spans several documents.

With a language model, MZQA-style: the model decomposes the question into sub-questions
(JSON-schema output), each is searched with BM25, and the best passage found for each is fed
back so the next hop can ask what is still missing, until the model says it is done, proposes
nothing new, or ``max_hops`` is reached. Without one (or when it fails), the question and the
key phrases in it (runs of content words between stop words and punctuation) are searched
separately. Either way the ranked lists are merged by reciprocal rank fusion,
``score(p) = sum over lists of 1 / (RRF_K + rank)``, which needs no score calibration across
queries; the returned hits carry that fused score.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from knowledge.llm import LLMClient, LLMError
from knowledge.retrieval.text import STOP_WORDS
from knowledge.search.base import SearchBackend, SearchHit

RRF_K = 60
MAX_SUB_QUESTIONS = 3
MAX_PHRASES = 6
EVIDENCE_CHARS = 300
DECOMPOSE_MAX_TOKENS = 300

_TOKEN = re.compile(r"[^\W_]+(?:['’-][^\W_]+)*|[^\w\s]")


@dataclass
class MultiHopResult:
    hits: list[SearchHit]
    queries: list[str]
    used_llm: bool
    hops: int = 0
    fallback: str | None = None
    trace: list[dict[str, Any]] = field(default_factory=list)


def multihop_search(
    question: str,
    backend: SearchBackend,
    *,
    pack: str | None,
    llm: LLMClient | None = None,
    max_hops: int = 3,
    limit: int = 10,
    per_query: int = 10,
    kind: str | Sequence[str] | None = None,
) -> list[SearchHit]:
    """The fused hits for ``question`` (see the module docstring), best first."""
    return multihop(
        question,
        backend,
        pack=pack,
        llm=llm,
        max_hops=max_hops,
        limit=limit,
        per_query=per_query,
        kind=kind,
    ).hits


def multihop(
    question: str,
    backend: SearchBackend,
    *,
    pack: str | None,
    llm: LLMClient | None = None,
    max_hops: int = 3,
    limit: int = 10,
    per_query: int = 10,
    kind: str | Sequence[str] | None = None,
) -> MultiHopResult:
    """Like ``multihop_search`` but also says which queries ran and why."""
    if not isinstance(question, str) or not question.strip():
        raise ValueError("multi-hop search needs a non-empty question")
    if max_hops < 1:
        raise ValueError(f"max_hops must be at least 1, got {max_hops}")

    def search(query: str) -> list[SearchHit]:
        return backend.search(query, pack=pack, kind=kind, limit=per_query)

    queries = [question]
    runs = [search(question)]
    result = MultiHopResult([], queries, used_llm=llm is not None)
    if llm is not None:
        try:
            _decompose(question, llm, max_hops, search, queries, runs, result)
        except LLMError as exc:
            result.fallback = f"{type(exc).__name__}: {exc}"
            result.used_llm = False
    if llm is None or result.fallback:
        for phrase in key_phrases(question):
            if phrase.lower() not in {q.lower() for q in queries}:
                queries.append(phrase)
                runs.append(search(phrase))
    result.hits = reciprocal_rank_fusion(runs, limit=limit)
    return result


def _decompose(
    question: str,
    llm: LLMClient,
    max_hops: int,
    search: Any,
    queries: list[str],
    runs: list[list[SearchHit]],
    result: MultiHopResult,
) -> None:
    history: list[str] = []
    asked = {" ".join(question.lower().split())}
    schema = {
        "type": "object",
        "properties": {
            "sub_questions": {
                "type": "array",
                "items": {"type": "string"},
                "maxItems": MAX_SUB_QUESTIONS,
            },
            "done": {"type": "boolean"},
        },
        "required": ["sub_questions", "done"],
        "additionalProperties": False,
    }
    for _ in range(max_hops):
        reply = llm.complete_json(
            "decompose_question",
            {
                "question": question,
                "history": "\n".join(history) or "(none yet)",
                "max_sub_questions": MAX_SUB_QUESTIONS,
            },
            schema,
            max_tokens=DECOMPOSE_MAX_TOKENS,
        )
        result.hops += 1
        fresh = []
        for raw in reply["sub_questions"]:
            text = " ".join(str(raw).split())
            if text and text.lower() not in asked:
                asked.add(text.lower())
                fresh.append(text)
        fresh = fresh[:MAX_SUB_QUESTIONS]
        for sub in fresh:
            hits = search(sub)
            queries.append(sub)
            runs.append(hits)
            evidence = " ".join(hits[0].passage.text.split())[:EVIDENCE_CHARS] if hits else ""
            history.append(f"{len(history) + 1}. {sub} -> {evidence or '(nothing found)'}")
            result.trace.append({"sub_question": sub, "passages": [h.passage.id for h in hits[:3]]})
        if reply["done"] or not fresh:
            return


def key_phrases(question: str) -> list[str]:
    """Runs of content words, split at stop words and punctuation; longest first, deduped."""
    phrases: list[str] = []
    current: list[str] = []
    for token in _TOKEN.findall(question):
        if token[0].isalnum() and token.lower() not in STOP_WORDS:
            current.append(token)
            continue
        if current:
            phrases.append(" ".join(current))
            current = []
    if current:
        phrases.append(" ".join(current))
    unique = list(dict.fromkeys(p for p in phrases if len(p) > 1))
    unique.sort(key=lambda p: -len(p.split()))
    return unique[:MAX_PHRASES]


def reciprocal_rank_fusion(
    runs: Sequence[Sequence[SearchHit]], *, limit: int, k: int = RRF_K
) -> list[SearchHit]:
    """Merge ranked lists by passage id; ties keep the order of first appearance."""
    scores: dict[str, float] = {}
    first: dict[str, SearchHit] = {}
    for run in runs:
        for rank, hit in enumerate(run, start=1):
            pid = hit.passage.id
            scores[pid] = scores.get(pid, 0.0) + 1.0 / (k + rank)
            first.setdefault(pid, hit)
    order = sorted(scores, key=lambda pid: -scores[pid])
    return [
        SearchHit(passage=first[pid].passage, score=scores[pid], highlights=first[pid].highlights)
        for pid in order[:limit]
    ]
