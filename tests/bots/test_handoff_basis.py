"""A hand-off to a person says what it went by, too, and the user can correct it while no
person has taken the case up (bots.conversation.basis, bots.conversation.correction), through
the service as ``manage.py evaluate flodial`` builds it.

The FloDial dialogs 419/438 went this way: a fact misread in the opening ("does the starter
crank? yes" for a car that does not even turn over) walks the dialogue down the cranking
branch, the user can only say "not sure" to its questions, and at the budget the case is
handed to a person with nothing said of the misreading. Here the opening says it in passing
("the starter cranks fine"), and the user's own car does not crank (the oxidised-terminals
path of dialog 419).
"""

from __future__ import annotations

from evaluation.play import shows_code
from tests.bots.chart_chat import ChartChat

CHART = "car_wont_start"
OPENING = "my car wont start, the starter cranks fine"
CRANKS = "car_wont_start:q1"
PATH = {
    CRANKS: "no",
    "car_wont_start:q2": "no",
    "car_wont_start:q3": "yes",
    "car_wont_start:q5": "no",
}
TERMINALS = "car_wont_start:t6"
WENT_BY = "I went by what you told me: When you turn the key, does the starter crank? yes."


def new_chat() -> ChartChat:
    return ChartChat(CHART, "handoff", PATH, most=60)


def handed_off_on_the_misread_fact() -> ChartChat:
    chat = new_chat()
    chat.send(OPENING)
    reply = chat.answer_on_path()
    assert reply.kind == "handoff", reply.text
    assert chat.case.status == "abstained"
    return chat


def test_a_handoff_resting_on_words_says_what_it_went_by_and_offers_the_correction() -> None:
    chat = handed_off_on_the_misread_fact()
    reply = chat.replies[-1]
    assert "passed your case to a person" in reply.text
    assert WENT_BY in reply.text
    assert [b.label for b in reply.buttons] == ["That's not what I said"]
    assert not shows_code(reply)
    handed = chat.bot_actions()[-1]
    assert handed["type"] == "abstain"
    assert [f["finding"] for f in handed["basis"]] == [CRANKS]


def test_the_button_takes_the_case_out_of_the_queue_and_asks_the_fact_properly() -> None:
    chat = handed_off_on_the_misread_fact()
    reply = chat.send(button="correct")
    assert reply.kind == "question" and reply.question == CRANKS, reply.text
    assert "Let me ask it properly: When you turn the key, does the starter crank?" in reply.text
    case = chat.case
    assert case.status == "active"
    assert case.waiting_since is None and case.operator_notice_at is None
    system = [t.text for t in chat.turns() if t.role == "system"]
    assert system == [
        "left the operators' queue: the user corrected 'When you turn the key, does the "
        "starter crank? yes' with the button"
    ]
    corrected = chat.bot_actions()[-1]["corrected"]
    assert corrected["handoff"] is True and corrected["finding"] == CRANKS
    # The 15 questions asked on the strength of the misread fact go back to the budget, or
    # the dialogue could ask nothing more.
    assert corrected["given_back"] == 15
    final = chat.answer_on_path()
    assert final.kind == "conclusion", final.text
    assert chat.case.conclusion == TERMINALS
    assert not any(shows_code(r) for r in chat.replies)


def test_a_typed_correction_sets_the_fact_and_goes_on() -> None:
    chat = handed_off_on_the_misread_fact()
    reply = chat.send("no that's wrong, it doesnt crank at all when i turn the key")
    assert "When you turn the key, does the starter crank? no" in reply.text
    assert chat.bot_actions()[-1]["corrected"]["now"] == ["no"]
    chat.answer_on_path()
    assert chat.case.conclusion == TERMINALS


def test_other_words_to_a_handoff_go_to_the_person_as_before() -> None:
    chat = handed_off_on_the_misread_fact()
    reply = chat.send("ok thanks, i'll wait for them")
    assert reply.metadata.get("silent"), reply.text
    assert chat.case.status == "abstained"
    assert not [t for t in chat.turns() if t.role == "system"]


def test_a_correction_after_many_bot_turns_to_the_queued_case_still_reopens_it() -> None:
    """Whether the case still waits for a person is read from the hand-off itself, however
    many bot turns came after it (it looked at the last 5 bot turns only, so after a few
    notices a correction went to the operator instead of reopening the case)."""
    chat = handed_off_on_the_misread_fact()
    for _ in range(6):  # what the bot said since: notices that leave the hand-off standing
        chat.store.add_turn(
            chat.case, "bot", text="Your case is with a person.", action={"type": "handoff_notice"}
        )
    reply = chat.send("no that's wrong, it doesnt crank at all when i turn the key")
    assert "When you turn the key, does the starter crank? no" in reply.text, reply.text
    assert chat.bot_actions()[-1]["corrected"]["now"] == ["no"]
    assert chat.case.status != "abstained"  # out of the queue: the bot went on


def test_an_operator_reply_after_the_handoff_still_takes_the_correction() -> None:
    """The other side of the same rule: once an operator wrote after the hand-off, however
    long ago, the words are theirs to read."""
    chat = handed_off_on_the_misread_fact()
    chat.store.add_turn(chat.case, "operator", text="Hi, I'm looking at your car now.")
    for _ in range(6):
        chat.store.add_turn(
            chat.case, "bot", text="Your case is with a person.", action={"type": "handoff_notice"}
        )
    reply = chat.send("no that's wrong, it doesnt crank at all when i turn the key")
    assert reply.metadata.get("silent"), reply.text
    assert chat.case.status == "abstained"
