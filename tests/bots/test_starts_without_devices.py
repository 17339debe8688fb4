"""A laptop that starts once its devices are off answers the chart's external-devices
question (stop 45, lead).

lead21: "laptop wouldnt power on with my docking station and usb hub attached, took them all
off and it started straight away" was asked "Does your laptop boot when all external devices
are disconnected?". Taking things off, out or unplugging them, then the laptop booting,
starting or coming on, is that yes (``bots.language.domain_lexicon``, "starts without its
devices"); the charger or battery taken away is no external device, and "still won't" or "no
change" is no start. The held-out rows were written before the change and are scored once.
"""

from __future__ import annotations

import pytest

from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

# (chart, finding of the external-devices question)
POWER, DRIVE = ("power", "power:q5"), ("laptop_drive", "laptop_drive:q7")

DEVELOPMENT = [
    (
        POWER,
        "laptop wouldnt power on with my docking station and usb hub attached, took them all "
        "off and it started straight away",
    ),
    (POWER, "unplugged the mouse and keyboard and now it boots fine"),
    (POWER, "once i disconnected everything it started up"),
    (DRIVE, "i removed the usb stick and the printer cable and then it booted normally"),
]
NOT_READ = [
    (POWER, "unplugged everything, no change"),
    (POWER, "took all the usb stuff out and it still wont turn on"),
    (POWER, "unplugged the charger and it came on"),
    (DRIVE, "i unplugged my mouse because it was annoying, the laptop works fine otherwise"),
]
HELD_OUT = [
    (POWER, "pulled out the external hard drive and the laptop came on first time", True),
    (POWER, "when i unplug the dock it powers up no problem", True),
    (DRIVE, "disconnected the hdmi and usb cables, tried again and it booted", True),
    (POWER, "took everything off it, still dead", False),
]


def _yes(where: tuple[str, str], text: str) -> bool:
    chart, finding = where
    facts = volunteered_facts(text, flodial.load_network(chart))
    return any(a.finding == finding and a.states == ("yes",) for a in facts)


@pytest.mark.parametrize(("where", "text"), DEVELOPMENT, ids=[t[:40] for _, t in DEVELOPMENT])
def test_started_once_the_devices_were_off(where: tuple[str, str], text: str) -> None:
    assert _yes(where, text)


@pytest.mark.parametrize(("where", "text"), NOT_READ, ids=[t[:40] for _, t in NOT_READ])
def test_no_start_or_no_device_is_not_read(where: tuple[str, str], text: str) -> None:
    assert not _yes(where, text)


def test_held_out() -> None:
    """Scored and printed, not asserted (module docstring)."""
    got = [_yes(where, text) == want for where, text, want in HELD_OUT]
    print(f"held-out starts without devices: {sum(got)}/{len(got)}")
