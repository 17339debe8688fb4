"""The emergency phrasing tables: recall and false alarms of :mod:`bots.safety.emergency`.

``emergency_phrasings.DEV`` is what the rules were developed on; ``emergency_heldout`` was
written before and is never tuned on. Both must keep recall >= 99% and false alarms <= 3%;
the numbers are printed (``pytest -s``) for the notes.
"""

from __future__ import annotations

import pytest

from bots.safety.emergency import emergency_kinds, explain
from bots.triage import emergency_kinds as triage_emergency_kinds
from tests.safety.emergency_heldout import (
    HELD_OUT,
    HELD_OUT_35,
    HELD_OUT_36,
    HELD_OUT_39,
    HELD_OUT_40,
    HELD_OUT_44,
    HELD_OUT_45,
    HELD_OUT_45B,
    HELD_OUT_48,
)
from tests.safety.emergency_phrasings import DEV

TABLES = {"dev": DEV, "held-out": HELD_OUT}


def _rates(rows: list[tuple[str, bool]]) -> tuple[float, float, list[str], list[str]]:
    missed = [text for text, emergency in rows if emergency and not emergency_kinds(text)]
    alarms = [text for text, emergency in rows if not emergency and emergency_kinds(text)]
    emergencies = sum(1 for _, emergency in rows if emergency)
    others = len(rows) - emergencies
    return 1 - len(missed) / emergencies, len(alarms) / others, missed, alarms


def test_the_tables_are_large_and_mixed() -> None:
    rows = DEV + HELD_OUT
    assert len(rows) >= 300
    assert len({text for text, _ in rows}) == len(rows), "duplicate phrasings"
    assert sum(1 for _, e in HELD_OUT if e) >= 50 and sum(1 for _, e in HELD_OUT if not e) >= 40


@pytest.mark.parametrize("part", sorted(TABLES))
def test_recall_and_false_alarms(part: str) -> None:
    recall, false_alarms, missed, alarms = _rates(TABLES[part])
    print(f"\n{part}: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("no chest pain, no trouble breathing", []),
        ("I'm not short of breath", []),
        ("I don't have a rash", []),
        ("crushing chest pain going into my jaw and I can't breathe", ["breathing", "chest pain"]),
        ("tight heavy feeling right in the middle of my chest, gone into my neck", ["chest pain"]),
        ("itchy spots across the front of my chest", []),
        ("i want to end it all", ["self-harm"]),
        ("my 2 year old swallowed some of grandmas tablets", ["poisoning"]),
        ("i took too many pills", ["self-harm"]),
        ("hit her head on the slide and has been sick twice", ["head injury"]),
        ("scalded his hand with the kettle, big blisters", ["burn"]),
        ("type 1 diabetic and he is confused and sweaty", ["low blood sugar"]),
        ("sudden severe pain in my left testicle", ["testicle"]),
        ("got drain cleaner in my eye", ["eye injury"]),
        ("dad fell and has been on the floor all night", ["long lie"]),
    ],
)
def test_kinds(text: str, kinds: list[str]) -> None:
    assert emergency_kinds(text) == kinds
    assert triage_emergency_kinds(text) == kinds


def test_a_negation_only_reaches_its_own_clause() -> None:
    # "no fever" does not hide what comes after "but".
    assert emergency_kinds("no fever but her face has dropped on one side") == ["stroke"]
    assert emergency_kinds("no fever and my chest is crushing, going into my arm") == ["chest pain"]


def test_the_past_and_the_hypothetical_are_not_emergencies_but_self_harm_is() -> None:
    assert emergency_kinds("my mum had a stroke two years ago") == []
    assert emergency_kinds("what should i do if i get chest pain spreading to my arm?") == []
    assert emergency_kinds("they'd all be better off if i wasn't here") == ["self-harm"]


@pytest.mark.parametrize(
    "text",
    [
        "hay fever's back, my eyes itch and my throat is itchy and scratchy",
        "I suffer from allergies. Itchy eyes, runny nose and an itchy throat since yesterday",
        "I have severe itching in one or both eyes. My nose or the back of my throat is itchy. "
        "I am more likely to develop common allergies than the general population.",
    ],
)
def test_an_itchy_throat_with_allergies_is_hay_fever_not_anaphylaxis(text: str) -> None:
    assert emergency_kinds(text) == []


def test_a_reaction_with_a_throat_that_feels_wrong_is_still_anaphylaxis() -> None:
    assert emergency_kinds("reaction to the new pills, hives and my throat feels strange") == [
        "anaphylaxis"
    ]
    assert emergency_kinds("stung by a wasp, itchy all over and my throat is tightening") == [
        "anaphylaxis"
    ]


# Ordinary complaints the stop-34 kinds took for emergencies, found by trying them: a common
# word "corrected" into a clinical one ("eye drops" into "eye droops", a stroke), puzzlement
# read as confusion, and a swelling of months read as a sudden one.
@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("I use eye drops for dry eyes and they sting a little", []),
        ("just a few drops of blood when I blow my nose", []),
        ("diabetic, a bit confused about my insulin doses, can you help", []),
        ("hit my head on the car door, a bit confused about why my headache won't go", []),
        ("my left testicle has been slightly swollen for a few months, no pain", []),
        ("hit his head and now he is confused about where he is", ["head injury"]),
        ("my dad is diabetic and seems confused and drowsy", ["low blood sugar"]),
        ("her face has dropped on one side and her speech is slurred", ["stroke"]),
        ("my testicle suddenly started hurting really badly an hour ago", ["testicle"]),
        ("my blood sugar is 2.5 and I'm shaking and can't think straight", ["low blood sugar"]),
        ("type 1 diabetic, cant think straight and sweating buckets", ["low blood sugar"]),
        ("my blood sugar is fine, I just can't think straight about work stress", []),
    ],
)
def test_ordinary_wording_is_no_emergency(text: str, kinds: list[str]) -> None:
    assert emergency_kinds(text) == kinds


def test_held_out_35() -> None:
    # Written before stop 35's rules for a surgical belly, pregnancy, spine, heat and cold,
    # ketoacidosis, saddle numbness, a racing heart with fainting, nosebleeds and scalds:
    # recall 4 of 14 before, false alarms 0 of 11. Measured after: 14 of 14, 0 of 11 (the hot
    # drink scald was seen missed before the hot-drink words were added).
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_35)
    print(f"\nheld-out 35: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


def test_held_out_36() -> None:
    # Written before stop 36's rules for household products and swallowed objects.
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_36)
    print(f"\nheld-out 36: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


def test_held_out_39() -> None:
    # Written before stop 39's rule for cardiac pain that never names the chest ("an elephant
    # sat on me, pressure spreading up into my jaw, sweating": lead15 through the web chat).
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_39)
    print(f"\nheld-out 39: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


def test_held_out_40() -> None:
    # Written before stop 40's rules for an allergic reaction said without an allergen word
    # ("ate some satay chicken ... tongue feels huge, throat tight and scratchy, hives": lead16
    # through the web chat): 3 of 5 caught before, 0 of 6 false alarms.
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_40)
    print(f"\nheld-out 40: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


@pytest.mark.parametrize(
    "text",
    [
        "my friends dog bit my hand when i went to stroke it",
        "i tried to stroke the cat and she scratched me",
        "stroke his head gently and he calms down",
    ],
)
def test_the_verb_stroke_is_no_stroke(text: str) -> None:
    # Stop 41: "went to stroke it" (a dog bite's opening) was escalated as a stroke.
    assert "stroke" not in emergency_kinds(text), explain(text)


def test_held_out_44() -> None:
    # Written before stop 44's rule for a leg clot gone to the lungs (pain or swelling in one
    # leg with breathlessness, chest pain or blood coughed up), and not developed on: 3 of 10
    # caught before (as breathing, by the breathlessness alone), 0 of 8 false alarms; measured
    # once after: 10 of 10, 0 of 8.
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_44)
    print(f"\nheld-out 44: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


@pytest.mark.parametrize("part", ["45", "45b"])
def test_held_out_45(part: str) -> None:
    # Written before stop 45's words for numbness where you sit with the bladder gone, and for
    # vomit that looks like coffee; not developed on. HELD_OUT_45 before: 0 of 4 caught, 0 of 2
    # false alarms; after the first round of rules 0 of 4, 0 of 2. A second round was written
    # from new development rows (after seeing those misses) with HELD_OUT_45B written before
    # it: 45 then 1 of 4, 45b 0 of 4, false alarms 0. Recall is printed, not asserted: these
    # rare kinds said in new words are what the rules still miss (docs/patient-safety.md).
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_45 if part == "45" else HELD_OUT_45B)
    print(f"\nheld-out {part}: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    print(f"missed: {missed}")
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


def test_held_out_48() -> None:
    # Written before stop 48's words for suicidal intent said without the usual words ("i
    # think tonight is it for me", "im going to jump", "had enough of living") and for a jump
    # said as done in play; not developed on. Before: 2 of 7 caught (1 by these rules, 1 by
    # the reader by meaning), 0 of 6 false alarms; after: 7 of 7 by these rules, 0 of 6.
    recall, false_alarms, missed, alarms = _rates(HELD_OUT_48)
    print(f"\nheld-out 48: recall {recall:.1%}, false alarms {false_alarms:.1%}")
    assert recall >= 0.99, f"missed: {missed}"
    assert false_alarms <= 0.03, f"false alarms: {[(t, explain(t)) for t in alarms]}"


@pytest.mark.parametrize(
    ("text", "clot"),
    [
        # stop 44: the opening that was asked questions instead of being told to call 112
        (
            "sharp pain in my chest when i breathe in and im short of breath, got back from a "
            "long flight yesterday and my calf is sore",
            True,
        ),
        ("my left leg is swollen and tight and now i get puffed going up the stairs", True),
        ("calf swollen since the flight and coughing up blood", True),
        # the leg's own explanation, in its own clause, excuses it; elsewhere it does not
        ("calf sore from football and im a bit short of breath", False),
        ("calf sore and swollen, im short of breath, played football last week", True),
        # a clot answered as history ("Have you ever had deep vein thrombosis (DVT)?" said
        # back), two swollen ankles (a tired heart: urgent), a "puffed up" leg with no breath
        (
            "I have ever had deep vein thrombosis (DVT). I am experiencing shortness of breath or "
            "difficulty breathing in a significant way.",
            False,
        ),
        ("my ankles and legs are swollen and im short of breath", False),
        ("my leg is all puffed up and sore", False),
        ("my leg is not swollen and i am not short of breath", False),
    ],
)
def test_a_leg_clot_with_breathlessness_or_chest_pain(text: str, clot: bool) -> None:
    assert ("blood clot" in emergency_kinds(text)) is clot, explain(text)
