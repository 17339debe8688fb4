"""Reading the user's message, applying the answer, and the engine's next decision.

The dialogue itself (answers, volunteered facts, the policy's decision and the confirmation
rule) is :mod:`planning.engine`'s, the same step the evaluation measures; this module turns
the user's words into the engine's inputs and its decisions into replies.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bots.case_store import Pending
from bots.conversation import (
    basis,
    carer,
    choice_list,
    follow_ups,
    handoff,
    nurse_questions,
    presentation,
    safety,
    safety_check,
    urgent_screen,
)
from bots.conversation.context import (
    MISUNDERSTOOD_BEFORE_HUMAN,
    NO_KNOWLEDGE,
    PACK_PREFIX,
    SECTION_PREFIX,
    UNREAD_BEFORE_SKIP,
    Context,
    Kit,
    Outcome,
    differential,
)
from bots.language import Interpretation, body_places
from bots.language.base import answer_to_dict
from bots.language.facts import asked_sentence
from bots.messages import PICK_PREFIX, Inbound, Reply
from bots.models import CaseStatus
from knowledge.packs import wording
from planning.actions import Abstain, Action, Ask, Conclude, Escalate
from planning.engine import Confirm, Decision, Dialogue, changed_answer
from planning.evidence import Answer
from planning.focus import DEFAULT_TYPICAL_SHARE, early_exclusions, typical_topics
from planning.network import EvidentialNetwork, Finding

log = logging.getLogger("bots.service")


def interpret(kit: Kit, ctx: Context, inbound: Inbound) -> Interpretation:
    network = ctx.network or NO_KNOWLEDGE
    pending = ctx.pending if ctx.case.status == CaseStatus.ACTIVE else None
    button = inbound.button
    correction = basis.read(kit, ctx, inbound)  # after a conclusion: "that's not what I said"
    if correction is not None:
        return correction
    if button and button.startswith((PACK_PREFIX, SECTION_PREFIX)):
        return Interpretation("unknown", confidence=1.0, detail=f"button {button}")
    asked = ctx.dialogue.pending if pending is not None and ctx.dialogue is not None else None
    if safety_check.is_check(asked):  # the nurse's safety follow-up (not a pack question)
        return safety_check.read(kit, ctx, inbound)
    if nurse_questions.is_question(asked):  # a nurse's question about a bite or an injury
        return nurse_questions.read(kit, ctx, inbound)
    if asked is not None and asked.options:  # a multi-choice question asked whole
        chose = choice_list.read(kit, ctx, inbound, asked)
        if chose is not None:
            return chose
        if button.startswith(PICK_PREFIX):
            return Interpretation("unknown", confidence=0.0, detail="stale choice")
    # A carer's words read as the patient's own ("his ear hurts": bots.conversation.carer).
    text = carer.own_words(kit, ctx, inbound.text, opening=inbound.text)
    try:
        return kit.interpreter.interpret(text, pending=pending, network=network, button=button)
    except ValueError as exc:
        # A stale button (an old question's answer) or a bad payload: not the user's fault.
        # The button's payload is ours; what the user typed is never logged.
        what = f"button {button!r}" if button else f"a {len(inbound.text)}-character message"
        log.info("case %s: could not interpret %s: %s", ctx.case.pk, what, exc)
        return Interpretation("unknown", confidence=0.0, detail=str(exc))


def volunteered(kit: Kit, text: str, network: EvidentialNetwork) -> tuple[Answer, ...]:
    """The facts a message states without being asked."""
    try:
        return kit.interpreter.interpret(text, pending=None, network=network).volunteered
    except ValueError as exc:
        log.info("volunteered facts not applied (%d characters): %s", len(text), exc)
        return ()


def apply_volunteered(kit: Kit, ctx: Context, facts: Sequence[Answer]) -> list[str]:
    """Apply volunteered facts (they cost no turn); what was noted, for the reply."""
    assert ctx.dialogue is not None and ctx.network is not None
    return noted(ctx, kit.engine(ctx).volunteer(ctx.dialogue, ctx.network, facts), kit)


def noted(ctx: Context, facts: Sequence[Answer], kit: Kit | None = None) -> list[str]:
    assert ctx.network is not None
    out = []
    # A multi-choice question read whole (the places of a pain said in the opening) is noted
    # as one line of the places said, not one line per option.
    chosen: dict[str, list[str]] = {}
    for fact in facts:
        finding = ctx.network.finding(fact.finding)
        if finding.group and fact.states is not None:
            if fact.states == ("yes",) and not choice_list.is_none_option(finding):
                places = chosen.setdefault(finding.group, [])
                place = choice_list.label(finding, ctx.network).lower()
                if place not in places:  # two codes, one place ("back of the head")
                    places.append(place)
            continue
        if fact.states is not None:
            question = wording.question_text(finding, ctx.network)
            if kit is not None:
                question = carer.addressed(kit, ctx, question)
            # Without the instructions before it: the user was told to check nothing, they said it.
            question = asked_sentence(question).rstrip("?")
            said = "/".join(_said(finding, st, ctx.network) for st in fact.states)
            out.append(f"{question}? {said}")
    for group, places in chosen.items():
        first = next(f for f in ctx.network.findings if f.group == group)
        question = choice_list.stem(first)
        if kit is not None:
            question = carer.addressed(kit, ctx, question)
        out.append(f"{question.rstrip('?')}? {', '.join(places)}")
    return out


def noted_and_asked_again(
    kit: Kit, ctx: Context, meaning: Interpretation, pending: Finding
) -> Outcome:
    """A reply that speaks about other findings only ("theres no smoke at all" to "hot
    environment?"): its facts are recorded and noted back, and the question is asked again
    rather than answered with them. One that says an earlier answer otherwise is asked back."""
    assert ctx.dialogue is not None and ctx.network is not None
    dialogue = ctx.dialogue
    so_far = {a.finding: a.states for a in dialogue.state.answers}
    said = follow_ups.without_orphans(meaning.volunteered, so_far, ctx.network)
    applied = kit.engine(ctx).volunteer(dialogue, ctx.network, said)
    changed = changed_answer(dialogue, said)
    if changed is not None:
        dialogue.pending = None
        decision = Confirm(changed, dialogue.state.answers[changed].finding, "changed", None)
        return present(kit, ctx, decision, ())
    facts = noted(ctx, applied, kit)
    again = not facts
    if again:  # said again as before: noted again, so the user sees it was heard
        facts = noted(ctx, [f for f in said if so_far.get(f.finding) == f.states], kit)
    if not facts or dialogue.pending is None:
        return presentation.misunderstood(ctx, pending, meaning)
    hint: tuple[str, ...] = ()
    if again:
        # Nothing new: the question is as unanswered as after an unreadable reply, so it counts
        # toward offering a person (a fact said eight times over to one question looped).
        dialogue.pending.misunderstood += 1
        hint = ("I have that already; this question asks about something else.",)
    human = dialogue.pending.misunderstood >= MISUNDERSTOOD_BEFORE_HUMAN
    buttons, choices = presentation.controls(ctx, pending, human=human)
    reply = Reply(
        parts=(f"Noted: {'; '.join(facts)}.", *hint, dialogue.pending.text),
        kind="question",
        buttons=buttons,
        choices=choices,
    )
    return Outcome(
        reply,
        action={"type": "reask", "finding": pending.id, "reason": "about another finding"},
        rationale=dialogue.pending.rationale,
        canonical_text=pending.question,
    )


def answered_unsure(
    kit: Kit, ctx: Context, meaning: Interpretation, pending: Finding, why: str
) -> Outcome:
    """The pending question answered "not sure" for the user (``why`` is recorded), with the
    facts their reply told about other findings."""
    unsure = Interpretation(
        "answer", (Answer.unsure(pending.id),), meaning.volunteered, 0.8, detail=why
    )
    return answered(kit, ctx, unsure, pending)


def skipped_after_unread(
    kit: Kit, ctx: Context, meaning: Interpretation, pending: Finding
) -> Outcome | None:
    """The question left as "not sure" when this is the reply that would ask it for the
    :data:`UNREAD_BEFORE_SKIP`-th time without an answer: the facts in it are still taken,
    and the user is told the question was left, not that it was answered."""
    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    if ctx.dialogue.pending.misunderstood + 1 < UNREAD_BEFORE_SKIP:
        return None
    outcome = answered_unsure(kit, ctx, meaning, pending, "left after unread replies")
    if outcome.reply.kind != "question":
        return outcome
    told = "I'll leave that question for now and go on."
    reply = dataclasses.replace(outcome.reply, parts=(told, *outcome.reply.parts))
    return dataclasses.replace(outcome, reply=reply)


def answered(kit: Kit, ctx: Context, meaning: Interpretation, pending: Finding) -> Outcome:
    """The reply to the pending question: one step of the engine (planning.engine)."""
    assert ctx.dialogue is not None and ctx.network is not None
    dialogue = ctx.dialogue
    listed = set(dialogue.pending.options) if dialogue.pending else set()
    answer = meaning.answer_for(pending.id)
    if answer is None and listed:  # a choice list whose reply left the asked option unsaid
        answer = next((a for a in meaning.answers if a.finding in listed), None)
    if answer is None:
        return presentation.misunderstood(ctx, pending, meaning)
    replaces = dialogue.pending.replaces if dialogue.pending else None
    also = [a for a in meaning.answers if a.finding in listed - {answer.finding}]
    if answer.states is None and listed:
        # "Not sure" to a choice list is not sure about all of it: the same list (its stem
        # with the other options) is not asked again next.
        said = {a.finding for a in also} | {answer.finding}
        also += [Answer(o, None) for o in sorted(listed - said)]
    if listed and replaces is None:
        # A "where?" asked with its parent ("Do you have pain somewhere? If so, where?")
        # answers the parent too (follow_ups.asks_whether).
        parent = follow_ups.parent_answer([answer, *also], ctx.network)
        if parent is not None and parent.finding not in dialogue.state.asked:
            if (
                parent.states is not None
                and parent.states[0] != ctx.network.finding(parent.finding).states[0]
            ):
                # "Nowhere": each place's "no" is the parent's "no" again, which its own
                # link counts once (follow_ups.implied).
                answer = follow_ups.implied(answer)
                also = [follow_ups.implied(a) for a in also]
            also.append(parent)
    dialogue.pending = None
    # The facts the step volunteers follow the answer (a confirmation's reply replaces one).
    first_fact = len(dialogue.asked_flags) + (1 if replaces is None else 0)
    earlier = [a for i, a in enumerate(dialogue.state.answers) if i != replaces]
    so_far = {a.finding: a.states for a in dialogue.state.answers}
    so_far[answer.finding] = answer.states
    said = follow_ups.without_orphans(meaning.volunteered, so_far, ctx.network)
    decision = kit.engine(ctx).step(
        dialogue,
        ctx.network,
        answer,
        confidence=meaning.confidence,
        replaces=replaces,
        also=also,
        volunteered=said,
        escalate_red_flags=safety.escalates_red_flags(kit, ctx),
    )
    # The answer by any path (button, words, choice list) gets the check a message's words get.
    emergency = safety.answer_check(
        kit, ctx, (answer, *also), earlier, escalating=isinstance(decision, Escalate)
    )
    if emergency is not None:
        return emergency
    # Only what the user said is noted back: not the follow-ups their answer settled
    # unasked ("no pain" settles every question about the pain, a hundred of them).
    spoken = {f.finding for f in said}
    facts = noted(ctx, [a for a in dialogue.state.answers[first_fact:] if a.finding in spoken], kit)
    intro = (f"Also noted: {'; '.join(facts)}.",) if facts else ()
    return present(kit, ctx, decision, intro)


# -- the engine's decision ---------------------------------------------------------------------


def decide(kit: Kit, ctx: Context, intro: Sequence[str]) -> Outcome:
    """The engine's next decision (planning.engine), as a reply."""
    assert ctx.dialogue is not None and ctx.network is not None
    decision = kit.engine(ctx).decide(
        ctx.dialogue, ctx.network, escalate_red_flags=safety.escalates_red_flags(kit, ctx)
    )
    return present(kit, ctx, decision, intro)


def present(kit: Kit, ctx: Context, decision: Decision, intro: Sequence[str]) -> Outcome:
    """A decision of the engine as the reply (and the case's new status)."""
    assert ctx.dialogue is not None
    if isinstance(decision, (Ask, Confirm, Conclude)):
        # A bite, sting or mild injury: the pack (DDXPlus) has no cause for it, so the nurse's
        # table asks its own few questions and concludes (stop 41); a red flag, an escalation
        # or a hand-off stays the engine's.
        nurse = nurse_questions.instead(kit, ctx, intro)
        if isinstance(nurse, Outcome):
            return nurse
        if nurse is not None:
            decision = nurse
    # An urgent close asks the emergency questions that fit what was said first (stop 45).
    screened = urgent_screen.before_close(kit, ctx, decision, intro)
    if isinstance(screened, Outcome):
        return screened
    intro = (*intro, *screened)
    if isinstance(decision, Confirm):
        return confirm(kit, ctx, decision, intro)
    if isinstance(decision, Ask):
        return presentation.ask(kit, ctx, decision, intro)
    ctx.dialogue.pending = None
    ctx.case.differential = differential(ctx)
    if isinstance(decision, Conclude):
        return presentation.conclude(kit, ctx, decision, intro)
    if isinstance(decision, Escalate):
        return handoff.escalate(kit, ctx, decision, intro)
    assert isinstance(decision, Abstain)
    return handoff.abstain(kit, ctx, decision, intro)


# The first questions follow the complaint (bots.conversation.follow_ups): as many as the
# probes and a clinician would judge by.
EARLY_QUESTIONS = 3


@dataclass(frozen=True)
class QuestionOrder:
    """Where the product orders questions beyond the policy's score: a pack's
    ``metadata.question_order`` (``complaint_first``, ``follow_ups_after_parent``), else these
    defaults. Each costs questions against the policy's own order (issue 3's harness had
    neither; docs/engine-parity.md measures them) and each is there for the user:

    - ``complaint_first``: the first N questions are about the complaint (planning.focus), not
      history or another topic (0: the policy's own order from the first question);
    - ``follow_ups_after_parent``: a follow-up ("how intense is the pain?") only after its
      parent question was answered yes ("do you have pain?"), but for a "where?" whose
      "nowhere" is the parent's "no", asked with it ("Do you have pain somewhere? If so,
      where?", follow_ups.asks_whether); False asks it as the policy chose;
    - ``typical_share``: in the first questions, a topic the opening did not name may be
      opened when hypotheses holding this share of the plausible ones' support list it
      (planning.focus.typical_topics: pain for a cough); above 1, only the topics named;
    - ``volunteered_topics``: topics a person names when they are there (a rash, a swelling:
      they are seen); in the first questions they are opened only when the opening named
      them, however typical of the plausible causes."""

    complaint_first: int = EARLY_QUESTIONS
    follow_ups_after_parent: bool = True
    typical_share: float = DEFAULT_TYPICAL_SHARE
    volunteered_topics: frozenset[str] = frozenset()

    @classmethod
    def from_metadata(cls, metadata: Mapping[str, Any]) -> QuestionOrder:
        own = metadata.get("question_order") or {}
        if not isinstance(own, Mapping):
            raise ValueError(f"question_order must be a mapping, got {own!r}")
        first = int(own.get("complaint_first", EARLY_QUESTIONS))
        if first < 0:
            raise ValueError(f"question_order.complaint_first must be >= 0, got {first}")
        share = float(own.get("typical_share", DEFAULT_TYPICAL_SHARE))
        if share < 0:
            raise ValueError(f"question_order.typical_share must be >= 0, got {share}")
        volunteered = own.get("volunteered_topics", ())
        if isinstance(volunteered, str) or not all(isinstance(t, str) for t in volunteered):
            raise ValueError(
                f"question_order.volunteered_topics must be a list of finding ids, got "
                f"{volunteered!r}"
            )
        return cls(
            first, bool(own.get("follow_ups_after_parent", True)), share, frozenset(volunteered)
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "complaint_first": self.complaint_first,
            "follow_ups_after_parent": self.follow_ups_after_parent,
            "typical_share": self.typical_share,
            "volunteered_topics": sorted(self.volunteered_topics),
        }


def _said(finding: Finding, state: str, network: EvidentialNetwork | None) -> str:
    """A state as a sentence quotes it: its words when it is a code, else itself."""
    label = wording.state_label(finding, state, network)
    return state if label.lower() == state.lower() else label


def in_order(
    action: Action,
    dialogue: Dialogue,
    network: EvidentialNetwork,
    settle: Callable[[Answer], None],
    choose_again: Callable[[frozenset[str]], Action],
    *,
    order: QuestionOrder = QuestionOrder(),
) -> Action:
    """The engine's question order (planning.engine.Order; bound to a pack's
    :class:`QuestionOrder` with functools.partial): the first questions follow the
    complaint (planning.focus: signs of the conditions the opening made plausible, not
    history), a follow-up question only after the question it follows up on, and early on no
    topic the complaint did not touch (follow_ups)."""
    early = dialogue.state.turns < order.complaint_first
    held_back: frozenset[str] = frozenset()
    history: frozenset[str] = frozenset()

    def again(excluded: frozenset[str]) -> Action:
        # The narrowest choice that still asks something: about the complaint, then anything
        # but history, then anything (nothing is held back for good).
        for narrower in (held_back, history):
            if narrower:
                instead = choose_again(excluded | narrower)
                if isinstance(instead, Ask):
                    return instead
        return choose_again(excluded)

    if early and isinstance(action, Ask):
        history = follow_ups.history_of(network) - dialogue.state.asked
        held_back = early_exclusions(dialogue.state, network, history)
        if action.finding in held_back:
            instead = again(frozenset())
            # Nothing left to ask at all: the policy's own choice stands.
            action = instead if isinstance(instead, Ask) else action
        action = _stated_first(action, dialogue, network, held_back, choose_again)
    if not order.follow_ups_after_parent:
        return action
    answered = {a.finding: a.states for a in dialogue.state.answers}
    complaint = str(getattr(dialogue, "complaint", "") or "")
    mentioned = frozenset(a.finding for a in follow_ups.complaint_facts(complaint, network))
    if early and order.typical_share <= 1.0:
        topics = (
            frozenset(follow_ups.follow_up_of(network).values())
            - mentioned
            - order.volunteered_topics
        )
        mentioned |= typical_topics(dialogue.state, network, topics, share=order.typical_share)
    return follow_ups.redirect(  # type: ignore[return-value]
        action,
        answered,
        network,
        settle,
        again,
        early=early,
        mentioned=mentioned,
    )


def _stated_first(
    action: Action,
    dialogue: Dialogue,
    network: EvidentialNetwork,
    held_back: frozenset[str],
    choose_again: Callable[[frozenset[str]], Action],
) -> Action:
    """In the first questions, the follow-ups of what the person said (the pain's character,
    place, intensity and onset for "my knee aches") before any cause's other signs: the
    pack's nearest cause is often not the complaint's (an adult's blocked ear reaches a
    child-shaped middle-ear infection, which asked "more irritable?"), and its signs read as
    not listening (docs/first-questions.md, stop 43)."""
    if not isinstance(action, Ask):
        return action
    complaint = str(getattr(dialogue, "complaint", "") or "")
    stated = follow_ups.stated_follow_ups(
        dialogue.state.answers,
        dialogue.asked_flags,
        network,
        unpinned=body_places.unpinned_groups(complaint, network),
    )
    if not stated or action.finding in stated:
        return action
    others = frozenset(network.finding_index) - stated
    for keep in (stated - held_back, stated):
        if keep:
            instead = choose_again(others | (stated - keep))
            if isinstance(instead, Ask) and instead.finding in keep:
                return instead
    return action


def confirm(kit: Kit, ctx: Context, decision: Confirm, intro: Sequence[str]) -> Outcome:
    """Ask an earlier answer again; the reply will replace it (``Pending.replaces``)."""
    assert ctx.dialogue is not None and ctx.network is not None
    index = decision.index
    earlier = ctx.dialogue.state.answers[index]
    finding = ctx.network.finding(earlier.finding)
    question = carer.addressed(kit, ctx, wording.question_text(finding, ctx.network))
    # Asked again because the user said it was misread: asked plainly, not "to be sure"; the
    # one check before a conclusion from the first message alone says what it is for.
    lead = {
        "corrected": "Let me ask it properly",
        "nothing_asked": "One check before I suggest a fix",
    }.get(decision.reason, "Just to be sure")
    shown = f"{lead}: {question}"
    understood = (
        "not sure"
        if earlier.states is None
        else "/".join(_said(finding, st, ctx.network) for st in earlier.states)
    )
    why = {
        "doubtful_reading": "the conclusion rests on an answer I read from your words "
        "and may have misread",
        "contradiction": "the likeliest cause does not fit that answer, or rests on something "
        "I only read in passing",
        "changed": "what you said just now says otherwise",
        "misreport": "the likeliest cause rests on it, and the other cause it could be "
        "hardly ever comes with it",
        "corrected": "you told me that was not what you said",
        "nothing_asked": "everything I would conclude rests on what I read from your first "
        "message, and I want to check it before suggesting a fix",
    }.get(decision.reason, "the answers since do not fit it, so I may have misread it")
    rationale: dict[str, Any] = {
        "kind": "confirm",
        "reason": decision.reason,
        "explanation": f'I took your earlier answer as "{understood}", but {why}.',
        "replaces": index,
        "earlier": answer_to_dict(earlier),
        "reading_confidence": ctx.dialogue.reading_confidence(finding.id),
        "instead_of": action_record(decision.instead),
        "citations": [c.to_dict() for c in finding.citations],
    }
    ctx.dialogue.pending = Pending(finding.id, shown, rationale, replaces=index)
    reply = Reply(
        parts=(*intro, shown),
        kind="question",
        buttons=presentation.answer_buttons(finding, ctx.network),
    )
    return Outcome(
        reply,
        action={"type": "confirm", "finding": finding.id, "replaces": index},
        rationale=rationale,
        canonical_text=finding.question,
    )


def action_record(action: object) -> dict[str, Any]:
    """What the policy would have done instead of a confirmation (for the turn's rationale)."""
    if action is None:  # asked back at once: the policy was not asked
        return {}
    if isinstance(action, Ask):
        return {"type": "ask", "finding": action.finding}
    if isinstance(action, Conclude):
        return {"type": "conclude", "hypothesis": action.hypothesis}
    if isinstance(action, Abstain):
        return {"type": "abstain", "reason": action.reason}
    return {"type": type(action).__name__.lower()}
