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
   evaluation measures; a button answer is never confirmed).
   A troubleshooting conclusion that rests on facts read from the user's words says so and
   offers "That's not what I said"; that, or words to that effect, reopens the case
   (:mod:`bots.conversation.basis`, :mod:`bots.conversation.correction`);
5. persist the bot's turn (action, rationale, belief after the turn, latency) and the
   dialogue state, so any worker can resume the case.

For patient-facing packs (domain "medical" by default) a conclusion never names a condition:
the patient gets next steps and a triage level; the differential is kept for staff in
``Case.differential``.

The parts, one concern per module, live in :mod:`bots.conversation` (intake, answering,
safety, presentation, hand-off); this module is the facade that loads and saves the case
around them. A worker process builds one service
(:func:`bots.service_pool.worker_service`) and uses it for every message.

Settings: :mod:`bots.config`. Patient-facing triage: :mod:`bots.triage`. What a turn records
(rationale, belief snapshot): :mod:`bots.records`. Packs, routing, FAQ and passages:
:mod:`bots.grounding`.
"""

from __future__ import annotations

import logging
import time

from bots import scope, takeover
from bots.case_store import CaseStore, dump_state, load_state
from bots.config import ServiceConfig, ServiceError
from bots.conversation import (
    answering,
    carer,
    correction,
    handoff,
    intake,
    nurse_questions,
    presentation,
    safety,
    safety_check,
)
from bots.conversation.context import (
    ANY_SECTION,
    DIFFERENTIAL_SIZE,
    MISUNDERSTOOD_BEFORE_HUMAN,
    PACK_PREFIX,
    SECTION_PREFIX,
    Context,
    Kit,
    Outcome,
)
from bots.grounding import Grounding, PackCatalog, StoredPacks
from bots.language import Interpretation, Interpreter
from bots.language.reader import typed_as_question
from bots.language.text import normalise
from bots.messages import Inbound, Reply, Source, admitted
from bots.models import Case, CaseStatus, Role
from bots.records import belief_snapshot
from planning.dialogue import StoppingRule
from planning.engine import Policy

__all__ = [
    "ANY_SECTION",
    "DIFFERENTIAL_SIZE",
    "MISUNDERSTOOD_BEFORE_HUMAN",
    "PACK_PREFIX",
    "SECTION_PREFIX",
    "ConversationService",
    "ServiceError",
]

log = logging.getLogger(__name__)


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

        self.config = config or ServiceConfig.from_settings()
        self.packs = packs or StoredPacks()
        self.interpreter = interpreter or get_interpreter()
        self.grounding = grounding or Grounding(self.packs)
        self.store = store or CaseStore()
        self.kit = Kit(self.config, self.packs, self.interpreter, self.grounding, self._policy_for)

    def _policy_for(self, stopping: StoppingRule) -> Policy:
        from planning.policies import make_policy

        # A multi-choice question is asked whole (bots.conversation.choice_list), so the
        # planner scores it whole (InfoGatherer's default). A "not sure" is not asked again:
        # the service offers how to check instead, and the engine's confirmations handle the
        # answers a conclusion rests on.
        params: dict[str, object] = (
            {"ask_again_unsure": False} if self.config.policy == "infogatherer" else {}
        )
        params.update(self.config.policy_params)
        return make_policy(self.config.policy, stopping=stopping, seed=0, **params)

    # -- entry point -------------------------------------------------------------------------

    def handle(self, inbound: Inbound, *, store: CaseStore | None = None) -> Reply:
        """Run one turn; the returned Reply is the one reply to ``inbound``.

        ``store`` replaces the service's own for this turn (a shared service gets a fresh one
        per message: a store keeps the turn's unsaved rows)."""
        started = time.perf_counter()
        # The message rules (too long, no words) hold on every path, not only the runtime's.
        inbound = admitted(inbound)
        store = store or self.store
        kit = self.kit
        with store.locked(
            inbound.channel,
            inbound.thread_id,
            user_id=inbound.user_id,
            user_display=inbound.user_display,
        ) as case:
            ctx = self._load(case, store)
            # Emergency words come before anything else: no reading, no planner, any status.
            emergency = safety.emergency_check(kit, ctx, inbound)
            if emergency is not None:
                reading = safety.emergency_reading(emergency)
                store.add_turn(case, Role.USER, text=inbound.text, interpretation=reading)
                return self._finish(store, ctx, emergency, started)
            # A person has the case, or closed it (bots.takeover); unless the user corrects
            # what a hand-off no person has taken up went by (bots.conversation.correction).
            fixes = correction.reopens(kit, ctx, inbound)
            taken = None if fixes else takeover.intercept(case, inbound)
            if taken is not None:
                user_text = inbound.text.strip() or f"[{inbound.button}]"
                store.add_turn(case, Role.USER, text=user_text, interpretation=taken.reading)
                if taken.reply is None:
                    store.save(case, update_fields=["updated_at"])
                    return takeover.silent_reply(case)
                return self._finish(store, ctx, Outcome(taken.reply, action=taken.action), started)
            if inbound.unreadable:
                # Nothing to read: say so and leave the case as it was, its question pending.
                reading = presentation.unread(inbound)
                store.add_turn(case, Role.USER, text=inbound.text, interpretation=reading)
                return self._finish(store, ctx, presentation.unreadable(ctx, inbound), started)
            meaning = answering.interpret(kit, ctx, inbound)
            user_text = inbound.text.strip() or f"[{inbound.button}]"
            ctx.user_turn = store.add_turn(
                case, Role.USER, text=user_text, interpretation=meaning.to_dict()
            )
            safety.read_flag_context(ctx)
            if meaning.intent == "restart":
                store.archive(case, reason="the user started over")
                case = store.create(
                    inbound.channel,
                    inbound.thread_id,
                    user_id=inbound.user_id,
                    user_display=inbound.user_display,
                )
                ctx = Context(case, store=store)
                outcome = intake.prompt(kit, ctx, inbound, intro=("OK, let's start over.",))
            else:
                outcome = self._respond(ctx, inbound, meaning)
                outcome = safety.with_hazard_advice(kit, ctx, inbound, outcome)
            return self._finish(store, ctx, outcome, started)

    # -- loading and saving ------------------------------------------------------------------

    def _load(self, case: Case, store: CaseStore) -> Context:
        ctx = Context(case, loaded_pack=case.pack, store=store)
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

    def _finish(self, store: CaseStore, ctx: Context, outcome: Outcome, started: float) -> Reply:
        case = ctx.case
        safety.keep_said_flags(ctx)
        if ctx.dialogue is not None and ctx.network is not None:
            case.state = dump_state(ctx.dialogue, ctx.network)
            case.pending_finding = ctx.dialogue.pending.finding if ctx.dialogue.pending else ""
        belief = (
            belief_snapshot(ctx.dialogue.state, ctx.network)
            if ctx.dialogue is not None and ctx.network is not None
            else {}
        )
        # A carer is told about the patient, not "you" (bots.conversation.carer).
        own = carer.addressed_reply(self.kit, ctx, outcome.reply)
        reply = takeover.settle(case, own, ahead=store.queue_ahead)
        store.save(case)
        if self.kit.patient_facing(ctx) and case.pack != ctx.loaded_pack:
            reply = presentation.with_disclaimer(
                reply, said=lambda text: carer.addressed_text(self.kit, ctx, text)
            )
        latency_ms = (time.perf_counter() - started) * 1000.0
        turn = store.add_turn(
            case,
            Role.BOT,
            text=reply.text,
            action=outcome.action,
            rationale=outcome.rationale,
            belief=belief,
            canonical_text=outcome.canonical_text,
            latency_ms=latency_ms,
        )
        handoff.page_if_escalated(store, case, reply, outcome, turn.pk)
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
            choices=reply.choices,
        )

    # -- what to do --------------------------------------------------------------------------

    def _respond(self, ctx: Context, inbound: Inbound, meaning: Interpretation) -> Outcome:
        kit = self.kit
        case = ctx.case
        if case.status != CaseStatus.ACTIVE:
            # "That's not what I said" after a conclusion reopens it (bots.conversation.basis).
            reopened = correction.respond(kit, ctx, inbound, meaning)
            if reopened is not None:
                return reopened
            if meaning.intent == "human" and case.status == CaseStatus.CONCLUDED:
                return handoff.hand_over(kit, ctx, "requested after the conclusion")
            return presentation.closed(ctx)
        if meaning.intent == "human":
            if ctx.dialogue is not None:
                ctx.dialogue.state.human_requested = True
                ctx.dialogue.pending = None
                return answering.decide(kit, ctx, ())
            return handoff.hand_over(kit, ctx, "requested")
        if ctx.dialogue is None:
            return intake.start(kit, ctx, inbound, meaning)
        pending = ctx.pending
        if pending is None:  # a running case always has a question pending; repair if not
            return answering.decide(kit, ctx, ())
        if safety_check.is_check(ctx.dialogue.pending):
            return safety_check.respond(kit, ctx, meaning)
        if nurse_questions.is_question(ctx.dialogue.pending):
            return nurse_questions.respond(kit, ctx, meaning)
        outside = scope.subject_named(inbound.text) if inbound.text and not inbound.button else None
        if outside is not None:
            # "its not a laptop, its my printer": no pack covers what the trouble is with, so
            # the chart's questions stop here (its "not" is no answer to them).
            return intake.out_of_scope_reply(kit, ctx, inbound.text, outside)
        if meaning.intent == "answer":
            return answering.answered(kit, ctx, meaning, pending)
        if meaning.intent == "why":
            return presentation.reask(
                ctx,
                pending,
                presentation.why(kit, ctx, pending),
                kind="why",
                patient=kit.patient_facing(ctx),
            )
        if meaning.intent == "how_to_check":
            explained = ctx.dialogue.pending.explained
            # "no idea how to check that" after the passage was shown: the user cannot check,
            # so the answer is "not sure" and the dialogue moves on (the same passage again
            # was a loop a user could not leave by typing). A question ("I don't know what an
            # ignition switch is" and then "can you tell me how I should check it?", as
            # FloDial's users ask) gets the passage once more: taking it for "not sure" lost
            # those users' answers (dev, utterances: 99% -> 94% success). Where there is no
            # passage, asking again gets nothing new (lead19: "whats that?" twice got "I
            # don't have instructions..." twice), nor where the same words come again: the
            # passage did not help ("whats that?" after the passage was shown).
            how: tuple[str, Source | None] | None = None
            words = normalise(inbound.text or "")
            moves_on = bool(explained) and not inbound.button
            again = bool(words) and words == ctx.dialogue.pending.how_asked
            if moves_on and explained < 2 and typed_as_question(words) and not again:
                how = presentation.how(kit, ctx, pending)
                moves_on = how[0] == presentation.NO_HOW
            if moves_on:
                return answering.answered_unsure(
                    kit, ctx, meaning, pending, "cannot check, after how to check"
                )
            ctx.dialogue.pending.explained += 1
            ctx.dialogue.pending.how_asked = words
            return presentation.reask(
                ctx,
                pending,
                how or presentation.how(kit, ctx, pending),
                kind="how",
                patient=kit.patient_facing(ctx),
            )
        if meaning.intent != "greeting":
            left = answering.skipped_after_unread(kit, ctx, meaning, pending)
            if left is not None:
                return left
        if meaning.volunteered and not (ctx.dialogue.pending and ctx.dialogue.pending.options):
            # No answer to the question, but facts about others: noted, not dropped.
            return answering.noted_and_asked_again(kit, ctx, meaning, pending)
        return presentation.misunderstood(ctx, pending, meaning)
