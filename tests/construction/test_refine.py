"""The LLM refines an offline draft; claims whose sentence does not support them are dropped.

A loopback server speaks the chat-completions wire format (and llama.cpp's ``/props``, or a
"maximum context length" error, where the context window is read). The scripted model gives
one supported name, one hedged cause, one claim resting on a sentence the passage does not
have, a reply that is not JSON, and rewordings of checks (one that is not a question). Calls
the offline reader already answers (the article's own questions, short whole cause names)
are not made.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from knowledge.construction.benchmark import build_from_article
from knowledge.construction.refine import (
    REPLY_TOKENS,
    name_form,
    question_form,
    refine_network,
    server_context,
)
from knowledge.llm import LLMClient
from loopback.base import Answer, Exchange
from loopback.openai import FakeOpenAI, Reply, Request

ARTICLES = Path(__file__).parent / "articles"


@dataclass
class LlamaServer(FakeOpenAI):
    """llama.cpp's server also answers ``GET /props`` with its context size."""

    n_ctx: int = 1024

    def serve(self, exchange: Exchange) -> Answer:
        if exchange.method == "GET" and exchange.path.rstrip("/") == "/props":
            return Answer(200, {"default_generation_settings": {"n_ctx": self.n_ctx}})
        return super().serve(exchange)


def said(request: Request, label: str) -> str:
    return request.text.split(label)[-1]


def model(request: Request) -> Any:
    if len(request.text) > 8000:
        # What OpenAI, vLLM and llama-cpp-python answer a prompt longer than their window.
        return Reply(
            status=400,
            error="This model's maximum context length is 1536 tokens. However, you "
            "requested 4100 tokens (4099 in the messages, 1 in the completion).",
        )
    if request.schema_name == "refine_cause" or "cause as read" in request.text:
        name = said(request, "The cause as read without a model:")
        if "profile is damaged" in name:
            return {"sentence": 1, "name": "Damaged Outlook profile", "strength": "certain"}
        if "add-in is probably" in name:
            return {"sentence": 1, "name": "An add-in holding the mailbox", "strength": "likely"}
        if "mailbox itself is blocked" in name:
            # Sentence 7 does not exist, and the name is about nothing the item says.
            return {
                "sentence": 7,
                "name": "The VPN is not a solution to the problem",
                "strength": "certain",
            }
        return Reply(content="this is not JSON")
    question = said(request, "The check as read without a model:")
    if "Paper jam" in question:
        return {"sentence": 1, "question": "Does the printer display show Paper jam?"}
    return {"sentence": 1, "question": "how_to_check passage_ids"}


def client(server: FakeOpenAI) -> LLMClient:
    return LLMClient(server.url, None, "smollm2", timeout_s=5, max_retries=1, retry_backoff_s=0.0)


def test_supported_causes_are_applied_the_rest_dropped_and_own_questions_not_asked() -> None:
    built = build_from_article(ARTICLES / "outlook.txt", pack="mail")
    with LlamaServer() as server:
        server.respond(model)
        llm = client(server)
        assert server_context(llm) == (1024, f"{server.base_url}/props")
        refined = refine_network(built.network, {built.document_id: built.text}, llm)
        asked = server.chat_requests()
    before = {h.id: h for h in built.network.hypotheses}
    after = {h.id: h for h in refined.hypotheses}
    renamed = {before[i].name: after[i].name for i in after if after[i].name != before[i].name}
    assert set(renamed.values()) == {"Damaged Outlook profile", "An add-in holding the mailbox"}
    assert "The VPN is not a solution to the problem" not in {h.name for h in refined.hypotheses}
    # The article asks each of its checks as a question: the model is not asked about them.
    assert [f.question for f in refined.findings] == [f.question for f in built.network.findings]
    assert not any(r.text.count("check as read") for r in asked)
    # The hedged cause keeps 0.8 on the answers it implies; the others stay crisp.
    addin = next(h.id for h in refined.hypotheses if h.name.startswith("An add-in"))
    for link in refined.links:
        masses = sorted(round(m, 6) for _, m in link.masses)
        assert masses == ([0.2, 0.8] if link.hypothesis == addin else [1.0])
    # The accepted claim cites the sentence it rests on, from the passage the offline reader cited.
    profile = next(h for h in refined.hypotheses if h.name == "Damaged Outlook profile")
    assert profile.citations[0].quote.startswith("If so, the Outlook profile is damaged")
    assert profile.citations[0].passage_id == before[profile.id].citations[0].passage_id
    stats = refined.metadata["construction"]["llm"]
    assert stats["context_tokens"] == 1024
    assert (stats["accepted"], stats["dropped"], stats["invalid"]) == (2, 1, 1)  # 1: not JSON
    assert stats["failed_checks"] == {"no_such_sentence": 1, "not_about_this_item": 1}
    assert {c["after"]: c["strength"] for c in stats["changes"]} == {
        "Damaged Outlook profile": "certain",
        "An add-in holding the mailbox": "likely",
    }
    assert stats["requests"] == 4 and stats["kept_offline"] == 3
    # Replies judged against the schema: the one that is not JSON, and its retry, broke it.
    assert (llm.usage.replies, llm.usage.off_schema) == (stats["requests"] + 1, 2)
    # The instructions come first and are the same for every cause (a server's prompt cache
    # keeps them), and the reply room is what the schema allows.
    first = {r.messages[0]["content"] for r in asked if r.messages[0]["role"] == "system"}
    assert len(first) == 1
    assert {r.body["max_tokens"] for r in asked} == {REPLY_TOKENS}
    assert max(len(r.text) for r in asked) < 1024 * 4


def test_checks_from_conditions_are_reworded_short_names_kept_and_prompts_asked_once() -> None:
    built = build_from_article(ARTICLES / "printer.html", pack="print")
    texts = {built.document_id: built.text}
    with FakeOpenAI() as server:  # no /props, no context in /v1/models: read from the error
        server.respond(model)
        llm = client(server)
        assert server_context(llm) == (1536, f"{server.url}/chat/completions (error 400)")
        refined = refine_network(built.network, texts, llm)
        first_run = len(server.chat_requests())
        again = refine_network(built.network, texts, llm)
        second_run = len(server.chat_requests()) - first_run
    questions = {f.question for f in refined.findings}
    assert "Does the printer display show Paper jam?" in questions
    assert not any("passage_ids" in q for q in questions)
    # The table names its causes in a few words already: nothing to ask.
    assert [h.name for h in refined.hypotheses] == [h.name for h in built.network.hypotheses]
    stats = refined.metadata["construction"]["llm"]
    assert stats["kept_offline"] == len(built.network.hypotheses)
    assert (stats["accepted"], stats["dropped"]) == (1, 1)
    assert "form" in stats["failed_checks"]
    # The same prompts to the same client are answered from its cache, with the same result.
    assert second_run == 0
    assert again.metadata["construction"]["llm"]["cached"] == stats["requests"]
    assert [f.question for f in again.findings] == [f.question for f in refined.findings]


def test_a_sample_refines_only_the_first_items_and_counts_schema_valid_replies() -> None:
    built = build_from_article(ARTICLES / "outlook.txt", pack="mail")
    with LlamaServer() as server:
        server.respond(model)
        llm = client(server)
        refined = refine_network(built.network, {built.document_id: built.text}, llm, items=2)
        asked = len(server.chat_requests())
    stats = refined.metadata["construction"]["llm"]
    assert stats["requests"] == 2 and stats["kept_offline"] == 2  # 2 causes; 2 own questions
    # Every HTTP request (the retry after the reply that was not JSON included) is counted,
    # and every reply judged against the schema.
    assert asked == llm.usage.requests == stats["requests"] + llm.usage.retries
    assert llm.usage.replies == asked
    later = [h.name for h in refined.hypotheses[2:]]
    assert later == [h.name for h in built.network.hypotheses[2:]]


def test_a_rewording_must_stay_a_yes_no_question_asked_the_same_way_round() -> None:
    # The kinds of rewording a 135M model gave: a wh-question, and the check turned round.
    assert not question_form("What is the purpose of the status light?", "The status light blinks?")
    assert not question_form("Which pump is it that fails to start?", "The pump starts?")
    assert not question_form("Does the pump fail to start?", "Does the pump start?")
    assert not question_form("Is the pump running", "The pump runs?")
    assert not question_form("Is pump_running true?", "The pump runs?")
    assert question_form("Is the status light blinking?", "The status light blinks?")
    assert question_form("Does the pump still not start?", "The pump won't start?")


def test_a_cause_name_must_say_what_is_wrong_whole() -> None:
    assert not name_form("router")  # one word says nothing about what is wrong with it
    assert not name_form("washing_machine_leaks")  # an id from the prompt, not a name
    assert not name_form("Leak at doc:washer.md#4")
    assert not name_form("The pump is probably worn, or the impeller has lost a")
    assert not name_form("Seized bearing or a")
    assert name_form("Worn drive belt")
    assert name_form("The impeller has lost some vanes.")
