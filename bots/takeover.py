"""A case in a person's hands: the bot's silence, the one notice, hand-back, reopen and CSAT.

Once a case waits for a person (abstained, escalated, handed off; or an operator claimed it)
the bot stops answering: every user message is stored as a turn for the operator, and the
channel gets nothing back (a *silent* reply, which the runtime does not send). The user is told
once per hand-off that a person has the case and about how long the wait is, from the SLA of
the case's urgency and the number of cases ahead of it; the hand-off reply itself carries the
notice, or the first message after an operator took the case over does.

Still answered while a person has the case: an emergency (the service checks those before this
module is asked), "Start over", and any message of a case triaged emergency or urgent, which
gets the triage instruction again (never a question or a conclusion). A correction of what
the bot's hand-off went by, while nobody has claimed or answered the case, is not passed on
either: the case leaves the queue and the bot goes on (:mod:`bots.conversation.correction`;
the console refuses a reply written to the case as it waited, ``console.casework.reply``).

After an operator closes a case the user gets a closing message with a CSAT question (1-5) and
a "Reopen" button. A rating is stored on the case; "Reopen" puts the case back in the queue,
with the operator who had it. Typed words on a closed case get the same two ways forward.

An operator can hand a case back to the bot: the dialogue resumes from its stored belief state
(:func:`resume`), and the bot asks its next question at once.

Urgency levels and SLAs: ``emergency`` (the triage level), ``urgent`` (triage level urgent, or
an escalation), ``routine`` (the rest); ``CONSOLE_SLA_MINUTES`` overrides the minutes per
level (defaults in ``DEFAULT_SLA_MINUTES``).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.db.models.functions import Coalesce
from django.utils import timezone

from bots.messages import Button, Inbound, Reply
from bots.models import Case, CaseStatus
from bots.triage import TRIAGE_ADVICE

if TYPE_CHECKING:
    from bots.case_store import CaseStore
    from bots.service import ConversationService

QUEUE_STATUSES = (CaseStatus.ABSTAINED, CaseStatus.ESCALATED, CaseStatus.HANDED_OFF)
LEVELS = ("emergency", "urgent", "routine")
DEFAULT_SLA_MINUTES = {"emergency": 5, "urgent": 30, "routine": 240}
REOPEN = "reopen"
RESTART = "restart"
CSAT_PREFIX = "csat:"
CSAT_SCALE = (1, 2, 3, 4, 5)
CSAT_LABELS = {1: "1 · poor", 2: "2", 3: "3", 4: "4", 5: "5 · great"}
# The text of a reply that is never sent (the runtime stores no message for it).
SILENT_TEXT = "(passed to the operator; no reply sent)"


# -- urgency, SLA and the wait --------------------------------------------------------------


def sla_minutes() -> dict[str, int]:
    configured = getattr(settings, "CONSOLE_SLA_MINUTES", None) or {}
    return {level: int(configured.get(level, DEFAULT_SLA_MINUTES[level])) for level in LEVELS}


def level_of(status: str, triage_level: str) -> str:
    if triage_level == "emergency":
        return "emergency"
    if triage_level == "urgent" or status == CaseStatus.ESCALATED:
        return "urgent"
    return "routine"


def urgency_rank() -> models.Case:
    """0 emergency, 1 urgent, 2 routine: as a database expression, to order and count by."""
    return models.Case(
        models.When(triage_level="emergency", then=models.Value(0)),
        models.When(
            models.Q(triage_level="urgent") | models.Q(status=CaseStatus.ESCALATED),
            then=models.Value(1),
        ),
        default=models.Value(2),
        output_field=models.IntegerField(),
    )


def waited_from() -> Coalesce:
    """When a queued case started waiting (its start, for cases queued before the field)."""
    return Coalesce("waiting_since", "created_at")


def waiting_start(case: Case) -> datetime:
    return case.waiting_since or case.created_at


def queue_ahead(case: Case) -> int:
    """Unclaimed cases ahead of ``case`` in the queue: more urgent, or as urgent and older."""
    rank = LEVELS.index(level_of(case.status, case.triage_level))
    since = waiting_start(case)
    return (
        Case.objects.filter(status__in=QUEUE_STATUSES, assigned_to__isnull=True)
        .exclude(pk=case.pk)
        .annotate(rank=urgency_rank(), since=waited_from())
        .filter(models.Q(rank__lt=rank) | models.Q(rank=rank, since__lt=since))
        .count()
    )


def minutes_text(minutes: int) -> str:
    if minutes < 60:
        return f"{minutes} minute{'s' if minutes != 1 else ''}"
    hours, rest = divmod(minutes, 60)
    text = f"{hours} hour{'s' if hours != 1 else ''}"
    return f"{text} {rest} minutes" if rest else text


def wait_notice(case: Case) -> str:
    """What the user is told once: a person has the case, and about how long it will be."""
    if case.assigned_to_id is not None:
        return (
            "A person from our team has your case and will reply here; the assistant will "
            "not answer in the meantime."
        )
    return f"A person from our team will reply here. {wait_estimate(case)}"


def wait_estimate(case: Case, ahead: Callable[[Case], int] | None = None) -> str:
    """About how long: the SLA of the case's urgency and the cases ahead of it."""
    sla = sla_minutes()[level_of(case.status, case.triage_level)]
    # ``ahead`` counts the cases ahead in the queue: the database's (:func:`queue_ahead`), or
    # a store's own (the evaluation's in-memory store has no queue).
    waiting = (ahead or queue_ahead)(case)
    queue = (
        "yours is next in line" if waiting == 0
        else f"{waiting} case{'s are' if waiting != 1 else ' is'} ahead of yours"
    )
    return (
        f"We aim to answer within about {minutes_text(sla)}; {queue}. "
        "Anything you add here goes to them."
    )


# -- the conversation service's hooks --------------------------------------------------------


@dataclass(frozen=True)
class Intercepted:
    """A message the bot does not answer as a dialogue turn: what the user's turn records,
    and the reply (None: silent)."""

    reading: dict[str, Any]
    reply: Reply | None
    action: dict[str, Any]


def _reading(intent: str, detail: str) -> dict[str, Any]:
    return {
        "intent": intent,
        "answers": [],
        "volunteered": [],
        "confidence": 1.0,
        "source": "handoff",
        "detail": detail,
    }


def intercept(case: Case, inbound: Inbound) -> Intercepted | None:
    """Called by the service for every message after the emergency check; None: the bot's
    dialogue handles it as usual."""
    if inbound.button == RESTART:
        return None
    if case.status in QUEUE_STATUSES:
        if case.operator_notice_at is None:
            case.operator_notice_at = timezone.now()
            reply = Reply(parts=(wait_notice(case),), kind="handoff")
            return Intercepted(
                _reading("to_operator", "with a person: told once"),
                reply,
                {"type": "handoff_notice"},
            )
        level = case.triage_level
        if level in ("emergency", "urgent"):
            # Safety over silence: whatever a patient adds, the instruction is said again.
            reply = Reply(
                parts=(
                    "Your case is with a person from our team, who will reply here.",
                    TRIAGE_ADVICE[level],
                ),
                kind="closed",
                buttons=(Button("Start over", RESTART),),
            )
            return Intercepted(
                _reading("to_operator", "with a person: the triage advice repeated"),
                reply,
                {"type": "closed", "status": case.status, "triage_level": level},
            )
        return Intercepted(
            _reading("to_operator", "with a person: passed on, no reply"), None, {}
        )
    if case.status == CaseStatus.CLOSED:  # an archived case has no thread to write to
        return _after_close(case, inbound)
    return None


def _after_close(case: Case, inbound: Inbound) -> Intercepted:
    button = inbound.button or ""
    if button == REOPEN:
        case.status = CaseStatus.HANDED_OFF
        case.closed_at = None
        case.waiting_since = timezone.now()
        case.operator_notice_at = timezone.now()
        reply = Reply(parts=("Reopened. " + wait_notice(case),), kind="handoff")
        return Intercepted(_reading("reopen", "reopened by the user"), reply, {"type": "reopen"})
    if button.startswith(CSAT_PREFIX):
        raw = button[len(CSAT_PREFIX) :]
        if raw.isdigit() and int(raw) in CSAT_SCALE:
            case.csat_score = int(raw)
            case.csat_at = timezone.now()
            reply = Reply(
                parts=("Thank you for rating our help. If you need us again, press Reopen.",),
                kind="closed",
                buttons=(Button("Reopen", REOPEN), Button("Start over", RESTART)),
            )
            return Intercepted(
                _reading("csat", f"rated {raw} of 5"), reply, {"type": "csat", "score": int(raw)}
            )
    reply = Reply(
        parts=(
            "This conversation was closed by our team. To continue it with them, press Reopen; "
            "to ask about something new, press Start over.",
        ),
        kind="closed",
        buttons=(Button("Reopen", REOPEN), Button("Start over", RESTART)),
    )
    return Intercepted(_reading("closed", "a message after the close"), reply, {"type": "closed"})


def silent_reply(case: Case) -> Reply:
    """The service's reply to a message passed to the operator: never sent (``is_silent``)."""
    return Reply(
        parts=(SILENT_TEXT,),
        kind="handoff",
        case_id=case.pk,
        status=case.status,
        metadata={"silent": True, **({"pack": case.pack} if case.pack else {})},
    )


def is_silent(payload: dict[str, Any]) -> bool:
    return bool((payload.get("metadata") or {}).get("silent"))


def settle(case: Case, reply: Reply, ahead: Callable[[Case], int] | None = None) -> Reply:
    """After every bot turn: a case that has just entered the queue starts waiting, and its
    hand-off reply carries the one notice; a case the bot runs again stops waiting."""
    if case.status in QUEUE_STATUSES:
        if case.waiting_since is None:
            case.waiting_since = timezone.now()
        if case.operator_notice_at is None and reply.kind in ("handoff", "escalation"):
            case.operator_notice_at = timezone.now()
            # The hand-off reply already says a person will reply: add about when.
            return dataclasses.replace(reply, parts=(*reply.parts, wait_estimate(case, ahead)))
    elif case.status in (CaseStatus.ACTIVE, CaseStatus.CONCLUDED):
        case.waiting_since = None
        case.operator_notice_at = None
    return reply


# -- the console's side ----------------------------------------------------------------------


def closing_message() -> dict[str, Any]:
    """The payload sent to the user when an operator closes the case: CSAT, and a way back."""
    return {
        "role": "bot",
        "parts": [
            "Our team has closed this conversation. How helpful were we, from 1 (poor) to "
            "5 (great)? If you still need help, press Reopen.",
        ],
        "buttons": [
            *({"label": CSAT_LABELS[n], "payload": f"{CSAT_PREFIX}{n}"} for n in CSAT_SCALE),
            {"label": "Reopen", "payload": REOPEN},
        ],
        "kind": "closed",
    }


BACK = "I'm the assistant again: our team handed your case back to me."


def resume(service: ConversationService, store: CaseStore, case: Case) -> Reply:
    """Hand the case back to the bot: the dialogue continues from its stored belief state, and
    the bot's next move (usually a question) is the reply. The caller holds the case's lock
    (``store.locked``)."""
    from bots.conversation import answering
    from bots.conversation.context import Outcome

    started = time.perf_counter()
    ctx = service._load(case, store)
    case.status = CaseStatus.ACTIVE
    case.closed_at = None
    if ctx.dialogue is None or ctx.network is None:
        prompt = Reply(parts=(BACK, "Please describe the problem in a sentence or two."),
                       kind="prompt")
        return service._finish(store, ctx, Outcome(prompt, action={"type": "resume"}), started)
    # The user asked for a person before; handing back is the operator's answer to that.
    ctx.dialogue.state.human_requested = False
    ctx.dialogue.pending = None
    return service._finish(store, ctx, answering.decide(service.kit, ctx, (BACK,)), started)


def waited(case: Case, now: datetime | None = None) -> timedelta:
    return (now or timezone.now()) - waiting_start(case)
