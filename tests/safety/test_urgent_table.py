"""Urgent signs and paraphrased emergencies (stop 38): the phrasing tables, read by the two
readers a patient's words go through (:mod:`bots.safety.emergency`, :mod:`bots.safety.urgent`).

A row is caught when it gets at least its level (an urgent row read as an emergency is caught,
on the safe side); a mild row that gets either is an over-escalation. The development part must
be caught whole with no over-escalation; the held-out part (written before the rules, never
tuned on) keeps floors below its measured numbers, which are printed (``pytest -s``).
"""

from __future__ import annotations

import pytest

from bots.safety.emergency import emergency_kinds
from bots.safety.urgent import urgent_kinds
from tests.safety.urgent_heldout import HELD_OUT, HELD_OUT_48
from tests.safety.urgent_phrasings import DEV

LEVELS = ("emergency", "urgent", "mild")


def _level(text: str) -> str:
    if emergency_kinds(text):
        return "emergency"
    return "urgent" if urgent_kinds(text) else "mild"


def _measure(rows: list[tuple[str, str]]) -> tuple[list[str], list[str], int, int]:
    missed, over = [], []
    for text, want in rows:
        got = _level(text)
        if want == "mild" and got != "mild":
            over.append(text)
        elif want != "mild" and LEVELS.index(got) > LEVELS.index(want):
            missed.append(text)
    signs = sum(1 for _, want in rows if want != "mild")
    return missed, over, signs, len(rows) - signs


def test_the_tables_hold_every_level_and_no_duplicates() -> None:
    rows = DEV + HELD_OUT
    assert len({text for text, _ in rows}) == len(rows)
    for part in (DEV, HELD_OUT):
        assert {want for _, want in part} == set(LEVELS)
        assert sum(1 for _, want in part if want == "mild") >= 10


def test_development_part_is_caught_without_over_escalation() -> None:
    missed, over, signs, mild = _measure(DEV)
    print(f"\ndev: caught {signs - len(missed)}/{signs}, over-escalated {len(over)}/{mild}")
    assert not missed
    assert not over


def test_held_out_part() -> None:
    missed, over, signs, mild = _measure(HELD_OUT)
    print(f"\nheld-out: caught {signs - len(missed)}/{signs}, over-escalated {len(over)}/{mild}")
    assert len(missed) <= 2, missed
    assert len(over) <= 1, over


def test_a_knee_named_in_passing_is_no_hot_joint() -> None:
    # lead21's clot after an operation: the calf is hot and swollen, the knee only where the
    # operation was. Read as a hot joint too, the case lost the nurse's clot questions.
    text = "my right calf is hot red and swollen, started after my knee op ten days ago"
    assert urgent_kinds(text) == ["hot swollen calf"]


def test_held_out_48_hot_swollen_joint() -> None:
    # Written before stop 48's rule for a hot or red, swollen joint; not developed on. Before:
    # 0 of 4 caught, 0 of 4 over-escalated; after: 4 of 4, 0 of 4.
    missed, over, signs, mild = _measure(HELD_OUT_48)
    print(f"\nheld-out 48: caught {signs - len(missed)}/{signs}, over-escalated {len(over)}/{mild}")
    assert not missed
    assert not over


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("so breathless i sleep on 3 pillows now and my ankles are swollen", True),
        ("short of breath when i lie down", True),
        ("i get puffed just getting dressed, never used to", True),
        ("cant keep anything down", True),
        ("blood in my phlegm", True),
        # negated, hypothetical or a cold's two complaints in two clauses
        ("no swelling in my ankles and not breathless", False),
        ("what if i cant keep fluids down", False),
        ("coughing but no blood", False),
        ("in bed with flu and a bit short of breath", False),
        ("heartburn when i lie down", False),
        ("blocked nose so im sleeping propped up on pillows", False),
        ("felt faint when they took my blood, fine now", False),
    ],
)
def test_urgent_signs_by_meaning(text: str, kinds: bool) -> None:
    assert bool(urgent_kinds(text)) is kinds


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "worst pain ive ever had in my back going through to my tummy, i feel like im about "
            "to pass out",
            "severe pain with fainting",
        ),
        ("tearing pain between my shoulder blades came on out of nowhere", "chest pain"),
        ("never had a headache like it, came on in seconds", "headache"),
        ("coughed up a big mouthful of fresh blood", "bleeding"),
    ],
)
def test_paraphrased_emergencies(text: str, kind: str) -> None:
    assert kind in emergency_kinds(text)


@pytest.mark.parametrize(
    "text",
    [
        "worst hangover of my life, head is banging",
        "tore a muscle in my back at the gym, tearing pain when i bend",
        "worst cold ive ever had, feel a bit faint",
        "eyes tearing up and my back aches",
    ],
)
def test_mild_look_alikes_are_not_emergencies(text: str) -> None:
    assert emergency_kinds(text) == []
