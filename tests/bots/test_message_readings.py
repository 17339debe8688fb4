"""A message the question quotes, reported back or replaced by another (``bots/language/
messages.py``).

"it says no bootable device found" to "does the laptop show a 'no bootable device' message?"
was read as a no (the message's own "no" taken for the user's): a confident wrong fix; "it
says 'normal'" to "does the report say 'replace soon'?" was read as a yes (a restatement of
"says"). Numbers: docs/answer-reader.md, "Stop 39".
"""

from __future__ import annotations

from bots.language.reader import read_answer

OS = "Do you get a 'No Operating System' message when you start the laptop?"
BOOT = "Does the laptop show a 'no bootable device' message when it starts?"
CHARGING = "Hover over the battery icon. Does it say 'plugged in, not charging'?"


def _polarity(answer: str, question: str) -> int:
    return read_answer(answer, question).polarity


def test_the_quoted_message_reported_back_is_a_yes_despite_its_own_negation() -> None:
    assert _polarity("it says no operating system found", OS) == 1
    assert _polarity("it says operating system not found", OS) == 1
    assert _polarity("says boot device not found", BOOT) == 1
    assert _polarity("it says plugged in not charging", CHARGING) == 1


def test_the_users_own_negation_still_denies_the_message() -> None:
    assert _polarity("i do not get that message", OS) == -1
    assert _polarity("it does not say no operating system, it goes to windows", OS) == -1
    # the message's negation left out is another message: "charging" is not "not charging"
    assert _polarity("it says 45% available (plugged in, charging)", CHARGING) == -1


def test_something_else_on_the_screen_is_a_no() -> None:
    assert _polarity("it just shows the windows logo then freezes", OS) == -1
    assert _polarity("it shows the dell logo and nothing else", BOOT) == -1
    assert _polarity("it says normal", "Does the battery health report say 'replace soon'?") == -1


def test_the_message_pointed_at_or_a_fault_in_other_words_is_not_read_as_another() -> None:
    """ "that exact message shows up" is the message; "something like os not found" may be it
    paraphrased: neither is read as another message."""
    assert read_answer("that exact message shows up", CHARGING).cue != "another message"
    assert read_answer("it says something like os not found", OS).cue != "another message"
