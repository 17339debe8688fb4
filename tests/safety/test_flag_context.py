"""The words that decide a conditional red flag (stop 39, bots.safety.flag_context): a companion
sign makes it an emergency, an injury or strain explains it, exertion alone does neither."""

from __future__ import annotations

import pytest

from bots.safety.flag_context import flag_context


@pytest.mark.parametrize(
    ("text", "want"),
    [
        # an injury, a strain, overuse: explained
        ("think i tweaked my shoulder doing overhead presses at the gym", "explained"),
        ("fell off my bike yesterday and landed on my left side", "explained"),
        ("my neck has been stiff since i slept on it funny", "explained"),
        ("banged my shoulder on the door frame a few days ago", "explained"),
        ("pulled something in my upper arm carrying boxes when we moved house", "explained"),
        # a companion sign, whatever else is said: the heart's until shown otherwise
        ("pulled a muscle at the gym but now my chest feels tight", "companion"),
        ("the pain goes down my arm and i feel sweaty", "companion"),
        ("cant catch my breath when it comes on", "companion"),
        ("hurt my shoulder lifting, and i nearly passed out", "companion"),
        # exertion is how angina shows, not an explanation; a negated injury explains nothing
        ("my left arm aches when i walk fast and it goes away when i stop", ""),
        ("aches when i carry the shopping up the hill", ""),
        ("i didnt fall or anything, it just started aching", ""),
        ("pain running down my left arm", ""),
        ("no chest pain, i hurt it playing football", "explained"),
    ],
)
def test_flag_context(text: str, want: str) -> None:
    assert flag_context(text) == want
