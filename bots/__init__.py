"""Channel adapters (Slack, Telegram, web chat), the conversation service, Celery tasks."""
