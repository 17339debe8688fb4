"""Multi-hop lookup, with a scripted model (loopback OpenAI server) and without one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from knowledge.llm import LLMClient
from knowledge.retrieval.multihop import (
    RRF_K,
    key_phrases,
    multihop,
    multihop_search,
    reciprocal_rank_fusion,
)
from knowledge.search import Document, SearchHit, chunk_text
from knowledge.search.base import Passage
from knowledge.search.embedded import EmbeddedBackend
from loopback.openai import FakeOpenAI, Reply, Request

PACK = "kb"
ARTICLES = {
    "kb:error10": (
        "Device Manager error codes",
        "Error code 10 in Device Manager means the wireless adapter driver failed to start.",
    ),
    "kb:update": (
        "Updating drivers",
        "To update a wireless adapter driver, download the package from the vendor support "
        "site and run the installer, then restart.",
    ),
    "kb:battery": (
        "Battery calibration",
        "Calibrate the battery by charging it fully, then letting it run down once.",
    ),
    "kb:bluetooth": (
        "Bluetooth pairing",
        "To pair a Bluetooth mouse, hold its pairing button until the light blinks.",
    ),
}
OTHER_PACK_TEXT = "Error code 10 also appears in the car pack: fuel pump relay failed to start."
QUESTION = "How do I fix error code 10?"


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> EmbeddedBackend:
    store = EmbeddedBackend(
        tmp_path_factory.mktemp("kb-index"), writer_threads=1, writer_heap_bytes=20_000_000
    )
    store.setup()
    docs = [
        Document(id=i, pack=PACK, kind="faq", title=t, text=x) for i, (t, x) in ARTICLES.items()
    ]
    docs.append(Document(id="car:e10", pack="car", kind="faq", title="Codes", text=OTHER_PACK_TEXT))
    store.index(
        docs,
        [
            p
            for d in docs
            for p in chunk_text(d.id, d.text, pack=d.pack, kind=d.kind, title=d.title)
        ],
    )
    store.refresh()
    return store


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def llm_for(fake: FakeOpenAI) -> LLMClient:
    return LLMClient(fake.url, "k", "scripted", max_retries=1, retry_backoff_s=0)


def user_prompt(request: Request) -> str:
    return next(str(m["content"]) for m in request.messages if m["role"] == "user")


def decomposer(request: Request) -> dict[str, Any]:
    prompt = user_prompt(request)
    if "(none yet)" in prompt:
        return {"sub_questions": ["What does error code 10 mean?"], "done": False}
    if "driver failed to start" in prompt:
        return {"sub_questions": ["How to update the wireless adapter driver?"], "done": True}
    return {"sub_questions": [], "done": True}


def docs_of(hits: list[SearchHit]) -> list[str]:
    return [h.passage.document_id for h in hits]


def test_plain_search_misses_the_second_hop(backend: EmbeddedBackend) -> None:
    assert "kb:update" not in docs_of(backend.search(QUESTION, pack=PACK, limit=10))


def test_decomposition_follows_the_evidence_to_the_second_document(
    backend: EmbeddedBackend, fake: FakeOpenAI
) -> None:
    fake.respond(decomposer)
    result = multihop(QUESTION, backend, pack=PACK, llm=llm_for(fake), max_hops=3)
    assert result.used_llm and result.fallback is None
    assert result.queries == [
        QUESTION,
        "What does error code 10 mean?",
        "How to update the wireless adapter driver?",
    ]
    assert result.hops == 2  # the model said it was done
    docs = docs_of(result.hits)
    assert docs[0] == "kb:error10"  # first in two of the three lists
    assert "kb:update" in docs
    assert "car:e10" not in docs
    # The second hop saw what the first one found.
    first, second = fake.chat_requests()
    assert first.schema_name == "decompose_question"
    assert first.schema is not None and first.schema["required"] == ["sub_questions", "done"]
    assert "1. What does error code 10 mean? -> Error code 10 in Device Manager" in (
        user_prompt(second)
    )


def test_hops_are_capped(backend: EmbeddedBackend, fake: FakeOpenAI) -> None:
    counter = iter(range(100))
    fake.respond(lambda r: {"sub_questions": [f"battery question {next(counter)}"], "done": False})
    result = multihop(QUESTION, backend, pack=PACK, llm=llm_for(fake), max_hops=2)
    assert len(fake.chat_requests()) == 2
    assert result.hops == 2
    assert len(result.queries) == 3


def test_repeated_sub_questions_end_the_loop(backend: EmbeddedBackend, fake: FakeOpenAI) -> None:
    fake.respond(lambda r: {"sub_questions": [QUESTION, "what is error code 10"], "done": False})
    result = multihop(QUESTION, backend, pack=PACK, llm=llm_for(fake), max_hops=3)
    assert result.queries == [QUESTION, "what is error code 10"]
    assert len(fake.chat_requests()) == 2


def test_offline_searches_key_phrases_and_fuses_by_rank(backend: EmbeddedBackend) -> None:
    question = "Bluetooth mouse pairing and battery calibration"
    result = multihop(question, backend, pack=PACK, llm=None, limit=10)
    assert not result.used_llm
    assert result.queries == [question, *key_phrases(question)]
    assert key_phrases(question) == ["Bluetooth mouse pairing", "battery calibration"]
    # The fused score is the sum of 1/(k + rank) over the lists, recomputed here by hand.
    runs = [backend.search(q, pack=PACK, limit=10) for q in result.queries]
    expected: dict[str, float] = {}
    for run in runs:
        for rank, hit in enumerate(run, start=1):
            expected[hit.passage.id] = expected.get(hit.passage.id, 0.0) + 1 / (RRF_K + rank)
    assert {h.passage.id: h.score for h in result.hits} == pytest.approx(expected)
    assert set(docs_of(result.hits)[:2]) == {"kb:bluetooth", "kb:battery"}
    assert multihop_search(question, backend, pack=PACK) == result.hits


def test_llm_failure_falls_back_to_offline(backend: EmbeddedBackend, fake: FakeOpenAI) -> None:
    fake.respond(lambda r: Reply(status=500))
    result = multihop(QUESTION, backend, pack=PACK, llm=llm_for(fake))
    assert result.fallback is not None and "LLMError" in result.fallback
    assert not result.used_llm
    assert result.queries == [QUESTION, *key_phrases(QUESTION)]
    assert docs_of(result.hits)[0] == "kb:error10"


def test_bad_arguments_are_refused(backend: EmbeddedBackend) -> None:
    with pytest.raises(ValueError, match="non-empty question"):
        multihop_search("  ", backend, pack=PACK)
    with pytest.raises(ValueError, match="max_hops"):
        multihop_search(QUESTION, backend, pack=PACK, max_hops=0)


def _hit(pid: str) -> SearchHit:
    doc = pid.split("#")[0]
    passage = Passage(
        id=pid, document_id=doc, pack="p", kind="k", title="", text="", start=0, end=0
    )
    return SearchHit(passage=passage, score=0.0, highlights=())


def test_reciprocal_rank_fusion() -> None:
    a, b, c = _hit("a#0"), _hit("b#0"), _hit("c#0")
    fused = reciprocal_rank_fusion([[a, b, c], [c, b], [b]], limit=2, k=1)
    # b: 1/3 + 1/3 + 1/2; c: 1/4 + 1/2; a: 1/2.
    assert [h.passage.id for h in fused] == ["b#0", "c#0"]
    assert fused[0].score == pytest.approx(1 / 3 + 1 / 3 + 1 / 2)
    assert fused[1].score == pytest.approx(1 / 4 + 1 / 2)


def test_key_phrases_split_on_stop_words_and_punctuation() -> None:
    assert key_phrases("Why does my Dell laptop keep dropping the Wi-Fi connection?") == [
        "Dell laptop",
        "Wi-Fi connection",
        "dropping",
    ]
    assert key_phrases("the and of") == []
