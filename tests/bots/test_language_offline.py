"""The offline interpreter on a table of phrasings, and on the FloDial dev users' own words."""

from __future__ import annotations

import pytest

from bots.language import InterpretationError, OfflineInterpreter
from bots.language.base import Interpretation
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link

SCALE = tuple(str(i) for i in range(11))

NETWORK = EvidentialNetwork(
    name="phrasings",
    hypotheses=[Hypothesis("h1", "Dead battery"), Hypothesis("h2", "Broken screen")],
    findings=[
        Finding("power", "Does the laptop power on?"),
        Finding("led", "Is the power LED blinking amber?"),
        Finding("windows", "Is it running Windows 10?"),
        Finding("freeze", "Does your laptop freeze even when it is not hot?"),
        Finding("overheat", "Is your laptop overheating?"),
        Finding("fan", "Is your laptop fan running all the time when you use the laptop?"),
        Finding("adapter", "Is the wireless adapter switched ON?"),
        Finding("outlet", "Is the AC power outlet working?"),
        Finding("ticking", "Do you hear the ticking sound only when you take a turn?"),
        Finding("pain", "How intense is the pain?", states=SCALE, default_state="0"),
        Finding("where", "Where is the pain?", states=("head", "chest", "belly")),
        Finding("fever", "Do you have a fever (either felt or measured with a thermometer)?"),
        Finding("cough", "Do you have a cough?"),
    ],
    links=[Link.make("h1", "power", {"no": 1.0}), Link.make("h2", "power", {"yes": 1.0})],
)
interpreter = OfflineInterpreter()


def read(text: str, finding: str | None, button: str | None = None) -> Interpretation:
    pending = NETWORK.finding(finding) if finding else None
    return interpreter.interpret(text, pending=pending, network=NETWORK, button=button)


ANSWERS = [
    # explicit answers
    ("yes", "power", "yes"),
    ("Yeah", "power", "yes"),
    ("yep!", "power", "yes"),
    ("correct", "power", "yes"),
    ("it does", "power", "yes"),
    ("Sure.", "power", "yes"),
    ("no", "power", "no"),
    ("Nope", "power", "no"),
    ("not really", "power", "no"),
    ("it doesn't", "power", "no"),
    ("never", "power", "no"),
    ("No, it is not glowing at all.", "led", "no"),
    # the user's own words, restating the question
    ("the light is blinking amber", "led", "yes"),
    ("The LED isn't blinking.", "led", "no"),
    ("Yes it is running Windows 10", "windows", "yes"),
    ("It won't power on at all.", "power", "no"),
    ("I restarted it and now it powers on", "power", "yes"),
    # a negation that only echoes the question's own
    ("It freezes even when it's not hot.", "freeze", "yes"),
    ("It freezes even when it is cool.", "freeze", "yes"),
    # judging the state: fine means "no problem" / "it works"
    ("It stays nice and cool.", "overheat", "no"),
    ("Everything is fine, no problems at all.", "overheat", "no"),
    ("The outlet is dead.", "outlet", "no"),
    ("The outlet seems to be working properly.", "outlet", "yes"),
    # opposites, "only" questions
    ("The fan runs intermittently.", "fan", "no"),
    ("It is switched off.", "adapter", "no"),
    ("I hear it all the time, even when driving straight.", "ticking", "no"),
    ("It only ticks when I turn.", "ticking", "yes"),
    # a report of what was done, then what was found
    ("I checked the outlet and it doesn't work.", "outlet", "no"),
    ("I tried booting it. But the LED is not blinking.", "led", "no"),
]


@pytest.mark.parametrize(("text", "finding", "state"), ANSWERS)
def test_answers(text: str, finding: str, state: str) -> None:
    meaning = read(text, finding)
    assert meaning.intent == "answer", meaning
    assert meaning.answers[0].finding == finding
    assert meaning.answers[0].states == (state,), meaning.detail
    assert meaning.source == "offline"


@pytest.mark.parametrize(
    ("text", "state"),
    [("I think so", "yes"), ("probably not", "no"), ("I guess it does power on", "yes")],
)
def test_hedges_lower_reliability(text: str, state: str) -> None:
    answer = read(text, "power").answers[0]
    assert answer.states == (state,)
    assert 0.5 <= answer.reliability < 1.0


def test_firm_answers_keep_full_reliability() -> None:
    assert read("yes", "power").answers[0].reliability == 1.0
    assert read("It does not power on.", "power").answers[0].reliability == 1.0


@pytest.mark.parametrize("text", ["not sure", "I don't know", "maybe", "No idea.", "hard to say"])
def test_unsure(text: str) -> None:
    meaning = read(text, "power")
    assert meaning.intent == "answer"
    assert meaning.answers[0].states is None  # vacuous: it changes nothing


INTENTS = [
    ("why are you asking?", "why"),
    ("Why do you need to know that?", "why"),
    ("How come that matters?", "why"),
    ("how do I check that?", "how_to_check"),
    ("What is a BIOS splash screen?", "how_to_check"),
    ("I don't know how to check that.", "how_to_check"),
    ("Can you tell me where the power LED is?", "how_to_check"),
    ("talk to a person", "human"),
    ("Can I speak to a human please?", "human"),
    ("I want a real person", "human"),
    ("start over", "restart"),
    ("Restart", "restart"),
    ("let's start again", "restart"),
    ("hello", "greeting"),
    ("I can check that.", "unknown"),
    ("I know how to do that.", "unknown"),
    ("bananas are yellow", "unknown"),
]


@pytest.mark.parametrize(("text", "intent"), INTENTS)
def test_intents(text: str, intent: str) -> None:
    meaning = read(text, "power")
    assert meaning.intent == intent, meaning.detail
    assert meaning.answers == ()


def test_explicit_answer_wins_over_a_question_in_the_same_message() -> None:
    meaning = read("No. How do I check the adapter?", "power")
    assert meaning.intent == "answer"
    assert meaning.answers[0].states == ("no",)


@pytest.mark.parametrize(
    ("text", "finding", "states"),
    [
        ("7", "pain", ("7",)),
        ("about a 7 out of 10", "pain", ("7",)),  # the scale's top is not an answer
        ("none", "pain", ("0",)),  # a plain "no" to a scale is its default (absent) state
        ("chest", "where", ("chest",)),
        ("In my chest.", "where", ("chest",)),
        ("2", "where", ("chest",)),  # the second option
        ("head or chest", "where", ("head", "chest")),  # a set-valued answer
    ],
)
def test_categorical(text: str, finding: str, states: tuple[str, ...]) -> None:
    meaning = read(text, finding)
    assert meaning.intent == "answer"
    assert meaning.answers[0].states == states


def test_categorical_without_a_state_is_not_understood() -> None:
    assert read("it hurts", "where").intent == "unknown"


@pytest.mark.parametrize(
    ("payload", "intent", "states"),
    [
        ("answer:yes", "answer", ("yes",)),
        ("answer:no", "answer", ("no",)),
        ("answer:unsure", "answer", None),
        ("why", "why", None),
        ("how", "how_to_check", None),
        ("human", "human", None),
        ("restart", "restart", None),
    ],
)
def test_buttons(payload: str, intent: str, states: tuple[str, ...] | None) -> None:
    meaning = read("", "power", button=payload)
    assert meaning.intent == intent
    if intent == "answer":
        assert meaning.answers[0].states == states
        assert meaning.confidence == 1.0


def test_a_button_for_a_state_the_question_lacks_is_an_error() -> None:
    with pytest.raises(InterpretationError, match="not a state of finding 'where'"):
        read("", "where", button="answer:knee")


def test_categorical_button() -> None:
    assert read("", "where", button="answer:belly").answers[0].states == ("belly",)


def test_volunteered_facts_about_other_findings() -> None:
    meaning = read("Yes. Also the power LED is blinking amber.", "windows")
    assert meaning.answers[0].states == ("yes",)
    (fact,) = meaning.volunteered
    assert (fact.finding, fact.states) == ("led", ("yes",))
    # The whole question said plainly ("Is the power LED blinking amber?"): as clear as a
    # pressed yes. Only a partial restatement is discounted (bots.language.volunteer).
    assert fact.reliability == 1.0


def test_complaint_volunteers_several_findings() -> None:
    meaning = read("I have a bad cough and a fever since Monday", None)
    assert {(a.finding, a.states) for a in meaning.volunteered} == {
        ("cough", ("yes",)),
        ("fever", ("yes",)),
    }
    assert meaning.answers == ()


def test_negative_facts_must_be_about_the_question_itself() -> None:
    # "not blinking amber" answers the LED question; "not blinking green" says nothing about it.
    assert [a.states for a in read("The power LED is not blinking amber.", None).volunteered] == [
        ("no",)
    ]
    assert read("The power LED is not blinking green.", None).volunteered == ()


def test_the_pending_finding_is_never_volunteered() -> None:
    meaning = read("The power LED is blinking amber", "led")
    assert meaning.answers[0].states == ("yes",)
    assert meaning.volunteered == ()


def test_volunteering_can_be_switched_off() -> None:
    quiet = OfflineInterpreter(volunteer=False)
    meaning = quiet.interpret("I have a bad cough", pending=None, network=NETWORK)
    assert meaning.volunteered == ()


def test_interpretation_serialises_for_the_turn() -> None:
    data = read("I think so", "power").to_dict()
    assert data["intent"] == "answer"
    assert data["answers"] == [{"finding": "power", "states": ["yes"], "reliability": 0.8}]
    assert data["source"] == "offline"


def test_empty_message_is_unknown() -> None:
    assert read("   ", "power").intent == "unknown"


@pytest.mark.slow
def test_flodial_dev_users_own_words() -> None:
    """The real users' answers in the dev dialogs (the test charts stay unseen)."""
    from evaluation.utterances import read_utterances
    from knowledge.datasets import flodial

    try:
        dialogs = flodial.load_dialogs("dev")
    except Exception as exc:  # pragma: no cover - datasets missing
        pytest.skip(f"FloDial not available: {exc}")
    reader = OfflineInterpreter(volunteer=False)
    networks: dict[str, EvidentialNetwork] = {}
    correct = total = 0
    for dialog in dialogs:
        case = flodial.dialog_case(dialog)
        assert case is not None
        network = networks.setdefault(dialog.chart, flodial.load_network(dialog.chart))
        for finding_id, texts in case.metadata["utterances"].items():
            truth = case.answers.get(finding_id)
            if truth is None:
                continue
            answer = read_utterances(texts, network.finding(finding_id), network, reader).answer
            total += 1
            correct += answer.states == (truth,)
    assert total > 1500
    assert correct / total >= 0.95
