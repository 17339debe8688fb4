"""The conversation service: one Inbound in, exactly one Reply out (design sections 1, 4, 7).

``ConversationService.handle(inbound)`` runs one turn of a case under the case's lock
(:class:`bots.case_store.CaseStore`):

1. find or create the case of (channel, thread) and persist the user's turn;
2. a new case: route the complaint to a pack (the channel's configured pack, the web chat's
   choice, or the router across packs) and a prior over its hypotheses, and apply the facts
   the complaint volunteers;
3. a running case: interpret the message against the pending question (language layer) and
   act on its intent: apply the answer (and volunteered facts, which cost no turn), explain
   why the question matters, say how to check, hand over to a person, or start over;
4. ask the policy for the next action (red flags first: a red-flag answer escalates at once)
   and turn it into a reply: a question with buttons, a conclusion with the fix and its
   source, a hand-over with the differential, or an escalation with a clear instruction.
   Before abstaining (or after two "not sure" in a row), and before concluding on an answer
   read from the user's words with doubt, the answer the dialogue rests on is asked again as
   a confirmation, whose reply replaces it (:mod:`planning.recovery`, the rule the
   evaluation measures; a button answer is never confirmed);
5. persist the bot's turn (action, rationale, belief after the turn, latency) and the
   dialogue state, so any worker can resume the case.

For patient-facing packs (domain "medical" by default) a conclusion never names a condition:
the patient gets next steps and a triage level; the differential is kept for staff in
``Case.differential``.

Settings: :mod:`bots.config`. Patient-facing triage: :mod:`bots.triage`. What a turn records
(rationale, belief snapshot): :mod:`bots.records`. Packs, routing, FAQ and passages:
:mod:`bots.grounding`.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from bots.case_store import (
    CaseStore,
    Pending,
    StoredDialogue,
    dump_state,
    load_state,
    prior_vector,
)
from bots.config import ServiceConfig, ServiceError, max_message_chars
from bots.grounding import Grounding, PackCatalog, PackInfo, Section, StoredPacks
from bots.language import Interpretation, Interpreter
from bots.language.base import answer_to_dict, yes_no_states
from bots.messages import Button, Inbound, Reply, Source
from bots.models import Case, CaseStatus, Role
from bots.records import belief_snapshot, rationale_dict
from bots.triage import (
    INTAKE_DISCLAIMER,
    NOT_A_DIAGNOSIS,
    TRIAGE_ADVICE,
    emergency_advice,
    emergency_kinds,
    red_flag_level,
    said_flag,
    triage_level,
)
from planning.actions import Abstain, Ask, Conclude, Escalate
from planning.dialogue import DialogueState
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding, Hypothesis
from planning.recovery import (
    DEFAULT_CONFIRM_BELOW,
    DEFAULT_MAX_CONFIRMATIONS,
    confirmation_candidate,
    decisive_doubt,
    is_stalled,
    replace_answer,
)

log = logging.getLogger(__name__)

PACK_PREFIX = "pack:"
SECTION_PREFIX = "section:"
ANY_SECTION = "*"
DIFFERENTIAL_SIZE = 10
MISUNDERSTOOD_BEFORE_HUMAN = 2


# A stand-in network for reading a message before any pack is chosen (commands, greetings).
_NO_KNOWLEDGE = EvidentialNetwork(
    name="no-pack", hypotheses=[Hypothesis("none", "none")], findings=[], links=[]
)


# -- the service ------------------------------------------------------------------------------


@dataclass
class _Context:
    """What one turn works with (loaded under the case lock)."""

    case: Case
    info: PackInfo | None = None
    network: EvidentialNetwork | None = None
    dialogue: StoredDialogue | None = None
    # The case's pack before this turn: a reply in a newly chosen patient pack gets the disclaimer.
    loaded_pack: str = ""

    @property
    def pending(self) -> Finding | None:
        if self.dialogue is None or self.dialogue.pending is None or self.network is None:
            return None
        return self.network.finding(self.dialogue.pending.finding)


@dataclass
class _Outcome:
    """A reply and what the bot's turn records about it."""

    reply: Reply
    action: dict[str, Any] = field(default_factory=dict)
    rationale: dict[str, Any] = field(default_factory=dict)
    canonical_text: str = ""


class ConversationService:
    """Handles one inbound message of one case at a time (module docstring)."""

    def __init__(
        self,
        *,
        packs: PackCatalog | None = None,
        interpreter: Interpreter | None = None,
        config: ServiceConfig | None = None,
        grounding: Grounding | None = None,
        store: CaseStore | None = None,
    ) -> None:
        from bots.language import get_interpreter
        from planning.policies import make_policy

        self.config = config or ServiceConfig.from_settings()
        self.packs = packs or StoredPacks()
        self.interpreter = interpreter or get_interpreter()
        self.grounding = grounding or Grounding(self.packs)
        self.store = store or CaseStore()
        # The service asks one finding per message, so a multi-choice question's options go
        # one at a time: the planner must score them that way too (in the evaluation harness
        # the whole question is asked at once and InfoGatherer scores it whole).
        # A "not sure" is not asked again here: the service offers how to check instead, and
        # its own confirmations (planning.recovery) handle the answers a conclusion rests on.
        params: dict[str, object] = (
            {"multi_choice": "option", "ask_again_unsure": False}
            if self.config.policy == "infogatherer"
            else {}
        )
        self.policy = make_policy(
            self.config.policy, stopping=self.config.stopping, seed=0, **params
        )

    # -- entry point -------------------------------------------------------------------------

    def handle(self, inbound: Inbound) -> Reply:
        """Run one turn; the returned Reply is the one reply to ``inbound``."""
        started = time.perf_counter()
        with self.store.locked(
            inbound.channel,
            inbound.thread_id,
            user_id=inbound.user_id,
            user_display=inbound.user_display,
        ) as case:
            ctx = self._load(case)
            # Emergency words come before anything else: no reading, no planner, any status.
            emergency = self._emergency_check(ctx, inbound)
            if emergency is not None:
                self.store.add_turn(
                    case, Role.USER, text=inbound.text, interpretation=_emergency_reading(emergency)
                )
                return self._finish(ctx, emergency, started)
            if inbound.unreadable:
                # Nothing to read: say so and leave the case as it was, its question pending.
                self.store.add_turn(
                    case, Role.USER, text=inbound.text, interpretation=_unread(inbound)
                )
                return self._finish(ctx, self._unreadable(ctx, inbound), started)
            meaning = self._interpret(ctx, inbound)
            user_text = inbound.text.strip() or f"[{inbound.button}]"
            if meaning.intent == "restart":
                self.store.add_turn(
                    case, Role.USER, text=user_text, interpretation=meaning.to_dict()
                )
                self.store.archive(case, reason="the user started over")
                case = self.store.create(
                    inbound.channel,
                    inbound.thread_id,
                    user_id=inbound.user_id,
                    user_display=inbound.user_display,
                )
                ctx = _Context(case)
                outcome = self._prompt(ctx, inbound, intro=("OK, let's start over.",))
            else:
                self.store.add_turn(
                    case, Role.USER, text=user_text, interpretation=meaning.to_dict()
                )
                outcome = self._respond(ctx, inbound, meaning)
            return self._finish(ctx, outcome, started)

    # -- loading and saving ------------------------------------------------------------------

    def _load(self, case: Case) -> _Context:
        ctx = _Context(case, loaded_pack=case.pack)
        if case.pack:
            ctx.info = self.packs.info(case.pack)
            ctx.network = self.packs.network(case.pack)
            section = str(case.state.get("section") or "")
            if section:
                try:
                    ctx.network = self.grounding.section_network(case.pack, section)
                except KeyError:  # the pack changed and lost the section: replay on all of it
                    log.warning("case %s: section %s of %s is gone", case.pk, section, case.pack)
            if case.state.get("version") is not None:
                ctx.dialogue = load_state(case.state, ctx.network)
        return ctx

    def _finish(self, ctx: _Context, outcome: _Outcome, started: float) -> Reply:
        case = ctx.case
        if ctx.dialogue is not None and ctx.network is not None:
            case.state = dump_state(ctx.dialogue, ctx.network)
            case.pending_finding = ctx.dialogue.pending.finding if ctx.dialogue.pending else ""
        belief = (
            belief_snapshot(ctx.dialogue.state, ctx.network)
            if ctx.dialogue is not None and ctx.network is not None
            else {}
        )
        case.save()
        reply = outcome.reply
        if self._patient_facing(ctx) and case.pack != ctx.loaded_pack:
            reply = _with_disclaimer(reply)
        latency_ms = (time.perf_counter() - started) * 1000.0
        turn = self.store.add_turn(
            case,
            Role.BOT,
            text=reply.text,
            action=outcome.action,
            rationale=outcome.rationale,
            belief=belief,
            canonical_text=outcome.canonical_text,
            latency_ms=latency_ms,
        )
        return Reply(
            parts=reply.parts,
            kind=reply.kind,
            buttons=reply.buttons,
            case_id=case.pk,
            status=case.status,
            question=case.pending_finding or None,
            sources=reply.sources,
            triage_level=reply.triage_level,
            turn_id=turn.pk,
            metadata={"pack": case.pack} if case.pack else {},
        )

    # -- reading the message -----------------------------------------------------------------

    def _interpret(self, ctx: _Context, inbound: Inbound) -> Interpretation:
        network = ctx.network or _NO_KNOWLEDGE
        pending = ctx.pending if ctx.case.status == CaseStatus.ACTIVE else None
        button = inbound.button
        if button and button.startswith((PACK_PREFIX, SECTION_PREFIX)):
            return Interpretation("unknown", confidence=1.0, detail=f"button {button}")
        try:
            return self.interpreter.interpret(
                inbound.text, pending=pending, network=network, button=button
            )
        except ValueError as exc:
            # A stale button (an old question's answer) or a bad payload: not the user's fault.
            # The button's payload is ours; what the user typed is never logged.
            what = f"button {button!r}" if button else f"a {len(inbound.text)}-character message"
            log.info("case %s: could not interpret %s: %s", ctx.case.pk, what, exc)
            return Interpretation("unknown", confidence=0.0, detail=str(exc))

    # -- what to do --------------------------------------------------------------------------

    def _respond(self, ctx: _Context, inbound: Inbound, meaning: Interpretation) -> _Outcome:
        case = ctx.case
        if case.status != CaseStatus.ACTIVE:
            if meaning.intent == "human" and case.status == CaseStatus.CONCLUDED:
                return self._hand_over(ctx, "requested after the conclusion")
            return self._closed(ctx)
        if meaning.intent == "human":
            if ctx.dialogue is not None:
                ctx.dialogue.state.human_requested = True
                ctx.dialogue.pending = None
                return self._decide(ctx, ())
            return self._hand_over(ctx, "requested")
        if ctx.dialogue is None:
            return self._start(ctx, inbound, meaning)
        pending = ctx.pending
        if pending is None:  # a running case always has a question pending; repair if not
            return self._decide(ctx, ())
        if meaning.intent == "answer":
            return self._answered(ctx, meaning, pending)
        if meaning.intent == "why":
            return self._reask(ctx, pending, self._why(ctx, pending), kind="why")
        if meaning.intent == "how_to_check":
            return self._reask(ctx, pending, self._how(ctx, pending), kind="how")
        return self._misunderstood(ctx, pending, meaning)

    def _start(self, ctx: _Context, inbound: Inbound, meaning: Interpretation) -> _Outcome:
        """The first message(s) of a case: greeting, pack and section choice, the complaint."""
        case = ctx.case
        button = inbound.button or ""
        complaint = inbound.text.strip()
        # Read with the pack's network (the pack was already known): its volunteered facts
        # need no second reading.
        facts = meaning.volunteered if ctx.network is not None and not button else None
        if button.startswith(PACK_PREFIX):
            chosen = button[len(PACK_PREFIX) :]
            if chosen not in self.packs.names():
                return self._prompt(ctx, inbound, intro=(f"I don't know the topic {chosen!r}.",))
            self._set_pack(ctx, chosen)
            complaint, facts = str(case.state.get("complaint", "")), None
            if not complaint:
                title = ctx.info.title if ctx.info else chosen
                return self._prompt(ctx, inbound, intro=(f"OK: {title}.",))
        elif button.startswith(SECTION_PREFIX):
            if not case.pack or not case.state.get("awaiting_section"):
                return self._prompt(ctx, inbound)
            group = button[len(SECTION_PREFIX) :]
            stored = str(case.state.get("complaint", ""))
            return self._open_dialogue(ctx, stored, None, "" if group == ANY_SECTION else group)
        elif meaning.intent == "greeting" or (not complaint and button):
            return self._prompt(ctx, inbound)
        elif case.state.get("awaiting_pack") and not case.pack:
            named = self._pack_named(complaint)
            if named is not None:
                self._set_pack(ctx, named)
                complaint, facts = str(case.state.get("complaint", "")), None
                if not complaint:
                    return self._prompt(ctx, inbound)
        elif case.state.get("awaiting_section"):
            # More words about the problem: route the whole description again.
            complaint = f"{case.state.get('complaint', '')} {complaint}".strip()
            facts = None
        if not case.pack:
            pack = self._pack_for(inbound, complaint)
            if pack is None:
                case.state = {"awaiting_pack": True, "complaint": complaint}
                return self._choose_pack(ctx)
            self._set_pack(ctx, pack)
            facts = None
        section, routes = self._focus(ctx, complaint)
        if section is None:
            case.state = {"awaiting_section": True, "complaint": complaint}
            return self._choose_section(ctx, routes)
        return self._open_dialogue(ctx, complaint, facts, section)

    def _focus(self, ctx: _Context, complaint: str) -> tuple[str | None, list[Section]]:
        """The section to focus on ("" = the whole pack), or None to ask the user."""
        assert ctx.info is not None
        if not self.config.focus_sections or len(self.grounding.groups(ctx.info.name)) < 2:
            return "", []
        routes = self.grounding.route_sections(ctx.info.name, complaint)
        margin = self.config.section_margin
        if routes and (len(routes) == 1 or routes[0].score >= margin * routes[1].score):
            return routes[0].group, routes
        return None, routes

    def _pack_for(self, inbound: Inbound, complaint: str) -> str | None:
        names = self.packs.names()
        # A pack the user picked in the web chat that does not exist is ignored (routed
        # instead); a channel mapped to a missing pack is a configuration error.
        chosen = inbound.pack if inbound.pack in names else None
        fixed = chosen or self.config.channel_packs.get(inbound.channel)
        if fixed:
            if fixed not in names:
                raise ServiceError(
                    f"pack {fixed!r} for channel {inbound.channel!r} is not loaded "
                    f"(loaded: {', '.join(names) or 'none'}); import it or change BOT_CHANNEL_PACKS"
                )
            return fixed
        return self.grounding.choose_pack(complaint, names) if complaint else None

    def _pack_named(self, text: str) -> str | None:
        wanted = text.strip().lower()
        for name in self.packs.names():
            if wanted in (name.lower(), self.packs.info(name).title.lower()):
                return name
        return None

    def _set_pack(self, ctx: _Context, pack: str) -> None:
        ctx.case.pack = pack
        ctx.info = self.packs.info(pack)
        ctx.case.pack_version = ctx.info.version
        ctx.network = self.packs.network(pack)

    def _open_dialogue(
        self,
        ctx: _Context,
        complaint: str,
        facts: Sequence[Answer] | None = None,
        section: str = "",
    ) -> _Outcome:
        assert ctx.network is not None and ctx.info is not None
        if section:
            try:
                ctx.network = self.grounding.section_network(ctx.info.name, section)
            except KeyError:
                log.warning("pack %s has no section %s; using all of it", ctx.info.name, section)
                section = ""
        network = ctx.network
        prior = self.grounding.prior(ctx.info.name, complaint, network)
        state = DialogueState.start(network, prior, self.config.open_world)
        prior_map = (
            {h.id: float(p) for h, p in zip(network.hypotheses, prior, strict=True) if p != 1.0}
            if prior is not None
            else {}
        )
        ctx.dialogue = StoredDialogue(
            state=state,
            asked_flags=[],
            prior=prior_map,
            open_world=self.config.open_world,
            complaint=complaint,
            section=section,
        )
        noted: list[str] = []
        if complaint:
            if facts is None or section:
                facts = self._volunteered(complaint, network)
            noted = self._apply_volunteered(ctx, facts)
        intro = (f"Noted: {'; '.join(noted)}.",) if noted else ()
        return self._decide(ctx, intro)

    def _volunteered(self, text: str, network: EvidentialNetwork) -> tuple[Answer, ...]:
        try:
            return self.interpreter.interpret(text, pending=None, network=network).volunteered
        except ValueError as exc:
            log.info("volunteered facts not applied (%d characters): %s", len(text), exc)
            return ()

    def _apply_volunteered(self, ctx: _Context, facts: Sequence[Answer]) -> list[str]:
        assert ctx.dialogue is not None and ctx.network is not None
        noted = []
        for fact in facts:
            if fact.finding in ctx.dialogue.state.asked:
                continue
            ctx.dialogue.state.apply(fact, ctx.network, asked=False)
            ctx.dialogue.asked_flags.append(False)
            if fact.states is not None:
                question = ctx.network.finding(fact.finding).question.rstrip("?")
                noted.append(f"{question}? {'/'.join(fact.states)}")
        return noted

    def _answered(self, ctx: _Context, meaning: Interpretation, pending: Finding) -> _Outcome:
        assert ctx.dialogue is not None and ctx.network is not None
        answer = meaning.answer_for(pending.id)
        if answer is None:
            return self._misunderstood(ctx, pending, meaning)
        dialogue = ctx.dialogue
        replaces = dialogue.pending.replaces if dialogue.pending else None
        if replaces is not None:
            self._replace(ctx, replaces, answer)
        else:
            dialogue.state.apply(answer, ctx.network, asked=True)
            dialogue.asked_flags.append(True)
            dialogue.since_confirmation += 1
        dialogue.confidence[answer.finding] = float(meaning.confidence)
        dialogue.pending = None
        noted = self._apply_volunteered(ctx, meaning.volunteered)
        intro = (f"Also noted: {'; '.join(noted)}.",) if noted else ()
        return self._decide(ctx, intro)

    # -- the policy's decision ---------------------------------------------------------------

    def _decide(self, ctx: _Context, intro: Sequence[str]) -> _Outcome:
        assert ctx.dialogue is not None and ctx.network is not None
        action = self._red_flag_check(ctx) or self.policy.choose(ctx.dialogue.state, ctx.network)
        confirmation = self._confirmation(ctx, action)
        if confirmation is not None:
            return self._confirm(ctx, action, *confirmation, intro)
        if isinstance(action, Ask):
            return self._ask(ctx, action, intro)
        ctx.dialogue.pending = None
        differential = self._differential(ctx)
        ctx.case.differential = differential
        if isinstance(action, Conclude):
            return self._conclude(ctx, action, intro)
        if isinstance(action, Escalate):
            return self._escalate(ctx, action, intro)
        assert isinstance(action, Abstain)
        return self._abstain(ctx, action, intro)

    # -- confirmations (planning.recovery) ---------------------------------------------------

    def _confirmation(self, ctx: _Context, action: object) -> tuple[int, str] | None:
        """(index of the answer to confirm, why) before ``action``, or None.

        The evaluation's rule (``bots.evaluation.run_case_confirming``): a conclusion resting
        on an answer read with doubt confirms it first; a stalled dialogue (the policy
        abstains, or the last questions all got "not sure") confirms the answer it rests on.
        A button answer is certain (nothing was read), so it is never a candidate.
        """
        assert ctx.dialogue is not None and ctx.network is not None
        dialogue = ctx.dialogue
        state = dialogue.state
        if (
            len(dialogue.confirmed) >= DEFAULT_MAX_CONFIRMATIONS
            or state.turns >= self.config.stopping.max_turns
            or state.human_requested
        ):
            return None
        common: dict[str, Any] = {
            "volunteered": 0,
            "asked": dialogue.asked_flags,
            "open_world": dialogue.open_world,
            "prior": prior_vector(ctx.network, dialogue.prior),
        }
        confidence = self._reading_confidence(dialogue)
        # Confirmed findings, and answers nothing was read for (buttons), are not asked again.
        settled = set(dialogue.confirmed) | {
            a.finding for a in state.answers if confidence(a.finding) >= 1.0
        }
        if isinstance(action, Conclude):
            index = decisive_doubt(
                state,
                ctx.network,
                self.policy,
                action,
                confirmed=settled,
                confidence=confidence,
                confirm_below=DEFAULT_CONFIRM_BELOW,
                **common,
            )
            return None if index is None else (index, "doubtful_reading")
        asked = [a for a, flag in zip(state.answers, dialogue.asked_flags, strict=True) if flag]
        if not is_stalled(action, asked, dialogue.since_confirmation):
            return None
        index = confirmation_candidate(
            state, ctx.network, self.policy, confirmed=settled, confidence=confidence, **common
        )
        return None if index is None else (index, "stalled")

    @staticmethod
    def _reading_confidence(dialogue: StoredDialogue) -> Callable[[str], float]:
        # A finding without a recorded reading was volunteered or stored before confirmations
        # existed: treated as certain, as the evaluation treats templated answers.
        return lambda finding: dialogue.confidence.get(finding, 1.0)

    def _confirm(
        self, ctx: _Context, instead: object, index: int, reason: str, intro: Sequence[str]
    ) -> _Outcome:
        """Ask the answer at ``index`` again; the reply will replace it (:meth:`_replace`)."""
        assert ctx.dialogue is not None and ctx.network is not None
        earlier = ctx.dialogue.state.answers[index]
        finding = ctx.network.finding(earlier.finding)
        shown = f"Just to be sure: {finding.question}"
        understood = "not sure" if earlier.states is None else "/".join(earlier.states)
        why = (
            "the conclusion rests on an answer I read from your words and may have misread"
            if reason == "doubtful_reading"
            else "the answers since do not fit it, so I may have misread it"
        )
        rationale: dict[str, Any] = {
            "kind": "confirm",
            "reason": reason,
            "explanation": f'I took your earlier answer as "{understood}", but {why}.',
            "replaces": index,
            "earlier": answer_to_dict(earlier),
            "reading_confidence": self._reading_confidence(ctx.dialogue)(finding.id),
            "instead_of": _action_record(instead),
            "citations": [c.to_dict() for c in finding.citations],
        }
        ctx.dialogue.pending = Pending(finding.id, shown, rationale, replaces=index)
        reply = Reply(
            parts=(*intro, shown),
            kind="question",
            buttons=self._answer_buttons(finding),
        )
        return _Outcome(
            reply,
            action={"type": "confirm", "finding": finding.id, "replaces": index},
            rationale=rationale,
            canonical_text=finding.question,
        )

    def _replace(self, ctx: _Context, index: int, answer: Answer) -> None:
        """The reply to a confirmation takes the place of the answer it confirms."""
        assert ctx.dialogue is not None and ctx.network is not None
        dialogue = ctx.dialogue
        old = dialogue.state
        replaced = old.answers[index].finding
        state = replace_answer(
            old,
            ctx.network,
            index,
            answer,
            volunteered=0,
            asked=dialogue.asked_flags,
            open_world=dialogue.open_world,
            prior=prior_vector(ctx.network, dialogue.prior),
            extra_turns=1,
        )
        # The replay rebuilds red flags from the answers; flags said in words are kept.
        state.red_flags.extend(
            f for f in old.red_flags if f not in state.red_flags and f.finding != replaced
        )
        dialogue.state = state
        dialogue.confirmed.append(replaced)
        dialogue.since_confirmation = 0

    def _ask(self, ctx: _Context, action: Ask, intro: Sequence[str]) -> _Outcome:
        assert ctx.dialogue is not None and ctx.network is not None
        finding = ctx.network.finding(action.finding)
        shown = self._rephrase(ctx, finding)
        rationale = rationale_dict(action, ctx.network)
        ctx.dialogue.pending = Pending(finding.id, shown, rationale)
        reply = Reply(
            parts=(*intro, shown),
            kind="question",
            buttons=self._answer_buttons(finding),
        )
        return _Outcome(
            reply,
            action={"type": "ask", "finding": finding.id, "states": list(finding.states)},
            rationale=rationale,
            canonical_text=finding.question,
        )

    def _rephrase(self, ctx: _Context, finding: Finding) -> str:
        try:
            shown = self.interpreter.rephrase(
                finding.question,
                context={
                    "pack": ctx.info.title if ctx.info else "",
                    "complaint": ctx.dialogue.complaint if ctx.dialogue else "",
                    "states": list(finding.states),
                },
            )
        except Exception:  # rephrasing is cosmetic; the pack's wording always works
            log.exception("rephrasing %s failed", finding.id)
            return finding.question
        return shown.strip() or finding.question

    def _answer_buttons(self, finding: Finding, *, human: bool = False) -> tuple[Button, ...]:
        binary = yes_no_states(finding)
        if binary is not None and {s.lower() for s in finding.states} == {"yes", "no"}:
            buttons = [Button("Yes", f"answer:{binary[0]}"), Button("No", f"answer:{binary[1]}")]
        else:
            buttons = [Button(_label(s), f"answer:{s}") for s in finding.states]
        buttons += [Button("Not sure", "answer:unsure"), Button("Why?", "why")]
        if finding.how_to_check.strip() or any("faq" in c.passage_id for c in finding.citations):
            buttons.append(Button("How do I check?", "how"))
        if human:
            buttons.append(Button("Talk to a person", "human"))
        return tuple(buttons)

    def _conclude(self, ctx: _Context, action: Conclude, intro: Sequence[str]) -> _Outcome:
        assert ctx.network is not None
        case = ctx.case
        hypothesis = ctx.network.hypothesis(action.hypothesis)
        case.status = CaseStatus.CONCLUDED
        case.conclusion = hypothesis.id
        case.confidence = float(action.confidence)
        case.closed_at = timezone.now()
        buttons = (Button("Start over", "restart"), Button("Talk to a person", "human"))
        record = {"type": "conclude", "hypothesis": hypothesis.id, "confidence": action.confidence}
        if self._patient_facing(ctx):
            level = self._triage(ctx)
            case.triage_level = level
            if level == "emergency":
                return self._emergency_conclusion(ctx, record, intro)
            parts = (
                *intro,
                "Thank you, that's all I need to ask.",
                f"Recommended next step ({level}): {TRIAGE_ADVICE[level]}",
                NOT_A_DIAGNOSIS,
            )
            reply = Reply(parts=parts, kind="conclusion", buttons=buttons, triage_level=level)
            return _Outcome(reply, action={**record, "triage_level": level})
        sources = tuple(self.grounding.source(c) for c in hypothesis.citations[:2])
        lines = [
            *intro,
            f"The most likely cause: {hypothesis.name} ({action.confidence:.0%} confidence).",
        ]
        if hypothesis.resolution.strip():
            lines.append(f"What to do: {hypothesis.resolution.strip()}")
        if sources:
            lines.append("Source: " + "; ".join(f"{s.title} ({s.passage_id})" for s in sources))
        reply = Reply(parts=tuple(lines), kind="conclusion", buttons=buttons, sources=sources)
        return _Outcome(reply, action=record)

    def _abstain(self, ctx: _Context, action: Abstain, intro: Sequence[str]) -> _Outcome:
        case = ctx.case
        case.status = CaseStatus.ABSTAINED
        record = {"type": "abstain", "reason": action.reason}
        if self._patient_facing(ctx):
            level = self._triage(ctx)
            case.triage_level = level
            parts = [
                *intro,
                "Thank you. I've passed your answers to a nurse, who will reply here.",
            ]
            if level in ("emergency", "urgent"):
                parts.append(TRIAGE_ADVICE[level])
            else:
                parts.append(
                    "If you feel worse or notice new severe symptoms, call emergency services."
                )
            reply = Reply(parts=tuple(parts), kind="handoff", triage_level=level)
            return _Outcome(reply, action={**record, "triage_level": level})
        text = (
            "I couldn't pin this down from your answers, so I've passed your case to a person "
            "from our team with what we found so far. They'll reply here."
        )
        return _Outcome(Reply(parts=(*intro, text), kind="handoff"), action=record)

    def _escalate(self, ctx: _Context, action: Escalate, intro: Sequence[str]) -> _Outcome:
        case = ctx.case
        record = {"type": "escalate", "reason": action.reason, "detail": action.detail}
        patient = self._patient_facing(ctx)
        if action.reason == "requested":
            return self._hand_over(ctx, "requested", intro=intro)
        case.status = CaseStatus.ESCALATED
        if action.reason == "red_flag":
            level = self._red_flag_level(ctx)
            if patient:
                case.triage_level = level
                # The instruction first: what was noted can wait.
                parts = (
                    f"{'This may be an emergency. ' if level == 'emergency' else ''}"
                    f"{TRIAGE_ADVICE[level]}",
                    *intro,
                    "I've also alerted our staff, who will contact you here.",
                )
                reply = Reply(parts=parts, kind="escalation", triage_level=level)
                return _Outcome(reply, action={**record, "triage_level": level})
            parts = (
                *intro,
                f"This needs attention right away: {action.detail or 'a safety warning'}. "
                "Stop using the device, keep it unplugged, and wait for a person from our team, "
                "who has been alerted and will reply here.",
            )
            return _Outcome(Reply(parts=parts, kind="escalation"), action=record)
        # conflict / open_world: the answers fit nothing the pack knows.
        parts = (
            *intro,
            "Your answers don't match any problem I know, so I've passed your case to a person "
            "from our team. They'll reply here.",
        )
        if patient:
            parts = (
                *parts,
                "If you feel worse or notice new severe symptoms, call emergency services.",
            )
        return _Outcome(Reply(parts=parts, kind="escalation"), action=record)

    def _hand_over(self, ctx: _Context, reason: str, *, intro: Sequence[str] = ()) -> _Outcome:
        case = ctx.case
        case.status = CaseStatus.HANDED_OFF
        if ctx.dialogue is not None:
            ctx.dialogue.pending = None
            if ctx.network is not None:
                case.differential = self._differential(ctx)
        parts = [*intro, "OK, I've asked a person from our team to take over. They'll reply here."]
        if self._patient_facing(ctx):
            parts.append("If this is an emergency, call emergency services (112 or 911) now.")
        return _Outcome(
            Reply(parts=tuple(parts), kind="handoff"),
            action={"type": "handoff", "reason": reason},
        )

    # -- re-asking ---------------------------------------------------------------------------

    def _reask(
        self, ctx: _Context, pending: Finding, explanation: tuple[str, Source | None], *, kind: str
    ) -> _Outcome:
        assert ctx.dialogue is not None and ctx.dialogue.pending is not None
        text, source = explanation
        parts = [text]
        if source is not None:
            parts.append(f"Source: {source.title} ({source.passage_id})")
        parts.append(ctx.dialogue.pending.text)
        reply = Reply(
            parts=tuple(parts),
            kind="question",
            buttons=self._answer_buttons(pending),
            sources=(source,) if source else (),
        )
        return _Outcome(
            reply,
            action={"type": kind, "finding": pending.id, "then": "ask"},
            rationale=ctx.dialogue.pending.rationale,
            canonical_text=pending.question,
        )

    def _why(self, ctx: _Context, pending: Finding) -> tuple[str, Source | None]:
        assert ctx.dialogue is not None and ctx.dialogue.pending is not None and ctx.network
        rationale = ctx.dialogue.pending.rationale
        names = [item["name"] for item in rationale.get("separates_named", [])]
        if rationale.get("kind") == "confirm":
            text = str(rationale.get("explanation", "I want to be sure I understood you."))
        elif self._patient_facing(ctx):
            text = (
                "Your answer tells me which of the possible explanations for your symptoms fit, "
                "and how soon you should be seen."
            )
        elif names:
            listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
            text = f"Your answer helps me tell apart the likeliest causes: {listed}."
        else:
            text = "It is the most informative question I can ask at this point."
        source = self.grounding.source(pending.citations[0]) if pending.citations else None
        if source is not None and source.text:
            text = f'{text} The guide says: "{source.text}"'
        return text, source

    def _how(self, ctx: _Context, pending: Finding) -> tuple[str, Source | None]:
        assert ctx.info is not None and ctx.network is not None
        text, source = self.grounding.how_to_check(ctx.info.name, pending, ctx.network)
        if not text:
            return (
                "I don't have instructions for checking that. If you can't tell, answer "
                '"Not sure" and I\'ll ask something else.',
                None,
            )
        return f"Here is how to check: {text}", source

    def _misunderstood(self, ctx: _Context, pending: Finding, meaning: Interpretation) -> _Outcome:
        assert ctx.dialogue is not None and ctx.dialogue.pending is not None
        ctx.dialogue.pending.misunderstood += 1
        offer_human = ctx.dialogue.pending.misunderstood >= MISUNDERSTOOD_BEFORE_HUMAN
        if yes_no_states(pending) is not None and len(pending.states) == 2:
            hint = "Please answer yes, no or not sure, or ask me why I'm asking or how to check."
        else:
            hint = f"Please pick one of: {', '.join(_label(s) for s in pending.states)}."
        opener = "Hello!" if meaning.intent == "greeting" else "Sorry, I didn't understand that."
        parts = (opener, hint, ctx.dialogue.pending.text)
        reply = Reply(
            parts=parts, kind="question", buttons=self._answer_buttons(pending, human=offer_human)
        )
        return _Outcome(
            reply,
            action={"type": "reask", "finding": pending.id, "reason": meaning.intent},
            rationale=ctx.dialogue.pending.rationale,
            canonical_text=pending.question,
        )

    def _unreadable(self, ctx: _Context, inbound: Inbound) -> _Outcome:
        """The reply to a message without words, or one too long to read."""
        if inbound.unreadable == "too_long":
            notice = (
                "That message is too long for me to read (the limit is "
                f"{max_message_chars():,} characters). Please send a shorter one."
            )
        else:
            notice = "I didn't get any words in that message. Please type your answer."
        action = {"type": "unreadable", "reason": inbound.unreadable}
        pending = ctx.pending if ctx.case.status == CaseStatus.ACTIVE else None
        if pending is not None and ctx.dialogue is not None and ctx.dialogue.pending is not None:
            reply = Reply(
                parts=(notice, ctx.dialogue.pending.text),
                kind="question",
                buttons=self._answer_buttons(pending),
            )
            return _Outcome(
                reply,
                action=action,
                rationale=ctx.dialogue.pending.rationale,
                canonical_text=pending.question,
            )
        if ctx.case.status != CaseStatus.ACTIVE:
            closed = self._closed(ctx).reply
            reply = Reply(parts=(notice, *closed.parts), kind="closed", buttons=closed.buttons)
            return _Outcome(reply, action=action)
        return _Outcome(Reply(parts=(notice,), kind="prompt"), action=action)

    # -- outside the question loop -----------------------------------------------------------

    def _prompt(self, ctx: _Context, inbound: Inbound, *, intro: Sequence[str] = ()) -> _Outcome:
        """Ask for the complaint (and, where no pack is fixed, offer the topics)."""
        fixed = ctx.case.pack or inbound.pack or self.config.channel_packs.get(inbound.channel)
        if fixed or len(self.packs.names()) <= 1:
            if not ctx.case.pack and fixed and fixed in self.packs.names():
                self._set_pack(ctx, fixed)
            parts = (*intro, "Hi! Please describe the problem in a sentence or two.")
            return _Outcome(Reply(parts=parts, kind="prompt"), action={"type": "prompt"})
        parts = (*intro, "Hi! What do you need help with? Describe the problem, or pick a topic.")
        return _Outcome(
            Reply(parts=parts, kind="prompt", buttons=self._pack_buttons()),
            action={"type": "prompt"},
        )

    def _choose_pack(self, ctx: _Context) -> _Outcome:
        parts = ("I'm not sure which topic this is. Please pick one:",)
        return _Outcome(
            Reply(parts=parts, kind="prompt", buttons=self._pack_buttons()),
            action={"type": "choose_pack"},
        )

    def _choose_section(self, ctx: _Context, routes: Sequence[Section]) -> _Outcome:
        assert ctx.info is not None
        options = list(routes) or [
            Section(str(g["id"]), str(g.get("title") or g["id"]))
            for g in self.grounding.groups(ctx.info.name)
        ]
        buttons = tuple(Button(o.title, f"{SECTION_PREFIX}{o.group}") for o in options)
        buttons += (Button("Something else", f"{SECTION_PREFIX}{ANY_SECTION}"),)
        parts = ("Which of these is closest to your problem?",)
        return _Outcome(
            Reply(parts=parts, kind="prompt", buttons=buttons),
            action={"type": "choose_section", "options": [o.group for o in options]},
        )

    def _pack_buttons(self) -> tuple[Button, ...]:
        return tuple(
            Button(self.packs.info(n).title or n, f"{PACK_PREFIX}{n}") for n in self.packs.names()
        )

    def _closed(self, ctx: _Context) -> _Outcome:
        case = ctx.case
        restart = Button("Start over", "restart")
        if case.status == CaseStatus.CONCLUDED:
            text = (
                "This case is closed. If the problem is still there, start over or ask for a "
                "person."
            )
            buttons: tuple[Button, ...] = (restart, Button("Talk to a person", "human"))
        elif case.status in (CaseStatus.ABSTAINED, CaseStatus.ESCALATED, CaseStatus.HANDED_OFF):
            text = (
                "Your case is with a person from our team, who will reply here. To start a new "
                "case, press Start over."
            )
            buttons = (restart,)
        else:
            text = "This case is closed. To start a new one, press Start over."
            buttons = (restart,)
        parts: tuple[str, ...] = (text,)
        if case.triage_level in ("emergency", "urgent"):
            parts = (*parts, TRIAGE_ADVICE[case.triage_level])
        return _Outcome(
            Reply(parts=parts, kind="closed", buttons=buttons),
            action={"type": "closed", "status": case.status},
        )

    # -- helpers -----------------------------------------------------------------------------

    def _patient_facing(self, ctx: _Context) -> bool:
        return ctx.info is not None and ctx.info.domain in self.config.patient_domains

    def _differential(self, ctx: _Context) -> list[dict[str, Any]]:
        assert ctx.dialogue is not None and ctx.network is not None
        out = []
        for hid, p in ctx.dialogue.state.ranking(ctx.network)[:DIFFERENTIAL_SIZE]:
            h = ctx.network.hypothesis(hid)
            out.append({"id": hid, "name": h.name, "betp": round(p, 6), "severity": h.severity})
        return out

    def _triage(self, ctx: _Context) -> str:
        flags = ctx.dialogue.state.red_flags if ctx.dialogue else []
        return triage_level(ctx.case.differential or self._differential(ctx), flags)

    def _red_flag_level(self, ctx: _Context) -> str:
        return red_flag_level(ctx.dialogue.state.red_flags if ctx.dialogue else [])

    # -- clinical safety ---------------------------------------------------------------------

    def _red_flag_check(self, ctx: _Context) -> Escalate | None:
        """Escalate on a red flag before the planner runs. The policy does the same under the
        default stopping rule; doing it here keeps a patient pack safe under any rule
        (``red_flags="flag"`` or ``"off"`` are for measuring, not for patients)."""
        assert ctx.dialogue is not None
        flags = ctx.dialogue.state.red_flags
        if not flags or not (
            self._patient_facing(ctx) or self.config.stopping.red_flags == "escalate"
        ):
            return None
        return Escalate("red_flag", detail=flags[-1].reason)

    def _emergency_check(self, ctx: _Context, inbound: Inbound) -> _Outcome | None:
        """Escalate a patient's message whose words signal an emergency (bots.triage)."""
        kinds = emergency_kinds(inbound.text)
        if not kinds:
            return None
        if not ctx.case.pack:
            pack = self._patient_pack_for(inbound)
            if pack is None:
                return None
            self._set_pack(ctx, pack)
        elif not self._patient_facing(ctx):
            return None
        case = ctx.case
        case.status = CaseStatus.ESCALATED
        case.triage_level = "emergency"
        flags = [said_flag(kind) for kind in kinds]
        if ctx.dialogue is not None and ctx.network is not None:
            ctx.dialogue.pending = None
            ctx.dialogue.state.red_flags.extend(flags)
            case.differential = self._differential(ctx)
        else:  # no dialogue yet: keep the flags where staff look for them
            case.state = {
                **case.state,
                "red_flags": [
                    {
                        "finding": f.finding,
                        "states": list(f.states),
                        "reason": f.reason,
                        "level": f.level,
                    }
                    for f in flags
                ],
            }
        parts = (
            *emergency_advice(kinds),
            "I've also alerted our staff, who will contact you here.",
        )
        detail = ", ".join(kinds)
        return _Outcome(
            Reply(parts=parts, kind="escalation", triage_level="emergency"),
            action={
                "type": "escalate",
                "reason": "emergency_phrase",
                "detail": detail,
                "triage_level": "emergency",
            },
        )

    def _emergency_conclusion(
        self, ctx: _Context, record: dict[str, Any], intro: Sequence[str]
    ) -> _Outcome:
        """A patient conclusion whose triage is an emergency: the instruction first, and the
        case escalated so that it waits in the console queue like any other emergency."""
        case = ctx.case
        case.status = CaseStatus.ESCALATED
        case.closed_at = None
        parts = (
            f"This may be an emergency. {TRIAGE_ADVICE['emergency']}",
            *intro,
            "Thank you, that's all I need to ask. I've alerted our staff, who will contact you "
            "here.",
            NOT_A_DIAGNOSIS,
        )
        reply = Reply(parts=parts, kind="escalation", triage_level="emergency")
        return _Outcome(reply, action={**record, "triage_level": "emergency", "escalated": True})

    def _patient_pack_for(self, inbound: Inbound) -> str | None:
        """The patient-facing pack an unrouted case would go to, if any."""
        names = self.packs.names()
        chosen = inbound.pack if inbound.pack in names else None
        fixed = chosen or self.config.channel_packs.get(inbound.channel)
        if fixed:
            return fixed if fixed in names and self._is_patient_pack(fixed) else None
        patient = [n for n in names if self._is_patient_pack(n)]
        if not patient:
            return None
        return self.grounding.choose_pack(inbound.text, patient) or patient[0]

    def _is_patient_pack(self, name: str) -> bool:
        return self.packs.info(name).domain in self.config.patient_domains


def _unread(inbound: Inbound) -> dict[str, Any]:
    """The user's turn of an unreadable message (its text, if any, is stored cut)."""
    return {
        "intent": "unknown",
        "answers": [],
        "volunteered": [],
        "confidence": 0.0,
        "source": "none",
        "detail": f"not read: {inbound.unreadable}",
    }


def _emergency_reading(outcome: _Outcome) -> dict[str, Any]:
    """The user's turn of a message with emergency words: what they were taken to mean."""
    return {
        "intent": "emergency",
        "answers": [],
        "volunteered": [],
        "confidence": 1.0,
        "source": "rules",
        "detail": f"emergency phrase: {outcome.action['detail']}",
    }


def _with_disclaimer(reply: Reply) -> Reply:
    """The reply with the intake disclaimer: first, except after an emergency instruction,
    which must come before anything else."""
    if reply.kind == "escalation":
        parts = (*reply.parts, INTAKE_DISCLAIMER)
    else:
        parts = (INTAKE_DISCLAIMER, *reply.parts)
    return dataclasses.replace(reply, parts=parts)


def _action_record(action: object) -> dict[str, Any]:
    """What the policy would have done instead of a confirmation (for the turn's rationale)."""
    if isinstance(action, Ask):
        return {"type": "ask", "finding": action.finding}
    if isinstance(action, Conclude):
        return {"type": "conclude", "hypothesis": action.hypothesis}
    if isinstance(action, Abstain):
        return {"type": "abstain", "reason": action.reason}
    return {"type": type(action).__name__.lower()}


def _label(state: str) -> str:
    return state.replace("_", " ").capitalize() if state.islower() else state
