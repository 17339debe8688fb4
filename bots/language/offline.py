"""The offline interpreter: cue-based, deterministic, no model (design section 6).

It is the default language layer and the fallback when a language model fails. One message is
read in this order:

1. a pressed button's payload (``answer:yes``, ``why``, ``how``, ``human``, ``restart``);
2. whole-message commands: "start over", "talk to a person";
3. an explicit answer ("yes", "nope", "I think so", "not sure", a state's name or number);
4. a question back: "why are you asking?" (why) or "how do I check that?", "what is a fusible
   link?", "I don't know how to check" (how_to_check);
5. an answer in the user's own words. Each sentence is scored against the pending question: a
   restatement ("the light is blinking amber", "it is not spinning") shares content words with
   it, and its polarity is that of the sentence: negation cues make it negative, unless the
   negated words only echo a negation the question itself contains ("does it freeze even when
   it is not hot?" - "it freezes even when it's not hot"). A sentence that judges the state
   of things ("it's fine", "the lamps are ok", "it stays cool") answers a question about a
   problem ("is it overheating?") with no, and a question about normal function ("is it
   working?") with yes. Hedges ("probably", "I think", "it seems") lower the reliability.
   A sentence about the user's ability to check ("I can check that", "I know how to do it")
   answers nothing; one saying they cannot ("I can't access the settings", "I don't have a
   multimeter") is read as "how do I check?", so the bot explains and asks again.

Volunteered facts: every sentence is also matched against the other findings' questions
(:mod:`bots.language.volunteer`); a finding counts as mentioned only when the sentence restates
most of its question with a clear polarity.

The pieces: :mod:`~bots.language.text` (normalising, stems), :mod:`~bots.language.cues` (the
vocabulary), :mod:`~bots.language.reader` (one message against one yes/no question),
:mod:`~bots.language.volunteer` (facts nobody asked about), and this module (the order above,
categorical states, the :class:`OfflineInterpreter`).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from knowledge.packs.wording import is_scale
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from . import learned
from . import text as tx
from .answer_as_fact import FACT_ANSWER_CONFIDENCE, READ_AS_FACT, answer_as_fact
from .base import (
    MAX_READ,
    Intent,
    Interpretation,
    Interpreter,
    parse_button,
    validate,
    yes_no_states,
)
from .choices import labelled_yes_no, option_answers, read_choice
from .corrections import (
    CORRECTED_CONFIDENCE,
    ELSEWHERE_CONFIDENCE,
    about_something_else,
    self_corrected,
    taken_back_to_doubt,
)
from .cues import (
    ACKNOWLEDGED,
    GREETING,
    HEDGE_RELIABILITY,
    HEDGED_START,
    LEADING_ANSWER,
    PRESENCE,
    RESTART,
    THANKS,
    UNSURE,
    WHOLE_NO,
)
from .person_words import asks_for_person
from .presupposed import denied_with
from .reader import (
    BOTH_ANSWERS,
    EXPLICIT,
    FAINTLY_PERCEIVED,
    JUDGED,
    UNDECIDED,
    Reading,
    clauses,
    is_asking,
    is_unable,
    is_why,
    question_profile,
    read_answer,
    similar,
)
from .volunteer import volunteered_facts

__all__ = ["OfflineInterpreter", "categorical_states"]


# -- categorical findings --------------------------------------------------------------------


def categorical_states(text: str, finding: Finding) -> tuple[str, ...]:
    """States named in the message ("the second one", "7", "chest"), in the finding's order."""
    normalised = tx.normalise(text).strip(" .!?")
    states = finding.states
    lowered = [s.lower() for s in states]
    if normalised in lowered:
        return (states[lowered.index(normalised)],)
    number = re.fullmatch(r"(?:option|number|choice|#)?\s*(\d+)", normalised)
    if number:
        value = number.group(1)
        if value in lowered:
            return (states[lowered.index(value)],)
        position = int(value)
        if 1 <= position <= len(states):
            return (states[position - 1],)
        return ()
    found = []
    for state, low in zip(states, lowered, strict=True):
        label = re.escape(low.replace("_", " "))
        if re.search(rf"(?<![a-z0-9]){label}(?![a-z0-9])", normalised):
            found.append(state)
    return tuple(found)


# -- the learned reader's input -------------------------------------------------------------


def learned_view(
    normalised: str, pending: Finding, network: EvidentialNetwork, rules: Interpretation
) -> tuple[learned.RuleView, tuple[str, str], Reading] | None:
    """What the learned reader is shown of a message the rules read as ``rules``, or None
    when the rules keep the last word: explicit answers, questions back, "not sure",
    multi-choice options and non-yes/no findings. Training (``evaluation.answer_model``)
    goes through here too, so the model is trained on the inputs it gets at run time."""
    if pending.group or rules.intent not in ("answer", "unknown"):
        return None
    binary = labelled_yes_no(pending, network) or yes_no_states(pending)
    if binary is None:
        return None
    mine = rules.answer_for(pending.id)
    if rules.intent == "answer" and (mine is None or mine.states is None):
        return None
    reading = read_answer(normalised, pending.question)
    if reading.strength >= EXPLICIT and reading.polarity != 0:
        return None
    state = None if mine is None or mine.states is None else mine.states[0]
    view = learned.RuleView(
        reading.polarity,
        reading.strength,
        None if state is None else ("yes" if state == binary[0] else "no"),
        rules.intent == "answer",
    )
    return view, binary, reading


# -- the interpreter -------------------------------------------------------------------------


class OfflineInterpreter(Interpreter):
    """Cue-based interpretation (module docstring); deterministic and dependency-free."""

    name = "offline"

    def __init__(
        self,
        *,
        volunteer: bool = True,
        learned: bool | None = None,
        abstain_below: float | None = None,
    ) -> None:
        self.volunteer = volunteer
        from django.conf import settings

        if learned is None:  # the LANGUAGE_LEARNED_READER setting (off by default)
            learned = bool(getattr(settings, "LANGUAGE_LEARNED_READER", False))
        self.learned = learned
        if abstain_below is None:  # the LANGUAGE_ABSTAIN_BELOW setting (0: off)
            configured = settings.configured
            abstain_below = (
                float(getattr(settings, "LANGUAGE_ABSTAIN_BELOW", 0.0)) if configured else 0.0
            )
        # A yes/no read from the user's own words more weakly than this (reader strengths:
        # 0.8 a short reply about "it", ~1 a restatement, ~2 a negated one, 5 a judgement) is
        # asked back instead of taken (docs/answer-reader.md, "Stop 37").
        self.abstain_below = abstain_below

    def interpret(
        self,
        text: str,
        *,
        pending: Finding | None,
        network: EvidentialNetwork,
        button: str | None = None,
    ) -> Interpretation:
        if button:
            result = parse_button(button, pending=pending, network=network, source="offline")
        else:
            result = self._interpret((text or "")[:MAX_READ], pending, network)
        return validate(_presupposed(result, pending, network), pending=pending, network=network)

    def _interpret(
        self, text: str, pending: Finding | None, network: EvidentialNetwork
    ) -> Interpretation:
        normalised = tx.normalise(text).strip()
        bare = normalised.strip(" .!?")
        if not bare:
            return Interpretation("unknown", confidence=0.0, detail="empty message")
        if RESTART.search(bare):
            return Interpretation("restart", confidence=0.95, detail="restart cue")
        if asks_for_person(bare):
            return Interpretation("human", confidence=0.9, detail="asks for a person")
        skip = frozenset({pending.id} if pending else ())
        # In a reply, facts are read from what follows its yes or no: that word answers the
        # question asked ("no it just freezes" to "shut down when hot?" is no denial of the
        # freezing the opening told of; read so, the bot asked the freezing back, lead18).
        said = LEADING_ANSWER.sub("", text, count=1) if pending is not None else text
        volunteered = volunteered_facts(said, network, skip=skip) if self.volunteer else ()
        if pending is None:
            if GREETING.match(bare) or PRESENCE.match(bare):
                return Interpretation("greeting", confidence=0.9, detail=social_kind(bare))
            intent: Intent = "answer" if volunteered else "unknown"
            return Interpretation(intent, (), volunteered, 0.5, detail="no pending question")
        rules = self._reply_to(normalised, pending, volunteered, network)
        return self._learned(normalised, pending, network, rules)

    def rules_reading(
        self, text: str, pending: Finding, network: EvidentialNetwork
    ) -> tuple[str, Interpretation]:
        """(the normalised text, the rules' interpretation) of a reply to ``pending``, before
        the learned reader has its say (training reads messages through here)."""
        normalised = tx.normalise(text[:MAX_READ]).strip()
        return normalised, self._reply_to(normalised, pending, (), network)

    def _learned(
        self,
        normalised: str,
        pending: Finding,
        network: EvidentialNetwork,
        rules: Interpretation,
    ) -> Interpretation:
        """The learned reader's say on a yes/no answer the rules read from its description
        (:mod:`~bots.language.learned`). Explicit answers, questions back, unsure and
        multi-choice options stay with the rules, and so does a message the rules could not
        read at all (the bot asks again rather than guessing)."""
        if not self.learned:
            return rules
        consulted = learned_view(normalised, pending, network, rules)
        if consulted is None:
            return rules
        view, binary, reading = consulted
        p_yes = learned.learned_polarity(pending.question, normalised, view)
        if p_yes is None:
            return rules
        mine = rules.answer_for(pending.id)
        sure = abs(p_yes - 0.5)
        weakest = reading.strength < JUDGED and reading.cue in learned.OVERRULES
        if rules.intent != "answer" or not weakest or sure < learned.OVERRIDE_MARGIN:
            # A message the rules found no answer in ("hmm", "let me look") stays unread, so
            # the bot asks again; a judgement, an opposite the lexicon knows ("not quiet at
            # all" to "noisy?") or a restatement stays with the rules; and a model not sure
            # enough does not overrule them. What it may overrule is a short reply about
            # "it" that shares no word with the question, where the rules' guess is weakest
            # (learned.OVERRULES).
            return rules
        taken = binary[0] if p_yes >= 0.5 else binary[1]
        if mine is not None and mine.states == (taken,):
            return rules  # it agrees: the rules' reading, cue and confidence stand
        # A message the rules found no answer in is read by the model alone: hedged.
        reliability = (
            min(reading.reliability, HEDGE_RELIABILITY) if mine is None else mine.reliability
        )
        answer = Answer(pending.id, (taken,), reliability)
        # The model's own probability, not the rules' cue strength: it is what is calibrated.
        confidence = round(min(0.9, 0.5 + sure), 3)
        return Interpretation(
            "answer",
            (answer,),
            rules.volunteered,
            confidence,
            detail=f"learned reader p(yes)={p_yes:.2f}; rules: {rules.detail}",
        )

    def _reply_to(
        self,
        normalised: str,
        pending: Finding,
        volunteered: tuple[Answer, ...],
        network: EvidentialNetwork | None = None,
    ) -> Interpretation:
        binary = labelled_yes_no(pending, network) or yes_no_states(pending)
        if network is not None and pending.group:
            # One option of a multi-choice question: "it goes into my left arm", "it doesn't
            # spread anywhere" settle this option and its siblings (bots.language.choices).
            settled = option_answers(normalised, pending, network)
            mine = tuple(a for a in settled if a.finding == pending.id)
            if mine:
                others = tuple(a for a in settled if a.finding != pending.id)
                return Interpretation(
                    "answer", mine, (*volunteered, *others), 0.85, detail="option named"
                )
        parts = [c for c, _ in clauses(normalised)]
        reading = read_answer(normalised, pending.question) if binary else None
        if reading is not None and reading.cue == BOTH_ANSWERS:
            answer = Answer.unsure(pending.id)
            return Interpretation("answer", (answer,), volunteered, 0.8, detail=BOTH_ANSWERS)
        if binary is not None and taken_back_to_doubt(normalised, pending.question):
            # "yes. no hang on, not sure": the yes was taken back; what stands is the doubt.
            answer = Answer.unsure(pending.id)
            return Interpretation("answer", (answer,), volunteered, 0.8, detail="taken back")
        if binary is not None:
            corrected = self_corrected(normalised, pending.question)
            if corrected is not None:  # "yes. well actually no": the last word, hedged
                taken = self._answer(pending, binary, corrected, volunteered)
                return dataclasses.replace(taken, confidence=CORRECTED_CONFIDENCE)
        # An explicit answer wins over a question in the same message ("No. How do I check?").
        if binary is None:
            # A scale reads words and "7/10" first; other choices their own names first.
            if is_scale(pending):
                named = read_choice(normalised, pending, network)
            else:
                named = categorical_states(normalised, pending) or read_choice(
                    normalised, pending, network
                )
            if not named and pending.default_state and WHOLE_NO.match(normalised.strip(" .!?")):
                # "How intense is the pain?" - "none": the default state is the absent one.
                named = (pending.default_state,)
            if named:
                answer = Answer(pending.id, named)
                return Interpretation("answer", (answer,), volunteered, 0.9, detail="state named")
        elif reading is not None and reading.strength >= EXPLICIT:
            taken = self._answer(pending, binary, reading, volunteered)
            if about_something_else(normalised, pending.question, reading):
                # "yes plugged in most of the time" to "hot environment?": confirmed before
                # a conclusion rests on it.
                taken = dataclasses.replace(taken, confidence=ELSEWHERE_CONFIDENCE)
            return taken
        if PRESENCE.match(normalised.strip(" .!?")):
            return Interpretation("greeting", (), volunteered, 0.9, detail="checks we are there")
        asking = [p for p in parts if is_asking(p)]
        if asking:
            why = any(is_why(p) for p in asking)
            how = any(not is_why(p) for p in asking)
            intent: Intent = "how_to_check" if how or not why else "why"
            return Interpretation(intent, (), volunteered, 0.8, detail=f"{intent} cue")
        if GREETING.match(normalised.strip(" .!?")):
            kind = social_kind(normalised.strip(" .!?"))
            return Interpretation("greeting", (), volunteered, 0.9, detail=kind)
        if binary is not None and reading is not None and reading.polarity != 0:
            if (
                reading.strength < EXPLICIT
                and reading.cue != FAINTLY_PERCEIVED
                and _about_other_findings(normalised, pending, volunteered)
            ):
                # "theres no smoke at all" to "hot environment?": no "yes" or "no" word, not a
                # word of the question, and a fact about another finding read from it. The
                # fact is taken and the question asked again; the negation is not its answer.
                # Unless the chart's lay words say the asked finding too, as an opening is read
                # ("just the logo then it hangs" to "able to see anything on the screen?" is
                # the splash screen and something seen: stop 47, asked three times).
                fact = answer_as_fact(normalised, pending, network) if network else None
                if fact is not None:
                    return Interpretation(
                        "answer", (fact,), volunteered, FACT_ANSWER_CONFIDENCE, detail=READ_AS_FACT
                    )
                return Interpretation(
                    "unknown", (), volunteered, 0.2, detail="about another finding"
                )
            if reading.strength < self.abstain_below:
                return Interpretation("unknown", (), volunteered, 0.2, detail=UNDECIDED)
            return self._answer(pending, binary, reading, volunteered)
        if binary is not None and any(
            is_unable(p, question_profile(pending.question)) for p in parts
        ):
            # "I can't access the settings", "I don't have a multimeter": the user needs help
            # checking, which is what "how do I check?" gets.
            return Interpretation("how_to_check", (), volunteered, 0.6, detail="cannot check")
        doubted = any(UNSURE.search(p) for p in parts)
        if binary is not None and network is not None:
            # No yes or no in the question's own words: the chart's lay words, as an opening
            # is read ("next to a radiator" to "hot environment?"; answer_as_fact).
            fact = answer_as_fact(normalised, pending, network, doubted=doubted)
            if fact is not None:
                return Interpretation(
                    "answer", (fact,), volunteered, FACT_ANSWER_CONFIDENCE, detail=READ_AS_FACT
                )
        if doubted:
            answer = Answer.unsure(pending.id)
            return Interpretation("answer", (answer,), volunteered, 0.8, detail="unsure cue")
        if binary is not None and HEDGED_START.match(normalised):
            # "maybe the front right gets hot" to "does a wheel drag?": a possibility offered
            # with words the question does not use is the user's doubt, not a message the bot
            # failed to read (stop 47: "Sorry, I didn't understand that").
            answer = Answer.unsure(pending.id)
            return Interpretation("answer", (answer,), volunteered, 0.8, detail="hedged")
        detail = "no state named" if reading is None else reading.cue
        return Interpretation("unknown", (), volunteered, 0.2, detail=detail)

    @staticmethod
    def _answer(
        pending: Finding,
        binary: tuple[str, str],
        reading: Reading,
        volunteered: tuple[Answer, ...],
        *,
        hedged: bool = False,
    ) -> Interpretation:
        state = binary[0] if reading.polarity > 0 else binary[1]
        reliability = min(reading.reliability, HEDGE_RELIABILITY if hedged else 1.0)
        confidence = (
            0.95 if reading.strength >= EXPLICIT else min(0.9, 0.4 + 0.1 * reading.strength)
        )
        answer = Answer(pending.id, (state,), reliability)
        return Interpretation("answer", (answer,), volunteered, confidence, detail=f"{reading.cue}")

    def describe(self) -> Mapping[str, Any]:
        return {"name": self.name, "volunteer": self.volunteer, "learned": self.learned}


def _about_other_findings(
    normalised: str, pending: Finding, volunteered: tuple[Answer, ...]
) -> bool:
    """The message states facts about other findings and says none of the pending
    question's own words (typos tolerated)."""
    if not any(a.finding != pending.id for a in volunteered):
        return False
    asked = question_profile(pending.question).words
    said = set(tx.content(tx.tokens(normalised)))
    return not any(w in asked or any(similar(w, q) for q in asked) for w in said)


def _presupposed(
    result: Interpretation, pending: Finding | None, network: EvidentialNetwork
) -> Interpretation:
    """The answer to the pending question also answers the compound questions that take its
    "yes" for granted: "no" (or "it wont fire up") to "does the engine fire?" is "no" to "does
    it fire right up but stall ...?" (:mod:`bots.language.presupposed`). The volunteered facts
    carry their own already (``volunteered_facts``)."""
    if not result.answers:
        return result
    skip = frozenset({pending.id} if pending else ()) | {a.finding for a in result.volunteered}
    denied = denied_with(result.answers, network, skip=skip)
    if not denied:
        return result
    return dataclasses.replace(result, volunteered=(*result.volunteered, *denied))


def social_kind(bare: str) -> str:
    """What a social message does: "thanks", "acknowledged" ("ok", "cool") or "greeting"."""
    if THANKS.match(bare):
        return "thanks"
    if ACKNOWLEDGED.match(bare):
        return "acknowledged"
    return "greeting"
