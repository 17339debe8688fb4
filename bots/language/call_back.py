"""A person asked for as a call: "can someone from IT just give me a ring instead".

People who want a person often ask to be phoned, in idioms ("give me a ring / a bell / a
buzz", "a callback", "get in touch by phone") and from whoever they imagine at the other end
("someone from IT", "one of your techs", "the service desk"). The person patterns
(:data:`bots.language.cues.HUMAN`) name a person; these name the call and need no person at
all ("can i get a callback"). lead18: "can someone from IT just give me a ring instead, this
is taking ages" was not read, and the bot asked its question again.

A call is a request only when the sentence asks: a question put with the modal first ("could
one of your it guys ring me"), a wish ("i would rather someone phoned me", "i want a call
back"), "please", "is there any chance of", "arrange", or an imperative ("have someone call
me"). A call reported ("the it guy said he would ring me back", "my colleague gave me a ring
yesterday") names the same words without asking, and is no request.
"""

from __future__ import annotations

import re

from .cues import rx

# The call itself. "give me a ring" but not "give me a second"; "ring me" but not "my phone
# is ringing"; a call back in one word or two.
_CALL = rx(
    r"\bgive\s+(?:me|us)\s+a\s+(?:quick\s+|short\s+)?(?:ring|call|bell|buzz|shout|tinkle|"
    r"phone\s*call|phone|call\s+back|callback)\b",
    r"\b(?:call|ring|phone|rings|calls|phones|called|phoned|rang)\s+(?:me|us|my\s+(?:mobile|"
    r"cell|phone|number|desk|extension|landline|work\s+phone))\b",
    r"\bcall\s*-?\s*back\b",
    r"\bphone\s*-?\s*call\b",
    r"\b(?:get|be|keep)\s+in\s+touch\s+(?:with\s+(?:me|us)|by\s+(?:phone|call|ringing))\b",
    r"\b(?:contact|reach)\s+me\b",
)
# The sentence asks: a modal put first with its subject after it (a question, not "he would
# ring me"), a wish, "please", a chance asked about, an arrangement, or an imperative.
_ASKS = rx(
    r"(?:^|[.,!?;]\s*|\b(?:so|just|and|but|or|honestly|ok|okay|look)\s+)"
    r"(?:can|could|would|will|may|cannot|can\s+not)\s+(?:not\s+)?(?:you|u|someone|somebody|"
    r"some\s+one|anyone|anybody|one|a|an|the|your|some|i|we|they|he|she)\b",
    r"\b(?:i|we)\s+(?:would\s+|do\s+|really\s+|just\s+)*(?:want|like|prefer|rather|need)\b",
    r"\b(?:would|id|i'd)\s+(?:much\s+|really\s+)?(?:prefer|rather|like)\b",
    r"\b(?:please|pls|plz)\b",
    r"\b(?:any|some)\s+(?:chance|possibility|way)\b",
    r"\barrange\b",
    r"(?:^|[.,!?;]\s*|\b(?:just|so|then)\s+)(?:have|get|let)\s+(?:someone|somebody|some\s+one|"
    r"anyone|one|a|an|the|your|some)\b",
    r"(?:^|[.,!?;]\s*|\bjust\s+)(?:call|ring|phone|contact)\s+me\b",
)
# What a reported call is told by: a past call, or a promise made earlier. A past tense
# after "rather" or "wish" is a wish ("i would rather someone just phoned me").
_PAST_CALL = re.compile(r"\b(?:gave|rang|phoned|called)\s+(?:me|us)\b")
_WISHED = re.compile(r"\b(?:rather|wish)\b")
_REPORTED = re.compile(
    r"\bsaid\s+(?:he|she|they|it|someone|you)\b|"
    r"\b(?:yesterday|last\s+(?:week|night|time)|earlier|never\s+did)\b"
)


def asks_for_a_call(text: str) -> bool:
    """Whether the (normalised) message asks to be phoned by a person."""
    if not _CALL.search(text) or _REPORTED.search(text):
        return False
    if _PAST_CALL.search(text) and not _WISHED.search(text):
        return False
    return bool(_ASKS.search(text))
