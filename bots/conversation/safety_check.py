"""One safety follow-up, as a triage nurse asks it, before escalating an emergency that only a
screening question's own wording affirmed.

"Are you experiencing shortness of breath or difficulty breathing in a significant way?" is a
screening question: about a quarter of patients with anaemia, a panic attack or bronchitis say
yes to it. Its wording, said back ("I am experiencing shortness of breath ... in a significant
way"), reads as an emergency (bots.safety.affirmed), but a nurse hearing that yes does not call
an ambulance: she asks once, in plain words, whether it is happening now ("Are you struggling
to breathe right now, even sitting still?"). So:

- an emergency the patient states in their own words escalates at once (bots.safety.emergency,
  read on every message before anything else, this follow-up's reply included);
- an emergency only affirmed through a question's wording gets this one follow-up; "yes", "not
  sure" or a second reply we cannot read escalates at once, as an emergency;
- "no" lets the questions go on, and that kind is not asked about again in the case: a later
  screening yes of the same kind does not escalate (the patient's own words still do);
- self-harm and an unwell baby are never delayed by a question.

The follow-up is stored as the pending question (its finding the screening question's, its
rationale ``{"safety_check": ...}``), so it survives between messages like any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from bots.case_store import Pending
from bots.conversation import carer
from bots.conversation.context import Context, Kit, Outcome
from bots.conversation.plain_answers import LEADING, plain
from bots.language import Interpretation
from bots.language.base import yes_no_states
from bots.messages import Button, Inbound, Reply
from bots.safety.emergency import emergency_kinds

__all__ = [
    "FOLLOW_UPS",
    "IMMEDIATE",
    "ask",
    "cleared",
    "is_check",
    "needs_check",
    "read",
    "respond",
]

KEY = "safety_check"
# What a nurse asks for each kind: is it happening now, and is it severe.
FOLLOW_UPS = {
    "breathing": "Are you struggling to breathe right now, even sitting still?",
    "chest pain": (
        "Do you have chest pain or pressure right now that feels heavy or crushing, or that "
        "spreads to your arm, jaw or back?"
    ),
    "stroke": (
        "Is your face drooping on one side right now, or is an arm or leg weak or numb, or your "
        "speech slurred?"
    ),
    "bleeding": "Are you bleeding heavily right now, or vomiting blood?",
    "unconscious": "Have you passed out or blacked out today?",
    "head injury": (
        "Since the knock to your head, have you been sick more than once, or become very "
        "drowsy or confused?"
    ),
    "anaphylaxis": "Is your throat or tongue swelling right now, or is it hard to swallow?",
    "headache": "Is this a sudden, severe headache, the worst you have ever had?",
    "seizure": "Have you had a fit or seizure today?",
    "poisoning": "Have you swallowed something harmful or too many pills in the last day?",
}
# Never delayed by a question: the risk of asking is the harm.
IMMEDIATE = frozenset({"self-harm", "unwell baby"})
# A reply we cannot read twice in a row escalates: the follow-up is for safety, not for leave.
MAX_UNREAD = 2


def is_check(pending: Pending | None) -> bool:
    """Whether the pending question is a safety follow-up."""
    return pending is not None and KEY in pending.rationale


def cleared(ctx: Context) -> frozenset[str]:
    """The kinds this case's patient already said "no" to in a follow-up."""
    return frozenset(ctx.dialogue.safety_cleared) if ctx.dialogue is not None else frozenset()


def needs_check(kinds: Sequence[str]) -> bool:
    """Whether an emergency affirmed only by a question's wording gets the follow-up first."""
    return bool(kinds) and not IMMEDIATE.intersection(kinds) and all(k in FOLLOW_UPS for k in kinds)


def question(kit: Kit, ctx: Context, kinds: Sequence[str]) -> str:
    """The follow-up's words (one question, the first kind's), put to a carer about the
    patient ("Is he struggling to breathe right now ...")."""
    return carer.addressed(kit, ctx, FOLLOW_UPS[kinds[0]])


def ask(
    kit: Kit, ctx: Context, kinds: Sequence[str], prompted_by: Sequence[str], detail: str
) -> Outcome:
    """Ask the follow-up instead of escalating (the module docstring)."""
    assert ctx.dialogue is not None and prompted_by
    text = question(kit, ctx, kinds)
    check = {"kinds": list(kinds), "prompted_by": list(prompted_by), "detail": detail}
    ctx.dialogue.pending = Pending(prompted_by[0], text, {KEY: check})
    reply = Reply(parts=(text,), kind="question", buttons=_buttons())
    return Outcome(
        reply,
        action={"type": KEY, "finding": prompted_by[0], **check},
        rationale={KEY: check},
        canonical_text=FOLLOW_UPS[kinds[0]],
    )


def _buttons() -> tuple[Button, ...]:
    return (
        Button("Yes", "answer:yes"),
        Button("No", "answer:no"),
        Button("Not sure", "answer:unsure"),
    )


def read(kit: Kit, ctx: Context, inbound: Inbound) -> Interpretation:
    """The reply to the follow-up: ``extras["safety"]`` is "yes", "no" or "unsure" when it
    says one (a button or words); otherwise what the interpreter makes of it (why, a person,
    or not understood)."""
    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    pressed = {"answer:yes": "yes", "answer:no": "no", "answer:unsure": "unsure"}
    if inbound.button in pressed:
        said = pressed[inbound.button]
        return Interpretation("answer", extras={"safety": said}, detail=f"button {said}")
    text = carer.own_words(kit, ctx, inbound.text).strip()
    # "no, I mean I can't breathe": the words after a leading yes or no state the emergency
    # (the message itself was read before, where a leading "no" reads as a negation).
    rest = LEADING.sub("", text)
    if rest != text and emergency_kinds(rest):
        return Interpretation("answer", extras={"safety": "yes"}, detail="emergency words")
    said = plain(text)
    if said is not None:
        return Interpretation("answer", extras={"safety": said}, detail="safety follow-up")
    finding = ctx.pending
    try:
        meaning = kit.interpreter.interpret(
            text, pending=ctx.pending, network=ctx.network, button=""
        )
    except ValueError:
        return Interpretation("unknown", confidence=0.0, detail="safety follow-up not read")
    binary = yes_no_states(finding) if finding is not None else None
    if finding is not None and binary is not None and meaning.intent == "answer":
        answer = meaning.answer_for(finding.id)
        if answer is not None:
            states = answer.states
            said = "unsure" if states is None else "yes" if states[0] == binary[0] else "no"
            return Interpretation("answer", extras={"safety": said}, detail=meaning.detail)
    if meaning.intent == "answer":
        return Interpretation("unknown", confidence=0.0, detail="safety follow-up not read")
    return meaning


def respond(kit: Kit, ctx: Context, meaning: Interpretation) -> Outcome:
    """The reply to the follow-up's answer (the module docstring)."""
    from bots.conversation import answering, safety

    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    pending = ctx.dialogue.pending
    check = pending.rationale[KEY]
    kinds = [str(k) for k in check["kinds"]]
    said = meaning.extras.get("safety") if meaning.intent == "answer" else None
    if said == "no":
        ctx.dialogue.safety_cleared.extend(k for k in kinds if k not in ctx.dialogue.safety_cleared)
        ctx.dialogue.pending = None
        return answering.decide(kit, ctx, ("Thank you, that helps.",))
    if said in ("yes", "unsure") or (said is None and pending.misunderstood + 1 >= MAX_UNREAD):
        detail = f"{check['detail']}; follow-up: {said or 'not answered'}"
        escalated = safety.affirmed_emergency(kit, ctx, kinds, detail)
        if escalated is not None:
            return escalated
        ctx.dialogue.pending = None  # an evaluation measuring triage apart: the flags are kept
        return answering.decide(kit, ctx, ())
    pending.misunderstood += 1
    if meaning.intent == "why":
        opener = (
            "I ask because that answer can be a sign of an emergency, and if it is "
            "happening now you need help straight away."
        )
    else:
        opener = "Sorry, I didn't understand that. Please answer yes, no or not sure."
    reply = Reply(parts=(opener, pending.text), kind="question", buttons=_buttons())
    return Outcome(
        reply,
        action={"type": KEY, "finding": pending.finding, **check, "reask": meaning.intent},
        rationale={KEY: check},
        canonical_text=FOLLOW_UPS.get(kinds[0], pending.text),
    )
