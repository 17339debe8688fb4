"""Typed answers to choice questions, read against the choices with negation and comparison
(bots.language.choices), in phrasings written after the reading was built (17 of 18 read on
the first run; "more pink than red" took both colours, fixed by class: the answer named after
"than", "rather than", "instead of" is the one it is not)."""

from __future__ import annotations

import pytest

from bots.grounding import StoredPacks
from bots.language import OfflineInterpreter
from knowledge.packs import wording
from planning.network import EvidentialNetwork

NOWHERE = "nowhere"  # the "does not spread" option of where the pain spreads (E_57)

ROWS = [
    ("E_130", "nope, no rash", "default"),
    ("E_130", "there isnt any rash", "default"),
    ("E_130", "i havent got a rash", "default"),
    ("E_130", "kinda reddish", "Red"),
    ("E_130", "its more pink than red", "Pink"),
    ("E_130", "pink rather than red i think", "Pink"),
    ("E_136", "doesnt itch", "0"),
    ("E_136", "it's not itchy", "0"),
    ("E_136", "no itching whatsoever", "0"),
    (NOWHERE, "it stays put, doesnt go anywhere else", "yes"),
    (NOWHERE, "no it goes up into my jaw", "no"),
    (NOWHERE, "it doesn't move", "yes"),
    ("E_53", "nope nothing hurts", "no"),
    ("E_53", "not really, no", "no"),
    ("E_53", "yeah my back", "yes"),
    ("E_201", "i havent been coughing", "no"),
    ("E_201", "not coughing at all", "no"),
    ("E_201", "a little bit yeah", "yes"),
]


@pytest.fixture
def intake(packs: tuple[str, ...]) -> EvidentialNetwork:
    return StoredPacks().network("patient-intake")


@pytest.mark.parametrize(("finding_id", "text", "expected"), ROWS)
def test_a_typed_answer_is_read_against_the_choices(
    intake: EvidentialNetwork, finding_id: str, text: str, expected: str
) -> None:
    if finding_id == NOWHERE:
        finding_id = next(
            f.id for f in intake.findings if f.group == "E_57" and f.default_state == "yes"
        )
    finding = intake.finding(finding_id)
    answer = OfflineInterpreter().interpret(text, pending=finding, network=intake)
    read = answer.answer_for(finding_id)
    assert read is not None and read.states is not None, (text, read)
    if expected == "default":
        assert read.states == (finding.default_state,)
    elif expected in finding.states:
        assert read.states == (expected,)
    else:
        assert [wording.state_label(finding, s, intake) for s in read.states] == [expected]
