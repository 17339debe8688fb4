"""A person asked for in the user's own words, and "is anyone there?", read for what they are.

Stop 37's probes (lead13): "this isnt working, please put me through to a human" was not
understood and the question came again; "anyone there?" got a how-to-check passage for its
question mark; "escalate this please" was read as a "yes". The table is
``person_request_table`` (development rows and held-out rows, written together before the
reader changed; the held-out rows are only measured)."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound

from . import person_request_table as table
from .test_language_offline import read
from .test_scope_and_pickers import web


def asks_for_person(text: str) -> bool:
    return read(text, "power").intent == "human"


@pytest.mark.parametrize("text", table.DEV_ASKS)
def test_a_request_for_a_person_is_read_as_one(text: str) -> None:
    assert asks_for_person(text)


@pytest.mark.parametrize("text", table.DEV_NOT_ASKS)
def test_a_person_mentioned_is_not_a_request(text: str) -> None:
    assert not asks_for_person(text)


def test_held_out_requests() -> None:
    asks = [t for t in table.HELD_OUT_ASKS if asks_for_person(t)]
    mentions = [t for t in table.HELD_OUT_NOT_ASKS if asks_for_person(t)]
    print(
        f"held-out: {len(asks)}/{len(table.HELD_OUT_ASKS)} requests read, "
        f"{len(mentions)}/{len(table.HELD_OUT_NOT_ASKS)} mentions taken for requests"
    )
    assert len(asks) >= 0.9 * len(table.HELD_OUT_ASKS)
    assert not mentions


@pytest.mark.parametrize("text", table.DEV_TYPO_ASKS)
def test_a_request_with_the_person_word_misspelt_is_read_as_one(text: str) -> None:
    assert asks_for_person(text)


@pytest.mark.parametrize("text", table.TYPO_NOT_ASKS)
def test_a_misspelt_person_mentioned_is_not_a_request(text: str) -> None:
    assert not asks_for_person(text)


def test_held_out_requests_with_typos() -> None:
    asks = [t for t in table.HELD_OUT_TYPO_ASKS if asks_for_person(t)]
    print(f"held-out typos: {len(asks)}/{len(table.HELD_OUT_TYPO_ASKS)} requests read")
    assert len(asks) >= 0.66 * len(table.HELD_OUT_TYPO_ASKS)


@pytest.mark.parametrize(
    "text", ["hello?", "anyone there?", "is anyone there", "are you still there", "hello??? anyone"]
)
def test_checking_we_are_there_is_neither_an_answer_nor_a_question_back(text: str) -> None:
    meaning = read(text, "power")
    assert meaning.intent == "greeting" and meaning.answers == ()


@pytest.mark.parametrize(("text", "state"), [("yes i think so?", "yes"), ("no not really?", "no")])
def test_an_answer_with_a_rising_tone_is_an_answer(text: str, state: str) -> None:
    meaning = read(text, "power")
    assert meaning.intent == "answer" and meaning.answers[0].states == (state,)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("text", "opener"),
    [
        ("thanks", "You're welcome."),
        ("thank you so much", "You're welcome."),
        ("ok", None),
        ("hiya", "Hello!"),
    ],
)
def test_a_social_message_mid_question_is_answered_as_what_it_is(
    service_factory: Any, text: str, opener: str | None
) -> None:
    """lead17: "thanks" in the middle of a question was answered "Hello!"."""
    service = service_factory()
    first = web(service, f"social-{text}", "laptop gets really hot and the fan is loud")
    assert first.kind == "question"
    reply = web(service, f"social-{text}", text)
    assert reply.kind == "question" and reply.parts[-1] == first.parts[-1]
    if opener is None:
        assert reply.parts[0].startswith("Please answer")
    else:
        assert reply.parts[0] == opener


@pytest.mark.parametrize("text", table.DEV_GROUP_ASKS)
def test_a_person_asked_for_as_one_of_a_group_is_read_as_a_request(text: str) -> None:
    assert asks_for_person(text)


@pytest.mark.parametrize("text", table.GROUP_NOT_ASKS)
def test_one_of_a_group_told_of_is_not_a_request(text: str) -> None:
    assert not asks_for_person(text)


def test_held_out_requests_for_one_of_a_group() -> None:
    asks = [t for t in table.HELD_OUT_GROUP_ASKS if asks_for_person(t)]
    print(f"held-out group requests: {len(asks)}/{len(table.HELD_OUT_GROUP_ASKS)} read")
    assert len(asks) >= 0.9 * len(table.HELD_OUT_GROUP_ASKS)


@pytest.mark.django_db
def test_a_person_asked_for_at_a_pick_list_is_handed_over(service_factory: Any) -> None:
    """lead19: in intake, at "Do you have pain somewhere? If so, where?" (a pick-list),
    "actually could i just speak to one of the nurses please" was answered "Sorry, I didn't
    understand that" and the list came again; after a handover the bot stays quiet."""
    service = service_factory()
    thread = "group-ask"
    first = telegram(service, thread, "ive had a rash on my arm for a few days")
    assert first.kind == "question"
    reply = telegram(service, thread, "actually could i just speak to one of the nurses please")
    assert reply.kind == "handoff"
    after = telegram(service, thread, "thank you")
    assert after.kind not in ("question", "conclusion")


def telegram(service: Any, thread: str, text: str) -> Any:
    return service.handle(Inbound(channel="telegram", thread_id=thread, text=text))
