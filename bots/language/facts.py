"""Facts stated in passing, read against the question they answer.

People describe a fault with several facts in one breath: "car fires up for a second and then
dies, the starter cranks fine, battery is strong". The first reading of volunteered facts
(:mod:`bots.language.volunteer`) asks a sentence to restate most of a question, which such
fragments never do: "the starter cranks fine" says none of "when you turn the key". Here the
message is cut into fragments (sentences, then "," / "and" / "but" clauses), and a fragment
is about a finding when it names the question's most specific word (within the network) and
enough of the rest, with words people use in its place ("dies" for "stalls", "kerb" for
"curb", "handbrake" for "parking brake"). Its polarity is the reader's
(:func:`bots.language.reader.read_sentence`), so "no leaks anywhere" is a no and "the fan
never turns on" a no. Precision is measured on ``evaluation/tables/opening_table.py``.
"""

from __future__ import annotations

import functools
import math
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from threadpoolctl import threadpool_limits

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from . import text as tx
from .base import yes_no_states
from .comparison import (
    _TIME_UNITS,
    Comparison,
    _is_unit,
    _unit,
    answer_value,
    question_comparison,
    spell_numbers,
)
from .cues import META, UNSURE
from .encoder import get_encoder
from .guesses import is_guess
from .reader import (
    JUDGED,
    RESTATED,
    Reading,
    asks_something,
    question_profile,
    read_sentence,
    similar,
    typed_as_question,
)

# A fragment (with its sentence) must cover this IDF-weighted share of the question.
MIN_COVERAGE = 0.5
SPECIFIC_COVERAGE = 0.35  # when a word only this question uses is said
FACT_RELIABILITY = 0.8
# Sentence-embedding cosine to the nearest question, and its lead over the next one (chosen
# on the development part of evaluation/tables/opening_table.py).
SEMANTIC_MIN = 0.55
SEMANTIC_MARGIN = 0.05
SEMANTIC_CLOSE = 0.65
LEXICAL_FLOOR = 0.35
PREDICATE_FLOOR = 0.25  # the one question named, its predicate said (``candidates``)
SECOND_FLOOR = 0.4
LEXICAL_CANDIDATES = 3


def weight_of(words: Iterable[str], weight: Callable[[str], float]) -> float:
    """The summed weight of the words, the same whatever order they come in. A plain sum over
    a set follows the set's order, which changes with PYTHONHASHSEED, and so does the last bit
    of the sum: a coverage that is exactly a threshold ("when i go through dips in the road"
    says half of "a noise only when you drive over a bump or a dip?") was read under one seed
    and not under another. ``math.fsum`` is exact, then rounded once."""
    return math.fsum(weight(w) for w in words)


# Two sums of the same words in another grouping differ in the last bits: a share equal to
# its threshold in exact arithmetic is at the threshold.
_ROUNDING = 1e-9


def reaches(share: float, threshold: float) -> bool:
    """Whether a share of weights (a coverage) is at least the threshold, a share equal to it
    in exact arithmetic included."""
    return share >= threshold - _ROUNDING


# Words people say in place of a question's word (after tx.canonical).
_SAID_FOR = {
    "kerb": "curb",
    "click": "tick",
    "clip": "hit",
    "clipp": "hit",
    "bump": "hit",
    "knock": "hit",
    "bonnet": "hood",
    "temp": "hot",
    "die": "stall",
    "dy": "stall",
    "cut": "stall",
    "conk": "stall",
    "catch": "fire",
    "handbrake": "parking",
    "indicator": "blinker",
    "flasher": "blinker",
    "flat": "down",
    "corner": "turn",
    "roundabout": "turn",
    "squeal": "squeal",
    "screech": "squeal",
    "juddering": "jerky",
    "judder": "jerky",
    "shake": "jerky",
    "puddle": "drip",
    "drop": "drip",
    "spin": "run",
    "pothole": "pot",
    "tyre": "tire",
    "charger": "adapter",
    "plug": "adapter",
    "socket": "outlet",
    "see": "show",
    "wifi": "wireless",
    "wi-fi": "wireless",
    "wall": "outlet",
    "rotat": "rotat",
    "flipp": "upside",
    "flip": "upside",
    "sideway": "rotat",
    "steam": "steaming",
    "coolant": "antifreeze",
    "reservoir": "tank",
    "bottle": "tank",
    "skid": "drag",
    "lock": "locked",
    "cd": "cd",
    "logo": "splash",
    "reverse": "reverse",
    "revers": "reverse",
    "hum": "humming",
    "whistl": "whistling",
    "whine": "noise",
    "groan": "noise",
    "empty": "available",
    "list": "available",
    "ethernet": "ethernet",
    "cable": "ethernet",
    "intermittent": "intermittent",
    "disconnect": "intermittent",
    "headlight": "lamp",
    "taillight": "lamp",
    "bulb": "lamp",
    "one": "single",
    "couple": "few",
}
# What people say in several words for a question's word: a lamp that is out is a lamp
# failure, an engine that turns over cranks, a battery that dies runs down. Rewritten before
# the words are read (on the question's side too); the polarity is still read from what was
# said, so "the handbrake stopped working" is matched to "working" questions and read as no.
_PHRASES = (
    (re.compile(r"\bturn(?:s|ed|ing)? over\b"), " crank "),
    (re.compile(r"\bflat out\b"), " full "),  # at full speed, not a flat battery
    (
        re.compile(
            r"\b(lamps?|lights?|headlights?|taillights?|bulbs?)\s+(?:(?:is|are|has|have|just)\s+)*"
            r"(?:out|gone|blown|dead|went out|gone out|stopped working|failed)\b"
        ),
        r" \1 failure ",
    ),
    (
        re.compile(r"\b(?:stopped|stops|quit|quits) working\b|\bpacked up\b|\bconked out\b"),
        " failed ",
    ),
    (
        re.compile(
            r"\bbattery((?:\s+\w+){0,3}?)\s+(?:dies|died|dying|goes dead|went dead|is dead)\b"
        ),
        r" battery\1 runs down ",
    ),
)
# A kind of noise is a noise: "the brakes squeal" answers "any noises when you brake?".
_NOISES = frozenset(
    {"squeal", "grind", "clunk", "rattl", "tick", "creak", "bang", "hum", "humming", "whistling"}
    | {"scrap", "scrape", "screech", "hiss", "buzz", "whin", "click", "knock", "clank"}
)
_NOISE = tx.canonical("noise")
_PARENS = re.compile(r"\([^)]*\)")
_SPLIT = re.compile(r",|;|\.\s|\s+(?:and|but|so|then|though|although|while)\s+")


# Verbs every question uses ("make", "apply", "hear"): they tell no finding from another.
_GENERIC = frozenset({"mak", "app", "hear", "get", "doe", "have", "feel", "see", "use", "notic"})


def _word(token: str) -> str:
    # The stemmer strips "-ed" from "speed" but not from "speeds": keep such words whole.
    base = token[:-1] if token.endswith("eeds") else token
    return base if base.endswith("eed") else tx.canonical(token)


def said_for() -> dict[str, str]:
    """Words people say in place of a question's word, both sides in the stemmer's forms."""
    return _said_for()


@lru_cache(maxsize=1)
def _said_for() -> dict[str, str]:
    """``_SAID_FOR`` in the stemmer's forms on both sides: "puddle" is read as "puddl", and
    the question's "parking" as "park"."""
    table = {}
    for said, meant in _SAID_FOR.items():
        table[said] = table[_word(said)] = _word(meant)
    return table


def _words(text: str) -> list[str]:
    return list(_words_of(text))


# A fragment is read with its whole sentence around it (FactIndex.about), so a message of one
# long sentence had that sentence's words read again for each of its fragments: time that grew
# with the square of the message's length (8,000 characters: 39 s). Read once per text.
@lru_cache(maxsize=4096)
def _words_of(text: str) -> tuple[str, ...]:
    out = []
    # "upside-down" is the words "upside down" as people type them.
    normalised = tx.normalise(text).replace("-", " ")
    for pattern, replacement in _PHRASES:
        normalised = pattern.sub(replacement, normalised)
    for token in tx.tokens(normalised):
        if not tx.content([token]):
            continue
        word = _word(token)
        word = _said_for().get(word, word)
        if word not in _GENERIC:
            out.append(word)
    return tuple(out)


@lru_cache(maxsize=1024)
def _word_set(text: str) -> frozenset[str]:
    """The set of :func:`_words`, for asking of a whole sentence once per fragment."""
    return frozenset(_words_of(text))


def _with_kinds(words: AbstractSet[str]) -> AbstractSet[str]:
    """The words, and "sound" when they name a kind of noise."""
    return words | {_NOISE} if words & _NOISES else words


def _typo(word: str, other: str) -> bool:
    """A misspelling of the word, not another word made from it: "starter" is no typo of
    "start" (a car that won't start says nothing about its starter)."""
    if word.startswith(other) or other.startswith(word):
        return False
    return similar(word, other)


def _adjacent(text: str) -> list[tuple[str, str]]:
    """A determiner's word and the noun after it ("the work network", "a rear wheel"), in
    _words' forms: the kind of a thing named."""
    tokens = tx.tokens(tx.normalise(text).replace("-", " "))
    forms = [(_words(t) or [""])[0] for t in tokens]
    return [
        (forms[i], forms[i + 1])
        for i in range(1, len(tokens) - 1)
        if tokens[i - 1] in _DETERMINERS and forms[i] and forms[i + 1]
    ]


_LEAST = "least"
# The particles of phrasal verbs ("fire up", "cut out", "switch off") and the verbs of
# seeing and finding ("wont show any networks" to "do you see at least one network?", whose
# "see" is no content word), in _words' forms: they name no thing.
_PARTICLES = frozenset(
    _words("up out off over back away on in down show shows find finds pick picks detect detects")
)
# How many, not which kind ("a single lamp failure": a tail light is one).
_QUANTITIES = frozenset({"singl", "one", "two", "several", "multipl", "few", "many", "another"})
_DETERMINERS = frozenset({"a", "an", "the", "my", "your", "our", "its", "this", "that", "any"})


def asked_sentence(question: str) -> str:
    """The question's last asked sentence, without the instructions before it ("Please check
    the battery's date. Is it more than a year old?"), its leading condition kept."""
    parts = [p for p in re.split(r"(?<=[.?!])\s+", question.strip()) if p.strip()]
    asked = [p for p in parts if p.rstrip().endswith("?")]
    return asked[-1] if asked else question


def _asked(question: str) -> str:
    """:func:`asked_sentence`, parentheticals left out."""
    return asked_sentence(_PARENS.sub(" ", question))


def main_question(question: str) -> str:
    """What the question asks about: instructions before it ("Please jack up the car."), a
    leading condition ("When you turn the key, ...") and parentheticals left out."""
    text = _PARENS.sub(" ", question)
    parts = [p for p in re.split(r"(?<=[.?!])\s+", text.strip()) if p.strip()]
    asked = [p for p in parts if p.rstrip().endswith("?")]
    main = asked[-1] if asked else text
    return _LEADING.sub("", main) or main


# Words that qualify without naming anything ("no weird noises").
_FILLERS = frozenset(
    {"weird", "strange", "funny", "odd", "real", "big", "bad", "whatsoev", "seem", "the", "thing"}
    | {"anymor", "proper", "actual", "complet", "total", "all", "really"}
)
# Words that judge a state rather than name it ("clean and good").
_JUDGEMENTS = frozenset({"good", "ok", "fin", "proper", "normal"})  # in _words' forms
# Degree and quantity words name nothing ("barely", "any"): never enough on their own.
_NOT_ANCHORS = frozenset(
    {"bar", "hardly", "only", "even", "very", "just", "still", "ever", "time", "recent"}
)
# A question that first tells the user to do something ("Please remove the battery and ...
# Did you hear a click?", "... Does it boot now?") is answered after doing it, not in passing.
_ACT = re.compile(r"^\s*(please|check|cut|jack|remove|plug|run|connect|try)\b|\bnow\?\s*$", re.I)


def _asks_to_act(question: str) -> bool:
    parts = [p for p in re.split(r"(?<=[.?!])\s+", question.strip()) if p.strip()]
    return bool(_ACT.search(parts[-1])) or any(_ACT.match(p) for p in parts[:-1])


_NEGATED_CONDITION = re.compile(
    r"\b(?:even|also)\s+(?:when|if|while|though)\b[^?]*\b(?:not|no|never|without)\b", re.I
)
_ABSOLUTE = re.compile(r"\bat all\b|\bnever\b|\bnot ever\b|\bwhatsoever\b")
_NEGATION = re.compile(r"\b(?:not|no|never|without|nothing|none)\b")
_LEADING = re.compile(r"^\s*(?:if|when|once|after|while|with)\b[^,?]{0,80},\s*", re.I)
_QUOTED = re.compile(r"['\"]([^'\"]{3,60})['\"]")


def _without_quoted(fragment: str, question: str) -> str:
    """A message the question quotes ("a 'No Operating System' message"), said back without
    quotes, is the thing asked about, not a negation."""
    for quoted in _QUOTED.findall(question):
        fragment = re.sub(re.escape(quoted.lower()), " the message ", fragment)
    return fragment


_NUMERIC = re.compile(r"\d+(?:\.\d+)?\s*[a-z%]*")
_COMPARING = frozenset(_words("more less than over under above below at least most older newer"))
# Counts are no topic: "one of your children" would make "a headache on one side" a sentence
# about breastfeeding, and its "20 mins" an answer to "more than 9 months?".
_COUNTS = frozenset(_words("one two three four five six seven eight nine ten single couple half"))


def _in_unit(fragment: str, comparison: Comparison) -> bool:
    """The fragment says a number with a unit that converts to the question's (a bare number,
    "half a tank" or "6 times", measures nothing the question asks)."""
    spelt = spell_numbers(fragment)
    for match in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(%|[a-z]+)?", spelt):
        word = match.group(2)
        if word and _is_unit(word):
            unit = _unit(word)
            if unit == comparison.unit or (unit in _TIME_UNITS and comparison.unit in _TIME_UNITS):
                return True
    return False


@dataclass(frozen=True)
class _Question:
    finding: Finding
    words: frozenset[str]  # what it asks about
    condition: frozenset[str]  # its trailing condition ("... when you brake?"), half weight
    specific: frozenset[str]  # words no other question of the network uses
    total: float
    # "steaming or leak", "take a turn or when the road curves": saying one says the question
    # (each alternative's words in the question's order)
    either: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    # "... only when in reverse gear?": the words only this question uses in what follows
    # "only"; one must be said ("the ticking drops when it changes gear" is not "only in
    # reverse")
    only: frozenset[str] = frozenset()

    def covered(self, said: set[str], weight: dict[str, float]) -> float:
        """The weight of the question the words say, of either alternative the larger. An
        alternative counts only when its head is said (the word before "or", the last word of
        what follows): "ive been throwing up" says neither "thrown up blood" nor "coffee
        beans", so "Have you thrown up blood or something resembling coffee beans?" is not
        answered by it."""
        if self.either is None:
            return weight_of(said, weight.__getitem__)
        first, second = self.either
        rest = weight_of(said - set(first) - set(second), weight.__getitem__)
        return rest + max(
            weight_of(said & set(part), weight.__getitem__) if part[-1] in said else 0.0
            for part in (first, second)
        )


_OR = re.compile(r"\s+or\s+")
_ALTERNATIVE_END = re.compile(r"\s(?:from|in|on|at|to|of|with|when|while|for|by)\s")
_ALTERNATIVE_START = re.compile(r"^(?:(?:when|if|while|the|a|an|you|it|its|your|there|is)\s+)+")


def _alternatives(
    question: str, words: frozenset[str]
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The two alternatives of a question that asks "X or Y" (the words of Y up to a
    preposition, and as many of the last words before "or"), when both are its words."""
    parts = _OR.split(question.lower().rstrip(" ?"), maxsplit=1)
    if len(parts) != 2:
        return None
    after = _ALTERNATIVE_START.sub("", parts[1].strip())
    after = _ALTERNATIVE_END.split(f" {after} ", maxsplit=1)[0]
    second = [w for w in _words(after) if w in words]
    first = [w for w in _words(parts[0]) if w in words][-len(second) :] if second else []
    if not first or not second or set(first) & set(second):
        return None
    return tuple(first), tuple(second)


_AN_AGE = re.compile(
    r"\b(?:old|ago|age|aged|bought|since|had (?:it|this|that|them)|owned|got (?:it|this|that))\b"
)
# "at least one network" is no condition ("... at a high speed?" is).
_TRAILING = re.compile(
    r"\b(?:when|if|while|whenever|on|after|before|during|at)\b(?!\s+(?:least|most|all)\b)(.*)$",
    re.I,
)


@functools.cache
def _device_words() -> frozenset[str]:
    """Words for the thing a whole pack is about ("my laptop does not work"): they name no
    finding, even in a pack so small that only one question says "laptop"."""
    return frozenset(
        _words("laptop laptops notebook computer computers pc macbook chromebook car cars vehicle")
    )


# The device or "it" as the subject of a verb of being or becoming ("the laptop gets hot",
# "it runs really hot"): what follows is said of the device.
_DEVICE_IS = re.compile(
    r"\b(?:laptop|computer|pc|notebook|macbook|machine|it|its|car|engine|battery)\s+"
    r"(?:(?:itself|really|just|always|still|often)\s+)?"
    r"(?:(?:is|gets|got|getting|runs|running|ran|goes|going|went|feels|becomes|became|"
    r"was|has been|has got|keeps|keeps getting)\s+){1,2}"
)


# States said of a whole device as readily as of one of its parts ("the laptop runs hot", "the
# fan runs"; "it works", "the adapter works"): said of the device, they are not the part's.
_WHOLE_DEVICE_STATES = frozenset(
    _words("run running hot warm work working loud noisy quiet slow fine on off")
)


def _said_of_the_device(fragment: str, question: str, own: set[str]) -> bool:
    """The question's words the fragment says each describe, in the question, a thing the
    fragment does not name, and the fragment says them of the device: "the laptop gets hot"
    is no "are you using your laptop in a hot environment?" (the heat is the laptop's, not the
    room's), however near the two are in meaning."""
    if not own:
        return False
    asked = _words(question)
    said = set(_words(fragment))
    for word in own:
        at = [i for i, w in enumerate(asked) if w == word]
        # Each time the question says the word it describes a thing the fragment leaves
        # unsaid: the noun after it ("hot environment") or the subject before it ("fan
        # running"); otherwise it may be the question's own predicate.
        if not at or not all(
            (i + 1 < len(asked) and asked[i + 1] not in said)
            or (i > 0 and asked[i - 1] not in said)
            for i in at
        ):
            return False
    return _each_said_of_the_device(fragment, own)


def _each_said_of_the_device(fragment: str, own: set[str]) -> bool:
    """Every token of the fragment that says one of the ``own`` words says it of the device
    or "it"."""
    text = tx.normalise(fragment)
    for token in {t for t in tx.tokens(text) if _word(t) in own}:
        # Said after the device's verb ("the laptop gets hot"), or as the device's verb
        # ("the laptop runs hot" is no "is the fan running?").
        after = _DEVICE_IS.pattern + r"(?:\w+\s+){0,2}?" + re.escape(token) + r"\b"
        verb = _DEVICE_IS.pattern.split(r"\s+", 1)[0] + r"\s+" + re.escape(token) + r"\b"
        if not (re.search(after, text) or re.search(verb, text)):
            return False
    return True


class FactIndex:
    """The findings of one network, each with its main words and its specific ones."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        self._vectors: np.ndarray | None = None
        self._around: dict[str, dict[str, bool]] = {}
        # Questions that compare a measurement with a number ("is the battery more than a
        # year old?"), with the words they ask about besides the number and its unit.
        self.measured = []
        for f in findings:
            asked = tx.normalise(_asked(f.question))
            comparison = question_comparison(asked)
            # A window of time a thing was done in is read in replies only (reader.py),
            # where a negated reply is not read by its time.
            if (
                comparison is not None
                and comparison.unit is not None
                and not comparison.window
                and yes_no_states(f)
            ):
                topic = frozenset(_words(_NUMERIC.sub(" ", asked))) - _COMPARING - _COUNTS
                self.measured.append((f, comparison, topic))
        mains, conditions = [], []
        for f in findings:
            question = main_question(f.question)
            # "... only when you take a turn?": the condition is what is asked.
            only = re.search(r"\bonly\b", question, re.I)
            trailing = None if only else _TRAILING.search(question)
            head = question[: trailing.start()] if trailing else question
            main = frozenset(_words(head))
            mains.append(main)
            # A leading condition ("If you pull over and stay idle, does the temperature
            # return to normal?") is part of what is asked: "it's running hot" does not answer.
            conditions.append(frozenset(_words(_asked(f.question))) - main)
        df: Counter[str] = Counter()
        for main, condition in zip(mains, conditions, strict=True):
            df.update(main | condition)
        n = max(len(mains), 1)
        self.df = dict(df)
        self.idf = {w: math.log((n + 1) / (c + 0.5)) + 0.1 for w, c in df.items()}
        # Words in a quarter of the questions or more ("laptop", "car") name nothing.
        self.common = _device_words() | frozenset(w for w, c in df.items() if c >= max(2, n / 4))
        self.questions = []
        not_anchors = _NOT_ANCHORS | _device_words()
        for finding, main, condition in zip(findings, mains, conditions, strict=True):
            if not main or yes_no_states(finding) is None or _asks_to_act(finding.question):
                continue
            specific = frozenset(
                w for w in main | condition if df[w] == 1 and len(w) >= 4 and w not in not_anchors
            )
            total = weight_of(main, self.idf.__getitem__) + 0.5 * weight_of(
                condition, self.idf.__getitem__
            )
            either = _alternatives(main_question(finding.question), main | condition)
            if either is not None:
                weight = {w: self.idf[w] * (1.0 if w in main else 0.5) for w in main | condition}
                total -= min(weight_of(part, weight.__getitem__) for part in either)
            only = re.search(r"\bonly\b(.*)$", main_question(finding.question), re.I)
            restricted = frozenset(_words(only.group(1))) & specific if only else frozenset()
            self.questions.append(
                _Question(finding, main, condition, specific, total, either, restricted)
            )
        self._position = {q.finding.id: i for i, q in enumerate(self.questions)}

    def _own(self, finding: Finding) -> _Question | None:
        """The finding's own question, if the index has it."""
        position = self._position.get(finding.id)
        return None if position is None else self.questions[position]

    def taken_away(self, fragment: str) -> list[tuple[Finding, float]]:
        """Questions asked "without X" whose X the fragment takes away or needs ("if i pull
        the charger out it cuts off" to "does it power up without the charger?")."""
        said = set(_words(fragment))
        out = []
        for q in self.questions:
            match = _WITHOUT.search(q.finding.question.lower())
            if match is None or not _without_condition(fragment, q.finding.question):
                continue
            things = set(_words(q.finding.question.lower()[match.end() :])[:2])
            # "as soon as i unplug it": unplugging takes away what is plugged in; and the
            # power connection goes by many names ("pull the cable out", "the cord", "the
            # lead"), each of which takes away the charger the question names.
            unplugged = {"adapter"} if re.search(r"\bunplug", fragment) else set()
            if _POWER_LEAD.search(fragment):
                unplugged.add("adapter")
            if things & (said | unplugged):
                out.append((q.finding, 1.0))
        return out

    def compared(self, fragment: str, sentence: str) -> list[tuple[Finding, int]]:
        """(finding, +1/-1) for questions the fragment answers with a measurement in the
        question's unit or one convertible to it ("battery is about 4 yrs old" to "is the
        battery more than a year old?"), when its sentence names what the question measures."""
        if not self.measured or not re.search(
            r"\d|\b(?:a|an|one|two|three|four|five|six|"
            r"seven|eight|nine|ten|couple|half)\b",
            fragment,
        ):
            return []
        said = set(_words(sentence))
        out = []
        for finding, comparison, topic in self.measured:
            if not topic & said or not _in_unit(fragment, comparison):
                continue
            # An age is answered by an age ("about 3 years old", "bought it 2 years ago"), not
            # by another time said beside it ("goes flat in 40 mins" is no age of the battery).
            if "old" in topic and not _AN_AGE.search(fragment):
                continue
            value = answer_value(fragment, comparison)
            if value:
                out.append((finding, value))
        return out

    def another_kind(self, fragment: str, finding: Finding) -> bool:
        """The fragment names another kind of the thing the question asks about: the word
        just before a noun they share differs, and the question's own, which no other
        question uses, is not said ("the work network" is not "a home network"; "the front
        wheel" not "a rear wheel")."""
        said = _adjacent(fragment)
        if not said:
            return False
        words = {w for pair in said for w in pair}
        for modifier, noun in _adjacent(main_question(finding.question)):
            if (
                self.df.get(modifier, 0) != 1
                or modifier in words
                or modifier in _NOT_ANCHORS | _QUANTITIES
            ):
                continue
            if any(n == noun and m != modifier and m not in _FILLERS for m, n in said):
                return True
        return False

    def asks_how_many(self, finding: Finding) -> bool:
        """The question asks how many ("do you see at least one network?")."""
        own = self._own(finding)
        return bool(own and _LEAST in own.words)

    def how_many_unsaid(self, text: str, finding: Finding) -> bool:
        """The question asks how many and the text does not say it: "cant see my network in
        the list" names one network, not how many there are."""
        return self.asks_how_many(finding) and _LEAST not in _word_set(text)

    def half_of_both(self, fragment: str, finding: Finding) -> bool:
        """The question asks for two things at once ("does Windows boot and display the
        desktop?") and the fragment says only the first or only the second."""
        question = main_question(finding.question).lower().rstrip(" ?")
        parts = re.split(r"\s+and\s+", question, maxsplit=1)
        if len(parts) != 2:
            return False
        said = _with_kinds(set(_words(fragment)))
        sides = [set(_words(part)) - self.common - _FILLERS - _JUDGEMENTS for part in parts]
        if not all(sides) or sides[0] & sides[1]:
            return False
        hits = [
            bool({w for w in side if w in said or any(_typo(w, s) for s in said)}) for side in sides
        ]
        return hits.count(True) == 1

    def names_other(self, fragment: str, finding: Finding) -> bool:
        """The fragment names something this question does not ask about. A verb's particle
        names nothing ("will not fire up" denies the firing the question asks about), nor a
        verb of seeing."""
        own = self._own(finding)
        asked = (own.words | own.condition) if own else frozenset()
        return bool(set(_words(fragment)) - asked - self.common - _FILLERS - _PARTICLES - _DENIALS)

    def about(self, fragment: str, sentence: str = "") -> list[tuple[Finding, float]]:
        """Findings the fragment speaks about, best first: it names the question's subject
        (a word specific to it, or two of its words), and it, with the rest of its sentence,
        covers enough of the question."""
        said = _with_kinds(set(_words(fragment)))
        if not said:
            return []
        around = self._said_around(sentence)
        # Said once for every question: how many ("at least one"), for those that ask it.
        # (No phrase rule of _words makes or takes "least", so the two are read apart: the
        # sentence's words are then read once for all its fragments.)
        counted = _LEAST in _words_of(fragment) or _LEAST in _words_of(sentence)
        out = []
        for q in self.questions:
            every = q.words | q.condition

            def hit(w: str, bag: set[str]) -> bool:
                return w in bag or any(_typo(w, s) for s in bag)

            shared = {w for w in every if hit(w, said)}
            if not (shared & q.words) - self.common:
                continue  # "the steering wheel ..." names the chart's topic, not a finding
            near = shared | {w for w in every if around(w)}
            if q.only and not q.only & near:
                continue  # the condition the question restricts to is not said
            if _LEAST in q.words and not counted:
                continue  # how many is asked and not said (how_many_unsaid)
            specific = bool(shared & q.specific) or shared >= q.words - self.common
            if not (specific or len(near & q.words) >= 2):
                continue
            weight = {w: self.idf[w] * (1.0 if w in q.words else 0.5) for w in every}
            coverage = q.covered(near, weight) / q.total
            own = q.covered(shared, weight) / q.total
            if reaches(coverage, SPECIFIC_COVERAGE if specific else MIN_COVERAGE):
                out.append((q.finding, own))
        out.sort(key=lambda fc: -fc[1])
        return out

    def _said_around(self, sentence: str) -> Callable[[str], bool]:
        """Whether the sentence says a question's word, as it is or mistyped: remembered for
        the sentence's later fragments. Looking each word up in the whole sentence again for
        each fragment took time growing with the square of a message typed without a stop."""
        memo = self._around.get(sentence)
        if memo is None:
            if len(self._around) >= 64:
                self._around.clear()
            memo = self._around[sentence] = {}
        bag = _with_kinds(_word_set(sentence))

        def says(w: str) -> bool:
            known = memo.get(w)
            if known is None:
                known = memo[w] = w in bag or any(_typo(w, s) for s in bag)
            return known

        return says

    def candidates(self, fragment: str, sentence: str) -> list[tuple[Finding, float]]:
        """The one finding the fragment is about, or none. The words (``about``) propose,
        the meaning decides: of the findings the words name, the one whose question is
        nearest in meaning, when it is not far (``LEXICAL_FLOOR``); else a question the
        fragment says in other words (``close_in_meaning``)."""
        # A question word said of the device is not said of the thing the question asks
        # about ("laptop running hot" is no "is the fan running when it overheats?"): the
        # same test as the meaning path's, for the findings the words name.
        lexical = [
            fc
            for fc in self.about(fragment, sentence)[:LEXICAL_CANDIDATES]
            if not self._said_of_the_device_only(fragment, fc[0])
        ]
        scores = self._similarities(fragment)
        if scores is None:
            return lexical[:1]
        position = self._position
        # A question asking how many ("at least one network?") comes first when the fragment
        # says how many ("wont show any networks"): nearer in meaning or not, that is what
        # the fragment answers.
        counted = _LEAST in _words(fragment)
        ranked = sorted(
            ((f, float(scores[position[f.id]])) for f, _ in lexical),
            key=lambda fc: (not (counted and self.asks_how_many(fc[0])), -fc[1]),
        )
        if ranked and ranked[0][1] >= LEXICAL_FLOOR:
            # One clause may state two facts ("since I clipped a kerb the car pulls left"):
            # another finding its words name, when as near in meaning, is read too.
            return ranked[:1] + [fc for fc in ranked[1:] if fc[1] >= SECOND_FLOOR]
        if len(ranked) == 1 and ranked[0][1] >= PREDICATE_FLOOR:
            # The only question the words name, and the clause says what it asks of its
            # subject ("car pulls to the left when i brake" to "when you apply the brakes,
            # does it pull the steering wheel?"): MiniLM puts a user's words and a chart's
            # question far apart (0.35), the predicate is the stronger sign.
            from .predicates import predicate_said

            q = self.questions[position[ranked[0][0].id]]
            said = set(_words(fragment))
            if (
                q.condition
                and all(w in said or any(_typo(w, s) for s in said) for w in q.condition)
                and predicate_said(fragment, q.finding.question)
            ):
                return ranked[:1]
        return self.close_in_meaning(fragment)

    def _said_of_the_device_only(self, fragment: str, finding: Finding) -> bool:
        """The fragment says of the device or "it" a state the question says of a part the
        fragment leaves unnamed: "laptop running hot" to "is the fan running when it
        overheats?" (the words path's :func:`_said_of_the_device`)."""
        q = self._own(finding)
        if q is None:
            return False
        said = set(_words(fragment))
        # The question's main words: its condition ("when it overheats") is said of the
        # device in the question too ("laptop running hot" may well say that part).
        own = {w for w in q.words if w in said or any(similar(w, s) for s in said)}
        own -= _FILLERS | _device_words()
        # The words the question says of a thing beside them that the fragment leaves unsaid
        # ("fan running"); the device itself ("does your laptop freeze?") is what "it" is.
        asked = _words(finding.question)
        named = said | own | _FILLERS | _device_words() | self.common
        # The thing a state is said of comes before it ("fan running"): when the fragment names
        # that thing, the state is said of it ("the fan does not spin at all" to "is your laptop
        # fan running all the time?"), whatever else is unsaid ("all the time" after it).
        parts_said = said - _FILLERS - _device_words() - self.common
        confused = {
            w
            for i, w in enumerate(asked)
            if w in own
            and any(0 <= j < len(asked) and asked[j] not in named for j in (i - 1, i + 1))
            and not (i > 0 and asked[i - 1] in parts_said - {w})
        }
        if not confused or not confused <= _WHOLE_DEVICE_STATES:
            # "the engine turns over", "it cranks": a state only the question's part has.
            return False
        return _each_said_of_the_device(fragment, confused)

    def similarity(self, fragment: str, finding: Finding) -> float | None:
        """Cosine of the fragment to the finding's question (None: no encoder, or a
        question not indexed)."""
        scores = self._similarities(fragment)
        for i, q in enumerate(self.questions):
            if q.finding.id == finding.id and scores is not None:
                return float(scores[i])
        return None

    def _similarities(self, fragment: str) -> np.ndarray | None:
        if not self.questions:
            return None
        vector = _clause_vector(fragment)
        if vector is None:
            return None
        questions = self.vectors()
        assert questions is not None
        return questions @ vector

    def vectors(self) -> np.ndarray | None:
        """The questions' sentence vectors (None without the encoder), computed once per
        process (:func:`encode_pack_texts`); ``manage.py serve`` does it before serving."""
        if self._vectors is None and self.questions:
            self._vectors = encode_pack_texts(
                [main_question(q.finding.question) for q in self.questions]
            )
        return self._vectors

    def close_in_meaning(self, fragment: str) -> list[tuple[Finding, float]]:
        """The finding whose question the fragment says in other words (sentence embeddings,
        :mod:`bots.language.encoder`): the nearest question, when it is near enough, clearly
        nearer than the next one, and shares a word of its own with the fragment (a topic
        word alone, "hot", is not enough: "laptop gets hot" is not "hot environment?")."""
        scores = self._similarities(fragment)
        if scores is None:
            return []
        order = np.argsort(-scores)
        best = int(order[0])
        runner_up = float(scores[order[1]]) if len(order) > 1 else 0.0
        score = float(scores[best])
        if score < SEMANTIC_MIN or score - runner_up < SEMANTIC_MARGIN:
            return []
        q = self.questions[best]
        if self.how_many_unsaid(fragment, q.finding):
            return []
        said = set(_words(fragment))
        own = {w for w in q.words | q.condition if w in said or any(similar(w, s) for s in said)}
        # Very near in meaning: any word of the question will do ("can't see any wifi
        # networks" is "does it show the wireless network?", all of whose words are common).
        # The device's own name is never enough ("my laptop does not work" is not "does the
        # laptop power on?").
        if (
            not own
            - _FILLERS
            - _device_words()
            - (frozenset() if score >= SEMANTIC_CLOSE else self.common)
        ):
            return []
        if _said_of_the_device(fragment, q.finding.question, own - _FILLERS - _device_words()):
            return []
        return [(q.finding, score)]


def encode(texts: Sequence[str]) -> np.ndarray | None:
    """Unit sentence vectors (:mod:`bots.language.encoder`), or None without the model.

    One BLAS thread: the model is small, and on a shared machine more threads only contend
    (measured 20x slower under load)."""
    encoder = get_encoder()
    if encoder is None:
        return None
    with threadpool_limits(1):
        return encoder.encode(list(texts))


# The vectors of a user's clauses, by text. One turn asks for the same clause's vector several
# times (its candidates, then whether it is close in meaning to a question, then each restated
# question's similarity), and a long message repeats its clauses ("it catches then dies ..."):
# encoding each once took 8,000 characters of one repeated clause from 11.9 s to 3.1 s. A clause
# is encoded alone either way, so its vector is the same as encoding it again. Bounded: only
# the last turns' clauses are kept, in this process's memory.
_CLAUSE_VECTORS: dict[str, np.ndarray] = {}
_CLAUSE_VECTORS_MAX = 2_048


def _clause_vector(text: str) -> np.ndarray | None:
    """``encode([text])[0]``, each text encoded once while it is among the recent ones."""
    vector = _CLAUSE_VECTORS.get(text)
    if vector is None:
        vectors = encode([text])
        if vectors is None:
            return None
        if len(_CLAUSE_VECTORS) >= _CLAUSE_VECTORS_MAX:
            _CLAUSE_VECTORS.clear()
        vector = _CLAUSE_VECTORS[text] = vectors[0]
        vector.setflags(write=False)
    return vector


# The vectors of a pack's own texts (questions, section titles), by text: they change only
# with the pack, and a turn that had to encode them all (hundreds of questions: 5 s on an idle
# machine, 30 s and more on a loaded one) did so inside its database transaction, which on
# SQLite holds the write lock, so every other turn of the process failed or waited behind it.
_PACK_VECTORS: dict[str, np.ndarray] = {}
_PACK_VECTORS_LOCK = threading.Lock()
_PACK_VECTORS_MAX = 50_000


def encode_pack_texts(texts: Sequence[str]) -> np.ndarray | None:
    """Like :func:`encode`, for texts of a pack (not a user's words): each is encoded once per
    process. Threads that need the same texts wait for the one computing them instead of
    encoding them again alongside it."""
    if not texts:
        return encode(texts)
    with _PACK_VECTORS_LOCK:
        wanted = list(dict.fromkeys(texts))
        missing = [t for t in wanted if t not in _PACK_VECTORS]
        if missing and len(_PACK_VECTORS) + len(missing) > _PACK_VECTORS_MAX:
            _PACK_VECTORS.clear()
            missing = wanted
        if missing:
            fresh = encode(missing)
            if fresh is None:
                return None
            _PACK_VECTORS.update(zip(missing, fresh, strict=True))
        return np.stack([_PACK_VECTORS[t] for t in texts])


_INDEXES: dict[tuple[str, int], FactIndex] = {}


def fact_index(network: EvidentialNetwork) -> FactIndex:
    key = (network.name, hash(tuple((f.id, f.question) for f in network.findings)))
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        index = _INDEXES[key] = FactIndex(network.findings)
    return index


def fragments(text: str) -> list[tuple[str, str]]:
    """(fragment, its sentence) pairs of the message."""
    normalised = tx.normalise(text)
    out = []
    for sentence in tx.sentences(normalised) or [normalised]:
        parts: list[str] = []
        split = (p.strip() for p in _SPLIT.split(sentence) if p and p.strip())
        # "no lights no beeps nothing at all": a list of things that are not there, each its
        # own denial (one denial does not name the others' things).
        listed = (
            r
            for p in split
            for q in (_NOS.split(p) if _NO_FIRST.match(p) else [p])
            for r in _each_denied(q)
        )
        for part in listed:
            # "ticking noise, only when turning": a condition belongs to what it conditions.
            if parts and _CONDITION_ONLY.match(part):
                parts[-1] = f"{parts[-1]} {part}"
            else:
                parts.append(part)
        out.extend((p, sentence) for p in parts)
    return out


# The adverb of a denial names nothing ("the engine never fires" denies the firing asked
# about); "nothing" and "none" do ("nothing when i press the button" is no denial of a click).
_DENIALS = frozenset(_word(w) for w in ("never", "cannot"))
_NO_FIRST = re.compile(r"^no\b")
# "no knocks or noises from the steering": one "no" before a list of single words denies each
# of them with what follows ("no noises from the steering"), not only the first.
_NO_LIST = re.compile(r"^no\s+([a-z]+)((?:\s*,?\s+(?:or|nor|and)\s+(?:no\s+)?[a-z]+)+)(.*)$")
_LIST_ITEM = re.compile(r"(?:or|nor|and)\s+(?:no\s+)?([a-z]+)")
_NO_ITEM = frozenset({"anything", "nothing", "whatever", "so", "stuff", "that"})


def _each_denied(part: str) -> list[str]:
    match = _NO_LIST.match(part)
    if match is None:
        return [part]
    items = [match.group(1), *_LIST_ITEM.findall(match.group(2))]
    rest = match.group(3)
    if not rest.strip():
        # "no smoke or smell": the list is one denial of what the question asks either of.
        return [part]
    return [f"no {item}{rest}" for item in items if item not in _NO_ITEM] or [part]


_NOS = re.compile(r"(?<!\bno)\s+(?=(?:no|nothing)\b)")
_CONDITION_ONLY = re.compile(
    r"^(?:only|just|but only|mostly|always)\s+(?:when|if|while|on|in|at|after|during)\b"
)


def stated_facts(
    text: str, network: EvidentialNetwork, *, skip: frozenset[str] = frozenset()
) -> tuple[Answer, ...]:
    """Facts the message states about findings other than ``skip`` (module docstring)."""
    # predicates reads this module's phrase rules: imported here, not at the top.
    from .predicates import predicate_said

    index = fact_index(network)
    out: dict[str, Answer] = {}
    strength: dict[str, float] = {}
    # A message typed without a full stop is one sentence of many fragments, and each
    # candidate was read against every other fragment of its sentence and had the whole
    # sentence searched for its predicate: quadratic in the length (10,000 characters of car
    # text took ~24 s). A fragment reads the same towards the same question wherever it is
    # asked, so each pair is read once per message (docs/opening-facts.md, "Stop 47").
    read = functools.cache(read_fact)
    said_in = functools.cache(predicate_said)
    pieces = [
        (fragment, sentence)
        for fragment, sentence in fragments(text)
        if not (
            asks_something(fragment)
            or typed_as_question(sentence)
            or UNSURE.search(fragment)
            or META.search(fragment)
            or is_guess(fragment)
        )
    ]
    found = [
        index.taken_away(fragment) + index.candidates(fragment, sentence)
        for fragment, sentence in pieces
    ]
    # The fragments of each sentence, with the findings they are candidates for.
    by_sentence: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for (fragment, sentence), candidates in zip(pieces, found, strict=True):
        named = frozenset(f.id for f, _ in candidates)
        by_sentence.setdefault(sentence, []).append((fragment, named))
    for fragment, sentence in pieces:
        # A measurement against the question's threshold is read as the comparison says.
        for finding, value in index.compared(fragment, sentence):
            binary = yes_no_states(finding)
            if finding.id in skip or binary is None:
                continue
            out[finding.id] = Answer(
                finding.id, (binary[0] if value > 0 else binary[1],), FACT_RELIABILITY
            )
            strength[finding.id] = JUDGED
    for (fragment, sentence), candidates in zip(pieces, found, strict=True):
        for rank, (finding, _coverage) in enumerate(candidates):
            if finding.id in skip or not _names_its_standard(fragment, finding.question):
                continue
            if index.another_kind(fragment, finding) or index.half_of_both(fragment, finding):
                continue
            binary = yes_no_states(finding)
            assert binary is not None
            reading = read(fragment, finding.question)
            polarity = _without_condition(fragment, finding.question)
            if polarity:
                reading = Reading(polarity, RESTATED, reading.reliability, "without condition")
            if reading.polarity == 0 or (
                rank and reading.polarity < 0 and not _ABSOLUTE.search(fragment)
            ):
                # Nothing said. A second finding is read from an affirmation, or from an
                # absolute denial ("the fan doesn't spin at all" denies it running when hot
                # and running all the time).
                continue
            # The rest of the sentence says otherwise ("ticks warm or cold, doesn't
            # matter"): not read. Fragments about other findings, and judgements of other
            # things ("dry days it's fine"), say nothing about this one.
            if any(
                other != fragment
                and named <= {finding.id}
                and _contradicts(other, finding, reading.polarity, read)
                for other, named in by_sentence[sentence]
            ):
                continue
            if reading.cue == "when excluded":
                continue  # nor does it say "not even when it is not hot": the reply's guess
            if (
                reading.polarity > 0
                and _NEGATED_CONDITION.search(finding.question)
                and not (_NEGATION.search(fragment))
            ):
                continue  # "freezes when it gets hot" does not say "even when it is not hot"
            if reading.polarity > 0 and said_in(sentence, finding.question) is False:
                # A fragment that names only the question's subject ("i believe i have a
                # starter, battery or alternator issue" to "does the starter crank?") says
                # nothing of it, and the predicate said in another sentence ("it doesn't
                # even try to turn over") is not said of what this one names.
                continue
            if (
                reading.polarity < 0
                and reading.cue != "without condition"
                and index.names_other(_denied_part(fragment), finding)
            ):
                # "not blinking green" denies green, not the blinking asked about; what is
                # named before the negation is its subject ("the engine does not crank").
                continue
            earlier = strength.get(finding.id, 0.0)
            if earlier and earlier >= reading.strength:
                continue
            strength[finding.id] = reading.strength
            state = binary[0] if reading.polarity > 0 else binary[1]
            reliability = min(reading.reliability, FACT_RELIABILITY)
            out[finding.id] = Answer(finding.id, (state,), reliability)
    return tuple(out.values())


# "... without the charger plugged in?": the user says the condition as taking it away
# ("as soon as i unplug it", "if i pull the charger out"), or says it works only with it.
_WITHOUT = re.compile(r"\bwithout\b")
_POWER_LEAD = re.compile(
    r"\b(?:charger|charging (?:cable|lead|cord)|adapter|power (?:cable|cord|lead|supply|brick)|"
    r"cable|cord|lead|plug|psu|mains|brick)\b"
)
_TAKEN_AWAY = re.compile(
    r"\b(?:unplug\w*|disconnect\w*|(?:pull|take|took|yank|comes?|came|pop|falls?|fell)\w*\b.{0,20}\bout|remov\w+|"
    r"on (?:the )?battery(?: alone| only| power)?|off (?:the )?(?:charger|mains|power))\b"
)
_ONLY_WITH = re.compile(r"\b(?:only|just)\b[^,;]{0,40}\bwith\b|\bunless\b[^,;]{0,30}\bplugged\b")
_STOPS = re.compile(
    r"\b(?:dies|died|dying|cuts? (?:out|off)|cutting (?:out|off)|shuts? (?:off|down)|"
    r"shutting (?:off|down)|turns? off|switch(?:es)? off|goes (?:off|dead|black)|"
    r"powers? (?:off|down)|dead|nothing|no power)\b|n't|\b(?:not|wont|doesnt|cant|never)\b"
)


def _without_condition(fragment: str, question: str) -> int:
    """The answer to a question asked "without X" that the fragment gives by taking X away
    or by saying it works only with X (0: none)."""
    if not _WITHOUT.search(question.lower()) or _WITHOUT.search(fragment):
        return 0
    if _ONLY_WITH.search(fragment):
        return -1
    if _TAKEN_AWAY.search(fragment):
        return -1 if _STOPS.search(fragment) else 1
    return 0


_SUBORDINATE = re.compile(r"\b(?:if|when|whenever|unless|once|after|because)\b[^,;]*")


def read_fact(fragment: str, question: str) -> Reading:
    """The reader's polarity of the fragment towards the question, where a verb the
    question says with a particle that turns it round ("does your battery run down?") is
    not read as the bare verb: "the battery dies" is no opposite of running down, it is it."""
    main = _SUBORDINATE.sub(" ", fragment).strip()
    if _NEGATION.search(fragment) and main and not _NEGATION.search(main):
        # "dead every morning if i don't drive for a few days": a negation that conditions
        # the statement does not deny it; the statement is read without its condition.
        fragment = main
    reading = read_sentence(_without_quoted(fragment, question), question_profile(question))
    if (
        reading.polarity < 0
        and _PROBLEM.search(question.lower())
        and not _DENIED_BAD.search(fragment)
    ):
        # "any issue with the wipers or radio?" - "no radio, the wipers dont work": what the
        # question asks a problem with is said to be missing or not working, which is the
        # problem; only a denial of the problem itself ("no issues", "not broken") is a "no".
        return Reading(1, reading.strength, reading.reliability, "a problem described")
    opposed = reading.cue.removeprefix("opposite of ")
    if opposed != reading.cue and re.search(
        rf"\b{re.escape(opposed)}\w*\s+(?:down|out)\b", question.lower()
    ):
        return Reading(-reading.polarity, reading.strength, reading.reliability, reading.cue)
    return reading


def _denied_part(fragment: str) -> str:
    """The fragment from its first negation on: what the negation can deny."""
    match = _NEGATION.search(fragment)
    return fragment[match.start() :] if match else fragment


_PROBLEM = re.compile(r"\b(?:issues?|problems?|trouble|faults?)\b")
_DENIED_BAD = re.compile(
    r"\b(?:issues?|problems?|trouble|faults?|faulty|wrong|broken|broke|bust|failed|failing|"
    r"failure|damaged|dead|bad|blown|fine|ok|okay|good|normal|normally)\b"
)


def _contradicts(
    fragment: str, finding: Finding, polarity: int, read: Callable[[str, str], Reading]
) -> bool:
    if _NEGATION.search(finding.question.lower().replace("n't", " not").replace("nt ", " not ")):
        return False  # "lamps are not blinking?": a negation may echo the question
    # Read as the fragment itself is read (``read_fact``): "no radio" describes the problem
    # asked about.
    reading = read(fragment, finding.question)
    # Only a plain negation of the same words: an "opposite" or a judgement in another clause
    # ("fires up for a second, then dies") is about something else.
    return reading.polarity == -polarity and reading.cue in {"negated", "short negated", "no"}


# A standard or model the question names ("802.11g", "DDR3"): nobody states it in passing
# without naming it ("works fine on our router" says nothing about 802.11g).
_STANDARD = re.compile(
    r"\b(?=[a-z0-9.]*\d)(?=[a-z0-9.]*[a-z])[a-z0-9]+(?:\.[a-z0-9]+)+\b|\b[a-z]+\d+[a-z0-9]*\b"
)


def _names_its_standard(fragment: str, question: str) -> bool:
    named = _STANDARD.findall(question.lower())
    return all(n in fragment.lower() for n in named)
