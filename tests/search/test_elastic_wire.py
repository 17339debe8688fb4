"""What the Elasticsearch backend puts on the wire, asserted at the loopback server."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from elasticsearch import Elasticsearch, UnsupportedProductError

from knowledge.search import BackendUnavailable, NotFound, SearchError
from knowledge.search import elastic as elastic_module
from knowledge.search.elastic import ANALYZER, ElasticsearchBackend
from loopback.elasticsearch import FakeElasticsearch

from .contract import BATTERY, CORPUS, PRINTER, WIFI, make_doc, passages


@pytest.fixture
def fake() -> Iterator[FakeElasticsearch]:
    with FakeElasticsearch() as server:
        yield server


def backend_for(fake: FakeElasticsearch, **options: object) -> ElasticsearchBackend:
    return ElasticsearchBackend(fake.url, index_prefix="wire", max_retries=0, **options)  # type: ignore[arg-type]


def test_setup_puts_templates_with_english_analyzer_and_strict_mappings(
    fake: FakeElasticsearch,
) -> None:
    backend_for(fake).setup()
    puts = {r.path: r.json() for r in fake.requests_to("PUT", "/_index_template/*")}
    assert set(puts) == {"/_index_template/wire-documents", "/_index_template/wire-passages"}
    passages_template = puts["/_index_template/wire-passages"]
    assert passages_template["index_patterns"] == ["wire-passages"]
    assert passages_template["priority"] > 100  # above the built-in templates
    template = passages_template["template"]
    assert template["settings"]["analysis"]["analyzer"][ANALYZER] == {"type": "english"}
    mapping = template["mappings"]
    assert mapping["dynamic"] == "strict"
    props = mapping["properties"]
    assert props["text"] == {"type": "text", "analyzer": ANALYZER}
    assert props["title"] == {"type": "text", "analyzer": ANALYZER}
    for keyword in ("id", "document_id", "pack", "kind"):
        assert props[keyword] == {"type": "keyword"}
    assert {props[k]["type"] for k in ("start", "end", "ordinal")} == {"integer"}
    assert props["metadata"] == {"type": "object", "enabled": False}
    assert "embedding" not in props
    documents_props = puts["/_index_template/wire-documents"]["template"]["mappings"]["properties"]
    assert documents_props["title"]["analyzer"] == ANALYZER
    # The indices are created after the templates, so they pick them up.
    order = [(r.method, r.path) for r in fake.requests]
    assert order.index(("PUT", "/wire-passages")) > order.index(
        ("PUT", "/_index_template/wire-passages")
    )
    assert fake.indices["wire-passages"].mappings == mapping


def test_setup_twice_creates_nothing_new(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.setup()
    backend.setup()
    assert len(fake.requests_to("PUT", "/wire-passages")) == 1
    assert len(fake.requests_to("HEAD", "/wire-passages")) == 2


def test_dense_vector_is_mapped_only_when_enabled(fake: FakeElasticsearch) -> None:
    plain = backend_for(fake)
    plain.setup()
    with pytest.raises(ValueError, match="embedding_dims"):
        plain.index([WIFI], passages(WIFI), embeddings={"wifi-drops#0": [0.1, 0.2]})

    # Enabling vectors later adds the field to the existing index in place.
    vectors = backend_for(fake, embedding_dims=3)
    vectors.setup()
    template = vectors.templates()["wire-passages"]["template"]
    expected = {"type": "dense_vector", "dims": 3, "index": True, "similarity": "cosine"}
    assert template["mappings"]["properties"]["embedding"] == expected
    (put_mapping,) = fake.requests_to("PUT", "/wire-passages/_mapping")
    assert put_mapping.json() == {"properties": {"embedding": expected}}

    (p,) = passages(WIFI)
    with pytest.raises(ValueError, match="3"):
        vectors.index([WIFI], [p], embeddings={p.id: [1.0, 2.0]})
    vectors.index([WIFI], [p], embeddings={p.id: [1, 2, 3]})
    bulk_lines = fake.requests_to("PUT", "/_bulk")[-1].ndjson()
    assert bulk_lines[-1]["embedding"] == [1.0, 2.0, 3.0]
    # Vectors stay out of what searches return.
    vectors.refresh()
    assert vectors.search("router")[0].passage == p
    assert fake.requests_to("POST", "/wire-passages/_search")[-1].params == {
        "_source_excludes": "embedding"
    }


def test_bulk_sends_one_action_and_one_source_line_per_record(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.index([WIFI, PRINTER], passages(WIFI) + passages(PRINTER))
    (bulk,) = fake.requests_to("PUT", "/_bulk")
    assert bulk.headers["content-type"].startswith("application/vnd.elasticsearch+x-ndjson")
    lines = bulk.ndjson()
    assert lines[0] == {"index": {"_index": "wire-documents", "_id": "wifi-drops"}}
    assert lines[1] == {
        "id": WIFI.id,
        "pack": WIFI.pack,
        "kind": WIFI.kind,
        "title": WIFI.title,
        "text": WIFI.text,
        "source": WIFI.source,
        "content_hash": WIFI.content_hash,
        "metadata": WIFI.metadata,
    }
    assert lines[4] == {"index": {"_index": "wire-passages", "_id": "wifi-drops#0"}}
    assert lines[5] == {
        "id": "wifi-drops#0",
        "document_id": "wifi-drops",
        "pack": "it",
        "kind": "article",
        "title": WIFI.title,
        "text": WIFI.text,
        "start": 0,
        "end": len(WIFI.text),
        "ordinal": 0,
        "metadata": {},
    }
    assert len(lines) == 2 * 4


def test_reindex_refreshes_then_deletes_only_stale_passages(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.index([WIFI, PRINTER], passages(WIFI) + passages(PRINTER))
    fake.requests.clear()
    backend.index([WIFI, PRINTER], passages(WIFI) + passages(PRINTER))
    calls = [(r.method, r.path) for r in fake.requests]
    assert calls == [
        ("PUT", "/_bulk"),
        ("POST", "/wire-passages/_refresh"),
        ("POST", "/wire-passages/_delete_by_query"),
    ]
    dbq = fake.requests[-1]
    assert dbq.params == {"conflicts": "proceed"}
    assert dbq.json() == {
        "query": {
            "bool": {
                "filter": [{"terms": {"document_id": ["wifi-drops", "printer-offline"]}}],
                "must_not": [{"terms": {"id": ["wifi-drops#0", "printer-offline#0"]}}],
            }
        }
    }


def test_stale_deletion_is_batched(
    fake: FakeElasticsearch, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(elastic_module, "_STALE_BATCH_IDS", 5)
    backend = backend_for(fake)
    docs = [make_doc(f"d{i}", "Router text. " * 40) for i in range(6)]
    backend.index(docs, [p for d in docs for p in passages(d, max_chars=100)])
    # Re-indexed with 3 passages each: 1 document id + 3 kept ids fit one batch of 5.
    shorter = [make_doc(f"d{i}", "Router text. " * 20) for i in range(6)]
    kept = [p for d in shorter for p in passages(d, max_chars=100)]
    assert len(kept) == 18
    fake.requests.clear()
    backend.index(shorter, kept)
    backend.refresh()
    assert backend.count() == 18
    dbqs = [r.json() for r in fake.requests_to("POST", "/wire-passages/_delete_by_query")]
    assert len(dbqs) == 6
    for body in dbqs:
        clause = body["query"]["bool"]
        n = len(clause["filter"][0]["terms"]["document_id"])
        assert n + len(clause.get("must_not", [{"terms": {"id": []}}])[0]["terms"]["id"]) <= 5


def test_search_request_shape(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.index(CORPUS, [p for d in CORPUS for p in passages(d)])
    backend.refresh()
    backend.search('router "AND" (wifi)', pack="it", kind=["faq", "article"], limit=3)
    (search,) = fake.requests_to("POST", "/wire-passages/_search")
    body = search.json()
    assert body["size"] == 3
    assert body["query"] == {
        "bool": {
            "must": [
                {
                    "multi_match": {
                        "query": 'router "AND" (wifi)',
                        "fields": ["text", "title^0.5"],
                        "type": "most_fields",
                    }
                }
            ],
            "filter": [{"term": {"pack": "it"}}, {"terms": {"kind": ["faq", "article"]}}],
        }
    }
    assert body["highlight"]["pre_tags"] == ["<mark>"]
    assert body["highlight"]["post_tags"] == ["</mark>"]
    assert body["highlight"]["encoder"] == "html"
    assert set(body["highlight"]["fields"]) == {"text"}


def test_a_ranking_only_search_asks_for_no_highlights(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.index(CORPUS, [p for d in CORPUS for p in passages(d)])
    backend.refresh()
    hits = backend.search("router", pack="it", highlight=False)
    (search,) = fake.requests_to("POST", "/wire-passages/_search")
    assert "highlight" not in search.json()
    assert hits and all(h.highlights == () for h in hits)


def test_raw_queries_use_query_string(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.setup()
    backend.search("router OR wifi", raw=True)
    body = fake.requests_to("POST", "/wire-passages/_search")[-1].json()
    assert body["query"]["bool"]["must"] == [
        {"query_string": {"query": "router OR wifi", "fields": ["text", "title^0.5"]}}
    ]


def test_queries_without_words_send_nothing(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.setup()
    assert backend.search("?? (( ::") == []
    assert backend.search("router", kind=[]) == []
    assert fake.requests_to("POST", "/wire-passages/_search") == []


def test_counts_use_the_count_api_with_filters(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.index([BATTERY], passages(BATTERY))
    backend.refresh()
    assert backend.count(pack="car", kind="faq", what="documents") == 1
    (count,) = fake.requests_to("POST", "/wire-documents/_count")
    assert count.json() == {
        "query": {"bool": {"filter": [{"term": {"pack": "car"}}, {"terms": {"kind": ["faq"]}}]}}
    }


def test_passages_of_pages_with_search_after(
    fake: FakeElasticsearch, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(elastic_module, "_PAGE", 3)
    backend = backend_for(fake)
    doc = make_doc("long", " ".join(f"Sentence {i} is here." for i in range(40)))
    expected = passages(doc, max_chars=80)
    assert len(expected) > 6
    backend.index([doc], expected)
    backend.refresh()
    assert backend.passages_of("long") == expected
    pages = [r.json() for r in fake.requests_to("POST", "/wire-passages/_search")]
    assert len(pages) == len(expected) // 3 + 1
    assert "search_after" not in pages[0]
    assert pages[1]["search_after"] == [2]
    assert all(p["sort"] == [{"ordinal": "asc"}] and p["size"] == 3 for p in pages)


def test_client_refuses_a_server_without_the_product_header() -> None:
    with FakeElasticsearch(product_header=False) as impostor:
        with pytest.raises(UnsupportedProductError):
            Elasticsearch(impostor.url, max_retries=0).info()
        backend = ElasticsearchBackend(impostor.url, max_retries=0)
        with pytest.raises(BackendUnavailable, match="not Elasticsearch"):
            backend.setup()
        assert not backend.health()


def test_product_header_is_present_on_every_answer(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    assert backend.health()
    (info,) = fake.requests_to("GET", "/")
    assert info.headers["accept"].startswith("application/vnd.elasticsearch+json")


def test_unreachable_server_is_backend_unavailable() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    backend = ElasticsearchBackend(f"http://127.0.0.1:{port}", max_retries=0, request_timeout=2)
    assert not backend.health()
    with pytest.raises(BackendUnavailable, match="cannot reach"):
        backend.search("router")


def test_missing_index_is_not_found_with_a_hint(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    with pytest.raises(NotFound, match=r"run setup\(\)"):
        backend.search("router")
    with pytest.raises(NotFound):
        backend.get_document("x")


@pytest.mark.parametrize(
    ("status", "error", "expected"),
    [
        (503, "unavailable_shards_exception", BackendUnavailable),
        (429, "es_rejected_execution_exception", BackendUnavailable),
        (500, "illegal_state_exception", SearchError),
    ],
)
def test_server_errors_are_typed(
    fake: FakeElasticsearch, status: int, error: str, expected: type[SearchError]
) -> None:
    backend = backend_for(fake)
    backend.setup()
    fake.faults.append((status, error))
    with pytest.raises(expected, match=error) as info:
        backend.search("router")
    if expected is SearchError:
        assert not isinstance(info.value, BackendUnavailable)


def test_a_400_on_a_write_is_not_an_invalid_query(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.setup()
    fake.faults.append((400, "illegal_argument_exception"))
    with pytest.raises(SearchError) as info:
        backend.delete_document("x")
    assert type(info.value) is SearchError


def test_strict_mapping_rejections_surface_as_search_errors(fake: FakeElasticsearch) -> None:
    backend = backend_for(fake)
    backend.setup()
    # A field the template does not declare, as a stale deployment would send it.
    fake.indices["wire-documents"].mappings["properties"].pop("content_hash")
    with pytest.raises(SearchError, match="strict_dynamic_mapping_exception"):
        backend.index([WIFI], passages(WIFI))
