"""LLMClient against the loopback OpenAI server, through the real openai SDK."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings

from knowledge.llm import (
    BUILTIN_PROMPTS_DIR,
    BudgetExceeded,
    LLMClient,
    LLMError,
    LLMInvalidOutput,
    LLMTimeout,
    PromptError,
    load_prompt,
)
from loopback.openai import FakeOpenAI, Reply

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "label": {"type": "string", "enum": ["yes", "no"]},
        "confidence": {"type": "number"},
    },
    "required": ["label", "confidence"],
    "additionalProperties": False,
}
GOOD = {"label": "yes", "confidence": 0.8}

PROMPT = """---
version: 7
description: test prompt
---
=== system ===
You label answers. Allowed labels: {{labels}}.
=== user ===
Answer: {{answer}}
"""


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


@pytest.fixture
def prompts(tmp_path: Path) -> Path:
    (tmp_path / "label_answer.md").write_text(PROMPT, encoding="utf-8")
    return tmp_path


def client(fake: FakeOpenAI, prompts: Path, **options: Any) -> LLMClient:
    defaults: dict[str, Any] = {
        "timeout_s": 5.0,
        "max_retries": 2,
        "retry_backoff_s": 0.0,
        "prompt_dirs": [prompts],
    }
    defaults.update(options)
    return LLMClient(fake.url, "sk-test", "tiny-model", **defaults)


def ask(llm: LLMClient, answer: str = "yep", **kwargs: Any) -> dict[str, Any]:
    return llm.complete_json(
        "label_answer", {"labels": ["yes", "no"], "answer": answer}, SCHEMA, **kwargs
    )


def test_sends_model_schema_and_rendered_prompt(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(GOOD)
    assert ask(client(fake, prompts), "sure thing", max_tokens=64) == GOOD
    (request,) = fake.chat_requests()
    assert request.body["model"] == "tiny-model"
    assert request.body["max_tokens"] == 64
    assert request.headers["authorization"] == "Bearer sk-test"
    fmt = request.body["response_format"]
    assert fmt["type"] == "json_schema"
    assert fmt["json_schema"] == {"name": "label_answer", "schema": SCHEMA, "strict": True}
    assert request.messages == [
        {"role": "system", "content": 'You label answers. Allowed labels: ["yes", "no"].'},
        {"role": "user", "content": "Answer: sure thing"},
    ]


def test_invalid_json_is_retried_with_the_problem_shown(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script("Sure! The label is yes.", GOOD)
    llm = client(fake, prompts)
    assert ask(llm) == GOOD
    first, second = fake.chat_requests()
    assert len(first.messages) == 2
    assert second.messages[2] == {"role": "assistant", "content": "Sure! The label is yes."}
    assert "not valid JSON" in second.messages[3]["content"]
    assert llm.usage.retries == 1
    assert llm.usage.invalid_replies == 1
    # Greedy decoding would repeat the mistake: the retry samples.
    assert (first.body["temperature"], second.body["temperature"]) == (0.0, 0.7)


def test_schema_violation_is_detected_and_fails_after_retries(
    fake: FakeOpenAI, prompts: Path
) -> None:
    bad = {"label": "maybe", "confidence": 0.5}
    fake.script(bad, bad, bad)
    llm = client(fake, prompts, max_retries=2)
    with pytest.raises(LLMInvalidOutput) as info:
        ask(llm)
    assert len(fake.chat_requests()) == 3
    assert len(info.value.problems) == 3
    assert all("breaks the JSON schema at label" in p for p in info.value.problems)
    assert "'maybe' is not one of" in info.value.problems[0]


def test_missing_required_field_is_a_schema_violation(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script({"label": "no"}, GOOD)
    assert ask(client(fake, prompts)) == GOOD
    assert "'confidence' is a required property" in fake.chat_requests()[1].messages[3]["content"]


def test_timeouts_raise_llm_timeout_after_retries(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(*[Reply(content=GOOD, delay_s=1.5) for _ in range(3)])
    llm = client(fake, prompts, timeout_s=0.25, max_retries=2)
    with pytest.raises(LLMTimeout, match=r"no answer within 0\.25 s in 3 tries"):
        ask(llm)
    assert len(fake.chat_requests()) == 3


def test_timeout_then_answer_succeeds(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(Reply(content=GOOD, delay_s=1.5), GOOD)
    assert ask(client(fake, prompts, timeout_s=0.25)) == GOOD


def test_server_errors_are_retried(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(Reply(status=500), Reply(status=503), GOOD)
    llm = client(fake, prompts, max_retries=2)
    assert ask(llm) == GOOD
    assert llm.usage.requests == 3


def test_persistent_server_errors_raise_llm_error(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(Reply(status=500), Reply(status=500))
    with pytest.raises(LLMError, match="failed 2 times") as info:
        ask(client(fake, prompts, max_retries=1))
    assert not isinstance(info.value, (LLMTimeout, LLMInvalidOutput))


def test_client_errors_are_not_retried(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(Reply(status=401, error="invalid api key"), GOOD)
    with pytest.raises(LLMError, match="HTTP 401: invalid api key"):
        ask(client(fake, prompts))
    assert len(fake.chat_requests()) == 1


def test_truncated_reply_is_retried(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script(Reply(content='{"label": "ye', finish_reason="length"), GOOD)
    assert ask(client(fake, prompts)) == GOOD
    assert "cut off at max_tokens" in fake.chat_requests()[1].messages[3]["content"]


def test_code_fenced_json_is_accepted(fake: FakeOpenAI, prompts: Path) -> None:
    fake.script("```json\n" + json.dumps(GOOD) + "\n```")
    assert ask(client(fake, prompts)) == GOOD


def test_check_rejections_are_retried(fake: FakeOpenAI, prompts: Path) -> None:
    def check(reply: dict[str, Any]) -> None:
        if not 0 <= reply["confidence"] <= 1:
            raise ValueError(f"confidence {reply['confidence']} is not in [0, 1]")

    fake.script({"label": "yes", "confidence": 7}, GOOD)
    assert ask(client(fake, prompts), check=check) == GOOD
    assert "confidence 7 is not in [0, 1]" in fake.chat_requests()[1].messages[3]["content"]


def test_budget_is_enforced_across_calls(fake: FakeOpenAI, prompts: Path) -> None:
    usage = {"prompt_tokens": 50, "completion_tokens": 30, "total_tokens": 80}
    fake.script(Reply(GOOD, usage=usage), Reply(GOOD, usage=usage), Reply(GOOD, usage=usage))
    llm = client(fake, prompts, token_budget=100)
    ask(llm)
    assert (llm.tokens_used, llm.tokens_left) == (80, 20)
    ask(llm)  # started with 20 left: allowed, and overshoots
    assert llm.tokens_used == 160
    with pytest.raises(BudgetExceeded, match="token budget of 100 spent"):
        ask(llm)
    assert len(fake.chat_requests()) == 2


def test_retries_spend_the_budget_too(fake: FakeOpenAI, prompts: Path) -> None:
    usage = {"prompt_tokens": 60, "completion_tokens": 40, "total_tokens": 100}
    fake.script(Reply("nope", usage=usage), Reply(GOOD, usage=usage))
    llm = client(fake, prompts, token_budget=100)
    with pytest.raises(BudgetExceeded):
        ask(llm)
    assert len(fake.chat_requests()) == 1


def test_missing_usage_is_estimated(fake: FakeOpenAI, prompts: Path) -> None:
    fake.respond(lambda request: Reply(GOOD, usage={}))
    llm = client(fake, prompts)
    ask(llm)
    assert llm.usage.prompt_tokens > 0
    assert llm.usage.completion_tokens > 0


def test_falls_back_to_json_object_with_schema(prompts: Path) -> None:
    # llama-cpp-python's server refuses json_schema with a 500 naming the response format.
    with FakeOpenAI(reject_formats=frozenset({"json_schema"}), reject_status=500) as fake:
        fake.script(GOOD, GOOD)
        llm = client(fake, prompts)
        assert ask(llm) == GOOD
        assert ask(llm) == GOOD
        formats = [r.body["response_format"] for r in fake.chat_requests()]
        assert formats[0]["type"] == "json_schema"
        assert formats[1:] == [{"type": "json_object", "schema": SCHEMA}] * 2
        system = fake.chat_requests()[1].messages[0]["content"]
        assert system.startswith("You label answers.")
        assert json.dumps(SCHEMA) in system
        assert llm.response_mode == "json_object_schema"
        assert llm.usage.retries == 0


def test_falls_back_to_plain_json_object(prompts: Path) -> None:
    rejected = frozenset({"json_schema", "json_object_schema"})
    with FakeOpenAI(reject_formats=rejected) as fake:
        fake.script(GOOD)
        llm = client(fake, prompts)
        assert ask(llm) == GOOD
        formats = [r.body["response_format"] for r in fake.chat_requests()]
        assert [f["type"] for f in formats] == ["json_schema", "json_object", "json_object"]
        assert "schema" in formats[1] and "schema" not in formats[2]
        assert llm.response_mode == "json_object"


def test_a_server_refusing_every_format_is_an_error(prompts: Path) -> None:
    rejected = frozenset({"json_schema", "json_object_schema", "json_object"})
    with FakeOpenAI(reject_formats=rejected) as fake:
        with pytest.raises(LLMError, match="HTTP 400: response_format json_object is not"):
            ask(client(fake, prompts))
        assert len(fake.chat_requests()) == 3


def test_prompt_variables_must_match_slots(fake: FakeOpenAI, prompts: Path) -> None:
    llm = client(fake, prompts)
    with pytest.raises(PromptError, match=r"missing \['answer'\]"):
        llm.complete_json("label_answer", {"labels": []}, SCHEMA)
    with pytest.raises(PromptError, match=r"unknown \['extra'\]"):
        llm.complete_json("label_answer", {"labels": [], "answer": "x", "extra": 1}, SCHEMA)
    with pytest.raises(PromptError, match="no prompt named 'nope'"):
        llm.complete_json("nope", {}, SCHEMA)
    assert fake.chat_requests() == []


def test_malformed_prompt_files_are_reported(tmp_path: Path) -> None:
    (tmp_path / "no_version.md").write_text("=== user ===\nhi\n")
    (tmp_path / "no_user.md").write_text("---\nversion: 1\n---\n=== system ===\nhi\n")
    with pytest.raises(PromptError, match="needs a 'version:' line"):
        load_prompt("no_version", [tmp_path])
    with pytest.raises(PromptError, match="non-empty '=== user ===' section"):
        load_prompt("no_user", [tmp_path])


@pytest.mark.parametrize("path", sorted(BUILTIN_PROMPTS_DIR.glob("*.md")), ids=lambda p: p.stem)
def test_builtin_prompts_parse_and_render(path: Path) -> None:
    prompt = load_prompt(path.stem)
    assert prompt.version
    messages = prompt.render({slot: f"<{slot}>" for slot in prompt.slots})
    assert messages[-1]["role"] == "user"
    assert "{{" not in json.dumps(messages)


def test_invalid_schema_is_refused_before_calling(fake: FakeOpenAI, prompts: Path) -> None:
    with pytest.raises(LLMError, match="invalid JSON schema"):
        client(fake, prompts).complete_json(
            "label_answer", {"labels": [], "answer": "x"}, {"type": "frobnicate"}
        )
    assert fake.chat_requests() == []


def test_from_settings(fake: FakeOpenAI) -> None:
    with override_settings(
        LLM_BASE_URL=fake.url, LLM_API_KEY="", LLM_MODEL="m1", LLM_TIMEOUT_S=3.5
    ):
        llm = LLMClient.from_settings(token_budget=1000)
    assert (llm.base_url, llm.model, llm.timeout_s, llm.token_budget) == (fake.url, "m1", 3.5, 1000)
    fake.script(GOOD)
    assert llm.chat_json([{"role": "user", "content": "hi"}], SCHEMA) == GOOD
    with (
        override_settings(LLM_BASE_URL="", LLM_API_KEY=""),
        pytest.raises(LLMError, match="no language model configured"),
    ):
        LLMClient.from_settings()


def test_a_raw_tab_inside_a_string_is_read_not_refused() -> None:
    # llama-cpp-python's JSON grammar lets a raw control character into a string (SmolLM2
    # copied a tab from a table passage three times in a row); strict JSON refuses it.
    from knowledge.llm.client import _parse_json

    assert _parse_json('{"quote": "A1\tLED", "question": "Is it on?"}') == {
        "quote": "A1\tLED",
        "question": "Is it on?",
    }
    with pytest.raises(ValueError):
        _parse_json('{"quote": "cut')
