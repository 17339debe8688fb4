"""Passing the case to a person: on request, when the bot abstains, or when it escalates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bots import alerts
from bots.conversation import basis, safety
from bots.conversation.context import Context, Kit, Outcome, differential
from bots.messages import Button, Reply
from bots.models import Case, CaseStatus
from bots.triage import TRIAGE_ADVICE
from planning.actions import Abstain, Escalate

WORSE = "If things get worse or new severe symptoms appear, call emergency services."


def hand_over(kit: Kit, ctx: Context, reason: str, *, intro: Sequence[str] = ()) -> Outcome:
    case = ctx.case
    case.status = CaseStatus.HANDED_OFF
    if ctx.dialogue is not None:
        ctx.dialogue.pending = None
        if ctx.network is not None:
            case.differential = differential(ctx)
    parts = [*intro, "OK, I've asked a person from our team to take over. They'll reply here."]
    if kit.patient_facing(ctx):
        parts.append("If this is an emergency, call emergency services (112 or 911) now.")
    return Outcome(
        Reply(parts=tuple(parts), kind="handoff"),
        action={"type": "handoff", "reason": reason},
    )


def abstain(kit: Kit, ctx: Context, action: Abstain, intro: Sequence[str]) -> Outcome:
    case = ctx.case
    case.status = CaseStatus.ABSTAINED
    record: dict[str, Any] = {"type": "abstain", "reason": action.reason}
    if kit.patient_facing(ctx):
        level = safety.triage(ctx)
        case.triage_level = level
        parts = [*intro, "Thank you. I've passed your answers to a nurse, who will reply here."]
        parts.append(TRIAGE_ADVICE[level] if level in ("emergency", "urgent") else WORSE)
        parts.extend(safety.care_advice(ctx, level))  # a bite, sting or mild injury (stop 40)
        reply = Reply(parts=tuple(parts), kind="handoff", triage_level=level)
        return Outcome(reply, action={**record, "triage_level": level})
    text = (
        "I couldn't pin this down from your answers, so I've passed your case to a person "
        "from our team with what we found so far. They'll reply here."
    )
    parts: tuple[str, ...] = (*intro, text)
    buttons: tuple[Button, ...] = ()
    # What it went by, where that was read from the user's words, as a conclusion says it: a
    # misread fact walks the dialogue down the wrong branch to the budget, and the user can
    # say so while no person has taken the case up (bots.conversation.correction).
    said = basis.handed_over(ctx, kit)
    if said:
        parts = (*parts, basis.line(said, noted=" ".join(intro)))
        buttons = (basis.button(),)
        record["basis"] = [f.to_dict() for f in said]
    return Outcome(Reply(parts=parts, kind="handoff", buttons=buttons), action=record)


def escalate(kit: Kit, ctx: Context, action: Escalate, intro: Sequence[str]) -> Outcome:
    record = {"type": "escalate", "reason": action.reason, "detail": action.detail}
    if action.reason == "requested":
        return hand_over(kit, ctx, "requested", intro=intro)
    ctx.case.status = CaseStatus.ESCALATED
    if action.reason == "red_flag":
        return safety.red_flag_escalation(kit, ctx, action, record, intro)
    # conflict / open_world: the answers fit nothing the pack knows.
    parts: tuple[str, ...] = (
        *intro,
        "Your answers don't match any problem I know, so I've passed your case to a person "
        "from our team. They'll reply here.",
    )
    if kit.patient_facing(ctx):
        parts = (*parts, WORSE)
    return Outcome(Reply(parts=parts, kind="escalation"), action=record)


def page_if_escalated(store: Any, case: Case, reply: Reply, outcome: Outcome, turn_id: int) -> None:
    """Page staff (bots.alerts) when this turn escalated an emergency or urgent case, or a
    safety warning of another pack."""
    if reply.kind not in ("escalation", "handoff"):
        return
    red_flag = outcome.action.get("reason") in ("red_flag", "emergency_phrase")
    level = case.triage_level if case.triage_level in alerts.PAGED_LEVELS else ""
    if not level and red_flag and reply.kind == "escalation":
        level = "urgent"  # a device's safety warning: no triage, still someone's job now
    if not level:
        return
    reason = str(outcome.action.get("detail") or outcome.action.get("reason") or reply.kind)
    store.page_staff(case, key=f"turn:{turn_id}", level=level, reason=reason)
