"""Routes of the channels: each registered adapter's own (Slack events, the Telegram webhook,
the web chat); see ``bots.channels.base``."""

from django.urls import path

from bots import guides
from bots.channels import adapters

app_name = "bots"

urlpatterns = [
    *(pattern for adapter in adapters() for pattern in adapter.urls()),
    # A conclusion's source link: the guide it comes from (bots.guides).
    path("chat/guides/<str:pack>/<str:chart>", guides.guide_page, name="guide"),
]
