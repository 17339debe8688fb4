"""Template filters of the console: percentages, numbers, and small lookups."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def pct(value: Any, digits: int = 0) -> str:
    """0.4567 -> "46%" (``|pct:1`` -> "45.7%"); "–" for None."""
    if value is None or value == "":
        return "–"
    return f"{float(value) * 100:.{int(digits)}f}%"


@register.filter
def num(value: Any, digits: int = 3) -> str:
    if value is None or value == "":
        return "–"
    return f"{float(value):.{int(digits)}f}"


@register.filter
def get(mapping: Any, key: Any) -> Any:
    try:
        return mapping.get(key)
    except AttributeError:
        return None


@register.filter
def width(value: Any) -> str:
    """A probability as a CSS width ("0%".."100%") for inline bars."""
    try:
        return f"{max(0.0, min(1.0, float(value))) * 100:.1f}%"
    except (TypeError, ValueError):
        return "0%"


@register.filter
def states(value: Any) -> str:
    """A focal set key "no|yes" as "{no, yes}"."""
    return "{" + ", ".join(str(value).split("|")) + "}"


@register.filter
def shorten(value: Any, length: int = 90) -> str:
    text = " ".join(str(value or "").split())
    return text if len(text) <= int(length) else text[: int(length) - 1].rstrip() + "…"


_SECTIONS = {
    "queue": "queue",
    "queue-api": "queue",
    "dashboard": "dashboard",
    "audit": "audit",
}


@register.filter
def section(request: Any) -> str:
    """Which top-level nav entry the current page belongs to."""
    match = getattr(request, "resolver_match", None)
    name = getattr(match, "url_name", "") or ""
    if name in _SECTIONS:
        return _SECTIONS[name]
    if name.startswith("case"):
        return "cases"
    if name.startswith(("pack", "link", "version", "refit", "document")):
        return "knowledge"
    return ""


@register.filter
def duration(seconds: Any) -> str:
    """A wait as people say it: "45 s", "12 min", "3 h 05 min", "2 d 4 h"."""
    try:
        total = int(float(seconds))
    except (TypeError, ValueError):
        return ""
    if total < 60:
        return f"{total} s"
    minutes = total // 60
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h {minutes:02d} min"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h"


@register.simple_tag
def readable(network: Any, hypothesis_id: Any) -> str:
    """A hypothesis as operators read it (``console.labels``)."""
    from console.labels import readable as label

    return label(network, str(hypothesis_id or ""))


@register.filter
def waited_for(case: Any) -> str:
    """How long a queued case has waited, against the SLA of its urgency."""
    from bots import takeover

    level = takeover.level_of(case.status, case.triage_level)
    waited = takeover.waited(case).total_seconds()
    sla = takeover.sla_minutes()[level] * 60
    text = f"{duration(waited)} ({level}, SLA {duration(sla)})"
    return f"{text} · SLA breached" if waited > sla else text


@register.filter
def severity(value: Any) -> str:
    """A hypothesis' severity with the care it calls for: "severity 1 · emergency".

    A bare "severity 1" reads as mild to most people; in DDXPlus (and the intake pack) 1 is
    the most severe, so the number alone misled operators about which rows mattered.
    """
    from planning.triage import severity_level

    if value is None or value == "":
        return ""
    level = severity_level(int(value))
    return f"severity {int(value)} · {level}" if level else f"severity {int(value)}"
