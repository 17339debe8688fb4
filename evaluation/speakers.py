"""How a simulated user replies to the bot's question: what ``--answers`` chooses.

Every speaker turns the case's answer (a :class:`planning.simulation.SimulatedUser`'s, with the
run's noise) into the message a user sends, and the conversation service reads it like any
other:

- ``exact``: the user presses the answer's button (``answer:<state>``, "Not sure");
- ``words``: the user types the answer as a person would say it: yes/no in one of several
  everyday phrasings; a categorical value by its meaning (DDXPlus ``release_evidences.json``
  ``value_meaning``, never its code); a scale as a number, in digits or in words; a
  multi-choice option (the service asks one option at a time) yes or no. A reply the bot did
  not understand is said again plainly, then "not sure";
- ``utterances`` (FloDial): the real user's own words from the dialog, one after the other
  while the bot does not understand; a finding the dialog never discussed is answered as in
  ``words``. A confirmation ("just to be sure: ...?") gets a plain answer in words: the
  dialog has none, and its words for the finding are the ones already misread.

The phrasing is chosen by a hash of (case, finding), so a run is deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from bots.language.base import yes_no_states
from planning.evidence import Answer
from planning.network import Finding
from planning.simulation import SimulatedUser, stable_hash

ANSWER_MODES = ("exact", "words", "utterances")

YES = ("yes", "Yes, I have.", "yeah", "yes I do", "yep, that's right")
NO = ("no", "No, I haven't.", "nope", "no I don't", "no, not that")
UNSURE = ("not sure", "I don't know", "I'm not sure")
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
    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        """(text, button payload) for the question about ``finding``; ``attempt`` counts the
        bot's "I didn't understand" to this question so far."""
        ...


def _button(answer: Answer) -> str:
    return "answer:unsure" if answer.states is None else f"answer:{answer.states[0]}"


class ExactSpeaker:
    """Presses the answer buttons."""

    def __init__(self, user: SimulatedUser) -> None:
        self.user = user

    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        return "", _button(self.user.answer(finding.id, finding.states))


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

    def reply(self, finding: Finding, *, attempt: int, confirming: bool) -> tuple[str, str]:
        utterances = self.user.utterances(finding.id)
        if confirming or not utterances:
            return self.words.reply(finding, attempt=attempt, confirming=confirming)
        if attempt < len(utterances):
            return utterances[attempt], ""
        return UNSURE[0], ""
