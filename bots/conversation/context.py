"""What one turn of the conversation works with, and the parts every concern shares."""

from __future__ import annotations

import dataclasses
import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bots.case_store import StoredDialogue
from bots.config import ServiceConfig
from bots.grounding import Grounding, PackCatalog, PackInfo
from bots.language import Interpreter
from bots.messages import Reply
from bots.models import Case
from planning.dialogue import StoppingRule
from planning.engine import Engine, Policy, Rules
from planning.network import EvidentialNetwork, Finding, Hypothesis
from planning.triage import MAX_CONTRADICTIONS, contradictions, unsupported_flags

if TYPE_CHECKING:
    from bots.conversation.answering import QuestionOrder

PACK_PREFIX = "pack:"
SECTION_PREFIX = "section:"
ANY_SECTION = "*"
DIFFERENTIAL_SIZE = 10
MISUNDERSTOOD_BEFORE_HUMAN = 2
# After this many replies to one question that answer nothing, the question is left as "not
# sure" and the next one asked (lead19: "i can just about see it if i squint" was noted as a
# fact about the dim screen and the same question came back eleven times).
UNREAD_BEFORE_SKIP = 3

# A stand-in network for reading a message before any pack is chosen (commands, greetings).
NO_KNOWLEDGE = EvidentialNetwork(
    name="no-pack", hypotheses=[Hypothesis("none", "none")], findings=[], links=[]
)


@dataclass
class Kit:
    """The parts a conversation needs, built once per worker process (:mod:`bots.service`).

    The dialogue engine runs under the pack's own stopping rule where the pack sets one
    (``metadata.stopping`` of the pack file: ``tau``, ``max_turns``, ...), else the settings'
    (``PLANNER_TAU``, ...); one engine (and policy) per rule, shared by every case."""

    config: ServiceConfig
    packs: PackCatalog
    interpreter: Interpreter
    grounding: Grounding
    make_policy: Callable[[StoppingRule], Policy]
    _engines: dict[Any, Engine] = field(default_factory=dict, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def patient_facing(self, ctx: Context) -> bool:
        return ctx.info is not None and ctx.info.domain in self.config.patient_domains

    def is_patient_pack(self, name: str) -> bool:
        return self.packs.info(name).domain in self.config.patient_domains

    def engine(self, ctx: Context) -> Engine:
        """The engine for the case's pack (its rules: :meth:`rules`), with the questions a
        correction gave back to the dialogue's budget (``StoredDialogue.given_back``)."""
        extra = ctx.dialogue.given_back if ctx.dialogue is not None else 0
        key = ((ctx.info.name, ctx.info.version) if ctx.info is not None else None, extra)
        with self._lock:
            engine = self._engines.get(key)
        if engine is None:
            name = ctx.info.name if ctx.info is not None else None
            rules = self.rules(name)
            if extra:
                budget = rules.stopping.max_turns + extra
                stopping = dataclasses.replace(rules.stopping, max_turns=budget)
                rules = dataclasses.replace(rules, stopping=stopping)
            from bots.conversation.answering import in_order

            # The pack's question order (answering.QuestionOrder): the complaint first,
            # follow-up questions after the question they follow up on (follow_ups).
            order = functools.partial(in_order, order=self.question_order(name))
            engine = Engine(self.make_policy(rules.stopping), rules, order=order)
            with self._lock:
                self._engines[key] = engine
        return engine

    def question_order(self, pack: str | None) -> QuestionOrder:
        """The pack's ``metadata.question_order`` (answering.QuestionOrder), else defaults."""
        from bots.conversation.answering import QuestionOrder

        return QuestionOrder.from_metadata(self.packs.metadata(pack) if pack is not None else {})

    def rules(self, pack: str | None) -> Rules:
        stopping = self.config.stopping
        if pack is not None:
            metadata = self.packs.metadata(pack)
            own = metadata.get("stopping") or {}
            known = {f.name for f in dataclasses.fields(StoppingRule)} - {"red_flags"}
            stopping = dataclasses.replace(
                stopping, **{k: v for k, v in dict(own).items() if k in known}
            )
        return Rules(
            stopping=stopping,
            open_world=self.config.open_world,
            max_confirmations=self.config.max_confirmations,
        )


@dataclass
class Context:
    """What one turn works with (loaded under the case lock)."""

    case: Case
    info: PackInfo | None = None
    network: EvidentialNetwork | None = None
    dialogue: StoredDialogue | None = None
    # The case's pack before this turn: a reply in a newly chosen patient pack gets the disclaimer.
    loaded_pack: str = ""
    # This message's turn (saved with the bot's reply): facts read from it later in the turn
    # are added to what it was read as (bots.conversation.intake.record_opening_facts).
    user_turn: Any = None
    # Where the case and its turns are kept (bots.case_store.CaseStore, or an evaluation's).
    store: Any = None
    # Emergency words recorded, not escalated, under a configuration that measures diagnosis
    # and triage apart (bots.conversation.safety.emergency_check); kept with the dialogue.
    said_flags: list[Any] = field(default_factory=list)

    @property
    def pending(self) -> Finding | None:
        if self.dialogue is None or self.dialogue.pending is None or self.network is None:
            return None
        return self.network.finding(self.dialogue.pending.finding)


@dataclass
class Outcome:
    """A reply and what the bot's turn records about it."""

    reply: Reply
    action: dict[str, Any] = field(default_factory=dict)
    rationale: dict[str, Any] = field(default_factory=dict)
    canonical_text: str = ""


def set_pack(kit: Kit, ctx: Context, pack: str) -> None:
    ctx.case.pack = pack
    ctx.info = kit.packs.info(pack)
    ctx.case.pack_version = ctx.info.version
    ctx.network = kit.packs.network(pack)


def differential(ctx: Context) -> list[dict[str, Any]]:
    """The leading hypotheses by BetP, as staff see them."""
    assert ctx.dialogue is not None and ctx.network is not None
    out = []
    ranking = ctx.dialogue.state.ranking(ctx.network)[:DIFFERENTIAL_SIZE]
    unfits = unsupported_flags(ctx.dialogue.state, ctx.network, [h for h, _ in ranking])
    for (hid, p), unfit in zip(ranking, unfits, strict=True):
        h = ctx.network.hypothesis(hid)
        against = contradictions(ctx.dialogue.state, ctx.network, hid) >= MAX_CONTRADICTIONS
        out.append(
            {
                "id": hid,
                "name": h.name,
                "betp": round(p, 6),
                "severity": h.severity,
                "contradicted": against,
                "unsupported": unfit,
            }
        )
    return out
