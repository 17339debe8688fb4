"""How a simulated user replies to the bot's question: what ``--answers`` chooses.

Every speaker turns the case's answer (a :class:`planning.simulation.SimulatedUser`'s, with the
run's noise) into the message a user sends, and the conversation service reads it like any
other:

- ``exact``: the user presses the answer's button (``answer:<state>``, "Not sure");
- ``words``: the user types the answer as a person would say it: yes/no in one of several
  everyday phrasings; a categorical value by its meaning (DDXPlus ``release_evidences.json``
  ``value_meaning``, never its code); a scale as a number, in digits or in words; a
  multi-choice question (asked whole) the chosen options' plain names ("upper chest and
  left upper arm") or "none of these". A reply the bot did
  not understand is said again plainly, then "not sure";
- ``utterances`` (FloDial): the real user's own words from the dialog, one after the other
  while the bot does not understand; a finding the dialog never discussed is answered as in
  ``words``. A confirmation ("just to be sure: ...?") gets a plain answer in words: the
  dialog has none, and its words for the finding are the ones already misread.

After a conclusion that says it went by a fact the user's case contradicts
(:func:`evaluation.play.misread`), every speaker says "that's not what I said"
(:meth:`Speaker.correct`): ``exact`` presses the button; ``words`` and ``utterances`` type it
with their own answer ("no, that's wrong, nope").

The phrasing is chosen by a hash of (case, finding), so a run is deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from bots.conversation.basis import CORRECT
from bots.language.base import yes_no_states
from knowledge.packs import wording
from planning.evidence import Answer
from planning.network import Finding
from planning.simulation import SimulatedUser, stable_hash

ANSWER_MODES = ("exact", "words", "utterances")

YES = ("yes", "Yes, I have.", "yeah", "yes I do", "yep, that's right")
NO = ("no", "No, I haven't.", "nope", "no I don't", "no, not that")
UNSURE = ("not sure", "I don't know", "I'm not sure")
# Said after a conclusion that went by a misread fact, before the user's own answer to it.
NOT_WHAT_I_SAID = ("that's not what I said", "no, that's wrong", "you misread me there")
NONE_OF = ("none of these", "none of them", "no, none")
NUMBERS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
)


class Speaker(Protocol):
    user: SimulatedUser

    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        """(text, button payload) for the question about ``finding``; ``attempt`` counts the
        bot's "I didn't understand" to this question so far."""
        ...

    def choose(self, options: Sequence[Finding], *, attempt: int) -> tuple[str, str]:
        """(text, button payload) for a multi-choice question asked whole (its options, the
        one the policy asked about first)."""
        ...

    def yes_no(self, yes: bool, *, attempt: int) -> tuple[str, str]:
        """(text, button payload) saying yes or no to a question that is not a finding's (the
        bot's safety follow-up, bots.conversation.safety_check)."""
        ...

    def correct(self, finding: Finding) -> tuple[str, str]:
        """(text, button payload) telling the bot that a fact its conclusion went by
        (``finding``) is not what the user said (bots.conversation.basis)."""
        ...


def _button(answer: Answer) -> str:
    return "answer:unsure" if answer.states is None else f"answer:{answer.states[0]}"


def _chosen(user: SimulatedUser, options: Sequence[Finding]) -> list[Finding] | None:
    """The options the user says yes to (None: "not sure" to the whole question), as the
    harness's users answered a whole question (``SimulatedUser.answer_question``)."""
    group = options[0].group or options[0].id
    answers = user.answer_question(group, tuple((o.id, o.states) for o in options))
    if answers[0].states is None:
        return None
    return [
        o
        for o, a in zip(options, answers, strict=True)
        if a.states == ("yes",) and o.default_state != "yes"
    ]


def option_words(option: Finding) -> str:
    """What a person calls an option: its meaning in plain words, never its code."""
    said = option.question.rpartition(" - ")[2].strip()
    return wording.plain_place(said).lower() if said else option.question


class ExactSpeaker:
    """Presses the answer buttons."""

    def __init__(self, user: SimulatedUser) -> None:
        self.user = user

    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        return "", _button(self.user.answer(finding.id, finding.states))

    def yes_no(self, yes: bool, *, attempt: int) -> tuple[str, str]:
        return "", "answer:yes" if yes else "answer:no"

    def correct(self, finding: Finding) -> tuple[str, str]:
        return "", CORRECT

    def choose(self, options: Sequence[Finding], *, attempt: int) -> tuple[str, str]:
        chosen = _chosen(self.user, options)
        if chosen is None:
            return "", "answer:unsure"
        return "", "pick:" + (",".join(o.id for o in chosen) or "none")


class WordsSpeaker:
    """Types the answer (module docstring). ``meanings``: finding id -> state -> the value's
    meaning, where the pack's states are codes."""

    def __init__(
        self, user: SimulatedUser, meanings: Mapping[str, Mapping[str, str]] | None = None
    ) -> None:
        self.user = user
        self.meanings = meanings or {}
        self._said: dict[str, Answer] = {}

    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        if attempt == 0 or finding.id not in self._said:
            self._said[finding.id] = self.user.answer(finding.id, finding.states)
        return self.say(finding, self._said[finding.id], attempt), ""

    def choose(self, options: Sequence[Finding], *, attempt: int) -> tuple[str, str]:
        pick = stable_hash(f"{self.user.case.id}|{options[0].group}")
        chosen = _chosen(self.user, options)
        if chosen is None or attempt >= 2:
            return UNSURE[pick % len(UNSURE)], ""
        if not chosen:
            return NONE_OF[0 if attempt else pick % len(NONE_OF)], ""
        words = [option_words(o) for o in chosen]
        said = ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else words[0]
        return (said if attempt or pick % 2 else f"my {said}"), ""

    def correct(self, finding: Finding) -> tuple[str, str]:
        """ "That's not what I said", then the user's own answer to it in words."""
        pick = stable_hash(f"{self.user.case.id}|{finding.id}|correct")
        truth = self.user.true_state(finding.id)
        said = NOT_WHAT_I_SAID[pick % len(NOT_WHAT_I_SAID)]
        if truth is None:
            return said, ""
        return f"{said}, {self.say(finding, Answer(finding.id, (truth,)))}", ""

    def yes_no(self, yes: bool, *, attempt: int) -> tuple[str, str]:
        options = YES if yes else NO
        pick = stable_hash(f"{self.user.case.id}|safety")
        return (options[0] if attempt else options[pick % len(options)]), ""

    def say(self, finding: Finding, answer: Answer, attempt: int = 0) -> str:
        pick = stable_hash(f"{self.user.case.id}|{finding.id}")
        if answer.states is None or attempt >= 2:
            return UNSURE[pick % len(UNSURE)]
        state = answer.states[0]
        meaning = self.meanings.get(finding.id, {}).get(state, "")
        binary = yes_no_states(finding)
        if meaning in ("Y", "N"):  # DDXPlus spells some yes/no questions as values
            affirmative = meaning == "Y"
        elif binary is not None and {s.lower() for s in finding.states} == {"yes", "no"}:
            affirmative = state == binary[0]
        else:
            affirmative = None
        if affirmative is not None:
            options = YES if affirmative else NO
            return options[0] if attempt else options[pick % len(options)]
        if meaning:
            return meaning
        if state.isdigit():
            number = int(state)
            if attempt == 0 and pick % 2 and number < len(NUMBERS):
                return NUMBERS[number]
            return state
        return state.replace("_", " ")


class UtteranceSpeaker:
    """The real user's words where the dialog has them (module docstring)."""

    def __init__(self, user: SimulatedUser, words: WordsSpeaker) -> None:
        self.user = user
        self.words = words

    def choose(self, options: Sequence[Finding], *, attempt: int) -> tuple[str, str]:
        return self.words.choose(options, attempt=attempt)

    def yes_no(self, yes: bool, *, attempt: int) -> tuple[str, str]:
        return self.words.yes_no(yes, attempt=attempt)

    def correct(self, finding: Finding) -> tuple[str, str]:
        # The dialog has no words for it: its words for the finding are the ones misread.
        return self.words.correct(finding)

    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        utterances = self.user.utterances(finding.id)
        if confirming or not utterances:
            return self.words.reply(finding, attempt=attempt, confirming=confirming)
        if attempt < len(utterances):
            return utterances[attempt], ""
        return UNSURE[0], ""
