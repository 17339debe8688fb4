"""A yes or no said with a disclaimer of the speaker's own word ("i think so but dont quote me
on that", "no, could be wrong though", "yes if memory serves") is read as the answer it gives,
with less weight than a plain hedge.

lead19: "i think so but dont quote me on that" was read as a plain hedged yes (reliability
0.8), and a conclusion rested on it at 89%. A disclaimer says more doubt than "i think": the
speaker warns that the answer may be wrong. Such a reading gets :data:`DOUBT_RELIABILITY`,
so a conclusion resting on one shows under 80% (``bots.conclusions.read_right``).

Three tables, each written before the patterns it measures: ``DEVELOPMENT`` and
``DEVELOPMENT_B`` before the first patterns (written with both in view, so both are
development); ``DEVELOPMENT_C`` then scored them honestly at 2 of 10, and the patterns were
widened by class (ways of being wrong, memory, one's own competence or senses), with
``DEVELOPMENT_C`` in view; ``HELD_OUT`` was written after that and scored once: **0 of 10**
(printed by ``test_held_out_disclaimers``, not asserted). Written patterns reach the common
disclaimers (on FloDial dev's 2,016 user turns the patterns fire once, on "No, that's not the
issue as far as I can tell."), not the long tail ("i wouldnt bet on it", "take that with a
pinch of salt", "it was late and i was half asleep"); a MiniLM nearest-prototype detector was
tried and did worse (held-out 3 of 10 at 63 false alarms on FloDial dev turns; 1 of 10 at
none), since its similarity follows the topic ("last time i checked" ~ "I just checked").
See docs/answer-reader.md, "Stop 43".
"""

from __future__ import annotations

import pytest

from bots.language.cues import DOUBT_RELIABILITY, HEDGE_RELIABILITY

from .chart_replies import read_reply

# (chart, words of the question, reply, the state it gives)
DEVELOPMENT = [
    ("laptop_overheating", "smell burning", "i think so but dont quote me on that", "yes"),
    ("brake_problem", "brake warning light", "yes, could be wrong though", "yes"),
    ("power", "series of beeps", "no i dont think so but i might be wrong", "no"),
    ("engine_overheats", "smell antifreeze", "yeah if i remember right", "yes"),
    ("wireless", "home network", "yes as far as i know", "yes"),
    ("lcd_problem", "very dim", "no, but dont hold me to that", "no"),
    ("car_wont_start", "starter crank", "i reckon it does but im no expert", "yes"),
    ("laptop_battery", "drain out quickly", "yes from memory", "yes"),
]
DEVELOPMENT_B = [
    ("ticking", "only when it is cold", "no, not that id swear to it", "no"),
    ("laptop_overheating", "hot environment", "yes i'd say so but dont take my word for it", "yes"),
    ("car_electrical_failure", "battery run down", "pretty sure yes, could be mistaken", "yes"),
    ("wireless", "intermittent", "no, to the best of my knowledge", "no"),
    ("power", "power button click", "yes if memory serves", "yes"),
    ("lcd_problem", "rotated 90", "no, but i could be remembering wrong", "no"),
    ("car_steering", "pull to one side", "yes, i may be imagining it though", "yes"),
    ("brake_problem", "squealing noise", "i believe it does, but i'm no mechanic", "yes"),
    ("engine_overheats", "temperature gauge", "yes going off memory", "yes"),
    ("laptop_drive", "clunking noises", "no i dont think so, could be wrong", "no"),
]
DEVELOPMENT_C = [
    ("wireless", "home network", "yes, unless im getting confused", "yes"),
    ("power", "series of beeps", "yes i think three but i might have misheard", "yes"),
    ("car_steering", "pull to one side", "no, though dont quote me", "no"),
    ("engine_overheats", "smell antifreeze", "yes as far as i can remember", "yes"),
    ("laptop_overheating", "hot environment", "no i would say not, could be wrong tho", "no"),
    ("lcd_problem", "very dim", "yes but im not the best judge", "yes"),
    ("ticking", "only when it is cold", "i reckon so, but i could be talking rubbish", "yes"),
    ("car_wont_start", "starter crank", "yes, if im remembering it right", "yes"),
    ("laptop_battery", "drain out quickly", "no, last time i checked anyway", "no"),
    ("brake_problem", "squealing noise", "yeah, though my hearing isnt great", "yes"),
]
HELD_OUT = [
    ("wireless", "router active", "yes i think, but im a bit of a technophobe so who knows", "yes"),
    ("brake_problem", "brake warning light", "no, although i wasnt really looking", "no"),
    ("power", "power button click", "yes, but it was late and i was half asleep", "yes"),
    (
        "engine_overheats",
        "temperature gauge",
        "yeah pretty sure, but dont hold it against me",
        "yes",
    ),
    ("laptop_drive", "clunking noises", "no, but my memory is terrible", "no"),
    ("lcd_problem", "tiny dots", "yes, though i could be seeing things", "yes"),
    ("ticking", "coasting in neutral", "i think so, but i wouldnt bet on it", "yes"),
    (
        "laptop_overheating",
        "fan running when it overheats",
        "yes, but i might be making that up",
        "yes",
    ),
    (
        "car_electrical_failure",
        "battery run down",
        "yes, or at least thats what my husband reckons",
        "yes",
    ),
    ("laptop_battery", "too hot to touch", "no, but take that with a pinch of salt", "no"),
]
# Said without a disclaimer: the weight they had before.
CONTROLS = [
    ("laptop_overheating", "smell burning", "yes definitely", "yes", 1.0),
    ("power", "series of beeps", "no im sure there arent any", "no", 1.0),
    ("brake_problem", "brake warning light", "i think so", "yes", HEDGE_RELIABILITY),
    ("wireless", "home network", "yes its my home one", "yes", 1.0),
    ("lcd_problem", "very dim", "probably not", "no", HEDGE_RELIABILITY),
]


def _read(chart: str, words: str, reply: str) -> tuple[tuple[str, ...] | None, float]:
    finding, meaning = read_reply(chart, words, reply)
    answer = meaning.answer_for(finding)
    if answer is None:
        return None, 0.0
    return answer.states, answer.reliability


def _right(row: tuple[str, str, str, str]) -> bool:
    states, reliability = _read(*row[:3])
    return states == (row[3],) and reliability <= DOUBT_RELIABILITY


@pytest.mark.parametrize(
    "row",
    DEVELOPMENT + DEVELOPMENT_B + DEVELOPMENT_C,
    ids=[r[2] for r in DEVELOPMENT + DEVELOPMENT_B + DEVELOPMENT_C],
)
def test_an_answer_with_a_disclaimer_is_read_with_doubt(row: tuple[str, str, str, str]) -> None:
    assert _right(row), _read(*row[:3])


def test_held_out_disclaimers() -> None:
    """Measured, not asserted (module docstring): the score to beat is 0 of 10. What is
    asserted is that an answer is still read from every row (the disclaimer never hides it)."""
    right = [r[2] for r in HELD_OUT if _right(r)]
    print(f"held-out disclaimers: {len(right)}/{len(HELD_OUT)} read with doubt")
    assert all(_read(*r[:3])[0] == (r[3],) for r in HELD_OUT)


@pytest.mark.parametrize("row", CONTROLS, ids=[r[2] for r in CONTROLS])
def test_an_answer_without_a_disclaimer_keeps_its_weight(
    row: tuple[str, str, str, str, float],
) -> None:
    assert _read(*row[:3]) == ((row[3],), row[4])


# A preference between two things said with a disclaimer (stop 44): the preference decides the
# answer (bots.language.preference), and the disclaimer still weakens it, as it does any answer.
PREFERENCES = [
    ("brake_problem", "squealing noise", "more of a grind than a squeal, but dont quote me", "no"),
    ("brake_problem", "scrape or grind", "grinding more than squealing, could be wrong tho", "yes"),
    ("ticking", "clunking noise", "a tick rather than a clunk, but dont hold me to that", "no"),
]


@pytest.mark.parametrize("row", PREFERENCES, ids=[r[2] for r in PREFERENCES])
def test_a_preference_with_a_disclaimer_is_read_with_doubt(row: tuple[str, str, str, str]) -> None:
    assert _right(row), _read(*row[:3])
