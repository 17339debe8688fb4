"""A stage after the Windows logo says the logo was seen (issue 19, stop 46, planner).

lead21: "normal startup just hangs on a black screen after the logo but if i go in through
safe mode it loads fine" was asked "When you start the laptop, do you see the splash screen
with the Windows logo?". Hanging, freezing, going black or restarting after (or at) the logo
is seeing it; a logo never reached or not shown is not. The held-out rows were written before
the change and are scored once.
"""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

SPLASH = "laptop_drive:q16"

DEVELOPMENT = [
    "normal startup just hangs on a black screen after the logo but if i go in through safe "
    "mode it loads fine",
    "it goes to a black screen right after the windows logo",
    "stuck at the windows logo every time i turn it on",
    "it restarts itself after the logo",
]
NOT_READ = [
    "it doesnt even get as far as the logo",
    "black screen, no logo at all",
    "it never shows the windows logo",
    pytest.param(
        "the logo on the lid is scratched",
        marks=pytest.mark.xfail(
            reason="read as the splash screen by facts.stated_facts (a fragment naming the "
            "logo), not by this concept: another class",
            strict=True,
        ),
    ),
]
HELD_OUT = [
    ("after the windows logo shows it just sits on a black screen", True),
    ("the logo comes up then it goes black", True),
    ("gets past the logo and then freezes", True),
    ("i dont see a logo, just black", False),
]


def _seen(text: str) -> bool:
    facts = volunteered_facts(text, flodial.load_network("laptop_drive"))
    return any(a.finding == SPLASH and a.states == ("yes",) for a in facts)


@pytest.mark.parametrize("text", DEVELOPMENT, ids=[t[:40] for t in DEVELOPMENT])
def test_a_stage_after_the_logo_is_the_logo_seen(text: str) -> None:
    assert _seen(text)


@pytest.mark.parametrize("text", NOT_READ, ids=[str(t)[:40] for t in NOT_READ])
def test_a_logo_not_reached_or_not_shown_is_not_seen(text: str) -> None:
    assert not _seen(text)


def test_held_out() -> None:
    """Scored and printed, not asserted (module docstring)."""
    got = [_seen(text) == want for text, want in HELD_OUT]
    print(f"held-out logo seen: {sum(got)}/{len(got)}")
