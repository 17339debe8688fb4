"""Canned replies: saved texts an operator inserts into the reply box, filled in for the case.

Variables, written ``{name}``: ``name`` (the user's display name, else "there"), ``case_id``,
``operator`` (the operator's first name, else username), ``pack`` (the pack's title) and
``wait`` (the SLA of the case's urgency, as words). An unknown ``{word}`` is left as written,
so a typo shows in the reply box instead of failing.
"""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Q, QuerySet

from bots import takeover
from bots.models import Case

from .models import CannedReply

VARIABLES = ("name", "case_id", "operator", "pack", "wait")
_FIELD = re.compile(r"\{(\w+)\}")


def variables(case: Case, operator: Any) -> dict[str, str]:
    from knowledge.models import Pack

    title = ""
    if case.pack:
        title = Pack.objects.filter(name=case.pack).values_list("title", flat=True).first() or ""
    level = takeover.level_of(case.status, case.triage_level)
    return {
        "name": (case.user_display or "").strip() or "there",
        "case_id": str(case.pk),
        "operator": (getattr(operator, "first_name", "") or getattr(operator, "username", "")),
        "pack": title or case.pack or "",
        "wait": takeover.minutes_text(takeover.sla_minutes()[level]),
    }


def render(text: str, values: dict[str, str]) -> str:
    return _FIELD.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def unknown_variables(text: str) -> list[str]:
    return sorted({m.group(1) for m in _FIELD.finditer(text)} - set(VARIABLES))


def for_case(case: Case) -> QuerySet[CannedReply]:
    """The canned replies offered on a case: its pack's, then those for every pack."""
    return CannedReply.objects.filter(Q(pack=case.pack) | Q(pack="")).order_by(
        "-pack", "title", "id"
    )


def rendered_for(case: Case, operator: Any) -> list[tuple[CannedReply, str]]:
    values = variables(case, operator)
    return [(reply, render(reply.text, values)) for reply in for_case(case)]
