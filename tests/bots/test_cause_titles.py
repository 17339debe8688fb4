"""The cause shown in a conclusion says what is wrong or what fixes it, never a step that
only makes the work safe ("unplug the AC adapter")."""

from __future__ import annotations

import pytest

from bots.conclusions import cause_title
from planning.network import Hypothesis


@pytest.mark.parametrize(
    ("resolution", "title"),
    [
        (
            "Unplug the AC adapter and shut down your laptop. Locate the burnt component of the "
            "motherboard and replace it.",
            "Fixed by: locate the burnt component of the motherboard and replace it",
        ),
        (
            "Turn off the engine and let it cool. Replace the radiator cap.",
            "Fixed by: replace the radiator cap",
        ),
        # Only preparation, or what follows is a condition: the first step stays.
        (
            "Shut down your laptop and remove your battery. If the problem is resolved now, then "
            "your battery is either faulty or too old.",
            "Fixed by: shut down your laptop and remove your battery",
        ),
        ("Please replace the AC output cord.", "Fixed by: replace the AC output cord"),
        ("The fan is clogged with dust. Clean the vents.", "The fan is clogged with dust"),
    ],
)
def test_preparation_is_not_the_cause(resolution: str, title: str) -> None:
    hypothesis = Hypothesis(id="chart:t1", name="raw chart text", resolution=resolution)
    assert cause_title(hypothesis) == title


@pytest.mark.parametrize(
    ("resolution", "lead"),
    [
        # A resolution that only says what to do is a fix, not a cause.
        (
            "Please tighten the lug nuts. If this happens often, replace them.",
            "The most likely fix: Tighten the lug nuts (about 80% sure).",
        ),
        (
            "To fix the issue, you need to replace the blinker bulb.",
            "The most likely fix: Replace the blinker bulb (about 80% sure).",
        ),
        # Chatter before the cause is not the cause.
        (
            "I understand now what is causing you trouble. The cooling system has been overfilled.",
            "The most likely cause: The cooling system has been overfilled (about 80% sure).",
        ),
    ],
)
def test_the_conclusion_calls_a_fix_a_fix(resolution: str, lead: str) -> None:
    from bots.conclusions import conclusion_lines

    hypothesis = Hypothesis(id="chart:t1", name="raw chart text", resolution=resolution)
    assert conclusion_lines(hypothesis, 0.8, [])[0] == lead


@pytest.mark.parametrize(
    ("resolution", "title"),
    [
        # A first sentence that only says what is not wrong is no cause (stop 46: "The most
        # likely cause: This is not a car steering problem").
        (
            "This is not a car steering problem. This might be related to the engine or the "
            "automatic transmission. Hope this helps.",
            "The engine or the automatic transmission",
        ),
        (
            "Your hard drive is perfectly fine. You have a battery failure.",
            "You have a battery failure",
        ),
        (
            "This issue is not related to overheating. The motherboard or RAM is failing.",
            "The motherboard or RAM is failing",
        ),
        (
            "This is not a hardware problem. Press CTRL+ALT and an arrow key.",
            "Fixed by: press CTRL+ALT and an arrow key",
        ),
        # A cause that names what it is not as well stays whole; so does a lone denial.
        (
            "The problem is with your battery and not the hard drive. Replace the battery.",
            "The problem is with your battery and not the hard drive",
        ),
        ("This is not a hardware problem.", "This is not a hardware problem"),
    ],
)
def test_what_it_is_not_is_not_the_cause(resolution: str, title: str) -> None:
    hypothesis = Hypothesis(id="chart:t1", name="raw chart text", resolution=resolution)
    assert cause_title(hypothesis) == title
