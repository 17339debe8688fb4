"""Saying people's words in the chart's words never loses a negation or turns a "no" round.

Every phrase rule of ``bots.language.vocabulary`` and every word of its groups is said with
the usual negations ("does not", "doesnt", "never", "will not", "is not"); after the rewrite
the message keeps each negation of its input (outside the rewritten phrase itself, where "full
to nothing" says no "no"), and through the reader, on every FloDial chart where the rewrite
applies, a negated form never gives the same "yes" as the plain form.
"""

from __future__ import annotations

import pytest

from bots.language import text as tx
from bots.language.cues import NEGATIONS
from bots.language.domain_lexicon import CONCEPTS
from bots.language.vocabulary import MEANINGS, PHRASES, in_chart_words
from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

# (subject, base form, third person, -ing form) of phrases the rules rewrite.
SAMPLES = [
    (
        "the battery",
        "go from full to nothing in an hour",
        "goes from full to nothing in an hour",
        "going from full to nothing in an hour",
    ),
    ("the wifi", "drop out", "drops out", "dropping out"),
    ("the engine", "cut out", "cuts out", "cutting out"),
    ("the connection", "come and go", "comes and goes", "coming and going"),
    ("the laptop", "switch itself off", "switches itself off", "switching itself off"),
    ("the laptop", "turn off", "turns off", "turning off"),
    ("the fan", "come on", "comes on", "coming on"),
    ("the light", "switch on", "switches on", "switching on"),
    ("the laptop", "power on", "powers on", "powering on"),
    ("the temp gauge", "go into the red", "goes into the red", "going into the red"),
    ("the fan", "kick in", "kicks in", "kicking in"),
    ("the light", "light up", "lights up", "lighting up"),
    ("the battery", "run down", "runs down", "running down"),
    ("the battery", "go flat", "goes flat", "going flat"),
    ("the laptop", "get to the desktop", "gets to the desktop", "getting to the desktop"),
    ("the wifi", "drop", "drops", "dropping"),
    (
        "the steering wheel",
        "shake on the motorway",
        "shakes on the motorway",
        "shaking on the motorway",
    ),
    ("the battery", "die in 40 mins", "dies in 40 mins", "dying in 40 mins"),
    (
        "i",
        "get half an hour from the battery",
        "gets half an hour from the battery",
        "getting half an hour from the battery",
    ),
    ("the engine", "turn over", "turns over", "turning over"),
    ("the steering", "go heavy", "goes heavy", "going heavy"),
    ("the steering", "go hard when parked", "goes hard when parked", "going hard when parked"),
    ("the car", "need a jump start", "needs a jump start", "needing a jump start"),
    ("the car", "leave a green puddle", "leaves a green puddle", "leaving a green puddle"),
    ("the laptop", "show any networks", "shows any networks", "showing any networks"),
]


def _negated(base: str, third: str, ing: str) -> list[str]:
    return [
        f"does not {base}",
        f"doesnt {base}",
        f"never {third}",
        f"will not {base}",
        f"is not {ing}",
    ]


def _negations(text: str) -> int:
    return sum(1 for w in tx.tokens(text) if w in NEGATIONS)


# Clauses a domain concept adds as an entailment of its own ("no network at all" adds "the
# laptop does not show the wireless network"; tests/bots/test_domain_lexicon.py checks them):
# what must keep every negation is the rewrite of the user's own words.
# A concept may add one clause per chart wording, and another where its state is denied.
ADDED = sorted(
    {
        clause
        for c in CONCEPTS
        for field in (c.added, c.denied)
        for clause in ((field,) if isinstance(field, str) else field)
        if clause
    },
    key=len,
    reverse=True,
)


def _own_negations(rewritten: str) -> int:
    for clause in ADDED:
        rewritten = rewritten.replace(clause, " ")
    return _negations(rewritten)


@pytest.fixture(scope="module")
def networks() -> dict[str, object]:
    try:
        return {c: flodial.load_network(c) for c in flodial.chart_names()}
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")


# Phrases whose negation is their meaning ("does not last" is "drains quickly"); checked
# beside a comparison below.
NEGATION_IS_MEANING = ["the battery does not last", "i never unplug it"]


def test_every_phrase_rule_has_samples() -> None:
    # A rule added without samples here is a rule whose negations nobody checked.
    said = [f"{s} {t}" for s, _b, t, _i in SAMPLES] + NEGATION_IS_MEANING
    for pattern, _meanings in PHRASES:
        assert any(pattern.search(tx.normalise(text)) for text in said), pattern.pattern


def test_rewrites_keep_every_negation(networks: dict[str, object]) -> None:
    words = [w for line in MEANINGS for w in line.split()]
    phrases = [(f"{s} {t}", [f"{s} {n}" for n in _negated(b, t, i)]) for s, b, t, i in SAMPLES]
    phrases += [(f"it {w}", [f"it is not {w}", f"it does not {w}", f"it never {w}"]) for w in words]
    for network in networks.values():
        for plain, negated in phrases:
            plain_gain = _own_negations(in_chart_words(plain, network)) - _negations(
                tx.normalise(plain)
            )
            for sentence in negated:
                out = in_chart_words(sentence, network)
                assert _own_negations(out) - _negations(tx.normalise(sentence)) == plain_gain, (
                    network.name,
                    sentence,
                    out,
                )  # type: ignore[attr-defined]


def test_a_negated_phrase_never_reads_as_its_plain_yes(networks: dict[str, object]) -> None:
    checked = 0
    for subject, base, third, ing in SAMPLES:
        plain = f"{subject} {third}"
        for network in networks.values():
            if in_chart_words(plain, network).split() == tx.normalise(plain).split():
                continue  # the rule does not apply in this chart's words
            yes = {
                a.finding
                for a in volunteered_facts(plain, network)  # type: ignore[arg-type]
                if a.states == ("yes",)
            }
            for form in _negated(base, third, ing):
                sentence = f"{subject} {form}"
                got = {
                    a.finding
                    for a in volunteered_facts(sentence, network)  # type: ignore[arg-type]
                    if a.states == ("yes",)
                }
                assert not got & yes, (sentence, sorted(got & yes))
                checked += 1
    assert checked >= 40


def test_a_negation_beside_a_comparison_is_not_a_drain() -> None:
    try:
        network = flodial.load_network("laptop_battery")
    except Exception as exc:
        pytest.skip(f"FloDial charts not available: {exc}")
    said = {
        a.finding.split(":", 1)[1]: a.states[0]
        for a in volunteered_facts("the battery did not last longer than usual", network)
    }
    assert said.get("q2") != "yes"
    said = {
        a.finding.split(":", 1)[1]: a.states[0]
        for a in volunteered_facts("battery never lasts long, maybe an hour", network)
    }
    assert said.get("q2") == "yes"
    said = {
        a.finding.split(":", 1)[1]: a.states[0]
        for a in volunteered_facts("the battery lasts all day", network)
    }
    assert said.get("q2") != "yes"
