"""JSON logs: one object per line, the case id on the lines of a turn, never what was said."""

from __future__ import annotations

import contextvars
import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from console.observability.jsonlog import ContextFilter, JsonFormatter
from tests.production.conftest import SLACK_TOKEN, SlackSession, json_lines


def test_a_record_becomes_one_json_object() -> None:
    record = logging.LogRecord("askfew.test", logging.WARNING, __file__, 1, "sent %s of %s",
                               (2, 3), None)
    record.case_id = 42
    try:
        raise ValueError("boom")
    except ValueError:
        import sys

        record.exc_info = sys.exc_info()
    entry = json.loads(JsonFormatter().format(record))
    assert entry["level"] == "WARNING"
    assert entry["logger"] == "askfew.test"
    assert entry["msg"] == "sent 2 of 3"
    assert entry["case_id"] == 42
    assert entry["exc_type"] == "ValueError"
    assert "boom" in entry["exc"]
    assert entry["ts"].endswith("Z")


@pytest.fixture
def json_log() -> Iterator[io.StringIO]:
    """Everything logged at INFO and above, as the production handler formats it."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ContextFilter())
    handler.setLevel(logging.INFO)
    root = logging.getLogger()
    previous = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        root.setLevel(previous)


def test_a_conversation_logs_case_ids_and_no_message_text(
    it_pack: str, slack_session: SlackSession, json_log: io.StringIO,
    django_capture_on_commit_callbacks: Any,
) -> None:
    from bots.models import Case

    complaint = "my laptop won't connect to wifi since the quokkafest upgrade"
    with django_capture_on_commit_callbacks(execute=True):
        question = slack_session.open(complaint)
    with django_capture_on_commit_callbacks(execute=True):
        answer = slack_session.press_an_answer(question)
    assert answer is not None
    case = Case.objects.get(channel="slack")

    entries = json_lines(json_log.getvalue())  # every line is JSON
    by_msg: dict[str, list[dict[str, Any]]] = {}
    for entry in entries:
        by_msg.setdefault(entry["msg"], []).append(entry)
    for msg in ("inbound stored", "turn", "reply sent"):
        assert len(by_msg.get(msg, [])) == 2, (msg, [e["msg"] for e in entries])
        assert {e["case_id"] for e in by_msg[msg]} == {case.pk}
    assert by_msg["turn"][0]["action"] == "ask"
    # Every line logged while the turn ran carries the case (the task's log context).
    assert all(e.get("case_id") == case.pk for e in entries if e["logger"].startswith("bots"))

    said = [complaint, "quokkafest", str(question.message["text"]),
            str(answer.message["text"])]
    for entry in entries:
        line = json.dumps(entry)
        for text in said:
            assert text not in line, f"{text!r} logged by {entry['logger']}: {line[:300]}"
        assert SLACK_TOKEN not in line


def _record(**extra: Any) -> logging.LogRecord:
    record = logging.LogRecord("bots.runtime", logging.INFO, __file__, 1, "x", None, None)
    for key, value in extra.items():
        setattr(record, key, value)
    return record


def test_a_task_looks_its_case_up_once_and_only_when_a_line_needs_it() -> None:
    # Run in an empty context: other tests on this worker store events outside any request,
    # which binds ids in the thread's own context.
    contextvars.Context().run(_task_looks_its_case_up_once)


def _task_looks_its_case_up_once() -> None:
    from console.observability import context

    lookups: list[int] = []

    def lookup() -> int:
        lookups.append(1)
        return 42

    log_filter = ContextFilter()
    with context.scope():
        context.bind(event_id=7)
        context.bind_case_lookup(lookup)
        carrying = _record(case_id=5)
        log_filter.filter(carrying)
        assert carrying.case_id == 5 and lookups == []  # type: ignore[attr-defined]
        for _ in range(3):
            record = _record()
            log_filter.filter(record)
            assert (record.case_id, record.event_id) == (42, 7)  # type: ignore[attr-defined]
        assert lookups == [1]
    after = _record()
    log_filter.filter(after)
    assert not hasattr(after, "case_id") and not hasattr(after, "event_id")


def test_a_failing_case_lookup_leaves_the_case_out_and_the_line_in() -> None:
    from console.observability import context

    def broken() -> int:
        raise RuntimeError("database went away")

    with context.scope():
        context.bind(event_id=9)
        context.bind_case_lookup(broken)
        record = _record()
        assert ContextFilter().filter(record) is True
        assert record.event_id == 9 and not hasattr(record, "case_id")  # type: ignore[attr-defined]
