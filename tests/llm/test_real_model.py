"""A real small model (SmolLM2-135M-Instruct under llama.cpp) through our client.

Runs only when LLM_SERVER_URL points at a running OpenAI-compatible server, e.g.
``LLM_SERVER_URL=$(bin/llm-server) .venv/bin/pytest -m llm_server tests/llm``. It checks that
the whole path - prompt file, response-format negotiation, grammar-constrained decoding,
parsing, schema and focal-set validation, retries - yields a valid BBA from a real model. It
asserts validity, not quality: a 135M model's masses mean little.
"""

from __future__ import annotations

import math
import os
from typing import Any

import pytest

from knowledge.construction.elicit import elicit_bba
from knowledge.construction.snippets import Snippet
from knowledge.llm import LLMClient

SERVER_URL = os.environ.get("LLM_SERVER_URL", "")

pytestmark = [
    pytest.mark.llm_server,
    pytest.mark.skipif(
        not SERVER_URL,
        reason="set LLM_SERVER_URL to an OpenAI-compatible server (bin/llm-server starts one)",
    ),
]


def _client(**retries: Any) -> LLMClient:
    """The client for the server under test, from the environment."""
    return LLMClient(
        SERVER_URL,
        os.environ.get("LLM_SERVER_API_KEY"),
        os.environ.get("LLM_SERVER_MODEL", "smollm2"),
        timeout_s=float(os.environ.get("LLM_SERVER_TIMEOUT_S", "120")),
        **retries,
    )


def test_small_model_gives_a_valid_bba_for_a_snippet() -> None:
    llm = _client(max_retries=8, retry_backoff_s=0.0)
    text = (
        "An outdated wireless driver often makes the connection drop after waking from "
        "sleep. The Wi-Fi light stays on and networks are listed."
    )
    snippet = Snippet("it:driver#0", "it:driver", "Outdated Wi-Fi driver", text)
    states = ("yes", "no")
    elicited = elicit_bba(
        llm,
        hypothesis_id="h_driver",
        hypothesis="Outdated Wi-Fi driver",
        hypothesis_description="The wireless driver is out of date.",
        finding_id="f_drops_after_sleep",
        finding="connection drops after sleep",
        question="Does the connection drop after the laptop wakes from sleep?",
        states=states,
        snippet=snippet,
        shown_text=text,
    )
    mass = elicited.mass
    assert mass.frame == states
    assert math.isclose(math.fsum(mass.masses.values()), 1.0, abs_tol=1e-9)
    assert all(0.0 < m <= 1.0 for m in mass.masses.values())
    assert all(len(mass.labels(focal)) in (1, 2) for focal in mass.masses)
    assert elicited.quote == "" or elicited.quote.lower() in text.lower()
    assert llm.usage.requests >= 1 and llm.usage.total_tokens > 0
    print(f"\nreal model: {mass!r} after {llm.usage.as_dict()} (mode {llm.response_mode})")


def test_small_model_refines_a_draft_every_reply_valid_every_kept_claim_supported() -> None:
    from pathlib import Path

    from knowledge.construction.benchmark import build_from_article
    from knowledge.construction.refine import refine_network, worded

    llm = _client(max_retries=0)
    article = Path(__file__).parents[1] / "construction" / "articles" / "vpn.md"
    built = build_from_article(article, pack="vpn")
    refined = refine_network(built.network, {built.document_id: built.text}, llm)
    stats = refined.metadata["construction"]["llm"]
    assert stats["requests"] > 0
    # Grammar-constrained decoding: every reply parses and fits the schema, first time.
    assert llm.usage.off_schema == 0 and stats["invalid"] == 0
    assert stats["accepted"] + stats["dropped"] == stats["requests"]
    for change in stats["changes"]:
        assert worded(change["after"], change["sentence"])
