"""Replies the crowd training tables showed misread or unread (stop 48, issue 19), by class:
"have you checked X?" answered "i havent looked" (the checking is what is asked, so not having
done it is a no, not "I can't check that"); none found where the user looked ("no tears that i
can see", "zero movement"); a short reply about "it" that negates some other thing is no yes;
a value against what it should be ("24 when it should be 33", "what the sticker says"); lay
words for a state (slack, puffed up, frost, residue, silent); "gone a bit slack" is no absence.
The rows are development rows written with the change, in words of their own (not the crowd
tables'); the numbers are in docs/answer-reader.md, "Stop 48".
"""

from __future__ import annotations

import pytest

from bots.language import expected
from bots.language.offline import OfflineInterpreter
from bots.language.reader import read_answer
from evaluation.answer_model import questions_network

_INTERPRETER = OfflineInterpreter(volunteer=False, learned=False)


def recorded(question: str, reply: str) -> tuple[str, tuple[str, ...] | None]:
    """The interpreter's intent for ``reply`` to ``question``, and the states it records."""
    network, findings = questions_network([question], name="asked-replies-48")
    finding = findings[question]
    meaning = _INTERPRETER.interpret(reply, pending=finding, network=network)
    answer = meaning.answer_for(finding.id) if meaning.intent == "answer" else None
    return meaning.intent, None if answer is None else answer.states


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Have you checked the oil level on the dipstick?", "i havent looked at it yet"),
        ("Did you inspect the fan blades for damage?", "no, didnt check"),
        ("Have you tested the fuse with a meter?", "i have not tested it"),
        ("Have you looked under the car for drips?", "havent had a chance to look"),
    ],
)
def test_not_having_checked_answers_have_you_checked(question: str, reply: str) -> None:
    assert recorded(question, reply) == ("answer", ("no",))


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        # Whether a thing is so, asked through checking: not having looked says nothing.
        ("Can you check if the fuse has blown?", "i havent checked"),
        ("Is the drive belt worn?", "havent looked"),
        # A means of checking that is not had is still no answer to "have you checked?".
        ("Have you checked the tyre pressures?", "i dont have a gauge"),
    ],
)
def test_not_having_checked_is_no_answer_elsewhere(question: str, reply: str) -> None:
    assert recorded(question, reply)[1] in (None, ())


@pytest.mark.parametrize(
    ("question", "reply", "polarity"),
    [
        ("Are the wiper blades split or perished?", "no splits that i can see", -1),
        ("Is the hose cracked?", "no cracks as far as i can tell", -1),
        ("Does the pulley wobble when the engine runs?", "there is zero wobble on it", -1),
        ("Does the door move when you lift it?", "i lifted it and got zero movement", -1),
    ],
)
def test_none_found_where_looked(question: str, reply: str, polarity: int) -> None:
    assert read_answer(reply, question).polarity == polarity


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        ("Does the fan come on when it gets hot?", "it has no power at all"),
        ("Is the plug loose?", "it has no marks on it"),
    ],
)
def test_a_short_reply_negating_another_thing_is_no_yes(question: str, reply: str) -> None:
    assert read_answer(reply, question).polarity != 1


@pytest.mark.parametrize(
    ("question", "reply", "polarity"),
    [
        ("Is the battery voltage below the rated value?", "it reads 11.2 and should be 12.6", 1),
        ("Is the battery voltage below the rated value?", "its 12.7, should be about 12.6", -1),
        ("Is the oil pressure lower than the specified pressure?", "its bang on the spec", -1),
        ("Is the tyre pressure under the recommended?", "theyre all where they should be", -1),
        ("Is the coolant temperature above normal?", "sits at normal the whole time", -1),
        ("Is any tyre more than 4 psi under the recommended pressure?", "30, should be 32", -1),
        ("Is any tyre more than 4 psi under the recommended pressure?", "26, should be 32", 1),
    ],
)
def test_a_value_against_what_it_should_be(question: str, reply: str, polarity: int) -> None:
    assert read_answer(reply, question).polarity == polarity


def test_a_direction_said_is_left_to_the_other_readings() -> None:
    # "lower than it should be" says the direction itself; "spot on" is not at the reference
    # when a direction is said beside it.
    assert expected.reading("lower than it should be", "Is it below the recommended?") == 0
    assert expected.reading("not spot on, a bit low", "Is it below the recommended?") == 0
    assert expected.reading("24 and it should be 33", "Is the tyre flat?") == 0


@pytest.mark.parametrize(
    ("question", "reply", "polarity"),
    [
        ("Is the fan belt loose?", "its gone a bit slack", 1),
        ("Is the fan belt loose?", "its slack, i can twist it right round", 1),
        ("Is the capacitor swollen?", "the top is all puffy", 1),
        ("Is the window icing up on the inside?", "not a bit of frost", -1),
        ("Are the glasses dirty after a wash?", "theres a greasy film on them", 1),
        ("Can you hear the caller?", "its silent on my end", -1),
    ],
)
def test_lay_words_for_the_state(question: str, reply: str, polarity: int) -> None:
    assert read_answer(reply, question).polarity == polarity


@pytest.mark.parametrize(
    ("question", "reply", "polarity"),
    [
        ("Has the boiler been serviced in the last 12 months?", "it was done 3 years ago", -1),
        ("Has the boiler been serviced in the last 12 months?", "had it done 5 months ago", 1),
        ("Have you updated the drivers within the past week?", "i did it 2 days ago", 1),
        ("Have you updated the drivers within the past week?", "about a month ago", -1),
    ],
)
def test_an_event_against_a_window_of_time(question: str, reply: str, polarity: int) -> None:
    assert read_answer(reply, question).polarity == polarity


def test_a_window_of_distance_is_no_window_of_time() -> None:
    # "within the last 10,000 km" was read as ten units of time: 5000 km was outside it.
    assert (
        read_answer("rotated about 5000 km ago", "Rotated within the last 10,000 km?").polarity
        != -1
    )


def test_a_negated_reply_is_not_read_by_its_time() -> None:
    # "not ... in 2 weeks" gives a time inside the window and says the thing was not done.
    reading = read_answer(
        "i have not changed it in 2 weeks", "Has the filter been changed in the last month?"
    )
    assert reading.polarity != 1
