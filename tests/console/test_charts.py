"""The SVG charts: values land where they should, gaps break lines, labels are escaped."""

from __future__ import annotations

import re

import pytest

from console.charts import Series, calibration_bins, calibration_chart, line_chart


def points(svg: str, series: str) -> list[tuple[int, float]]:
    found = re.findall(
        rf'<circle class="point" data-series="{re.escape(series)}" data-x="(\d+)" '
        r'data-y="([0-9.]+)"',
        svg,
    )
    return [(int(x), float(y)) for x, y in found]


def test_every_value_is_a_point_and_a_gap_breaks_the_line() -> None:
    svg = line_chart(
        [Series("A", [0.1, 0.5, None, 0.9, 1.0]), Series("B", [0.9, None, None, None, 0.2])],
        ["#1", "#3", "#5", "#7", "#9"],
        title="belief",
        y_max=1.0,
    )
    assert points(svg, "A") == [(0, 0.1), (1, 0.5), (3, 0.9), (4, 1.0)]
    assert points(svg, "B") == [(0, 0.9), (4, 0.2)]
    # A is drawn as two runs (before and after the gap); B has no two neighbours to join.
    assert len(re.findall(r'<polyline data-series="A"', svg)) == 2
    assert 'data-series="B" fill' not in svg


def test_y_positions_follow_the_values() -> None:
    svg = line_chart([Series("A", [0.0, 1.0])], ["a", "b"], title="t", y_max=1.0, height=240)
    ys = [float(y) for y in re.findall(r'cy="([0-9.]+)"', svg)]
    top, bottom = 14, 34  # the chart's padding
    assert ys == [pytest.approx(240 - bottom), pytest.approx(top)]


def test_labels_are_escaped() -> None:
    svg = line_chart([Series("<script>x</script>", [0.5, 0.6])], ["<b>", "c"], title="a&b")
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    assert "&lt;b&gt;" in svg and "a&amp;b" in svg


def test_calibration_bins_and_expected_calibration_error() -> None:
    pairs = [(0.95, True), (0.95, True), (0.95, False), (0.55, True), (0.55, False)]
    bins, ece = calibration_bins(pairs)
    assert [(b.low, b.count) for b in bins] == [(0.5, 2), (0.9, 3)]
    assert bins[1].accuracy == pytest.approx(2 / 3)
    # ECE: case-weighted mean of |confidence - accuracy| over the bins.
    expected = (2 * abs(0.55 - 0.5) + 3 * abs(0.95 - 2 / 3)) / 5
    assert ece == pytest.approx(expected)
    assert calibration_bins([]) == ([], None)
    svg = calibration_chart(bins, title="cal")
    assert svg.count('class="point"') == 2 and 'data-count="3"' in svg
