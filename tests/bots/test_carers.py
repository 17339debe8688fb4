"""A carer speaking for someone else is understood, and asked about the patient, not "you".

Through the conversation service on the patient-intake pack: the opening is read as the
patient's own words (its facts noted), and no question of the first ones says "Do you" /
"Are you" / "Have you" to the carer; it says "he", "she", "they" or is neutral. A patient
speaking for themselves is still asked "Do you ...". Rows are written as carers write; the
held-out rows were written with the others and not developed on.

Rows: (opening, the same said by the patient themselves, the pronoun questions use or None
for the writer themselves). Understood means read as the patient's own words are read (what
the reader cannot read in either voice is the reader's gap, not the carer's).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from bots.language.subject import about_them, subject_of
from bots.messages import Inbound
from bots.models import Case

Row = tuple[str, str, str | None]

DEVELOPMENT: list[Row] = [
    (
        "my son has had a cough for 3 days and his throat is sore",
        "i have had a cough for 3 days and my throat is sore",
        "he",
    ),
    ("she's had a fever since tuesday", "i've had a fever since tuesday", "she"),
    ("my mum keeps being sick and has a cough", "i keep being sick and have a cough", "she"),
    (
        "my 4 year old has a runny nose and a temperature",
        "i have a runny nose and a temperature",
        "they",
    ),
    ("his ear hurts and he has a fever", "my ear hurts and i have a fever", "he"),
    ("i have a cough and a sore throat", "i have a cough and a sore throat", None),
]

HELD_OUT: list[Row] = [
    ("my daughter has had a fever all night", "i have had a fever all night", "she"),
    (
        "our little boy has been coughing loads since the weekend",
        "i have been coughing loads since the weekend",
        "he",
    ),
    ("my husband has a really sore throat", "i have a really sore throat", "he"),
    (
        "worried about my dad, hes got a cough that wont go",
        "worried, ive got a cough that wont go",
        "he",
    ),
    ("ive had a sore throat for a week", "ive had a sore throat for a week", None),
]

TO_YOU = re.compile(r"^(?:do|are|have|did|were|can|would) you\b", re.IGNORECASE)


def _questions(service: Any, thread: str, opening: str, count: int = 3) -> tuple[Any, list[str]]:
    reply = service.handle(Inbound("web", thread, opening, user_id="u1", pack="patient-intake"))
    first, asked = reply, []
    for _ in range(count):
        if reply.kind != "question":
            break
        asked.append(reply.parts[-1])
        reply = service.handle(Inbound("web", thread, "", button="answer:unsure", user_id="u1"))
    return first, asked


def _read(thread: str) -> set[str]:
    case = Case.objects.get(external_thread_id=thread)
    return {a["finding"] for a in case.state.get("answers", []) if a.get("states") == ["yes"]}


def _score(service: Any, name: str, rows: list[Row]) -> tuple[int, list[str]]:
    good, wrong = 0, []
    for i, (opening, own, pronoun) in enumerate(rows):
        thread = f"carer-{name}-{i}"
        _, asked = _questions(service, thread, opening)
        _questions(service, f"{thread}-own", own, count=0)
        read, expected = _read(thread), _read(f"{thread}-own")
        understood = bool(read) and read == expected
        if pronoun is None:
            addressed = all(
                TO_YOU.search(q) or not re.search(r"\b(he|she|they)\b", q) for q in asked
            )
        else:
            addressed = not any(TO_YOU.search(q) for q in asked) and not any(
                re.search(r"\b(he|she|they)\b", q, re.IGNORECASE) is None
                and re.search(r"\byou\b", q, re.IGNORECASE)
                and not q.startswith(("How ", "Where ", "What ", "Which "))
                for q in asked
            )
        ok = bool(asked) and understood and addressed
        good += ok
        if not ok:
            wrong.append(f"{opening!r}: read {sorted(read)}, own words {sorted(expected)}; {asked}")
    return good, wrong


@pytest.mark.django_db
def test_a_carer_is_understood_and_asked_about_the_patient(
    service_factory: Any, packs: Any
) -> None:
    service = service_factory()
    dev, dev_wrong = _score(service, "dev", DEVELOPMENT)
    held, held_wrong = _score(service, "held", HELD_OUT)
    print(f"carers: development {dev}/{len(DEVELOPMENT)}, held-out {held}/{len(HELD_OUT)}")
    for line in (*dev_wrong, *held_wrong):
        print("  wrong:", line)
    assert dev >= len(DEVELOPMENT) - 1, dev_wrong
    assert held >= len(HELD_OUT) - 2, held_wrong


def test_questions_turned_to_the_carer() -> None:
    son = subject_of("my son has a cough")
    assert son is not None and son.pronoun == "he"
    assert about_them("Do you have a fever?", son) == "Does he have a fever?"
    assert about_them("Are you coughing up blood?", son) == "Is he coughing up blood?"
    assert about_them("Is your nose runny?", son) == "Is his nose runny?"
    child = subject_of("my 2 year old wont stop crying")
    assert child is not None and child.pronoun == "they"
    assert about_them("Have you had a cold in the last 2 weeks?", child).startswith("Have they")
    assert subject_of("i have a headache and my back hurts") is None
    assert subject_of("my head hurts, she says its stress") is None


# What a reviewer flags in a text put to a carer: "you" where the patient is meant.
TO_THE_PATIENT = re.compile(
    r"\b(?:diagnose|what) you\b|\byou (?:have|feel|are|can imagine|should be)\b|\byou're\b|"
    r"\byour (?:symptoms|doctor|pain|body|face|throat|tongue|arm|chest|speech)\b|\byourself\b|"
    r"^(?:do|are|have|did|were|can|would) you\b",
    re.IGNORECASE,
)


def _templates(network: Any) -> list[str]:
    """Every text template of the intake a carer may be shown, and every scale question."""
    from bots.conversation import handoff
    from bots.conversation.safety_check import FOLLOW_UPS
    from bots.triage import (
        ESCALATION_DISCLAIMER,
        INTAKE_DISCLAIMER,
        NOT_A_DIAGNOSIS,
        SELF_HARM_ADVICE,
        TRIAGE_ADVICE,
    )
    from knowledge.packs import wording

    texts = [
        INTAKE_DISCLAIMER,
        ESCALATION_DISCLAIMER,
        NOT_A_DIAGNOSIS,
        SELF_HARM_ADVICE,
        handoff.WORSE,
        *TRIAGE_ADVICE.values(),
        *FOLLOW_UPS.values(),
    ]
    for finding in network.findings:
        if wording.is_scale(finding):
            texts.append(wording.question_text(finding, network))
            texts.append(wording.how_to_check(finding) or "")
    return [t for t in texts if t]


@pytest.mark.django_db
@pytest.mark.parametrize("opening", ["my son has tummy pain", "my 4 year old has a rash"])
def test_every_template_speaks_of_the_patient_to_a_carer(packs: Any, opening: str) -> None:
    from bots.conversation.carer import to_carer
    from knowledge.packs.store import load_network

    who = subject_of(opening)
    assert who is not None
    for text in _templates(load_network("patient-intake")):
        said = to_carer(text, who)
        assert not TO_THE_PATIENT.search(said), (text, said)


@pytest.mark.django_db
def test_a_carer_sees_the_disclaimer_and_scales_about_the_patient(
    service_factory: Any, packs: Any
) -> None:
    from tests.bots.test_answer_paths import _ask_now

    service = service_factory()
    thread = "carer-templates"
    first = service.handle(
        Inbound("web", thread, "my son has bad tummy pain", user_id="u1", pack="patient-intake")
    )
    assert "diagnose him" in first.text and not TO_THE_PATIENT.search(first.text), first.text
    _ask_now(service, thread, "E_56")
    again = service.handle(Inbound("web", thread, "what do you mean", user_id="u1"))
    assert "How intense" in again.text and "pain he can imagine" in again.text, again.text
    assert not TO_THE_PATIENT.search(again.text), again.text
    # Said by the patient themselves, the same texts speak to them.
    own = service.handle(
        Inbound(
            "web", "own-templates", "i have bad tummy pain", user_id="u2", pack="patient-intake"
        )
    )
    assert "diagnose you" in own.text


def test_a_relative_who_only_reports_is_not_the_patient() -> None:
    # The writer speaks of their own symptoms; the relative is where the worry comes from.
    for said in (
        "im so tired all the time and i look really pale according to my mum",
        "my wife says i look pale and ive been dizzy",
        "my husband made me book this, i keep getting headaches",
        # ... or where the writer caught it (stop 37: "Do they have...?" to the writer)
        "both my eyes are pink and gritty, my little one had the same last week",
        "caught it off my daughter, now im coughing all night",
    ):
        assert subject_of(said) is None, said
    # The relative is the patient when the words are about them.
    for said, pronoun in (
        ("my mum says she's been dizzy all week", "she"),
        ("according to my dad he hasnt eaten all day", "he"),
        ("my mum keeps being sick", "she"),
        ("my son has had the same cough for a week", "he"),
    ):
        subject = subject_of(said)
        assert subject is not None and subject.pronoun == pronoun, said


def test_you_inside_a_question_is_turned_with_its_verb() -> None:
    son = subject_of("my son has a cough")
    child = subject_of("my 2 year old wont stop crying")
    assert son is not None and child is not None
    turned = {
        "Have you noticed that you produce more saliva than usual?": (
            "Has he noticed that he produces more saliva than usual?",
            "Have they noticed that they produce more saliva than usual?",
        ),
        "Have you vomited several times or have you made several efforts to vomit?": (
            "Has he vomited several times or has he made several efforts to vomit?",
            "Have they vomited several times or have they made several efforts to vomit?",
        ),
        "Do you feel like you are (or were) choking or suffocating?": (
            "Does he feel like he is (or was) choking or suffocating?",
            "Do they feel like they are (or were) choking or suffocating?",
        ),
        "Do you ever temporarily stop breathing while you\u2019re asleep?": (
            "Does he ever temporarily stop breathing while he is asleep?",
            "Do they ever temporarily stop breathing while they are asleep?",
        ),
        "Is your cough worse when you lie down?": (
            "Is his cough worse when he lies down?",
            "Is their cough worse when they lie down?",
        ),
    }
    for question, (to_son, to_child) in turned.items():
        assert about_them(question, son) == to_son
        assert about_them(question, child) == to_child


def test_a_verb_after_an_adverb_or_in_the_past_is_turned_as_english_has_it() -> None:
    son = subject_of("my son has a cough")
    assert son is not None
    turned = {
        # An adverb between "you" and the verb: the verb after it agrees.
        "Do you feel dizzy when you suddenly stand up?": (
            "Does he feel dizzy when he suddenly stands up?"
        ),
        "Do you wake up because you often need to urinate?": (
            "Does he wake up because he often needs to urinate?"
        ),
        # "need" ends in -ed and is not a past tense; "lost" is one and does not.
        "Do you feel that you need to rest more?": "Does he feel that he needs to rest more?",
        "Have you noticed that you lost weight?": "Has he noticed that he lost weight?",
    }
    for question, to_son in turned.items():
        assert about_them(question, son) == to_son
