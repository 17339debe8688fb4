"""Reading answers in users' own words: generic English phrasings, not taken from any dialog.

Each row is a yes/no question and an answer that does not simply say "yes" or "no": it names
the state the user sees (often the opposite of the question's word), reads out a number, puts
the answer in a "but" clause, or says the user cannot check. Topics are deliberately spread
over household, IT, car and health questions so the rules stay general.
"""

from __future__ import annotations

import pytest

from bots.language import OfflineInterpreter
from bots.language.comparison import Comparison, answer_value, question_comparison
from bots.language.lexicon import opposites
from evaluation.tables import crowd_tables
from evaluation.tables.reading_tables import DEVELOPMENT, HELD_OUT
from planning.network import EvidentialNetwork, Finding, Hypothesis

READINGS = [
    # opposite states: the answer names the other side of the question's word
    ("Is the router's power light on?", "It's off.", "no"),
    ("Is the router's power light on?", "The light is lit solid green.", "yes"),
    ("Is the pilot light lit?", "It's out.", "no"),
    ("Is the Bluetooth turned on?", "Bluetooth is disabled in settings.", "no"),
    ("Does the printer turn on when you press the power button?", "It stays dark.", "no"),
    ("Does the laptop shut down suddenly?", "It stays on all day.", "no"),
    ("Do you hear a grinding noise when braking?", "Braking is quiet.", "no"),
    ("Does the smoke alarm beep every minute?", "It's completely silent.", "no"),
    ("Is it hard to turn the steering wheel?", "It turns easily.", "no"),
    ("Is it hard to turn the steering wheel?", "It feels very stiff.", "yes"),
    ("Does the steering wheel shake at high speed?", "It's steady at any speed.", "no"),
    ("Does the steering wheel shake at high speed?", "It vibrates a lot on the motorway.", "yes"),
    ("Does the car pull to one side?", "It drives straight.", "no"),
    ("Does the car pull to one side?", "It veers right when I let go of the wheel.", "yes"),
    ("Is the fan spinning?", "It's stopped.", "no"),
    ("Is the fridge colder than usual?", "It's warmer than it should be.", "no"),
    ("Is the fluid reservoir leaking?", "It's dry underneath.", "no"),
    ("Is the battery swollen?", "It looks normal.", "no"),
    ("Does the battery drain quickly?", "It lasts all day.", "no"),
    ("Does the battery hold a charge?", "It loses charge overnight.", "no"),
    ("Is the charging light flashing?", "It's steady.", "no"),
    ("Is the brake pedal spongy?", "It feels firm.", "no"),
    ("Is the filter clogged?", "It's clean.", "no"),
    ("Does the car idle roughly?", "It idles smoothly.", "no"),
    ("Is the oil level low?", "It's right at the full mark.", "no"),
    ("Is the paper tray empty?", "There is still plenty of paper in it.", "no"),
    ("Is the paper tray empty?", "It's completely empty.", "yes"),
    ("Is the cough worse at night?", "It's the same all day.", "no"),
    ("Does the toilet run constantly?", "It only runs now and then.", "no"),
    ("Does the toilet run constantly?", "It never stops running.", "yes"),
    ("Is the screen cracked?", "It looks undamaged to me.", "no"),  # un- negates
    # a negated opposite is a yes
    ("Is the fan noisy?", "It is not quiet at all.", "yes"),
    # numbers against a threshold
    ("Does the battery read more than 12 volts?", "It reads 12.6 volts.", "yes"),
    ("Does the battery read more than 12 volts?", "My meter shows 11.2V.", "no"),
    ("Does the battery read more than 12 volts?", "It's below 12.", "no"),
    ("Does the battery read more than 12 volts?", "Less than that.", "no"),
    ("Is the temperature above 38 degrees?", "It was 39.5 this morning.", "yes"),
    ("Is the coolant level below the minimum mark?", "It's above the minimum line.", "no"),
    # "only when" questions and answers
    ("Does the phone work on battery alone?", "It only works when plugged in.", "no"),
    (
        "Does the noise happen only when the car is cold?",
        "I hear it whether it's hot or cold.",
        "no",
    ),
    (
        "Do you hear ticking only when the car is moving?",
        "I don't hear it when the car is idle.",
        "yes",
    ),
    ("Does the car make a noise only on bumpy roads?", "On smooth roads it makes no noise.", "yes"),
    ("Does the car make a noise only on bumpy roads?", "It doesn't happen only on bumps.", "no"),
    # the clause about the question decides, not a clause about something else
    ("Does the TV show a picture?", "The picture is there but there is no sound.", "yes"),
    ("Does the TV have sound?", "There is sound but no picture.", "yes"),
    ("Is the router's power light on?", "No lights at all.", "no"),
    # "did you ...?" is answered by what the user did, not by what they found
    (
        "Did you inspect the tires recently?",
        "I have just checked the tires and they look fine.",
        "yes",
    ),
    ("Did you change the tires recently?", "They are quite old.", "no"),
    # restatements with a synonym
    ("Can you connect to other websites?", "Other sites load fine.", "yes"),
    ("Can you connect to other websites?", "I can't reach any site.", "no"),
    # informal and partial answers
    ("Is the screen flickering?", "Kinda, yeah.", "yes"),
    ("Does the steering make a noise when turning?", "Nothing, it's quiet.", "no"),
    ("Does your laptop freeze when it overheats?", "So, yes, it freezes.", "yes"),
    ("Can you hear the caller during calls?", "I can barely hear them.", "no"),
    ("Does the touchscreen respond to taps?", "It ignores my taps.", "no"),
    # how often: a plain question, "often?", "every day?", "always?"
    ("Is the screen flickering?", "Every now and then.", "yes"),
    ("Does the printer jam often?", "Rarely.", "no"),
    ("Do you have the symptoms every day?", "Once a week maybe.", "no"),
    ("Does it happen every time you start the car?", "Only on cold mornings.", "no"),
    ("Is the pain constant?", "It never lets up.", "yes"),
    ("Is the pain constant?", "It comes and goes.", "no"),
    # more opposite states, exclusive states (colours, sides) and near-synonyms
    ("Is the router's internet light green?", "It's red.", "no"),
    ("Is the charging light orange?", "It's amber.", "yes"),
    ("Does the car pull to the right?", "It drifts left if anything.", "no"),
    ("Is the steering wheel off-centre?", "It's crooked to the left when I go straight.", "yes"),
    ("Is the steering wheel centred when driving straight?", "It's tilted to the right.", "no"),
    ("Does the car pull to one side while driving straight?", "It keeps going straight.", "no"),
    ("Is the pain getting worse?", "It's improving.", "no"),
    ("Is the swelling going down?", "It's bigger than yesterday.", "no"),
    ("Did the symptoms start suddenly?", "It came on gradually over a week.", "no"),
    ("Is the power steering fluid low?", "It's topped up.", "no"),
    ("Is the power steering fluid low?", "It's not full, it's below the minimum.", "yes"),
    ("Is the water pressure low?", "It's strong.", "no"),
    ("Does the battery get hot while charging?", "It stays at room temperature.", "no"),
    ("Is the battery swollen or bulging?", "The bottom of the laptop is bulging a little.", "yes"),
    ("Are the tyres worn unevenly?", "They wear evenly.", "no"),
    ("Are the front tires worn unevenly?", "They are worn unevenly, more on the inside.", "yes"),
    ("Is the BIOS up to date?", "It's an old version from 2019.", "no"),
    ("Is the battery properly seated?", "It clicks firmly into place.", "yes"),
    # negation: scope, "unless", alternatives, quoted messages
    (
        "Does the laptop turn on without the battery?",
        "It does not turn on without the battery.",
        "no",
    ),
    (
        "Does the battery drain quickly even when the laptop is idle?",
        "It loses about 20% an hour even when I'm not using it.",
        "yes",
    ),
    (
        "Does the battery charge when the laptop is off?",
        "It charges even though it is not turned on.",
        "yes",
    ),
    (
        "Does the steering wheel shake when you brake?",
        "It doesn't shake unless I brake hard.",
        "yes",
    ),
    ("Is the power steering belt worn or cracked?", "It's a bit worn but not cracked.", "yes"),
    ("Is the power steering belt worn or cracked?", "No cracks and no wear.", "no"),
    (
        "Does the laptop show a battery error message?",
        "It says 'battery not detected' when I boot.",
        "yes",
    ),
    ("Does the laptop show a battery error message?", "There is no error message.", "no"),
    (
        "Do you need to pump the pedal several times before it firms up?",
        "It's firm from the start.",
        "no",
    ),
    ("Do you need to pump the pedal several times before it firms up?", "I don't have to.", "no"),
    # numbers in words and other units, percentages
    ("Does the laptop battery last more than two hours?", "About 40 minutes at most.", "no"),
    ("Is the laptop older than three years?", "It's about a year old.", "no"),
    ("Is the battery more than two years old?", "I replaced the battery last year.", "no"),
    ("Does the battery charge to 100%?", "It stops at 80.", "no"),
    ("Is the battery full?", "It's at 15%.", "no"),
    ("Is the battery level above 50%?", "About three quarters.", "yes"),
    ("Is the battery at 0%?", "It says 35%.", "no"),
    ("Is the pain above 5 out of 10?", "I'd say a 3.", "no"),
]


CROWD_TABLES = {
    name: getattr(crowd_tables, name)
    for name in ("GENERAL", "STEERING_BATTERY", "STEERING_BATTERY_2", "HELD_OUT_A", "HELD_OUT_B")
}


def _network() -> EvidentialNetwork:
    tables = [*READINGS, *DEVELOPMENT, *HELD_OUT, *(r for t in CROWD_TABLES.values() for r in t)]
    questions = sorted({q for q, _, _ in tables} | {q for q, _ in HELP})
    findings = [Finding(f"f{i}", q) for i, q in enumerate(questions)]
    return EvidentialNetwork(
        name="readings", hypotheses=[Hypothesis("h", "Cause")], findings=findings, links=[]
    )


HELP = [
    ("Is the fuse blown?", "I have no way of checking that."),
    ("Are you able to log in to the router?", "I can't access the settings page."),
    ("Can you connect when the router's security is off?", "I don't know the router password."),
    ("Does the battery read more than 12 volts?", "I don't own a multimeter."),
]
NETWORK = _network()
BY_QUESTION = {f.question: f for f in NETWORK.findings}
interpreter = OfflineInterpreter(volunteer=False)


@pytest.mark.parametrize(("question", "text", "state"), READINGS)
def test_answers_in_own_words(question: str, text: str, state: str) -> None:
    meaning = interpreter.interpret(text, pending=BY_QUESTION[question], network=NETWORK)
    assert meaning.intent == "answer", meaning
    assert meaning.answers[0].states == (state,), meaning.detail


def _reads_right(rows: list[tuple[str, str, str]]) -> int:
    right = 0
    for question, text, state in rows:
        meaning = interpreter.interpret(text, pending=BY_QUESTION[question], network=NETWORK)
        right += meaning.intent == "answer" and meaning.answers[0].states == (state,)
    return right


def test_phrasing_tables_keep_their_scores() -> None:
    """Whole-table scores (``reading_tables``): the development table and the held-out one,
    measured when the reader's general rules were last changed. A rule that helps one phrasing
    must not cost more elsewhere; raise the floors when the reader improves."""
    assert _reads_right(DEVELOPMENT) >= 333, "development table"
    assert _reads_right(HELD_OUT) >= 64, "held-out table"


# Rows the reader gets right in each crowd-style table (``crowd_tables``), 2026-11-24;
# raised 2026-11-26 with the judged readings (docs/answer-reader.md, stop 32) and the weak
# readings (stops 33 and 34); stop 35 (a yes said after, a fault named instead, "only" under
# another condition): GENERAL 255 -> 260, STEERING_BATTERY_2 216 -> 219, reading HELD_OUT 61
# -> 64.
CROWD_FLOORS = {
    "GENERAL": 260,
    "STEERING_BATTERY": 174,
    "STEERING_BATTERY_2": 219,
    "HELD_OUT_A": 202,
    "HELD_OUT_B": 211,
}


@pytest.mark.parametrize("name", sorted(CROWD_FLOORS))
def test_crowd_tables_keep_their_scores(name: str) -> None:
    """The crowd-style tables read as well as when they were written. They are a benchmark
    for the next round of reader work: a change must raise them without lowering FloDial
    dev, and FloDial test decides whether it carries over to real users."""
    rows = CROWD_TABLES[name]
    right = _reads_right(rows)
    assert right >= CROWD_FLOORS[name], f"{name}: {right} of {len(rows)}"


@pytest.mark.parametrize(("question", "text"), HELP)
def test_cannot_check_asks_for_help(question: str, text: str) -> None:
    """Saying one cannot check is neither a yes nor a no: the bot explains how and asks again."""
    meaning = interpreter.interpret(text, pending=BY_QUESTION[question], network=NETWORK)
    assert meaning.intent == "how_to_check", meaning
    assert meaning.answers == ()


def test_cannot_reach_the_thing_asked_about_is_an_answer() -> None:
    finding = Finding("web", "Can you access the internet?")
    network = EvidentialNetwork(
        name="web", hypotheses=[Hypothesis("h", "Cause")], findings=[finding], links=[]
    )
    meaning = interpreter.interpret(
        "I can't access the internet.", pending=finding, network=network
    )
    assert meaning.answers[0].states == ("no",)


def test_an_appearance_is_a_full_answer_and_a_guess_is_hedged() -> None:
    finding = BY_QUESTION["Is the battery swollen?"]
    seems = interpreter.interpret("It seems to be swollen.", pending=finding, network=NETWORK)
    guess = interpreter.interpret("I think it is swollen.", pending=finding, network=NETWORK)
    assert seems.answers[0].states == guess.answers[0].states == ("yes",)
    assert seems.answers[0].reliability == 1.0
    assert guess.answers[0].reliability < 1.0


@pytest.mark.parametrize(
    ("question", "op", "threshold"),
    [
        ("does it read more than 12 volts?", "gt", 12.0),
        ("is it 12 volts or higher?", "ge", 12.0),
        ("is the pressure below 30 psi?", "lt", 30.0),
        ("is it at least 2.5 bar?", "ge", 2.5),
        ("is the battery charged?", None, None),
        ("does it last more than two hours?", "gt", 2.0),
        ("is the laptop older than three years?", "gt", 3.0),
        ("is the battery full?", "ge", 95.0),
        ("does the battery get drained quickly?", None, None),  # a rate, not a level
        ("does one or more wheel drag?", None, None),  # a count of things, not a reading
    ],
)
def test_question_comparison(question: str, op: str | None, threshold: float | None) -> None:
    found = question_comparison(question)
    assert (found.op, found.threshold) == (op, threshold) if found else op is None


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("about 40 minutes", -1),  # converted to hours
        ("two and a half hours", 0),  # two numbers: not settled
        ("roughly three hours", 1),
        ("half an hour", -1),
        ("a day", 1),
        ("at most 90 minutes", -1),
        ("it is at 80%", 0),  # a percentage says nothing about hours
    ],
)
def test_answer_value_in_other_units(answer: str, value: int) -> None:
    assert answer_value(answer, question_comparison("does it last more than 2 hours?")) == value


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("it reads 12.6", 1),
        ("11.9 volts", -1),
        ("exactly 12", -1),  # not more than 12
        ("it is over 12 volts", 1),
        ("it is 12 volts or more", 0),  # may be exactly 12: not settled
        ("higher than 11", 0),  # straddles the threshold
        ("less than that", -1),
        ("1.8 volts over the usual 12", 0),  # two numbers: not parsed, left to the other rules
        ("it looks fine", 0),
    ],
)
def test_answer_value_against_more_than_12(answer: str, value: int) -> None:
    assert answer_value(answer, Comparison("gt", 12.0)) == value


def test_opposites_are_symmetric_and_never_a_word_itself() -> None:
    table = opposites()
    for word, others in table.items():
        assert word not in others
        for other in others:
            assert word in table[other], (word, other)
    assert "off" in table["on"] and "quiet" in table["loud"]
    assert {"green", "amber"} <= table["red"]  # colours: each excludes the others


DOUBTS = [
    ("Does the car pull to one side?", "hmm not really sure to be honest"),
    ("Is the fan spinning?", "not totally sure tbh"),
    ("Does the battery drain quickly?", "im not 100% sure"),
    ("Is it hard to turn the steering wheel?", "i'm not quite sure, it varies"),
    ("Is the router's power light on?", "not too sure, cant see it from here"),
    ("Does the smoke alarm beep every minute?", "Not entirely sure."),
    ("Does the battery drain quickly?", "couldnt honestly tell you"),
    ("Is the fan spinning?", "i cant really say, its under the desk"),
]


@pytest.mark.parametrize(("question", "text"), DOUBTS)
def test_doubt_with_a_degree_word_is_not_a_no(question: str, text: str) -> None:
    """ "not really sure" is doubt, not "not really": read as a no, a run of such replies once
    concluded a ticking car at 97% (stop 31's probes)."""
    meaning = interpreter.interpret(text, pending=BY_QUESTION[question], network=NETWORK)
    assert meaning.intent == "answer", meaning
    assert meaning.answers[0].states is None, meaning.detail  # Answer.unsure: no state
