"""The user's own action said as a time or as a difficulty is not the state a question asks.

"The brakes squeal whenever i stop" says when the squeal comes; it does not answer "does the
car stop when you apply the brakes?" yes. "It takes forever to stop" and "it's really hard to
stop the car" say that stopping is hard (another question's fact), not that the brakes stop
the car. So before a "yes" is checked for the question's predicate, the verb of a time
clause whose subject is the user ("when i stop", "every time we turn") and what a difficulty
governs ("takes ages to stop", "hard to brake and bring the car to a halt") are taken out.
Only that check reads the text left: the words stay for every other reading ("grinding every
time i brake" is still a noise when braking).
"""

from __future__ import annotations

import re

__all__ = ["without_own_times"]

# "when i stop", "every time we pull up", "whenever you slow down": the verb (and a particle)
# of the user's own action said as the time something happens.
_OWN_TIME = re.compile(
    r"\b(?:when|whenever|every ?time|each time|any ?time|as soon as|as|once)\s+"
    r"(?:i|we|you|u|im|i'm|i am|we're)\s+(?:(?:just|first|then|have to|go to|try to|come to)\s+)?"
    r"[a-z']+(?:\s+(?:up|down|off|on|over|in|out))?\b"
)
# "takes ages to stop", "hard to brake and bring the car to a halt": what is hard, up to the
# end of its clause.
_DIFFICULT = re.compile(
    r"\b(?:hard|harder|difficult|tough|impossible|a struggle|struggles?|struggled|struggling|"
    r"(?:takes?|took|taking) (?:ages|forever|a long time|longer|so long|far too long|way "
    r"too long|a while))\s+to\s+[^,.;!?]{0,80}?(?=\s*(?:[,.;!?]|\bbut\b|\band (?:i|it|the|"
    r"theres?|there is)\b|$))"
)


_ASKS_DIFFICULTY = re.compile(r"\b(?:hard|harder|difficult|struggle|struggles)\b")


def without_own_times(text: str, question: str) -> str:
    """The text without the user's own actions said as a time, and without what is said to be
    difficult unless the question asks whether it is ("is it hard to brake?")."""
    text = _OWN_TIME.sub(" ", text)
    if _ASKS_DIFFICULTY.search(question.lower()):
        return text
    return _DIFFICULT.sub(" ", text)
