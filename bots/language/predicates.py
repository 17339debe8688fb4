"""What a question asks about its subject, and whether a message says it.

"Does your power button click when you press it down?" asks about the power button (its
subject) whether it clicks (its predicate). "I press the power button and nothing happens"
names the subject and says nothing of the click: read as "yes, it clicks", it becomes a
confident wrong conclusion. A fact is only read when the message says the question's
predicate, a word people use for it, or its opposite; a question whose predicate this module
does not know is left to the other readings.

The words below are generic English for how devices and vehicles behave and what state
they are in (not taken from any chart's questions one by one): verbs of behaviour (click,
leak, flicker, stall), states (loose, broken, dim, hot), kinds of noise, and the words people
use in their place ("shakes" for vibrates, "drops out" for an intermittent connection).
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import text as tx
from .facts import _PHRASES, main_question
from .lexicon import OPPOSITE_GROUPS
from .reader import similar
from .word_groups import meaning_groups

# Words that say what a thing does or what state it is in. Generic, shared by every pack.
PREDICATE_WORDS = (
    # behaviour
    "click crank spin spark fire stall flicker blink flash beep boot die freeze shut "
    "overheat leak drip steam hiss smell flow drain hum whistle squeal grind scrape rattle "
    "clunk tick knock creak whine groan vibrate pull drag lock jerky firm charge "
    "connect disconnect block rotate scramble blackout wear damage stop halt measure "
    "read show display visible detect start work fail failure blown short open run runs "
    "running turn dim tinted uneven upside bumpy loose broken dirty clean corroded hot "
    "steaming leaking dripping smoking smoke burning intermittent flaky slow noise noises "
    "sound sounds grow growing stain blotch"
)
# The noise kinds: "it squeals" says there is a noise.
_NOISES = (
    "squeal grind scrape rattle clunk tick click knock creak whine groan hum whistle hiss "
    "beep buzz whirr screech bang clank"
)


# Words that are never what a question asks about its subject: a perception ("do you see
# lines?" asks about the lines), a thing measured ("the temperature gauge") or a thing that
# is more often named than done ("the display").
_NOT_PREDICATES = frozenset(
    {"see", "hear", "notice", "get", "temperature", "temp", "display", "displays"}
)
# A condition after the question ("... when you press it down?") and an intention ("trying
# to connect to a home network?") say when or why, not what is asked.
_CONDITION = re.compile(
    r"\b(?:when|whenever|if|after|while|before|once|as soon as|(?:up)?on \w+ing)\b.*$"
)
_INTENTION = re.compile(r"\btry(?:ing)? to \w+")
# A state the question asks something to be in while it is used ("do you always work with
# the adapter plugged in?") is what it asks, not the verb of using.
_WITH_STATE = re.compile(r"\bwith\b.*?\b(plugged|connected|attached|switched)\b")


# Ways people say a function or a state with other words than a question's predicate, each
# said as the predicate word of its family: a battery that dies, runs out or goes flat drains;
# a laptop that loads or gets to the desktop boots; a light that is lit, glows or shows green
# is on, a fan that kicks in turns on; a laptop on mains or on charge is plugged in. Applied
# to what the user said only: they let a "yes" through, they read nothing themselves.
_SAID_AS = (
    (
        re.compile(
            r"\b(?:runs?|running|ran) (?:out|down|flat(?! out))\b"
            r"|\b(?:goes|go|going|went|gone|is|was) (?:flat|dead)\b"
            r"|\b(?:dies|died|dying|die)\b|\bempt(?:y|ies|ied|ying)\b"
        ),
        " drain ",
    ),
    (
        re.compile(
            r"\b(?:plugged|plugs?|plugging) in(?:to)?\b|\bcharging\b"
            r"|\bon (?:the )?(?:mains|charge|charger|ac(?: power)?|adapter|power adapter)\b"
        ),
        " plugged ",
    ),
    (
        re.compile(
            r"\b(?:gets?|getting|got|makes?|making|made) (?:it )?(?:to|into|onto) "
            r"(?:the )?(?:windows )?desktop\b"
            r"|\bload(?:s|ed|ing)?\b|\b(?:starts?|starting|started) up\b"
        ),
        " boot ",
    ),
    (
        re.compile(
            r"\b(?:is|are|was|were|stays?|stayed|comes?|came) (?:on|lit)\b|\blit(?: up)?\b"
            r"|\blights? up\b|\bglow(?:s|ing|ed)?\b|\billuminated\b"
            r"|\b(?:shows?|showing) (?:a )?(?:solid |steady )?(?:green|amber|orange|white|blue)\b"
            r"|\b(?:kicks?|kicked|kicking) in\b"
        ),
        " turn on ",
    ),
)


def _said_as(text: str) -> str:
    out = tx.normalise(text)
    for pattern, word in _SAID_AS:
        # The words said stay beside their family's word ("goes flat" is also what a
        # question about a flat battery asks).
        out = pattern.sub(lambda m, w=word: f"{m.group(0)} {w}", out)
    return out


def _forms(text: str, *, exclude: frozenset[str] = frozenset()) -> set[str]:
    normalised = tx.normalise(text).replace("-", " ")
    for pattern, replacement in _PHRASES:
        normalised = pattern.sub(replacement, normalised)
    return {tx.canonical(t) for t in tx.tokens(normalised) if t not in exclude}


@lru_cache(maxsize=1)
def _predicates() -> frozenset[str]:
    return frozenset(_forms(PREDICATE_WORDS))


@lru_cache(maxsize=1)
def _meaning() -> dict[str, frozenset[str]]:
    """Canonical word -> every word that says the same or its opposite."""
    out: dict[str, set[str]] = {}
    # Words for one meaning (shared with the vocabulary), and the lexicon's two sides.
    groups = [_forms(" ".join(group)) for group in meaning_groups()]
    for left, right in OPPOSITE_GROUPS:
        groups.append(_forms(left) | _forms(right))
    for group in groups:
        for word in group:
            out.setdefault(word, set()).update(group)
    return {w: frozenset(v) for w, v in out.items()}


def is_predicate(word: str) -> bool:
    """Whether the word says what a thing does or what state it is in."""
    return tx.canonical(word) in _predicates()


def question_predicates(question: str) -> frozenset[str]:
    """The question's words that say what it asks about its subject (canonical forms)."""
    main = _INTENTION.sub(" ", _CONDITION.sub(" ", main_question(question).lower()))
    state = _WITH_STATE.search(main)
    if state is not None:
        return frozenset(_forms(state.group(1)))
    return frozenset(_forms(main, exclude=_NOT_PREDICATES) & _predicates())


def says_predicate(text: str, question: str) -> bool:
    """Whether the message says what the question asks about its subject (the predicate, a
    word for it or its opposite), or the question's predicate is not one this module knows."""
    said = predicate_said(text, question)
    return True if said is None else said


_ASKS_A_SOUND = re.compile(r"\b(?:hear|noises?|sounds?)\b")
_PARTICLES = frozenset({"on", "off", "up", "down", "out", "in", "over", "back", "away"})
# A display "rotated 90 degrees or upside-down" is turned round, not moving: the motion family
# of "rotate" (run, spin) is another sense ("lines running down my screen" read as rotated,
# lead17). A fan or a wheel "rotating" keeps it.
_TURNED_ROUND = re.compile(r"\b(?:upside|degrees|sideways|orientation)\b")


def predicate_said(text: str, question: str) -> bool | None:
    """Whether the message says the question's predicate (a word for it, its family's or its
    opposite); None when the question's predicate is not one this module knows."""
    wanted = question_predicates(question)
    if not wanted:
        return None
    said = _forms(_said_as(text))
    # A kind of noise says there is a noise, for a question that asks about a noise or what
    # is heard ("any noises ...?", "do you hear ...?"); "the brakes squeak" says nothing of the
    # car stopping, though a sound is in the family of what runs and does not stop.
    if not _ASKS_A_SOUND.search(question.lower()):
        # A whirr is no click: a question about one kind of noise is said by that kind.
        said -= _forms("noise noises sound sounds " + _NOISES) - wanted
    elif said & _forms(_NOISES):
        said |= _forms("noise sound")
    meaning = _meaning()
    # The question's other words name its subject ("water" in "a leak at the water pump") or
    # its condition ("brakes" in "does the car stop when you apply the brakes?"): saying them
    # says nothing of the predicate, whatever group they share with it.
    subject = _forms(question) - wanted
    for word in wanted:
        # A particle of a phrase in a group ("on" of "turn on") is no word for the predicate
        # by itself: "a headache on one side" says nothing of turning the head.
        family = meaning.get(word, frozenset())
        if word == "rotat" and _TURNED_ROUND.search(question.lower()):
            family = frozenset()
        near = (family - subject - _PARTICLES) | {word}
        if near & said:
            return True
        if any(
            len(w) > 3 and similar(w, p) and not _derived(w, p)
            for w in near
            for p in said
            if len(p) > 3
        ):
            return True
    return False


def _derived(word: str, other: str) -> bool:
    """One word is the other with an ending ("start", "starter"): another word, not a typo of it
    ("the starter" says nothing of the engine starting)."""
    short, long = sorted((word, other), key=len)
    return len(long) - len(short) > 1 and long.startswith(short)
