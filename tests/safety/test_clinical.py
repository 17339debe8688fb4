"""Clinical safety of patient intake, end to end through the real conversation service.

DDXPlus patients (dev split) talk to the patient-intake pack over Telegram: their complaint,
then their own answers to every question, pressed as buttons. Patients with a severe pathology
(severity 1-2) must end escalated or with an emergency or urgent triage level and the
instruction that goes with it; patients with a mild one (4-5) must not be escalated; and no
reply that is not a question ever names a condition (questions may: "Have you ever had
pneumonia?" asks, it does not tell). Emergency words, red flags under any stopping rule, the
disclaimer and the staff's view of an escalated case are tested on their own.
"""

# The service fixtures of tests/bots are imported, so the test arguments shadow them by design.
# ruff: noqa: F811

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from bots.config import ServiceConfig
from bots.conversation.nurse_questions import KEY as NURSE_QUESTION
from bots.messages import Inbound, Reply
from bots.models import Case, CaseStatus, Role
from bots.safety.affirmed import affirmed_statements
from bots.triage import ESCALATION_DISCLAIMER, INTAKE_DISCLAIMER, TRIAGE_LEVELS, emergency_kinds
from console.case_queries import queue
from planning.dialogue import StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork
from planning.simulation import Case as Patient
from planning.simulation import SimulatedUser
from tests.bots.conftest import _session_packs, packs, service_factory  # noqa: F401

pytestmark = pytest.mark.django_db

Service = Callable[..., Any]
PACK = "patient-intake"
EMERGENCY_INSTRUCTION = "Call emergency services (112 or 911) now"
URGENT_INSTRUCTION = "seek medical care today"
SEVERE_PATIENTS = 8
MILD_PATIENTS = 4


def say(
    service: Any,
    thread: str,
    text: str = "",
    *,
    button: str | None = None,
    channel: str = "telegram",
) -> Reply:
    reply: Reply = service.handle(
        Inbound(channel=channel, thread_id=thread, text=text, button=button)
    )
    return reply


@pytest.fixture
def network(packs: tuple[str, ...]) -> EvidentialNetwork:
    from knowledge.packs.store import load_network

    return load_network(PACK)


def _has_red_flag(patient: Patient, network: EvidentialNetwork) -> bool:
    flagged = {(f.finding, s) for f in network.red_flags for s in f.states}
    return any((fid, state) in flagged for fid, state in patient.answers.items())


def _affirms_an_emergency(patient: Patient, network: EvidentialNetwork) -> bool:
    """Whether an answer the patient would give says an emergency in the product's own terms
    (bots.safety.affirmed): "significant difficulty breathing" escalates whatever the
    pathology's severity, pressed or typed."""
    answers = [Answer(fid, (state,)) for fid, state in patient.answers.items()]
    return bool(emergency_kinds(" ".join(affirmed_statements(answers, network))))


def _pick(network: EvidentialNetwork, keep: Callable[[Patient], bool], count: int) -> list[Patient]:
    """The first ``count`` dev patients that ``keep`` accepts, one per pathology."""
    from knowledge.datasets import ddxplus

    seen: set[str] = set()
    chosen = []
    for patient in ddxplus.load_cases("dev"):
        if patient.true_hypothesis in seen or not keep(patient):
            continue
        seen.add(patient.true_hypothesis)
        chosen.append(patient)
        if len(chosen) == count:
            break
    return chosen


def _names_pattern(network: EvidentialNetwork) -> re.Pattern[str]:
    labels = {h.name.lower() for h in network.hypotheses} | {
        h.id.lower() for h in network.hypotheses
    }
    alternatives = "|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({alternatives})(?![\w-])")


def assert_names_no_condition(text: str, network: EvidentialNetwork, where: str) -> None:
    named = _names_pattern(network).findall(text.lower())
    assert not named, f"{where} names {named}: {text!r}"


def replay(
    service: Any, thread: str, patient: Patient, network: EvidentialNetwork, *, why: bool = False
) -> list[Reply]:
    """The patient's conversation: complaint, then their own answer to every question."""
    user = SimulatedUser(patient)
    replies = [say(service, thread, patient.complaint)]
    while replies[-1].kind == "question":
        assert len(replies) < 40, "the conversation does not end"
        if why:
            replies.append(say(service, thread, button="why"))
            why = False
            continue
        if _nurse_question(replies[-1]):
            # A nurse's question (the emergency one asked before an urgent close, stop 45) is
            # none of the dataset's findings: the patient has no answer recorded, so "no", as
            # ``evaluate`` answers it; its pending finding is only a stand-in.
            replies.append(say(service, thread, button="answer:no"))
            continue
        finding = network.finding(replies[-1].question or "")
        answer = user.answer(finding.id, finding.states)
        button = "answer:unsure" if answer.states is None else f"answer:{answer.states[0]}"
        replies.append(say(service, thread, button=button))
    return replies


def _nurse_question(reply: Reply) -> bool:
    turn = Case.objects.get(pk=reply.case_id).turns.filter(role=Role.BOT).order_by("index").last()
    return turn is not None and turn.action.get("type") == NURSE_QUESTION


def check_no_condition_told(replies: list[Reply], case: Case, network: EvidentialNetwork) -> None:
    for reply in replies:
        if reply.kind != "question":
            assert_names_no_condition(reply.text, network, f"a {reply.kind} reply")
    for turn in case.turns.filter(role=Role.BOT):
        kind = turn.action.get("type")
        if kind == "why":  # the explanation, not the question asked again after it
            assert_names_no_condition(turn.text.split("\n\n")[0], network, "the why? reply")
        elif kind != "ask":
            assert_names_no_condition(turn.text, network, f"bot turn {turn.index} ({kind})")


# -- DDXPlus patients -----------------------------------------------------------------------------


def test_severe_patients_are_escalated_or_sent_to_care_without_being_told_a_condition(
    service_factory: Service, network: EvidentialNetwork
) -> None:
    severe = _pick(network, lambda p: p.metadata["severity"] <= 2, SEVERE_PATIENTS)
    assert len(severe) == SEVERE_PATIENTS
    service = service_factory()
    outcomes = []
    for n, patient in enumerate(severe):
        replies = replay(service, f"severe-{n}", patient, network, why=n == 0)
        final = replies[-1]
        case = Case.objects.get(pk=final.case_id)
        where = f"{patient.id} ({patient.true_hypothesis}, severity {patient.metadata['severity']})"
        assert INTAKE_DISCLAIMER in replies[0].parts or replies[0].parts[0].startswith(
            ESCALATION_DISCLAIMER
        ), where
        assert case.status == CaseStatus.ESCALATED or final.triage_level in (
            "emergency",
            "urgent",
        ), f"{where}: {case.status}, triage {final.triage_level!r}"
        assert case.triage_level == final.triage_level
        if final.triage_level == "emergency":
            assert EMERGENCY_INSTRUCTION in final.parts[0], where  # the instruction comes first
        else:
            assert URGENT_INSTRUCTION in final.text.lower(), where
        if case.status == CaseStatus.ESCALATED:
            assert queue(Case.objects.all()).filter(pk=case.pk).exists(), where
        # Staff get the differential, with severities, for the intake summary.
        assert case.differential and all("severity" in e for e in case.differential)
        check_no_condition_told(replies, case, network)
        last = case.turns.filter(role=Role.BOT).order_by("-index").first()
        assert last is not None
        outcomes.append(last.action.get("reason") or last.action["type"])
    # Both ways of catching them were exercised: a red-flag answer the planner asked about,
    # and the severities of the plausible hypotheses when the questions end.
    assert "red_flag" in outcomes and {"conclude", "max_turns"} & set(outcomes), outcomes


def test_mild_patients_are_not_escalated(
    service_factory: Service, network: EvidentialNetwork
) -> None:
    mild = _pick(
        network,
        lambda p: (
            p.metadata["severity"] >= 4
            and not _has_red_flag(p, network)
            and not _affirms_an_emergency(p, network)
        ),
        MILD_PATIENTS,
    )
    assert len(mild) == MILD_PATIENTS
    service = service_factory()
    for n, patient in enumerate(mild):
        replies = replay(service, f"mild-{n}", patient, network)
        final = replies[-1]
        case = Case.objects.get(pk=final.case_id)
        assert case.status != CaseStatus.ESCALATED, f"{patient.id}: {final.text!r}"
        assert final.kind in ("conclusion", "handoff")
        assert final.triage_level in TRIAGE_LEVELS and final.triage_level != "emergency"
        if final.kind == "conclusion":
            assert "not a diagnosis" in final.text
        check_no_condition_told(replies, case, network)


def test_a_complaint_the_pack_does_not_cover_is_not_told_to_call_emergency_services(
    service_factory: Service,
) -> None:
    """A stiff back after gardening (DDXPlus has no such condition), "no" to nearly everything:
    every cause the pack knows ends contradicted by the answers, and the remainder of belief
    once kept a severity-1 condition at 13%, so the patient was told to call emergency services.
    A nurse still takes the case; nothing in it is an emergency. (The answers are a hay-fever
    sufferer's: yes to pain and to an itchy throat, "no" typed at the choice lists.)"""
    service = service_factory()
    thread = "gardening-back"
    replies = [
        say(
            service,
            thread,
            "lower back is a bit stiff after gardening all weekend, "
            "nothing dramatic, just achy when i bend",
        )
    ]
    while replies[-1].kind == "question":
        assert len(replies) < 40, "the conversation does not end"
        question = replies[-1].text.lower()
        payloads = [b.payload for b in replies[-1].buttons]
        if "answer:yes" not in payloads:
            replies.append(say(service, thread, "no"))
        elif "pain somewhere" in question or "back of your throat itchy" in question:
            replies.append(say(service, thread, button="answer:yes"))
        else:
            replies.append(say(service, thread, button="answer:no"))
    final = replies[-1]
    assert final.triage_level != "emergency", final.text
    assert all(EMERGENCY_INSTRUCTION not in r.text for r in replies), final.text
    assert Case.objects.get(pk=final.case_id).status != CaseStatus.ESCALATED


@pytest.mark.parametrize(
    "opening",
    [
        "bit of an upset tummy since a dodgy takeaway last night, been to the loo a few times, "
        "no blood or anything and im keeping water down fine",
    ],
)
def test_no_to_everything_is_not_evidence_for_an_emergency(
    service_factory: Service, opening: str
) -> None:
    """An upset stomach after a takeaway (DDXPlus has no gastroenteritis), "no" to every
    question: what the "no"s had not excluded (Guillain-Barre syndrome, 26%) led when the
    questions ran out, and the patient was told to call emergency services. Nothing the patient
    affirmed fits it: a nurse takes the case, and the advice is to be seen today."""
    service = service_factory()
    thread = "stomach-all-no"
    replies = [say(service, thread, opening)]
    while replies[-1].kind == "question":
        assert len(replies) < 40, "the conversation does not end"
        payloads = [b.payload for b in replies[-1].buttons]
        if "answer:no" in payloads:
            replies.append(say(service, thread, button="answer:no"))
        else:
            replies.append(say(service, thread, "no"))
    final = replies[-1]
    assert final.triage_level != "emergency", final.text
    assert all(EMERGENCY_INSTRUCTION not in r.text for r in replies), final.text


# -- emergency words ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("words", "kind"),
    [
        ("I can't breathe", "breathing"),
        ("there's a crushing chest pain, like an elephant on my chest", "chest pain"),
        ("I want to kill myself", "self-harm"),
    ],
)
def test_emergency_words_escalate_at_once_whatever_question_is_pending(
    service_factory: Service, network: EvidentialNetwork, words: str, kind: str
) -> None:
    service = service_factory()
    thread = f"words-{kind}"
    first = say(service, thread, "I have a sore throat and a cough")
    assert first.kind == "question"
    reply = say(service, thread, words)
    assert reply.kind == "escalation" and reply.triage_level == "emergency"
    assert reply.parts[0].startswith(f"This may be an emergency. {EMERGENCY_INSTRUCTION}")
    assert ("988" in reply.text) == (kind == "self-harm")  # a crisis line for self-harm
    case = Case.objects.get(pk=reply.case_id)
    assert case.status == CaseStatus.ESCALATED and case.triage_level == "emergency"
    assert case.pending_finding == ""
    assert queue(Case.objects.all()).filter(pk=case.pk).exists()
    assert {"finding": f"said:{kind}", "level": "emergency"}.items() <= case.state["red_flags"][
        -1
    ].items()
    user = case.turns.filter(role=Role.USER).order_by("-index").first()
    assert user is not None and user.interpretation["intent"] == "emergency"
    bot = case.turns.filter(role=Role.BOT).order_by("-index").first()
    assert bot is not None and bot.action["reason"] == "emergency_phrase"
    check_no_condition_told([first, reply], case, network)
    # Whatever comes next, the case stays with staff and the instruction is repeated.
    later = say(service, thread, "hello?")
    assert later.kind == "closed" and EMERGENCY_INSTRUCTION in later.text


def test_emergency_words_as_the_first_web_message_go_to_the_patient_pack(
    service_factory: Service,
) -> None:
    reply = say(service_factory(), "web-words", "Help, I cannot breathe", channel="web")
    assert reply.kind == "escalation" and reply.triage_level == "emergency"
    assert EMERGENCY_INSTRUCTION in reply.parts[0]
    # The disclaimer comes with the instruction, before it, in the same message; never after.
    assert reply.parts[0].startswith(f"{ESCALATION_DISCLAIMER} This may be an emergency.")
    assert INTAKE_DISCLAIMER not in reply.parts
    case = Case.objects.get(pk=reply.case_id)
    assert case.pack == PACK and case.status == CaseStatus.ESCALATED
    assert case.state["red_flags"][0]["finding"] == "said:breathing"


def test_emergency_words_after_the_case_ended_escalate_it_again(
    service_factory: Service,
) -> None:
    service = service_factory()
    say(service, "after", "I have a sore throat and a cough")
    handed = say(service, "after", button="human")
    assert handed.kind == "handoff"
    reply = say(service, "after", "now my throat is closing up")
    assert reply.kind == "escalation" and EMERGENCY_INSTRUCTION in reply.parts[0]
    assert Case.objects.get(pk=reply.case_id).status == CaseStatus.ESCALATED


def test_emergency_words_are_only_for_patient_packs(service_factory: Service) -> None:
    reply = say(service_factory(), "C1:words", "my laptop fan is choking on dust", channel="slack")
    assert reply.kind != "escalation"
    assert Case.objects.get(pk=reply.case_id).pack == "it-laptop"


@pytest.mark.parametrize(
    ("opening", "kind"),
    [
        # What a carer sees, not what the patient feels: a hand clutching the chest, a child
        # sick and drowsy after a blow to the head. Both once got an ordinary intake question.
        (
            "my dad is clutching his chest and its going down his left arm, hes all clammy",
            "chest pain",
        ),
        ("my little girl bumped her head on the swing and now shes been sick twice", "head injury"),
    ],
)
def test_an_emergency_a_carer_describes_is_escalated_at_the_first_message(
    service_factory: Service, opening: str, kind: str
) -> None:
    reply = say(service_factory(), f"carer-{kind}", opening, channel="web")
    assert reply.kind == "escalation" and reply.triage_level == "emergency"
    assert EMERGENCY_INSTRUCTION in reply.parts[0]
    case = Case.objects.get(pk=reply.case_id)
    assert case.state["red_flags"][0]["finding"] == f"said:{kind}"


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("I can't breathe", ["breathing"]),
        ("I CAN\u2019T  BREATHE!!", ["breathing"]),
        ("my husband is not breathing", ["breathing"]),
        ("crushing pain in my chest", ["chest pain"]),
        ("I want to kill myself", ["self-harm"]),
        ("I've been feeling suicidal", ["self-harm"]),
        ("I took too many pills", ["self-harm"]),
        ("her face is drooping and her speech is slurred", ["stroke"]),
        ("I'm vomiting blood", ["bleeding"]),
        ("my throat is closing", ["anaphylaxis"]),
        ("I can't breathe and I want to end my life", ["breathing", "self-harm"]),
        # Ordinary intake answers: symptoms the questions ask about, not emergencies in words.
        ("I have chest pain when I cough", []),
        ("I'm a bit short of breath on the stairs", []),
        ("I can breathe fine, just a sore throat", []),
        ("yes", []),
        ("", []),
    ],
)
def test_emergency_phrase_list(text: str, kinds: list[str]) -> None:
    assert emergency_kinds(text) == kinds


# -- red flags, disclaimer, staff view ------------------------------------------------------------


@pytest.mark.parametrize("mode", ["flag", "off"])
def test_a_red_flag_escalates_a_patient_before_the_planner_under_any_stopping_rule(
    service_factory: Service, mode: str
) -> None:
    # "flag" and "off" make the policies ignore red flags (they are for measuring); the service
    # checks them itself for patients.
    service = service_factory(config=ServiceConfig(stopping=StoppingRule(red_flags=mode)))
    reply = say(service, f"rf-{mode}", "I have felt confused and disorientated lately")
    assert reply.kind == "escalation" and reply.triage_level == "emergency"
    assert EMERGENCY_INSTRUCTION in reply.parts[0]
    case = Case.objects.get(pk=reply.case_id)
    assert case.status == CaseStatus.ESCALATED
    assert case.state["red_flags"][0]["finding"] == "E_39"


def test_the_disclaimer_opens_the_intake_once(service_factory: Service) -> None:
    service = service_factory()
    hello = say(service, "disclaimer", "hello")
    assert hello.parts[0] == INTAKE_DISCLAIMER
    question = say(service, "disclaimer", "I have a sore throat and a cough")
    assert question.kind == "question" and INTAKE_DISCLAIMER not in question.parts
    it = say(service, "C1:disclaimer", "my laptop won't charge", channel="slack")
    assert INTAKE_DISCLAIMER not in it.parts


def test_staff_see_the_intake_summary_with_the_differential(
    service_factory: Service, network: EvidentialNetwork
) -> None:
    from console.roles import OPERATOR
    from tests.console.conftest import client_for, make_user

    service = service_factory()
    reply = say(service, "staff", "I have felt confused and disorientated lately")
    case = Case.objects.get(pk=reply.case_id)
    assert case.differential
    client = client_for(make_user("nurse", OPERATOR))
    html = client.get(f"/cases/{case.pk}/").content.decode()
    # The patient was told no condition; staff see the differential by name, with severities,
    # the triage level and the red flag that escalated the case.
    for entry in case.differential[:3]:
        assert f'title="{entry["id"]}">{entry["name"]}</span>' in html
        assert f"severity {entry['severity']}" in html
    assert "triage-emergency" in html and 'id="red-flags"' in html and "E_39" in html
    assert_names_no_condition(reply.text, network, "the escalation")
    # A case escalated on the patient's own words shows why, mid-dialogue or before one.
    say(service, "staff-words", "I have a sore throat and a cough")
    for thread in ("staff-words", "staff-first-words"):
        words = say(service, thread, "I can't breathe")
        page = client.get(f"/cases/{words.case_id}/")
        assert page.status_code == 200
        assert "said:breathing" in page.content.decode()
