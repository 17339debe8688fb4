"""Answers that take themselves back, and yes/no answers whose words are about something
else (``bots.language.corrections``), through the offline interpreter."""

from __future__ import annotations

import pytest

from bots.language import OfflineInterpreter
from bots.language.corrections import CORRECTED_RELIABILITY, ELSEWHERE_CONFIDENCE
from planning.network import EvidentialNetwork, Finding, Hypothesis

QUESTIONS = {
    "smell": "Can you smell burning or see smoke coming out of the laptop?",
    "fan": "Is your laptop's fan running when it overheats?",
    "hot": "Are you using your laptop in a hot environment?",
    "drip": "Is the power steering fluid dripping out from the pump?",
    "lamp": "Do you have a single lamp failure? It could be a headlight, a taillight, or a "
    "blinker.",
    "kerb": "Did you hit a curb or a pot hole recently?",
}
NETWORK = EvidentialNetwork(
    name="t",
    hypotheses=[Hypothesis("h", "h")],
    findings=[Finding(k, q, ("yes", "no")) for k, q in QUESTIONS.items()],
    links=[],
)


def read(finding: str, text: str) -> tuple[str | None, float, float]:
    meaning = OfflineInterpreter().interpret(
        text, pending=NETWORK.finding(finding), network=NETWORK
    )
    answer = meaning.answer_for(finding)
    assert answer is not None, meaning
    state = answer.states[0] if answer.states else None
    return state, answer.reliability, meaning.confidence


@pytest.mark.parametrize(
    ("finding", "text", "state"),
    [
        ("smell", "yes theres a burning smell. well actually no, maybe not", "no"),
        ("fan", "the fan runs all the time. no wait, it doesnt run at all", "no"),
        ("hot", "yes its really hot in here. actually no the heating is off", "no"),
        ("drip", "no leaks. oh wait there is a drip", "yes"),
        ("hot", "no. well yes", "yes"),
    ],
)
def test_the_last_word_stands_hedged(finding: str, text: str, state: str) -> None:
    got, reliability, confidence = read(finding, text)
    assert got == state
    assert reliability <= CORRECTED_RELIABILITY
    assert confidence < 0.95  # confirmed before a conclusion rests on it


def test_plain_answers_are_untouched() -> None:
    assert read("smell", "no, nothing like that")[0] == "no"
    assert read("fan", "yes it's running") == ("yes", 1.0, 0.95)


def test_a_yes_about_something_else_is_doubted() -> None:
    state, _reliability, confidence = read("hot", "yes plugged in most of the time")
    assert state == "yes" and confidence == ELSEWHERE_CONFIDENCE


@pytest.mark.parametrize(
    ("finding", "text", "state"),
    [
        ("lamp", "yes, just the front left indicator bulb is out", "yes"),
        ("kerb", "yeah i clipped a kerb last week", "yes"),
    ],
)
def test_a_plain_answer_in_the_users_own_word_for_the_questions_is_not_doubted(
    finding: str, text: str, state: str
) -> None:
    # "indicator" is what people say for the question's "blinker", "kerb" for its "curb":
    # read as about something else, the answer was asked back at once ("Just to be sure").
    got, _reliability, confidence = read(finding, text)
    assert got == state and confidence > ELSEWHERE_CONFIDENCE


@pytest.mark.parametrize(
    ("finding", "text"),
    [
        ("smell", "yes. no hang on, not sure"),
        ("fan", "no. well maybe, hard to tell"),
        ("drip", "yeah theres a drip. or is that the aircon, not sure"),
        ("hot", "yes its warm in here. hmm not sure actually"),
        ("fan", "yes. no wait, i dont know"),
    ],
)
def test_an_answer_taken_back_into_doubt_is_not_sure(finding: str, text: str) -> None:
    # Reading the first part alone counted a retracted yes or no as certain.
    assert read(finding, text)[0] is None


@pytest.mark.parametrize(
    ("finding", "text", "state"),
    [
        ("drip", "yes. not sure where from exactly", "yes"),
        ("smell", "yes theres a burning smell. well actually no, maybe not", "no"),
    ],
)
def test_a_doubt_about_something_else_keeps_the_answer(finding: str, text: str, state: str) -> None:
    assert read(finding, text)[0] == state
