"""Assignment rules: a case entering the queue unassigned goes to the operator of the first
matching rule (pack and/or channel; ``AssignmentRule``).

Run from the post-save signal of ``bots.Case``, so inside the transaction that put the case in
the queue (the conversation service's, or an operator action's): the assignment and its audit
row commit with the turn that queued the case, or not at all.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from bots import takeover
from bots.models import Case

from . import audit
from .models import AssignmentRule


def rule_for(case: Case) -> AssignmentRule | None:
    return (
        AssignmentRule.objects.filter(active=True, assignee__is_active=True)
        .filter(Q(pack="") | Q(pack=case.pack), Q(channel="") | Q(channel=case.channel))
        .select_related("assignee")
        .order_by("position", "id")
        .first()
    )


def on_case_saved(sender: Any, instance: Case, created: bool = False, **kwargs: Any) -> None:
    if kwargs.get("raw") or instance.assigned_to_id is not None:
        return
    if instance.status not in takeover.QUEUE_STATUSES:
        return
    rule = rule_for(instance)
    if rule is None:
        return
    # update(), not save(): no second signal, and only the one column.
    Case.objects.filter(pk=instance.pk, assigned_to__isnull=True).update(
        assigned_to=rule.assignee
    )
    instance.assigned_to = rule.assignee
    audit.record(
        None, "auto_assign", case=instance, target=rule.assignee.username, rule=rule.pk,
        pack=rule.pack, channel=rule.channel,
    )
