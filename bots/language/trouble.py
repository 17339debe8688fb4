"""What is wrong in a complaint, without what the person says still works.

"my passenger side headlight has gone out, everything else works fine, indicators and brake
lights all ok": the last two clauses rule things out, and routed with the rest they took the
complaint into the brakes chart (lead20). A clause that only says something is fine ("the
brakes are fine", "screen looks perfect", "everything else works") is left out of what the
complaint is routed by; the whole message is still read for facts, where "brake lights all ok"
is an answer.
"""

from __future__ import annotations

import re

__all__ = ["trouble_part"]

# Clauses: punctuation, "but", "though", and "and" before a new subject's verb is not split
# (a clause that says one thing fine and another wrong stays whole, and is kept).
_CLAUSE = re.compile(r"[,;.!?\n]+|\s+(?:but|though|although|however)\s+")
# A clause that is only "<up to six words> <is/are/works ...> fine": the subject, a verb of
# being or working, and a word of all-clear at its end.
_FINE = re.compile(
    r"^(?:and\s+|also\s+)?(?:[a-z']+\s+){0,6}?"
    r"(?:(?:is|are|was|were|seem|seems|seemed|look|looks|looked|feel|feels|felt|sound|sounds|"
    r"all|both|still|work|works|working|worked|runs|running|perfectly|totally|absolutely|"
    r"completely)\s+)*"
    r"(?:fine|ok|okay|alright|all right|normal|normally|good|perfect|perfectly|great|working|"
    r"works|no (?:problem|problems|issue|issues|bother))"
    r"(?:\s+(?:too|tho|though|as well|now|still|either))?$"
)
_NEGATION = re.compile(r"\b(?:not|no|never|nothing|wont|cant|dont|doesnt|isnt|arent|n't)\b")


def trouble_part(text: str) -> str:
    """``text`` without its clauses that only say something is fine; ``text`` itself when
    every clause does (or none does)."""
    clauses = [c.strip() for c in _CLAUSE.split(text.lower()) if c and c.strip()]
    kept = [c for c in clauses if not _fine(c)]
    if not kept or len(kept) == len(clauses):
        return text
    return ", ".join(kept)


def _fine(clause: str) -> bool:
    if len(clause) > 120:
        return False
    said = re.sub(r"\bno (?:problem|problems|issue|issues|bother)\b", "ok", clause)
    return bool(_FINE.match(said)) and not _NEGATION.search(said)
