"""The benchmark's simulated user answers the built check it is asked truthfully: a check
asked the other way round from its chart question gets the opposite answer."""

from __future__ import annotations

import pytest

from knowledge.construction.benchmark import _truthful
from knowledge.construction.matching import opposite, same_text_groups, state_orientation


@pytest.mark.parametrize(
    ("known", "asked"),
    [
        ("Is the wall socket the router is plugged into working?", "Is the socket dead?"),
        ("Are the terminals clean and tight?", "Are the terminals corroded or dirty?"),
        ("Can you hear the disk spin up?", "No disk noise at all?"),
        ("Does the printer feed paper?", "The printer won't feed paper?"),
        ("Is the fuse blown?", "Is the fuse intact?"),
        ("Does the noise come only in reverse gear?", "Does it happen in forward gears too?"),
        ("Does the hum continue when you unplug the speakers?", "The hum stops once unplugged?"),
        ("Is the tyre pressure low?", "Is the pressure above the figure on the door?"),
    ],
)
def test_a_check_asked_the_other_way_round_is_answered_the_other_way(
    known: str, asked: str
) -> None:
    assert opposite(known, asked)
    assert _truthful("yes", True) == "no" and _truthful("no", True) == "yes"


@pytest.mark.parametrize(
    ("known", "asked"),
    [
        (
            "Does the laptop power up without the battery in it?",
            "Powers up once the battery is out?",
        ),
        ("Is it hard to brake and bring the car to a halt?", "Is it hard to stop the car?"),
        ("Do you see a 'No boot device' message?", 'A message such as "No boot device"?'),
        ("Is the DC jack loose or broken?", "Does the jack feel loose, wobbly or broken?"),
        ("Open circuit with the key on?", "Open circuit at RUN (no voltage at the coil)?"),
        ("Does it tick only at slow speed?", "Does the tick only happen at low speed?"),
        ("Does the fan run all the time?", "Is the fan always running?"),
    ],
)
def test_a_check_asked_the_same_way_keeps_the_answer(known: str, asked: str) -> None:
    assert not opposite(known, asked)
    assert _truthful("yes", False) == "yes"


# Where the answers lead (matching.state_orientation): the text of what each answer leads to,
# chart side against built side. Worded for projectors and kettles, unlike any chart.
_STAND_KNOWN = (
    "Does the lamp light up when you switch it on?",  # the chart's "yes" leads on
    "Put the projector on a firm, level stand: a carpet or cushion blocks the air intake",
)


def test_a_check_that_points_back_is_oriented_by_where_its_answers_lead() -> None:
    # "Is it standing like that?" (on a carpet) names no state of its own; its "yes" leads to
    # the fix the chart reaches by "no".
    asked_yes = "Move the projector off the carpet onto a firm stand and keep the intake clear"
    asked_no = "Does the lamp light up?"
    assert not opposite("Is the projector on a firm, level stand?", "Is it standing like that?")
    assert state_orientation(*_STAND_KNOWN, asked_yes, asked_no) is True
    assert state_orientation(*_STAND_KNOWN, asked_no, asked_yes) is False


def test_answers_that_lead_nowhere_alike_leave_the_wording_to_decide() -> None:
    assert state_orientation(*_STAND_KNOWN, "Call the vendor", "Check the warranty card") is None


def test_terminals_that_tell_the_user_the_same_thing_are_one_cause() -> None:
    groups = same_text_groups(
        {
            "kettle:t3": "Descale the kettle with citric acid.",
            "kettle:t9": "descale the kettle  with citric acid",
            "kettle:t4": "Replace the thermostat.",
        }
    )
    assert groups["kettle:t3"] == groups["kettle:t9"] == frozenset({"kettle:t3", "kettle:t9"})
    assert groups["kettle:t4"] == frozenset({"kettle:t4"})


def test_a_dialog_succeeds_on_any_cause_matched_to_a_terminal_with_its_text() -> None:
    from knowledge.construction.benchmark import _accepted
    from knowledge.construction.matching import Matching
    from planning.simulation import Case

    causes = Matching({"k:t3": "built:h1", "k:t9": "built:h2"}, {"k:t3": 0.5, "k:t9": 0.4})
    same = same_text_groups({"k:t3": "Descale it.", "k:t9": "Descale it.", "k:t4": "New fuse."})
    case = Case(id="c", true_hypothesis="k:t3", answers={})
    assert _accepted(case, causes, same) == {"built:h1", "built:h2"}
    assert _accepted(case, causes, None) == {"built:h1"}


def test_british_and_american_spellings_match() -> None:
    from knowledge.construction.matching import match

    got = match(
        {"bike:q4": "Worn tire? | Is the rear tire worn down to the canvas?"},
        {"built:c1": "Is the back tyre worn?", "built:c2": "Is the chain dry?"},
    )
    assert got.pairs == {"bike:q4": "built:c1"}
    assert match({"k": "tire"}, {"b": "tyre"}).scores["k"] == 1.0
