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
