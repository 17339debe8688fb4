"""The message a question quotes, reported back or replaced by another: "does the laptop show
a 'no bootable device' message?" - "it says no bootable device found".

A message that names a fault carries its own negation ("No Operating System", "not charging",
"no battery is detected"). Reported back, that negation is the message's, not the user's: the
negation reader read "it says no bootable device found" as a no, a confident wrong fix. And an
answer that reports something else on the screen ("it just shows the dell logo", "it says
normal", "it shows the battery with a percentage") restated "shows" and was read as a yes.

- :func:`reports_message`: the answer holds most of the quoted message's words and negates
  nothing outside them: a yes.
- :func:`reports_other`: the answer says what is shown or said ("it says", "it shows", "i
  get"), shares few of the message's words, and what it reports names no fault (no "error",
  "not", "fail"): the quoted message is not there, a no. A fault in other words ("it says
  something about the disk") may be the message paraphrased and is left to the other readers.

Only a question quoting one message, and offering nothing else beside it ("... or an X over
the battery icon?"), is read this way. Text is normalised (lower case, "doesn't" spelled
"does not").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from . import text as tx
from .cues import IDLE_NEGATION, NEGATIONS, QUOTED

# A question about what is shown or said: "do you get a '...' message?", "does it say '...'?".
_ASKS_SHOWN = re.compile(
    r"\b(?:messages?|errors?|warnings?|notifications?|prompts?|pop-?ups?|alerts?|status|says?"
    r"|shows?|showing|displays?|displaying|reads?|reading|appears?|screen|report)\b"
)
# Words a message's negation comes with: "no bootable device found", "battery not detected".
_MESSAGE_TAIL = frozenset(["found", "detected", "present", "available", "recognised", "recognized"])
_SHOWN = re.compile(
    r"\b(?:says?|said|saying|shows?|showed|showing|shown|reads?|(?<!the )displays?|displaying"
    r"|displayed|comes? up with|pops? up with|gives? me|i get|i got|i just get|it just has"
    r"|it has)\b"
    r"(?!\s+up\b)(?P<what>[^,.;]*)"  # "that message shows up": it appears, not what it says
)
# The answer points at the asked message itself: "that exact message", "the same one".
_THAT_MESSAGE = re.compile(
    r"\b(?:that|this|the|same|exact)\s+(?:exact\s+|same\s+)?(?:message|one|thing|words?|error"
    r"|warning|text)\b"
)
_FAULT = re.compile(
    r"\b(?:error|errors|not|no|fail\w*|fault\w*|missing|cannot|unable|problem|problems|issue"
    r"|warning|critical|replace|bad|wrong|unknown|something|some|an?\s+message|code)\b"
)


def _quoted(question: str) -> str | None:
    found = QUOTED.findall(question)
    if len(found) != 1:
        return None
    outside = QUOTED.sub(" ", question)
    if not _ASKS_SHOWN.search(outside):
        return None  # "is there an open circuit with the key in 'run/ON'?": a name, not a message
    if re.search(r"\bor\b", outside):
        return None  # "'no battery is detected' or an X over the icon?": not the only sign
    return str(found[0]).strip("'\"")


def _stems(words: Sequence[str]) -> list[str]:
    # stems, not the lexicon's synonyms: "boot" must stay "boot" to match "bootable"
    return [tx.stem(w) for w in words if w not in tx.STOP_WORDS and len(w) > 1]


def _match(a: str, b: str) -> bool:
    # "boot" for "bootable", "detect" for "detected": a shared start of five letters.
    return a == b or (min(len(a), len(b)) >= 4 and a[:4] == b[:4])


def _span(toks: Sequence[str], message: Sequence[str]) -> tuple[int, int] | None:
    """First and last token of the answer that are the message's words, when most are."""
    hits = [i for i, t in enumerate(toks) if any(_match(tx.stem(t), m) for m in message)]
    found = {m for m in message if any(_match(tx.stem(toks[i]), m) for i in hits)}
    if not message or len(found) * 3 < len(message) * 2:
        return None
    start, end = hits[0], hits[-1]
    if end - start > len(message) + 3:
        return None
    while start > 0 and toks[start - 1] in NEGATIONS:
        start -= 1
    while end + 1 < len(toks) and (toks[end + 1] in NEGATIONS or toks[end + 1] in _MESSAGE_TAIL):
        end += 1
    return start, end


def reports_message(question: str, answer: str) -> bool:
    """Whether the answer reports the message the question quotes, negating nothing else."""
    quoted = _quoted(question)
    if quoted is None:
        return False
    message = _stems(tx.tokens(quoted))
    toks = tx.tokens(answer)
    span = _span(toks, message)
    if span is None:
        return False
    said = toks[span[0] : span[1] + 1]
    if any(t in NEGATIONS for t in tx.tokens(quoted)) != any(t in NEGATIONS for t in said):
        return False  # "plugged in, charging" is not "plugged in, not charging"
    rest = list(toks[: span[0]]) + list(toks[span[1] + 1 :])
    # "i do not get the no operating system message": the user's own negation
    return not any(t in NEGATIONS for t in rest) and not re.search(r"\bnever\b", answer)


def reports_other(question: str, answer: str) -> bool:
    """Whether the answer reports something shown or said other than the quoted message,
    naming no fault."""
    quoted = _quoted(question)
    if quoted is None:
        return False
    shown = _SHOWN.search(answer)
    if shown is None or _THAT_MESSAGE.search(answer):
        return False
    what = shown.group("what")
    said = _stems(tx.tokens(what))
    negated = any(t in NEGATIONS for t in tx.tokens(IDLE_NEGATION.sub(" ", answer)))
    if not said or _FAULT.search(what) or negated:
        return False
    message = _stems(tx.tokens(quoted))
    shared = {m for m in message if any(_match(w, m) for w in said)}
    return len(shared) * 3 < len(message)
