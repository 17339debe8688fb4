"""Evaluation results as a console table, a JSON document, and a Markdown report with plots.

Plots are drawn on matplotlib ``Figure`` objects with the Agg canvas, never through pyplot:
no global figure state, no display needed, safe in worker processes and tests. matplotlib is an
optional extra (``askfew[plots]``, in ``dev`` too): without it the report is written without its
plots and says how to get them.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from planning.metrics import calibration_bins, macro_summary, summarize
from planning.results import CaseResult

PLOTS_MISSING = (
    "plots skipped: matplotlib is not installed (it is the optional extra 'plots': "
    "uv sync --extra plots, or pip install 'askfew[plots]')"
)


def plots_available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _figure(width: float, height: float) -> Any:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100)
    FigureCanvasAgg(fig)
    return fig


Summary = Mapping[str, float | None]

# (metric key, column header, format); rates are percentages, ECE a fraction, times in ms.
COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("success_rate", "success%", "{:.1f}"),
    ("mean_turns", "turns", "{:.2f}"),
    ("mean_turns_success", "turns(ok)", "{:.2f}"),
    ("abstain_rate", "abstain%", "{:.1f}"),
    ("escalate_rate", "escalate%", "{:.1f}"),
    ("accuracy_when_concluded", "acc(concl)%", "{:.1f}"),
    ("recall_at_3", "recall@3%", "{:.1f}"),
    ("ece", "ECE", "{:.3f}"),
    ("ece_stated", "ECE(own)", "{:.3f}"),
    ("red_flag_rate", "redflag%", "{:.1f}"),
    ("decision_ms_p50", "p50 ms", "{:.2f}"),
    ("decision_ms_p99", "p99 ms", "{:.2f}"),
)

NOTES = """\
- **success**: the policy concluded, naming the true hypothesis, within max_turns questions
  (percent of all cases). **turns**: questions asked, over all cases; **turns(ok)** over the
  successful ones. The opening complaint costs no turn.
- **abstain / escalate**: percent of cases that ended so. **acc(concl)**: percent of the
  concluded cases that were right.
- **recall@3**: percent of cases whose true hypothesis is among the three known hypotheses with
  the highest BetP (and BetP > 0) when the dialogue ends, whatever the outcome. Ties count
  against: the truth's rank is the number of hypotheses with a BetP at least its own.
- **ECE**: expected calibration error (a fraction, not a percentage) of the BetP of the
  concluded hypothesis against correctness, over concluded cases, 10 equal-width bins.
  **ECE(own)**: the same over the confidence the policy stated; it differs from ECE only for a
  policy that decides on its own distribution (the IG-Bayesian baseline's posterior).
- **redflag**: percent of cases in which an answer (the opening included) tripped a red-flag
  rule. In "flag" mode the dialogue goes on, so diagnosis and triage are measured separately.
- **p50 / p99 ms**: percentiles of the wall time of every single decision (pooled over cases),
  on the machine that ran the evaluation; a benchmark, not a specification.
"""


def _cell(value: float | None, fmt: str) -> str:
    return "-" if value is None else fmt.format(value)


def format_table(summaries: Mapping[str, Summary]) -> str:
    """A fixed-width text table, one row per policy."""
    headers = ["policy", *(header for _, header, _ in COLUMNS)]
    rows = [
        [name, *(_cell(summary.get(key), fmt) for key, _, fmt in COLUMNS)]
        for name, summary in summaries.items()
    ]
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest])

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


# The pathology-balanced table: the same metrics averaged over true hypotheses (macro) next to
# the pooled ones, so a policy that fails rare pathologies shows it.
MACRO_COLUMNS: tuple[tuple[str, str, str], ...] = (
    ("success_rate", "success%", "{:.1f}"),
    ("mean_turns", "turns", "{:.2f}"),
    ("abstain_rate", "abstain%", "{:.1f}"),
    ("escalate_rate", "escalate%", "{:.1f}"),
    ("accuracy_when_concluded", "acc(concl)%", "{:.1f}"),
    ("recall_at_3", "recall@3%", "{:.1f}"),
    ("worst_success_rate", "worst%", "{:.1f}"),
)


def format_macro_table(
    pooled: Mapping[str, Summary], macro: Mapping[str, Mapping[str, Any]]
) -> str:
    """Pooled and macro rows side by side, per policy (``worst``: the weakest hypothesis's
    success rate; pooled has none)."""
    headers = ["policy", "average", *(header for _, header, _ in MACRO_COLUMNS)]
    rows: list[list[str]] = []
    for name, summary in pooled.items():
        rows.append(
            [name, "pooled", *(_cell(summary.get(key), fmt) for key, _, fmt in MACRO_COLUMNS)]
        )
        per = macro.get(name, {})
        label = f"macro/{per.get('n_hypotheses', 0)}"
        rows.append(["", label, *(_cell(per.get(key), fmt) for key, _, fmt in MACRO_COLUMNS)])
    widths = [max(len(row[i]) for row in [headers, *rows]) for i in range(len(headers))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(width) for cell, width in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest])

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def markdown_table(summaries: Mapping[str, Summary]) -> str:
    headers = ["policy", *(header for _, header, _ in COLUMNS)]
    out = [
        "| " + " | ".join(headers) + " |",
        "|" + "|".join(["---", *("---:" for _ in COLUMNS)]) + "|",
    ]
    for name, summary in summaries.items():
        cells = [name, *(_cell(summary.get(key), fmt) for key, _, fmt in COLUMNS)]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def build_payload(
    dataset: str,
    split: str,
    settings: Mapping[str, Any],
    results: Mapping[str, Sequence[CaseResult]],
    *,
    max_turns: int,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON document: the metrics per policy, plus each policy's calibration bins and how
    its cases ended (``"abstained:max_turns"``, ``"escalated:red_flag"``, ...)."""
    n_cases = {len(rs) for rs in results.values()}
    if len(n_cases) > 1:
        raise ValueError(f"policies were run on different numbers of cases: {sorted(n_cases)}")
    policies: dict[str, dict[str, Any]] = {}
    macro: dict[str, dict[str, Any]] = {}
    calibration: dict[str, list[dict[str, Any]]] = {}
    endings: dict[str, dict[str, int]] = {}
    for name, rs in results.items():
        summary: dict[str, Any] = dict(summarize(rs, max_turns))
        summary["n_concluded"] = sum(r.outcome == "concluded" for r in rs)
        policies[name] = summary
        macro[name] = dict(macro_summary(rs, max_turns))
        calibration[name] = [asdict(b) for b in calibration_bins(rs)]
        counts = Counter(r.outcome if not r.reason else f"{r.outcome}:{r.reason}" for r in rs)
        endings[name] = dict(sorted(counts.items()))
    return {
        "dataset": dataset,
        "split": split,
        "n_cases": n_cases.pop() if n_cases else 0,
        "settings": dict(settings),
        "policies": policies,
        "macro": macro,
        "calibration": calibration,
        "endings": endings,
        **(dict(extra) if extra else {}),
    }


def write_json(payload: Mapping[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2, sort_keys=False) + "\n", encoding="utf-8")


# -- plots --------------------------------------------------------------------------------------


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "policy"


def plot_success_vs_turns(summaries: Mapping[str, Summary], path: Path) -> None:
    """Success rate against mean turns, one labelled point per policy (up-left is better)."""
    fig = _figure(6.0, 4.5)
    ax = fig.add_subplot(1, 1, 1)
    right = 1.0
    for name, summary in summaries.items():
        x, y = summary.get("mean_turns"), summary.get("success_rate")
        if x is None or y is None:
            continue
        ax.scatter([x], [y], s=40)
        ax.annotate(name, (x, y), textcoords="offset points", xytext=(5, 5), fontsize=9)
        right = max(right, x)
    ax.set_xlabel("mean turns (all cases)")
    ax.set_ylabel("success rate (%)")
    ax.set_ylim(-2, 105)
    # Room on the right for the labels of the slowest policies.
    ax.set_xlim(0, right * 1.2 + 0.5)
    ax.grid(True, alpha=0.3)
    ax.set_title("Success against questions asked")
    fig.tight_layout()
    fig.savefig(path, format="png")


def plot_calibration(name: str, results: Sequence[CaseResult], path: Path) -> None:
    """A reliability diagram: accuracy per confidence bin against the diagonal, with counts."""
    bins = calibration_bins(results)
    fig = _figure(5.0, 5.0)
    ax = fig.add_subplot(1, 1, 1)
    width = bins[0].high - bins[0].low
    filled = [(b, b.accuracy) for b in bins if b.count and b.accuracy is not None]
    ax.bar(
        [b.low for b, _ in filled],
        [accuracy for _, accuracy in filled],
        width=width,
        align="edge",
        edgecolor="black",
        alpha=0.7,
        label="accuracy",
    )
    ax.plot([0, 1], [0, 1], linestyle="--", color="grey", label="perfect calibration")
    for b, accuracy in filled:
        ax.annotate(
            str(b.count),
            (b.low + width / 2, accuracy),
            textcoords="offset points",
            xytext=(0, 3),
            ha="center",
            fontsize=8,
        )
    n = sum(b.count for b in bins)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.08)
    ax.set_xlabel("BetP of the concluded hypothesis")
    ax.set_ylabel("fraction correct")
    ax.set_title(f"Calibration: {name} ({n} concluded)")
    ax.legend(loc="best", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, format="png")


# -- the Markdown report ------------------------------------------------------------------------


def write_report(
    directory: Path,
    payload: Mapping[str, Any],
    results: Mapping[str, Sequence[CaseResult]],
) -> list[Path]:
    """Write ``report.md`` and its PNG plots into ``directory``; returns the files written
    (the report first). Without matplotlib, the report alone, saying why it has no plots."""
    directory.mkdir(parents=True, exist_ok=True)
    summaries: dict[str, Summary] = payload["policies"]
    written: list[Path] = []
    scatter = directory / "success_vs_turns.png"
    calibration_files: dict[str, str] = {}
    plots = plots_available()
    if plots:
        plot_success_vs_turns(summaries, scatter)
        written.append(scatter)
        for name, rs in results.items():
            path = directory / f"calibration_{_slug(name)}.png"
            plot_calibration(name, rs, path)
            written.append(path)
            calibration_files[name] = path.name
    settings = payload["settings"]
    lines = [
        f"# Evaluation: {payload['dataset']} ({payload['split']}, {payload['n_cases']} cases)",
        "",
        "## Settings",
        "",
        "| option | value |",
        "|---|---|",
        *(f"| {key} | {json.dumps(value)} |" for key, value in settings.items()),
        "",
    ]
    if payload.get("networks"):
        lines += [f"Networks: {', '.join(payload['networks'])}", ""]
    lines += [
        "## Results",
        "",
        markdown_table(summaries),
        "",
        "## Notes",
        "",
        NOTES,
        "## Plots",
        "",
    ]
    if plots:
        lines += [
            f"![success against mean turns]({scatter.name})",
            "",
            *(f"![calibration of {name}]({file})\n" for name, file in calibration_files.items()),
        ]
    else:
        lines += [PLOTS_MISSING, ""]
    report = directory / "report.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    written.insert(0, report)
    return written
