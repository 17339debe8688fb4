"""Small server-side SVG charts: line charts over turns or weeks, and a calibration diagram.

No JavaScript and nothing from the network: each chart is one inline ``<svg>`` element built
here, with every label escaped. Series may have gaps (``None``): a line is broken there instead
of being drawn through a value nobody measured (a hypothesis that left the top five).
Every drawn point carries ``data-series``, ``data-x`` and ``data-y`` attributes and a
``<title>`` tooltip, so the numbers behind a chart can be read (and tested) exactly.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe

PALETTE = (
    "#2563eb",  # blue
    "#dc2626",  # red
    "#16a34a",  # green
    "#9333ea",  # purple
    "#ea580c",  # orange
    "#0891b2",  # cyan
    "#ca8a04",  # amber
    "#db2777",  # pink
)


@dataclass(frozen=True)
class Series:
    label: str
    values: Sequence[float | None]  # one per x position; None is a gap
    color: str = ""
    dashed: bool = False


def _fmt(value: float) -> str:
    return f"{value:.1f}"


def _nice_max(value: float) -> float:
    """A round upper bound for an axis: 1, 2, 2.5 or 5 times a power of ten."""
    if value <= 0 or not math.isfinite(value):
        return 1.0
    magnitude = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 2.0, 2.5, 5.0):
        if value <= step * magnitude * (1 + 1e-9):
            return step * magnitude
    return 10.0 * magnitude


def line_chart(
    series: Sequence[Series],
    x_labels: Sequence[str],
    *,
    title: str,
    y_max: float | None = None,
    y_label: str = "",
    percent: bool = False,
    width: int = 640,
    height: int = 240,
    css_class: str = "chart",
    counts: Sequence[int] | None = None,
) -> SafeString:
    """A line chart with one polyline per run of consecutive values of each series.
    ``counts``: the sample size behind each x position, written under its label (``n=``)."""
    left, right, top, bottom = 48, 26, 14, 34
    if counts is not None:
        bottom += 14
        title = f"{title} (n={sum(counts)})"
    plot_w, plot_h = width - left - right, height - top - bottom
    n = len(x_labels)
    observed = [v for s in series for v in s.values if v is not None]
    top_value = y_max if y_max is not None else _nice_max(max(observed, default=1.0))
    top_value = top_value or 1.0

    def x_at(i: int) -> float:
        return left + (plot_w * i / (n - 1) if n > 1 else plot_w / 2)

    def y_at(v: float) -> float:
        return top + plot_h * (1 - min(max(v / top_value, 0.0), 1.0))

    parts = [
        f'<svg class="{escape(css_class)}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
    ]
    for k in range(5):
        tick = top_value * k / 4
        y = y_at(tick)
        shown = f"{tick:.0%}" if percent else f"{tick:.3g}"
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - right}" y1="{_fmt(y)}" y2="{_fmt(y)}"/>'
            f'<text class="tick" x="{left - 6}" y="{_fmt(y + 4)}" text-anchor="end">{shown}</text>'
        )
    most = max(2, plot_w // 56)  # x labels that fit without overlapping
    step = max(1, math.ceil(n / most))
    for i, label in enumerate(x_labels):
        if i % step == 0 or i == n - 1:
            parts.append(
                f'<text class="tick" x="{_fmt(x_at(i))}" y="{height - bottom + 16}" '
                f'text-anchor="middle">{escape(label)}</text>'
            )
            if counts is not None:
                parts.append(
                    f'<text class="tick n" x="{_fmt(x_at(i))}" y="{height - bottom + 30}" '
                    f'text-anchor="middle">n={counts[i]}</text>'
                )
    if y_label:
        parts.append(
            f'<text class="axis-label" x="12" y="{top + plot_h / 2:.0f}" '
            f'transform="rotate(-90 12 {top + plot_h / 2:.0f})" text-anchor="middle">'
            f"{escape(y_label)}</text>"
        )
    for index, s in enumerate(series):
        color = s.color or PALETTE[index % len(PALETTE)]
        dash = ' stroke-dasharray="5 4"' if s.dashed else ""
        run: list[str] = []
        runs: list[list[str]] = []
        for i, v in enumerate(s.values):
            if v is None:
                if run:
                    runs.append(run)
                run = []
                continue
            run.append(f"{_fmt(x_at(i))},{_fmt(y_at(v))}")
        if run:
            runs.append(run)
        for points in runs:
            if len(points) > 1:
                parts.append(
                    f'<polyline data-series="{escape(s.label)}" fill="none" stroke="{color}" '
                    f'stroke-width="2"{dash} points="{" ".join(points)}"/>'
                )
        for i, v in enumerate(s.values):
            if v is None:
                continue
            shown = f"{v:.1%}" if percent or (y_max == 1.0) else f"{v:.3f}"
            n_attr = f' data-n="{counts[i]}"' if counts is not None else ""
            n_text = f" (n={counts[i]})" if counts is not None else ""
            parts.append(
                f'<circle class="point" data-series="{escape(s.label)}" data-x="{i}" '
                f'data-y="{v:.6f}"{n_attr} cx="{_fmt(x_at(i))}" cy="{_fmt(y_at(v))}" r="3" '
                f'fill="{color}"><title>{escape(s.label)} at {escape(x_labels[i])}: '
                f"{shown}{n_text}</title></circle>"
            )
    parts.append("</svg>")
    # Safe: every interpolated text was escaped above.
    return mark_safe("".join(parts))


def legend(series: Sequence[Series]) -> list[tuple[str, str, bool]]:
    """(label, colour, dashed) per series, for an HTML legend beside the chart."""
    return [
        (s.label, s.color or PALETTE[i % len(PALETTE)], s.dashed) for i, s in enumerate(series)
    ]


@dataclass(frozen=True)
class CalibrationBin:
    low: float
    high: float
    count: int
    mean_confidence: float
    accuracy: float


def calibration_bins(
    pairs: Sequence[tuple[float, bool]], bins: int = 10
) -> tuple[list[CalibrationBin], float | None]:
    """Confidence bins with their accuracy, and the expected calibration error (None: no data)."""
    grouped: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for confidence, correct in pairs:
        c = min(max(float(confidence), 0.0), 1.0)
        grouped[min(int(c * bins), bins - 1)].append((c, correct))
    out = []
    ece = 0.0
    for i, items in enumerate(grouped):
        if not items:
            continue
        mean_c = sum(c for c, _ in items) / len(items)
        acc = sum(1 for _, ok in items if ok) / len(items)
        out.append(CalibrationBin(i / bins, (i + 1) / bins, len(items), mean_c, acc))
        ece += len(items) * abs(mean_c - acc)
    total = len(pairs)
    return out, (ece / total if total else None)


def calibration_chart(
    bins: Sequence[CalibrationBin], *, title: str, size: int = 240
) -> SafeString:
    """Accuracy against confidence per bin (circle area ~ cases), with the diagonal."""
    pad, left = 28, 52
    plot = size - pad - left

    def xy(c: float, a: float) -> tuple[float, float]:
        return left + plot * c, pad + plot * (1 - a)

    biggest = max((b.count for b in bins), default=1)
    parts = [
        f'<svg class="chart calibration" viewBox="0 0 {size} {size}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<rect class="frame" x="{left}" y="{pad}" width="{plot}" height="{plot}" fill="none"/>',
        f'<line class="diagonal" x1="{left}" y1="{pad + plot}" x2="{left + plot}" y2="{pad}"/>',
    ]
    for k in range(0, 11, 5):
        tick = k / 10
        x, y = xy(tick, tick)
        parts.append(
            f'<text class="tick" x="{_fmt(x)}" y="{pad + plot + 14}" text-anchor="middle">'
            f"{tick:.0%}</text>"
            f'<text class="tick" x="{left - 4}" y="{_fmt(y + 4)}" text-anchor="end">'
            f"{tick:.0%}</text>"
        )
    parts.append(
        f'<text class="axis-label" x="{left + plot / 2:.0f}" y="{size - 2}" '
        'text-anchor="middle">confidence</text>'
        f'<text class="axis-label" x="12" y="{pad + plot / 2:.0f}" '
        f'transform="rotate(-90 12 {pad + plot / 2:.0f})" text-anchor="middle">accuracy</text>'
    )
    points = []
    for b in bins:
        x, y = xy(b.mean_confidence, b.accuracy)
        points.append(f"{_fmt(x)},{_fmt(y)}")
        radius = 3 + 6 * (b.count / biggest) ** 0.5
        parts.append(
            f'<circle class="point" data-x="{b.mean_confidence:.6f}" data-y="{b.accuracy:.6f}" '
            f'data-count="{b.count}" cx="{_fmt(x)}" cy="{_fmt(y)}" r="{radius:.1f}">'
            f"<title>{b.low:.0%}-{b.high:.0%}: {b.count} case(s), mean confidence "
            f"{b.mean_confidence:.0%}, accuracy {b.accuracy:.0%}</title></circle>"
        )
    if len(points) > 1:
        line = " ".join(points)
        parts.insert(4, f'<polyline class="calibration-line" fill="none" points="{line}"/>')
    parts.append("</svg>")
    # Safe: every interpolated text was escaped above.
    return mark_safe("".join(parts))


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    counts: Sequence[int],
    title: str,
    marks: Sequence[float] | None = None,
    unit: str = "",
    width: int = 420,
    css_class: str = "chart bar-chart",
) -> SafeString:
    """Horizontal bars, one per label, each with its sample size (``n=``) and an optional
    target tick (an SLA): a bar past its tick is drawn in the warning colour."""
    row, left, right, top = 30, 92, 120, 22
    height = top + row * len(labels) + 8
    plot_w = width - left - right
    highest = max([*values, *(marks or [])], default=1.0)
    top_value = _nice_max(highest)
    parts = [
        f'<svg class="{escape(css_class)}" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{escape(title)}</title>",
        f'<text class="tick" x="{left}" y="12">0</text>'
        f'<text class="tick" x="{left + plot_w}" y="12" text-anchor="end">'
        f"{top_value:.3g} {escape(unit)}</text>",
    ]
    for i, (label, value, n) in enumerate(zip(labels, values, counts, strict=True)):
        y = top + row * i
        w = plot_w * min(max(value / top_value, 0.0), 1.0)
        mark = marks[i] if marks is not None else None
        over = mark is not None and value > mark
        parts.append(
            f'<text class="tick" x="{left - 6}" y="{y + 15}" text-anchor="end">'
            f"{escape(label)}</text>"
            f'<rect class="bar{" over" if over else ""}" data-series="{escape(label)}" '
            f'data-y="{value:.6f}" data-n="{n}" x="{left}" y="{y + 4}" width="{_fmt(w)}" '
            f'height="{row - 10}"><title>{escape(label)}: {value:.1f} {escape(unit)} '
            f"({n} case{'s' if n != 1 else ''})</title></rect>"
            f'<text class="tick n" x="{left + plot_w + 6}" y="{y + 15}">{value:.0f} {escape(unit)}'
            f" · n={n}</text>"
        )
        if mark is not None:
            x = left + plot_w * min(mark / top_value, 1.0)
            parts.append(
                f'<line class="target" x1="{_fmt(x)}" x2="{_fmt(x)}" y1="{y + 1}" '
                f'y2="{y + row - 3}"><title>SLA {mark:g} {escape(unit)}</title></line>'
            )
    parts.append("</svg>")
    # Safe: every interpolated text was escaped above.
    return mark_safe("".join(parts))
