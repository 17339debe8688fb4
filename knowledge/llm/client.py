"""A small typed client for JSON answers from any OpenAI-compatible chat endpoint.

``complete_json`` renders a prompt file, asks for output constrained by a JSON schema, parses
and validates the reply, and retries what is worth retrying: timeouts, connection errors, 429 and
5xx answers, and replies that are not JSON, break the schema, or fail the caller's own check.
A retry after a bad reply shows the model its reply and what was wrong with it, and samples
at ``retry_temperature``: at temperature 0 a model would repeat the same mistake.

Servers differ in how they constrain output, so the client walks down ``RESPONSE_MODES`` when
a server rejects one (an HTTP 400/422, or a 500 whose message names the response format, as
llama-cpp-python's server answers): ``json_schema`` (OpenAI structured outputs, ``strict``;
also vLLM, Ollama, llama.cpp's own server), then ``json_object`` carrying the schema (what
llama-cpp-python turns into a grammar), then plain ``json_object``. The two ``json_object``
modes also spell the schema out in the system message. The mode that worked is kept for the
client's lifetime.

Tokens are counted from ``response.usage`` (estimated at four characters a token when a
server leaves usage out) against an optional budget. A call starts only while the budget has
tokens left, so a run can overshoot by at most one reply; the next call raises
``BudgetExceeded``.

The planner never depends on this being right: callers parse every answer into typed values
and validate them (see ``check``), and fall back to offline behaviour on ``LLMError``.
"""

from __future__ import annotations

import json
import logging
import math
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import openai

from .errors import BudgetExceeded, LLMError, LLMInvalidOutput, LLMTimeout
from .templates import BUILTIN_PROMPTS_DIR, Prompt, load_prompt

log = logging.getLogger(__name__)

JSON = dict[str, Any]
# Raises ValueError naming the problem when a schema-valid reply is still unusable.
Check = Callable[[JSON], None]

RESPONSE_MODES = ("json_schema", "json_object_schema", "json_object")

_SCHEMA_NAME = re.compile(r"[^a-zA-Z0-9_-]")
_FENCED = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)
# How much of a bad reply to show back to the model when asking it to try again.
_ECHO_CHARS = 2000


@dataclass
class Usage:
    """What the client has spent. ``requests`` counts HTTP requests, retries included."""

    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    retries: int = 0
    invalid_replies: int = 0
    # Replies judged, and those among them that were not one JSON value valid against the
    # schema (cut off, not JSON, or breaking it): the schema-validity share of a model.
    replies: int = 0
    off_schema: int = 0

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def as_dict(self) -> dict[str, int]:
        return {
            "requests": self.requests,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "total_tokens": self.total_tokens,
            "retries": self.retries,
            "invalid_replies": self.invalid_replies,
            "replies": self.replies,
            "off_schema": self.off_schema,
        }


class LLMClient:
    """JSON-schema constrained completions with timeouts, retries and a token budget.

    ``base_url`` None means OpenAI itself; local servers (llama.cpp, vLLM, Ollama) need no
    ``api_key``. ``max_retries`` is the number of attempts after the first. ``prompt_dirs``
    are searched in order for prompt files, so a pack's prompts can shadow the built-in ones.
    """

    def __init__(
        self,
        base_url: str | None,
        api_key: str | None,
        model: str,
        timeout_s: float = 20.0,
        max_retries: int = 2,
        token_budget: int | None = None,
        *,
        prompt_dirs: Sequence[Path] = (BUILTIN_PROMPTS_DIR,),
        temperature: float = 0.0,
        retry_temperature: float = 0.7,
        retry_backoff_s: float = 0.5,
    ) -> None:
        if not model:
            raise LLMError("LLM model name is empty (set LLM_MODEL)")
        if not timeout_s > 0:
            raise LLMError(f"LLM timeout must be positive, got {timeout_s!r}")
        if max_retries < 0:
            raise LLMError(f"max_retries must be >= 0, got {max_retries!r}")
        if token_budget is not None and token_budget < 1:
            raise LLMError(f"token budget must be a positive number of tokens, got {token_budget}")
        self.base_url = base_url or None
        self.api_key = api_key or None
        self.model = model
        self.timeout_s = float(timeout_s)
        self.max_retries = int(max_retries)
        self.token_budget = token_budget
        self.prompt_dirs = tuple(Path(d) for d in prompt_dirs)
        self.temperature = temperature
        self.retry_temperature = retry_temperature
        self.retry_backoff_s = retry_backoff_s
        self.usage = Usage()
        # Moves down RESPONSE_MODES, for the client's lifetime, when the server rejects one.
        self.response_mode = RESPONSE_MODES[0]
        self._lock = threading.Lock()
        self._prompts: dict[str, Prompt] = {}
        # The SDK's own retries are off: ours also cover invalid output and count every try.
        self._sdk = openai.OpenAI(
            base_url=self.base_url,
            # Local servers ignore the key, but the SDK insists on a non-empty one.
            api_key=api_key or "unused",
            timeout=self.timeout_s,
            max_retries=0,
        )

    @classmethod
    def from_settings(cls, **overrides: Any) -> LLMClient:
        """Built from Django settings: LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TIMEOUT_S,
        and (optional) LLM_MAX_RETRIES and LLM_TOKEN_BUDGET; keyword arguments override."""
        from django.conf import settings

        base_url = getattr(settings, "LLM_BASE_URL", "") or None
        api_key = getattr(settings, "LLM_API_KEY", "") or None
        if not base_url and not api_key and "base_url" not in overrides:
            raise LLMError(
                "no language model configured: set LLM_BASE_URL (an OpenAI-compatible "
                "endpoint such as http://127.0.0.1:8765/v1) or LLM_API_KEY (for OpenAI)"
            )
        budget = getattr(settings, "LLM_TOKEN_BUDGET", None)
        options: dict[str, Any] = {
            "base_url": base_url,
            "api_key": api_key,
            "model": getattr(settings, "LLM_MODEL", "") or "gpt-4o-mini",
            "timeout_s": float(getattr(settings, "LLM_TIMEOUT_S", 20.0)),
            "max_retries": int(getattr(settings, "LLM_MAX_RETRIES", 2)),
            "token_budget": int(budget) if budget else None,
        }
        options.update(overrides)
        return cls(**options)

    def auth_headers(self) -> dict[str, str]:
        """The header an endpoint's own requests (outside the SDK) authenticate with."""
        return {"Authorization": f"Bearer {self.api_key}"} if self.api_key else {}

    # -- budget -----------------------------------------------------------------------------

    @property
    def tokens_used(self) -> int:
        return self.usage.total_tokens

    @property
    def tokens_left(self) -> int | None:
        if self.token_budget is None:
            return None
        return max(0, self.token_budget - self.usage.total_tokens)

    def _check_budget(self) -> None:
        left = self.tokens_left
        if left is not None and left <= 0:
            raise BudgetExceeded(
                f"token budget of {self.token_budget} spent ({self.tokens_used} tokens used)"
            )

    # -- prompts ----------------------------------------------------------------------------

    def prompt(self, name: str) -> Prompt:
        """The prompt file ``name`` along ``prompt_dirs`` (cached)."""
        cached = self._prompts.get(name)
        if cached is None:
            cached = load_prompt(name, self.prompt_dirs)
            self._prompts[name] = cached
        return cached

    # -- calls ------------------------------------------------------------------------------

    def complete_json(
        self,
        prompt_name: str,
        variables: Mapping[str, Any],
        schema: JSON,
        *,
        max_tokens: int = 512,
        check: Check | None = None,
    ) -> JSON:
        """Render prompt ``prompt_name`` with ``variables`` and return the validated reply.

        Raises LLMInvalidOutput, LLMTimeout, BudgetExceeded or LLMError.
        """
        messages = self.prompt(prompt_name).render(variables)
        return self.chat_json(
            messages, schema, max_tokens=max_tokens, schema_name=prompt_name, check=check
        )

    def chat_json(
        self,
        messages: Sequence[Mapping[str, str]],
        schema: JSON,
        *,
        max_tokens: int = 512,
        schema_name: str = "reply",
        check: Check | None = None,
    ) -> JSON:
        """Like ``complete_json`` for messages built by the caller."""
        try:
            validator = jsonschema.Draft202012Validator(schema)
            validator.check_schema(schema)
        except jsonschema.SchemaError as exc:
            raise LLMError(f"invalid JSON schema for {schema_name!r}: {exc.message}") from exc
        if max_tokens < 1:
            raise LLMError(f"max_tokens must be >= 1, got {max_tokens}")
        name = _SCHEMA_NAME.sub("_", schema_name)[:64] or "reply"
        conversation = [dict(m) for m in messages]
        temperature = self.temperature
        problems: list[str] = []
        timeouts = failures = 0
        attempt = 0
        while attempt <= self.max_retries:
            if attempt:
                with self._lock:
                    self.usage.retries += 1
            self._check_budget()
            try:
                response = self._create(conversation, schema, name, max_tokens, temperature)
            except openai.APITimeoutError:
                timeouts += 1
                problems.append(f"attempt {attempt + 1}: timed out after {self.timeout_s:g} s")
                self._backoff(attempt)
                attempt += 1
                continue
            except openai.APIConnectionError as exc:
                failures += 1
                problems.append(f"attempt {attempt + 1}: cannot reach the endpoint ({exc})")
                self._backoff(attempt)
                attempt += 1
                continue
            except openai.APIStatusError as exc:
                if _rejects_format(exc) and self.response_mode != RESPONSE_MODES[-1]:
                    # Not every OpenAI-compatible server knows every response format; ask
                    # again in the next mode (not counted as an attempt: nothing was wrong yet).
                    following = RESPONSE_MODES[RESPONSE_MODES.index(self.response_mode) + 1]
                    log.info(
                        "%s rejected response_format %s (%s); trying %s",
                        self.base_url,
                        self.response_mode,
                        _error_text(exc)[:200],
                        following,
                    )
                    self.response_mode = following
                    continue
                if exc.status_code == 429 or exc.status_code >= 500:
                    failures += 1
                    problems.append(f"attempt {attempt + 1}: HTTP {exc.status_code}")
                    self._backoff(attempt)
                    attempt += 1
                    continue
                raise LLMError(
                    f"the LLM endpoint refused the request: HTTP {exc.status_code}: "
                    f"{_error_text(exc)}"
                ) from exc
            content, problem = self._judge(response, validator, check)
            with self._lock:
                self.usage.replies += 1
                self.usage.off_schema += problem is not None and content is None
            if problem is None:
                return content  # type: ignore[return-value]
            with self._lock:
                self.usage.invalid_replies += 1
            problems.append(f"attempt {attempt + 1}: {problem}")
            temperature = max(temperature, self.retry_temperature)
            conversation = [
                *(dict(m) for m in messages),
                {"role": "assistant", "content": _reply_text(response)[:_ECHO_CHARS]},
                {
                    "role": "user",
                    "content": (
                        f"That reply was not usable: {problem}. Answer again with only one "
                        "JSON object that satisfies the schema and the instructions."
                    ),
                },
            ]
            attempt += 1
        detail = "; ".join(problems)
        tries = self.max_retries + 1
        invalid = len(problems) - timeouts - failures
        if invalid:
            raise LLMInvalidOutput(
                f"{schema_name}: no valid reply in {tries} tries: {detail}", problems
            )
        if timeouts == tries:
            raise LLMTimeout(
                f"{schema_name}: no answer within {self.timeout_s:g} s in {tries} tries"
            )
        raise LLMError(f"{schema_name}: the LLM endpoint failed {tries} times: {detail}")

    def _create(
        self,
        messages: list[dict[str, str]],
        schema: JSON,
        name: str,
        max_tokens: int,
        temperature: float,
    ) -> Any:
        response_format: JSON
        sent = messages
        if self.response_mode == "json_schema":
            response_format = {
                "type": "json_schema",
                "json_schema": {"name": name, "schema": schema, "strict": True},
            }
        else:
            response_format = {"type": "json_object"}
            if self.response_mode == "json_object_schema":
                response_format["schema"] = schema
            sent = _with_schema_instruction(messages, schema)
        with self._lock:
            self.usage.requests += 1
        # The SDK types response_format and messages as TypedDicts; ours are plain dicts
        # (json_object with "schema" is an extension no TypedDict admits).
        completions: Any = self._sdk.chat.completions
        response = completions.create(
            model=self.model,
            messages=sent,
            response_format=response_format,
            max_tokens=max_tokens,
            temperature=temperature,
        )
        self._account(sent, response)
        return response

    def _account(self, sent: list[dict[str, str]], response: Any) -> None:
        usage = getattr(response, "usage", None)
        prompt = getattr(usage, "prompt_tokens", None) if usage else None
        completion = getattr(usage, "completion_tokens", None) if usage else None
        if prompt is None:
            prompt = math.ceil(sum(len(m.get("content", "")) for m in sent) / 4)
        if completion is None:
            completion = math.ceil(len(_reply_text(response)) / 4)
        with self._lock:
            self.usage.prompt_tokens += int(prompt)
            self.usage.completion_tokens += int(completion)

    def _judge(
        self, response: Any, validator: jsonschema.Draft202012Validator, check: Check | None
    ) -> tuple[JSON | None, str | None]:
        choices = getattr(response, "choices", None) or []
        if not choices:
            return None, "the response has no choices"
        text = _reply_text(response)
        if choices[0].finish_reason == "length":
            return None, "the reply was cut off at max_tokens (answer more briefly)"
        try:
            value = _parse_json(text)
        except ValueError as exc:
            return None, f"not valid JSON ({exc})"
        errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))
        if errors:
            first = errors[0]
            where = "/".join(str(p) for p in first.absolute_path) or "(root)"
            more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
            return None, f"breaks the JSON schema at {where}: {first.message}{more}"
        if check is not None:
            try:
                check(value)
            except ValueError as exc:
                return value, str(exc)  # valid against the schema, refused by the check
        return value, None

    def _backoff(self, attempt: int) -> None:
        if attempt < self.max_retries and self.retry_backoff_s > 0:
            time.sleep(self.retry_backoff_s * 2**attempt)


def _reply_text(response: Any) -> str:
    choices = getattr(response, "choices", None) or []
    if not choices:
        return ""
    return choices[0].message.content or ""


def _parse_json(text: str) -> Any:
    """The JSON object in ``text``; tolerates code fences and chatter around one object."""
    stripped = text.strip()
    if not stripped:
        raise ValueError("empty reply")
    try:
        return json.loads(stripped)
    except json.JSONDecodeError as first:
        fenced = _FENCED.search(stripped)
        candidate = fenced.group(1).strip() if fenced else stripped
        start, end = candidate.find("{"), candidate.rfind("}")
        if start >= 0 and end > start:
            try:
                return json.loads(candidate[start : end + 1])
            except json.JSONDecodeError:
                pass
        try:
            # A raw tab or newline inside a string: llama-cpp-python's JSON grammar lets it
            # through (SmolLM2 copies one from a passage); the text is unambiguous, so it is
            # read as that character instead of losing the reply.
            return json.loads(
                candidate[start : end + 1] if 0 <= start < end else candidate, strict=False
            )
        except json.JSONDecodeError:
            pass
        raise ValueError(f"{first.msg} at line {first.lineno} column {first.colno}") from None


def _with_schema_instruction(messages: list[dict[str, str]], schema: JSON) -> list[dict[str, str]]:
    note = (
        "Reply with one JSON object, nothing else, that matches this JSON schema:\n"
        + json.dumps(schema, ensure_ascii=False)
    )
    out = [dict(m) for m in messages]
    if out and out[0]["role"] == "system":
        out[0]["content"] = f"{out[0]['content']}\n\n{note}"
    else:
        out.insert(0, {"role": "system", "content": note})
    return out


def _rejects_format(exc: openai.APIStatusError) -> bool:
    """Whether an error answer says the server does not accept our ``response_format``."""
    if exc.status_code not in (400, 415, 422, 500):
        return False
    text = _error_text(exc).lower()
    return any(word in text for word in ("response_format", "json_schema", "schema"))


def _error_text(exc: openai.APIStatusError) -> str:
    body = exc.body
    if isinstance(body, dict):
        inner = body.get("error", body)
        if isinstance(inner, dict) and inner.get("message"):
            return str(inner["message"])
        return json.dumps(body)[:500]
    return str(exc)[:500]
