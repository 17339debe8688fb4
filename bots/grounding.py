"""What the conversation service reads from the knowledge side, behind small interfaces.

- :class:`PackCatalog`: the packs the product runs on (name, version, domain, network).
  :class:`StoredPacks` reads ``knowledge.packs.store``.
- :class:`Grounding`: routing a complaint to a pack and a prior over its hypotheses
  (``knowledge.retrieval.routing.Router``), answering "how do I check that?" from FAQ passages
  (``knowledge.retrieval.faq``), and fetching the passages replies cite.

Every call into retrieval is guarded: the conversation must go on when the search index is
down or a router cannot be built, so a failure is logged and the service falls back (a flat
prior, the finding's own ``how_to_check`` text, a citation without its text).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from knowledge.retrieval.sections import group_findings
from knowledge.search.base import BackendUnavailable
from planning.network import Citation, EvidentialNetwork, Finding

from .language.faq_topic import kept
from .messages import Source

log = logging.getLogger(__name__)

PASSAGE_PREVIEW = 400


@dataclass(frozen=True)
class Section:
    """A routing group of a pack (one problem area, e.g. one flowchart), with its score."""

    group: str
    title: str
    score: float = 0.0


@dataclass(frozen=True)
class PackInfo:
    name: str
    version: str
    title: str
    domain: str


class PackCatalog(Protocol):
    def names(self) -> list[str]: ...

    def info(self, name: str) -> PackInfo: ...

    def network(self, name: str) -> EvidentialNetwork: ...

    def content(self, name: str) -> dict[str, Any]: ...

    def metadata(self, name: str) -> dict[str, Any]: ...


class StoredPacks:
    """The packs in the database (current versions), via ``knowledge.packs.store``.

    Reads only the small columns per turn: a pack version's content (the whole network, tens
    of megabytes of JSON for a large pack) is parsed once per version by the store's cache.
    """

    def names(self) -> list[str]:
        from knowledge.packs.store import current_names

        return current_names()

    def info(self, name: str) -> PackInfo:
        from knowledge.packs.store import PackError, current_version

        row = current_version(name)  # cached per process for a second (see the store)
        if row is None:
            known = ", ".join(self.names()) or "none"
            raise PackError(f"unknown pack {name!r} (known: {known})")
        return PackInfo(row.name, row.version, row.title, row.domain)

    def network(self, name: str) -> EvidentialNetwork:
        from knowledge.packs.store import load_network

        return load_network(name)

    def content(self, name: str) -> dict[str, Any]:
        from knowledge.packs.store import get_pack

        pack = get_pack(name)
        return dict(pack.current_version.content) if pack.current_version else {}

    def metadata(self, name: str) -> dict[str, Any]:
        """The current version's ``metadata`` alone, extracted by the database: parsing the
        whole content here held the GIL for over a second per call (patient-intake), which
        stalled every other request of the process, health probes included."""
        from knowledge.models import Pack

        found = (
            Pack.objects.filter(name=name)
            .values_list("current_version__content__metadata", flat=True)
            .first()
        )
        return dict(found) if isinstance(found, dict) else {}


# Routers by the (pack, version) pairs they cover, shared by every service instance in the
# process (a channel worker builds a service per message): building one indexes its sections.
_ROUTERS: dict[tuple[tuple[str, str], ...], Any] = {}
_ROUTERS_LOCK = threading.Lock()
_MAX_ROUTERS = 16
# Routing groups and section networks by (pack, version[, group]); small and immutable.
_GROUPS: dict[tuple[str, str], list[dict[str, Any]]] = {}
_SECTION_NETWORKS: dict[tuple[str, str, str], EvidentialNetwork] = {}


class Grounding:
    """Routing, FAQ answers and passages for the service (module docstring)."""

    def __init__(self, packs: PackCatalog, backend: Any = None) -> None:
        self.packs = packs
        self._backend = backend

    # -- search backend ----------------------------------------------------------------------

    @property
    def backend(self) -> Any:
        if self._backend is None:
            from knowledge.search import get_backend

            self._backend = get_backend()
        return self._backend

    # -- routing ---------------------------------------------------------------------------

    def _router(self, names: Sequence[str]) -> Any:
        key = tuple((n, self.packs.info(n).version) for n in sorted(names))
        with _ROUTERS_LOCK:
            router = _ROUTERS.get(key)
        if router is None:
            from knowledge.retrieval.routing import Router

            packs = [
                SimpleNamespace(
                    data=self.packs.content(n), network=self.packs.network(n), passages={}
                )
                for n, _ in key
            ]
            router = Router.from_packs(packs)
            with _ROUTERS_LOCK:
                if len(_ROUTERS) >= _MAX_ROUTERS:
                    _ROUTERS.clear()
                _ROUTERS[key] = router
        return router

    def choose_pack(self, complaint: str, candidates: Sequence[str]) -> str | None:
        """The pack whose problem areas best match the complaint, or None if none matches."""
        if not candidates:
            return None
        if len(candidates) == 1:
            return candidates[0]
        try:
            routes = self._router(candidates).route(complaint, limit=1)
        except Exception:  # routing is an aid: without it the user picks the pack
            log.exception("routing the complaint across packs failed")
            return None
        if not routes:
            return None
        section = routes[0].key
        pack = section.split("/", 1)[0]
        return pack if pack in candidates else None

    def prior(
        self, pack: str, complaint: str, network: EvidentialNetwork
    ) -> NDArray[np.float64] | None:
        """Prior plausibilities from the complaint (None: the network's own priors stand)."""
        if not complaint.strip():
            return None
        try:
            prior = self._router([pack]).prior(complaint, network)
        except Exception:
            log.exception("routing prior for pack %s failed", pack)
            return None
        out = np.asarray(prior, dtype=np.float64)
        if out.shape != (len(network.hypotheses),) or not np.all((out > 0) & (out <= 1)):
            log.warning("router returned an unusable prior for pack %s; ignored", pack)
            return None
        return out

    # -- sections ----------------------------------------------------------------------------

    def groups(self, pack: str) -> list[dict[str, Any]]:
        """The pack's routing groups (``routing.groups`` of the pack file); [] when none."""
        key = (pack, self.packs.info(pack).version)
        with _ROUTERS_LOCK:
            cached = _GROUPS.get(key)
        if cached is None:
            routing = self.packs.content(pack).get("routing") or {}
            cached = [dict(g) for g in routing.get("groups") or [] if g.get("hypotheses")]
            with _ROUTERS_LOCK:
                _GROUPS[key] = cached
        return cached

    def route_sections(self, pack: str, complaint: str, limit: int = 3) -> list[Section]:
        """The pack's sections that best match the complaint, best first (may be empty)."""
        titles = {str(g["id"]): str(g.get("title") or g["id"]) for g in self.groups(pack)}
        if not titles or not complaint.strip():
            return []
        try:
            routes = self._router([pack]).route(complaint, limit=limit)
        except Exception:
            log.exception("routing the complaint within pack %s failed", pack)
            return []
        out = []
        for route in routes:
            owner, _, group = route.key.partition("/")
            if owner == pack and group in titles:
                out.append(Section(group, titles[group], float(route.score)))
        return out

    def section_network(self, pack: str, group: str) -> EvidentialNetwork:
        """The part of the pack's network for one routing group (KeyError if it has none)."""
        version = self.packs.info(pack).version
        key = (pack, version, group)
        with _ROUTERS_LOCK:
            cached = _SECTION_NETWORKS.get(key)
        if cached is not None:
            return cached
        spec = next((g for g in self.groups(pack) if str(g["id"]) == group), None)
        if spec is None:
            raise KeyError(f"pack {pack!r} has no routing group {group!r}")
        network = section_network(self.packs.network(pack), spec)
        with _ROUTERS_LOCK:
            _SECTION_NETWORKS[key] = network
        return network

    # -- explanations ----------------------------------------------------------------------

    def how_to_check(
        self, pack: str, finding: Finding, network: EvidentialNetwork
    ) -> tuple[str, Source | None]:
        """Instructions for checking ``finding``: an FAQ passage, else its ``how_to_check``."""
        try:
            from knowledge.retrieval.faq import answer_how_to_check

            faq = answer_how_to_check(finding, network, self.backend, pack)
        except BackendUnavailable:
            if not finding.how_to_check.strip():
                raise  # nothing to say without the index: bots.runtime retries the turn
            log.warning("search index down: %s answered from its own how_to_check", finding.id)
            faq = None
        except Exception:
            log.exception("FAQ lookup for %s failed", finding.id)
            faq = None
        own = finding.how_to_check.strip()
        if faq is not None and kept(finding.question, faq) is None:
            log.info("FAQ %s is about something else than %s", faq.passage_id, finding.id)
            # A pack built from FAQs (FloDial) copies the same passage into how_to_check: the
            # passage judged off-topic must not come back through that door.
            own = " ".join(own.replace(faq.answer.strip(), " ").split()) if faq.answer else own
            faq = None
        if faq is not None:
            title = faq.question or self._title(faq.passage_id, faq.document_id)
            return faq.answer, Source(title, faq.passage_id, faq.document_id, faq.answer)
        return own, None

    def source(self, citation: Citation) -> Source:
        """The cited passage with its title and (a preview of) its text, when the index has it."""
        try:
            passage = self.backend.get_passage(citation.passage_id)
        except Exception:
            return Source(
                citation.quote or citation.document_id or citation.passage_id,
                citation.passage_id,
                citation.document_id,
                citation.quote,
            )
        text = " ".join(str(passage.text).split())
        if len(text) > PASSAGE_PREVIEW:
            text = text[: PASSAGE_PREVIEW - 1].rstrip() + "…"
        title = str(passage.title or citation.document_id or citation.passage_id)
        return Source(title, citation.passage_id, passage.document_id, text)

    def _title(self, passage_id: str, document_id: str) -> str:
        try:
            return str(self.backend.get_passage(passage_id).title or document_id)
        except Exception:
            return document_id or passage_id


def section_network(network: EvidentialNetwork, group: Mapping[str, Any]) -> EvidentialNetwork:
    """The sub-network of one routing group: its hypotheses, the findings linked to them or
    reachable from the group's ``root`` in the flow, the links and red flags among those, and
    the flow restricted to them."""
    wanted = [str(h) for h in group["hypotheses"] if str(h) in network.hypothesis_index]
    if not wanted:
        raise KeyError(f"routing group {group.get('id')!r} names no hypothesis of the network")
    keep_h = set(wanted)
    root = group.get("root")
    found = set(group_findings(network, wanted, root))
    nodes = keep_h | found
    flow = {
        source: {state: target for state, target in edges.items() if target in nodes}
        for source, edges in network.flow.items()
        if source in found
    }
    return EvidentialNetwork(
        name=f"{network.name}/{group['id']}",
        hypotheses=[h for h in network.hypotheses if h.id in keep_h],
        findings=[f for f in network.findings if f.id in found],
        links=[lk for lk in network.links if lk.hypothesis in keep_h and lk.finding in found],
        red_flags=[r for r in network.red_flags if r.finding in found],
        flow={k: v for k, v in flow.items() if v},
        flow_root=root if isinstance(root, str) and root in nodes else None,
        metadata={**network.metadata, "section": str(group["id"])},
    )
