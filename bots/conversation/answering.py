"""Reading the user's message, applying the answer, and the policy's next decision.

Before abstaining (or after two "not sure" in a row), and before concluding on an answer read
from the user's words with doubt, the answer the dialogue rests on is asked again as a
confirmation, whose reply replaces it (:mod:`planning.recovery`, the rule the evaluation
measures; a button answer is never confirmed).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any

from bots.case_store import Pending, StoredDialogue, prior_vector
from bots.conclusions import contradicted, resting_answers
from bots.conversation import follow_ups, handoff, presentation, safety
from bots.conversation.context import (
    NO_KNOWLEDGE,
    PACK_PREFIX,
    SECTION_PREFIX,
    Context,
    Kit,
    Outcome,
    differential,
)
from bots.language import Interpretation
from bots.language.base import answer_to_dict
from bots.messages import Inbound, Reply
from bots.models import CaseStatus
from knowledge.packs import wording
from planning.actions import Abstain, Ask, Conclude, Escalate
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding
from planning.recovery import (
    DEFAULT_CONFIRM_BELOW,
    DEFAULT_MAX_CONFIRMATIONS,
    confirmation_candidate,
    decisive_doubt,
    is_stalled,
    replace_answer,
)

log = logging.getLogger("bots.service")


def interpret(kit: Kit, ctx: Context, inbound: Inbound) -> Interpretation:
    network = ctx.network or NO_KNOWLEDGE
    pending = ctx.pending if ctx.case.status == CaseStatus.ACTIVE else None
    button = inbound.button
    if button and button.startswith((PACK_PREFIX, SECTION_PREFIX)):
        return Interpretation("unknown", confidence=1.0, detail=f"button {button}")
    try:
        return kit.interpreter.interpret(
            inbound.text, pending=pending, network=network, button=button
        )
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


def apply_volunteered(ctx: Context, facts: Sequence[Answer]) -> list[str]:
    """Apply volunteered facts (they cost no turn); what was noted, for the reply."""
    assert ctx.dialogue is not None and ctx.network is not None
    noted = []
    for fact in facts:
        if fact.finding in ctx.dialogue.state.asked:
            continue
        ctx.dialogue.state.apply(fact, ctx.network, asked=False)
        ctx.dialogue.asked_flags.append(False)
        if fact.states is not None:
            finding = ctx.network.finding(fact.finding)
            question = wording.question_text(finding, ctx.network).rstrip("?")
            said = "/".join(_said(finding, st, ctx.network) for st in fact.states)
            noted.append(f"{question}? {said}")
    return noted


def answered(kit: Kit, ctx: Context, meaning: Interpretation, pending: Finding) -> Outcome:
    assert ctx.dialogue is not None and ctx.network is not None
    answer = meaning.answer_for(pending.id)
    if answer is None:
        return presentation.misunderstood(ctx, pending, meaning)
    dialogue = ctx.dialogue
    replaces = dialogue.pending.replaces if dialogue.pending else None
    if replaces is not None:
        replace(ctx, replaces, answer)
    else:
        dialogue.state.apply(answer, ctx.network, asked=True)
        dialogue.asked_flags.append(True)
        dialogue.since_confirmation += 1
    dialogue.confidence[answer.finding] = float(meaning.confidence)
    dialogue.pending = None
    noted = apply_volunteered(ctx, meaning.volunteered)
    intro = (f"Also noted: {'; '.join(noted)}.",) if noted else ()
    changed = changed_answer(ctx, meaning.volunteered)
    if changed is not None:  # said otherwise before: asked back, not overwritten
        return confirm(ctx, None, changed, "changed", intro)
    return decide(kit, ctx, intro)


def changed_answer(ctx: Context, facts: Sequence[Answer]) -> int | None:
    """The index of an earlier answer that a fact in this message says otherwise, if it was
    not confirmed already."""
    assert ctx.dialogue is not None
    answers = ctx.dialogue.state.answers
    for fact in facts:
        if fact.states is None or fact.finding in ctx.dialogue.confirmed:
            continue
        for index in range(len(answers) - 1, -1, -1):
            earlier = answers[index]
            if earlier.finding == fact.finding and earlier.states is not None:
                if set(earlier.states) != set(fact.states):
                    return index
                break
    return None


# -- the policy's decision ---------------------------------------------------------------------


def decide(kit: Kit, ctx: Context, intro: Sequence[str]) -> Outcome:
    assert ctx.dialogue is not None and ctx.network is not None
    action = safety.red_flag_check(kit, ctx) or kit.policy.choose(ctx.dialogue.state, ctx.network)
    action = _in_order(kit, ctx, action)
    action, against = against_answers(ctx, action)
    if against is not None:
        return confirm(ctx, action, against, "contradiction", intro)
    confirmation = confirmation_for(kit, ctx, action)
    if confirmation is not None:
        return confirm(ctx, action, *confirmation, intro)
    if isinstance(action, Ask):
        return presentation.ask(kit, ctx, action, intro)
    ctx.dialogue.pending = None
    ctx.case.differential = differential(ctx)
    if isinstance(action, Conclude):
        return presentation.conclude(kit, ctx, action, intro)
    if isinstance(action, Escalate):
        return handoff.escalate(kit, ctx, action, intro)
    assert isinstance(action, Abstain)
    return handoff.abstain(kit, ctx, action, intro)


# The first questions follow the complaint (bots.conversation.follow_ups): as many as the
# probes and a clinician would judge by.
EARLY_QUESTIONS = 3


def _said(finding: Finding, state: str, network: EvidentialNetwork | None) -> str:
    """A state as a sentence quotes it: its words when it is a code, else itself."""
    label = wording.state_label(finding, state, network)
    return state if label.lower() == state.lower() else label


def _in_order(kit: Kit, ctx: Context, action: object) -> object:
    """A follow-up question only after the question it follows up on (follow_ups)."""
    assert ctx.dialogue is not None and ctx.network is not None
    dialogue, network = ctx.dialogue, ctx.network

    def settle(answer: Answer) -> None:
        dialogue.state.apply(answer, network, asked=False)
        dialogue.asked_flags.append(False)

    def choose_again(excluded: frozenset[str]) -> object:
        state = dialogue.state
        view = dataclasses.replace(state, asked=state.asked | excluded) if excluded else state
        return kit.policy.choose(view, network)

    answered = {a.finding: a.states for a in dialogue.state.answers}
    mentioned = frozenset(
        a.finding for a in follow_ups.complaint_facts(dialogue.complaint or "", network)
    )
    return follow_ups.redirect(
        action,
        answered,
        network,
        settle,
        choose_again,
        early=dialogue.state.turns < EARLY_QUESTIONS,
        mentioned=mentioned,
    )


# -- confirmations (planning.recovery) ---------------------------------------------------------


def confirmation_for(kit: Kit, ctx: Context, action: object) -> tuple[int, str] | None:
    """(index of the answer to confirm, why) before ``action``, or None.

    A conclusion resting on an answer read with doubt confirms it first; a stalled dialogue
    (the policy abstains, or the last questions all got "not sure") confirms the answer it
    rests on. A button answer is certain (nothing was read), so it is never a candidate.
    """
    assert ctx.dialogue is not None and ctx.network is not None
    dialogue = ctx.dialogue
    state = dialogue.state
    if (
        len(dialogue.confirmed) >= DEFAULT_MAX_CONFIRMATIONS
        or state.turns >= kit.config.stopping.max_turns
        or state.human_requested
    ):
        return None
    common: dict[str, Any] = {
        "volunteered": 0,
        "asked": dialogue.asked_flags,
        "open_world": dialogue.open_world,
        "prior": prior_vector(ctx.network, dialogue.prior),
    }
    confidence = reading_confidence(dialogue)
    # Confirmed findings, and answers nothing was read for (buttons), are not asked again.
    settled = set(dialogue.confirmed) | {
        a.finding for a in state.answers if confidence(a.finding) >= 1.0
    }
    if isinstance(action, Conclude):
        index = decisive_doubt(
            state,
            ctx.network,
            kit.policy,
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
        state, ctx.network, kit.policy, confirmed=settled, confidence=confidence, **common
    )
    return None if index is None else (index, "stalled")


def against_answers(ctx: Context, action: object) -> tuple[object, int | None]:
    """A conclusion that goes against an answer the user gave is never shown: a typed or
    volunteered answer is asked back once (its reply replaces it), else a person takes it."""
    assert ctx.dialogue is not None and ctx.network is not None
    if not isinstance(action, Conclude):
        return action, None
    state = ctx.dialogue.state
    against = contradicted(state, ctx.network, action.hypothesis)
    if not against:
        # Nobody asked: a fact read in passing that the conclusion rests on is asked once
        # before it is concluded on ("i think i can smell burning").
        resting = {a.finding for a in resting_answers(state, ctx.network, action.hypothesis)}
        for index, (answer, asked) in enumerate(
            zip(state.answers, ctx.dialogue.asked_flags, strict=True)
        ):
            settled = answer.finding in ctx.dialogue.confirmed
            if not asked and answer.finding in resting and not settled:
                return action, index
        return action, None
    confidence = reading_confidence(ctx.dialogue)
    for answer in against:
        pressed = confidence(answer.finding) >= 1.0 and answer.reliability >= 1.0
        if answer.finding in ctx.dialogue.confirmed or pressed:
            continue
        return action, max(i for i, a in enumerate(state.answers) if a is answer)
    return Abstain("the likeliest cause goes against an answer you gave"), None


def reading_confidence(dialogue: StoredDialogue) -> Callable[[str], float]:
    # A finding without a recorded reading was volunteered or stored before confirmations
    # existed: treated as certain, as the evaluation treats templated answers.
    return lambda finding: dialogue.confidence.get(finding, 1.0)


def confirm(
    ctx: Context, instead: object, index: int, reason: str, intro: Sequence[str]
) -> Outcome:
    """Ask the answer at ``index`` again; the reply will replace it (:func:`replace`)."""
    assert ctx.dialogue is not None and ctx.network is not None
    earlier = ctx.dialogue.state.answers[index]
    finding = ctx.network.finding(earlier.finding)
    shown = f"Just to be sure: {wording.question_text(finding, ctx.network)}"
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
    }.get(reason, "the answers since do not fit it, so I may have misread it")
    rationale: dict[str, Any] = {
        "kind": "confirm",
        "reason": reason,
        "explanation": f'I took your earlier answer as "{understood}", but {why}.',
        "replaces": index,
        "earlier": answer_to_dict(earlier),
        "reading_confidence": reading_confidence(ctx.dialogue)(finding.id),
        "instead_of": action_record(instead),
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


def replace(ctx: Context, index: int, answer: Answer) -> None:
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


def action_record(action: object) -> dict[str, Any]:
    """What the policy would have done instead of a confirmation (for the turn's rationale)."""
    if isinstance(action, Ask):
        return {"type": "ask", "finding": action.finding}
    if isinstance(action, Conclude):
        return {"type": "conclude", "hypothesis": action.hypothesis}
    if isinstance(action, Abstain):
        return {"type": "abstain", "reason": action.reason}
    return {"type": type(action).__name__.lower()}
