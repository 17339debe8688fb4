"""Every way of answering a question feeds the same emergency check as typed words.

Typing "I've got significant difficulty breathing" escalates (bots.safety.emergency); pressing
"Yes" to "Are you experiencing shortness of breath or difficulty breathing in a significant
way?" must too, and so must a typed "yeah" or a pick from a choice list. Such an emergency,
affirmed only through the question's wording, first gets the nurse's one safety follow-up
("Are you struggling to breathe right now, even sitting still?",
bots.conversation.safety_check); the row then answers it "yes", as a patient in trouble
would, and must be escalated. The question is
asked the way the product asks it (``presentation.ask``, a choice list for a multi-choice
finding), so the test does not depend on which question the planner happens to pick first;
the answer then goes through ``ConversationService.handle`` like any web chat message.

Rows: (opening, finding asked, the answer: ``button:<payload>`` or typed words, the emergency
kind expected or None); a finding "A>B" asks A first (answered by a pressed choice of A, the
context an answer is read with) and then B. The held-out rows were written with the
development rows, before the first run, and not developed on.
"""

from __future__ import annotations

from typing import Any

import pytest

from bots.case_store import CaseStore, dump_state
from bots.conversation import presentation
from bots.messages import Inbound
from bots.models import Case, CaseStatus
from evaluation.play import CODE
from planning.actions import Ask, Rationale

Row = tuple[str, str, str, str | None]

DEVELOPMENT: list[Row] = [
    ("i keep wheezing and coughing", "E_66", "button:answer:yes", "breathing"),
    ("i keep wheezing and coughing", "E_66", "yes", "breathing"),
    ("i keep wheezing and coughing", "E_66", "yeah its pretty bad tbh", "breathing"),
    ("i keep wheezing and coughing", "E_66", "button:answer:no", None),
    ("i keep wheezing and coughing", "E_66", "no not really", None),
    ("i keep wheezing and coughing", "E_66", "button:answer:unsure", None),
    ("ive been throwing up since last night", "E_210", "button:answer:yes", "bleeding"),
    ("ive been throwing up since last night", "E_210", "no just normal sick", None),
    # "my face feels weird on one side" was this row's opening until stop 46: the emergency
    # reader by meaning now escalates it at once (a stroke), so it is no opening to answer from.
    ("i keep getting dizzy spells", "E_156", "button:answer:yes", "stroke"),
    ("it hurts on and off", "E_55@V_101>E_57@V_31", "button:pick:E_57@V_31", "chest pain"),
    ("it hurts on and off", "E_55@V_101>E_57@V_31", "it goes down my left arm", "chest pain"),
    ("it hurts on and off", "E_55@V_101>E_57@V_31", "it doesnt go anywhere", None),
    ("i snore loads my wife says", "E_23", "button:answer:yes", None),
    ("i have a sore throat", "E_181", "button:answer:yes", None),
    ("i have a sore throat", "E_91", "yes about 38.5 last night", None),
]

HELD_OUT: list[Row] = [
    ("been coughing for a week now", "E_66", "yep", "breathing"),
    ("been coughing for a week now", "E_66", "i think so yes", "breathing"),
    ("been coughing for a week now", "E_66", "nope", None),
    ("i had a funny turn yesterday", "E_43", "button:answer:yes", "unconscious"),
    ("i feel like i cant swallow properly", "E_75", "button:answer:yes", "breathing"),
    ("tummy ache and been sick twice", "E_210", "yes it looked like coffee grounds", "bleeding"),
    ("tummy ache and been sick twice", "E_210", "button:answer:no", None),
    ("achy since this morning", "E_55@V_29>E_57@V_121", "button:pick:E_57@V_121", "chest pain"),
    ("runny nose and sneezing", "E_181", "yes", None),
]

THREAD = "answer-path-{}-{}"


def _ask_now(service: Any, thread: str, finding: str) -> Any:
    """Ask ``finding`` next, the way the product asks it (a choice list where it is one)."""
    case = Case.objects.get(channel="web", external_thread_id=thread)
    store = CaseStore()
    ctx = service._load(case, store)
    rationale = Rationale(separates=(), expected_gain=0.0, answer_probability={})
    outcome = presentation.ask(service.kit, ctx, Ask(finding, rationale), ())
    case.state = dump_state(ctx.dialogue, ctx.network)
    case.pending_finding = ctx.dialogue.pending.finding
    case.save()
    return outcome.reply


def _play(service: Any, thread: str, row: Row) -> Any:
    opening, finding, answer, _ = row
    first = service.handle(Inbound("web", thread, opening, user_id="u1", pack="patient-intake"))
    assert first.kind == "question", (row, first.parts)
    *before, finding = finding.split(">")
    for earlier in before:
        _ask_now(service, thread, earlier)
        service.handle(Inbound("web", thread, "", button=f"pick:{earlier}", user_id="u1"))
    asked = _ask_now(service, thread, finding)
    if answer.startswith("button:"):
        payload = answer[len("button:") :]
        known = {b.payload for b in (*asked.buttons, *asked.choices)}
        assert payload in known, (row, known)
        return service.handle(Inbound("web", thread, "", button=payload, user_id="u1"))
    return service.handle(Inbound("web", thread, answer, user_id="u1"))


def _score(service: Any, name: str, rows: list[Row]) -> tuple[int, list[str]]:
    good, wrong = 0, []
    for i, row in enumerate(rows):
        reply = _play(service, THREAD.format(name, i), row)
        expected = row[3]
        case = Case.objects.get(external_thread_id=THREAD.format(name, i))
        escalated = reply.triage_level == "emergency" and case.status == CaseStatus.ESCALATED
        action = case.turns.order_by("-pk").first().action
        if expected is not None and action.get("type") == "safety_check":
            # Affirmed only through the question's wording: the nurse's one safety follow-up
            # first (bots.conversation.safety_check), about the kind expected, in plain words;
            # a real patient's "yes" to it escalates at once.
            ok = expected in action["kinds"] and not escalated and reply.kind == "question"
            ok = ok and not CODE.search(reply.text)
            thread = THREAD.format(name, i)
            reply = service.handle(Inbound("web", thread, "yes", user_id="u1"))
            case.refresh_from_db()
            escalated = reply.triage_level == "emergency" and case.status == CaseStatus.ESCALATED
            ok = ok and escalated and reply.parts[0].startswith("This may be an emergency.")
        elif expected is None:
            ok = not escalated
        else:
            # Read as the emergency expected, or a red flag of the pack said the same first.
            said = expected in str(action.get("detail", "")) or action.get("reason") == "red_flag"
            ok = escalated and said
            # The instruction comes first, never after what was noted.
            ok = ok and reply.parts[0].startswith("This may be an emergency.")
        good += ok
        if not ok:
            wrong.append(f"{row} -> {reply.kind} {reply.triage_level} {reply.parts[:1]}")
    return good, wrong


@pytest.mark.django_db
def test_every_answer_path_feeds_the_emergency_check(service_factory: Any, packs: Any) -> None:
    service = service_factory()
    dev, dev_wrong = _score(service, "dev", DEVELOPMENT)
    held, held_wrong = _score(service, "held", HELD_OUT)
    print(f"answer paths: development {dev}/{len(DEVELOPMENT)}, held-out {held}/{len(HELD_OUT)}")
    for line in (*dev_wrong, *held_wrong):
        print("  wrong:", line)
    assert not dev_wrong, dev_wrong
    assert held >= len(HELD_OUT) - 1, held_wrong


@pytest.mark.django_db
def test_a_pressed_yes_pages_staff_like_typed_words(service_factory: Any, packs: Any) -> None:
    # The escalation by an answer is the same as by words: the emergency is a red flag of the
    # case, its level is emergency, and the reply says nothing untrue about staff.
    service = service_factory()
    thread = "answer-path-flag"
    service.handle(
        Inbound("web", thread, "been wheezy all day", user_id="u1", pack="patient-intake")
    )
    _ask_now(service, thread, "E_66")
    check = service.handle(Inbound("web", thread, "", button="answer:yes", user_id="u1"))
    assert check.kind == "question" and "right now" in check.text  # the nurse's follow-up
    reply = service.handle(Inbound("web", thread, "", button="answer:yes", user_id="u1"))
    case = Case.objects.get(external_thread_id=thread)
    assert case.triage_level == "emergency"
    assert any(f["finding"] == "said:breathing" for f in case.state["red_flags"])
    assert "alerted" not in reply.text.lower()  # no staff target configured in the tests
    # The answer itself was kept for staff.
    assert any(a["finding"] == "E_66" for a in case.state["answers"])
