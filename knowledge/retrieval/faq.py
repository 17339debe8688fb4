"""Answering "how do I check that?" from FAQ passages, before re-asking the question.

`answer_how_to_check(finding, network, backend, pack)` looks for the FAQ passage that explains
the finding's question:

1. Candidates: a BM25 search of the pack's FAQ passages (kind "faq") for the question plus the
   finding's ``how_to_check`` text, and the FAQ passages the finding cites (a pack author's
   or importer's explicit link), fetched by id.
2. Relevance: the share of the question's content words (`text.content_words`, minus words
   of the question form such as "check") found in the FAQ's question, or in the whole passage
   when it is not in "Q: ... A: ..." form. Words count by their IDF over the network's own
   finding questions, so "laptop" in a laptop pack counts for little and "inverter" for much.
   A cited passage is relevant by citation; any other must reach `min_overlap` (0.34 by
   default) and share at least `min_shared` words, else it is not about this question.
3. Ranking among relevant candidates: cited first, then "how ..." FAQs (they say how to
   check, where "what is ..." FAQs define), then overlap, then BM25.

None when no candidate is relevant: the caller re-asks or hands over instead of answering with
an unrelated passage. The answer keeps the passage id, so it can be cited like any knowledge.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from knowledge.search import NotFound, Passage, SearchBackend, SearchHit
from planning.network import Citation, EvidentialNetwork, Finding

from . import text as lang

DEFAULT_MIN_OVERLAP = 0.34
DEFAULT_MIN_SHARED = 2
_CANDIDATES = 10
_QA = re.compile(r"^\s*Q:\s*(?P<q>.*?)\s*\n\s*A:\s*(?P<a>.*)$", re.DOTALL)
# Words of the question form itself ("is", "does" are stop words already); they say nothing
# about which FAQ explains the question.
_QUESTION_FORM = frozenset({"check", "see", "notice", "hear", "feel", "find", "tell", "mean"})


@dataclass(frozen=True)
class FaqAnswer:
    """An FAQ passage that explains how to check a finding."""

    finding: str
    passage_id: str
    document_id: str
    question: str  # the FAQ's question ("" when the passage is not in Q/A form)
    answer: str  # the FAQ's answer (the whole passage when not in Q/A form)
    score: float  # BM25 of the passage for the finding's query (0 when only cited)
    overlap: float  # IDF-weighted share of the finding question's words in the FAQ question
    cited: bool  # the finding cites this passage

    @property
    def citation(self) -> Citation:
        return Citation(self.passage_id, document_id=self.document_id, quote=self.question)


def split_faq(text: str) -> tuple[str, str]:
    """(question, answer) of a "Q: ...\\nA: ..." passage; ("", text) otherwise."""
    match = _QA.match(text)
    if match is None:
        return "", text.strip()
    return match.group("q").strip(), match.group("a").strip()


def answer_how_to_check(
    finding: Finding | str,
    network: EvidentialNetwork,
    backend: SearchBackend,
    pack: str | None,
    *,
    kind: str | Sequence[str] = "faq",
    min_overlap: float = DEFAULT_MIN_OVERLAP,
    min_shared: int = DEFAULT_MIN_SHARED,
) -> FaqAnswer | None:
    """The FAQ passage that explains `finding` (module docstring), or None.

    `finding` is a Finding of `network` or its id; `pack` restricts the search to one pack
    (None searches all).
    """
    if isinstance(finding, str):
        if finding not in network.finding_index:
            raise KeyError(f"unknown finding {finding!r} in network {network.name!r}")
        finding = network.finding(finding)
    if not 0.0 <= min_overlap <= 1.0:
        raise ValueError(f"min_overlap must be in [0, 1], got {min_overlap}")
    kinds = [kind] if isinstance(kind, str) else list(kind)
    wanted = _question_words(finding.question)
    idf = _idf(network)
    # Summed exactly (math.fsum): a plain sum over a set follows the set's order, which
    # changes with PYTHONHASHSEED, and the overlap is compared with a threshold and ranked.
    total = math.fsum(idf(w) for w in wanted)
    query = f"{finding.question} {finding.how_to_check}".strip()
    hits: dict[str, SearchHit] = {}
    if query:
        for hit in backend.search(query, pack=pack, kind=kinds, limit=_CANDIDATES):
            hits[hit.passage.id] = hit
    candidates: list[tuple[Passage, float, bool]] = [
        (h.passage, h.score, False) for h in hits.values()
    ]
    for passage in _cited_passages(finding, backend, pack, kinds):
        found = hits.get(passage.id)
        candidates = [c for c in candidates if c[0].id != passage.id]
        candidates.append((passage, found.score if found else 0.0, True))

    best: tuple[tuple[float, ...], FaqAnswer] | None = None
    for passage, score, cited in candidates:
        question, answer = split_faq(passage.text)
        have = _question_words(question or passage.text)
        common = wanted & have
        shared = len(common)
        overlap = math.fsum(idf(w) for w in common) / total if total > 0 else 0.0
        if not cited and (overlap < min_overlap or shared < min(min_shared, len(wanted))):
            continue
        how = question.lower().startswith("how")
        rank = (float(cited), float(how), overlap, score)
        candidate = FaqAnswer(
            finding=finding.id,
            passage_id=passage.id,
            document_id=passage.document_id,
            question=question,
            answer=answer,
            score=score,
            overlap=overlap,
            cited=cited,
        )
        if best is None or rank > best[0]:
            best = (rank, candidate)
    return None if best is None else best[1]


def _idf(network: EvidentialNetwork) -> Callable[[str], float]:
    """log((1 + N) / (1 + df)) + 1 over the network's finding questions (smoothed, > 0)."""
    documents = [_question_words(f.question) for f in network.findings]
    df: Counter[str] = Counter(w for words in documents for w in words)
    n = len(documents)

    def weight(word: str) -> float:
        return math.log((1 + n) / (1 + df[word])) + 1.0

    return weight


def _question_words(text: str) -> set[str]:
    return {w for w in lang.content_words(text) if w not in _QUESTION_FORM}


def _cited_passages(
    finding: Finding, backend: SearchBackend, pack: str | None, kinds: list[str]
) -> list[Passage]:
    out = []
    for citation in finding.citations:
        try:
            passage = backend.get_passage(citation.passage_id)
        except NotFound:
            continue  # cited but not indexed (yet): search still covers it
        if passage.kind in kinds and (pack is None or passage.pack == pack):
            out.append(passage)
    return out
