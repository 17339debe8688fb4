"""Routes of the channels: each registered adapter's own (Slack events, the Telegram webhook,
the web chat); see ``bots.channels.base``."""

from bots.channels import adapters

app_name = "bots"

urlpatterns = [pattern for adapter in adapters() for pattern in adapter.urls()]
