"""The user corrects what a conclusion went by: the case reopens (bots.conversation.basis).

"That's not what I said" (the button, or words to that effect) asks the fact again as a
question, whose reply replaces it (``Pending.replaces``, the engine's confirmation path). A
correction that says the other answer ("no, that's wrong, the fan does spin") sets it at once.
Either way the dialogue goes on from the corrected state through the same engine step
(:meth:`planning.engine.Engine.step`), and the bot's turn records what was reopened and why
(``action["corrected"]``: the conclusion taken back, the fact, what it was and what it is
now), which the console's transcript shows.
"""

from __future__ import annotations

from typing import Any

from bots.conversation import answering, basis, safety
from bots.conversation.context import Context, Kit, Outcome
from bots.language import Interpretation
from bots.messages import Inbound
from bots.models import CaseStatus
from planning.engine import Confirm


def reopens(kit: Kit, ctx: Context, inbound: Inbound) -> bool:
    """Whether a message to a hand-off that waits for a person corrects what it went by: the
    service then runs it as a turn (:func:`respond`) instead of passing it to the operator
    (bots.takeover)."""
    if ctx.dialogue is None or not basis.awaiting_operator(ctx):
        return False
    if not basis.open_to_correction(kit, ctx) or not basis.handed_over(ctx, kit):
        return False
    return basis.read(kit, ctx, inbound) is not None


def respond(kit: Kit, ctx: Context, inbound: Inbound, meaning: Interpretation) -> Outcome | None:
    """The reply to a correction of a concluded case or of a hand-off no person has taken up,
    or None when the message is none."""
    if ctx.dialogue is None or not basis.open_to_correction(kit, ctx):
        return None
    facts = basis.went_by(kit, ctx)
    if not facts:
        return None
    typed = not inbound.button
    if typed and not basis.may_correct(inbound.text):
        return None
    if typed and meaning.intent == "answer":
        for fact in facts:
            if fact.differs(meaning.answer_for(fact.finding)):
                return _set(kit, ctx, fact, meaning)
    if inbound.button == basis.CORRECT or meaning.detail.endswith(basis.CORRECTION_DETAIL):
        # The least sure reading first; the others stay listed if the next conclusion rests
        # on them too.
        fact = min(facts, key=lambda f: ctx.dialogue.reading_confidence(f.finding))  # type: ignore[union-attr]
        return _ask_back(kit, ctx, fact, "button" if inbound.button else "words")
    return None


def _reopen(ctx: Context, fact: basis.Fact, by: str, now: list[str] | None) -> dict[str, Any]:
    case = ctx.case
    assert ctx.dialogue is not None
    record: dict[str, Any] = {
        "reopened": case.conclusion,
        "confidence": case.confidence,
        "finding": fact.finding,
        "was": list(fact.states),
        "now": now,
        "by": by,
        "shown": fact.shown,
    }
    if case.status != CaseStatus.CONCLUDED:
        # A hand-off no person has taken up: it leaves the queue, and the console audits it.
        record["handoff"] = True
        case.waiting_since = None  # a later hand-off waits, and is told so, afresh
        case.operator_notice_at = None
        ctx.store.leave_queue(case, reason=f"the user corrected {fact.shown!r} {by_what(by)}")
    # The questions asked on the strength of the misread fact go back to the budget: a
    # dialogue the misreading walked to the last question could not look again otherwise.
    flags = ctx.dialogue.asked_flags[fact.index + 1 :]
    ctx.dialogue.given_back += sum(flags)
    record["given_back"] = sum(flags)
    case.status = CaseStatus.ACTIVE
    case.conclusion = ""
    case.confidence = None
    case.closed_at = None
    return record


def by_what(by: str) -> str:
    return "with the button" if by == "button" else "in their own words"


def _ask_back(kit: Kit, ctx: Context, fact: basis.Fact, by: str) -> Outcome:
    assert ctx.dialogue is not None
    record = _reopen(ctx, fact, by, None)
    decision = Confirm(fact.index, fact.finding, "corrected", None)
    outcome = answering.confirm(kit, ctx, decision, ("Sorry, I got that wrong.",))
    outcome.action["corrected"] = record
    return outcome


def _set(kit: Kit, ctx: Context, fact: basis.Fact, meaning: Interpretation) -> Outcome:
    assert ctx.dialogue is not None and ctx.network is not None
    answer = meaning.answer_for(fact.finding)
    assert answer is not None and answer.states is not None
    record = _reopen(ctx, fact, "words", list(answer.states))
    finding = ctx.network.finding(fact.finding)
    decision = kit.engine(ctx).step(
        ctx.dialogue,
        ctx.network,
        answer,
        confidence=meaning.confidence,
        replaces=fact.index,
        escalate_red_flags=safety.escalates_red_flags(kit, ctx),
    )
    now = basis.statement(kit, ctx, finding, answer.states)
    outcome = answering.present(kit, ctx, decision, (f"Thanks, I've put that right: {now}.",))
    outcome.action["corrected"] = record
    return outcome
