"""One inbound type and one rule for what of a message may be stored and read
(``bots.messages.admitted``), on every path: the runtime's and a direct service call."""

from __future__ import annotations

from typing import Any

import pytest

from bots.messages import Inbound, MessageError, admitted


def test_a_long_message_is_cut_marked_and_its_length_kept(settings: Any) -> None:
    settings.BOT_MAX_MESSAGE_CHARS = 50
    text = "my laptop will not charge and " * 10
    message = admitted(Inbound("slack", "C1:1.0", text, event_id="e1"))
    assert message.text == text[:50]
    assert message.meta["truncated_from"] == len(text)
    assert message.unreadable == "too_long"
    assert admitted(message) == message  # applying the rule again changes nothing


@pytest.mark.parametrize("text", ["", "   \n\t", "\x00\x00"])
def test_no_words_and_no_button_is_unreadable(text: str) -> None:
    assert admitted(Inbound("telegram", "4242", text)).unreadable == "empty"
    pressed = admitted(Inbound("telegram", "4242", text, button="answer:yes"))
    assert pressed.unreadable == ""


def test_stored_rows_from_before_the_merge_still_read() -> None:
    """Rows stored as the old ``Received`` (no ``unreadable``, ``None`` for no button)."""
    old = {
        "channel": "web", "event_id": "web:t:1", "thread_id": "t" * 24, "text": "hello",
        "button": None, "user_id": "", "user_display": "", "pack": "", "meta": {"new": True},
    }
    message = Inbound.from_payload({"received": old, "raw": {}})
    assert (message.text, message.button, message.meta) == ("hello", "", {"new": True})
    assert Inbound.from_dict(message.to_dict()) == message


@pytest.mark.parametrize(
    "fields",
    [
        {"channel": "fax", "thread_id": "t"},
        {"channel": "web", "thread_id": "  "},
        {"channel": "web", "thread_id": "t" * 201},
        {"channel": "web", "thread_id": "t", "unreadable": "boring"},
    ],
)
def test_a_malformed_message_names_its_field(fields: dict[str, Any]) -> None:
    with pytest.raises(MessageError):
        Inbound(**fields)


@pytest.mark.django_db
def test_the_service_applies_the_rule_when_called_directly(
    service_factory: Any, settings: Any
) -> None:
    """The terminal and the evaluation call the service without the runtime in between."""
    service = service_factory()
    first = service.handle(Inbound("slack", "C9:1.0", "my laptop won't charge"))
    # A question or, when the complaint fits two topics, the topic picker: either way a prompt
    # the case waits on.
    assert first.kind in ("question", "prompt")
    settings.BOT_MAX_MESSAGE_CHARS = 100
    reply = service.handle(Inbound("slack", "C9:1.0", "the light is off " * 50))
    assert reply.text.startswith("That message is too long for me to read")
    assert reply.question == first.question  # the case stays where it was
