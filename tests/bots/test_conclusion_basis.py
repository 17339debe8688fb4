"""A conclusion that rests on a fact read from the user's words says so and can be corrected
(bots.conversation.basis, bots.conversation.correction), through the service as ``manage.py
evaluate flodial`` builds it.

FloDial dialog 11: "there's an electrical failure. I'm not sure what caused it" is read, with
doubt, as "a single lamp failure? yes", which the user never said; the chart then concludes a
bulb failure. The user's own path (every question "no") leads to a blown fuse or wiring.
"""

from __future__ import annotations

from bots.messages import Inbound
from evaluation.play import shows_code
from tests.bots.chart_chat import ChartChat
from tests.bots.test_last_question_asks_back import evaluation_service

CHART = "car_electrical_failure"
OPENING = (
    "I own a Nissan Murano, and I found out that there's an electrical failure. I'm not sure "
    "what caused it."
)
SINGLE_LAMP = "car_electrical_failure:q14"
PATH = {f"car_electrical_failure:q{n}": "no" for n in (1, 2, 6, 14, 16)}
BULB = "car_electrical_failure:t15"
WIRING = "car_electrical_failure:t18"
WENT_BY = "I went by what you told me: Do you have a single lamp failure? yes."


def new_chat() -> ChartChat:
    return ChartChat(CHART, "basis", PATH, most=40)


def concluded_on_the_misread_fact() -> ChartChat:
    chat = new_chat()
    chat.send(OPENING)
    reply = chat.answer_on_path()
    assert reply.kind == "conclusion", reply.text
    assert chat.case.conclusion == BULB
    return chat


def test_a_conclusion_resting_on_words_says_what_it_went_by_and_offers_the_correction() -> None:
    chat = concluded_on_the_misread_fact()
    reply = chat.replies[-1]
    assert WENT_BY in reply.text
    assert reply.buttons[0].label == "That's not what I said"
    assert not shows_code(reply)
    assert chat.bot_actions()[-1]["basis"] == [
        {
            "index": 1,
            "finding": SINGLE_LAMP,
            "states": ["yes"],
            "shown": "Do you have a single lamp failure? yes",
        }
    ]


def test_the_correction_button_reopens_the_case_and_asks_the_fact_properly() -> None:
    chat = concluded_on_the_misread_fact()
    reply = chat.send(button="correct")
    assert reply.kind == "question" and reply.question == SINGLE_LAMP
    assert "Let me ask it properly: Do you have a single lamp failure?" in reply.text
    assert "This case is closed" not in reply.text
    assert chat.case.status == "active" and chat.case.conclusion == ""
    audit = chat.bot_actions()[-1]
    assert audit["type"] == "confirm"
    assert audit["corrected"]["reopened"] == BULB
    assert audit["corrected"]["finding"] == SINGLE_LAMP
    assert audit["corrected"]["was"] == ["yes"] and audit["corrected"]["by"] == "button"
    # The dialogue goes on from the user's own answer, to the cause on their path.
    final = chat.answer_on_path()
    assert final.kind == "conclusion"
    assert chat.case.conclusion == WIRING
    assert "I went by what you told me" not in final.text  # the fact is now an answer
    assert not any(shows_code(r) for r in chat.replies)


def test_a_typed_correction_sets_the_fact_and_goes_on() -> None:
    chat = concluded_on_the_misread_fact()
    reply = chat.send("no, that's wrong, it's not one lamp, lots of things stopped working")
    assert "Do you have a single lamp failure? no" in reply.text
    assert "This case is closed" not in reply.text
    audit = chat.bot_actions()[-1]["corrected"]
    assert audit["now"] == ["no"] and audit["by"] == "words" and audit["reopened"] == BULB
    chat.answer_on_path()
    assert chat.case.conclusion == WIRING


def test_saying_it_was_misread_without_what_was_meant_asks_the_fact_again() -> None:
    for said in ("that's not what I said", "you got that wrong", "wrong!", "no, that's incorrect"):
        chat = concluded_on_the_misread_fact()
        reply = chat.send(said)
        assert reply.kind == "question" and reply.question == SINGLE_LAMP, said
        assert chat.bot_actions()[-1]["corrected"]["now"] is None, said


def test_other_words_after_a_conclusion_leave_it_closed() -> None:
    for said in (
        "thanks, that fixed it",
        "actually it worked after I did that",
        "ok",
        # "wrong" not said of the reading
        "thanks, nothing wrong with it now",
        "great, that was exactly what was wrong",
        "cheers, swapped it and nothing is wrong anymore",
        # a fix reported: the state said is after it
        "in fact the new bulb fixed it, no lamp failure now",
        "actually it was just one bulb, replaced it and its fine",
    ):
        chat = concluded_on_the_misread_fact()
        reply = chat.send(said)
        assert reply.kind == "closed", (said, reply.text)
        assert chat.case.conclusion == BULB


def test_a_conclusion_on_answers_the_user_pressed_names_no_basis() -> None:
    chat = new_chat()
    chat.send("My car has an electrical problem.")
    final = chat.answer_on_path()
    assert final.kind == "conclusion", final.text
    assert "I went by what you told me" not in final.text
    assert "correct" not in [b.payload for b in final.buttons]
    assert chat.send(button="correct").kind == "closed"


def test_facts_noted_in_the_same_reply_are_not_listed_twice() -> None:
    service = evaluation_service("laptop_drive")

    def send(text: str):  # type: ignore[no-untyped-def]
        return service.handle(
            Inbound("web", "noted", text=text, pack="laptop_drive"), store=service.store
        )

    first = send("my laptop has started making weird noises")
    assert first.kind == "question", first.parts
    reply = send(
        "yes i can see everything on the screen, it still boots to the windows desktop fine, "
        "but the hard drive has begun making clunking noises this week"
    )
    assert reply.kind == "conclusion", reply.parts
    noted = next(p for p in reply.parts if p.startswith(("Noted:", "Also noted:")))
    went_by = next(p for p in reply.parts if p.startswith("I went by"))
    assert "as noted above" in went_by and "?" not in went_by, went_by
    assert "clunking" in noted
    assert not shows_code(reply)


def test_an_opening_that_settles_the_cause_is_checked_once_before_the_fix() -> None:
    # Stop 37: "impending hard drive failure (about 70% sure)" with no question asked. The
    # facts are noted with one check; its reply is an answer, and the fix follows.
    service = evaluation_service("laptop_drive")
    opening = (
        "hard drive in my laptop has begun making clunking noises this week, but it still boots "
        "to the windows desktop fine and i can see everything on the screen"
    )
    reply = service.handle(
        Inbound("web", "check", text=opening, pack="laptop_drive"), store=service.store
    )
    assert reply.kind == "question", reply.parts
    assert "clunking" in next(p for p in reply.parts if p.startswith("Noted:"))
    assert reply.parts[-1].startswith("One check before I suggest a fix: "), reply.parts
    assert not shows_code(reply)
    final = service.handle(
        Inbound("web", "check", text="yes", pack="laptop_drive"), store=service.store
    )
    assert final.kind == "conclusion", final.parts
    assert "drive" in final.text and not any(p.startswith("Noted:") for p in final.parts)
