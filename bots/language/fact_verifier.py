"""A learned check of facts read from a message nobody asked about yet.

The hand-written readings (:mod:`~bots.language.volunteer`, :mod:`~bots.language.facts`) each
decide with a threshold of their own whether a clause is about a question: MiniLM's cosine,
its lead over the next question, how much of the question the words cover. No single
threshold tells "the starter cranks fine" (about "does the starter crank?") from "laptop
running hot" (not about "is the fan running when it overheats?"): on the opening table the
right question was MiniLM's top match for 45 of 63 misses, and a cosine threshold that took
them took as many wrong ones.

Here every clause proposes a few candidate readings (its three nearest questions by meaning,
the questions its words name, a question asked "without X" that it takes X away from), each
with the polarity the reader finds in the clause, and a logistic regression over a dozen
features of the pair decides which are facts (:data:`FEATURES`): how near in meaning and by
how much ahead of the rest, how much of the question the words say, whether a word only
this question uses is said, where the polarity came from (a reading of the clause, or only
the absence of a negation), and whether the hand-written readings took it. The weights
(``fact_verifier.json``, a few numbers) are trained on the development part of
``evaluation/tables/opening_table.py`` only: ``python -m evaluation.fact_verifier train``; ``cv``
estimates how they carry over to a chart not trained on (leave one chart out).

:func:`verified_facts` returns ``None`` when the model or the encoder is missing, and the
hand-written readings then stand alone.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from . import text as tx
from .base import yes_no_states
from .cues import HEDGE, META, UNSURE
from .facts import (
    FACT_RELIABILITY,
    FactIndex,
    _names_its_standard,
    _without_condition,
    _words,
    encode,
    fact_index,
    fragments,
    read_fact,
)
from .guesses import is_guess
from .predicates import predicate_said
from .reader import JUDGED, RESTATED, Reading, asks_something

MODEL_PATH = Path(__file__).resolve().parent / "fact_verifier.json"
NEAREST = 4  # questions proposed per clause by meaning

FEATURES = (
    "bias",
    "cosine",  # the clause to the question (its main sentence)
    "nearest",  # the question is the clause's nearest
    "margin",  # cosine minus the best other question's
    "coverage",  # the share of the question the words say (0: its words name it not)
    "specific",  # a word only this question uses is said
    "read_strong",  # the reader found a judgement, an explicit or negated statement
    "read_plain",  # the reader found a plain restatement
    "unread",  # no reading: the polarity is only the absence of a negation
    "taken_away",  # a question asked "without X" that the clause takes X away from
    "negative",  # the reading is "no"
    "rules_took",  # the hand-written readings took this answer
    "rules_other",  # the hand-written readings took the other answer
    "names_other",  # the clause names something the question does not ask about
    "only_question",  # the question asks "only when ...": a condition the clause must say
    "hedged",  # "i think", "probably": the whole sentence
    "length",  # the clause's words, log
    "predicate_said",  # the clause says what the question asks about its subject
    "predicate_unknown",  # the question's predicate is not one the predicate words know
    "sentence_nearest",  # the question is also the nearest to the whole sentence
)

_NEGATION = re.compile(r"\b(?:not|no|never|without|nothing|none|cant|wont|doesnt|dont|isnt)\b|n't")


@dataclass(frozen=True)
class Candidate:
    finding: Finding
    state: str
    features: np.ndarray
    fragment: str


@dataclass(frozen=True)
class Model:
    weights: np.ndarray
    threshold: float

    def probability(self, features: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-(features @ self.weights)))


@lru_cache(maxsize=1)
def load_model() -> Model | None:
    try:
        data = json.loads(MODEL_PATH.read_text())
    except (OSError, ValueError):
        return None
    if list(data.get("features", [])) != list(FEATURES):
        return None  # trained on other features: retrain rather than misread
    return Model(np.asarray(data["weights"], dtype=float), float(data["threshold"]))


def candidates(
    text: str,
    network: EvidentialNetwork,
    rules: Sequence[Answer],
    *,
    skip: frozenset[str] = frozenset(),
) -> list[Candidate] | None:
    """Every candidate reading of the message, with its features (None: no encoder)."""
    index = fact_index(network)
    questions = index.questions
    vectors = index.vectors()
    if not questions or vectors is None:
        return None
    pairs = fragments(text)
    # Asked of each sentence once, not once per fragment of it: a message of one long sentence
    # was searched whole for each of its fragments (time growing with the square of its length).
    sentences = dict.fromkeys(sentence for _, sentence in pairs)
    asking = {sentence: asks_something(sentence) for sentence in sentences}
    hedged = {sentence: bool(HEDGE.search(sentence)) for sentence in sentences}
    pieces = [
        (fragment, sentence)
        for fragment, sentence in pairs
        if not (
            asks_something(fragment)
            or asking[sentence]
            or UNSURE.search(fragment)
            or META.search(fragment)
            or is_guess(fragment)
        )
    ]
    if not pieces:
        return []
    texts = list(dict.fromkeys([p for p, _ in pieces] + [s for _, s in pieces]))
    encoded = encode(texts)
    if encoded is None:
        return None
    scores = {t: vectors @ v for t, v in zip(texts, encoded, strict=True)}
    position = {q.finding.id: i for i, q in enumerate(questions)}
    taken = {a.finding: a.states[0] for a in rules if a.states}
    # A fragment said again (a pasted log's repeated lines, "it dies" at every try) reads the
    # same towards the same question: read once per message, not once per time it is said.
    read = functools.cache(read_fact)
    said = functools.cache(predicate_said)
    out: list[Candidate] = []
    for fragment, sentence in pieces:
        cos = scores[fragment]
        order = np.argsort(-cos)
        lexical = {f.id: c for f, c in index.about(fragment, sentence)}
        away = {f.id for f, _ in index.taken_away(fragment)}
        proposed = [int(i) for i in order[:NEAREST]]
        proposed += [position[f] for f in list(lexical) + sorted(away) if f in position]
        for i in dict.fromkeys(proposed):
            q = questions[i]
            finding = q.finding
            if finding.id in skip or not _names_its_standard(fragment, finding.question):
                continue
            candidate = _candidate(
                index,
                q.finding,
                fragment,
                hedged[sentence],
                i,
                cos,
                scores[sentence],
                lexical,
                away,
                taken,
                read,
                said,
            )
            if candidate is None or index.how_many_unsaid(sentence, finding):
                continue
            if not _NEGATION.search(fragment) and index.another_kind(fragment, finding):
                # "the front wheel locks up" says nothing of "a rear wheel", either way; a
                # denial ("a ticking noise, not a clunk") still answers.
                continue
            out.append(candidate)
    return out


def _candidate(
    index: FactIndex,
    finding: Finding,
    fragment: str,
    hedged: bool,
    i: int,
    cos: np.ndarray,
    sentence_cos: np.ndarray,
    lexical: dict[str, float],
    away: set[str],
    taken: dict[str, str],
    read: Callable[[str, str], Reading],
    said_in: Callable[[str, str], bool | None],
) -> Candidate | None:
    binary = yes_no_states(finding)
    if binary is None:
        return None
    q = index.questions[i]
    without = _without_condition(fragment, finding.question)
    reading = read(fragment, finding.question)
    if without:
        polarity, source = without, "taken_away"
    elif reading.polarity:
        polarity = reading.polarity
        source = (
            "read_strong"
            if reading.strength >= JUDGED or reading.cue in {"negated", "short negated", "no"}
            else "read_plain"
        )
        if reading.strength < RESTATED:
            source = "unread"
    else:
        polarity, source = (-1 if _NEGATION.search(fragment) else 1), "unread"
    state = binary[0] if polarity > 0 else binary[1]
    others = np.delete(cos, i)
    predicate = said_in(fragment, finding.question)
    said = set(tx.content(tx.tokens(fragment)))
    values = {
        "bias": 1.0,
        "cosine": float(cos[i]),
        "nearest": float(int(np.argmax(cos)) == i),
        "margin": float(cos[i] - (others.max() if len(others) else 0.0)),
        "coverage": float(lexical.get(finding.id, 0.0)),
        "specific": float(bool(q.specific & set(_words(fragment)))),
        "read_strong": float(source == "read_strong"),
        "read_plain": float(source == "read_plain"),
        "unread": float(source == "unread"),
        "taken_away": float(source == "taken_away" or finding.id in away),
        "negative": float(polarity < 0),
        "rules_took": float(taken.get(finding.id) == state),
        "rules_other": float(finding.id in taken and taken[finding.id] != state),
        "names_other": float(index.names_other(fragment, finding)),
        "only_question": float(bool(re.search(r"\bonly\b", finding.question, re.I))),
        "hedged": float(hedged),
        "length": math.log1p(len(said)),
        "predicate_said": float(bool(predicate)),
        "predicate_unknown": float(predicate is None),
        "sentence_nearest": float(int(np.argmax(sentence_cos)) == i),
    }
    features = np.array([values[name] for name in FEATURES])
    return Candidate(finding, state, features, fragment)


def admissible(candidate: Candidate) -> bool:
    """A reading is added only when its polarity was read from the clause, or the clause says
    the question's predicate itself: the absence of a negation ("i cant hear it or feel any
    air" has one, and says nothing about smoke) is no reading of what the clause says about
    the question."""
    return admissible_features(candidate.features)


def admissible_features(features: np.ndarray) -> bool:
    """:func:`admissible` on a candidate's features. Also, a "yes" is admitted only when the
    clause says what the question asks about its subject (or the question asks something the
    predicate words do not know): the same test the readings must pass after the check
    (``volunteer._stands``), made before it, so that the threshold is chosen on the readings
    that can stand."""
    named = dict(zip(FEATURES, features, strict=True))
    if named["unread"]:
        # No reading of the clause, but it says the question's predicate itself, with no
        # negation ("screen is upside down after my kid pressed some keys" to "is the display
        # rotated or upside-down?"): the model weighs it, with "unread" among its features.
        return bool(named["predicate_said"] and not named["negative"])
    return bool(named["negative"] or named["predicate_said"] or named["predicate_unknown"])


def verified_facts(
    text: str,
    network: EvidentialNetwork,
    rules: Sequence[Answer],
    *,
    skip: frozenset[str] = frozenset(),
) -> tuple[Answer, ...] | None:
    """The rules' readings, and the candidate readings of other findings the model accepts
    (one per finding, its most likely), at ``FACT_RELIABILITY``. None: no model or encoder.

    The rules' readings stand: each was written for a class of phrasing and is tested on it,
    and on the development table dropping those the model doubts cost as much recall as it
    gained precision. What the model does is read what the rules missed."""
    model = load_model()
    if model is None:
        return None
    found = candidates(text, network, rules, skip=skip)
    if found is None:
        return None
    taken = {a.finding for a in rules}
    best: dict[str, tuple[float, Candidate]] = {}
    for candidate in found:
        if candidate.finding.id in taken or not admissible(candidate):
            continue
        p = float(model.probability(candidate.features))
        if p >= model.threshold and p > best.get(candidate.finding.id, (0.0, candidate))[0]:
            best[candidate.finding.id] = (p, candidate)
    added = [
        Answer(finding_id, (candidate.state,), FACT_RELIABILITY)
        for finding_id, (_, candidate) in best.items()
    ]
    return (*rules, *added)
