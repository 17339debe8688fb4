"""Run one bot in the foreground: Slack over Socket Mode, or Telegram by long polling.

    manage.py runbot slack      # needs SLACK_BOT_TOKEN and SLACK_APP_TOKEN (xapp-...)
    manage.py runbot telegram   # needs TELEGRAM_BOT_TOKEN; removes any webhook first
    manage.py runbot telegram --set-webhook https://<host>/telegram/webhook   # webhook instead

HTTP delivery (Slack Events API at /slack/events, a Telegram webhook at /telegram/webhook)
needs no command: the web server receives those. ``manage.py serve`` starts both bots in
background threads when their tokens are set.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Run the Slack bot (Socket Mode) or the Telegram bot (long polling) in the foreground."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("bot", choices=["slack", "telegram"])
        parser.add_argument(
            "--poll-timeout",
            type=int,
            default=30,
            help="Telegram: seconds one getUpdates call waits for updates (default 30)",
        )
        parser.add_argument(
            "--set-webhook",
            metavar="URL",
            help="Telegram: register https://<host>/telegram/webhook (with "
            "TELEGRAM_WEBHOOK_SECRET) instead of polling, then exit",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["bot"] == "slack":
            self._slack()
        elif options["set_webhook"]:
            self._telegram_webhook(options["set_webhook"])
        else:
            self._telegram(options["poll_timeout"])

    def _slack(self) -> None:
        from bots.channels import slack

        if not settings.SLACK_BOT_TOKEN:
            raise CommandError("SLACK_BOT_TOKEN is not set (the bot token, xoxb-...)")
        if not settings.SLACK_APP_TOKEN:
            raise CommandError(
                "SLACK_APP_TOKEN is not set: Socket Mode needs an app-level token (xapp-...). "
                "Without it, point the Slack app's Event Subscriptions, Interactivity and slash "
                "command at https://<host>/slack/events instead."
            )
        self.stdout.write("Slack: Socket Mode, Ctrl-C to stop")
        slack.socket_mode_handler().start()

    def _telegram_webhook(self, url: str) -> None:
        from bots.channels import telegram

        if not settings.TELEGRAM_BOT_TOKEN:
            raise CommandError("TELEGRAM_BOT_TOKEN is not set (the token from @BotFather)")
        try:
            telegram.set_webhook(url)
        except ValueError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Telegram: webhook set to {url}")

    def _telegram(self, poll_timeout: int) -> None:
        from bots.channels import telegram

        if not settings.TELEGRAM_BOT_TOKEN:
            raise CommandError("TELEGRAM_BOT_TOKEN is not set (the token from @BotFather)")
        if poll_timeout < 0 or poll_timeout > 50:
            raise CommandError(f"--poll-timeout {poll_timeout} must be between 0 and 50 seconds")
        self.stdout.write("Telegram: long polling, Ctrl-C to stop")
        poller = telegram.Poller(poll_timeout_s=poll_timeout)
        try:
            poller.run()
        except KeyboardInterrupt:
            poller.stop.set()
