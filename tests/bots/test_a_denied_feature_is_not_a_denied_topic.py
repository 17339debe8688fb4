"""Denying one feature of a complaint is not denying the complaint (stop 44).

"got sunburnt on my shoulders yesterday, red and sore but no blisters" was noted back as "Do
you have any lesions, redness or problems on your skin ...? no", and an itchy red patch under a
watch strap "no blisters or weeping" the same: the plain "no blisters" was taken as the whole
skin question's answer although the same message says there is a skin problem. A clinician
hears "no blisters" as a detail of the skin problem. Here, a denial of the topic stands only
where nothing in the message says the topic is there (follow_ups.complaint_facts).

Both tables were written before the change; the held-out part is scored once and reported.
"""

from __future__ import annotations

import pytest

from bots.conversation import follow_ups
from bots.grounding import StoredPacks
from planning.evidence import Answer
from planning.network import EvidentialNetwork

SKIN = "E_129"


@pytest.fixture
def intake(packs: tuple[str, ...]) -> EvidentialNetwork:
    return StoredPacks().network("patient-intake")

# (the opening, what it says of the skin: "yes", "no", or None for nothing)
DEVELOPMENT = [
    ("got sunburnt on my shoulders yesterday, red and sore but no blisters", "yes"),
    ("itchy red patch on my wrist where my new watch strap sits, no blisters or weeping", "yes"),
    ("rash on both legs since the weekend, no spots on my face though", "yes"),
    ("bad sunburn on my back from the beach, its really tight and hot", "yes"),
    ("no rash or spots anywhere, just a sore throat and a temperature", "no"),
    ("cough and a runny nose, no rash", "no"),
    ("headache since monday, no blisters or anything", "no"),
]
HELD_OUT = [
    ("hives all over my tummy since this morning, no spots on my face", "yes"),
    ("my nose got sunburned on holiday, no blistering just peeling", "yes"),
    ("blotchy red skin on my neck after a new perfume, no rash anywhere else", "yes"),
    ("a few spots on my chin, theyre not itchy and no blisters", "yes"),
    ("no spots or rash at all, just a banging headache", "no"),
    ("tummy bug, no rash, been sick twice", "no"),
]


def _skin(text: str, network: EvidentialNetwork) -> str | None:
    for answer in follow_ups.complaint_facts(text, network):
        if answer.finding == SKIN and answer.states is not None:
            return answer.states[0]
    return None


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[0] for r in DEVELOPMENT])
def test_a_denied_feature_is_not_a_denied_topic(
    intake: EvidentialNetwork, row: tuple[str, str]
) -> None:
    assert _skin(row[0], intake) == row[1]


def test_held_out(intake: EvidentialNetwork) -> None:
    """Scored and printed; what is asserted is that no held-out row is read the opposite way."""
    got = [(row, _skin(row[0], intake)) for row in HELD_OUT]
    print(f"held-out: {sum(g == r[1] for r, g in got)}/{len(got)} right")
    assert not [r[0] for r, g in got if g is not None and g != r[1]]


def test_the_answer_is_a_parent_answer(intake: EvidentialNetwork) -> None:
    facts = follow_ups.complaint_facts("sunburnt arms, no blisters", intake)
    assert Answer(SKIN, ("yes",)) in facts
