"""The words people use for a chart's words, said back in the chart's own words.

A chart asks "does the car vibrate at high speed?" and the user writes "the steering wheel
shakes on the motorway"; it asks "are you facing an intermittent connection?" and the user
writes "wifi drops out every few minutes". The readers match a question by its words (and by
meaning, where the encoder is weak on such pairs), so before a message is read each word or
phrase people use is said in the word the chart itself uses for that meaning: the chart's
vocabulary picks among the meanings ("cuts out" is a stall in a car that won't start, a
shutdown in a laptop that overheats, an intermittent connection in a wifi chart). A word the
chart uses for something else too is kept and the chart's word added beside it, and nothing
is rewritten into a word no question uses.

The groups are generic English for how devices and vehicles behave, shared by every pack, not
sentences from any table.
"""

from __future__ import annotations

import re
from functools import lru_cache, partial

from planning.network import EvidentialNetwork

from . import text as tx
from .domain_lexicon import said_in_chart_terms
from .word_groups import rewrite_groups

# Less than two hours, as people say it; and any character but the start of a negation.
_SHORT_TIME = (
    r"(?:\d{1,2}\s*(?:mins?|minutes?)|half an? hour|an? hour(?: and a half)?|"
    r"1(?:\.5)?\s*(?:hours?|hrs?|h)|one hour|"
    r"(?:ten|fifteen|twenty|thirty|forty|forty five|fifty)\s*(?:mins?|minutes?))\b"
)
_UNNEGATED = r"(?:(?!\b(?:not|never|no)\b)[^.?!;])"
# Words for one meaning (``word_groups``, shared with the predicates): the first word of the
# group the chart's questions use replaces the others. A word may be in several groups; the
# chart decides which meaning it has there.
MEANINGS = tuple(" ".join(group) for group in rewrite_groups())
# Phrases, each with the meanings it may have, most likely first: the first one the chart's
# questions say (all its words) replaces it.
PHRASES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    # A battery's charge in an amount of time: "full to nothing in 40 mins", "100 to 10
    # percent in half an hour".
    (
        re.compile(
            r"\b(?:from\s+)?(?:full|100\s*(?:%|percent)?)\s+(?:to|down to)\s+"
            r"(?:nothing|empty|zero|dead|\d{1,2}\s*(?:%|percent)?)\s+in\b"
        ),
        ("drain out quickly in",),
    ),
    # The negation is the meaning here ("does not last" is "drains quickly"), but not beside a
    # comparison: "did not last longer than usual" answers "did it last longer?" no.
    (
        re.compile(
            r"\b(?:(?:does|do|did|will) not|never) lasts?"
            r"(?!\s+(?:longer|as long|any longer|less|shorter)\b)"
            r"(?: long| more than| any time)?\b"
        ),
        ("drain out quickly",),
    ),
    (
        re.compile(
            r"\b(?:drops?|dropping|dropped|cuts?|cutting|keeps? cutting) (?:out|off)\b"
            r"|\bdrops\b(?! (?:of|out|off|in)\b)"
            r"|\bon and off\b|\bcomes and goes\b"
            r"|\b(?:connects?|connecting|connected) and "
            r"(?:disconnects?|disconnecting|disconnected)\b"
        ),
        ("intermittent", "stall", "shut down"),
    ),
    (
        re.compile(
            r"\b(?:switch(?:es|ed)?|turn(?:s|ed)?|cuts?) (?:itself |himself |herself )?off\b"
        ),
        ("shut down",),
    ),
    (
        re.compile(
            r"\b(?:come|comes|came|coming|switch|switches|switched|power|powers) on\b"
            r"|\b(?:kick|kicks|kicked|kicking) in\b|\b(?:light|lights|lit) up\b"
        ),
        ("turn on",),
    ),
    # A battery that runs down, runs out or goes flat drains ("dies" is also a stall, and
    # is left to the chart's own words).
    (
        re.compile(
            r"\b(?:(?:runs?|running|ran) (?:out|down|flat(?! out))"
            r"|(?:goes|go|going|went|gone) (?:flat|dead))"
            r"(?: to (?:nothing|empty|zero|0\s*(?:%|percent)?))?\b"
        ),
        ("drain", "run down"),
    ),
    # Where a laptop gets to when it boots.
    (
        re.compile(
            r"\b(?:gets?|getting|got|makes? it|made it|loads?|loaded|loading|boots?|booted|"
            r"booting)(?: up)? (?:to|into|onto) (?:the )?(?:windows )?desktop\b"
        ),
        ("boot display the desktop",),
    ),
    # Never taking a thing off its power is keeping it plugged in, not a "no".
    (
        re.compile(
            r"\b(?:never|not|rarely|hardly ever|hardly) (?:unplug|unplugs|unplugged|disconnect|"
            r"take it off (?:the )?(?:charge|charger|mains|power))\b(?: it\b)?"
        ),
        ("always plugged in",),
    ),
    (re.compile(r"\b(?:into|in) the red\b"), ("overheats", "hot")),
    # A battery's charge said as a short time, less than two hours ("dead in like 40 mins",
    # "i only get half an hour out of the battery"); no negation in between. What is said
    # of the battery before the verb is kept ("the battery is 4 years old and it barely lasts
    # half an hour" lost the age), and "barely", "only" go with the time, not as a denial
    # ("barely lasts half an hour on battery" was read as no drain).
    (
        re.compile(
            rf"\b(?P<keep>(?:battery|charge)\b{_UNNEGATED}{{0,40}}?)(?:(?:barely|hardly|only|"
            rf"just) )?\b(?:dead|dies|died|dying|flat|empty|"
            rf"lasts?|lasted|lasting|gone|done|get|gets|getting|got)\b{_UNNEGATED}{{0,20}}?"
            rf"{_SHORT_TIME}"
            rf"|\b(?:(?:barely|hardly|only|just) )?(?:get|gets|getting|got|last|lasts)\b"
            rf"{_UNNEGATED}{{0,20}}?{_SHORT_TIME}{_UNNEGATED}{{0,30}}?\b(?:battery|charge)\b"
        ),
        ("battery drain out quickly",),
    ),
    # An engine that turns over is one the starter cranks ("doesnt even turn over").
    (re.compile(r"\bturn(?:s|ed|ing)? over\b"), ("crank",)),
    # Steering that is heavy or stiff is hard to turn; the adjective alone is not (a heavy
    # laptop, a stiff pedal), so it is rewritten only beside the steering. Not "tight": tight
    # steering has no play ("no the steering is tight" to "does the wheel turn a few inches
    # without the wheels?" was read as hard steering and concluded a power steering pump at
    # 88%, lead22).
    (
        re.compile(
            r"\bsteering(?: wheel)?(?: (?:is|feels|goes|gets|got|went|has gone|has got|seems|"
            r"becomes|became))?(?: (?:really|very|so|quite|super|a bit|way too|too|dead|proper))*"
            r" (?:heavy|heavier|stiff|stiffer)\b"
        ),
        ("steering hard",),
    ),
    # Where a car is not moving: parking, parked, stopped, standing still.
    (
        re.compile(
            r"\b(?:when|while|whenever|if)(?: (?:i am|im|i'm|the car is|it is|its|we are))?"
            r" (?:parking|parked|stopped|stationary|standing still|stood still|at a standstill|"
            r"manoeuvring|maneuvering|sat still)\b"
        ),
        ("when stationary",),
    ),
    # A car that has to be jump started has a battery that ran down: the jump says it ("had
    # to jump it again", "needs a jump start every few days", "got jumped twice"). The
    # negation before it stays ("never needed a jump" is a battery that does not run down).
    (
        re.compile(
            r"\b(?:(?:needs?|needed|needing|have to|has to|had to|having to|got to|gotta)\s+"
            r"(?:to\s+)?(?:get\s+|be\s+)?(?:it\s+|the car\s+)?(?:a\s+)?jump(?:ed)?"
            r"(?:[\s-]?start(?:ed)?)?(?:\s+(?:it|the car|the battery))?"
            r"|jump[\s-]?start(?:s|ed|ing)?(?:\s+(?:it|the car|the battery))?"
            r"|(?:gave|given|give|giving)\s+(?:me|it|the car|us)\s+a\s+jump"
            r"|(?:get|gets|got|getting)\s+(?:it\s+)?jumped)\b"
        ),
        # In a chart that asks nothing of a battery running down, the jump is still about the
        # battery, not the engine starting ("needs a jump start" is no "does the car start?").
        ("battery run down", "battery drain", "battery"),
    ),
    # A coloured puddle or patch under a car is coolant leaking ("a green puddle under the
    # front", "pink stuff on the drive"): no other fluid of a car is green, pink or orange.
    (
        re.compile(
            r"\b(?:bright |light |dark |lurid )?(?:green|greenish|pink|pinkish|orange|orangey|"
            r"orangish)\s+(?:puddle|patch|pool|stain|drips?|stuff|liquid|fluid|gunk|water)s?\b"
        ),
        ("leak from the cooling system",),
    ),
    # "Any" and "a single" are "at least one" ("do you see at least one network?"): "doesnt
    # find any networks", "dont get a single network". The negation before it is not touched.
    (re.compile(r"\b(?:any|a single|one single|even one)\b"), ("at least one",)),
    # Where people drive fast.
    (
        re.compile(
            r"\b(?:on|along|down|up) the (?:motorway|highway|freeway|interstate|autobahn)\b"
            r"|\bat (?:motorway|highway|freeway) speeds?\b"
        ),
        ("at high speed",),
    ),
)


def _canonical(word: str) -> str:
    return tx.canonical(word)


@lru_cache(maxsize=1)
def _groups() -> tuple[tuple[str, ...], ...]:
    return rewrite_groups()


_Vocabulary = tuple[frozenset[str], dict[str, str], tuple[tuple[str, ...], ...]]
_VOCABULARIES: dict[tuple[str, int], _Vocabulary] = {}


def _vocabulary(network: EvidentialNetwork) -> _Vocabulary:
    """The canonical forms of every word the chart's questions use, a raw word for each, and
    each question as its canonical words (for the domain lexicon's phrases)."""
    key = (network.name, hash(tuple(f.question for f in network.findings)))
    found = _VOCABULARIES.get(key)
    if found is None:
        raw: dict[str, str] = {}
        questions = []
        for finding in network.findings:
            question = tx.tokens(tx.normalise(finding.question).replace("-", " "))
            questions.append(tuple(_canonical(token) for token in question))
            for token in question:
                raw.setdefault(_canonical(token), token)
        if len(_VOCABULARIES) > 64:
            _VOCABULARIES.clear()
        found = _VOCABULARIES[key] = (frozenset(raw), raw, tuple(questions))
    return found


def _rewritten(meant: str, match: re.Match[str]) -> str:
    """A phrase in the chart's words, after what its "keep" group says besides."""
    return f" {match.groupdict().get('keep') or ''} {meant} "


def in_chart_words(text: str, network: EvidentialNetwork) -> str:
    """The message (normalised) with the words people use said in the chart's own words."""
    words, raw, questions = _vocabulary(network)
    # A helpdesk's own words for a question's state, and states that entail it, first.
    out = said_in_chart_terms(tx.normalise(text), questions)
    for pattern, meanings in PHRASES:
        meant = next((m for m in meanings if all(_canonical(w) in words for w in m.split())), None)
        if meant is not None:
            out = pattern.sub(partial(_rewritten, meant), out)

    def word(match: re.Match[str]) -> str:
        token = match.group(0)
        own = _canonical(token)
        for group in _groups():
            if token not in group:
                continue
            mate = next((w for w in group if _canonical(w) != own and _canonical(w) in words), None)
            if mate is None:
                continue
            # A word the chart uses for something else too ("shake the wheels" in an
            # instruction) keeps that reading and gains the chart's word for its meaning.
            return f"{token} {raw[_canonical(mate)]}" if own in words else raw[_canonical(mate)]
        return token

    return re.sub(r"[a-z]+", word, out)
