"""Facts said in the words people use for what a chart asks, each class with a sentence of
its own (not a table row): an entailment (a jump start is a battery that ran down), a
quantity ("any", "a single" for "at least one"), a verb's particle ("fire up"), and a
question's condition said with its predicate. docs/opening-facts.md, stop 35."""

from __future__ import annotations

from .opening_reads import read_opening

_read = read_opening


def test_needing_a_jump_is_a_battery_that_runs_down() -> None:
    assert _read("car_electrical_failure", "every few days it needs jump starting")["q6"] == "yes"
    assert _read("car_electrical_failure", "ive never once needed a jump start").get("q6") != "yes"


def test_a_jump_start_is_no_start_of_the_engine() -> None:
    # Through the web chat this opening goes to the chart of a car that won't start, which
    # asks nothing of the battery running down: it was read as "starts, runs a few seconds
    # and then stalls? yes".
    read = _read("car_wont_start", "if it sits for a few days i end up needing a jump start")
    assert read.get("q23") != "yes"


def test_a_coloured_puddle_under_the_car_is_a_coolant_leak() -> None:
    assert _read("engine_overheats", "theres a pink puddle where i park it")["q1"] == "yes"


def test_any_network_is_at_least_one() -> None:
    read = _read("wireless", "the laptop wont show any networks, the list stays empty")
    assert read.get("q6") == "no"


def test_ones_own_network_says_nothing_of_how_many() -> None:
    # The network the user wants is missing: that is no answer to "at least one network?".
    assert "q6" not in _read("wireless", "my own network isnt in the list on the laptop")


def test_a_denied_phrasal_verb_denies_the_verb() -> None:
    read = _read("car_wont_start", "the starter cranks but the engine will not fire up")
    assert read.get("q9") == "no"


def test_the_questions_condition_said_with_its_predicate() -> None:
    read = _read("brake_problem", "as soon as i brake the car drifts to the right")
    assert read.get("q28") == "yes"
