"""How well "how do I check that?" is answered, and whether multi-hop retrieval helps it.

    python -m evaluation.how_to_check

The table is FloDial **dev**'s own: every time a user asked how to check a question (a user
turn the agent answered from an FAQ), the FAQ the agent used is a relevant answer for that
question. Questions no FAQ explains (findings written for other packs' topics) must get none.
Candidates come from one BM25 search for the question plus its ``how_to_check`` text and the
passages the finding cites, through the relevance gate (``knowledge.retrieval.faq``). A
multi-hop candidate generator (the question and its key phrases searched separately, fused by
reciprocal rank) gave exactly the same answers on this table and was removed (docs/llm.md).

Printed: answered right (an FAQ the agents used), answered wrong (another passage), none given;
and for the no-FAQ rows, how many got a passage anyway (must be 0).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections import Counter, defaultdict
from itertools import pairwise
from pathlib import Path
from typing import Any

# Questions from outside FloDial's charts, worded as a pack author would: no FAQ of the
# laptop or car pack explains how to check them, so "none" is the right answer.
NO_FAQ: list[tuple[str, str]] = [
    ("it-laptop", "Is the printer showing a paper jam light?"),
    ("it-laptop", "Does the phone vibrate when a call comes in?"),
    ("it-laptop", "Is the dishwasher draining at the end of the cycle?"),
    ("it-laptop", "Did you feed the cat this morning?"),
    ("it-laptop", "Is the router's WAN light red?"),
    ("it-laptop", "Does your tooth hurt when you drink something cold?"),
    ("car", "Is the bicycle chain slipping on the rear cog?"),
    ("car", "Does the laptop show a blue screen at startup?"),
    ("car", "Is the fridge door seal torn?"),
    ("car", "Does the washing machine shake during the spin cycle?"),
    ("car", "Is the printer ink cartridge empty?"),
    ("car", "Is the patient's temperature above 38 degrees?"),
]


def ground_truth(root: Path) -> dict[tuple[str, str], set[str]]:
    """(chart, question node) -> the FAQ questions agents answered "how do I check" with."""
    from knowledge.datasets.flodial import TEST_CHARTS

    dialogs = json.loads((root / "flodial" / "dialogs" / "test_dialogs.json").read_text())
    charts = {}
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for dialog in dialogs.values():
        chart = dialog["flowchart"]
        if chart in TEST_CHARTS:
            continue  # tuned on dev only
        if chart not in charts:
            raw = json.loads((root / "flodial" / "knowledge-sources" / f"{chart}.json").read_text())
            charts[chart] = {
                str(f.get("id", k)): f["q"] for k, f in enumerate(raw["supporting_faqs"])
            }
        turns = dialog.get("utterences") or dialog.get("utterances")
        for before, turn in pairwise(turns):
            doc = str(turn.get("grounded_doc_id", ""))
            node = str(before.get("grounded_doc_id", ""))
            if (
                before.get("speaker") == "user"
                and doc.startswith("faq-")
                and node.startswith("chart-")
            ):
                faq = charts[chart].get(doc.removeprefix("faq-"))
                if faq:
                    out[(chart, node.removeprefix("chart-"))].add(faq)
    return out


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    from bots.language.faq_topic import kept
    from knowledge.datasets.common import datasets_dir
    from knowledge.packs.importers import car_pack, it_laptop_pack
    from knowledge.packs.validate import validate_pack
    from knowledge.retrieval.faq import FaqAnswer
    from knowledge.retrieval.faq import answer_how_to_check as search_faq

    def answer_how_to_check(
        finding: Finding, network: Any, store: Any, pack: str
    ) -> FaqAnswer | None:
        # As the service answers (bots.grounding): the passage must be about the question
        # (bots.language.faq_topic).
        return kept(finding.question, search_faq(finding, network, store, pack))

    from knowledge.search import Document
    from knowledge.search.embedded import EmbeddedBackend
    from planning.network import Finding

    packs = [
        validate_pack(it_laptop_pack(), check_schema=False),
        validate_pack(car_pack(), check_schema=False),
    ]
    backend = EmbeddedBackend(Path(tempfile.mkdtemp(prefix="how-to-check-")))
    for pack in packs:
        documents = [
            Document(id=d["id"], pack=pack.name, kind=d["kind"], title=d["title"], text=d["text"])
            for d in pack.data["documents"]
        ]
        backend.index(documents, [p for d in documents for p in pack.passages[d.id]])
    backend.refresh()
    by_name = {p.name: p.network for p in packs}
    truth = ground_truth(datasets_dir())

    results: dict[str, Counter[str]] = {"bm25": Counter()}
    for (chart, node), faqs in sorted(truth.items()):
        pack = next(
            (n for n, net in by_name.items() if f"{chart}:q{node}" in net.finding_index), None
        )
        if pack is None:
            continue  # the FAQ followed a terminal's fix, not a question
        finding = by_name[pack].finding(f"{chart}:q{node}")
        for name, store in (("bm25", backend),):
            answer = answer_how_to_check(finding, by_name[pack], store, pack)  # type: ignore[arg-type]
            key = "none" if answer is None else "right" if answer.question in faqs else "wrong"
            results[name][key] += 1
            if key == "wrong" and name == "bm25" and os.environ.get("SHOW"):
                print("WRONG", finding.id, finding.question, "->", answer.question, "| used:", faqs)
            # The same question with the pack's own link removed: search alone must find it.
            bare = Finding(id=finding.id + ":bare", question=finding.question)
            answer = answer_how_to_check(bare, by_name[pack], store, pack)  # type: ignore[arg-type]
            key = "none" if answer is None else "right" if answer.question in faqs else "wrong"
            results[name]["search-only " + key] += 1
            if key != "right" and os.environ.get("SHOW"):
                print("SEARCH", key, finding.id, finding.question, "->", answer and answer.question)
    for name, store in (("bm25", backend),):
        for pack, question in NO_FAQ:
            answer = answer_how_to_check(
                Finding(id="probe", question=question), by_name[pack], store, pack
            )  # type: ignore[arg-type]
            results[name]["no-faq " + ("none (right)" if answer is None else "given (wrong)")] += 1
    print(f"{len(truth)} dev questions with an FAQ the agents used; {len(NO_FAQ)} with none")
    for name, counts in results.items():
        print(name, dict(sorted(counts.items())))


if __name__ == "__main__":
    main()
    sys.exit(0)
