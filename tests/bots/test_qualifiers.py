"""Reading by meaning does not overreach: a symptom said with the patient's own qualifiers
("on and off", "only when I climb the stairs", "worse when I breathe in", "a bit") is not a
"yes" to a question that asks about the symptom under another condition ("even at rest", "in
a significant way", "family members ...", "coughing up blood"); said with the question's
qualifier, it still is. The same for what is felt and where: numbness or tingling in both arms
and legs is not weakness in them, nor numbness in the feet. Read the way the product reads an
opening (volunteered facts), on the patient-intake pack.

Rows: (what the patient wrote, finding, True when it must be read "yes", False when it must
not be). The held-out rows were written with the others and not developed on.
"""

from __future__ import annotations

from typing import Any

from bots.language.volunteer import volunteered_facts

Row = tuple[str, str, bool]

E_AT_REST, E_SIGNIFICANT, E_MINIMAL, E_FAMILY_CLUSTER, E_BLOOD = (
    "E_14",
    "E_66",
    "E_64",
    "E_25",
    "E_45",
)

E_WEAK_LIMBS, E_NUMB_FEET = "E_84", "E_93"
# How the simulated DDXPlus patient says a panic attack's sign (bots.safety.affirmed).
_PANIC_NUMBNESS = (
    "I have recently had numbness, loss of sensation or tingling, in both arms and legs and "
    "around my mouth."
)

DEVELOPMENT: list[Row] = [
    (
        "my chest has been hurting on and off for two days, worse when i take a deep breath, "
        "had a cold last week",
        E_AT_REST,
        False,
    ),
    ("i have a cough and feel short of breath", E_SIGNIFICANT, False),
    ("i get a bit short of breath on the stairs", E_SIGNIFICANT, False),
    ("headache on and off, worse in the evenings", E_FAMILY_CLUSTER, False),
    ("cough keeps waking me up at night", E_BLOOD, False),
    ("chest pain even when im sitting still", E_AT_REST, True),
    ("im really struggling to breathe when i walk", E_SIGNIFICANT, True),
    ("my dad had cluster headaches and now i get them too", E_FAMILY_CLUSTER, True),
    ("i have a cough and im bringing up some blood", E_BLOOD, True),
    ("i have ear pain", "E_1", False),  # not "treated with an oral antibiotic"
    ("i have been vomiting", "E_166", False),  # not "after coughing"
    ("sore throat, hurts more when i swallow", "E_65", True),
    # What is felt and where (bots.language.qualifiers).
    (_PANIC_NUMBNESS, E_WEAK_LIMBS, False),
    (_PANIC_NUMBNESS, E_NUMB_FEET, False),
    ("pins and needles in both my arms and legs", E_WEAK_LIMBS, False),
    ("my arms and legs keep going numb and tingly", E_WEAK_LIMBS, False),
    ("my legs feel weak and wobbly", E_WEAK_LIMBS, True),
    ("i have tingling in my hands and feet", E_NUMB_FEET, True),
    ("my jaw hurts", "E_38", True),  # "pain or weakness": either
    # Pain is a kind of sensation too: the circumstance without the pain is not it (stop 37).
    ("bit out of breath going up the stairs", "E_220", False),
    ("out of breath when i breathe in deeply", "E_220", False),
    ("it hurts when i breathe in deeply", "E_220", True),
    # An age the question names must be said too (stop 41): a period is not an early menarche.
    ("my periods are so painful, cramping in my lower belly", "E_141", False),
    ("my period started yesterday and the cramps are awful", "E_141", False),
    ("my first period came when i was 11", "E_141", True),
]

HELD_OUT: list[Row] = [
    ("chest feels sore but only when i press on it or twist", E_AT_REST, False),
    ("slightly breathless when i run for the bus, otherwise fine", E_SIGNIFICANT, False),
    ("got these awful headaches that come and go", E_FAMILY_CLUSTER, False),
    ("been coughing loads, keeps me up", E_BLOOD, False),
    ("my chest hurts even lying in bed doing nothing", E_AT_REST, True),
    ("i can barely breathe properly, its really bad", E_SIGNIFICANT, True),
    ("coughing and theres blood in it", E_BLOOD, True),
    ("my little boy has an earache and a temperature", "E_1", False),
    ("been throwing up since this morning", "E_166", False),
    ("hands and arms have gone all tingly and numb, face too round the lips", E_WEAK_LIMBS, False),
    ("been getting pins and needles down both legs", E_NUMB_FEET, False),
    ("tingling around my mouth and in my fingers when i panic", E_WEAK_LIMBS, False),
    ("my legs have no strength in them, keep giving way", E_WEAK_LIMBS, True),
    ("numb toes on both feet for weeks", E_NUMB_FEET, True),
    ("both arms feel heavy and weak since yesterday", E_WEAK_LIMBS, True),
]


# Stop 44: a sound said of a machine is no sound of the breath. "also the fan sounds louder
# than usual, like a whirring noise" was read as "a high pitched sound when breathing in? yes"
# (stridor) and sent to emergency services. The breathing circumstance of a question must be
# said. Both parts written before the change (development 2/6 right before it).
E_STRIDOR, E_EXHALE_WHEEZE, E_WHEEZE_INHALE = "E_194", "E_214", "E_112"
DEVELOPMENT_44: list[Row] = [
    ("also the fan sounds louder than usual, like a whirring noise", E_STRIDOR, False),
    ("the fridge makes a high pitched whine at night", E_STRIDOR, False),
    ("theres a whistling noise from the boiler", E_EXHALE_WHEEZE, False),
    ("my chest makes a whistling sound when i breathe out", E_EXHALE_WHEEZE, True),
    ("high pitched noise when he breathes in, like a squeak", E_STRIDOR, True),
    ("wheezy when i breathe in", E_WHEEZE_INHALE, True),
]
HELD_OUT_44: list[Row] = [
    ("the laptop fan is making a high pitched squeal", E_STRIDOR, False),
    ("my car makes a wheezing sort of noise when i accelerate", E_EXHALE_WHEEZE, False),
    ("her phone makes a weird high pitched sound", E_STRIDOR, False),
    ("theres a high pitched sound every time she breathes in", E_STRIDOR, True),
    ("i wheeze when i breathe out, specially at night", E_EXHALE_WHEEZE, True),
]


def _score(network: Any, rows: list[Row]) -> tuple[int, list[str]]:
    good, wrong = 0, []
    for text, finding, must in rows:
        read = {a.finding: a.states for a in volunteered_facts(text, network)}
        yes = read.get(finding) == ("yes",)
        ok = yes if must else not yes
        good += ok
        if not ok:
            wrong.append(f"{text!r}: {finding} read {read.get(finding)}")
    return good, wrong


def test_qualifiers_are_not_read_as_another_findings_yes(service_factory: Any) -> None:
    network = service_factory().packs.network("patient-intake")
    dev, dev_wrong = _score(network, DEVELOPMENT)
    held, held_wrong = _score(network, HELD_OUT)
    print(f"qualifiers: development {dev}/{len(DEVELOPMENT)}, held-out {held}/{len(HELD_OUT)}")
    for line in held_wrong:
        print("  held-out wrong:", line)
    assert not dev_wrong, dev_wrong
    # Three held-out yeses are not read at all, with or without the qualifiers ("can barely
    # breathe properly", "no strength in them, keep giving way", "heavy and weak"): misses of
    # the reader's recall, reported here, not readings a qualifier turned away.
    assert held >= len(HELD_OUT) - 3, held_wrong


def test_a_sound_of_the_breath_is_said_of_the_breath(service_factory: Any) -> None:
    """Asserted: no machine's sound is read as one of the breath (development). The breath's
    own sounds not read at all ("wheezy when i breathe in") are recall misses, reported."""
    network = service_factory().packs.network("patient-intake")
    dev, dev_wrong = _score(network, DEVELOPMENT_44)
    held, held_wrong = _score(network, HELD_OUT_44)
    sizes = f"{dev}/{len(DEVELOPMENT_44)}, held-out {held}/{len(HELD_OUT_44)}"
    print(f"breath sounds: development {sizes}")
    for line in dev_wrong + held_wrong:
        print("  wrong:", line)
    false_yes = [t for t, f, must in DEVELOPMENT_44 if not must and any(t in w for w in dev_wrong)]
    assert not false_yes, false_yes
