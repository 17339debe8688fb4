"""The nurse's table for bites, stings and mild injuries read from a patient's words (stop 40,
bots.safety.minor_care): the class is said by what bit or what happened, never by a word that
only looks like it ("a bit swollen", "it stings when I pee", "I tick all the boxes"), and an
illness said beside an injury leaves the level to the pack's causes."""

from __future__ import annotations

import pytest

from bots.safety.emergency import emergency_kinds
from bots.safety.minor_care import minor_care


@pytest.mark.parametrize(
    ("words", "level"),
    [
        ("got a couple of mosquito bites on my upper arm, itchy and a bit swollen", "self-care"),
        ("my dog nipped my hand playing, didnt break the skin", "self-care"),
        ("rolled my ankle at netball, puffy but i can walk on it", "self-care"),
        ("the neighbours dog bit my leg and it bled", "urgent"),
        ("got a tick off my leg last week and now a red ring is spreading round it", "urgent"),
        ("bee sting on my wrist yesterday and now the redness is spreading up my arm", "urgent"),
        ("twisted my ankle and i cant put any weight on it", "urgent"),
        ("pulled a muscle in my back lifting boxes, sore but i can move", "self-care"),
        ("got stung in the mouth by a wasp in my drink", "emergency"),
        ("stung by a wasp and now my lips are swelling up", "emergency"),
        # Stop 43: cuts, sunburn, a rash from what touched the skin. A spurting cut is the
        # emergency reader's too; the table never says less of it.
        ("nicked my finger on a knife, bled a bit but its stopped", "self-care"),
        ("sliced my arm on a window and its spurting, soaked through the towel", "emergency"),
        ("trod on a rusty nail in the garden", "urgent"),
        ("got sunburnt on holiday, shoulders red and sore", "self-care"),
        ("really sunburnt and now im shivery with a headache", "urgent"),
        ("nettle rash on my legs, itchy little bumps", "self-care"),
        # Stop 46: a water infection and a sore eye are the table's too.
        ("it stings when i pee", "self-care"),
        ("burning when i wee and a pain in my side", "urgent"),
        ("eye is red and sticky", "self-care"),
        ("eye is red and light really hurts it", "urgent"),
        ("ears ringing since the gig", "self-care"),
        ("hearing in my left ear suddenly went muffled today", "urgent"),
        ("toothache at the back, worse with cold drinks", "self-care"),
        ("bad tooth and my cheek has swollen up", "urgent"),
        ("tooth abscess, swelling going down my neck and hard to breathe", "emergency"),
        ("food poisoning, sick twice and the runs", "self-care"),
        ("diarrhoea and vomiting since yesterday and i cant keep water down", "urgent"),
        # A headache made worse by the sun is a headache, not sunburn.
        ("the sun makes my headache worse", "self-care"),
        ("headache since i banged my head on the cupboard", "urgent"),
    ],
)
def test_level_of_the_table(words: str, level: str) -> None:
    care = minor_care(words)
    assert care is not None and care.level == level, (words, care)


@pytest.mark.parametrize(
    "words",
    [
        "theres something a bit off with my tummy",
        "she is a bit feverish and off her food",
        "he bites his nails and now his finger is red",
        "i need to cut down on sugar, my tummy hurts after sweets",
        "cut my hair short and now my scalp is itchy",
        "i tick all the boxes for depression",
        "stinging pain in my eyes",
        # A sore eye or a water infection beside another illness is the pack's.
        "red eyes, a rash all over and a fever",
        "burning when i pee and a cough",
        # An earache or a leaking ear is the pack's (a middle-ear infection).
        "my ear hurts and it feels blocked",
        "ear is blocked and theres yellow gunk coming out of it",
        # Teeth that chatter are a shiver's; a toothache beside a cold is the pack's.
        "shivering so much my teeth are chattering, think its flu",
        "sore throat and a cough and my teeth ache",
        # Loose stools alone, as DDXPlus opens with them, are the pack's (many causes).
        "I have had diarrhea or an increase in stool frequency.",
        # A headache with a red, watering eye is the pack's (it knows a cluster headache).
        "pounding headache on one side and that eye is red and watering",
        # Hay fever's eyes come with the nose: the pack knows allergic rhinitis (lead18).
        "every spring my eyes get itchy and watery and i cant stop sneezing, nose runs like a tap",
        "fell over last week and since then ive got a fever and a cough",
        "hurt my back lifting and now theres blood in my pee",
        # What makes it hurt, not what happened to it (stop 42: an ear after swimming was asked
        # whether it takes weight).
        "my right ear has felt bunged up since i went swimming and its sore when i pull my earlobe",
        "my knee clicks and aches when i pull my leg up to my chest",
    ],
)
def test_no_table_for_other_complaints(words: str) -> None:
    assert minor_care(words) is None, words


def test_advice_says_the_pack_has_no_diagnosis() -> None:
    care = minor_care("wasp got my hand, red and puffy")
    assert care is not None
    assert "no insect bites or stings" in care.advice[0]
    assert "lips, tongue or throat swell" in care.advice[-1]


def test_faintness_after_a_sting_is_an_emergency_at_once() -> None:
    # Held as urgent before stop 40 ("going to pass out" was no allergic danger sign).
    said = "stung by a bee, now i feel like im going to pass out and im covered in hives"
    assert "anaphylaxis" in emergency_kinds(said)
