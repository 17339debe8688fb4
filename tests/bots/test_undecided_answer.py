"""A reply the reader cannot tell a yes from a no in is asked back, not guessed.

"the steering is fine" to "is the steering hard when stationary?" was read as a yes (a
restatement: it names the steering), and a crisp chart link turned it into a confident wrong
fix. Where a question asks about a state that is neither a fault nor normal working in the
lexicon, "<it> is fine" says neither (docs/answer-reader.md, "Stop 37"): through the service
as ``manage.py evaluate flodial`` builds it, the bot says it could not tell and asks again.
"""

from __future__ import annotations

from bots.language import OfflineInterpreter
from bots.language.reader import UNDECIDED, read_answer
from evaluation.answer_model import questions_network
from tests.bots.chart_chat import ChartChat

interpreter = OfflineInterpreter(volunteer=False, learned=False)


def test_fine_to_a_question_neither_of_fault_nor_of_working_is_undecided() -> None:
    rows = [
        ("Is the steering hard when the car is stationary?", "the steering is fine"),
        ("Does the brake pedal go all the way to the floor?", "the pedal feels normal to me"),
        ("Do the indicators blink faster on one side?", "they look ok"),
    ]
    network, findings = questions_network((q for q, _ in rows), name="undecided")
    for question, text in rows:
        meaning = interpreter.interpret(text, pending=findings[question], network=network)
        assert (meaning.intent, meaning.detail) == ("unknown", UNDECIDED), text


def test_fine_still_answers_where_the_question_says_which_way() -> None:
    # A fault asked about, working asked about, what the user can see, and "fine" qualifying
    # the asked verb: each is read as before.
    assert read_answer("the steering is fine", "Is the steering noisy when you turn?").polarity < 0
    assert read_answer("the lights are fine", "Are the lights working?").polarity > 0
    assert (
        read_answer("screen looks normal", "Are you able to see anything on the screen?").polarity
        > 0
    )
    assert read_answer("it stays on fine", "Does the pilot light stay on?").polarity > 0


def test_the_service_asks_whether_it_was_a_yes_or_a_no() -> None:
    chat = ChartChat("brake_problem", "undecided", {}, most=10)
    first = chat.send("my brakes feel weird")
    assert first.question == "brake_problem:q1"  # "Does the car stop when you apply the brakes?"
    reply = chat.send("honestly the brakes seem fine")
    assert reply.parts[0] == "I couldn't tell whether that means yes or no."
    assert reply.question == "brake_problem:q1"
    assert chat.bot_actions()[-1]["type"] == "reask"
    answered = chat.send("yes it stops")
    assert answered.question != "brake_problem:q1"
