"""What the evaluation's simulated users type (evaluation.speakers) and which replies count as
showing a code (evaluation.play.shows_code)."""

from __future__ import annotations

from bots.messages import Button, Reply
from evaluation.play import shows_code
from evaluation.speakers import NO, NUMBERS, UNSURE, YES, ExactSpeaker, WordsSpeaker
from planning.network import Finding
from planning.simulation import Case, SimulatedUser

CASE = Case(
    "c1",
    "h",
    {
        "fever": "yes",
        "cough": "no",
        "pain": "7",
        "colour": "V_156",
        "peel": "V_12",
        "who": "not sure",
    },
)
FEVER = Finding("fever", "Do you have a fever?")
COUGH = Finding("cough", "Do you cough?")
PAIN = Finding("pain", "How intense is the pain?", states=tuple(str(i) for i in range(11)))
COLOUR = Finding("colour", "What colour is the rash?", states=("V_11", "V_156", "V_157"))
PEEL = Finding("peel", "Do your lesions peel off?", states=("V_10", "V_12"))
WHO = Finding("who", "Anyone else ill?")
MEANINGS = {
    "colour": {"V_11": "NA", "V_156": "pink", "V_157": "red"},
    "peel": {"V_10": "N", "V_12": "Y"},
}


def words() -> WordsSpeaker:
    return WordsSpeaker(SimulatedUser(CASE), MEANINGS)


def say(finding: Finding, attempt: int = 0) -> str:
    return words().reply(finding, attempt=attempt, confirming=False)[0]


def test_exact_users_press_the_answer_buttons() -> None:
    speaker = ExactSpeaker(SimulatedUser(CASE))
    assert speaker.reply(FEVER, attempt=0, confirming=False) == ("", "answer:yes")
    assert speaker.reply(WHO, attempt=0, confirming=False) == ("", "answer:unsure")


def test_words_users_say_yes_and_no_as_people_do_never_a_code() -> None:
    assert say(FEVER) in YES and say(COUGH) in NO
    assert say(PEEL) in YES  # a yes/no question spelt as values: "Y" is said as a yes
    assert say(COLOUR) == "pink"  # the value's meaning, not V_156
    assert say(PAIN) in ("7", NUMBERS[7])
    assert say(WHO) in UNSURE


def test_words_users_say_it_plainly_when_not_understood_then_give_up() -> None:
    assert say(FEVER, attempt=1) == "yes" and say(PAIN, attempt=1) == "7"
    assert say(FEVER, attempt=2) in UNSURE


def reply(*parts: str, buttons: tuple[Button, ...] = ()) -> Reply:
    return Reply(parts=parts, kind="question", buttons=buttons)


def test_replies_showing_internal_ids_are_counted() -> None:
    clean = reply("Do you have a fever?", buttons=(Button("Yes", "answer:E_91"),))
    assert not shows_code(clean)  # a payload is not shown, its label is
    assert shows_code(reply("Please pick one of: V_11, V_86."))
    assert shows_code(reply("Is it dark?", buttons=(Button("V_10", "answer:V_10"),)))
    assert shows_code(reply("Source: Laptop battery (laptop_battery#3)"))
    assert shows_code(reply("Then go to step 4."))
    assert shows_code(reply("Check car_electrical_failure:q1 first."))
