"""Does a complaint fit the pack it is about to be routed to, by meaning?

The word lists of :mod:`bots.scope` catch the things people name often (printers, phones,
refunds), but no list names everything a helpdesk hears: "outlook keeps asking for my
password" named nothing on them and was routed to the patient intake, which asked about a
cough. The router always finds *some* closest section, so it cannot say "none of these".

Here each pack is scored by how near in meaning (sentence embeddings,
:mod:`bots.language.encoder`) the complaint's clauses come to the pack's own questions and
named conditions: the mean of the three nearest. A complaint that names nothing the pack's
domain covers and scores below :data:`PLAUSIBLE` is not taken into the pack: the user is
asked which topic it is, with "None of these" leading to a person. The threshold was chosen
on the development rows of ``tests/bots/scope_table.py`` (its ``MEANING_*`` rows); the held-out
rows are only reported (``tests/bots/test_scope_meaning.py``).
"""

from __future__ import annotations

from bots.conversation.meaning_check import nearness
from bots.language.facts import encode, encode_pack_texts, fragments, main_question
from bots.scope import names_covered
from planning.network import EvidentialNetwork

# Cosine, mean of the three nearest texts of the pack (meaning_check.nearness).
PLAUSIBLE = 0.35


def pack_texts(network: EvidentialNetwork) -> list[str]:
    """The pack's questions (each once: a multi-choice question's options share one) and the
    names of its conditions (a flowchart's causes are chart text, not names)."""
    seen: dict[str, None] = {}
    for finding in network.findings:
        seen.setdefault(main_question(finding.question), None)
    for hypothesis in network.hypotheses:
        if ":t" not in hypothesis.id and hypothesis.name:
            seen.setdefault(hypothesis.name, None)
    return [t for t in seen if t.strip()]


def meaning_score(network: EvidentialNetwork, complaint: str) -> float | None:
    """How near in meaning the complaint comes to the pack (None: no encoder)."""
    clauses = [f for f, _ in fragments(complaint)] or [complaint]
    # Encoded once per process (bots.warmup does it before serving).
    vectors = encode_pack_texts(pack_texts(network))
    if vectors is None or not len(vectors):
        return None
    said = encode(clauses)
    if said is None:
        return None
    return nearness(said, vectors)


def plausible(network: EvidentialNetwork, domain: str, complaint: str) -> bool:
    """Whether the complaint may be taken into the pack (module docstring)."""
    if not complaint.strip() or names_covered(complaint, domain):
        return True
    score = meaning_score(network, complaint)
    return score is None or score >= PLAUSIBLE
