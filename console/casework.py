"""What operators do to cases: claim, assign, reply through the case's channel, close, label.

Each action is one transaction that also writes its audit line (``console.audit.record``).
The case row is written first (``UPDATE ... updated_at``) so the action takes the case's lock
the same way the conversation service does (``bots.case_store``): on PostgreSQL the row lock,
on SQLite the database write lock. A bot turn and an operator reply therefore never interleave
or take the same turn index.

A reply is an operator ``Turn`` plus an ``OutboundMessage`` (``role: "operator"``) for the
case's channel, sent after the transaction commits as the channels expect
(``bots.tasks.send_outbound``: Slack thread, Telegram chat, web chat). With a broker the send
runs in a worker. Without one (the embedded profile) it is tried once, here, in order after
any earlier unsent message of the case; a transient failure leaves the message pending, to be
sent before the case's next reply (``bots.runtime.process``), instead of holding the operator's
request through the task's backoff.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from bots import takeover
from bots.models import Case, CaseStatus, OutboundMessage, Outcome, Role, Turn

from . import audit
from .models import CaseHandling, CaseNote
from .packs import network_for
from .roles import WORK_CASES, has_all

logger = logging.getLogger(__name__)

# The queue: cases waiting for a person, by urgency (bots.takeover).
QUEUE_STATUSES = takeover.QUEUE_STATUSES
# Taking over a case the bot is running (or has concluded) hands it off: the bot falls silent.
TAKEN_OVER_STATUSES = (CaseStatus.ACTIVE, CaseStatus.CONCLUDED)
REPLY_MAX = 4000
NOTE_MAX = 2000


class CaseworkError(ValueError):
    """The action is not possible on this case (names why)."""


def _locked(case_id: int) -> Case:
    rows = Case.objects.filter(pk=case_id)
    if not rows.update(updated_at=timezone.now()):
        raise CaseworkError(f"case {case_id} does not exist")
    return rows.select_related("assigned_to").get()


def _handling(case: Case, user: Any) -> CaseHandling:
    """The case's hand-over record, created (with the bot's decision) on the first action."""
    handling, _ = CaseHandling.objects.get_or_create(
        case=case, defaults={"bot_status": case.status, "claimed_by": user}
    )
    return handling


def claim(case_id: int, user: Any, *, force: bool = False) -> Case:
    with transaction.atomic():
        case = _locked(case_id)
        if case.assigned_to_id and case.assigned_to_id != user.pk and not force:
            raise CaseworkError(f"case {case_id} is already claimed by {case.assigned_to}")
        previous = case.assigned_to.username if case.assigned_to else ""
        _handling(case, user)
        case.assigned_to = user
        fields = ["assigned_to", "updated_at"]
        before = case.status
        if case.status in TAKEN_OVER_STATUSES:
            _take_over(case)
            fields += ["status", "waiting_since", "operator_notice_at", "closed_at"]
        case.save(update_fields=fields)
        audit.record(user, "claim", case=case, target=user.username, previous=previous,
                     previous_status=before)
    return case


def assign(case_id: int, user: Any, to_user_id: int) -> Case:
    target = get_user_model().objects.filter(pk=to_user_id, is_active=True).first()
    if target is None:
        raise CaseworkError(f"no active user with id {to_user_id}")
    if not has_all(target, [WORK_CASES]):
        raise CaseworkError(f"{target.username} cannot work cases (not an operator)")
    with transaction.atomic():
        case = _locked(case_id)
        previous = case.assigned_to.username if case.assigned_to else ""
        _handling(case, user)
        case.assigned_to = target
        case.save(update_fields=["assigned_to", "updated_at"])
        audit.record(user, "assign", case=case, target=target.username, previous=previous)
    return case


def reply(
    case_id: int,
    user: Any,
    text: str,
    *,
    close: bool = False,
    seen_status: str | None = None,
) -> OutboundMessage:
    """Store an operator's reply for the case's channel and send it once committed.

    ``seen_status``: the case's status when the operator opened it. A reply written to a
    case waiting in the queue is refused when the bot runs the case again since (the user
    corrected what the hand-off went by, bots.conversation.correction): it would take over a
    conversation the operator has not seen. Claiming the case takes it over on purpose."""
    text = text.strip()
    if not text:
        raise CaseworkError("the reply is empty")
    if len(text) > REPLY_MAX:
        raise CaseworkError(f"the reply is longer than {REPLY_MAX} characters")
    with transaction.atomic():
        case = _locked(case_id)
        if case.status == CaseStatus.CLOSED:
            raise CaseworkError(f"case {case_id} is closed")
        if seen_status in QUEUE_STATUSES and case.status in TAKEN_OVER_STATUSES:
            raise CaseworkError(
                f"case {case_id} left the queue after you opened it: the user corrected what "
                "the bot went by and the bot is running the case again. Nothing was sent; "
                "read the conversation, and claim the case to take it over."
            )
        handling = _handling(case, user)
        last = case.turns.aggregate(last=Max("index"))["last"]
        turn = Turn.objects.create(
            case=case,
            index=0 if last is None else last + 1,
            role=Role.OPERATOR,
            text=text,
            operator=user,
            action={"type": "operator_reply", "close": close},
        )
        outbound = OutboundMessage.objects.create(
            case=case,
            turn=turn,
            channel=case.channel,
            payload={
                "role": "operator",
                "parts": [text],
                "buttons": [],
                "kind": "operator",
                "operator": user.get_full_name() or user.username,
            },
        )
        handling.replies += 1
        handling.save(update_fields=["replies"])
        fields = []
        if case.assigned_to_id is None:
            case.assigned_to = user
            fields.append("assigned_to")
        if case.status in TAKEN_OVER_STATUSES:
            _take_over(case)
            fields += ["status", "waiting_since", "closed_at"]
        if case.operator_notice_at is None:
            # A person writing to the user is the notice that a person has the case.
            case.operator_notice_at = timezone.now()
            fields.append("operator_notice_at")
        if fields:
            case.save(update_fields=[*fields, "updated_at"])
        audit.record(user, "reply", case=case, chars=len(text), outbound=outbound.pk)
        if close:
            _close(case, handling, user)
        transaction.on_commit(lambda: send(outbound.pk, case.pk))
    return outbound


def send(outbound_id: int, case_id: int) -> None:
    """Hand a stored operator message to its channel (module docstring)."""
    from bots import outbound, runtime
    from bots.tasks import send_outbound

    if not runtime.is_eager():
        send_outbound.delay(outbound_id)
        return
    try:
        with runtime.case_lock(case_id):
            for pending_id in runtime.pending_outbound(case_id, up_to=outbound_id):
                outbound.deliver(pending_id)
    except (outbound.RetryLater, runtime.CaseBusy) as exc:
        logger.warning("operator message %s not sent yet: %s", outbound_id, exc)


def close(case_id: int, user: Any) -> Case:
    with transaction.atomic():
        case = _locked(case_id)
        if case.status == CaseStatus.CLOSED:
            raise CaseworkError(f"case {case_id} is already closed")
        _close(case, _handling(case, user), user)
    return case


def _take_over(case: Case) -> None:
    """A running or concluded case becomes a hand-off: in the queue, the bot silent."""
    case.status = CaseStatus.HANDED_OFF
    case.waiting_since = case.waiting_since or timezone.now()
    case.closed_at = None


def _close(case: Case, handling: CaseHandling, user: Any) -> None:
    """Close, and tell the user: the closing message asks for a rating (CSAT) and offers to
    reopen (``bots.takeover``)."""
    before = case.status
    now = timezone.now()
    case.status = CaseStatus.CLOSED
    case.closed_at = case.closed_at or now
    case.waiting_since = None
    case.save(update_fields=["status", "closed_at", "waiting_since", "updated_at"])
    handling.closed_by = user
    handling.closed_at = now
    handling.save(update_fields=["closed_by", "closed_at"])
    closing = OutboundMessage.objects.create(
        case=case, channel=case.channel, payload=takeover.closing_message()
    )
    audit.record(user, "close", case=case, previous_status=before, outbound=closing.pk)
    transaction.on_commit(lambda: send(closing.pk, case.pk))


def hand_back(case_id: int, user: Any) -> OutboundMessage:
    """Give the case back to the bot: it resumes from the belief state and says so to the user
    with its next question (``bots.takeover.resume``)."""
    from bots.case_store import CaseStore
    from bots.runtime import reply_payload
    from bots.service_pool import worker_service

    with transaction.atomic():
        case = _locked(case_id)
        if case.status not in QUEUE_STATUSES:
            raise CaseworkError(
                f"case {case_id} is {case.get_status_display().lower()}: only a case waiting "
                "for a person can be handed back"
            )
        before = case.status
        store = CaseStore(savepoint=False)
        with store.locked(case.channel, case.external_thread_id) as current:
            current.assigned_to = None
            reply = takeover.resume(worker_service(), store, current)
        outbound = OutboundMessage.objects.create(
            case_id=case.pk,
            turn_id=reply.turn_id,
            channel=case.channel,
            payload=reply_payload(reply),
        )
        audit.record(user, "hand_back", case=case, previous_status=before,
                     bot_status=reply.status, outbound=outbound.pk)
        transaction.on_commit(lambda: send(outbound.pk, case.pk))
    return outbound


def add_note(case_id: int, user: Any, text: str) -> CaseNote:
    """An internal note for colleagues: stored and shown in the console, never sent."""
    text = text.strip()
    if not text:
        raise CaseworkError("the note is empty")
    if len(text) > NOTE_MAX:
        raise CaseworkError(f"the note is longer than {NOTE_MAX} characters")
    with transaction.atomic():
        case = _locked(case_id)
        note = CaseNote.objects.create(case=case, author=user, text=text)
        audit.record(user, "note", case=case, chars=len(text), note=note.pk)
    return note


def label(
    case_id: int, user: Any, *, hypothesis: str = "", other: bool = False, note: str = ""
) -> Outcome:
    """Record the true outcome: a hypothesis of the case's pack, or "other" with a note."""
    note = note.strip()
    if len(note) > NOTE_MAX:
        raise CaseworkError(f"the note is longer than {NOTE_MAX} characters")
    case = Case.objects.filter(pk=case_id).first()
    if case is None:
        raise CaseworkError(f"case {case_id} does not exist")
    if other:
        if not note:
            raise CaseworkError('"other" needs a note saying what it was')
        hypothesis = ""
    else:
        if not hypothesis:
            raise CaseworkError('choose a hypothesis of the pack, or "other" with a note')
        network = network_for(case.pack, case.pack_version)
        if network is None:
            raise CaseworkError(f"case {case_id} has no pack to label against")
        if hypothesis not in network.hypothesis_index:
            raise CaseworkError(f"{hypothesis!r} is not a hypothesis of pack {case.pack!r}")
    with transaction.atomic():
        outcome, created = Outcome.objects.update_or_create(
            case=case,
            defaults={"hypothesis": hypothesis, "other": other, "note": note, "labelled_by": user},
        )
        audit.record(
            user,
            "label",
            case=case,
            target=hypothesis or "other",
            note=note,
            relabel=not created,
            correct=bool(hypothesis) and hypothesis == case.conclusion,
        )
    return outcome
