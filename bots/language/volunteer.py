"""Facts a user volunteers about findings nobody asked about, found by TF-IDF over questions.

A sentence counts as a statement about a finding only when it restates most of the finding's
question (IDF-weighted coverage, typos tolerated) with a clear polarity; see
:func:`volunteered_facts`.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from . import text as tx
from .base import yes_no_states
from .body_places import about_another_part
from .cues import META, NEGATIONS, UNSURE
from .fact_verifier import verified_facts
from .facts import LEXICAL_FLOOR, fact_index, reaches, stated_facts, weight_of
from .guesses import is_guess
from .lay_words import lay_facts
from .places import place_facts
from .predicates import says_predicate
from .preference import preferred_answer
from .presupposed import denied_with
from .qualifiers import unsaid_qualifier
from .reader import RESTATED, asks_something, clauses, question_profile, read_sentence, similar
from .said_otherwise import said_otherwise
from .temperature import temperature_facts
from .time_clauses import without_own_times
from .vocabulary import in_chart_words

# Volunteered facts: the IDF-weighted share of a finding's question a sentence must restate,
# the content words it must share with it, and the reliability such an unasked fact gets.
VOLUNTEER_MIN_COVERAGE = 0.7
VOLUNTEER_MIN_SHARED = 2
VOLUNTEER_RELIABILITY = 0.8
# A sentence that restates the whole question ("I have had diarrhea or an increase in stool
# frequency" to "Have you had diarrhea or an increase in stool frequency?") with a plain,
# unhedged polarity is as clear as a pressed "yes": it is not discounted. Only a partial
# restatement is, where the misread the discount guards against happens.
WHOLE_RESTATEMENT = 0.95


# -- volunteered facts -----------------------------------------------------------------------


class FindingIndex:
    """TF-IDF over the content words of a network's finding questions."""

    def __init__(self, findings: Sequence[Finding]) -> None:
        self.findings = list(findings)
        # A parenthetical ("(either felt or measured with a thermometer)") clarifies; it is
        # not what a user restates.
        bags = [
            Counter(tx.content(tx.tokens(tx.normalise(_PARENTHESES.sub(" ", f.question)))))
            for f in findings
        ]
        df: Counter[str] = Counter()
        for bag in bags:
            df.update(bag.keys())
        n = max(len(bags), 1)
        self.idf = {w: math.log((n + 1) / (c + 0.5)) for w, c in df.items()}
        self.vectors = [self._weigh(bag) for bag in bags]
        self._questions = [frozenset(vec) for vec in self.vectors]
        self._totals = [weight_of(question, self.idf.__getitem__) for question in self._questions]
        # A word in at least a quarter of the questions ("laptop", "car") is not specific.
        self.common_idf = math.log((n + 1) / (0.25 * n + 0.5))

    def _weigh(self, bag: Mapping[str, int]) -> dict[str, float]:
        vec = {w: (1 + math.log(c)) * self.idf.get(w, 0.0) for w, c in bag.items()}
        norm = math.sqrt(math.fsum(v * v for v in vec.values())) or 1.0
        return {w: v / norm for w, v in vec.items()}

    def rank(self, text: str, limit: int) -> list[Finding]:
        """The findings whose questions are most similar to ``text`` (TF-IDF cosine > 0)."""
        bag = Counter(tx.content(tx.tokens(tx.normalise(text))))
        query = self._weigh({w: c for w, c in bag.items() if w in self.idf})
        scored = []
        for position, vec in enumerate(self.vectors):
            score = math.fsum(query[w] * vec[w] for w in query.keys() & vec.keys())
            if score > 0:
                scored.append((-score, position))
        scored.sort()
        return [self.findings[p] for _, p in scored[:limit]]

    def specific_words(self, sentence: str) -> set[str]:
        """Content words of the sentence that are not common across the network's questions."""
        words = set(tx.content(tx.tokens(sentence)))
        return {w for w in words if self.idf.get(w, math.inf) > self.common_idf}

    def matches(self, sentence: str) -> list[tuple[Finding, float, frozenset[str]]]:
        """(finding, coverage, shared words) for findings the sentence clearly restates, best first.

        Coverage is the IDF-weighted share of the question's content words found in the
        sentence (typos tolerated): a sentence must say most of what the question asks about,
        not merely share a topic word with it.
        """
        present = set(tx.content(tx.tokens(sentence)))
        if not present:
            return []
        # The question words the sentence says, typos tolerated: matched once against the
        # whole vocabulary rather than once per question that uses the word.
        said = {w for w in self.idf if w in present or any(similar(w, p) for p in present)}
        out = []
        for finding, question, total in zip(
            self.findings, self._questions, self._totals, strict=True
        ):
            if not question:
                continue
            shared = question & said
            if len(shared) < min(VOLUNTEER_MIN_SHARED, len(question)):
                continue
            coverage = weight_of(shared, self.idf.__getitem__) / total if total else 0.0
            if reaches(coverage, VOLUNTEER_MIN_COVERAGE):
                out.append((finding, coverage, frozenset(shared)))
        # Of equal coverage, the question that says more ("coughing up blood" over "a
        # cough") is the one meant.
        out.sort(key=lambda m: (-m[1], -len(m[2])))
        return out


_PARENTHESES = re.compile(r"\([^)]*\)")
_INDEXES: dict[tuple[str, int], FindingIndex] = {}


def finding_index(network: EvidentialNetwork) -> FindingIndex:
    key = (network.name, hash(tuple((f.id, f.question) for f in network.findings)))
    index = _INDEXES.get(key)
    if index is None:
        if len(_INDEXES) > 64:
            _INDEXES.clear()
        index = _INDEXES[key] = FindingIndex(network.findings)
    return index


def volunteered_facts(
    text: str,
    network: EvidentialNetwork,
    *,
    skip: frozenset[str] = frozenset(),
    verify: bool = True,
    presuppose: bool = True,
) -> tuple[Answer, ...]:
    """Facts about findings (other than ``skip``) that the message states clearly.

    A sentence must restate most of a finding's question (``FindingIndex.matches``) with a
    clear polarity. A negative statement must also be about the question's own subject and
    nothing more specific: "it's not a clunking sound" does not answer "any noises when you
    brake?" with no, while "I hear a clunking sound when braking" does answer it with yes.
    Volunteered facts are discounted (``VOLUNTEER_RELIABILITY``): nobody asked, so a misread
    should shift the belief, not rule hypotheses out.

    With ``verify`` (and the encoder), the readings above are candidates among others, and a
    learned check decides which are facts (:mod:`bots.language.fact_verifier`). With
    ``presuppose``, a "no" also answers the compound questions that take its "yes" for
    granted (:mod:`bots.language.presupposed`).
    """
    index = finding_index(network)
    facts = fact_index(network)
    if network.flow:
        # The words people use ("shakes", "drops out") said in the chart's own words
        # ("vibrate", "intermittent"); the intake's reading has tables of its own.
        text = in_chart_words(text, network)
    out: dict[str, Answer] = {}
    for sentence, _contrast in clauses(tx.normalise(text)):
        if (
            asks_something(sentence)
            or UNSURE.search(sentence)
            or META.search(sentence)
            or is_guess(sentence)  # "i think it's the starter": a suspicion, no fact
        ):
            continue
        used: set[str] = set()
        for finding, coverage, shared in index.matches(sentence):
            if finding.id in skip or finding.id in out or shared & used:
                continue
            if finding.group and not _says_option(sentence, finding):
                # A multi-choice option ("pain somewhere? - nowhere"): restating the
                # question's stem says nothing about this option.
                continue
            binary = yes_no_states(finding)
            if binary is None:
                continue
            # The words restate the question but the meaning is elsewhere ("works fine with
            # an ethernet cable plugged into the router" is not about 802.11g).
            near = facts.similarity(sentence, finding)
            if near is not None and near < LEXICAL_FLOOR:
                continue
            profile = question_profile(finding.question)
            reading = read_sentence(sentence, profile)
            turned = preferred_answer(sentence, finding.question, profile.alternative)
            if turned is not None:
                # "a grind not a squeal" says the grind (bots.language.preference).
                reading = dataclasses.replace(
                    reading, polarity=turned, strength=max(reading.strength, RESTATED)
                )
            if reading.polarity == 0 or reading.strength < RESTATED:
                continue
            if reading.polarity < 0 and (
                index.specific_words(sentence) - profile.words or _subordinate_negation(sentence)
            ):
                continue
            if reading.polarity > 0 and unsaid_qualifier(finding.question, sentence):
                continue  # the symptom without the question's condition ("at rest")
            state = binary[0] if reading.polarity > 0 else binary[1]
            reliability = reading.reliability
            if not reaches(coverage, WHOLE_RESTATEMENT):
                reliability = min(reliability, VOLUNTEER_RELIABILITY)
            out[finding.id] = Answer(finding.id, (state,), reliability)
            used |= shared  # a word names one finding: "cough and fever" names two
    # Facts said in passing, fragment by fragment ("the starter cranks fine, battery is
    # strong"): only for findings the restatements above did not settle.
    for fact in stated_facts(text, network, skip=skip | frozenset(out)):
        finding = network.finding(fact.finding)
        if finding.group and not _says_option(tx.normalise(text), finding):
            continue
        if _affirms(fact, finding) and unsaid_qualifier(finding.question, tx.normalise(text)):
            continue
        out[fact.finding] = fact
    # A temperature reported as a number ("a temp of 38.7") answers the fever question, over
    # any reading by words.
    for fact in temperature_facts(text, network):
        if fact.finding not in skip:
            out[fact.finding] = fact
    # Where the trouble is ("fine at work but not at home") answers where the user is
    # trying to connect, over any reading by words ("not at home" is no denial of it).
    for fact in place_facts(text, network):
        if fact.finding not in skip:
            out[fact.finding] = fact
    said = tx.content_set(text)
    normalised = tx.normalise(text)
    rules = tuple(
        _as_preferred(a, normalised, network)
        for a in out.values()
        if _stands(a, text, network, said)
    )
    if not verify or not network.flow:
        # The check was trained on troubleshooting flowcharts only; the patient intake's
        # reading is measured on tables of its own (tests/bots/test_measured_openings.py).
        # Symptoms said in everyday words ("a temperature", "croaky") restate no question; where
        # the restatement reads the other answer, the everyday words' reading of their own
        # symptom stands ("i cant smell anything" is no "no" to "lost your sense of smell?").
        lay = {a.finding: a for a in lay_facts(text, network, skip=skip)}
        # A symptom said of another part of the body is not this question's ("my back hurts"
        # is no itchy back of the throat).
        rules = tuple(a for a in rules if not _another_symptom(a, text, network))
        kept = tuple(a for a in rules if a.finding not in lay or a.states == lay[a.finding].states)
        kept_ids = {a.finding for a in kept}
        return (*kept, *(a for f, a in lay.items() if f not in kept_ids))
    verified = verified_facts(text, network, rules, skip=skip)
    read = (
        rules
        if verified is None
        else tuple(
            _as_preferred(a, normalised, network)
            for a in verified
            if _stands(a, text, network, said)
        )
    )
    if not presuppose:
        return read
    return (*read, *denied_with(read, network, skip=skip))


def _as_preferred(fact: Answer, normalised: str, network: EvidentialNetwork) -> Answer:
    """The fact with the state a preference in the words gives it ("its a grind not a
    squeal": the grind is a yes, the squeal a no; bots.language.preference), where the
    readings by restatement or fragment said otherwise."""
    finding = network.finding(fact.finding)
    binary = yes_no_states(finding)
    if binary is None:
        return fact
    profile = question_profile(finding.question)
    turned = preferred_answer(normalised, finding.question, profile.alternative)
    if turned is None:
        return fact
    state = binary[0] if turned > 0 else binary[1]
    return fact if fact.states == (state,) else dataclasses.replace(fact, states=(state,))


def _stands(fact: Answer, text: str, network: EvidentialNetwork, said: set[str]) -> bool:
    """A reading stands unless the words say it otherwise (:mod:`bots.language.said_otherwise`);
    a "yes" only when the words say what the question asks about its subject ("i press the
    power button and nothing happens" says nothing of a click) and do not leave out what
    narrows the question."""
    finding = network.finding(fact.finding)
    affirmed = _affirms(fact, finding)
    normalised = tx.normalise(text)
    # A question's word said in a sense that is not its ("never gets past the logo", "the
    # ticking stops in neutral", "burning up"); the troubleshooting charts' classes only.
    if network.flow and said_otherwise(normalised, finding.question, affirmed=affirmed):
        return False
    if not affirmed:
        return True
    # The user's own action said as a time ("squeals whenever i stop") or a difficulty ("takes
    # forever to stop") does not say the predicate ("does the car stop when you brake?").
    if not says_predicate(without_own_times(normalised, finding.question), finding.question):
        return False
    if _does_what_is_without(text, finding.question):
        return False
    return not _narrower_unsaid(fact.finding, network, said)


_WITHOUT_VERB = re.compile(r"\bwithout\s+([a-z]+ing)\b")
# What a screen, a light or a sound is when the thing is not there.
_ABSENT = frozenset(["black", "blank", "dark", "nothing", "empty", "dead", "off"])


def _does_what_is_without(text: str, question: str) -> bool:
    """A question asked "without X-ing" ("does windows boot without displaying anything on
    the LCD?") is answered yes only where the words take X away (X denied, or what X would
    show said black, blank, nothing): "windows boots and displays the desktop" and "it works
    on the tv" are no "yes" to it."""
    match = _WITHOUT_VERB.search(question.lower())
    if match is None:
        return False
    verb = tx.canonical(tx.stem(match.group(1)))
    toks = tx.tokens(tx.normalise(text))
    taken_away = any(t in _ABSENT for t in toks) or any(
        tx.canonical(tx.stem(t)) == verb
        and any(w in NEGATIONS for w in toks[max(0, i - 3) : i + 3])
        for i, t in enumerate(toks)
    )
    return not taken_away


def _narrower_unsaid(finding: str, network: EvidentialNetwork, said: set[str]) -> bool:
    """Whether the finding is a narrower question than another one the words say, and the
    words do not say what narrows it: "cough keeps waking me up" says "Do you have a cough?",
    not "Have you been coughing up blood?"."""
    words = _question_words(network)
    own = words.get(finding)
    if not own:
        return False
    idf = finding_index(network).idf
    for other, broad in words.items():
        if other == finding or not broad or not broad < own or not broad <= said:
            continue
        # What narrows it ("blood"; a particle such as "up" narrows nothing) must be said.
        narrowing = {w for w in own - broad if len(w) > 2}
        if narrowing and max(narrowing, key=lambda w: (idf.get(w, 0.0), w)) not in said:
            return True
    return False


_WORDS: dict[tuple[str, int], dict[str, frozenset[str]]] = {}


def _question_words(network: EvidentialNetwork) -> dict[str, frozenset[str]]:
    """Content words of each plain yes/no question (not a multi-choice option)."""
    key = (network.name, len(network.findings))
    found = _WORDS.get(key)
    if found is None:
        found = _WORDS[key] = {
            f.id: frozenset(tx.content_set(_PARENTHESES.sub(" ", f.question)))
            for f in network.findings
            if not f.group and yes_no_states(f) is not None
        }
    return found


def _another_symptom(fact: Answer, text: str, network: EvidentialNetwork) -> bool:
    """An intake "yes" that the words give to another part of the body."""
    finding = network.finding(fact.finding)
    if finding.group or not _affirms(fact, finding):
        return False
    return about_another_part(text, finding.question)


def _affirms(fact: Answer, finding: Finding) -> bool:
    binary = yes_no_states(finding)
    return binary is not None and fact.states == (binary[0],)


def _says_option(sentence: str, finding: Finding) -> bool:
    """Whether the sentence names the option of a multi-choice option finding."""
    option = finding.question.rpartition(" - ")[2]
    words = set(tx.content(tx.tokens(tx.normalise(option))))
    return bool(words) and words <= set(tx.content(tx.tokens(sentence)))


def _subordinate_negation(sentence: str) -> bool:
    """Every negation sits in a "when/if/even ..." clause, so the main statement is positive."""
    toks = tx.tokens(sentence)
    negations = [i for i, t in enumerate(toks) if t in NEGATIONS]
    return bool(negations) and all(
        any(t in _SUBORDINATORS for t in toks[max(0, i - 3) : i]) for i in negations
    )


_SUBORDINATORS = frozenset(
    ["when", "if", "even", "while", "unless", "whether", "although", "though"]
)
