"""Routing the opening complaint: which problem area, then a prior over its hypotheses.

Level 1 (`Router.route`). Each routable problem area (a pack's routing group, e.g. one FloDial
chart) is a `RoutingSection` (see `knowledge.retrieval.sections`) made only from pack text:
problem descriptions, the questions of its findings, its hypotheses' names and resolutions,
its FAQs and other cited documents. Every item is indexed as one passage, tagged with its
section and one of the kinds problem, question, fix, faq, document, in a store of the router's
own: by default an embedded tantivy index per namespace under ``DATA_DIR/routing-index``, so
BM25's term statistics are those of this router's text alone (see `Router`).

A complaint is scored against every section like this:

1. Two queries: the complaint's own content words (`text.normalise`, stop words dropped) plus
   spelling repairs against the routing vocabulary (`text.SpellingRepair`); and the synonym
   expansions it does not already contain (`text.expansions`).
2. Per routing passage, BM25 of the first query plus `expansion_weight` times BM25 of the
   second (an incidental "internet" must not weigh like six Wi-Fi words).
3. For each kind, a section's score is its best passage's score divided by the best score any
   section reached on that kind, so each kind contributes a number in [0, 1] whatever the
   scale of BM25 on it. The text score is the weighted mean over kinds
   (`RouterConfig.weights`); the problem description weighs most, as a complaint is mostly a
   paraphrase of it.
4. Domain cue: when the complaint holds more words of one domain's lexicon than of any other
   ("my Toyota", "laptop": `text.DOMAIN_TERMS`), sections of that domain gain `domain_weight`.
   A section's domain is given, or inferred the same way from its own text.

Level 2 (`Router.prior`). Within a network, each hypothesis gets a document of its name,
description, resolution, the pack's extra routing text for it, and the questions its links
expect to be answered with the finding's first state ("yes"). BM25 of the complaint against
those documents (same two queries), divided by the best, gives `s_h` in [0, 1]. When the
network spans several of the router's sections (a pack with several charts), `s_h` is mixed
with the level-1 score of the hypothesis's section, normalised the same way:
`r_h = section_share * route_h + (1 - section_share) * s_h`.

Scores to plausibilities (`scores_to_prior`): `pl_h = floor + (1 - floor) * r_h / max(r)` with
`floor = RouterConfig.prior_floor` in (0, 1], 0.25 by default. The best-scoring hypothesis
gets 1, every other keeps at least `floor`, the order follows the scores, and no prior is ever
0: a wrong prior costs evidence, it never rules out the truth. A complaint that matches
nothing gives all ones, so the network's own priors stand.

The index namespace (the `pack` field of the routing passages) is a hash of the indexed text:
a router rebuilt from the same packs reuses its index, a changed pack gets a fresh one.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import numpy as np
from numpy.typing import NDArray

from knowledge.search import Document, Passage, SearchBackend, SearchHit, get_backend
from knowledge.search.base import passage_id
from planning.network import EvidentialNetwork

from . import text as lang
from .sections import (
    KINDS,
    PackLike,
    RoutingError,
    RoutingSection,
    section_from_network,
    sections_from_pack,
)

__all__ = [
    "DEFAULT_WEIGHTS",
    "KINDS",
    "RouteCandidate",
    "Router",
    "RouterConfig",
    "RoutingError",
    "RoutingSection",
    "default_index_dir",
    "scores_to_prior",
]

_KIND_PREFIX = "route-"
_HYPOTHESIS_KIND = "route-hypothesis"
_INDEX_VERSION = 1
_EVIDENCE_PER_SECTION = 3
# Hits read per query. The engine renders a snippet for every hit it returns, which costs more
# than the ranking; the best passage of each (section, kind) is almost always among the top
# few hundred, and one that is not would add next to nothing to its section's score.
_MAX_HITS = 200

DEFAULT_WEIGHTS: Mapping[str, float] = MappingProxyType(
    {"problem": 3.0, "question": 1.0, "fix": 0.5, "faq": 0.5, "document": 0.5}
)


@dataclass(frozen=True)
class RouterConfig:
    """The knobs of the routing score (module docstring). Defaults were set on FloDial dev."""

    weights: Mapping[str, float] = field(default_factory=lambda: dict(DEFAULT_WEIGHTS))
    expansion_weight: float = 0.3
    domain_weight: float = 0.5
    expand: bool = True
    repair: bool = True
    prior_floor: float = 0.25
    section_share: float = 0.5

    def __post_init__(self) -> None:
        unknown = set(self.weights) - set(KINDS)
        if unknown:
            raise RoutingError(f"unknown routing kinds in weights: {sorted(unknown)}; use {KINDS}")
        values = list(self.weights.values())
        if any(not np.isfinite(w) or w < 0 for w in values) or not any(values):
            raise RoutingError(f"routing weights must be finite, >= 0 and not all 0: {values}")
        for name in ("expansion_weight", "domain_weight"):
            value = getattr(self, name)
            if not np.isfinite(value) or value < 0:
                raise RoutingError(f"{name} must be a finite number >= 0, got {value}")
        if not 0.0 < self.prior_floor <= 1.0:
            raise RoutingError(f"prior_floor must be in (0, 1], got {self.prior_floor}")
        if not 0.0 <= self.section_share <= 1.0:
            raise RoutingError(f"section_share must be in [0, 1], got {self.section_share}")


@dataclass(frozen=True)
class RouteCandidate:
    """A problem area for the complaint, with the passages that matched it best.

    `score` is the routing score (module docstring, step 3 and 4): comparable across the
    candidates of one complaint, not across complaints. `pack`/`group` say where the section
    came from ("" for a section built from a bare network).
    """

    key: str
    score: float
    evidence_passages: tuple[SearchHit, ...] = ()
    kind_scores: Mapping[str, float] = field(default_factory=dict)
    pack: str = ""
    group: str = ""


def default_index_dir() -> Path:
    """``DATA_DIR/routing-index`` under Django settings, else a folder in the temp directory."""
    try:
        from django.conf import settings

        return Path(settings.DATA_DIR) / "routing-index"
    except Exception:  # Django absent or not configured: routing works without it.
        return Path(os.environ.get("TMPDIR", tempfile.gettempdir())) / "askfew-routing-index"


class Router:
    """Routes complaints to sections and turns them into hypothesis priors (module docstring).

    Routing text lives in stores of the router's own, never the packs' document store (routing
    passages would show up in document search). By default each namespace gets its own
    embedded index under `index_dir` (``DATA_DIR/routing-index``): BM25's term statistics come
    from the whole index, whatever the filter, so sharing one index with other namespaces
    (older versions of the same packs, other networks' hypothesis documents) would make the
    scores depend on what else happens to be stored. A `backend` given explicitly holds every
    namespace instead (an Elasticsearch deployment, a test), with that caveat. Building a
    router indexes its sections once; the same text already indexed is reused.
    """

    def __init__(
        self,
        sections: Sequence[RoutingSection],
        *,
        backend: SearchBackend | None = None,
        index_dir: str | os.PathLike[str] | None = None,
        config: RouterConfig | None = None,
        hypothesis_text: Mapping[str, str] | None = None,
    ) -> None:
        if not sections:
            raise RoutingError("a router needs at least one section")
        keys = [s.key for s in sections]
        duplicates = sorted({k for k in keys if keys.count(k) > 1})
        if duplicates:
            raise RoutingError(f"duplicate routing section keys: {duplicates}")
        self.config = config or RouterConfig()
        self._shared_backend = backend
        self.index_dir = Path(index_dir) if index_dir is not None else default_index_dir()
        self.sections = {s.key: s for s in sections}
        self.domains = {
            s.key: s.domain or lang.dominant_domain(lang.domain_cues(s.all_text()))
            for s in sections
        }
        self._hypothesis_text = dict(hypothesis_text or {})
        vocabulary = {
            w for s in sections for w in lang.tokens(s.all_text()) if w not in lang.STOP_WORDS
        }
        self._repair = lang.SpellingRepair(vocabulary)
        self._section_of = {h: s.key for s in sections for h in s.hypotheses}
        self.namespace = _namespace("routing", [_section_payload(s) for s in sections])
        self.backend = self._store(self.namespace)
        self._indexed: set[str] = set()
        self._network_namespaces: dict[int, tuple[weakref.ref[EvidentialNetwork], str]] = {}
        self._index_sections()

    @classmethod
    def from_networks(
        cls,
        networks: Mapping[str, EvidentialNetwork],
        *,
        documents: Mapping[str, Sequence[Document]] | None = None,
        domains: Mapping[str, str] | None = None,
        backend: SearchBackend | None = None,
        index_dir: str | os.PathLike[str] | None = None,
        config: RouterConfig | None = None,
    ) -> Router:
        """One section per network, keyed as in `networks` (`sections.section_from_network`)."""
        documents = documents or {}
        domains = domains or {}
        unknown = (set(documents) | set(domains)) - set(networks)
        if unknown:
            raise RoutingError(f"documents/domains given for unknown sections: {sorted(unknown)}")
        sections = [
            section_from_network(
                key, net, documents=documents.get(key, ()), domain=domains.get(key)
            )
            for key, net in networks.items()
        ]
        return cls(sections, backend=backend, index_dir=index_dir, config=config)

    @classmethod
    def from_packs(
        cls,
        packs: Sequence[PackLike],
        *,
        backend: SearchBackend | None = None,
        index_dir: str | os.PathLike[str] | None = None,
        config: RouterConfig | None = None,
    ) -> Router:
        """One section per routing group of each pack, keyed "pack/group"
        (`sections.sections_from_pack`); validated packs (`knowledge.packs.validate`)."""
        sections = [s for pack in packs for s in sections_from_pack(pack)]
        extra = {
            str(h): str(t)
            for pack in packs
            for h, t in ((pack.data.get("routing") or {}).get("hypotheses") or {}).items()
        }
        return cls(
            sections, backend=backend, index_dir=index_dir, config=config, hypothesis_text=extra
        )

    # -- level 1 ---------------------------------------------------------------------------

    def query(self, text: str) -> tuple[str, str]:
        """The two search queries for a complaint: (its content words and spelling repairs,
        the synonym expansions it does not already contain)."""
        if not isinstance(text, str):
            raise ValueError(f"complaint must be a string, got {type(text).__name__}")
        text = lang.without_all_clear(text)
        words = [w for w in lang.tokens(text) if w not in lang.STOP_WORDS]
        if self.config.repair:
            words += self._repair(text)
        extra: list[str] = []
        if self.config.expand:
            own = set(words)
            extra = [
                w
                for phrase in lang.expansions(text)
                for w in lang.tokens(phrase)
                if w not in lang.STOP_WORDS and w not in own
            ]
        return " ".join(dict.fromkeys(words)), " ".join(dict.fromkeys(extra))

    def scores(self, text: str) -> dict[str, RouteCandidate]:
        """Every section's candidate, by key (score 0 when nothing matched)."""
        hits = self._passage_scores(text, kinds=[_KIND_PREFIX + k for k in KINDS])
        best: dict[tuple[str, str], float] = {}
        evidence: dict[str, list[SearchHit]] = {k: [] for k in self.sections}
        for hit in hits:
            key = str(hit.passage.metadata.get("section", ""))
            if key not in self.sections:
                continue
            kind = hit.passage.kind.removeprefix(_KIND_PREFIX)
            best[key, kind] = max(best.get((key, kind), 0.0), hit.score)
            evidence[key].append(hit)
        top = {
            kind: max((v for (_, k), v in best.items() if k == kind), default=0.0) for kind in KINDS
        }
        weights = self.config.weights
        total_weight = sum(weights.get(k, 0.0) for k in KINDS)
        query_domain = lang.dominant_domain(lang.domain_cues(text))
        out: dict[str, RouteCandidate] = {}
        for key, section in self.sections.items():
            kind_scores = {
                kind: best.get((key, kind), 0.0) / top[kind] if top[kind] > 0 else 0.0
                for kind in KINDS
            }
            score = sum(weights.get(k, 0.0) * v for k, v in kind_scores.items()) / total_weight
            if score > 0 and query_domain is not None and self.domains[key] == query_domain:
                score += self.config.domain_weight
            ranked = sorted(evidence[key], key=lambda h: -h.score)[:_EVIDENCE_PER_SECTION]
            out[key] = RouteCandidate(
                key, score, tuple(ranked), kind_scores, section.pack, section.group
            )
        return out

    def route(self, text: str, limit: int = 3) -> list[RouteCandidate]:
        """The best `limit` sections for a complaint, best first; empty when nothing matched."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"limit must be an integer >= 1, got {limit!r}")
        candidates = [c for c in self.scores(text).values() if c.score > 0]
        candidates.sort(key=lambda c: (-c.score, c.key))
        return candidates[:limit]

    # -- level 2 ---------------------------------------------------------------------------

    def hypothesis_scores(self, text: str, network: EvidentialNetwork) -> NDArray[np.float64]:
        """`r_h` in [0, 1] per hypothesis of `network`, in its order (module docstring)."""
        namespace = self._index_hypotheses(network)
        hits = self._passage_scores(text, kinds=[_HYPOTHESIS_KIND], pack=namespace)
        index = network.hypothesis_index
        raw = np.zeros(len(network.hypotheses))
        for hit in hits:
            h = index.get(str(hit.passage.metadata.get("hypothesis", "")))
            if h is not None:
                raw[h] = max(raw[h], hit.score)
        own = raw / raw.max() if raw.max() > 0 else raw
        spanned = {self._section_of.get(h.id) for h in network.hypotheses} - {None}
        if len(spanned) < 2:
            return own
        route = {k: c.score for k, c in self.scores(text).items()}
        best = max((route[k] for k in spanned if k is not None), default=0.0)
        by_section = np.array(
            [route.get(self._section_of.get(h.id, ""), 0.0) for h in network.hypotheses]
        )
        by_section = np.minimum(by_section / best, 1.0) if best > 0 else by_section
        share = self.config.section_share
        return np.asarray(share * by_section + (1.0 - share) * own, dtype=np.float64)

    def prior(self, text: str, network: EvidentialNetwork) -> NDArray[np.float64]:
        """Prior plausibilities in [floor, 1] per hypothesis, for `DialogueState.start`."""
        return scores_to_prior(self.hypothesis_scores(text, network), self.config.prior_floor)

    # -- search and index ------------------------------------------------------------------

    def _passage_scores(
        self, text: str, *, kinds: list[str], pack: str | None = None
    ) -> list[SearchHit]:
        """Per passage: BM25 of the own-words query plus `expansion_weight` times BM25 of the
        expansion query; best first."""
        own, extra = self.query(text)
        combined: dict[str, SearchHit] = {}
        for query, weight in ((own, 1.0), (extra, self.config.expansion_weight)):
            if weight <= 0 or not query:
                continue
            for hit in self._search(query, kinds=kinds, pack=pack or self.namespace):
                previous = combined.get(hit.passage.id)
                score = weight * hit.score + (previous.score if previous else 0.0)
                highlights = previous.highlights if previous else hit.highlights
                combined[hit.passage.id] = SearchHit(hit.passage, score, highlights)
        return sorted(combined.values(), key=lambda h: -h.score)

    def _store(self, namespace: str) -> SearchBackend:
        if self._shared_backend is not None:
            return self._shared_backend
        return get_backend("embedded", path=str(self.index_dir / namespace))

    def _search(self, query: str, *, kinds: list[str], pack: str) -> list[SearchHit]:
        store = self._store(pack)
        total = store.count(pack=pack)
        if not total:
            return []
        return store.search(
            query, pack=pack, kind=kinds, limit=min(total, _MAX_HITS), highlight=False
        )

    def _index_sections(self) -> None:
        documents: list[Document] = []
        passages: list[Passage] = []
        for section in self.sections.values():
            for kind in KINDS:
                doc, parts = _items_document(
                    f"{self.namespace}:{section.key}:{kind}",
                    section.items(kind),
                    pack=self.namespace,
                    kind=_KIND_PREFIX + kind,
                    metadata={"section": section.key},
                )
                if doc is not None:
                    documents.append(doc)
                    passages.extend(parts)
        self._index_once(self.namespace, documents, passages)

    def _index_hypotheses(self, network: EvidentialNetwork) -> str:
        # Networks are unhashable (mutable dataclasses); cache by identity, checked by weakref.
        cached = self._network_namespaces.get(id(network))
        if cached is not None and cached[0]() is network:
            return cached[1]
        namespace = self._index_hypothesis_documents(network)
        self._network_namespaces[id(network)] = (weakref.ref(network), namespace)
        return namespace

    def _index_hypothesis_documents(self, network: EvidentialNetwork) -> str:
        texts = {
            h.id: _hypothesis_text(network, h.id, self._hypothesis_text.get(h.id, ""))
            for h in network.hypotheses
        }
        namespace = _namespace("prior", [network.name, texts])
        if namespace in self._indexed:
            return namespace
        documents: list[Document] = []
        passages: list[Passage] = []
        for position, (hid, body) in enumerate(texts.items()):
            doc, parts = _items_document(
                f"{namespace}:{position}",
                (body,),
                pack=namespace,
                kind=_HYPOTHESIS_KIND,
                metadata={"hypothesis": hid},
            )
            if doc is not None:
                documents.append(doc)
                passages.extend(parts)
        self._index_once(namespace, documents, passages)
        return namespace

    def _index_once(
        self, namespace: str, documents: list[Document], passages: list[Passage]
    ) -> None:
        if namespace in self._indexed:
            return
        store = self._store(namespace)
        store.refresh()
        if store.count(pack=namespace, what="documents") != len(documents):
            store.clear(namespace)
            if documents:
                store.index(documents, passages)
            store.refresh()
        self._indexed.add(namespace)


def scores_to_prior(
    scores: NDArray[np.float64] | Sequence[float], floor: float
) -> NDArray[np.float64]:
    """`floor + (1 - floor) * s / max(s)` per score; all ones when no score is positive."""
    if not 0.0 < floor <= 1.0:
        raise ValueError(f"floor must be in (0, 1], got {floor}")
    s = np.asarray(scores, dtype=np.float64)
    if s.ndim != 1:
        raise ValueError(f"scores must be a vector, got shape {s.shape}")
    if not np.all(np.isfinite(s)) or np.any(s < 0):
        raise ValueError("scores must be finite and >= 0")
    top = float(s.max()) if s.size else 0.0
    if top <= 0:
        return np.ones_like(s)
    return np.asarray(floor + (1.0 - floor) * s / top, dtype=np.float64)


def _hypothesis_text(network: EvidentialNetwork, hypothesis_id: str, extra: str) -> str:
    h = network.hypothesis(hypothesis_id)
    parts = [h.name, h.description, h.resolution, extra]
    for finding in network.findings:
        link = network.link(hypothesis_id, finding.id)
        if link is None:
            continue
        # Only questions the hypothesis expects a "yes" to describe it: with a "no" expected,
        # the question's words name a symptom the hypothesis does not have.
        if link.plausibility(finding.states[:1]) > link.plausibility(finding.states[1:]):
            parts.append(finding.question)
    return "\n".join(p.strip() for p in parts if p.strip())


def _items_document(
    document_id: str,
    items: Sequence[str],
    *,
    pack: str,
    kind: str,
    metadata: Mapping[str, Any],
) -> tuple[Document | None, list[Passage]]:
    """One document whose passages are the items, one each, with exact offsets."""
    pieces = [t.strip() for t in items if t.strip()]
    if not pieces:
        return None, []
    passages: list[Passage] = []
    start = 0
    for ordinal, piece in enumerate(pieces):
        passages.append(
            Passage(
                id=passage_id(document_id, ordinal),
                document_id=document_id,
                pack=pack,
                kind=kind,
                title="",
                text=piece,
                start=start,
                end=start + len(piece),
                metadata=dict(metadata),
            )
        )
        start += len(piece) + 2
    doc = Document(
        id=document_id,
        pack=pack,
        kind=kind,
        title="",
        text="\n\n".join(pieces),
        metadata=dict(metadata),
    )
    return doc, passages


def _section_payload(section: RoutingSection) -> dict[str, Any]:
    return {
        "key": section.key,
        "pack": section.pack,
        "group": section.group,
        **{kind: list(section.items(kind)) for kind in KINDS},
    }


def _namespace(prefix: str, payload: Any) -> str:
    blob = json.dumps([_INDEX_VERSION, payload], sort_keys=True, ensure_ascii=False)
    return f"{prefix}-{hashlib.sha256(blob.encode()).hexdigest()[:16]}"
