"""Case lists: filters, transcript search, the queue order, status counts and pages.

Lists read only the narrow columns of ``bots.Case`` (never the dialogue state JSON) and fetch
what a page shows about its 50 cases (turn counts, the opening message) in two more queries,
so a page costs the same with ten cases or a hundred thousand.

Transcript search: every word of the query, matched through the turns' blind index (the text
is encrypted at rest; see ``bots.transcripts``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db import connection, models
from django.db.models.expressions import RawSQL
from django.utils import timezone

from bots import takeover, transcripts
from bots.models import Case, CaseStatus, Role, Turn
from knowledge.models import PackVersion

from .casework import QUEUE_STATUSES
from .packs import network_of

PAGE_SIZE = 50
LIST_FIELDS = (
    "id",
    "channel",
    "pack",
    "status",
    # Not user_display: encrypted, and no list shows it (one decryption per row saved).
    "external_user_id",
    "conclusion",
    "confidence",
    "triage_level",
    "assigned_to",
    "created_at",
    "updated_at",
    "waiting_since",
    "csat_score",
)
STATUS_ORDER = [s.value for s in CaseStatus]
# Matching case ids passed as query parameters; SQLite allows 32766 (3.32+).
MAX_IDS = 20000
MAX_MATCHING_TURNS = 4 * MAX_IDS


def search_transcripts(cases: models.QuerySet[Case], text: str) -> models.QuerySet[Case]:
    text = text.strip()
    if not text:
        return cases
    indexed = transcripts.indexed_case_ids(text)
    if indexed is not None:
        # SQLite's word index finds the cases in a few milliseconds, inside each query that
        # needs them: cheaper than carrying thousands of ids through Django's SQL compiler.
        return cases.filter(pk__in=indexed)
    # The text is encrypted: match the words' keyed hashes (bots.transcripts).
    turns = transcripts.matching_turns(text)
    # Search once per request: the page, its count and the status counts all reuse the ids
    # (a subquery would scan the turns three times). Past a limit, let the database join.
    # Not DISTINCT in SQL: SQLite would then walk the turns in case order, reading every
    # turn's row (JSON and all), instead of scanning the narrow (search_tokens, case_id)
    # index; a set here is cheaper.
    found = list(turns.order_by().values_list("case_id", flat=True)[: MAX_MATCHING_TURNS + 1])
    ids = list(dict.fromkeys(found))
    if len(found) > MAX_MATCHING_TURNS or len(ids) > MAX_IDS:
        return cases.filter(pk__in=turns.values("case_id"))
    if connection.vendor == "postgresql":
        # One array parameter: Django compiles an IN list's thousands of ids one by one, in
        # every query that reuses them.
        return cases.filter(pk__in=RawSQL("SELECT unnest(%s::bigint[])", [ids]))
    return cases.filter(pk__in=ids)


def apply_filters(
    cases: models.QuerySet[Case], data: Mapping[str, Any], user: Any, *, with_status: bool = True
) -> models.QuerySet[Case]:
    """Filter by the cleaned data of a CaseFilterForm (status only when ``with_status``),
    within the packs of ``user``'s teams (console.teams)."""
    from console.teams.scope import visible_cases

    cases = visible_cases(user, cases)
    if with_status and data.get("status"):
        cases = cases.filter(status=data["status"])
    if data.get("channel"):
        cases = cases.filter(channel=data["channel"])
    if data.get("pack"):
        cases = cases.filter(pack=data["pack"])
    cases = in_date_range(cases, data.get("since"), data.get("until"))
    if data.get("assigned") == "me":
        cases = cases.filter(assigned_to=user)
    elif data.get("assigned") == "none":
        cases = cases.filter(assigned_to__isnull=True)
    return search_transcripts(cases, str(data.get("q") or ""))


def day_start(day: dt.date) -> dt.datetime:
    """Midnight starting ``day`` in the current time zone, as an aware datetime."""
    return timezone.make_aware(dt.datetime.combine(day, dt.time.min))


def in_date_range(
    cases: models.QuerySet[Case], since: dt.date | None, until: dt.date | None
) -> models.QuerySet[Case]:
    """Cases created on ``since`` .. ``until`` (inclusive days). Compared as a datetime range,
    not with ``__date``, so the index on ``created_at`` serves it."""
    if since:
        cases = cases.filter(created_at__gte=day_start(since))
    if until:
        cases = cases.filter(created_at__lt=day_start(until + dt.timedelta(days=1)))
    return cases


def status_counts(cases: models.QuerySet[Case]) -> list[tuple[str, str, int]]:
    """(status, label, count) for every status, in the product's order."""
    counts = dict(cases.order_by().values_list("status").annotate(n=models.Count("id")))
    return [(s.value, s.label, int(counts.get(s.value, 0))) for s in CaseStatus]


def queue(cases: models.QuerySet[Case]) -> models.QuerySet[Case]:
    """Waiting cases by urgency (emergency, urgent, the rest: ``bots.takeover``), and within a
    level the longest waiting first."""
    return (
        cases.filter(status__in=QUEUE_STATUSES)
        .annotate(urgency=takeover.urgency_rank(), waiting_from=takeover.waited_from())
        .order_by("urgency", "waiting_from", "id")
    )


@dataclass(frozen=True)
class Row:
    case: Case
    turns: int
    opening: str
    conclusion: str  # the concluded hypothesis' name (its id when the pack no longer has it)
    level: str = "routine"  # urgency (bots.takeover)
    waited_s: float = 0.0  # in the queue so far (0 when not waiting)
    sla_s: float = 0.0
    last_from_user: bool = False  # the user wrote last: an answer is owed

    @property
    def waited_whole_s(self) -> int:
        return int(self.waited_s)

    @property
    def sla_whole_s(self) -> int:
        return int(self.sla_s)

    @property
    def waiting(self) -> bool:
        return self.case.status in QUEUE_STATUSES

    @property
    def breached(self) -> bool:
        return self.waiting and self.waited_s > self.sla_s


class CountedPaginator(Paginator):
    """A paginator told its count (the status counts already summed it: one query less)."""

    def __init__(self, object_list: Any, per_page: int, count: int) -> None:
        super().__init__(object_list, per_page)
        self.__dict__["count"] = count  # fills Paginator.count, a cached_property


def page_of(
    cases: models.QuerySet[Case], number: Any, size: int = PAGE_SIZE, count: int | None = None
) -> tuple[Page, list[Row]]:
    """One page of cases with what the list shows about each (``count``: the total, if known).

    The page's ids are found first, ordering only the columns the order needs (the indexes on
    the case table cover them), and then only those cases' rows are read: ordering the full
    rows made the database read every matching case to show fifty."""
    ids = cases.values_list("pk", flat=True)
    paginator = Paginator(ids, size) if count is None else CountedPaginator(ids, size, count)
    page = paginator.get_page(number)
    page_ids = list(page.object_list)
    found = {
        c.pk: c
        for c in Case.objects.filter(pk__in=page_ids)
        .select_related("assigned_to")
        .only(*LIST_FIELDS, "assigned_to__username", "assigned_to__first_name",
              "assigned_to__last_name")
    }
    rows = [found[pk] for pk in page_ids if pk in found]
    page.object_list = rows
    return page, rows_for(rows, [c.pk for c in rows])


def rows_for(cases: Sequence[Case], ids: list[int]) -> list[Row]:
    if not ids:
        return []
    counts = dict(
        Turn.objects.filter(case_id__in=ids)
        .order_by()
        .values_list("case_id")
        .annotate(n=models.Count("id"))
    )
    # The opening: each case's first user turn, and only that one is decrypted.
    first_user = Turn.objects.filter(
        case_id=models.OuterRef("case_id"), role=Role.USER, index__lte=2
    ).order_by("index").values("index")[:1]
    openings: dict[int, str] = dict(
        Turn.objects.filter(case_id__in=ids, role=Role.USER, index=models.Subquery(first_user))
        .order_by()
        .values_list("case_id", "text")
    )
    names = _hypothesis_names({c.pack for c in cases if c.conclusion and c.pack})
    # Who wrote last, for waiting cases only (the queue's "new message" badge).
    waiting_ids = [c.pk for c in cases if c.status in QUEUE_STATUSES]
    last_roles = {} if not waiting_ids else dict(
        Turn.objects.filter(
            case_id__in=waiting_ids,
            index=models.Subquery(
                Turn.objects.filter(case_id=models.OuterRef("case_id"))
                .exclude(role=Role.SYSTEM)
                .order_by("-index")
                .values("index")[:1]
            ),
        ).values_list("case_id", "role")
    )
    now = timezone.now()
    sla = takeover.sla_minutes()
    rows = []
    for c in cases:
        level = takeover.level_of(c.status, c.triage_level)
        waiting = c.status in QUEUE_STATUSES
        rows.append(
            Row(
                c,
                int(counts.get(c.pk, 0)),
                openings.get(c.pk, ""),
                names.get((c.pack, c.conclusion), c.conclusion),
                level=level,
                waited_s=takeover.waited(c, now).total_seconds() if waiting else 0.0,
                sla_s=sla[level] * 60.0,
                last_from_user=waiting and last_roles.get(c.pk) == Role.USER,
            )
        )
    return rows


def _hypothesis_names(packs: set[str]) -> dict[tuple[str, str], str]:
    """Hypothesis names of the packs' current versions (one query for all the packs)."""
    out: dict[tuple[str, str], str] = {}
    if not packs:
        return out
    current = (
        PackVersion.objects.filter(pack__name__in=packs, pack__current_version=models.F("pk"))
        .only("pk", "content_hash", "pack__name")
        .select_related("pack")
    )
    for row in current:
        network = network_of(row)
        if network is not None:
            out.update({(row.pack.name, h.id): h.name for h in network.hypotheses})
    return out
