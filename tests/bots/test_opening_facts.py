"""Facts volunteered in an opening message, on a table written as users write
(``opening_table``), read against each FloDial chart's questions.

Measured 2026-11-25 (``bots.language.volunteer.volunteered_facts``):

| part | restatements | fragments | + encoder | + conditions | + verifier |
|---|---|---|---|---|---|
| dev (140 rows, 162) | 93.1 / 16.9 | 88.1 / 46.3 | 89.8 / 59.9 | 89.1 / 60.5 | 89.8 / 65.4 |
| held-out (99 rows, 95) | 100 / 16.8 | 90.7 / 51.6 | 89.0 / 68.4 | 87.8 / 68.4 | 87.3 / 72.6 |

(precision / recall, %, over rows and facts; "+ verifier" is now.)

"Now": each clause is matched to the question nearest in meaning among those its words name
(all-MiniLM-L6-v2 in NumPy, ``bots.language.encoder``), or to one it says in other words; the
thresholds in ``bots.language.facts`` were chosen on the development part only. Two
development rows gained a label that was true and missing ("hard drive is making clunking
noises" answers "can you hear fan or hard drive sounds?" yes; "fan runs constantly" answers
"is the fan running when it overheats?" yes). The issue's target (precision >= 95%, recall >=
85%) is not met; the floors below keep what there is from falling. The held-out part was
measured once for the final thresholds (its rows were not read while developing).

"+ conditions" (stop 28): a leading condition counts as part of the question, a condition
clause ("..., only when turning") stays with what it conditions, the words people say in
place of a question's word are matched in the stemmer's forms ("puddle"), and a question asked
"without X" is answered by taking X away ("if i pull the charger out it cuts off"). On the
tables this is neutral (dev +1 right +1 wrong; held-out +1 wrong); it answers the laptop
battery conversations that re-asked "does it power up without the charger?". Also tried and
not kept: encoding each question as the two statements that answer it ("the starter does not
crank") with LEXICAL_FLOOR 0.42: dev P 91.1% R 63.0% but held-out P 84.2% R 67.4%.

"+ verifier" (stop 29): every clause proposes candidate readings (its nearest questions by
meaning, the questions its words name) and a logistic regression trained on the development
part only adds the ones the rules missed (``bots.language.fact_verifier``; ``python -m
evaluation.fact_verifier cv|train|score``), at the lowest threshold that keeps the rules' own
leave-one-chart-out precision. A measurement is read against a question's threshold
("battery is about 4 yrs old" to "more than a year old?"), and a question asking "X or Y" is
said by saying either. Development P 89.8% R 65.4% (trained on it); leave one chart out on
it, P 88.8% R 68.5% (the rules alone: P 89.3% R 61.7%). Held-out, measured once at the end:
P 87.3% R 72.6% (was P 87.8% R 68.4%). The target (P 95%, R 85%) is not met.

"+ classes" (stop 30): the misses and false readings of the development part grouped by where
they go wrong (``python -m evaluation.fact_misses``), and fixed by class: several words for
one of the question's ("turns over", "one headlight out", "the battery dies"), a kind of
noise is a noise, a verb the question says with a particle that turns it round ("run down")
is not read as the bare verb, a negation inside a condition ("if i don't drive") denies
nothing, and three readings of something near are no longer taken: another kind of the thing
asked ("the work network" to "a home network?"), half of a question that asks two things,
and a question restricted to a condition ("only in reverse") without the condition.
Development P 91.2% R 70.4%; held-out P 89.6% R 72.6%.

"+ places" (stop 30): where the trouble is answers where the user connects ("fine at work but
not at home" to "trying to connect to a home network?", :mod:`bots.language.places`).
Development P 91.5% R 72.8%; held-out P 88.5% R 72.6%. A second round (the question's
subject must be said for a "yes"; the learned check kept to the same exclusions; retrained)
gave development P 92.9% R 72.2% but held-out P 87.7% R 67.4%, and was not kept. The
held-out part was measured three times this stop (after each round, and for this state).

"+ predicates and people's words" (stop 31): a "yes" is read only when the message says what
the question asks about its subject, a word for it or its opposite
(:mod:`bots.language.predicates`: "i press the power button and nothing happens" no longer
answers "does the power button click?"), and the words people use are said in the chart's own
words before reading (:mod:`bots.language.vocabulary`: "drops out", "doesn't last", "full to
nothing in 40 mins", "on the motorway"). 30 development rows and 14 held-out rows were added
for these two classes (written before the changes). Development, 170 rows: P 86.0% R 68.0%
before, P 94.3% R 72.9% after. Held-out, measured once at the end: the first 99
rows P 86.8% R 69.5% (was P 88.5% R 72.6%: the predicate words miss some function words,
"dies" for drains, "loads" for boots, "lit" for turned on), the 14 new rows P 100% R 62.5%,
all 113 rows P 87.7% R 68.9%. The target (P 95%, R 85%) is not met.

"+ predicate families" (stop 32): a rewrite never loses a negation ("did not last longer than
usual" is no longer "drains quickly"; ``tests/bots/test_vocabulary_negation.py`` says every
rule with the usual negations on every chart), and a question's predicate is let through in
the words of its family (dies / runs out / goes flat for drains, loads / starts up / gets to
the desktop for boots, lit / glowing / shows green / kicks in for on, on mains / on charge for
plugged in, which is what "do you always work with the adapter plugged in?" asks). Dev
unchanged, P 94.3% R 72.9%. 15 held-out rows written before the change. Held-out measured
once at the end: the 113 earlier rows P 87.2% R 72.8% (was P 87.7% R 68.9%), the 15 new rows
P 62.5% R 26.3%, all 128 rows P 85.1% R 65.6%. Then, on development rows only (10 new ones
for these classes), the same families as rewrites into the chart's words (runs down / goes
flat to nothing, gets or loads to the desktop, kicks in, lights up, "drops", never unplugging
is keeping it plugged in), each in the negation test: development 180 rows P 94.7% R 74.5%
(the 170 earlier rows P 94.3% R 73.5%). Held-out measured a second time for that state (no
choice made on it): all 128 rows P 86.2% R 66.4%, the 113 earlier rows P 88.2% R 72.8%, the
15 new rows P 66.7% R 31.6%. The target (P 95%, R 85%) is not met.

Stop 33: 30 held-out rows written first (typos, hedges, several facts, negated facts, messages
sharing a question's words with no fact), measured before any change (P 77.3% R 36.2%; all 158
held-out rows P 84.5% R 58.0%). Then, on development rows only: one source of word groups
(``bots.language.word_groups``, dev unchanged); 50 development rows of the same kinds (the
learned check's training rows; the rules alone read them at P 93% R 40%); a question typed
without its question mark is no fact ("should i flush the engine"); "no problem" is no
denial; "silent" is the opposite of running; and the learned check gains three features (the
clause says the question's predicate, the predicate is unknown, the question is also the whole
sentence's nearest), admits a "yes" only where ``volunteer._stands`` would keep it, admits an
unread clause that says the predicate itself, and does not affirm another kind of the thing
asked ("the front wheel" for "a rear wheel"). Threshold by leave-one-chart-out as before (0.72,
L2 3). Leave one chart out on all 230 development rows: the rules alone P 94.9% R 57.7%, with
the check P 94.8% R 63.5% (the stop-32 configuration on the same rows: P 94.8% R 62.7%: the
check is at a plateau; every feature set and penalty tried is within 3 facts). Development,
the first 180 rows: P 96.0% R 74.1% (was P 94.7% R 74.5%); all 230 rows P 95.6% R 66.2%.
Held-out, measured once at the end: all 158 rows P 85.3% R 58.6%; the 128 earlier rows P 85.6%
R 68.0%; the 30 new rows P 84.2% R 34.0%. The target is not met: recall on wording the rules
were not written on stays low.

Session 9: 30 more held-out rows written first (the last 30; same kinds), measured before any
change: P 82.4% R 35.9%; all 188 held-out rows P 85.7% R 54.8% (the floor for all of them is
set there; the first 158 keep theirs). Tried and not shipped: each question said as the user's
affirmed and denied statements ("the starter does not crank", ``statements.py`` on the branch
``experiments/reading-statements``), encoded once per pack (320 sentences for the 12 charts,
5.3 s CPU), the 6 questions nearest a clause by statement added as candidates, with 4 features
(the nearer statement's cosine, its lead over the next question's, nearest or not, affirmed
minus denied signed by the reading), retrained (L2 10, threshold 0.68 by leave one chart out).
The statement lead is the best single feature (AUC 0.88 against 0.86 for the question cosine's
lead), but which of the two statements is nearer agrees with the right polarity for only 66%
of the candidates of a labelled finding: MiniLM hardly moves for a "not". Leave one chart out
on the 232 development rows: P 94.9% R 64.1%; the same without statements at the same penalty
P 94.9% R 63.7% (one fact), as shipped (L2 3) P 94.8% R 63.0%. Development P 95.1% R 66.4%
(shipped: P 95.6% R 66.0%: precision fell). Held-out, measured once: the first 158 rows P 86.3%
R 59.8% (shipped: P 86.2% R 59.2%), the 30 new rows P 82.4% R 35.9% (unchanged). FloDial dev
unchanged (exact ``--limit 150`` 97.3% / 3.58; utterances ``--limit 100`` 97.0% / 4.11 against
4.14). 6 ms CPU more per opening (97 against 91 ms). One fact on held-out and a fall in
development precision is no gain, so it was not shipped.
"""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from evaluation.tables.opening_table import DEVELOPMENT, HELD_OUT, Row
from knowledge.datasets import flodial


def _datasets() -> None:
    try:
        flodial.load_network("ticking")
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")


def score(rows: list[Row]) -> tuple[float, float]:
    tp = fp = fn = 0
    networks = {}
    for chart, text, facts in rows:
        network = networks.setdefault(chart, flodial.load_network(chart))
        got = {
            a.finding.split(":", 1)[1]: a.states[0]
            for a in volunteered_facts(text, network)
            if a.states
        }
        tp += sum(1 for f, s in got.items() if facts.get(f) == s)
        fp += sum(1 for f, s in got.items() if facts.get(f) != s)
        fn += sum(1 for f, s in facts.items() if got.get(f) != s)
    return tp / max(tp + fp, 1), tp / max(tp + fn, 1)


@pytest.mark.parametrize(
    ("rows", "precision_floor", "recall_floor"),
    [
        (DEVELOPMENT, 0.95, 0.66),
        (DEVELOPMENT[:180], 0.95, 0.74),
        (HELD_OUT[:158], 0.85, 0.58),
        (HELD_OUT, 0.85, 0.54),
    ],
    ids=["development", "development-first-180", "held-out-first-158", "held-out"],
)
def test_opening_facts_keep_their_scores(
    rows: list[Row], precision_floor: float, recall_floor: float
) -> None:
    _datasets()
    precision, recall = score(rows)
    print(f"precision {precision:.3f} recall {recall:.3f}")
    assert precision >= precision_floor
    assert recall >= recall_floor


def test_the_table_is_large_enough() -> None:
    assert len(DEVELOPMENT) + len(HELD_OUT) >= 200


def test_facts_said_in_passing() -> None:
    _datasets()
    network = flodial.load_network("car_wont_start")
    facts = {
        a.finding: a.states
        for a in volunteered_facts(
            "car fires up for a second or two and then dies, the starter cranks fine", network
        )
    }
    assert facts.get("car_wont_start:q1") == ("yes",)  # "does the starter crank?"
    # A question the user answers only after doing something ("Please plug in ... Does it
    # boot now?") is never taken from an opening.
    drive = flodial.load_network("laptop_drive")
    read = {a.finding for a in volunteered_facts("it boots fine to the desktop", drive)}
    assert "laptop_drive:q6" not in read


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my laptop wont stay on, if i pull the charger out it cuts off", ("no",)),
        ("it only runs with the adapter plugged in", ("no",)),
        ("dies the second i unplug it", ("no",)),
        ("when i take the charger out it keeps going on battery fine", ("yes",)),
    ],
)
def test_a_question_asked_without_something_is_answered_by_taking_it_away(
    text: str, expected: tuple[str, ...]
) -> None:
    # "Does the laptop power up without the charger plugged in?"
    _datasets()
    network = flodial.load_network("laptop_battery")
    facts = {a.finding: a.states for a in volunteered_facts(text, network)}
    assert facts.get("laptop_battery:q1") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("battery is about 4 yrs old and barely holds a charge", ("yes",)),
        ("the battery is brand new, bought it two months ago", ("no",)),
        ("had this battery since 2 years, it dies fast now", ("yes",)),
        ("battery only 8 months old but already draining quickly", ("no",)),
    ],
)
def test_a_measurement_is_read_against_the_questions_threshold(
    text: str, expected: tuple[str, ...]
) -> None:
    # "Is the battery more than a year old?": the age said in any unit of time answers it.
    _datasets()
    network = flodial.load_network("laptop_battery")
    facts = {a.finding: a.states for a in volunteered_facts(text, network)}
    assert facts.get("laptop_battery:q8") == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A time said beside the age is no age: the answer comes from the age alone.
        (
            "battery on my laptop goes from full to nothing in about 40 mins now, it used to "
            "last all afternoon. its coming up to 3 years old",
            ("yes",),
        ),
        ("battery goes flat in 20 minutes", None),
        ("the battery lasts about 2 hours at most now", None),
    ],
)
def test_an_age_question_is_answered_by_an_age_not_by_another_time(
    text: str, expected: tuple[str, ...] | None
) -> None:
    # "Is the battery more than a year old?": "40 mins" is how long it lasts, not its age.
    _datasets()
    network = flodial.load_network("laptop_battery")
    facts = {a.finding: a.states for a in volunteered_facts(text, network)}
    assert facts.get("laptop_battery:q8") == expected


def test_a_number_in_another_unit_measures_nothing_the_question_asks() -> None:
    # "Does the car battery reads more than 12 Volts?": "half a tank", "6 times" are no volts.
    _datasets()
    network = flodial.load_network("car_wont_start")
    read = {
        a.finding: a.states
        for a in volunteered_facts(
            "wont start, tried about 6 times, theres half a tank of petrol", network
        )
    }
    assert "car_wont_start:q3" not in read
    read = {a.finding: a.states for a in volunteered_facts("battery shows 11.8v", network)}
    assert read.get("car_wont_start:q3") == ("no",)


def _read(text: str, chart: str) -> dict[str, tuple[str, ...]]:
    _datasets()
    network = flodial.load_network(chart)
    return {a.finding.split(":", 1)[1]: a.states for a in volunteered_facts(text, network)}


@pytest.mark.parametrize(
    ("chart", "text", "finding", "expected"),
    [
        # A verb the question says with a particle that turns it round: dying is running down.
        ("car_electrical_failure", "the battery dies if i leave it a few days", "q6", ("yes",)),
        # A negation inside a condition does not deny the statement.
        (
            "car_electrical_failure",
            "battery is dead every morning if i dont drive for a few days",
            "q6",
            ("yes",),
        ),
        # Several words for one of the question's: a lamp that is out is a lamp failure.
        ("car_electrical_failure", "one headlight out, everything else works", "q14", ("yes",)),
        ("car_electrical_failure", "a tail light bulb has blown", "q14", ("yes",)),
        # A kind of noise is a noise.
        ("brake_problem", "my brakes screech every time i brake", "q18", ("yes",)),
        ("car_steering", "a whining sound from the steering rack", "q24", ("yes",)),
    ],
)
def test_what_people_say_for_the_questions_words(
    chart: str, text: str, finding: str, expected: tuple[str, ...]
) -> None:
    assert _read(text, chart).get(finding) == expected


@pytest.mark.parametrize(
    ("chart", "text", "finding", "expected"),
    [
        # Words people use for the question's words, said in the chart's own words.
        ("wireless", "the wifi keeps dropping out when im on video calls", "q20", ("yes",)),
        ("laptop_battery", "battery goes from full to empty in about an hour", "q2", ("yes",)),
        ("laptop_battery", "the battery does not last more than an hour", "q2", ("yes",)),
        (
            "power",
            "laptop wont come on, the power light stays off with the charger in",
            "q1",
            ("no",),
        ),
        # What the question asks, qualified as normal, happens: yes.
        ("power", "the power button clicks normally when i press it", "q10", ("yes",)),
    ],
)
def test_the_words_people_use_are_read_in_the_charts_words(
    chart: str, text: str, finding: str, expected: tuple[str, ...]
) -> None:
    assert _read(text, chart).get(finding) == expected


@pytest.mark.parametrize(
    ("chart", "text", "finding"),
    [
        # The question's subject named without what the question asks about it.
        ("power", "i keep pressing the power button but the laptop does nothing", "q10"),
        ("laptop_battery", "the led on the charger is orange", "q17"),
        ("car_steering", "i topped up the power steering fluid last week", "q27"),
        ("engine_overheats", "the water pump is original, never been changed", "q28"),
        ("power", "the dc power jack is on the back of the laptop", "q14"),
    ],
)
def test_a_subject_without_what_is_asked_about_it_answers_nothing(
    chart: str, text: str, finding: str
) -> None:
    assert finding not in _read(text, chart)


@pytest.mark.parametrize(
    ("chart", "text", "finding"),
    [
        # Another kind of the thing asked about: "the front wheel" is not "a rear wheel".
        ("brake_problem", "the front wheel locks up when i brake hard", "q12"),
        # Half of a question that asks two things at once.
        ("lcd_problem", "windows boots, i can hear it, but nothing shows on the lcd", "q6"),
        # A question restricted to a condition ("only when in reverse gear") is not answered
        # without the condition.
        ("ticking", "the ticking gets slower when it changes gear", "q24"),
    ],
)
def test_a_fragment_about_something_near_is_not_read(chart: str, text: str, finding: str) -> None:
    assert finding not in _read(text, chart)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "Are you trying to connect to a home network?" (q5); "... any public WiFi?" (q22)
        ("wifi fine at work but not at home", {"q5": ("yes",)}),
        ("works at the office, at home it keeps dropping", {"q5": ("yes",)}),
        (
            "it connects in the library no problem, my home wifi wont",
            {"q5": ("yes",), "q22": ("yes",)},
        ),
        ("cant get on the wifi at the hotel", {"q5": ("no",), "q22": ("no",)}),
        ("laptop wont connect to the wifi", {}),
    ],
)
def test_where_the_trouble_is_answers_where_the_user_connects(
    text: str, expected: dict[str, tuple[str, ...]]
) -> None:
    read = _read(text, "wireless")
    assert {f: read.get(f) for f in ("q5", "q22") if f in read} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my laptop does not work", None),
        ("my laptop stopped working", None),
        ("my laptop wont power on", ("no",)),
    ],
)
def test_the_devices_name_alone_answers_no_question_even_in_a_small_pack(
    text: str, expected: tuple[str, ...] | None
) -> None:
    # In a pack of three questions only one says "laptop" ("Does the laptop power on?"), so
    # the name was taken for the question's own word, and its nearness in meaning decided.
    from planning.network import EvidentialNetwork
    from tests.console.conftest import console_pack

    network = EvidentialNetwork.from_dict(console_pack()["network"])
    facts = {a.finding: a.states for a in volunteered_facts(text, network)}
    assert facts.get("q1") == expected
