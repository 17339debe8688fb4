"""A state under a condition: where an answer puts the state a question asks about.

A chart question often restricts its state to a condition ("does the clunk happen only over
bumps?", "does the laptop work only when plugged in?", "do the lights dim at idle and
brighten when you rev?"), and people answer by telling under which condition the state
holds: "i only hear it when turning into a parking space, not over bumps", "as soon as i
unplug it it is dead", "they get brighter when i rev". Read word by word, such answers
restate the question's state (a yes) or deny one of its words (a no) whatever the condition;
read here, the question is a list of (state, condition) pairs and the answer a list of
clauses, each with the condition it names and whether it says the state there or denies it.
A yes needs the answer's condition to be the question's; a condition the answer names that
is neither the asked one nor its opposite says nothing either way, unless the answer
restricts the state to it ("only when ...") or denies the asked one beside it.

Precision first: a misreading here becomes a confident wrong fix, an unread answer costs a
turn. A condition is the asked one when it shares a word or an everyday kind with it
("frosty mornings" / "cold outside"), the excluded one when it is a lexicon opposite or of an
exclusive kind ("unplugged" / "plugged in"), another one only when both are of known kinds
that differ ("turning" / "over bumps"); a condition of no known kind decides nothing, and a
restriction to another kind alone is read hedged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from . import text as tx
from .cues import PROBLEM_WORDS
from .lexicon import opposites, same_side

_OPPOSITES = opposites()
_SAME_SIDE = same_side()

# Everyday conditions a state is put under, by kind: two conditions of one kind are the same
# condition in other words ("frosty mornings" / "cold outside", "car parks" / "parking
# lots"), two of different kinds are different conditions ("when im turning" / "over
# bumps"), and some kinds exclude each other ("unplugged" / "plugged in"). A condition of no
# kind here is not weighed: the words alone cannot tell whether it is the asked one.
_KINDS: dict[str, str] = {
    "turning": (
        "turn turning turns corner corners cornering steer steering lock bend bends "
        "curve curves roundabout roundabouts park parking manoeuvring maneuvering "
        "u-turn"
    ),
    "straight": "straight",
    "bumps": (
        "bump bumps bumpy pothole potholes rough uneven dip dips kerb curb cobbles "
        "gravel track tracks"
    ),
    "braking": "brake brakes braking stopping",
    "accelerating": (
        "accelerate accelerating acceleration rev revs revving throttle gas pull "
        "pulling uphill overtaking"
    ),
    "idle": "idle idling stationary standstill",
    "cold": "cold frost frosty freezing winter chilly icy",
    "warm": "warm warmed hot summer heat heatwave",
    "wet": "rain rains raining rainy wet damp shower showers puddles",
    "dry": "dry sunny",
    "night": "night nights evening evenings overnight dark nighttime",
    "day": "day days daytime afternoon afternoons lunch lunchtime daylight",
    "mains": "plug plugged charger charging mains ac adapter adaptor cable wall socket",
    "battery": "battery unplug unplugged cordless",
    "load": "game games gaming render rendering load editing zoom",
    "light use": "browsing browse desktop typing email emails documents",
    "forward": "forward forwards ahead",
    "reverse": "reverse reversing backwards backing",
}
_KIND_OF: dict[str, set[str]] = {}
for _kind, _words_of_kind in _KINDS.items():
    for _w in _words_of_kind.split():
        _KIND_OF.setdefault(tx.canonical(_w), set()).add(_kind)
        _KIND_OF.setdefault(_w, set()).add(_kind)
# Kinds that exclude each other: a state under one says it is not only under the other.
_EXCLUSIVE_KINDS = {
    frozenset(p)
    for p in (
        ("turning", "straight"),
        ("braking", "accelerating"),
        ("idle", "accelerating"),
        ("cold", "warm"),
        ("wet", "dry"),
        ("night", "day"),
        ("mains", "battery"),
        ("load", "light use"),
        ("forward", "reverse"),
    )
}

# What opens a condition: a subordinator or a preposition of circumstance.
_OPENER = (
    r"as\s+soon\s+as|soon\s+as|the\s+moment|whenever|when|while|if|once|after|before|during|"
    r"over|on|in|at|under|with|without|going|driving"
)
_CONDITION = re.compile(rf"\b(?P<opener>{_OPENER})\b(?P<rest>(?:\s+[a-z0-9']+){{1,6}})")
# Prepositions that may name the state's place or kind rather than a condition ("on a flat
# surface", "in the run position", "with the remote").
_WEAK = frozenset({"on", "in", "at", "with", "going", "driving"})
# Where the condition's words end: the main clause's subject ("as soon as i unplug it | it
# is dead"), a verb of the state or another opener.
_ENDS = frozenset(
    {"it", "its", "they", "theyre", "there", "theres", "then", "and", "but", "he", "she", "that"}
)
_SUBJECTS = frozenset({"i", "im", "ive", "you", "we", "it", "its", "they"})
# Words that open a condition but say nothing of which one.
_VAGUE = frozenset(
    {"go", "driv", "us", "thing", "get", "way", "time", "lot", "bit", "sometim", "car", "laptop"}
)
# Clause boundaries: commas, "but", "whereas", "then", and a "not" that denies a condition
# ("..., not over bumps", "it pulls when i accelerate not when braking").
_PARTS = re.compile(
    rf"\s*(?:[,;]|\bbut\b|\bwhereas\b|\bthen\b|\band\s+(?=it\b|its\b|they\b))\s*"
    rf"|\s+(?=\b(?:not|never)\s+(?:just\s+|only\s+|even\s+)?(?:{_OPENER})\b)"
)
# The state denied in words that are not a negation of its verb: a device that does nothing.
_DENIED = re.compile(
    r"\b(?:dead|dies|died|does\s+nothing|nothing|cuts?\s+out|cut\s+off|switches\s+off|"
    r"turns?\s+off|shuts?\s+(?:off|down)|stops?|won'?t|wont|doesnt|dont|cant|isnt|not|never|"
    r"no)\b"
)
_ONLY = re.compile(r"\b(?:only|just)\b(?!\s+(?:a|as|like|now|fine|about|the\s+same)\b)")
# "too", "as well", "even": the state said under another condition besides the asked one.
_BESIDES = re.compile(r"\b(?:too|as\s+well|also|even|either\s+way|regardless)\b")


@dataclass(frozen=True)
class Pair:
    """One state a question asks about and the condition it asks it under."""

    state: frozenset[str]
    condition: frozenset[str]
    strong: bool = True  # named by a subordinate clause or "over", not "on" / "in" / "at"


@dataclass(frozen=True)
class Clause:
    """One part of an answer: the condition it names (empty: none), whether that condition
    is denied ("not over bumps"), whether the state is said or denied there, and whether the
    part restricts the state to its condition ("only when ...")."""

    condition: frozenset[str]
    condition_denied: bool
    state: int  # +1 said, -1 denied, 0 neither
    only: bool
    besides: bool
    strong: bool = True


def _words(text: str) -> set[str]:
    return {w for w in tx.content(tx.tokens(text)) if w not in _VAGUE}


def _condition_span(rest: str) -> tuple[set[str], int]:
    """The condition's words after its opener, and where in ``rest`` they end."""
    kept: list[str] = []
    end = 0
    for m in re.finditer(r"[a-z0-9']+", rest):
        t = m.group(0)
        if t in _ENDS and kept:
            break
        end = m.end()
        if t in _SUBJECTS and not kept:
            continue  # "when i brake": the subject before the condition's verb
        kept.append(t)
        if len(kept) >= 4:
            break
    return _words(" ".join(kept)), end


def _condition_words(rest: str) -> set[str]:
    return _condition_span(rest)[0]


def question_pairs(normalised: str) -> tuple[Pair, ...]:
    """The (state, condition) pairs of a question: one per "and"-joined predicate that names
    a condition of its own ("dim at idle and brighten when you rev" gives two); none when no
    predicate names one."""
    text = re.sub(r"^\s*(?:do|does|did|is|are|was|were|can|could|have|has)\b", "", normalised)
    text = text.strip(" ?.!")
    out: list[Pair] = []
    for part in re.split(r"\s+and\s+", text):
        found = _CONDITION.search(part)
        if found is None:
            # "does the battery drain only overnight?": what follows "only" is the condition
            only = re.search(r"\bonly\s+(?P<rest>[a-z]+(?:\s+[a-z]+)?)$", part)
            if only and part[: only.start()].strip():
                state = _words(part[: only.start()])
                condition = _words(only.group("rest")) - state
                if state and condition:
                    out.append(Pair(frozenset(state), frozenset(condition), strong=False))
            continue
        if found.start() == 0:
            continue
        condition = _condition_words(found.group("rest"))
        state = _words(re.sub(r"\b(?:only|just)\b", " ", part[: found.start()]))
        if condition and state:
            strong = found.group("opener") not in _WEAK
            out.append(Pair(frozenset(state), frozenset(condition - state), strong))
    return tuple(p for p in out if p.condition)


def _same(a: str, b: str) -> bool:
    """The same word or the same state in other words ("brighter" / "brighten")."""
    if a == b or b in _SAME_SIDE.get(a, frozenset()):
        return True
    n = min(len(a), len(b))
    return n >= 5 and a[: n - 1] == b[: n - 1]


def _opposed(a: str, b: str) -> bool:
    return b in _OPPOSITES.get(a, frozenset()) or a in _OPPOSITES.get(b, frozenset())


def _kinds(words: set[str] | frozenset[str]) -> set[str]:
    out: set[str] = set()
    for w in words:
        out |= _KIND_OF.get(w, set())
    return out


def _mentions(words: set[str] | frozenset[str], wanted: frozenset[str]) -> bool:
    """The same condition: a word in common, or a kind in common."""
    return any(_same(w, x) for w in words for x in wanted) or bool(_kinds(words) & _kinds(wanted))


def _opposes(words: set[str] | frozenset[str], wanted: frozenset[str]) -> bool:
    """The excluded condition: a lexicon opposite, or a kind that excludes the asked one's.
    A word the asked condition has itself opposes nothing ("parking lots" to "when parking or
    moving slowly?": the question's own alternatives oppose each other)."""
    own = {w for w in words if not any(_same(w, x) for x in wanted)}
    if any(_opposed(w, x) for w in own for x in wanted):
        return True
    theirs = _kinds(wanted)
    mine = _kinds(own) - theirs
    return any(frozenset((a, b)) in _EXCLUSIVE_KINDS for a in mine for b in theirs)


def _another(words: set[str] | frozenset[str], wanted: frozenset[str]) -> bool:
    """Known to be another condition: both of a kind, and of different kinds."""
    mine, theirs = _kinds(words), _kinds(wanted)
    return bool(mine and theirs and not mine & theirs)


# A clause that judges things fine: the state denied where it is a fault ("daytime is fine"
# to "does it drop only at night?"), said where it is a function ("on ac it runs fine").
_FINE = re.compile(r"\b(?:fine|ok|okay|alright|normal|perfect|good|smooth|no\s+problems?)\b")


def answer_clauses(s: str, pair: Pair, kind: int = 0) -> list[Clause]:
    """The answer's parts, each read against one (state, condition) pair. ``kind``: the
    question's (-1 a fault, +1 a function, 0 neither), for what "fine" says."""
    out: list[Clause] = []
    for part in (p for p in _PARTS.split(s) if p and p.strip()):
        found = list(_CONDITION.finditer(part))
        condition: set[str] = set()
        rest = part
        for m in found:
            words, end = _condition_span(m.group("rest"))
            condition |= words
            rest = rest.replace(m.group(0)[: len(m.group("opener")) + end], " ", 1)
        if not found:
            # "driving straight its silent", "at idle its cold air": a leading gerund or
            # adverbial before the subject names the condition.
            lead = re.match(r"\s*(?P<lead>[a-z]+ing(?:\s+[a-z]+)?)\s+(?:its|it|they)\b", part)
            if lead:
                condition = _words(lead.group("lead"))
        before = part[: found[0].start()] if found else part
        condition_denied = bool(
            found and re.search(r"\b(?:not|never|no)\s+(?:just\s+|only\s+|even\s+)?$", before)
        )
        said = _words(rest) - condition
        state = 0
        if condition_denied:
            state = 0
        elif _FINE.search(rest) and not re.search(
            r"\b(?:not|never|no)\s+(?:\w+\s+)?(?:fine|ok|okay|alright|normal|good)\b", rest
        ):
            state = kind
        elif _DENIED.search(rest) or _opposes(said, pair.state):
            state = -1
        elif (
            _mentions(said, pair.state)
            or re.search(r"\b(?:it|its|they|i\s+(?:hear|feel|get|notice|see))\b", part)
            or any(tx.stem(w) in PROBLEM_WORDS for w in said)
        ):
            state = 1
        elif _ONLY.search(part) or _BESIDES.search(part):
            state = 1  # "only when im turning", "even on short jobs": the state, restricted
        strong = any(m.group("opener") not in _WEAK for m in found)
        out.append(
            Clause(
                frozenset(condition),
                condition_denied,
                state,
                bool(_ONLY.search(part)),
                bool(_BESIDES.search(part)),
                strong,
            )
        )
    return out


def condition_reading(
    s: str, pairs: Sequence[Pair], restricted: bool, kind: int = 0
) -> tuple[int, str] | None:
    """(polarity, cue) of an answer that tells under which condition the state holds, against
    a question's (state, condition) pairs; polarity 0 when the answer puts the state under
    another condition only and so answers neither way; None when it names no condition the
    mechanism can weigh (the other readings decide). ``restricted``: an "only ..." question.
    Hedged cues end with "?" (the caller lowers their reliability)."""
    if not pairs:
        return None
    if len(pairs) > 1:
        return _one_of_pairs(s, pairs)
    pair = pairs[0]
    if not restricted and not pair.strong:
        return None  # "on a hard and flat surface?": the place may be the state itself
    # A plain question is weighed only against clauses whose condition is a subordinate
    # clause ("when i turn", "over bumps", "as soon as i unplug it").
    named = [c for c in answer_clauses(s, pair, kind) if c.condition and (restricted or c.strong)]
    if not named:
        return None
    # "short jobs" to "on long jobs?": a word opposed to the asked condition's makes it the
    # excluded one, whatever other word they share.
    excluded = [c for c in named if _opposes(c.condition, pair.condition)]
    asked = [c for c in named if c not in excluded and _mentions(c.condition, pair.condition)]
    other = [
        c
        for c in named
        if c not in asked and c not in excluded and _another(c.condition, pair.condition)
    ]
    asked_said = any(c.state > 0 and not c.condition_denied for c in asked)
    asked_denied = any(c.condition_denied or c.state < 0 for c in asked)
    elsewhere_said = [c for c in named if c not in asked and c.state > 0]
    other_said = [c for c in other if c.state > 0]
    excluded_said = [c for c in excluded if c.state > 0]
    if asked_denied and elsewhere_said and not asked_said:
        # "i only hear it when turning into a parking space, not over bumps" to "a clunk
        # over bumps?"; "it pulls when i accelerate, not when braking" to "only when braking?"
        return -1, "another condition, the asked one denied"
    if restricted and excluded and not asked_denied and all(c.state < 0 for c in excluded):
        # "it only runs on ac, as soon as i unplug it it is dead" to "does it work only when
        # plugged in?": the state fails under the excluded condition.
        return 1, "fails when excluded"
    only_asked = any(c.only for c in asked)
    if restricted and asked_said and only_asked and not asked_denied and not elsewhere_said:
        # "only in the wet" to "does it squeak only when it rains?": the restriction said of
        # the asked condition in other words.
        return 1, "only the asked condition"
    if asked_said or asked_denied:
        return None  # the asked condition is spoken of: the other readings read it
    if excluded_said and (restricted or any(c.only for c in excluded_said)):
        # "only when its warmed up" to "does it knock (only) when the engine is cold?": the
        # state under the opposite of the asked condition.
        return -1, "under the excluded condition"
    if restricted and any(c.besides for c in elsewhere_said):
        # "it drops even sitting on the table" to "does it drop only in your pocket?"
        return -1, "besides another condition"
    denied_other = [c for c in other if c.state < 0]
    if (restricted and other_said) or any(c.only for c in other_said):
        # "only when im turning" or "it pulls when i accelerate" to "only over bumps?",
        # "only when braking?": said under a condition of another kind than the asked one.
        # Hedged: a kind is a coarse sort of conditions.
        return -1, "another condition?"
    if restricted and denied_other:
        # "driving straight its silent" to "a noise only over bumps?": quiet under another
        # condition says nothing of whether only the asked one has it.
        return 0, "another condition"
    return None


def _one_of_pairs(s: str, pairs: Sequence[Pair]) -> tuple[int, str] | None:
    """ "they get brighter when i rev" to "do they dim at idle and brighten when you rev?":
    the answer tells the state under one of the question's conditions; yes when it is that
    condition's state, no when it is its opposite."""
    verdicts = set()
    for pair in pairs:
        for c in answer_clauses(s, pair):
            if not c.condition or c.condition_denied or not _mentions(c.condition, pair.condition):
                continue
            said = _words(s) - c.condition
            if _opposes(said, pair.state):
                verdicts.add(-1)
            elif _mentions(said, pair.state) and not re.search(r"\b(?:not|never|no)\b", s):
                verdicts.add(1)
    if len(verdicts) == 1:
        polarity = verdicts.pop()
        return polarity, "the state under one of its conditions"
    return None
