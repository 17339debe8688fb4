"""A guess at the faulty part, which answers none of the questions about that part.

People open with what they suspect: "I believe that I have a starter, battery or alternator
issue", "my mechanic reckons its the spark plugs", "i suspect the fuel filter honestly". Such
a clause names a question's subject (the starter, the plugs, the fuel filter) and says
nothing of what the question asks about it (does the starter crank? is spark getting to the
plugs?), yet read like any statement it restates the question's words with no negation: a
"yes" (FloDial dialogs 419/438 concluded nothing after "does the starter crank? yes" from
the first of those, when the user had said "it doesn't even try to turn over").

A clause is a guess when a word of suspicion ("i think", "pretty sure", "could be", "my
guess is", "reckons") is followed by nothing but the part named: an optional "it's" / "I
have" / "there's", a determiner, and words with no verb of their own. "I think the battery
is flat" says a state (a verb), and is read as usual.
"""

from __future__ import annotations

import re

_CUE = (
    r"(?:(?:i|we|he|she|they|(?:my|our|the)\s+(?:mechanic|garage|dealer|shop|friend|dad|mum|mom|"
    r"brother|husband|wife))\s+)?"
    r"(?:think|thinks|thought|believe|believes|suspect|suspects|suspected|reckon|reckons|"
    r"guess|guessing|bet|assume|assumed|figure|figured|feel like|said|says|told me)"
    r"|(?:pretty|fairly|quite|almost|kind of|kinda)\s+(?:sure|certain|convinced)"
    r"|probably|maybe|perhaps|possibly|likely|must be|could be|might be|may be"
    r"|(?:my|our|his|their)\s+(?:guess|bet|suspicion|hunch)\s+is"
    r"|i\s+am\s+(?:guessing|thinking|wondering if)|im\s+(?:guessing|thinking)"
    r"|not sure if|wondering if"
)
# What may stand between the cue and the part: "that", "it's", "I have", "there's a".
_FRAME = (
    r"(?:\s+that)?"
    r"(?:\s+(?:it\s+is|its|it\s+(?:could|might|may|must|will|would)\s+be|it\s+(?:is|was)\s+"
    r"(?:probably|likely|just)|i\s+(?:have|had|got)(?:\s+got)?|we\s+have|there\s+is|theres|"
    r"the\s+(?:problem|issue|fault|culprit)\s+is|(?:it|this)\s+(?:is|was)\s+(?:down\s+to|"
    r"caused\s+by)))?"
)
_DETERMINER = r"\s+(?:the|a|an|my|our|your|some|its)\b"
# The clause starts with the suspicion (after a word of no content, or "it's"): "the fan is
# probably dead" says a state.
_LEAD = r"^(?:(?:so|well|honestly|tbh|ok|okay|hi|hey|hello|and|but|or|i mean|it\s+is|its)[\s,]+)*"
GUESS = re.compile(rf"{_LEAD}(?:{_CUE})\b{_FRAME}{_DETERMINER}(?P<part>[^.!?]*)$")
# Words that make the rest a statement of its own ("the battery is flat", "the fan doesn't
# spin", "the starter clicks when i turn the key").
_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|does|do|did|doesnt|dont|didnt|has|have|had|will|wont|"
    r"would|can|cant|could|should|not|no|never|nothing|when|whenever|if|because|since|as|"
    r"after|while|once|but|then|and\s+(?:it|the|i)|keeps?|stopp?\w*|won|isnt|arent|wasnt|"
    # A verb in the past says what happened: "probably the screen cracked", "he told me the
    # fuse blew" ("seized", "failed"; not "speed" or "red").
    r"\w{2,}[^\We]ed|blew|broke|burst|fell|froze|"
    r"went|came|died|quit|snapped)\b"
)


def is_guess(clause: str) -> bool:
    """Whether the clause (normalised, as the readers cut it) only names a suspected part."""
    text = clause.strip().rstrip(".!;,").strip()
    match = GUESS.search(text)
    if match is None:
        return False
    return not _VERB.search(match.group("part"))
