"""The helpdesk's shared vocabulary (``bots.language.domain_lexicon``): the same fact in a
domain's other words is read as the chart question it answers, a negation is never lost or
turned round, and an entailment is not drawn from its negation."""

from __future__ import annotations

import pytest

from bots.language import text as tx
from bots.language.domain_lexicon import CONCEPTS
from bots.language.vocabulary import in_chart_words
from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

# (concept, chart, plain statement, its negated forms). Sentences of my own, none a row of the
# opening-facts table.
SAMPLES = [
    ("refusal", "car_wont_start", "the engine refuses to fire", []),
    (
        "engine fires",
        "car_wont_start",
        "the engine catches straight away",
        ["the engine never catches", "the engine will not catch", "it does not catch"],
    ),
    (
        "pedal sinks",
        "brake_problem",
        "the brake pedal sinks to the floor",
        ["the brake pedal does not sink", "the brake pedal never sinks to the floor"],
    ),
    ("pedal firm", "brake_problem", "the brake pedal feels firm", []),
    (
        "charger connector",
        "power",
        "the charger plug is loose",
        ["the charger plug is not loose", "the charger plug never feels loose"],
    ),
    (
        "falls out",
        "power",
        "the power connector falls out",
        ["the power connector never falls out", "the power connector does not fall out"],
    ),
    ("quiet", "car_steering", "the steering is completely quiet", []),
    (
        "external monitor",
        "lcd_problem",
        "i see the splash screen on my telly",
        ["i do not see the splash screen on my telly", "i never see the splash screen on my tv"],
    ),
    ("works on an external monitor", "lcd_problem", "it works fine on my tv", []),
    (
        "at least one network",
        "wireless",
        "i can see loads of networks",
        ["i can not see loads of networks", "i do not see other networks"],
    ),
    ("no network at all", "wireless", "the laptop cant find any wifi networks", []),
    (
        "make out",
        "laptop_drive",
        "i can make out something on the screen",
        ["i can not make out anything on the screen"],
    ),
    (
        "comes up",
        "lcd_problem",
        "the splash screen comes up",
        ["the splash screen never comes up", "the splash screen does not come up"],
    ),
    ("something on screen", "laptop_drive", "i get the login screen", []),
]


@pytest.fixture(scope="module")
def networks() -> dict[str, object]:
    try:
        return {c: flodial.load_network(c) for c in flodial.chart_names()}
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")


def _read(text: str, network: object) -> dict[str, str]:
    return {
        a.finding.split(":", 1)[1]: a.states[0]
        for a in volunteered_facts(text, network)  # type: ignore[arg-type]
        if a.states
    }


def test_every_concept_has_a_sample_it_rewrites(networks: dict[str, object]) -> None:
    # A concept added without a sample is one whose negations nobody checked.
    named = {name for name, *_ in SAMPLES}
    assert {c.name for c in CONCEPTS} <= named
    for name, chart, plain, _negated in SAMPLES:
        said = in_chart_words(plain, networks[chart])  # type: ignore[arg-type]
        assert said.split() != tx.normalise(plain).split(), (name, plain, said)


def test_a_negated_equivalence_never_reads_as_its_plain_yes(
    networks: dict[str, object],
) -> None:
    checked = 0
    for _name, chart, plain, negated in SAMPLES:
        network = networks[chart]
        yes = {f for f, s in _read(plain, network).items() if s == "yes"}
        for sentence in negated:
            got = {f for f, s in _read(sentence, network).items() if s == "yes"}
            assert not got & yes, (sentence, sorted(got & yes))
            checked += 1
    assert checked >= 15


def test_a_negated_entailment_is_not_drawn(networks: dict[str, object]) -> None:
    # "not firm" says nothing of the floor; "never see the login screen" says nothing of a
    # screen with something on it; "not quiet" is no particular noise.
    assert _read("the brake pedal is not firm", networks["brake_problem"]).get("q2") is None
    assert (
        "something on the screen"
        not in in_chart_words("i never get the login screen", networks["laptop_drive"])  # type: ignore[arg-type]
    )
    assert _read("the steering is not quiet", networks["car_steering"]).get("q24") != "no"
    assert _read("it does not work on my tv", networks["lcd_problem"]).get("q6") != "yes"


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Engine words: catching, coming to life, firing said of "it".
        ("car_wont_start", "it turns over fine but just wont catch", {"q9": "no"}),
        ("car_wont_start", "starter spins it but it never fires", {"q9": "no"}),
        ("car_wont_start", "it roared into life then died a second later", {"q9": "yes"}),
        # A firm pedal is one that does not go to the floor.
        ("brake_problem", "the brake pedal feels really solid", {"q2": "no"}),
        # Whine, buzz and hum of a charger.
        ("laptop_battery", "my charger brick has started whining", {"q3": "yes"}),
        ("laptop_battery", "there is a buzzing from the adapter", {"q3": "yes"}),
        # The plug at the end of the charger cable is its connector.
        ("power", "the charger plug is a bit wobbly", {"q18": "yes"}),
        # One "no" before a list of noises denies each of them.
        ("car_steering", "no creaks or noises from the steering at all", {"q24": "no"}),
        # A TV or projector is an external monitor; working on it is a desktop shown.
        ("lcd_problem", "it works perfectly on the telly over hdmi", {"q6": "yes"}),
        # Many networks, or the neighbours', is at least one.
        ("wireless", "it shows a bunch of networks but not mine", {"q6": "yes"}),
        # No network at all is not the wanted one either.
        ("wireless", "it doesnt detect a single network, the list is empty", {"q1": "no"}),
        # Making out a picture is seeing something on the screen.
        ("laptop_drive", "i can just about make out the lock screen", {"q1": "yes"}),
    ],
)
def test_the_same_fact_in_a_helpdesks_words(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    got = _read(text, networks[chart])
    for finding, state in expected.items():
        assert got.get(finding) == state, (text, got)


def test_working_on_an_external_monitor_is_no_blank_lcd(networks: dict[str, object]) -> None:
    # "Does windows boot without displaying anything on the LCD?" is answered yes only where
    # the words take the display away; a desktop shown is no such "yes".
    lcd = networks["lcd_problem"]
    assert _read("it works fine on my tv through hdmi", lcd).get("q7") != "yes"
    assert _read("windows boots and shows the desktop", lcd).get("q7") != "yes"
    assert _read("windows boots but the screen shows nothing", lcd).get("q7") == "yes"
    assert _read("the laptop screen is black but it works on the tv", lcd).get("q7") == "yes"
