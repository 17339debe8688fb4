"""Loopback stand-ins for the services beyond the machine: Slack's Web API (and Socket Mode),
Telegram's Bot API, Elasticsearch's REST API and an OpenAI-compatible chat-completions API.

Each speaks the real wire format over real HTTP on 127.0.0.1, so the real client libraries
talk to it unchanged. The tests use them at the HTTP boundary, and ``manage.py loadtest``
plays users against the Slack and Telegram ones; that is why they are a package of their own
rather than test modules (product code imports nothing from ``tests/``).

``loopback.base`` is what they share (serving on a free port in a daemon thread, reading a
request, answering JSON, the call log tests wait on); each server module is only its API.
"""
