"""Routes of the channels: Slack events, the Telegram webhook, and the web chat."""

from django.urls import path

from bots.channels import slack, telegram, web

app_name = "bots"

urlpatterns = [
    path("slack/events", slack.events_view, name="slack-events"),
    path("telegram/webhook", telegram.webhook_view, name="telegram-webhook"),
    path("chat/", web.chat_page, name="webchat"),
    path("chat/api/messages", web.post_message, name="webchat-post"),
    path("chat/api/cases/<str:token>/messages", web.case_messages, name="webchat-messages"),
]
