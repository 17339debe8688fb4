"""Telegram: webhook updates into Django and long polling, replies through the real
python-telegram-bot client to a loopback Bot API (loopback/telegram.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from bots.channels.telegram import Poller
from bots.models import Case, InboundEvent, OutboundMessage, OutboundStatus
from bots.runtime import Answered
from loopback.telegram import FakeTelegram, callback_update, text_update
from tests.channels.conftest import WEBHOOK_SECRET, StandInService

pytestmark = pytest.mark.django_db

CHAT = 4242


def post_update(update: dict[str, Any], secret: str | None = WEBHOOK_SECRET) -> Any:
    headers = {} if secret is None else {"X-Telegram-Bot-Api-Secret-Token": secret}
    return Client().post("/telegram/webhook", data=json.dumps(update),
                         content_type="application/json", headers=headers)


def keyboard(message: dict[str, Any]) -> list[list[dict[str, Any]]]:
    return (message.get("reply_markup") or {}).get("inline_keyboard") or []


def test_wrong_or_missing_secret_is_refused(
    telegram: FakeTelegram, service: StandInService
) -> None:
    for secret in (None, "", "telegram-secret_token-124", WEBHOOK_SECRET + "x"):
        response = post_update(text_update(1, "hello"), secret=secret)
        assert response.status_code == 403
    assert not InboundEvent.objects.exists()
    assert not telegram.calls


def test_unset_secret_refuses_everything(
    telegram: FakeTelegram, service: StandInService, settings: Any
) -> None:
    settings.TELEGRAM_WEBHOOK_SECRET = ""
    assert post_update(text_update(1, "hello"), secret="").status_code == 403
    assert not InboundEvent.objects.exists()


def test_start_free_text_then_a_button(telegram: FakeTelegram, service: StandInService) -> None:
    assert post_update(text_update(1, "/start")).status_code == 200
    assert post_update(text_update(2, "I have a sore throat and a fever")).status_code == 200

    sent = telegram.calls_to("sendMessage")
    assert len(sent) == 2
    assert all(call.params["chat_id"] == CHAT for call in sent)
    assert "Is the Wi-Fi switch on?" in sent[1].params["text"]
    rows = sent[1].params["reply_markup"]["inline_keyboard"]
    assert [b["text"] for row in rows for b in row] == ["Yes", "No", "Not sure", "Why?"]
    assert [b["callback_data"] for row in rows for b in row] == [
        "answer:yes", "answer:no", "answer:unsure", "why",
    ]
    case = Case.objects.get()
    assert case.external_thread_id == str(CHAT)
    assert case.user_display == "Ada Patient"
    # /start on first contact is a greeting; the free text is the complaint.
    assert [(s[1], s[2]) for s in service.seen] == [
        ("hello", ""), ("I have a sore throat and a fever", ""),
    ]

    question = telegram.sent()[-1]
    assert post_update(callback_update(3, "answer:yes", question)).status_code == 200

    assert service.seen[-1] == (case.pk, "Yes", "answer:yes")
    (answered,) = telegram.calls_to("answerCallbackQuery")
    assert answered.params["callback_query_id"] == "cbq-3"
    (edit,) = telegram.calls_to("editMessageReplyMarkup")
    assert edit.params["message_id"] == question["message_id"]
    assert keyboard(telegram.sent()[-2]) == []  # the answered question has no buttons left
    assert "Most likely" in telegram.calls_to("sendMessage")[-1].params["text"]
    assert OutboundMessage.objects.filter(status=OutboundStatus.SENT).count() == 3


def test_commands_map_to_the_shared_button_payloads(
    telegram: FakeTelegram, service: StandInService
) -> None:
    post_update(text_update(1, "/start my knee hurts"))
    post_update(text_update(2, "/why"))
    post_update(text_update(3, "/human@askfew_test_bot"))
    post_update(text_update(4, "/restart"))
    post_update(text_update(5, "/start"))  # in a chat with a conversation: start over
    assert [(s[1], s[2]) for s in service.seen] == [
        ("my knee hurts", ""),
        ("/why", "why"),
        ("/human@askfew_test_bot", "human"),
        ("/restart", "restart"),
        ("", "restart"),
    ]


def test_duplicate_update_id_is_ignored(telegram: FakeTelegram, service: StandInService) -> None:
    update = text_update(7, "my head hurts")
    assert post_update(update).status_code == 200
    assert post_update(update).status_code == 200  # Telegram re-sends until it gets a 2xx
    assert InboundEvent.objects.count() == 1
    assert len(telegram.calls_to("sendMessage")) == 1


def test_updates_without_text_are_acknowledged_and_dropped(
    telegram: FakeTelegram, service: StandInService
) -> None:
    sticker = text_update(5, "x")
    del sticker["message"]["text"]
    sticker["message"]["sticker"] = {"file_id": "f", "file_unique_id": "u", "width": 1,
                                     "height": 1, "is_animated": False, "is_video": False,
                                     "type": "regular"}
    assert post_update(sticker).status_code == 200
    assert post_update({"update_id": 6}).status_code == 200
    assert post_update({"no": "update"}).status_code == 400
    no_chat_id = text_update(8, "my head hurts")
    no_chat_id["message"]["chat"]["id"] = None  # found by the fuzz test: nowhere to reply
    # Not a shape Telegram sends: refused by the schema (bots.schemas), nothing stored.
    assert post_update(no_chat_id).status_code == 400
    assert not InboundEvent.objects.exists()
    assert not telegram.calls_to("sendMessage")


def test_long_button_payloads_travel_by_reference(
    telegram: FakeTelegram, service: StandInService, monkeypatch: Any
) -> None:
    long_payload = "answer:" + "x" * 80
    buttons = [{"label": "That one", "payload": long_payload}]

    def reply(received: Any, case: Any) -> Answered:
        service.seen.append((case.pk, received.text, received.button))
        return Answered({"role": "bot", "parts": ["Pick"], "buttons": buttons,
                         "kind": "question", "status": "active"})

    monkeypatch.setattr("bots.runtime._reply_for", reply)
    post_update(text_update(1, "hello"))
    question = telegram.sent()[-1]
    (button,) = keyboard(question)[0]
    assert len(button["callback_data"].encode()) <= 64
    post_update(callback_update(2, button["callback_data"], question))
    assert service.seen[-1][1:] == ("That one", long_payload)
    # Callback data comes from the client: a reference to another chat's reply is not followed.
    elsewhere = dict(question, chat={"id": 999, "type": "private"})
    assert post_update(callback_update(3, button["callback_data"], elsewhere)).status_code == 200
    assert service.seen[-1][2] == button["callback_data"]


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
def test_flood_control_is_waited_out(telegram: FakeTelegram, service: StandInService) -> None:
    telegram.fail("sendMessage", 429, retry_after=1)
    post_update(text_update(1, "my head hurts"))
    calls = telegram.calls_to("sendMessage")
    assert len(calls) == 2
    assert calls[1].at - calls[0].at >= 0.9
    reply = OutboundMessage.objects.get()
    assert (reply.status, reply.attempts) == (OutboundStatus.SENT, 2)


def test_a_blocked_bot_fails_the_reply_for_good(
    telegram: FakeTelegram, service: StandInService
) -> None:
    telegram.fail("sendMessage", 403)
    post_update(text_update(1, "my head hurts"))
    assert len(telegram.calls_to("sendMessage")) == 1
    reply = OutboundMessage.objects.get()
    assert reply.status == OutboundStatus.FAILED
    assert "blocked" in reply.last_error


def test_polling_picks_up_updates_and_confirms_them(
    telegram: FakeTelegram, service: StandInService
) -> None:
    telegram.webhook_url = "https://old.example/telegram/webhook"
    poller = Poller(poll_timeout_s=0)
    poller.prepare()
    assert telegram.webhook_url == ""  # polling removed the webhook it would conflict with

    telegram.push(text_update(10, "/start"), text_update(11, "my ear hurts"))
    assert poller.poll_once() == 2
    assert poller.offset == 12
    question = telegram.sent()[-1]
    telegram.push(callback_update(12, "answer:no", question))
    assert poller.poll_once() == 1
    assert poller.poll_once() == 0  # confirmed updates are not served again

    assert [s[2] or s[1] for s in service.seen] == ["hello", "my ear hurts", "answer:no"]
    assert len(telegram.calls_to("sendMessage")) == 3
    assert telegram.calls_to("getUpdates")[-1].params["offset"] == 13
    assert InboundEvent.objects.count() == 3


def test_a_patient_intake_runs_from_complaint_to_summary(
    telegram: FakeTelegram, import_example: Any, settings: Any
) -> None:
    """The real service and the patient-intake pack, through Telegram: a DDXPlus patient
    (dev split) opens the chat, states the complaint and answers every question by button."""
    from knowledge.datasets.ddxplus import load_cases

    import_example("patient-intake")
    patient = load_cases("dev", 7, root=settings.DATASETS_DIR)[6]  # wheezing when exhaling

    post_update(text_update(1, "/start"))
    prompt = telegram.calls_to("sendMessage")[-1].params
    assert "describe the problem" in prompt["text"]
    post_update(text_update(2, patient.complaint))
    update_id = 3
    while True:
        reply = OutboundMessage.objects.order_by("pk").last()
        assert reply.status == OutboundStatus.SENT, reply.last_error
        if reply.payload["kind"] != "question":
            break
        state = patient.answers.get(reply.payload["question"])
        payloads = [b["payload"] for b in reply.payload["buttons"]]
        data = f"answer:{state}" if f"answer:{state}" in payloads else "answer:unsure"
        message = next(m for m in telegram.sent() if str(m["message_id"]) == reply.external_id)
        post_update(callback_update(update_id, data, message))
        update_id += 1
        assert update_id < 30, "the bot kept asking"

    presses = update_id - 3
    assert presses >= 2
    assert reply.payload["kind"] == "conclusion"
    case = Case.objects.get(status="concluded")
    assert (case.pack, case.conclusion) == ("patient-intake", patient.true_hypothesis)
    assert case.triage_level
    # Patient-facing: the summary is not a diagnosis and does not name the condition.
    summary = telegram.calls_to("sendMessage")[-1].params["text"]
    assert "not a diagnosis" in summary
    assert patient.true_hypothesis.lower() not in summary.lower()
    # One reply per update, every pressed question acknowledged and its keyboard removed.
    assert len(telegram.calls_to("sendMessage")) == InboundEvent.objects.count() == update_id - 1
    assert len(telegram.calls_to("answerCallbackQuery")) == presses
    assert all(not keyboard(m) for m in telegram.sent()[1:-1])


def test_runbot_registers_the_webhook_with_its_secret(telegram: FakeTelegram) -> None:
    from django.core.management import CommandError, call_command

    call_command("runbot", "telegram", "--set-webhook", "https://askfew.example/telegram/webhook")
    (call,) = telegram.calls_to("setWebhook")
    assert call.params["url"] == "https://askfew.example/telegram/webhook"
    assert call.params["secret_token"] == WEBHOOK_SECRET
    assert call.params["allowed_updates"] == ["message", "callback_query"]
    with pytest.raises(CommandError, match="only calls https://"):
        call_command("runbot", "telegram", "--set-webhook", "http://askfew.example/x")
