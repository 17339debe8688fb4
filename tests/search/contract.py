"""The contract every search backend passes.

Subclass `SearchBackendContract` in a test module and provide a `backend` fixture returning a
fresh, set-up, empty backend. Writes are followed by `refresh()` as callers must do; the one
exception is deliberate (re-indexing twice without a refresh in between).
"""

from __future__ import annotations

import html
import re

import pytest

from knowledge.search import (
    Document,
    InvalidQuery,
    NotFound,
    Passage,
    SearchBackend,
    chunk_text,
)


def make_doc(
    id_: str, text: str, *, pack: str = "it", kind: str = "article", title: str = ""
) -> Document:
    return Document(
        id=id_,
        pack=pack,
        kind=kind,
        title=title or id_.replace("-", " ").title(),
        text=text,
        source=f"https://kb.example/{id_}",
        content_hash=f"sha256:{id_}",
        metadata={"lang": "en", "tags": ["x", "y"], "nested": {"n": 1, "ok": True}},
    )


def passages(doc: Document, *, max_chars: int = 1200, overlap: int = 0) -> list[Passage]:
    return chunk_text(
        doc.id,
        doc.text,
        pack=doc.pack,
        kind=doc.kind,
        title=doc.title,
        max_chars=max_chars,
        overlap=overlap,
    )


WIFI = make_doc(
    "wifi-drops",
    "The laptop connects to the Wi-Fi network but the connection drops after sleep.\n\n"
    "Open the network adapter settings and disable power saving for the wireless adapter. "
    "Then restart the router and reconnect.",
)
PRINTER = make_doc(
    "printer-offline",
    "The printer shows as offline although it is switched on. Check the USB cable, then "
    "remove the printer queue and add the printer again.",
    kind="faq",
)
BATTERY = make_doc(
    "car-battery",
    "The engine does not crank and the dashboard lights are dim: the battery is flat. "
    "Jump start the car with cables from another battery, then drive for half an hour.",
    pack="car",
    kind="faq",
)
SCREEN = make_doc(
    "screen-flicker",
    "The screen flickers on the laptop when the brightness is low. Update the display driver.",
    kind="troubleshooting",
)
CORPUS = [WIFI, PRINTER, BATTERY, SCREEN]


def index_docs(backend: SearchBackend, docs: list[Document], **chunking: int) -> None:
    backend.index(docs, [p for d in docs for p in passages(d, **chunking)])
    backend.refresh()


class SearchBackendContract:
    """Behaviour both backends must share; subclasses supply the `backend` fixture."""

    @pytest.fixture
    def backend(self) -> SearchBackend:  # pragma: no cover - overridden
        raise NotImplementedError

    @pytest.fixture
    def corpus(self, backend: SearchBackend) -> SearchBackend:
        index_docs(backend, CORPUS)
        return backend

    # -- lifecycle -----------------------------------------------------------------------------

    def test_setup_is_idempotent_and_starts_empty(self, backend: SearchBackend) -> None:
        backend.setup()
        backend.setup()
        assert backend.health()
        assert backend.count() == 0
        assert backend.count(what="documents") == 0

    # -- fetch by id ---------------------------------------------------------------------------

    def test_documents_round_trip(self, corpus: SearchBackend) -> None:
        for doc in CORPUS:
            assert corpus.get_document(doc.id) == doc

    def test_passages_round_trip_with_offsets(self, backend: SearchBackend) -> None:
        long_doc = make_doc("long", " ".join(f"Sentence number {i} is here." for i in range(60)))
        expected = passages(long_doc, max_chars=200, overlap=40)
        assert len(expected) > 3
        backend.index([long_doc], expected)
        backend.refresh()
        got = backend.passages_of("long")
        assert got == expected
        assert all(long_doc.text[p.start : p.end] == p.text for p in got)
        assert backend.get_passage(expected[2].id) == expected[2]

    def test_passage_metadata_round_trips(self, backend: SearchBackend) -> None:
        doc = make_doc("meta", "Some text about routers.")
        p = Passage(
            id="meta#0",
            document_id="meta",
            pack=doc.pack,
            kind=doc.kind,
            title=doc.title,
            text=doc.text,
            start=0,
            end=len(doc.text),
            metadata={"section": "Intro", "page": 3, "score": 0.5, "flags": [True, None]},
        )
        backend.index([doc], [p])
        backend.refresh()
        assert backend.get_passage("meta#0") == p

    def test_unicode_text_survives(self, backend: SearchBackend) -> None:
        doc = make_doc("unicode", "Le café naïve — 路由器 🚀 the router résumé déconnecté.")
        index_docs(backend, [doc])
        assert backend.get_document("unicode") == doc
        (hit,) = backend.search("router")
        assert hit.passage.text == doc.text
        # Highlight offsets must be right after multi-byte characters, too.
        assert "<mark>router</mark>" in hit.highlights[0]

    def test_missing_ids_raise_not_found(self, corpus: SearchBackend) -> None:
        with pytest.raises(NotFound):
            corpus.get_document("no-such-doc")
        with pytest.raises(NotFound):
            corpus.get_passage("wifi-drops#99")
        with pytest.raises(NotFound):
            corpus.delete_document("no-such-doc")
        assert corpus.passages_of("no-such-doc") == []

    # -- search --------------------------------------------------------------------------------

    def test_matching_passage_ranks_first(self, corpus: SearchBackend) -> None:
        hits = corpus.search("battery flat jump start")
        assert hits[0].passage.document_id == "car-battery"
        hits = corpus.search("printer offline")
        assert hits[0].passage.document_id == "printer-offline"
        scores = [h.score for h in corpus.search("laptop")]
        assert scores == sorted(scores, reverse=True)

    def test_more_matching_terms_rank_higher(self, corpus: SearchBackend) -> None:
        hits = corpus.search("laptop screen brightness flickers")
        ids = [h.passage.document_id for h in hits]
        assert ids[0] == "screen-flicker"
        assert "wifi-drops" in ids  # matches "laptop" only, so it comes later
        assert hits[0].score > hits[ids.index("wifi-drops")].score

    def test_stemming_matches_word_forms(self, corpus: SearchBackend) -> None:
        hits = corpus.search("reconnecting routers")
        assert hits and hits[0].passage.document_id == "wifi-drops"

    def test_no_match_gives_no_hits(self, corpus: SearchBackend) -> None:
        assert corpus.search("zeppelin") == []

    def test_filter_by_pack(self, corpus: SearchBackend) -> None:
        hits = corpus.search("battery cable printer", pack="car")
        assert {h.passage.pack for h in hits} == {"car"}
        assert corpus.search("printer", pack="car") == []
        assert corpus.search("printer", pack="nope") == []

    def test_filter_by_kind(self, corpus: SearchBackend) -> None:
        assert {h.passage.document_id for h in corpus.search("laptop", kind="article")} == {
            "wifi-drops"
        }
        both = corpus.search("laptop printer", kind=["faq", "troubleshooting"])
        assert {h.passage.document_id for h in both} == {"printer-offline", "screen-flicker"}
        assert corpus.search("laptop", kind=[]) == []
        assert corpus.search("battery", pack="it", kind="faq") == []

    def test_limit(self, corpus: SearchBackend) -> None:
        assert len(corpus.search("the", limit=1)) <= 1
        assert len(corpus.search("laptop printer battery screen", limit=2)) == 2
        for bad in (0, -1, 10_001):
            with pytest.raises(ValueError, match="limit"):
                corpus.search("laptop", limit=bad)

    def test_highlights_mark_matches_and_escape_html(self, backend: SearchBackend) -> None:
        # Elasticsearch's `"encoder": "html"` is Lucene's SimpleHTMLEncoder: & < > " as named
        # entities, ' and / as &#x27; and &#x2F; (what a real server returns; every backend
        # escapes the same way, so a snippet renders the same whichever serves it).
        doc = make_doc(
            "html", 'Set <b>DNS</b> & restart the router if pages don\'t load "at all".'
        )
        index_docs(backend, [doc, *CORPUS])
        (hit, *_) = backend.search("router", pack="it")
        assert hit.passage.document_id == "html"
        assert len(hit.highlights) == 1
        snippet = hit.highlights[0]
        # Fragment boundaries are the engine's choice; the escaping is not.
        assert snippet.startswith(
            "Set &lt;b&gt;DNS&lt;&#x2F;b&gt; &amp; restart the <mark>router</mark> "
            "if pages don&#x27;t load &quot;at all"
        )
        assert html.unescape(snippet.replace("<mark>", "").replace("</mark>", "")) in doc.text
        for h in backend.search("router printer battery"):
            for s in h.highlights:
                marked = re.findall(r"<mark>(.*?)</mark>", s)
                assert marked and all(
                    m.lower().startswith(("router", "printer", "batter")) for m in marked
                )

    def test_ranking_without_highlights_is_the_same_ranking(self, corpus: SearchBackend) -> None:
        marked = corpus.search("router printer battery", limit=5)
        plain = corpus.search("router printer battery", limit=5, highlight=False)
        assert marked and any(h.highlights for h in marked)
        assert [(h.passage.id, h.score) for h in plain] == [(h.passage.id, h.score) for h in marked]
        assert all(h.highlights == () for h in plain)

    def test_odd_user_queries_just_work(self, corpus: SearchBackend) -> None:
        odd = [
            'what\'s wrong? (help) AND: "x"',
            'printer:"offline',
            "(((",
            '"',
            "AND OR NOT",
            "title:laptop^3 [a TO z] ~2 {x} /re.*/ +-!&|",
            "",
            "   ",
            "???",
            "\\",
        ]
        for q in odd:
            assert isinstance(corpus.search(q), list), q
        hits = corpus.search('printer?? (AND: "offline')
        assert hits[0].passage.document_id == "printer-offline"

    def test_raw_query_syntax(self, corpus: SearchBackend) -> None:
        ids = {h.passage.document_id for h in corpus.search("printer OR battery", raw=True)}
        assert {"printer-offline", "car-battery"} <= ids
        with pytest.raises(InvalidQuery):
            corpus.search("printer AND (offline", raw=True)

    # -- counts --------------------------------------------------------------------------------

    def test_counts(self, backend: SearchBackend) -> None:
        long_doc = make_doc("long", "Alpha beta gamma. " * 100)
        docs = [*CORPUS, long_doc]
        index_docs(backend, docs, max_chars=300, overlap=0)
        n_long = len(passages(long_doc, max_chars=300, overlap=0))
        assert n_long > 1
        assert backend.count() == len(CORPUS) + n_long
        assert backend.count(what="documents") == 5
        assert backend.count(pack="car") == 1
        assert backend.count(pack="it", what="documents") == 4
        assert backend.count(kind="faq") == 2
        assert backend.count(pack="it", kind="faq") == 1
        assert backend.count(pack="nope") == 0
        with pytest.raises(ValueError, match="what"):
            backend.count(what="chunks")  # type: ignore[arg-type]

    # -- updates and deletes -------------------------------------------------------------------

    def test_reindexing_replaces_passages(self, corpus: SearchBackend) -> None:
        before = corpus.count()
        old_ids = [p.id for p in corpus.passages_of("wifi-drops")]
        v2 = make_doc("wifi-drops", "Forget the network and join it again.", title="Wi-Fi v2")
        corpus.index([v2], passages(v2))
        corpus.refresh()
        assert corpus.get_document("wifi-drops") == v2
        assert [p.text for p in corpus.passages_of("wifi-drops")] == [v2.text]
        assert corpus.count() == before - len(old_ids) + 1
        assert corpus.search("router", pack="it") == []
        assert [h.passage.id for h in corpus.search("forget network")] == ["wifi-drops#0"]

    def test_reindexing_twice_without_refresh_leaves_no_stale_passages(
        self, backend: SearchBackend
    ) -> None:
        v1 = make_doc("doc", " ".join(f"Old sentence {i} mentions gadgets." for i in range(40)))
        v2 = make_doc("doc", "New text about widgets.")
        backend.index([v1], passages(v1, max_chars=150))
        backend.index([v2], passages(v2, max_chars=150))
        backend.refresh()
        assert backend.count() == 1
        assert backend.search("gadgets") == []
        with pytest.raises(NotFound):
            backend.get_passage("doc#1")

    def test_reindexing_keeps_other_documents(self, corpus: SearchBackend) -> None:
        v2 = make_doc("printer-offline", "Printer fixed.", kind="faq")
        corpus.index([v2], passages(v2))
        corpus.refresh()
        assert corpus.count(what="documents") == len(CORPUS)
        assert corpus.search("battery")[0].passage.document_id == "car-battery"

    def test_delete_document_removes_its_passages(self, corpus: SearchBackend) -> None:
        corpus.delete_document("car-battery")
        corpus.refresh()
        with pytest.raises(NotFound):
            corpus.get_document("car-battery")
        with pytest.raises(NotFound):
            corpus.get_passage("car-battery#0")
        assert corpus.search("battery") == []
        assert corpus.count(pack="car") == 0
        assert corpus.count() == len(CORPUS) - 1

    def test_delete_and_clear_right_after_indexing(self, backend: SearchBackend) -> None:
        # No refresh between the write and the delete: unrefreshed passages must go too.
        backend.index([BATTERY], passages(BATTERY))
        backend.delete_document("car-battery")
        backend.refresh()
        assert backend.count() == 0
        backend.index([PRINTER, BATTERY], passages(PRINTER) + passages(BATTERY))
        backend.clear(pack="it")
        backend.refresh()
        assert backend.count() == 1
        assert backend.count(what="documents") == 1

    def test_clear_pack_then_all(self, corpus: SearchBackend) -> None:
        corpus.clear(pack="car")
        corpus.refresh()
        assert corpus.count(pack="car") == 0
        assert corpus.count(what="documents") == len(CORPUS) - 1
        corpus.clear()
        corpus.refresh()
        assert corpus.count() == 0
        assert corpus.count(what="documents") == 0

    def test_documents_without_passages(self, backend: SearchBackend) -> None:
        doc = make_doc("empty", "")
        backend.index([doc], [])
        backend.refresh()
        assert backend.get_document("empty") == doc
        assert backend.passages_of("empty") == []
        assert backend.count(what="documents") == 1

    # -- validation ----------------------------------------------------------------------------

    def test_inconsistent_batches_are_refused_before_writing(self, backend: SearchBackend) -> None:
        (p,) = passages(PRINTER)[:1]
        with pytest.raises(ValueError, match="not in this batch"):
            backend.index([WIFI], [p])
        with pytest.raises(ValueError, match="pack/kind"):
            backend.index([PRINTER], [Passage(**{**p.__dict__, "pack": "car"})])
        with pytest.raises(ValueError, match="not of the form"):
            backend.index([PRINTER], [Passage(**{**p.__dict__, "id": "other#0"})])
        with pytest.raises(ValueError, match="outside"):
            backend.index([PRINTER], [Passage(**{**p.__dict__, "end": 10_000})])
        with pytest.raises(ValueError, match="JSON"):
            backend.index([Document(**{**WIFI.__dict__, "metadata": {"x": object()}})], [])
        backend.refresh()
        assert backend.count(what="documents") == 0
