"""A bite, sting or mild injury is asked what a triage nurse asks, then concluded (stop 41).

The pack's causes (DDXPlus) hold none of these complaints, so its questions (10-18 of them,
lead16's bee sting and mosquito bites) cannot decide anything the nurse's table
(bots.safety.minor_care) does not. A nurse asks two or three: where, any swelling of the mouth
or trouble breathing or faintness, did it break the skin, can you put weight on it, any spreading
redness or fever. Each answer that is a danger sign escalates at once. Played through the
service on the stop-40 table (``tests/bots/minor_care_table.py``, whose openings say the signs)
and stop 41's (``tests/bots/nurse_questions_table.py``, whose patients tell them only when
asked); ``pytest -s`` prints the numbers."""

from __future__ import annotations

from statistics import mean
from typing import Any

import pytest

from tests.bots import minor_care_table, nurse_questions_table, skin_care_table
from tests.bots.intake_player import play_counted
from tests.bots.minor_care_table import Row

HOME = ("routine", "self-care")
# A nurse's two or three questions and the one a where-question's answer may need again.
MOST_QUESTIONS = 4


def _measure(service: Any, rows: list[Row], part: str) -> tuple[list[str], list[int]]:
    """The rows whose outcome is not the nurse's, and the questions each row was asked."""
    wrong: list[str] = []
    asked: list[int] = []
    for i, (opening, replies, want) in enumerate(rows):
        level, told, _, n = play_counted(service, f"nurse-{part}-{i}", opening, replies)
        asked.append(n)
        ok = (
            (want == "home" and level in HOME and not told)
            or (want == "seen" and level == "urgent" and not told)
            or (want == "emergency" and told)
        )
        if not ok:
            wrong.append(f"{opening} -> {level}, told 112: {told}")
        got = f"{level or '-':9} told 112: {told!s:5} asked {n:2}"
        print(f"  [{part}] want {want:9} got {got}  {opening[:60]}")
    print(
        f"\n{part}: right {len(rows) - len(wrong)}/{len(rows)}, questions asked mean "
        f"{mean(asked):.1f}, most {max(asked)}"
    )
    return wrong, asked


@pytest.mark.django_db
def test_told_signs_development(service_factory: Any) -> None:
    wrong, asked = _measure(service_factory(), nurse_questions_table.DEV, "asked-dev")
    assert not wrong, wrong
    assert max(asked) <= MOST_QUESTIONS, asked


@pytest.mark.django_db
def test_weight_said_in_other_words_is_not_asked(service_factory: Any) -> None:
    # lead17's rolled ankle ("i can still hobble about on it") was asked "Can you still put
    # weight on it?", and a skimming "no" made it care today; "barely" hobbling is care today.
    rows: list[Row] = [
        (
            "went over on my ankle at five a side last night, its a bit puffy and sore but i "
            "can still hobble about on it",
            (),
            "home",
        ),
        ("twisted my knee getting off the bus, i can get about on it but its sore", (), "home"),
        ("rolled my ankle on a kerb, its swollen and i can barely hobble", (), "seen"),
    ]
    wrong, asked = _measure(service_factory(), rows, "weight-said")
    assert not wrong, wrong
    assert max(asked) <= MOST_QUESTIONS, asked


@pytest.mark.django_db
def test_told_signs_held_out(service_factory: Any) -> None:
    wrong, asked = _measure(service_factory(), nurse_questions_table.HELD_OUT, "asked-held-out")
    assert len(wrong) <= 1, wrong
    assert max(asked) <= MOST_QUESTIONS, asked


@pytest.mark.django_db
def test_cuts_sunburn_and_contact_rashes_development(service_factory: Any) -> None:
    # Stop 43: a cut, a sunburn or a nettle rash was asked 15-18 of the pack's questions and
    # never concluded (lead17, lead18); a nurse asks whether it still bleeds, gapes or came
    # from something rusty, blistered or made them unwell, or swelled the face.
    wrong, asked = _measure(service_factory(), skin_care_table.DEV, "skin-dev")
    assert not wrong, wrong
    assert max(asked) <= MOST_QUESTIONS, asked


@pytest.mark.django_db
def test_cuts_sunburn_and_contact_rashes_held_out(service_factory: Any) -> None:
    wrong, asked = _measure(service_factory(), skin_care_table.HELD_OUT, "skin-held-out")
    assert len(wrong) <= 2, wrong
    assert max(asked) <= MOST_QUESTIONS, asked


@pytest.mark.django_db
def test_said_signs_take_few_questions(service_factory: Any) -> None:
    """Stop 40's rows (the signs said in the opening) end as before, in a nurse's few questions."""
    rows = minor_care_table.DEV + minor_care_table.HELD_OUT
    wrong, asked = _measure(service_factory(), rows, "said")
    assert not wrong, wrong
    assert max(asked) <= MOST_QUESTIONS, asked


def _say(service: Any, thread: str, text: str = "", button: str = "") -> Any:
    from bots.messages import Inbound

    return service.handle(
        Inbound("web", thread, text, button=button or None, user_id="u1", pack="patient-intake")
    )


def _last_action(thread: str) -> dict[str, Any]:
    from bots.models import Case, Role

    case = Case.objects.get(external_thread_id=thread)
    turn = case.turns.filter(role=Role.BOT).order_by("-pk").first()
    return dict(turn.action or {})


@pytest.mark.django_db
def test_a_pressed_yes_to_the_allergy_question_escalates_at_once(service_factory: Any) -> None:
    service = service_factory()
    first = _say(service, "nq-yes", "got stung on my arm by a wasp a minute ago")
    assert _last_action("nq-yes").get("type") == "nurse_question", first.text
    reply = _say(service, "nq-yes", button="answer:yes")
    assert reply.triage_level == "emergency" and "Call emergency services" in reply.text


@pytest.mark.django_db
def test_not_sure_whether_the_bite_broke_the_skin_is_care_today(service_factory: Any) -> None:
    service = service_factory()
    _say(service, "nq-unsure", "my neighbours cat bit my finger")
    assert _last_action("nq-unsure").get("question") == "skin"
    reply = _say(service, "nq-unsure", "not sure to be honest")
    for _ in range(3):  # the other question, answered no, then the conclusion
        if reply.kind != "question":
            break
        reply = _say(service, "nq-unsure", "no")
    assert reply.kind == "conclusion" and reply.triage_level == "urgent", reply.text


@pytest.mark.django_db
def test_cant_take_weight_said_in_answer_is_care_today(service_factory: Any) -> None:
    service = service_factory()
    _say(service, "nq-weight", "fell over at football and hurt my ankle")
    assert _last_action("nq-weight").get("question") == "weight"
    reply = _say(service, "nq-weight", "no i cant put any weight on it")
    assert reply.kind == "conclusion" and reply.triage_level == "urgent", reply.text


@pytest.mark.parametrize(
    "opening",
    [
        # An illness beside the injury, a companion sign beside the sting, no bite at all: the
        # pack's own questions, as before.
        "fell over last week and since then ive had a fever and a cough",
        "twisted my ankle this morning and ive had some chest pain today",
        "sore throat and a temperature since yesterday",
    ],
)
@pytest.mark.django_db
def test_the_pack_asks_when_the_table_does_not_decide(service_factory: Any, opening: str) -> None:
    service = service_factory()
    _say(service, "nq-pack", opening)
    assert _last_action("nq-pack").get("type") != "nurse_question"


@pytest.mark.django_db
def test_why_is_answered_and_the_question_asked_again(service_factory: Any) -> None:
    service = service_factory()
    _say(service, "nq-why", "a wasp stung my arm this morning")
    asked = _last_action("nq-why").get("question")
    reply = _say(service, "nq-why", "why do you need to know that?")
    assert "I ask because" in reply.text and _last_action("nq-why").get("question") == asked
    reply = _say(service, "nq-why", "no")
    assert reply.triage_level != "emergency", reply.text
