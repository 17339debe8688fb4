"""Clinical safety: emergency words, red flags and patient triage (:mod:`bots.triage`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from bots import alerts
from bots.conversation import everyday, safety_check
from bots.conversation.context import Context, Kit, Outcome, differential, set_pack
from bots.messages import Inbound, Reply
from bots.models import CaseStatus, Role
from bots.safety.affirmed import affirmed_statements
from bots.safety.emergency_meaning import Meant, meant
from bots.safety.flag_context import companions, flag_context
from bots.safety.hazards import hazards
from bots.safety.minor_care import Care, minor_care, signs_said
from bots.safety.urgent import urgent_kinds
from bots.triage import (
    NOT_A_DIAGNOSIS,
    TRIAGE_ADVICE,
    emergency_advice,
    emergency_kinds,
    most_urgent,
    red_flag_level,
    said_flag,
    said_urgent_flag,
    triage_level,
)
from planning.actions import Escalate
from planning.evidence import Answer


def triage(ctx: Context) -> str:
    """The case's level: its differential and red flags, and at least urgent when the
    patient's own words showed an urgent sign (bots.safety.urgent) anywhere in the case."""
    flags = list(ctx.dialogue.state.red_flags) if ctx.dialogue else []
    flags.extend(said_urgent_flag(kind) for kind in urgent_kinds(" \n ".join(patient_words(ctx))))
    flagged = bool(flags) and red_flag_level(flags) == "emergency"
    care = nurse_table(ctx)
    if care is not None and not flagged:
        # A bite, sting or mild injury: the pack (DDXPlus) has no such cause, so its
        # differential (anaphylaxis for a wasp's red, puffy hand) says nothing about it; the
        # nurse's table does (stop 40). Red flags and urgent words still raise it.
        return most_urgent([care.level, *(f.level for f in flags)]) or care.level
    level = triage_level(ctx.case.differential or differential(ctx), flags)
    if level == "emergency" and not flagged and explained(ctx):
        # An emergency from the differential alone, for a complaint the patient put down to an
        # injury or strain with no companion sign said or answered: the pack's causes (DDXPlus)
        # hold no injury, so a pulled shoulder that answered "worse with exertion" led with
        # angina and was told to call emergency services (stop 39). Seen today instead; a red
        # flag or emergency words still make it an emergency.
        return "urgent"
    return level


def explained(ctx: Context) -> bool:
    """Whether the patient's words put the complaint down to an injury or strain and nothing
    said or answered is a companion sign (bots.safety.flag_context, RedFlag.companions)."""
    if ctx.dialogue is None or ctx.network is None:
        return False
    state = ctx.dialogue.state
    return state.flag_context == "explained" and not state.companion_affirmed(ctx.network)


def nurse_table(ctx: Context) -> Care | None:
    """The nurse's table for a bite, sting or mild injury the patient's words say
    (bots.safety.minor_care), unless a companion sign (chest pain, breathlessness, sweating, a
    faint) was said or answered: then the pack's own causes (the heart's among them) decide."""
    if ctx.dialogue is None or ctx.network is None:
        return None
    if not any(flag.companions for flag in ctx.network.red_flags):
        return None  # not the patient-intake knowledge (the IT and car packs)
    state = ctx.dialogue.state
    if state.companion_affirmed(ctx.network):
        return None
    # The signs affirmed in answer to the nurse's own questions count as said (stop 41); an
    # opening read by meaning as an everyday complaint the pack has no cause for gets the
    # generic row when no other row applies (stop 47).
    opening = ctx.dialogue.complaint
    plain = everyday.reading(opening, ctx.network) is not None
    words = " \n ".join(patient_words(ctx))
    care = minor_care(words, ctx.dialogue.nurse_told, everyday=plain)
    if state.flag_context == "companion" and not _own_near_faint(care, words):
        return None
    return care


def _own_near_faint(care: Care | None, words: str) -> bool:
    """Whether the only companion said is the near faint of a dizzy spell on standing, which
    is the dizziness row's own complaint (stop 48); a faint said is the pack's, as before."""
    return (
        care is not None
        and care.kind == "dizzy"
        and companions(words) <= {"faint"}
        and "dizzy_heart" not in signs_said(words)
    )


def care_advice(ctx: Context, level: str) -> tuple[str, ...]:
    """What the nurse's table tells the patient beside the level (none when the table did not
    set it): that the intake has no diagnosis for the complaint, and the advice for it."""
    care = nurse_table(ctx)
    if care is None or level != care.level:
        return ()
    return care.advice


def patient_words(ctx: Context) -> list[str]:
    """What the patient typed in this case, opening first: a sign said in passing three
    answers in ("I can't lie flat any more, if that matters") counts like one in the opening.
    Pressed buttons are stored as "[label]" and say nothing here."""
    said = [ctx.dialogue.complaint] if ctx.dialogue is not None and ctx.dialogue.complaint else []
    if ctx.store is not None and ctx.case.pk is not None:
        turns = reversed(ctx.store.recent_turns(ctx.case, Role.USER, 200))
        said.extend(t.text for t in turns if t.text and not t.text.startswith("["))
    return said


def read_flag_context(ctx: Context) -> None:
    """What the patient's words in the case say about the pack's conditional red flags (a
    companion sign, or an injury that explains the finding: bots.safety.flag_context), set on
    the dialogue before the turn's answers are applied; a companion said now raises a flag
    answered earlier to its level."""
    if ctx.dialogue is None or ctx.network is None:
        return
    if not any(flag.companions for flag in ctx.network.red_flags):
        return  # a pack without conditional flags (the IT and car packs): nothing to read
    state = ctx.dialogue.state
    words = " \n ".join(patient_words(ctx))
    state.flag_context = flag_context(words)
    care = minor_care(words)
    if not state.flag_context and care is not None and care.kind != "clot":
        # A bite or sting explains a skin change on the arm as an injury explains a pain in
        # it (stop 40: mosquito bites on the upper arm raised the anaphylaxis flag); a swollen
        # leg (stop 45) explains no pain that goes to the shoulder.
        state.flag_context = "explained"
    state.raise_flags(ctx.network)


def flag_level(ctx: Context) -> str:
    return red_flag_level(ctx.dialogue.state.red_flags if ctx.dialogue else [])


def escalates_red_flags(kit: Kit, ctx: Context) -> bool:
    """Whether a red flag escalates before the planner runs. The policy does the same under
    the default stopping rule; a patient pack escalates under any rule (``red_flags="flag"``
    or ``"off"`` are for measuring, not for patients) unless the configuration is an
    evaluation's that measures diagnosis and triage apart."""
    if kit.config.stopping.red_flags == "escalate":
        return True
    return kit.patient_facing(ctx) and kit.config.patient_red_flags_escalate


def escalates_emergencies(kit: Kit) -> bool:
    """Whether emergency words stop the case: always for patients; only an evaluation's
    configuration that records red flags without escalating (``red_flags="flag"``,
    ``patient_red_flags_escalate`` off) lets the dialogue go on."""
    return kit.config.stopping.red_flags == "escalate" or kit.config.patient_red_flags_escalate


def keep_said_flags(ctx: Context) -> None:
    """Add the emergency words recorded this turn to the dialogue's red flags."""
    if ctx.said_flags and ctx.dialogue is not None:
        flags = ctx.dialogue.state.red_flags
        flags.extend(f for f in ctx.said_flags if f not in flags)
        ctx.said_flags.clear()


def with_hazard_advice(kit: Kit, ctx: Context, inbound: Inbound, outcome: Outcome) -> Outcome:
    """A troubleshooting message that mentions a hazard (smoke, brakes to the floor,
    :mod:`bots.safety.hazards`) gets its safety advice first, once per case; the reply it
    precedes is unchanged."""
    if not inbound.text or not ctx.case.pack or kit.patient_facing(ctx):
        return outcome
    found = hazards(inbound.text)
    if not found:
        return outcome
    earlier = " ".join(t.text for t in ctx.store.recent_turns(ctx.case, Role.BOT, 50))
    advice = tuple(h.advice for h in found if h.advice not in earlier)
    if not advice:
        return outcome
    outcome.reply = dataclasses.replace(outcome.reply, parts=(*advice, *outcome.reply.parts))
    outcome.action = {**outcome.action, "hazards": [h.kind for h in found]}
    return outcome


def emergency_check(kit: Kit, ctx: Context, inbound: Inbound) -> Outcome | None:
    """Escalate a patient's message whose words signal an emergency (bots.triage), read by the
    rules or, where they read none, by meaning (bots.safety.emergency_meaning)."""
    kinds = emergency_kinds(inbound.text) or _across_messages(kit, ctx, inbound)
    detail = ", ".join(kinds)
    if not kinds:
        near = _by_meaning(kit, ctx, inbound)
        kinds = [m.kind for m in near]
        # What staff read: which part was near which exemplar, not a claim of what it is.
        detail = "; ".join(
            f"{m.kind} by meaning ({m.name}): '{m.part}' near '{m.exemplar}' ({m.score:.2f})"
            for m in near
        )
    if not kinds:
        return None
    if not ctx.case.pack:
        pack = patient_pack_for(kit, inbound)
        if pack is None:
            return None
        set_pack(kit, ctx, pack)
    elif not kit.patient_facing(ctx):
        return None
    if not escalates_emergencies(kit):
        # An evaluation that measures diagnosis and triage apart (red_flags "flag"): the
        # emergency is a red flag of the case (its triage), and the dialogue goes on, as it
        # does after a red-flag answer in that mode.
        ctx.said_flags.extend(said_flag(kind) for kind in kinds)
        return None
    if ctx.dialogue is None and ctx.network is not None and inbound.text.strip():
        # An emergency in the opening message: what it says still goes to staff, with the
        # differential it makes plausible.
        from bots.conversation.intake import new_dialogue

        new_dialogue(kit, ctx, inbound.text.strip())
    return emergency_escalation(ctx, kinds, detail=detail)


def _by_meaning(kit: Kit, ctx: Context, inbound: Inbound) -> list[Meant]:
    """The reader by meaning, for a message to patient intake only: a laptop that "will not
    wake up" typed to the IT bot is no one unconscious. A case with no pack yet is read when its
    channel or page fixes a patient pack, when every pack is a patient's, or when the words
    themselves choose a patient pack among all of them."""
    if not inbound.text.strip():
        return []
    if ctx.case.pack:
        if not kit.patient_facing(ctx):
            return []
    else:
        names = kit.packs.names()
        fixed = (inbound.pack if inbound.pack in names else None) or kit.config.channel_packs.get(
            inbound.channel
        )
        if fixed:
            if fixed not in names or not kit.is_patient_pack(fixed):
                return []
        elif not all(kit.is_patient_pack(n) for n in names):
            chosen = kit.grounding.choose_pack(inbound.text, names)
            if chosen is None or not kit.is_patient_pack(chosen):
                return []
    return meant(inbound.text)


def _across_messages(kit: Kit, ctx: Context, inbound: Inbound) -> list[str]:
    """The kinds this message completes with what the patient typed before in the case ("my
    calf has been swollen since the flight", then "and now im really short of breath"): each
    message alone says no emergency, together they say a clot gone to the lungs. Only a kind
    the message adds counts: the earlier words alone were checked when they were said."""
    if ctx.dialogue is None or not ctx.case.pack or not kit.patient_facing(ctx):
        return []
    earlier = patient_words(ctx)
    if not earlier or not inbound.text.strip():
        return []
    before = set(emergency_kinds(". ".join(earlier)))
    return [k for k in emergency_kinds(". ".join((*earlier, inbound.text))) if k not in before]


def answer_check(
    kit: Kit,
    ctx: Context,
    answers: Sequence[Answer],
    earlier: Sequence[Answer],
    *,
    escalating: bool = False,
) -> Outcome | None:
    """An answer to the asked question that affirms an emergency, whatever way it came (a
    button, typed words, a choice list): the same check as a message's words, read on the
    sentence the answer affirms (bots.safety.affirmed), with the earlier answers as context
    ("pain in the chest" then "it spreads to the left arm"). Only a kind this answer adds
    counts: the context alone was checked when it was said.

    Such an emergency is affirmed only through a question's wording, so it gets one safety
    follow-up first, as a nurse asks it (bots.conversation.safety_check), unless the kind is
    never delayed or the case escalates anyway (``escalating``); a kind the patient already
    said "no" to in a follow-up is not raised again by a screening answer."""
    if ctx.network is None or not kit.patient_facing(ctx):
        return None
    said = affirmed_statements(answers, ctx.network)
    if not said:
        return None
    before = affirmed_statements(earlier, ctx.network)
    already = set(emergency_kinds(" ".join(before))) if before else set()
    done = safety_check.cleared(ctx)
    kinds = [
        k for k in emergency_kinds(" ".join((*before, *said))) if k not in already and k not in done
    ]
    if not kinds:
        return None
    detail = f"{', '.join(kinds)} (answer: {' '.join(said)})"
    if safety_check.needs_check(kinds) and not escalating and ctx.dialogue is not None:
        prompted = [a.finding for a in answers if a.states is not None]
        return safety_check.ask(kit, ctx, kinds, prompted, detail)
    return affirmed_emergency(kit, ctx, kinds, detail)


def affirmed_emergency(kit: Kit, ctx: Context, kinds: Sequence[str], detail: str) -> Outcome | None:
    """An emergency the patient affirmed: escalated, or, in an evaluation that measures
    diagnosis and triage apart (``emergency_check``), recorded as the case's red flags while
    the dialogue goes on (None)."""
    if not escalates_emergencies(kit):
        ctx.said_flags.extend(said_flag(kind) for kind in kinds)
        return None
    return emergency_escalation(ctx, kinds, detail=detail)


def emergency_escalation(ctx: Context, kinds: Sequence[str], *, detail: str) -> Outcome:
    """Escalate the case as an emergency signalled by ``kinds``: the instruction first."""
    case = ctx.case
    case.status = CaseStatus.ESCALATED
    case.triage_level = "emergency"
    flags = [said_flag(kind) for kind in kinds]
    if ctx.dialogue is not None and ctx.network is not None:
        ctx.dialogue.pending = None
        known = ctx.dialogue.state.red_flags
        known.extend(f for f in flags if f not in known)
        case.differential = differential(ctx)
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
        alerts.staff_notice(),
    )
    return Outcome(
        Reply(parts=parts, kind="escalation", triage_level="emergency"),
        action={
            "type": "escalate",
            "reason": "emergency_phrase",
            "detail": detail,
            "triage_level": "emergency",
        },
    )


def emergency_reading(outcome: Outcome) -> dict[str, Any]:
    """The user's turn of a message with emergency words: what they were taken to mean."""
    return {
        "intent": "emergency",
        "answers": [],
        "volunteered": [],
        "confidence": 1.0,
        "source": "rules",
        "detail": f"emergency phrase: {outcome.action['detail']}",
    }


def emergency_conclusion(ctx: Context, record: dict[str, Any], intro: Sequence[str]) -> Outcome:
    """A patient conclusion whose triage is an emergency: the instruction first, and the
    case escalated so that it waits in the console queue like any other emergency."""
    case = ctx.case
    case.status = CaseStatus.ESCALATED
    case.closed_at = None
    parts = (
        f"This may be an emergency. {TRIAGE_ADVICE['emergency']}",
        *intro,
        f"Thank you, that's all I need to ask. {alerts.staff_notice()}",
        NOT_A_DIAGNOSIS,
    )
    reply = Reply(parts=parts, kind="escalation", triage_level="emergency")
    return Outcome(reply, action={**record, "triage_level": "emergency", "escalated": True})


def nurse_review(ctx: Context, record: dict[str, Any], doubt: str, intro: Sequence[str]) -> Outcome:
    """A patient conclusion whose advice would be routine while the answers contradict it
    (planning.triage.uncertain): no routine advice; a nurse reviews the case first."""
    case = ctx.case
    # With a nurse, like an abstention: the console queue has it; nobody is paged for it.
    case.status = CaseStatus.ABSTAINED
    case.closed_at = None
    parts = (
        *intro,
        "Thank you. Some of your answers don't fit together clearly, so I won't suggest a next "
        "step myself: a nurse will review your answers and reply here.",
        "If things get worse or new severe symptoms appear, call emergency services (112 or 911).",
        NOT_A_DIAGNOSIS,
    )
    # The level stays with staff (the queue's urgency); the patient was given no routine advice.
    reply = Reply(parts=parts, kind="handoff", triage_level=case.triage_level)
    action = {**record, "type": "abstain", "reason": "uncertain", "detail": doubt}
    return Outcome(reply, action=action)


def red_flag_escalation(
    kit: Kit, ctx: Context, action: Escalate, record: dict[str, Any], intro: Sequence[str]
) -> Outcome:
    """The reply to a red-flag answer (the case is already escalated)."""
    level = flag_level(ctx)
    if kit.patient_facing(ctx):
        ctx.case.triage_level = level
        # The instruction first: what was noted can wait.
        parts = (
            f"{'This may be an emergency. ' if level == 'emergency' else ''}{TRIAGE_ADVICE[level]}",
            *intro,
            alerts.staff_notice(),
        )
        reply = Reply(parts=parts, kind="escalation", triage_level=level)
        return Outcome(reply, action={**record, "triage_level": level})
    parts = (
        *intro,
        f"This needs attention right away: {action.detail or 'a safety warning'}. "
        "Stop using the device, keep it unplugged, and wait for a person from our team, "
        f"who {'has been alerted and ' if alerts.configured_targets() else ''}will reply here.",
    )
    return Outcome(Reply(parts=parts, kind="escalation"), action=record)


def patient_pack_for(kit: Kit, inbound: Inbound) -> str | None:
    """The patient-facing pack an unrouted case would go to, if any."""
    names = kit.packs.names()
    chosen = inbound.pack if inbound.pack in names else None
    fixed = chosen or kit.config.channel_packs.get(inbound.channel)
    if fixed:
        return fixed if fixed in names and kit.is_patient_pack(fixed) else None
    patient = [n for n in names if kit.is_patient_pack(n)]
    if not patient:
        return None
    return kit.grounding.choose_pack(inbound.text, patient) or patient[0]
