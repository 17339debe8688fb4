"""The dashboard: success, abstention, escalation and deflection rates, mean questions and
calibration, overall, per pack and per week (definitions in ``console.dashboard``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from console import csat, sla
from console import dashboard as metrics
from console.charts import Series, calibration_chart, legend, line_chart
from console.forms import DashboardForm, valid_part
from console.roles import VIEW_DASHBOARD, requires

# Colours match the status colours of the stylesheet.
WEEKLY = (
    ("success", "success", "#16a34a"),
    ("abstention", "abstention", "#d97706"),
    ("escalation", "escalation", "#dc2626"),
    ("deflection", "deflection", "#2563eb"),
)


@require_GET
@requires(VIEW_DASHBOARD)
def dashboard(request: HttpRequest) -> HttpResponse:
    form = DashboardForm(request.GET or None)
    data = valid_part(form)
    cases = metrics.summarise(
        metrics.filtered(
            data.get("pack") or "", data.get("since"), data.get("until"), user=request.user
        )
    )
    overall = metrics.rates(cases)
    packs = metrics.by_pack(cases)
    weeks = metrics.by_week(cases)
    labels = [f"{week:%d %b}" for week, _ in weeks]
    rate_series = [
        Series(title, [getattr(r, key) for _, r in weeks], color)
        for key, title, color in WEEKLY
    ]
    question_series = [Series("mean questions", [r.mean_questions for _, r in weeks])]
    week_counts = [r.cases for _, r in weeks]
    scope = metrics.filtered(
        data.get("pack") or "", data.get("since"), data.get("until"), user=request.user
    )
    waits = sla.waits(metrics.filtered(data.get("pack") or "", user=request.user))
    csat_weeks = csat.by_week(scope)
    csat_series = [Series("mean rating (1-5)", [w.mean for w in csat_weeks], "#0891b2")]
    context = {
        "form": form,
        "overall": overall,
        "overall_chart": calibration_chart(overall.calibration, title="Calibration, all packs"),
        "packs": [
            {
                "name": name,
                "rates": r,
                "chart": calibration_chart(r.calibration, title=f"Calibration, {name}"),
            }
            for name, r in packs.items()
        ],
        "weekly_chart": line_chart(
            rate_series, labels, title="Rates per week", y_max=1.0, percent=True,
            css_class="chart weekly-chart", counts=week_counts,
        ) if weeks else "",
        "waits": waits,
        "breached": sum(w.breached for w in waits),
        "waiting": sum(w.waiting for w in waits),
        "wait_chart": sla.wait_chart(waits),
        "csat": csat.summary(scope),
        "csat_chart": line_chart(
            csat_series, [f"{w.week:%d %b}" for w in csat_weeks],
            title="CSAT per week, mean rating", y_max=5.0, width=420, height=220,
            y_label="rating", css_class="chart csat-chart", counts=[w.count for w in csat_weeks],
        ) if csat_weeks else "",
        "weekly_legend": legend(rate_series),
        "questions_chart": line_chart(
            question_series, labels, title="Mean questions per case, per week",
            width=360, height=240, y_label="questions",
            css_class="chart questions-chart", counts=week_counts,
        ) if weeks else "",
        "weeks": weeks,
    }
    return render(request, "console/dashboard.html", context)
