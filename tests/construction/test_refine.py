"""The LLM refines an offline draft; claims whose passage does not support them are dropped.

A loopback server speaks the chat-completions wire format (and llama.cpp's ``/props``, where
the context window is read); the scripted model gives one supported name, one hedged cause,
one claim quoting words the article never says, a reply that is not JSON, and rewordings
(one of another check).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from knowledge.construction.benchmark import build_from_article
from knowledge.construction.refine import refine_network, server_context
from knowledge.llm import LLMClient
from loopback.base import Answer, Exchange
from loopback.openai import FakeOpenAI, Reply, Request

ARTICLE = Path(__file__).parent / "articles" / "outlook.txt"


@dataclass
class LlamaServer(FakeOpenAI):
    """llama.cpp's server also answers ``GET /props`` with its context size."""

    n_ctx: int = 1024

    def serve(self, exchange: Exchange) -> Answer:
        if exchange.method == "GET" and exchange.path.rstrip("/") == "/props":
            return Answer(200, {"default_generation_settings": {"n_ctx": self.n_ctx}})
        return super().serve(exchange)


def model(request: Request) -> Any:
    text = request.text
    if request.schema_name == "refine_cause":
        text = text.split("What the article says at this point:")[1]
        if "profile is damaged" in text:
            return {
                "quote": "the Outlook profile is damaged",
                "name": "Damaged Outlook profile",
                "strength": "certain",
            }
        if "add-in is probably" in text:
            return {
                "quote": "an add-in is probably holding the mailbox",
                "name": "An add-in holding the mailbox",
                "strength": "likely",
            }
        if "mailbox itself is blocked" in text:
            return {
                "quote": "The VPN is not a solution to the problem",
                "name": "The VPN is not a solution to the problem",
                "strength": "certain",
            }
        return Reply(content="this is not JSON")
    if "Working offline" in text:
        return {
            "quote": 'Is Outlook showing "Working offline" in the status bar?',
            "question": "Does the Outlook status bar say Working offline?",
        }
    return {"quote": "mail", "question": "how_to_check passage_ids"}


def test_supported_claims_are_applied_and_the_rest_dropped() -> None:
    built = build_from_article(ARTICLE, pack="mail")
    with LlamaServer() as server:
        server.respond(model)
        llm = LLMClient(
            server.url, None, "smollm2", timeout_s=5, max_retries=1, retry_backoff_s=0.0
        )
        assert server_context(llm) == (1024, f"{server.base_url}/props")
        refined = refine_network(built.network, {built.document_id: built.text}, llm)
        prompts = [r.text for r in server.chat_requests()]
    before = {h.id: h for h in built.network.hypotheses}
    after = {h.id: h for h in refined.hypotheses}
    renamed = {before[i].name: after[i].name for i in after if after[i].name != before[i].name}
    assert set(renamed.values()) == {"Damaged Outlook profile", "An add-in holding the mailbox"}
    assert "The VPN is not a solution to the problem" not in {h.name for h in refined.hypotheses}
    questions = {f.question for f in refined.findings}
    assert "Does the Outlook status bar say Working offline?" in questions
    assert not any("passage_ids" in q for q in questions)
    # The hedged cause keeps 0.8 on the answers it implies; the others stay crisp.
    addin = next(h.id for h in refined.hypotheses if h.name.startswith("An add-in"))
    for link in refined.links:
        masses = dict((tuple(sorted(f)), m) for f, m in link.masses)
        if link.hypothesis == addin:
            assert sorted(masses.values()) == [0.19999999999999996, 0.8] or sorted(
                round(m, 6) for m in masses.values()
            ) == [0.2, 0.8]
        else:
            assert list(masses.values()) == [1.0]
    # The accepted claim cites the words it rests on.
    profile = next(h for h in refined.hypotheses if h.name == "Damaged Outlook profile")
    assert profile.citations[0].quote == "the Outlook profile is damaged"
    stats = refined.metadata["construction"]["llm"]
    assert stats["context_tokens"] == 1024
    assert (stats["accepted"], stats["dropped"], stats["invalid"]) == (3, 3, 1)  # 1: not JSON
    assert stats["requests"] == len(refined.hypotheses) + len(refined.findings)
    # Replies judged against the schema: the one that is not JSON, and its retry, broke it.
    assert (llm.usage.replies, llm.usage.off_schema) == (stats["requests"] + 1, 2)
    # Every prompt fits the context the server reported (four characters a token).
    assert max(len(p) for p in prompts) < 1024 * 4


def test_a_sample_refines_only_the_first_items_and_counts_schema_valid_replies() -> None:
    built = build_from_article(ARTICLE, pack="mail")
    with LlamaServer() as server:
        server.respond(model)
        llm = LLMClient(
            server.url, None, "smollm2", timeout_s=5, max_retries=1, retry_backoff_s=0.0
        )
        refined = refine_network(built.network, {built.document_id: built.text}, llm, items=1)
        asked = len(server.chat_requests())
    stats = refined.metadata["construction"]["llm"]
    assert stats["requests"] == 2  # the first cause and the first check
    assert asked == llm.usage.requests
    assert llm.usage.as_dict()["replies"] == asked
    later = [h.name for h in refined.hypotheses[1:]]
    assert later == [h.name for h in built.network.hypotheses[1:]]
