"""/metrics: our metric names in the Prometheus format, and a turn counted once it happened."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from tests.production.conftest import SlackSession

POD_IP = "10.42.7.13:8000"
OUR_METRICS = {
    "askfew_turns",
    "askfew_decision_latency_seconds",
    "askfew_end_to_end_latency_seconds",
    "askfew_outcomes",
    "askfew_inbound_events",
    "askfew_replies",
    "askfew_tasks",
    "askfew_redispatched",
    "askfew_http_requests",
    "askfew_http_request_duration_seconds",
    "askfew_queue_depth",
    "askfew_inbound_backlog",
}


def scrape(client: Client, **headers: str) -> Any:
    return client.get("/metrics", HTTP_HOST=POD_IP, **headers)


@pytest.mark.django_db
def test_metrics_exposes_our_metric_names() -> None:
    response = scrape(Client())
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")  # Prometheus text format
    families = {f.name: f for f in text_string_to_metric_families(response.content.decode())}
    assert set(families) >= OUR_METRICS, OUR_METRICS - set(families)
    assert families["askfew_decision_latency_seconds"].type == "histogram"
    assert families["askfew_queue_depth"].type == "gauge"
    # Read at scrape time from the database: nothing is waiting in a fresh one.
    (backlog,) = families["askfew_inbound_backlog"].samples
    assert backlog.value == 0


@pytest.mark.django_db
def test_metrics_need_the_token_when_one_is_set(settings: Any) -> None:
    settings.METRICS_TOKEN = "scrape-token-1"
    assert scrape(Client()).status_code == 401
    assert scrape(Client(), HTTP_AUTHORIZATION="Bearer wrong").status_code == 401
    assert scrape(Client(), HTTP_AUTHORIZATION="Bearer scrape-token-1").status_code == 200


def value(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def test_turns_and_latencies_are_counted_when_they_commit(
    it_pack: str, slack_session: SlackSession, django_capture_on_commit_callbacks: Any
) -> None:
    """One message in, one turn out: each counter moves by one, and only on commit."""
    turns = {"channel": "slack", "pack": it_pack, "action": "ask"}
    before = {
        "turns": value("askfew_turns_total", **turns),
        "decision": value("askfew_decision_latency_seconds_count", channel="slack"),
        "e2e": value("askfew_end_to_end_latency_seconds_count", channel="slack"),
        "inbound": value("askfew_inbound_events_total", channel="slack"),
        "sent": value("askfew_replies_total", channel="slack", status="sent"),
        "http": value("askfew_http_requests_total", route="bots:slack-events", method="POST",
                      status="200"),
    }
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        reply = slack_session.open("my laptop won't connect to wifi")
    assert slack_session.user.buttons(reply), "the bot should ask a question"
    # Still inside the test's transaction: nothing is counted until the work commits.
    assert value("askfew_turns_total", **turns) == before["turns"]
    for callback in callbacks:
        callback()
    after = {
        "turns": value("askfew_turns_total", **turns),
        "decision": value("askfew_decision_latency_seconds_count", channel="slack"),
        "e2e": value("askfew_end_to_end_latency_seconds_count", channel="slack"),
        "inbound": value("askfew_inbound_events_total", channel="slack"),
        "sent": value("askfew_replies_total", channel="slack", status="sent"),
        "http": value("askfew_http_requests_total", route="bots:slack-events", method="POST",
                      status="200"),
    }
    assert {key: after[key] - before[key] for key in before} == {
        "turns": 1, "decision": 1, "e2e": 1, "inbound": 1, "sent": 1, "http": 1,
    }
