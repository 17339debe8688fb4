"""Dashboard metrics over ended cases: per pack, per week, and calibration.

Definitions (shown on the page too):

- a case has **ended** once it left ``active``;
- the bot's **decision** is the status the case had when an operator first took it over
  (``CaseHandling.bot_status``), else its status now: concluded, abstained, escalated (which
  includes a user's request for a person, ``handed_off``) or closed (the user started over);
- **success**: concluded and labelled with the same hypothesis, over the labelled ended cases
  (only a label says what was really wrong);
- **abstention** / **escalation**: that decision, over ended cases;
- **deflection**: concluded and never taken over by an operator, over ended cases;
- **mean questions**: the bot's questions per ended case;
- **calibration**: for concluded, labelled cases, the confidence the bot concluded with
  against whether the label agreed (binned; ECE is the case-weighted mean gap).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, QuerySet
from django.utils import timezone

from bots.models import Case, CaseStatus, Role, Turn

from .charts import CalibrationBin, calibration_bins

DECISIONS = ("concluded", "abstained", "escalated", "closed")


@dataclass(frozen=True)
class EndedCase:
    pack: str
    decision: str
    taken_over: bool
    questions: int
    created: dt.date
    confidence: float | None
    label: str | None  # hypothesis id, "" for "other", None when unlabelled
    conclusion: str

    @property
    def labelled(self) -> bool:
        return self.label is not None

    @property
    def correct(self) -> bool:
        return bool(self.label) and self.decision == "concluded" and self.label == self.conclusion


def decision_of(status: str, bot_status: str | None) -> str:
    status = bot_status or status
    if status in (CaseStatus.ESCALATED, CaseStatus.HANDED_OFF):
        return "escalated"
    if status == CaseStatus.ACTIVE:  # taken over mid-conversation: a person stepped in
        return "escalated"
    return str(status)


def ended_cases(cases: QuerySet[Case]) -> list[EndedCase]:
    ended = cases.exclude(status=CaseStatus.ACTIVE)
    rows = list(
        ended.values_list(
            "pk",
            "pack",
            "status",
            "handling__bot_status",
            "created_at",
            "confidence",
            "conclusion",
            "outcome__hypothesis",
            "outcome__other",
            "outcome__id",
        )
    )
    asked = dict(
        Turn.objects.filter(
            # A confirmation ("just to be sure: ...?") is a question the user answers too.
            case__in=ended, role=Role.BOT, action__type__in=("ask", "confirm")
        )
        .values("case")
        .annotate(n=Count("id"))
        .values_list("case", "n")
    )
    out = []
    for pk, pack, status, bot_status, created, confidence, conclusion, hyp, other, oid in rows:
        out.append(
            EndedCase(
                pack=pack or "(unrouted)",
                decision=decision_of(status, bot_status),
                taken_over=bot_status is not None,
                questions=int(asked.get(pk, 0)),
                created=timezone.localtime(created).date(),
                confidence=confidence,
                label=None if oid is None else ("" if other else hyp),
                conclusion=conclusion,
            )
        )
    return out


def _rate(hits: int, total: int) -> float | None:
    return hits / total if total else None


@dataclass
class Rates:
    cases: int = 0
    labelled: int = 0
    success: float | None = None
    abstention: float | None = None
    escalation: float | None = None
    deflection: float | None = None
    mean_questions: float | None = None
    calibration: list[CalibrationBin] = field(default_factory=list)
    ece: float | None = None
    calibrated_cases: int = 0


def rates(cases: Sequence[EndedCase]) -> Rates:
    n = len(cases)
    labelled = [c for c in cases if c.labelled]
    pairs = [
        (c.confidence, c.correct)
        for c in labelled
        if c.decision == "concluded" and c.confidence is not None
    ]
    bins, ece = calibration_bins(pairs)
    return Rates(
        cases=n,
        labelled=len(labelled),
        success=_rate(sum(c.correct for c in labelled), len(labelled)),
        abstention=_rate(sum(c.decision == "abstained" for c in cases), n),
        escalation=_rate(sum(c.decision == "escalated" for c in cases), n),
        deflection=_rate(
            sum(c.decision == "concluded" and not c.taken_over for c in cases), n
        ),
        mean_questions=(sum(c.questions for c in cases) / n) if n else None,
        calibration=bins,
        ece=ece,
        calibrated_cases=len(pairs),
    )


def week_of(day: dt.date) -> dt.date:
    """The Monday starting the ISO week of ``day``."""
    return day - dt.timedelta(days=day.weekday())


def by_pack(cases: Iterable[EndedCase]) -> dict[str, Rates]:
    grouped: dict[str, list[EndedCase]] = defaultdict(list)
    for case in cases:
        grouped[case.pack].append(case)
    return {pack: rates(items) for pack, items in sorted(grouped.items())}


def by_week(cases: Iterable[EndedCase]) -> list[tuple[dt.date, Rates]]:
    """Rates per ISO week, every week from the first to the last present (empty weeks too)."""
    grouped: dict[dt.date, list[EndedCase]] = defaultdict(list)
    for case in cases:
        grouped[week_of(case.created)].append(case)
    if not grouped:
        return []
    first, last = min(grouped), max(grouped)
    weeks = []
    day = first
    while day <= last:
        weeks.append((day, rates(grouped.get(day, []))))
        day += dt.timedelta(days=7)
    return weeks


def filtered(
    pack: str = "", since: dt.date | None = None, until: dt.date | None = None, user: Any = None
) -> Any:
    """Cases of ``pack`` (all packs when empty) in the date range, within ``user``'s teams."""
    from .case_queries import in_date_range
    from .teams.scope import visible_cases

    cases = Case.objects.filter(pack=pack) if pack else Case.objects.all()
    if user is not None:
        cases = visible_cases(user, cases)
    return in_date_range(cases, since, until)
