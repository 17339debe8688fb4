"""Group the misses and false readings of volunteered facts by where they go wrong.

    python -m evaluation.fact_misses            # the development part of the opening table
    python -m evaluation.fact_misses --held-out # the older held-out parts (used up at stop 48)

A fact the table has and the reading lacks (a miss) is put in the first class that holds:

- ``no fragment``: no clause of the message proposes the question at all (nearest by
  meaning, or named by its words): the words people use are not the question's;
- ``wrong polarity``: proposed, read the other way round;
- ``unread``: proposed, but the reader found no polarity in the clause;
- ``below threshold``: proposed with the right polarity, the learned check declined it.

A reading the table lacks (a false reading) is ``opposite`` (the table has the other answer),
or ``not said`` (the table has nothing for that question), each split by who read it (the
hand-written rules or the learned check).
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Sequence

from bots.language import fact_verifier as fv
from bots.language.vocabulary import in_chart_words
from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

Row = tuple[str, str, dict[str, str]]


def classify(rows: Sequence[Row]) -> dict[str, list[str]]:
    model = fv.load_model()
    groups: dict[str, list[str]] = defaultdict(list)
    networks: dict[str, object] = {}
    for chart, text, facts in rows:
        network = networks.setdefault(chart, flodial.load_network(chart))
        rules = volunteered_facts(text, network, verify=False)  # type: ignore[arg-type]
        final = volunteered_facts(text, network)  # type: ignore[arg-type]
        got = {a.finding.split(":", 1)[1]: a.states[0] for a in final if a.states}
        by_rules = {a.finding.split(":", 1)[1]: a.states[0] for a in rules if a.states}
        # The candidates are proposed from the words as the reader sees them: the chart's
        # own words for the words people use (bots.language.vocabulary).
        said = in_chart_words(text, network)  # type: ignore[arg-type]
        found = fv.candidates(said, network, rules) or []  # type: ignore[arg-type]
        seen: dict[str, list[tuple[str, float, str, bool]]] = defaultdict(list)
        for c in found:
            p = float(model.probability(c.features)) if model else 0.0
            seen[c.finding.id.split(":", 1)[1]].append(
                (c.state, p, c.fragment, bool(fv.admissible(c)))
            )
        for f, s in facts.items():
            if got.get(f) == s:
                continue
            props = seen.get(f, [])
            if not props:
                cls = "miss: no fragment"
            elif all(st != s for st, _p, _fr, _a in props):
                cls = "miss: wrong polarity"
            elif all(not a for st, _p, _fr, a in props if st == s):
                cls = "miss: unread"
            else:
                cls = "miss: below threshold"
            best = max((p for st, p, _fr, _a in props if st == s), default=0.0)
            question = network.finding(f"{chart}:{f}").question  # type: ignore[attr-defined]
            groups[cls].append(f"{chart} {f}={s} p={best:.2f} | {text} || {question[:90]}")
        for f, s in got.items():
            if facts.get(f) == s:
                continue
            who = "rules" if by_rules.get(f) == s else "verifier"
            kind = "opposite" if f in facts else "not said"
            question = network.finding(f"{chart}:{f}").question  # type: ignore[attr-defined]
            groups[f"false: {kind} ({who})"].append(f"{chart} {f}={s} | {text} || {question[:90]}")
    return groups


def main(argv: Sequence[str] | None = None) -> None:
    from evaluation.tables.opening_table import DEVELOPMENT, HELD_OUT

    parser = argparse.ArgumentParser()
    parser.add_argument("--held-out", action="store_true")
    args = parser.parse_args(argv)
    groups = classify(HELD_OUT if args.held_out else DEVELOPMENT)
    for name in sorted(groups):
        print(f"== {name}: {len(groups[name])}")
        for line in groups[name]:
            print("  ", line)


if __name__ == "__main__":
    main()
