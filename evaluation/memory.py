"""What the evaluation gives the conversation service instead of the database and the index.

The service itself is the product's (:class:`bots.service.ConversationService`: the same
reading, engine, red-flag, confirmation and presentation code as every channel); only its
storage and knowledge backends are swapped for in-memory ones, so a DDXPlus run of a thousand
patients needs no database and forks into worker processes freely:

- :class:`MemoryStore`: :class:`bots.case_store.CaseStore`'s interface over unsaved model
  objects (one case per thread id, turns in a list);
- :class:`DatasetPacks`: a :class:`bots.grounding.PackCatalog` over the evaluation's networks,
  each a pack of its own whose ``metadata.stopping`` is the dataset's stopping rule (and
  ``metadata.question_order``, where the run sets one);
- :class:`OfflineGrounding`: no search index (sources are the citations themselves, "how do I
  check" the finding's own text) and no routing prior, as the simulated users start every
  case from the dataset's own prior.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from bots.grounding import Grounding, PackInfo
from bots.messages import Source
from bots.models import Case, CaseStatus, Role, Turn
from planning.network import Citation, EvidentialNetwork, Finding


class MemoryStore:
    """Cases and turns in memory, for one process (see the module docstring)."""

    def __init__(self) -> None:
        self.cases: dict[tuple[str, str], Case] = {}
        self.turns: dict[int, list[Turn]] = {}
        self._ids = itertools.count(1)
        self.pages = 0  # staff pages the service asked for (never sent)

    @contextlib.contextmanager
    def locked(
        self, channel: str, thread_id: str, *, user_id: str = "", user_display: str = ""
    ) -> Iterator[Case]:
        case = self.cases.get((channel, thread_id))
        if case is None:
            case = self.create(channel, thread_id, user_id=user_id, user_display=user_display)
        yield case

    def create(
        self, channel: str, thread_id: str, *, user_id: str = "", user_display: str = ""
    ) -> Case:
        case = Case(
            channel=channel,
            external_thread_id=thread_id,
            external_user_id=user_id,
            user_display=user_display,
            status=CaseStatus.ACTIVE,
        )
        case.pk = next(self._ids)
        self.cases[(channel, thread_id)] = case
        self.turns[case.pk] = []
        return case

    def add_turn(self, case: Case, role: object, **fields: Any) -> Turn:
        turns = self.turns[case.pk]
        # Never saved, so no id: code that writes a turn back (``turn.pk is not None``) leaves
        # these alone.
        turn = Turn(case=case, index=len(turns), role=str(role), **fields)
        turns.append(turn)
        return turn

    def save(self, case: Case, *, update_fields: list[str] | None = None) -> None:
        """Nothing to write: the case object is the stored case."""

    def recent_turns(self, case: Case, role: object, limit: int) -> list[Turn]:
        return [t for t in reversed(self.turns[case.pk]) if t.role == str(role)][:limit]

    def latest_turn(self, case: Case, role: object, action_type: str) -> Turn | None:
        return next(
            (
                t
                for t in reversed(self.turns[case.pk])
                if t.role == str(role) and (t.action or {}).get("type") == action_type
            ),
            None,
        )

    def page_staff(self, case: Case, *, key: str, level: str, reason: str) -> None:
        """A simulated patient pages nobody: the page is counted, not sent."""
        self.pages += 1

    def queue_ahead(self, case: Case) -> int:
        """No operators' queue here: every simulated user is next in line."""
        return 0

    def leave_queue(self, case: Case, *, reason: str) -> None:
        """No queue and no audit log here: the system turn only."""
        self.add_turn(case, Role.SYSTEM, text=f"left the operators' queue: {reason}")

    def archive(self, case: Case, *, reason: str) -> None:
        self.cases.pop((case.channel, case.external_thread_id), None)
        if case.status == CaseStatus.ACTIVE:
            case.status = CaseStatus.CLOSED
        self.add_turn(case, Role.SYSTEM, text=f"case archived: {reason}")

    def forget(self, channel: str, thread_id: str) -> None:
        """Drop a finished case (a long run keeps only the cases still being played)."""
        case = self.cases.pop((channel, thread_id), None)
        if case is not None:
            self.turns.pop(case.pk, None)


class DatasetPacks:
    """The evaluation's networks as packs (``bots.grounding.PackCatalog``)."""

    def __init__(
        self,
        networks: Mapping[str, EvidentialNetwork],
        *,
        domain: str,
        stopping: Mapping[str, Any],
        question_order: Mapping[str, Any] | None = None,
    ) -> None:
        self.networks = dict(networks)
        self.domain = domain
        self.stopping = dict(stopping)
        self.question_order = dict(question_order or {})

    def names(self) -> list[str]:
        return list(self.networks)

    def info(self, name: str) -> PackInfo:
        if name not in self.networks:
            raise KeyError(f"unknown pack {name!r}")
        return PackInfo(name, "evaluation", name, self.domain)

    def network(self, name: str) -> EvidentialNetwork:
        return self.networks[name]

    def content(self, name: str) -> dict[str, Any]:
        return {"name": name, "metadata": self.metadata(name)}

    def metadata(self, name: str) -> dict[str, Any]:
        out: dict[str, Any] = {"stopping": dict(self.stopping)}
        if self.question_order:
            out["question_order"] = dict(self.question_order)
        return out


class OfflineGrounding(Grounding):
    """No search index and no routing (see the module docstring)."""

    def __init__(self, packs: DatasetPacks) -> None:
        super().__init__(packs, backend=None)

    def choose_pack(self, complaint: str, candidates: Sequence[str]) -> str | None:
        return candidates[0] if len(candidates) == 1 else None

    def prior(self, pack: str, complaint: str, network: EvidentialNetwork) -> None:
        return None

    def groups(self, pack: str) -> list[dict[str, Any]]:
        return []

    def how_to_check(
        self, pack: str, finding: Finding, network: EvidentialNetwork
    ) -> tuple[str, Source | None]:
        return finding.how_to_check.strip(), None

    def source(self, citation: Citation) -> Source:
        return Source(
            citation.quote or citation.document_id or citation.passage_id,
            citation.passage_id,
            citation.document_id,
            citation.quote,
        )
