"""The rows of the case list and the queue, as HTML.

Built here rather than in a template loop: Django's template engine spends about a
millisecond per row resolving a dozen variables and filters, which made the table most of a
list page's cost (50 rows). Every text is escaped (``html.escape``, as Django's ``escape``);
the markup is the one ``_case_rows.html`` had, and that template now prints this.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from django.urls import reverse
from django.utils import dateformat, formats, timezone
from django.utils.safestring import SafeString, mark_safe

from .case_queries import Row
from .templatetags.console_tags import duration, pct, shorten


def _or(text: str, fallback: str) -> str:
    return text if text else fallback


def row_html(row: Row, *, for_queue: bool, href: str) -> str:
    case = row.case
    pk = case.pk
    classes = f"row-{case.status}"
    if row.breached:
        classes += " breached"
    if row.last_from_user:
        classes += " owed"
    triage = (
        f' <span class="triage triage-{escape(case.triage_level)}">{escape(case.triage_level)}'
        "</span>"
        if case.triage_level
        else ""
    )
    queue_cells = ""
    if for_queue:
        queue_cells = (
            f'<td class="nowrap"><span class="level level-{escape(row.level)}">'
            f"{escape(row.level)}</span></td>\n"
            f'  <td class="nowrap wait" data-waited="{row.waited_whole_s}" '
            f'data-sla="{row.sla_whole_s}">{escape(duration(row.waited_s))} '
            f'<span class="muted">/ {escape(duration(row.sla_s))}</span>'
            + (' <strong class="sla-breach">SLA breached</strong>' if row.breached else "")
            + (
                ' <span class="owed-badge" title="The user wrote last">new message</span>'
                if row.last_from_user
                else ""
            )
            + "</td>"
        )
    if case.conclusion:
        confidence = (
            f' <span class="muted">{escape(pct(case.confidence))}</span>'
            if case.confidence is not None
            else ""
        )
        concluded = (
            f'<span title="{escape(case.conclusion)}">{escape(shorten(row.conclusion, 40))}'
            f"</span>{confidence}"
        )
    else:
        concluded = "—"
    assignee = case.assigned_to.username if case.assigned_to_id and case.assigned_to else ""
    created = timezone.localtime(case.created_at)
    return (
        f'<tr data-case="{pk}" data-level="{escape(row.level)}" class="{escape(classes)}">\n'
        f'  <td><a href="{href}">#{pk}</a></td>\n'
        f'  <td><span class="status status-{escape(case.status)}">'
        f"{escape(str(case.get_status_display()))}</span>{triage}</td>\n"
        f"  {queue_cells}\n"
        f'  <td class="nowrap">{escape(str(case.get_channel_display()))}</td>\n'
        f"  <td>{escape(_or(case.pack, '—'))}</td>\n"
        f'  <td class="opening"><a href="{href}">'
        f"{escape(_or(shorten(row.opening, 80), '(no message yet)'))}</a></td>\n"
        f"  <td>{concluded}</td>\n"
        f'  <td class="num">{row.turns}</td>\n'
        f"  <td>{escape(_or(assignee, '—'))}</td>\n"
        f'  <td><time datetime="{escape(case.created_at.isoformat())}" '
        f'title="{escape(str(formats.localize(created)))}">'
        f'{escape(dateformat.format(created, "d M H:i"))}</time></td>\n'
        "</tr>\n"
    )


def rows_html(rows: Sequence[Row], *, for_queue: bool) -> SafeString:
    if not rows:
        return mark_safe(
            f'<tr><td colspan="{11 if for_queue else 9}" class="empty">No cases match.</td></tr>'
        )
    # One reverse() for the page: the case URL differs only in its id.
    pattern = reverse("console:case-detail", args=[0])
    head, tail = pattern.rsplit("/0/", 1)
    # Safe: every text interpolated above was escaped.
    return mark_safe(
        "".join(
            row_html(r, for_queue=for_queue, href=f"{head}/{r.case.pk}/{tail}") for r in rows
        )
    )
