"""A second opinion on the section a complaint is routed to, by meaning.

The section router (:mod:`knowledge.retrieval.routing`) scores words, so one loud word can
carry a complaint into the wrong chart: "laptop gets really hot and freezes, I have to hold
the power button" went to "does not power on" and was asked about the power LED. Here each
section is scored by how near in meaning (sentence embeddings, :mod:`bots.language.encoder`) the
complaint's clauses are to the section's title and questions; when the two disagree about the
best section, the user picks (both are offered) instead of being taken into a chart.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bots.grounding import Grounding, Section
from bots.language.facts import encode, encode_pack_texts, fragments, main_question

# The mean of the section's three nearest questions: one question near by chance is not a
# topic.
NEAREST = 3


def by_meaning(grounding: Grounding, pack: str, complaint: str) -> list[Section]:
    """The pack's sections, nearest in meaning first (empty without the encoder)."""
    clauses = [f for f, _ in fragments(complaint)]
    said = encode(clauses) if clauses else None
    if said is None:
        return []
    out = []
    for gid, title, texts in section_texts(grounding, pack):
        vectors = encode_pack_texts(texts)
        if vectors is None:
            return []
        out.append(Section(gid, title, nearness(said, vectors)))
    out.sort(key=lambda s: -s.score)
    return out


def nearness(said: np.ndarray, vectors: np.ndarray) -> float:
    """How near the clauses ``said`` come to a set of texts' ``vectors``: each text's best
    clause, the mean of the :data:`NEAREST` nearest texts."""
    nearest = np.sort((said @ vectors.T).max(0))[::-1][:NEAREST]
    return float(nearest.mean())


def section_texts(grounding: Grounding, pack: str) -> list[tuple[str, str, list[str]]]:
    """(id, title, the texts it is known by: title and questions) of each section."""
    out = []
    for group in grounding.groups(pack):
        gid, title = str(group["id"]), str(group.get("title") or group["id"])
        try:
            network = grounding.section_network(pack, gid)
        except KeyError:
            continue
        out.append((gid, title, [title, *(main_question(f.question) for f in network.findings)]))
    return out


# The nearest section's meaning score below which a complaint is taken into no chart unasked.
# Chosen on development data (stop 37): FloDial's 396 dev openings, every one in scope, score
# 0.36 and up (1st percentile 0.384); 22 complaints about parts no chart covers, written as users
# write (the aircon, the clutch, a webcam, bluetooth, a login password), score 0.22-0.45, 13 of
# them below 0.35; one short in-scope complaint of 12 ("left indicator flashes really fast",
# 0.314) is below too and gets the picker. Of the complaints no chart covers that the router
# took straight into a chart, 4 of 7 now get the picker (held-out: 1 of 2); no covered complaint
# that went straight in is held (dev 9, held-out 4). Rows: ``tests/bots/section_fit_table.py``.
SECTION_PLAUSIBLE = 0.35


def near_enough(meaning: Sequence[Section]) -> bool:
    """Whether the nearest section is near enough in meaning to enter it unasked (no encoder:
    no second opinion, so yes)."""
    return not meaning or meaning[0].score >= SECTION_PLAUSIBLE


# How much nearer in meaning one of the words' two best sections must be than the next section
# to break their tie (chosen on FloDial dev's 198 distinct openings: 1.2 and 1.3 each enter 3
# more charts, all the right ones, than asking; 1.5 none).
TIE_MARGIN = 1.3


def breaks_the_tie(words: Sequence[Section], meaning: Sequence[Section]) -> str | None:
    """When the words leave two sections close ("a ticking from the engine on cold mornings
    until it warms up": overheating 1.34, noises 1.31), the one of them that is clearly
    nearest in meaning (noises 0.55, overheating 0.39), else None (the user picks)."""
    if len(words) < 2 or len(meaning) < 2 or not near_enough(meaning):
        return None
    best = meaning[0]
    if best.group not in {w.group for w in words[:2]}:
        return None
    return best.group if best.score >= TIE_MARGIN * meaning[1].score else None


def agrees(chosen: str, meaning: Sequence[Section]) -> bool:
    """The router's choice is also the nearest in meaning (or there is no second opinion)."""
    return not meaning or meaning[0].group == chosen
