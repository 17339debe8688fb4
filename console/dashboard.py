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

Everything is counted in the database (``summarise``): one grouped query returns the ended
cases by week, pack, decision, label and confidence bin, with their questions summed, so the
page reads a few hundred rows whether there are a hundred cases or a hundred thousand.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import (
    BooleanField,
    Count,
    F,
    FloatField,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models import (
    Case as SqlCase,
)
from django.db.models.functions import Coalesce, Greatest, Least
from django.db.models.lookups import LessThan

from bots.models import Case, CaseStatus, Turn

from .case_sql import IsQuestion, as_date, local_week
from .charts import CalibrationBin

DECISIONS = ("concluded", "abstained", "escalated", "closed")
ENDED = [s.value for s in CaseStatus if s != CaseStatus.ACTIVE]
CALIBRATION_BINS = 10


@dataclass(frozen=True)
class Group:
    """Ended cases alike in everything the dashboard counts, and how many there are."""

    week: dt.date  # the Monday it starts
    pack: str
    decision: str
    taken_over: bool
    labelled: bool
    correct: bool  # concluded and labelled with the concluded hypothesis
    confidence_bin: int | None  # for labelled cases with a confidence: int(10 * confidence)
    cases: int
    confidence_sum: float  # of the confidences (clamped to 0..1) of the binned cases
    questions: int


def decision_of(status: str, bot_status: str | None) -> str:
    status = bot_status or status
    if status in (CaseStatus.ESCALATED, CaseStatus.HANDED_OFF):
        return "escalated"
    if status == CaseStatus.ACTIVE:  # taken over mid-conversation: a person stepped in
        return "escalated"
    return str(status)


def _confidence_bin() -> SqlCase:
    """int(10 * confidence), clamped to 0..9, as the bins of ``charts.calibration_bins``."""
    tenfold = F("confidence") * Value(float(CALIBRATION_BINS))
    return SqlCase(
        When(Q(outcome__id__isnull=True) | Q(confidence__isnull=True), then=Value(None)),
        *(When(LessThan(tenfold, Value(float(k + 1))), then=Value(k))
          for k in range(CALIBRATION_BINS - 1)),
        default=Value(CALIBRATION_BINS - 1),
        output_field=IntegerField(),
    )


def summarise(cases: QuerySet[Case]) -> list[Group]:
    """The ended ones of ``cases``, counted by week, pack, decision, label and confidence bin
    in one grouped query (a few hundred rows however many cases there are)."""
    asked = (
        Turn.objects.filter(IsQuestion(), case=OuterRef("pk"))
        .order_by()
        .values("case")
        .annotate(n=Count("pk"))
        .values("n")
    )
    rows = (
        cases.filter(status__in=ENDED)
        .order_by()
        .annotate(
            week=local_week("created_at"),
            bot_status=F("handling__bot_status"),
            labelled=SqlCase(
                When(outcome__id__isnull=False, then=Value(True)),
                default=Value(False),
                output_field=BooleanField(),
            ),
            matches=SqlCase(
                When(
                    Q(outcome__other=False)
                    & ~Q(outcome__hypothesis="")
                    & Q(outcome__hypothesis=F("conclusion")),
                    then=Value(True),
                ),
                default=Value(False),
                output_field=BooleanField(),
            ),
            confidence_bin=_confidence_bin(),
        )
        .values_list(
            "week", "pack", "status", "bot_status", "labelled", "matches", "confidence_bin"
        )
        .annotate(
            n=Count("pk"),
            confidence_sum=Sum(
                Greatest(Least(F("confidence"), Value(1.0)), Value(0.0)),
                output_field=FloatField(),
            ),
            questions=Sum(Coalesce(Subquery(asked, output_field=IntegerField()), Value(0))),
        )
    )
    out = []
    weeks: dict[Any, dt.date] = {}
    for week, pack, status, bot_status, labelled, matches, bin_, n, confidence, asked in rows:
        decision = decision_of(status, bot_status)
        if week not in weeks:
            weeks[week] = as_date(week)
        out.append(
            Group(
                week=weeks[week],
                pack=pack or "(unrouted)",
                decision=decision,
                taken_over=bot_status is not None,
                labelled=bool(labelled),
                correct=bool(labelled and matches) and decision == "concluded",
                confidence_bin=bin_,
                cases=int(n),
                confidence_sum=float(confidence or 0.0),
                questions=int(asked or 0),
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


def _calibration(groups: Sequence[Group]) -> tuple[list[CalibrationBin], float | None, int]:
    """Concluded, labelled cases with a confidence, per bin: (bins, ECE, cases)."""
    count = [0] * CALIBRATION_BINS
    confidence = [0.0] * CALIBRATION_BINS
    correct = [0] * CALIBRATION_BINS
    for g in groups:
        if g.labelled and g.decision == "concluded" and g.confidence_bin is not None:
            count[g.confidence_bin] += g.cases
            confidence[g.confidence_bin] += g.confidence_sum
            correct[g.confidence_bin] += g.cases if g.correct else 0
    bins = []
    gap = 0.0
    for i in range(CALIBRATION_BINS):
        if not count[i]:
            continue
        mean_c, accuracy = confidence[i] / count[i], correct[i] / count[i]
        bins.append(CalibrationBin(i / CALIBRATION_BINS, (i + 1) / CALIBRATION_BINS,
                                   count[i], mean_c, accuracy))
        gap += count[i] * abs(mean_c - accuracy)
    total = sum(count)
    return bins, (gap / total if total else None), total


def rates(groups: Sequence[Group]) -> Rates:
    def cases(keep: Any) -> int:
        return sum(g.cases for g in groups if keep(g))

    n = cases(lambda g: True)
    labelled = cases(lambda g: g.labelled)
    bins, ece, calibrated = _calibration(groups)
    return Rates(
        cases=n,
        labelled=labelled,
        success=_rate(cases(lambda g: g.correct), labelled),
        abstention=_rate(cases(lambda g: g.decision == "abstained"), n),
        escalation=_rate(cases(lambda g: g.decision == "escalated"), n),
        deflection=_rate(cases(lambda g: g.decision == "concluded" and not g.taken_over), n),
        mean_questions=(sum(g.questions for g in groups) / n) if n else None,
        calibration=bins,
        ece=ece,
        calibrated_cases=calibrated,
    )


def week_of(day: dt.date) -> dt.date:
    """The Monday starting the ISO week of ``day``."""
    return day - dt.timedelta(days=day.weekday())


def by_pack(groups: Iterable[Group]) -> dict[str, Rates]:
    grouped: dict[str, list[Group]] = defaultdict(list)
    for g in groups:
        grouped[g.pack].append(g)
    return {pack: rates(items) for pack, items in sorted(grouped.items())}


def by_week(groups: Iterable[Group]) -> list[tuple[dt.date, Rates]]:
    """Rates per ISO week, every week from the first to the last present (empty weeks too)."""
    grouped: dict[dt.date, list[Group]] = defaultdict(list)
    for g in groups:
        grouped[g.week].append(g)
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
