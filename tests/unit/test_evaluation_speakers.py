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


def concluded(text: str, *facts: tuple[str, str, str]) -> tuple[Reply, dict[str, object]]:
    """A conclusion's reply and the bot turn's record of the facts it went by."""
    record = {
        "type": "conclude",
        "basis": [{"finding": f, "states": [s], "shown": shown} for f, s, shown in facts],
    }
    return Reply(parts=(text,), kind="conclusion"), record


def test_the_user_corrects_only_a_shown_fact_that_contradicts_their_own_case() -> None:
    from evaluation.play import misread

    user = SimulatedUser(CASE)
    wrong = ("cough", "yes", "Do you cough? yes")  # the user's case: no cough
    right = ("fever", "yes", "Do you have a fever? yes")
    off_path = ("rash", "yes", "Do you have a rash? yes")  # nothing in the user's case
    said = "I went by what you told me: {}."
    reply, record = concluded(said.format("Do you cough? yes"), wrong)
    assert misread(user, reply, record) == "cough"
    reply, record = concluded(said.format("Do you have a fever? yes"), right, off_path)
    assert misread(user, reply, record) is None
    # A fact in the record but not in what the user was shown is never acted on.
    reply, record = concluded("The most likely cause: a cold.", wrong)
    assert misread(user, reply, record) is None


def test_users_say_that_is_not_what_they_said_by_button_or_in_words() -> None:
    assert ExactSpeaker(SimulatedUser(CASE)).correct(COUGH) == ("", "correct")
    text, button = words().correct(COUGH)
    assert button == "" and any(text.endswith(f", {no}") for no in NO)
    assert any(cue in text for cue in ("not what I said", "wrong", "misread"))
