"""A possibility is not a yes: "could be", "perhaps", "it might be", alone or with a remark
that takes no side ("could be, i only had a quick glance").

lead18: to "Do you see tiny dots or lines through the LCD display?" the reply "could be, i only
glanced at it" was read as a firm yes, twice (the second time to "Just to be sure"), and the
LCD was concluded faulty at 97%. "could be", "perhaps", "possibly" alone were not understood.
Such a reply is "not sure" (or, where it says the user did not look, a how-to-check); a
possibility with a yes or a no ("might be yeah", "could be, but i doubt it") is that answer,
hedged. The rows were written before the reader changed: before it, 2 of 8 development and 1
of 8 held-out rows were read so.
"""

from __future__ import annotations

import pytest

from .chart_replies import read_reply

UNSURE = "unsure"
# (chart, words of the question, reply, reading): "yes~" / "no~" is that answer, hedged.
DEVELOPMENT = [
    ("lcd_problem", "tiny dots", "could be", UNSURE),
    ("wireless", "intermittent", "perhaps", UNSURE),
    ("brake_problem", "squealing", "possibly", UNSURE),
    ("laptop_overheating", "fan running all", "might be, i didnt look that closely", UNSURE),
    ("car_steering", "worn out unevenly", "could be, i only had a quick glance", UNSURE),
    ("lcd_problem", "very dim", "could be yes", "yes~"),
    ("ticking", "hub cap", "perhaps yes", "yes~"),
    ("engine_overheats", "coolant drips", "possibly not", "no~"),
]
HELD_OUT = [
    ("lcd_problem", "blotch", "maybe? i only saw it for a second", UNSURE),
    ("car_electrical_failure", "single lamp", "it might be", UNSURE),
    ("brake_problem", "drag too much", "perhaps, hard to be sure from here", UNSURE),
    ("laptop_battery", "humming", "could well be", UNSURE),
    ("wireless", "intermittent", "possibly, i wasnt paying much attention", UNSURE),
    ("engine_overheats", "steaming", "might be yeah", "yes~"),
    ("ticking", "only when it is cold", "could be, but i doubt it", "no~"),
    ("laptop_drive", "clunking", "may be", UNSURE),
]
# Stop 47 (lead23): a possibility offered in words the question does not use was "not
# understood" ("Sorry, I didn't understand that"): it is the user's doubt.
OFFERED = [
    ("brake_problem", "drag too much", "maybe the front right gets hot"),
    ("car_steering", "worn out unevenly", "perhaps the front ones look a bit bald"),
]


@pytest.mark.parametrize("row", OFFERED, ids=[r[2] for r in OFFERED])
def test_a_possibility_offered_is_doubt_not_a_message_not_understood(
    row: tuple[str, str, str],
) -> None:
    assert reading(*row) in (UNSURE, "yes~"), reading(*row)


# A possibility that names something says it: not "not sure".
SAYS_SOMETHING = [
    ("laptop_battery", "drain out quickly", "maybe 40 mins tops"),
    ("wireless", "intermittent", "could be my router i guess, my phone connects fine"),
]


def reading(chart: str, words: str, reply: str) -> str:
    _, meaning = read_reply(chart, words, reply)
    if not meaning.answers:
        return meaning.intent
    answer = meaning.answers[0]
    if answer.states is None:
        return UNSURE
    return answer.states[0] + ("~" if answer.reliability < 1 else "")


def right(row: tuple[str, str, str, str]) -> bool:
    chart, words, reply, wanted = row
    got = reading(chart, words, reply)
    # Where the reply says the user did not look closely, how to check is as good an answer.
    return got == wanted or (wanted == UNSURE and got == "how_to_check")


@pytest.mark.parametrize("row", DEVELOPMENT, ids=[r[2] for r in DEVELOPMENT])
def test_a_possibility_is_read_as_doubt_or_a_hedged_answer(row: tuple[str, str, str, str]) -> None:
    assert right(row), reading(*row[:3])


def test_held_out_possibilities() -> None:
    n = sum(right(row) for row in HELD_OUT)
    print(f"held-out possibilities: {n}/{len(HELD_OUT)} read as doubt or a hedged answer")
    assert n >= 6


@pytest.mark.parametrize("row", SAYS_SOMETHING, ids=[r[2] for r in SAYS_SOMETHING])
def test_a_possibility_that_names_something_is_not_doubt_alone(row: tuple[str, str, str]) -> None:
    assert reading(*row) != UNSURE
