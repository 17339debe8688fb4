"""Retention and data-subject requests: purge old cases, export or delete one user's data.

Used by ``manage.py purge``, ``export_user_data`` and ``delete_user_data`` and by the console's
admin actions. Deleting a case deletes everything holding what the user wrote: its turns,
inbound events, outbound replies and outcome label (database cascades), and the console's
hand-over row. Audit entries stay, with their case link cleared: they record who did what,
never message content (a reply is logged by its length).

A user is named by channel and platform user id (Slack ``U…``, Telegram user id). The web chat
has no accounts: there the user is named by the chat token (the case's thread id).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.db.models.deletion import Collector
from django.utils import timezone

from bots.models import Case, InboundEvent, Outcome

# What ``QuerySet.delete`` reports, under the names the commands print.
LABELS = {
    "bots.Case": "cases",
    "bots.Turn": "turns",
    "bots.InboundEvent": "inbound_events",
    "bots.OutboundMessage": "outbound_messages",
    "bots.Outcome": "outcomes",
    "console.CaseHandling": "case_handlings",
}


def cases_of_user(channel: str, user: str) -> QuerySet[Case]:
    user = user.strip()
    if not user:
        return Case.objects.none()
    return Case.objects.filter(channel=channel).filter(
        Q(external_user_id=user) | Q(external_user_id="", external_thread_id=user)
    )


def cutoff(days: float, now: dt.datetime | None = None) -> dt.datetime:
    return (now or timezone.now()) - dt.timedelta(days=days)


def stale_cases(before: dt.datetime) -> QuerySet[Case]:
    """Cases whose last activity (a turn, an operator's action) was before ``before``."""
    return Case.objects.filter(updated_at__lt=before)


def orphan_events(before: dt.datetime) -> QuerySet[InboundEvent]:
    """Inbound events never attached to a case, received before ``before`` (they still hold
    the message text)."""
    return InboundEvent.objects.filter(case__isnull=True, received_at__lt=before)


def count_cases(cases: QuerySet[Case]) -> dict[str, int]:
    """What deleting ``cases`` would delete, per kind (for ``--dry-run``): Django's own
    deletion collector, so rows other apps hang off a case (the console's hand-over) are
    counted without this module naming them."""
    collector = Collector(using=cases.db)
    collector.collect(cases)
    per_model: dict[str, int] = {}
    for model, instances in collector.data.items():
        per_model[model._meta.label] = per_model.get(model._meta.label, 0) + len(instances)
    for query in collector.fast_deletes:
        # Like Collector.delete's own counts: a kind with nothing to delete is not named.
        found = query.count()
        if found:
            label = query.model._meta.label
            per_model[label] = per_model.get(label, 0) + found
    return _labelled(per_model)


def delete_cases(cases: QuerySet[Case]) -> dict[str, int]:
    """Delete ``cases`` and all that hangs off them; counts per kind."""
    with transaction.atomic():
        _, per_model = cases.delete()
    return _labelled(per_model)


def _labelled(per_model: dict[str, int]) -> dict[str, int]:
    out = {label: 0 for label in LABELS.values()}
    for model, n in per_model.items():
        out[LABELS.get(model, model)] = out.get(LABELS.get(model, model), 0) + n
    return out


def export(cases: Iterable[Case]) -> list[dict[str, Any]]:
    """Everything stored about these cases that came from or concerns the user, decrypted."""
    out = []
    for case in cases:
        try:
            outcome: Outcome | None = case.outcome
        except Outcome.DoesNotExist:
            outcome = None
        out.append(
            {
                "case": case.pk,
                "channel": case.channel,
                "thread": case.external_thread_id,
                "user_id": case.external_user_id,
                "user_display": case.user_display,
                "pack": case.pack,
                "status": case.status,
                "triage_level": case.triage_level,
                "conclusion": case.conclusion,
                "complaint": str(dict(case.state or {}).get("complaint", "")),
                "created_at": _iso(case.created_at),
                "updated_at": _iso(case.updated_at),
                "closed_at": _iso(case.closed_at),
                "turns": [
                    {
                        "index": t.index,
                        "role": t.role,
                        "text": t.text,
                        "interpretation": t.interpretation,
                        "created_at": _iso(t.created_at),
                    }
                    for t in case.turns.order_by("index")
                ],
                "outcome": None
                if outcome is None
                else {
                    "hypothesis": outcome.hypothesis,
                    "other": outcome.other,
                    "note": outcome.note,
                },
            }
        )
    return out


def _iso(when: dt.datetime | None) -> str | None:
    return when.isoformat() if when else None
