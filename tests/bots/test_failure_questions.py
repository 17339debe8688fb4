"""A question whose own predicate is a failure ("have the accessories failed?", "did the
update fail?") is answered yes by an answer that says it failed, and no by one that says it
did not. "failed" is a negation only of what follows it ("fails to unlock"); read as one in
the answer, "all the electrical accessories failed" answered no, and "it did not fail"
(two negations) answered yes.
"""

from __future__ import annotations

import pytest

from bots.language import OfflineInterpreter
from evaluation.answer_model import questions_network

interpreter = OfflineInterpreter(volunteer=False, learned=False)

LAMP = "Do you have a single lamp failure? It could be a headlight, a taillight, or a blinker."
ROWS = [
    ("Have all the electrical accessories failed?", "all the electrical accessories failed", "yes"),
    ("Have all the electrical accessories failed?", "they have all failed at once", "yes"),
    ("Have all the electrical accessories failed?", "they haven't failed", "no"),
    ("Did the update fail?", "the update failed twice last night", "yes"),
    ("Did the update fail?", "it did not fail", "no"),
    ("Has the hard drive failed?", "i think the drive has failed, it clicks", "yes"),
    ("Has the hard drive failed?", "the drive hasn't failed, it still shows up", "no"),
    ("Did the login fail?", "login failed to load again", "yes"),
    # "fail to X" still denies X.
    ("Does it fail to unlock?", "it fails every time", "yes"),
    ("Does the app fail to connect?", "it connects straight away", "no"),
    ("Does the laptop boot?", "boot failed with an error", "no"),
    # Stop 47 (lead23, shared ft-car-indicator-fast-one-bulb): a part that does not work, light
    # up or come on says its failure (it was read as a no, the negation taken for the user's
    # answer); of all of them, "none of them work" does.
    (LAMP, "my left headlight doesnt work", "yes"),
    (LAMP, "the front left one doesnt light up at all", "yes"),
    (LAMP, "no, they all work", "no"),
    (LAMP, "none of them work", "no"),
    ("Have all the electrical accessories failed?", "none of them work", "yes"),
    ("Have all the electrical accessories failed?", "no it all works fine", "no"),
]


@pytest.mark.parametrize(("question", "text", "state"), ROWS)
def test_a_failure_restated_answers_yes(question: str, text: str, state: str) -> None:
    network, findings = questions_network([question], name="failures")
    meaning = interpreter.interpret(text, pending=findings[question], network=network)
    assert meaning.intent == "answer"
    assert meaning.answers[0].states == (state,)


# An all-clear with an exception that names the thing asked about answers yes: the exception
# is the answer ("all keys work except the e key" was read as no keys failing).
EXCEPTIONS = [
    ("Do some keys not respond?", "all keys work except the e key", "yes"),
    ("Do some keys not respond?", "every key types normally", "no"),
    ("Is there a clunk when you go over bumps?", "quiet mostly, but a clunk on big bumps", "yes"),
    ("Is there a clunk when you go over bumps?", "its quiet over bumps", "no"),
    ("Is there a clunk when you go over bumps?", "its quiet, but the steering feels heavy", "no"),
]


@pytest.mark.parametrize(("question", "text", "state"), EXCEPTIONS)
def test_an_exception_to_an_all_clear_answers_yes(question: str, text: str, state: str) -> None:
    network, findings = questions_network([question], name="exceptions")
    meaning = interpreter.interpret(text, pending=findings[question], network=network)
    assert meaning.intent == "answer"
    assert meaning.answers[0].states == (state,)


# A word of a good state in a condition says when, not that all is well ("noisy when cold"
# was read as "judged fine": no).
CONDITIONS = [
    ("Is the engine noisy?", "the engine is noisy when cold", "yes"),
    ("Does the laptop get hot?", "it gets hot when idle", "yes"),
    ("Does the engine overheat?", "it stays cool", "no"),
]


@pytest.mark.parametrize(("question", "text", "state"), CONDITIONS)
def test_a_good_word_in_a_condition_judges_nothing(question: str, text: str, state: str) -> None:
    network, findings = questions_network([question], name="conditions")
    meaning = interpreter.interpret(text, pending=findings[question], network=network)
    assert meaning.intent == "answer"
    assert meaning.answers[0].states == (state,)
