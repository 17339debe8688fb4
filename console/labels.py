"""Hypotheses as operators read them: in the outcome dropdown, the summary and the label.

Imported packs name hypotheses with whatever the source had: DDXPlus conditions ("GERD", id
and name the same), FloDial chart leaves (lower-case advice text, the chart in the id:
``laptop_battery:t6``). Shown here: the name alone (never "GERD (GERD)"), sentence case, one
line, cut at a readable length; chart hypotheses grouped under their chart's title; every
group and option sorted; two options that would read the same told apart by a number.
"""

from __future__ import annotations

import re
from collections import defaultdict

from planning.network import EvidentialNetwork

MAX_LABEL = 90


def _sentence(text: str) -> str:
    text = re.sub(r"\s+", " ", text).strip()
    if len(text) > MAX_LABEL:
        text = text[: MAX_LABEL - 1].rsplit(" ", 1)[0].rstrip(",;:.") + "…"
    return text[:1].upper() + text[1:] if text else text


def group_of(hypothesis_id: str) -> str:
    """The chart a FloDial-style id belongs to ("laptop_battery:t6" -> "Laptop battery")."""
    if ":" not in hypothesis_id:
        return ""
    return _sentence(hypothesis_id.split(":", 1)[0].replace("_", " "))


def readable(network: EvidentialNetwork | None, hypothesis_id: str) -> str:
    if not hypothesis_id:
        return ""
    if network is None or hypothesis_id not in network.hypothesis_index:
        return hypothesis_id
    name = _sentence(network.hypothesis(hypothesis_id).name) or hypothesis_id
    group = group_of(hypothesis_id)
    return f"{group}: {name}" if group else name


def outcome_choices(network: EvidentialNetwork) -> list[tuple[str, object]]:
    """Choices for a ChoiceField: flat and sorted, or grouped by chart when ids name one."""
    groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for h in network.hypotheses:
        groups[group_of(h.id)].append((h.id, _sentence(h.name) or h.id))
    out: list[tuple[str, object]] = []
    for group in sorted(groups, key=str.casefold):
        options = sorted(groups[group], key=lambda o: (o[1].casefold(), o[0]))
        seen: dict[str, int] = defaultdict(int)
        for label in (label for _, label in options):
            seen[label.casefold()] += 1
        counter: dict[str, int] = defaultdict(int)
        unique = []
        for hid, label in options:
            key = label.casefold()
            if seen[key] > 1:
                counter[key] += 1
                label = f"{label} ({counter[key]})"
            unique.append((hid, label))
        if group:
            out.append((group, unique))
        else:
            out.extend(unique)
    return out
