"""What a patient affirms by answering a question, in their own voice, for the emergency check.

Emergency words are read on every message (:mod:`bots.safety.emergency`), but a pressed "Yes"
or a typed "yep" to "Are you experiencing shortness of breath or difficulty breathing in a
significant way?" carries no such words: the meaning is in the question. So every answer to an
asked question (a button, typed words, a choice list) is turned back into the sentence the
patient would have typed ("I am experiencing shortness of breath ... in a significant way")
and read by the same check. Only what the answer affirms is stated: a "no" or a "not sure"
states nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from knowledge.packs import wording
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

__all__ = ["affirmed_statement", "affirmed_statements"]

# A question's opening turned round: (pattern at the start, what the patient would say).
_TURNS = (
    # "Do you ever ...?" asks about a habit: said back as one ("sometimes"), as a patient would.
    (r"(?:do|does) you ever\b", "I sometimes"),
    (r"(?:do|does) you\b", "I"),
    (r"are you\b", "I am"),
    (r"have you\b", "I have"),
    (r"has your\b", "my"),
    (r"did you\b", "I did"),
    (r"were you\b", "I was"),
    (r"can you\b", "I can"),
    (r"could you\b", "I could"),
    (r"would you\b", "I would"),
    (r"is your\b", "my"),
    (r"are your\b", "my"),
    (r"is there\b", "there is"),
    (r"are there\b", "there are"),
    (r"does (?:the|your)\b", "the"),
    (r"is (?:the|it)\b", "it is"),
)
_TURNED = tuple((re.compile(rf"^\s*{p}", re.IGNORECASE), s) for p, s in _TURNS)
_YOUR = re.compile(r"\byour\b", re.IGNORECASE)
_YOU_VERB = (
    (re.compile(r"\byou(?: are|['’]re)\b", re.IGNORECASE), "I am"),
    (re.compile(r"\byou were\b", re.IGNORECASE), "I was"),
    (re.compile(r"\byou(?: have|['’]ve)\b", re.IGNORECASE), "I have"),
    (re.compile(r"\byou (?=\w+ed\b)", re.IGNORECASE), "I "),
)
_YOU = re.compile(r"\byou\b", re.IGNORECASE)
_NO_STATEMENT = {"no", "unsure", "not sure", "none", "nowhere", "na", "0"}


def _declarative(question: str) -> str:
    text = question.strip().rstrip("?").strip()
    for pattern, said in _TURNED:
        if pattern.search(text):
            text = pattern.sub(said, text, count=1)
            break
    text = _YOUR.sub("my", text)
    for pattern, said in _YOU_VERB:
        text = pattern.sub(said, text)
    return _YOU.sub("me", text)


def affirmed_statement(
    finding: Finding, states: Iterable[str] | None, network: EvidentialNetwork | None
) -> str:
    """The sentence an answer affirms ("" when it affirms nothing)."""
    if states is None:
        return ""
    chosen = [s for s in states if s.lower() not in _NO_STATEMENT]
    if not chosen:
        return ""
    question = wording.question_text(finding, network)
    if set(finding.states) == {"yes", "no"}:
        return f"{_declarative(question)}." if chosen == ["yes"] else ""
    if wording.is_scale(finding):
        return ""  # a number on a scale is read by the red-flag rules, not words
    said = ", ".join(wording.state_label(finding, s, network) for s in chosen)
    return f"{_declarative(question)}: {said}."


def affirmed_statements(answers: Iterable[Answer], network: EvidentialNetwork) -> list[str]:
    """The statements of the answers (findings the network does not know are skipped)."""
    known = {f.id for f in network.findings}
    out = []
    for answer in answers:
        if answer.finding not in known:
            continue
        text = affirmed_statement(network.finding(answer.finding), answer.states, network)
        if text:
            out.append(text)
    return out
