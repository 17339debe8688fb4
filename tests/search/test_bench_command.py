"""bench_search: the synthetic corpus is sound and the command reports what it promises."""

from __future__ import annotations

import io
import json
from pathlib import Path

from django.core.management import call_command

from knowledge.management.commands.bench_search import make_corpus, make_queries
from knowledge.search.base import validate_batch
from tests.elasticsearch_server import ElasticsearchServer


def test_corpus_is_seeded_consistent_and_zipfian() -> None:
    corpus = make_corpus(400, seed=3, vocabulary_size=500)
    again = make_corpus(400, seed=3, vocabulary_size=500)
    assert corpus.passages == again.passages
    assert len(corpus.passages) == 400
    validate_batch(corpus.documents, corpus.passages)  # ids, packs, kinds and offsets agree
    texts = {d.id: d.text for d in corpus.documents}
    for p in corpus.passages:
        assert texts[p.document_id][p.start : p.end] == p.text
        assert 60 <= len(p.text.split()) <= 150
    words = [w.strip(".").lower() for p in corpus.passages for w in p.text.split()]
    counts = sorted((words.count(w) for w in set(words)), reverse=True)
    assert counts[0] > 20 * counts[len(counts) // 2]  # a heavy head, a long tail
    queries = make_queries(corpus, 50, seed=3)
    assert all(2 <= len(q.split()) <= 5 for q in queries)


def test_command_writes_the_promised_json(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    call_command(
        "bench_search", "--passages", "300", "--queries", "30", "--batch", "100",
        "--dir", str(tmp_path), "--json", str(out),
    )  # fmt: skip
    result = json.loads(out.read_text())
    assert result["passages"] == 300
    assert result["backend"] == "embedded"
    for key in ("ingest_passages_per_s", "query_p50_ms", "query_p99_ms"):
        assert result[key] > 0
    assert result["query_p50_ms"] <= result["query_p99_ms"]
    assert result["unfiltered"]["queries"] + result["pack_filtered"]["queries"] == 30
    assert result["mean_hits_per_query"] > 0
    assert [p.name for p in tmp_path.iterdir()] == ["bench.json"]  # scratch index removed


def test_both_backends_on_the_same_passages_against_a_server(
    tmp_path: Path, elasticsearch: ElasticsearchServer
) -> None:
    out = tmp_path / "bench.json"
    compat = (
        "--compat-media-types" if elasticsearch.compat_media_types else "--no-compat-media-types"
    )
    stdout = io.StringIO()
    call_command(
        "bench_search", "--backend", "both", "--url", elasticsearch.url, compat,
        "--passages", "200", "--queries", "20", "--batch", "100",
        "--dir", str(tmp_path), "--json", str(out), stdout=stdout,
    )  # fmt: skip
    embedded, server = json.loads(out.read_text())
    assert (embedded["backend"], server["backend"]) == ("embedded", "elasticsearch")
    assert embedded["passages"] == server["passages"] == 200
    assert server["mean_hits_per_query"] > 0
    assert "| query p99 ms |" in stdout.getvalue()
