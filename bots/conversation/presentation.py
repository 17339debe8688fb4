"""What the user sees: questions, answer buttons, explanations and conclusions."""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils import timezone

from bots.case_store import Pending
from bots.conclusions import (
    RIVAL_RATIO,
    cause_title,
    conclusion_lines,
    readable_passage,
    shown_confidence,
    source_line,
    source_link,
)
from bots.config import max_message_chars
from bots.conversation import basis, carer, choice_list, safety
from bots.conversation.context import MISUNDERSTOOD_BEFORE_HUMAN, Context, Kit, Outcome
from bots.language import Interpretation
from bots.language.base import yes_no_states
from bots.language.reader import UNDECIDED
from bots.messages import Button, Inbound, Reply, Source
from bots.models import CaseStatus
from bots.records import rationale_dict
from bots.triage import ESCALATION_DISCLAIMER, INTAKE_DISCLAIMER, NOT_A_DIAGNOSIS, TRIAGE_ADVICE
from knowledge.packs import wording
from planning.actions import Ask, Conclude
from planning.network import EvidentialNetwork, Finding, Hypothesis
from planning.triage import URGENT_LEVELS, uncertain

log = logging.getLogger("bots.service")


def label(state: str) -> str:
    return state.replace("_", " ").capitalize() if state.islower() else state


def answer_buttons(
    finding: Finding, network: EvidentialNetwork | None = None, *, human: bool = False
) -> tuple[Button, ...]:
    """The buttons of a question: its answers in words (:mod:`knowledge.packs.wording`, never
    a dataset code), then "Not sure", "Why?" and, where there is something to say, "How do I
    check?"."""
    binary = yes_no_states(finding)
    if binary is not None and {s.lower() for s in finding.states} == {"yes", "no"}:
        buttons = [Button("Yes", f"answer:{binary[0]}"), Button("No", f"answer:{binary[1]}")]
    else:
        buttons = [
            Button(wording.state_label(finding, s, network), f"answer:{s}") for s in finding.states
        ]
    buttons += [Button("Not sure", "answer:unsure"), Button("Why?", "why")]
    if wording.how_to_check(finding) or any("faq" in c.passage_id for c in finding.citations):
        buttons.append(Button("How do I check?", "how"))
    if human:
        buttons.append(Button("Talk to a person", "human"))
    return tuple(buttons)


def controls(
    ctx: Context, pending: Finding, *, human: bool = False
) -> tuple[tuple[Button, ...], tuple[Button, ...]]:
    """(buttons, choices) of the pending question, as it was first asked."""
    options = ctx.dialogue.pending.options if ctx.dialogue and ctx.dialogue.pending else ()
    if options and ctx.network is not None:
        both = choice_list.whole(ctx, pending) is not None
        return choice_list.controls(ctx.network, options, human=human, whole_question=both)
    return answer_buttons(pending, ctx.network, human=human), ()


def ask(kit: Kit, ctx: Context, action: Ask, intro: Sequence[str]) -> Outcome:
    assert ctx.dialogue is not None and ctx.network is not None
    finding = ctx.network.finding(action.finding)
    options = choice_list.options_of(ctx, finding)
    if len(options) > 1:  # a multi-choice question: asked whole, as one choice list
        return choice_list.ask(kit, ctx, action, options, intro)
    shown = carer.addressed(kit, ctx, rephrase(kit, ctx, finding))
    rationale = rationale_dict(action, ctx.network)
    ctx.dialogue.pending = Pending(finding.id, shown, rationale)
    reply = Reply(
        parts=(*intro, shown), kind="question", buttons=answer_buttons(finding, ctx.network)
    )
    return Outcome(
        reply,
        action={"type": "ask", "finding": finding.id, "states": list(finding.states)},
        rationale=rationale,
        canonical_text=finding.question,
    )


def rephrase(kit: Kit, ctx: Context, finding: Finding) -> str:
    try:
        shown = kit.interpreter.rephrase(
            wording.question_text(finding, ctx.network),
            context={
                "pack": ctx.info.title if ctx.info else "",
                "complaint": ctx.dialogue.complaint if ctx.dialogue else "",
                "states": list(finding.states),
            },
        )
    except Exception:  # rephrasing is cosmetic; the pack's wording always works
        log.exception("rephrasing %s failed", finding.id)
        return wording.question_text(finding, ctx.network)
    return shown.strip() or wording.question_text(finding, ctx.network)


def conclude(kit: Kit, ctx: Context, action: Conclude, intro: Sequence[str]) -> Outcome:
    assert ctx.network is not None
    case = ctx.case
    hypothesis = ctx.network.hypothesis(action.hypothesis)
    case.status = CaseStatus.CONCLUDED
    case.conclusion = hypothesis.id
    case.confidence = float(action.confidence)
    case.closed_at = timezone.now()
    buttons = (Button("Start over", "restart"), Button("Talk to a person", "human"))
    record = {"type": "conclude", "hypothesis": hypothesis.id, "confidence": action.confidence}
    if kit.patient_facing(ctx):
        level = safety.triage(ctx)
        case.triage_level = level
        if level == "emergency":
            return safety.emergency_conclusion(ctx, record, intro)
        # A bite, sting or mild injury: the nurse's table set the level and says what to do;
        # the pack's answers "not fitting together" is about causes it does not cover.
        advice = safety.care_advice(ctx, level)
        if level not in URGENT_LEVELS and ctx.dialogue is not None and not advice:
            doubt = uncertain(ctx.dialogue.state, ctx.network)
            if doubt:
                return safety.nurse_review(ctx, record, doubt, intro)
        parts = (
            *intro,
            "Thank you, that's all I need to ask.",
            *advice[:1],
            f"Recommended next step ({level}): {next_step(level, advice)}",
            *(advice[1:-1] if level == "self-care" else advice[1:]),
            NOT_A_DIAGNOSIS,
        )
        reply = Reply(parts=parts, kind="conclusion", buttons=buttons, triage_level=level)
        return Outcome(reply, action={**record, "triage_level": level})
    sources = tuple(kit.grounding.source(c) for c in hypothesis.citations[:2])
    assert ctx.dialogue is not None
    confidences = ctx.dialogue.confidence
    shown = shown_confidence(
        ctx.dialogue.state,
        ctx.network,
        hypothesis.id,
        action.confidence,
        lambda finding: confidences.get(finding, 1.0),
        frozenset(
            a.finding
            for a, flag in zip(ctx.dialogue.state.answers, ctx.dialogue.asked_flags, strict=True)
            if flag
        ),
    )
    case.confidence = shown
    record["shown_confidence"] = shown
    rival = close_rival(ctx, hypothesis.id, action.confidence, confidences)
    if rival is not None:
        record["rival"] = {"hypothesis": rival[0].id, "shown_confidence": rival[1]}
    lines = conclusion_lines(hypothesis, shown, [source_link(s) for s in sources], rival=rival)
    # What it went by, where that was read from the user's words, with a way to say it was
    # misread (bots.conversation.basis).
    said = basis.from_words(ctx, hypothesis.id, kit)
    if said:
        lines = [lines[0], basis.line(said, noted=" ".join(intro)), *lines[1:]]
        buttons = (basis.button(), *buttons)
        record["basis"] = [f.to_dict() for f in said]
    reply = Reply(parts=(*intro, *lines), kind="conclusion", buttons=buttons, sources=sources)
    return Outcome(reply, action=record)


def next_step(level: str, advice: Sequence[str]) -> str:
    """The level's advice; for self-care the nurse's table's own (a bite's itch is not "rest
    and drink fluids")."""
    if level == "self-care" and len(advice) > 1:
        return advice[-1]
    return TRIAGE_ADVICE[level]


def close_rival(
    ctx: Context, leader: str, betp: float, confidences: Mapping[str, float]
) -> tuple[Hypothesis, float] | None:
    """The runner-up and the confidence to show for it, when the answers leave it about as
    likely as the conclusion (BetP at least ``RIVAL_RATIO`` of the leader's): a "not sure" at
    a chart's last fork leaves two causes at 0.5 each."""
    assert ctx.dialogue is not None
    ranking = [(h, p) for h, p in ctx.dialogue.state.ranking(ctx.network) if h != leader]
    if not ranking or betp <= 0.0 or ranking[0][1] < RIVAL_RATIO * betp:
        return None
    other, other_betp = ranking[0]
    shown = shown_confidence(
        ctx.dialogue.state,
        ctx.network,
        other,
        other_betp,
        lambda finding: confidences.get(finding, 1.0),
    )
    return ctx.network.hypothesis(other), shown


# -- re-asking ---------------------------------------------------------------------------------


def reask(
    ctx: Context,
    pending: Finding,
    explanation: tuple[str, Source | None],
    *,
    kind: str,
    patient: bool = False,
) -> Outcome:
    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    text, source = explanation
    parts = [text]
    # A patient is not shown the reference line behind a question (dataset tables, ids);
    # staff see it in the console. Others get the guide's title and link, never a passage id.
    if source is not None and not patient and (title := source_line(source)):
        parts.append(title)
    parts.append(ctx.dialogue.pending.text)
    buttons, choices = controls(ctx, pending)
    reply = Reply(
        parts=tuple(parts),
        kind="question",
        buttons=buttons,
        sources=(source,) if source else (),
        choices=choices,
    )
    return Outcome(
        reply,
        action={"type": kind, "finding": pending.id, "then": "ask"},
        rationale=ctx.dialogue.pending.rationale,
        canonical_text=pending.question,
    )


def why(kit: Kit, ctx: Context, pending: Finding) -> tuple[str, Source | None]:
    assert ctx.dialogue is not None and ctx.dialogue.pending is not None and ctx.network
    rationale = ctx.dialogue.pending.rationale
    # Causes by their readable titles, never a chart's step notes.
    names = [
        cause_title(ctx.network.hypothesis(str(item["id"])))
        if str(item.get("id")) in ctx.network.hypothesis_index
        else str(item["name"])
        for item in rationale.get("separates_named", [])
    ]
    if rationale.get("kind") == "confirm":
        text = str(rationale.get("explanation", "I want to be sure I understood you."))
    elif kit.patient_facing(ctx):
        text = (
            "Your answer tells me which of the possible explanations for your symptoms fit, "
            "and how soon you should be seen."
        )
    elif names:
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
        text = f"Your answer helps me tell apart the likeliest causes: {listed}."
    else:
        text = "It is the most informative question I can ask at this point."
    source = kit.grounding.source(pending.citations[0]) if pending.citations else None
    quoted = readable_passage(source.text) if source is not None else ""
    if quoted and not kit.patient_facing(ctx):
        text = f'{text} The guide says: "{_plain_quote(quoted)}"'
    return text, source


def _plain_quote(text: str) -> str:
    """A guide's step as a person reads it: no "Step 3 - question (...):" header and no
    "if yes, go to step 9" routing, which are the chart's wiring, not advice."""
    text = re.sub(r"^\s*Step \d+\s*-\s*\w+\s*(?:\([^)]*\))?:\s*", "", text)
    text = re.sub(r"[;,]?\s*(?:if (?:yes|no)[,:]?\s*)?go to step \d+", "", text, flags=re.I)
    return text.strip(" ;,") or text


def how(kit: Kit, ctx: Context, pending: Finding) -> tuple[str, Source | None]:
    assert ctx.info is not None and ctx.network is not None
    text, source = kit.grounding.how_to_check(ctx.info.name, pending, ctx.network)
    if kit.patient_facing(ctx) and (not text or source is None):
        # A patient gets plain instructions, not the pack's reference line.
        text, source = wording.how_to_check(pending), None
    if not text:
        return NO_HOW, None
    return f"Here is how to check: {text}", source


# What "how do I check?" (or "what's that?") gets where the guides have nothing on it.
NO_HOW = (
    "I don't have instructions for checking that. If you can't tell, answer "
    '"Not sure" and I\'ll ask something else.'
)


def misunderstood(ctx: Context, pending: Finding, meaning: Interpretation) -> Outcome:
    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    ctx.dialogue.pending.misunderstood += 1
    offer_human = ctx.dialogue.pending.misunderstood >= MISUNDERSTOOD_BEFORE_HUMAN
    if ctx.dialogue.pending.options:
        hint = "Please pick the ones that apply, or say none of these or not sure."
    elif yes_no_states(pending) is not None and len(pending.states) == 2:
        hint = "Please answer yes, no or not sure, or ask me why I'm asking or how to check."
    else:
        labels = [wording.state_label(pending, s, ctx.network) for s in pending.states]
        hint = f"Please pick one of: {', '.join(labels)}."
    opener = "Sorry, I didn't understand that."
    if meaning.intent == "greeting":
        # Answered as what it was: a thanks is not greeted, an "ok" needs no opener.
        opener = {"thanks": "You're welcome.", "acknowledged": ""}.get(meaning.detail, "Hello!")
    if meaning.detail == UNDECIDED:
        # "the steering is fine" to "is the steering hard when stationary?": read, but as
        # neither a yes nor a no; the user is asked which rather than the reader guessing.
        opener = "I couldn't tell whether that means yes or no."
    elif meaning.detail == choice_list.YES_TO_LIST:
        # Understood: some apply, which ones was not said (choice_list.read).
        opener = "Which ones?"
        hint = "Please pick every one that applies, or say none of these or not sure."
    parts = tuple(p for p in (opener, hint, ctx.dialogue.pending.text) if p)
    buttons, choices = controls(ctx, pending, human=offer_human)
    reply = Reply(parts=parts, kind="question", buttons=buttons, choices=choices)
    return Outcome(
        reply,
        action={"type": "reask", "finding": pending.id, "reason": meaning.intent},
        rationale=ctx.dialogue.pending.rationale,
        canonical_text=pending.question,
    )


def unreadable(ctx: Context, inbound: Inbound) -> Outcome:
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
        buttons, choices = controls(ctx, pending)
        reply = Reply(
            parts=(notice, ctx.dialogue.pending.text),
            kind="question",
            buttons=buttons,
            choices=choices,
        )
        return Outcome(
            reply,
            action=action,
            rationale=ctx.dialogue.pending.rationale,
            canonical_text=pending.question,
        )
    if ctx.case.status != CaseStatus.ACTIVE:
        shut = closed(ctx).reply
        reply = Reply(parts=(notice, *shut.parts), kind="closed", buttons=shut.buttons)
        return Outcome(reply, action=action)
    return Outcome(Reply(parts=(notice,), kind="prompt"), action=action)


def closed(ctx: Context) -> Outcome:
    case = ctx.case
    restart = Button("Start over", "restart")
    if case.status == CaseStatus.CONCLUDED:
        text = "This case is closed. If the problem is still there, start over or ask for a person."
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
    return Outcome(
        Reply(parts=parts, kind="closed", buttons=buttons),
        action={"type": "closed", "status": case.status},
    )


def with_disclaimer(reply: Reply, said: Callable[[str], str] | None = None) -> Reply:
    """The reply with the intake disclaimer first. An escalation's instruction is not delayed
    by it: a one-sentence disclaimer opens the instruction's own message, never after it.
    ``said``: the disclaimer as put to this user (a carer is told about the patient)."""
    turn = said or (lambda text: text)
    if reply.kind == "escalation" and reply.parts:
        parts = (f"{turn(ESCALATION_DISCLAIMER)} {reply.parts[0]}", *reply.parts[1:])
    else:
        parts = (turn(INTAKE_DISCLAIMER), *reply.parts)
    return dataclasses.replace(reply, parts=parts)


def unread(inbound: Inbound) -> dict[str, Any]:
    """The user's turn of an unreadable message (its text, if any, is stored cut)."""
    return {
        "intent": "unknown",
        "answers": [],
        "volunteered": [],
        "confidence": 0.0,
        "source": "none",
        "detail": f"not read: {inbound.unreadable}",
    }
