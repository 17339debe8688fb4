"""Answers that take themselves back, and answers whose words are about something else.

"yes theres a burning smell. well actually no, maybe not": people correct themselves in one
message. The reader takes the strongest sentence, which is usually the first, so the
correction was lost and the answer counted as certain. Here a message is cut where the
user turns round ("actually", "no wait", "hmm", "oh wait", "i mean", or a plain second yes/no
of the other polarity), each part is read against the question on its own, and when the
parts disagree the last one stands, hedged: reliability :data:`CORRECTED_RELIABILITY` and a
reading confidence low enough that the conversation asks it again before concluding on it.

"yes plugged in most of the time" to "are you using it in a hot environment?": an explicit
yes/no whose words share nothing with the question may answer another question. It keeps
its polarity but its reading confidence drops to :data:`ELSEWHERE_CONFIDENCE`, so a
conclusion resting on it is confirmed first.
"""

from __future__ import annotations

import re

from . import facts
from . import text as tx
from .reader import EXPLICIT, Reading, clauses, question_profile, read_answer

CORRECTED_RELIABILITY = 0.6
CORRECTED_CONFIDENCE = 0.5
ELSEWHERE_CONFIDENCE = 0.6

_TURN = re.compile(
    r"(?:^|[.!?;,]\s*|(?<!\bno)(?<!\boh)\s)"
    r"(?=(?:(?:well|no|yes|nope|yeah|hmm+|oh)\W+)?(?:actually|no wait|"
    r"oh wait|wait|hmm+|on second thought|scratch that|or rather|hang on|hold on|"
    r"or is (?:it|that|this)|then again)\b)",
    re.I,
)
_FIRM = re.compile(
    r"^\W*(?:\w+\W+)?(?:no wait|oh wait|wait|on second thought|scratch that|or rather|"
    r"hang on|hold on|or is (?:it|that|this)|then again)\b"
)
# What is left of a part once its turn words are gone, when it only doubts: "not sure",
# "hard to tell", "maybe" (not "not sure why": that doubts something else).
_DOUBT_ONLY = re.compile(
    r"^\W*(?:(?:well|hmm+|oh|no|so|um+|erm|i mean|i dunno|to be honest|tbh|honestly)\W+)*"
    r"(?:maybe|possibly|perhaps|not (?:\w+ )?(?:sure|certain)|unsure|(?:i )?dunno|"
    r"(?:i )?do not know|"
    r"no idea|hard to (?:say|tell)|(?:can|could) not (?:really )?(?:say|tell)|who knows)"
    r"(?:\W+(?:really|tbh|honestly|to be honest|sorry|either way|now))*\W*$"
)
_ANSWERED = re.compile(
    r"^\W*(?:(?:well|hmm+|oh)\W+)?(?:(?:yes|yeah|no|nope)\W+(?:actually|hmm+)|"
    r"(?:actually|hmm+)\W+(?:yes|yeah|yep|yup|no|nope|nah))\b"
)
_BARE = re.compile(
    r"^\W*(?:(?:well|hmm+|oh|ok|okay|erm|um)\W+)?(yes|yeah|yep|yup|no|nope|nah)\b", re.I
)


def _parts(normalised: str) -> list[str]:
    """The message cut where the user turns round."""
    pieces = [p.strip(" ,;") for p in _TURN.split(normalised) if p and p.strip(" ,;.")]
    # "It's actually not ...": a turn needs something said before it; and "actually" or
    # "hmm" turn round only with a yes/no of their own ("actually no"), not as emphasis
    # ("nope, actually it dropped").
    merged: list[str] = []
    for piece in pieces:
        turns = _FIRM.match(piece) or _ANSWERED.match(piece)
        if merged and (
            not turns or (len(tx.tokens(merged[-1])) < 2 and not _BARE.match(merged[-1]))
        ):
            merged[-1] = f"{merged[-1]} {piece}"
        else:
            merged.append(piece)
    if len(merged) > 1:
        return merged
    # No cue word: two sentences that each open with a bare yes/no ("yes on a desk. no, its
    # on my bed").
    sentences = [s for s, _ in clauses(normalised)]
    opened = [s for s in sentences if _BARE.match(s)]
    return opened if len(opened) > 1 else [normalised]


def self_corrected(text: str, question: str) -> Reading | None:
    """The last word of a message whose parts answer ``question`` both ways, hedged; None
    when the message does not turn round."""
    normalised = tx.normalise(text)
    parts = _parts(normalised)
    if len(parts) < 2:
        return None
    readings = [read_answer(p, question) for p in parts]
    polar = [r for r in readings if r.polarity != 0]
    if len({r.polarity for r in polar}) < 2:
        return None
    last = polar[-1]
    return Reading(
        last.polarity,
        last.strength,
        min(last.reliability, CORRECTED_RELIABILITY),
        "self-corrected",
    )


def taken_back_to_doubt(text: str, question: str) -> bool:
    """A yes or no taken back into doubt: "yes. no hang on, not sure", "no. well maybe,
    hard to tell", "yeah clunks. or is that the suspension, not sure". The doubt is the last
    word; reading the first part alone would count a retracted answer as certain. The doubt
    has to stand on its own ("not sure why it squeals" doubts something else) and come after
    a turn or in a sentence of its own ("yes, not sure" is left to the hedge rules)."""
    normalised = tx.normalise(text)
    parts = _parts(normalised)
    if len(parts) < 2:
        parts = [p for p in _SENTENCE_END.split(normalised) if p.strip(" .!?")]
    if len(parts) < 2 or not any(read_answer(p, question).polarity for p in parts[:-1]):
        return False
    last = _TURN_WORDS.sub(" ", parts[-1])
    return bool(_DOUBT_ONLY.match(last.split(",")[-1])) and not _TAKES_SIDE.search(last)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_TURN_WORDS = re.compile(
    r"\b(?:actually|no wait|oh wait|wait|on second thought|scratch that|or rather|hang on|"
    r"hold on|then again)\b"
)
# A doubt that still takes a side is a hedged answer, not a retraction ("no, maybe not").
_TAKES_SIDE = re.compile(r"\b(?:maybe|probably|possibly|perhaps) (?:not|yes|no)\b")


def about_something_else(text: str, question: str, reading: Reading) -> bool:
    """An explicit yes/no whose other words share nothing with the question."""
    if reading.strength < EXPLICIT:
        return False
    normalised = tx.normalise(text)
    words = set(tx.content(tx.tokens(_BARE.sub(" ", normalised))))
    if len(words) < 2:
        return False
    profile = question_profile(question)
    # The words people say in place of a question's word count as its word: "yes, just the
    # front left indicator bulb is out" answers "a single lamp failure ... or a blinker?"; read
    # as about something else, it was asked back at once ("Just to be sure: ...").
    said_for = facts.said_for()
    return not ((words | {said_for[w] for w in words if w in said_for}) & profile.words)
