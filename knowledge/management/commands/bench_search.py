"""Benchmark a search backend on a synthetic corpus: ingestion rate and query latency.

    python manage.py bench_search --passages 100000 --json bench.json
    python manage.py bench_search --backend elasticsearch --passages 20000   # ELASTICSEARCH_URL
    python manage.py bench_search --backend both --passages 5000 --url http://127.0.0.1:9200 \
        --no-compat-media-types    # embedded and an osmem-server, same passages, side by side

The corpus is seeded and Zipf-distributed over a synthetic vocabulary (natural text is roughly
Zipfian, which is what makes posting lists long for common words and short for rare ones), 60-150
words per passage, several passages per document, spread over packs and kinds. Queries are 2-5
words drawn from the same distribution minus its head (the stop-word-like ranks), half of them
with a pack filter. Latency is wall time of `search(..., limit=10)` including highlights, the
call the assistant makes per turn.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import shutil
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.search import Document, Passage, SearchBackend, get_backend

PACKS = ("it", "car", "health", "hr")
KINDS = ("article", "faq", "flowchart")
_SYLLABLES = [c + v for c in "bcdfghjklmnprstvwz" for v in "aeiou"] + ["th", "st", "er", "an"]


@dataclass(frozen=True)
class Corpus:
    documents: list[Document]
    passages: list[Passage]
    vocabulary: list[str]
    probabilities: np.ndarray


def make_vocabulary(rng: np.random.Generator, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        n = int(rng.integers(1, 5))
        words.add("".join(_SYLLABLES[int(i)] for i in rng.integers(0, len(_SYLLABLES), n)))
    return sorted(words, key=lambda w: (len(w), w))  # short words get the frequent ranks


def zipf_probabilities(size: int, exponent: float) -> np.ndarray:
    weights = 1.0 / np.arange(1, size + 1) ** exponent
    return np.asarray(weights / weights.sum())


def make_corpus(
    n_passages: int, *, seed: int, vocabulary_size: int, exponent: float = 1.07
) -> Corpus:
    rng = np.random.default_rng(seed)
    vocabulary = make_vocabulary(rng, vocabulary_size)
    probabilities = zipf_probabilities(vocabulary_size, exponent)
    lengths = rng.integers(60, 151, n_passages)
    tokens = rng.choice(vocabulary_size, size=int(lengths.sum()), p=probabilities)
    vocab = np.array(vocabulary, dtype=object)
    documents: list[Document] = []
    passages: list[Passage] = []
    pos = 0
    done = 0
    while done < n_passages:
        n_in_doc = min(int(rng.integers(3, 16)), n_passages - done)
        doc_id = f"bench-{len(documents)}"
        pack = PACKS[len(documents) % len(PACKS)]
        kind = KINDS[int(rng.integers(0, len(KINDS)))]
        paragraphs = []
        for k in range(n_in_doc):
            n = int(lengths[done + k])
            words = vocab[tokens[pos : pos + n]]
            pos += n
            paragraphs.append(_sentences(words, rng))
        title = " ".join(vocab[tokens[pos - 4 : pos]]).capitalize()
        text = "\n\n".join(paragraphs)
        start = 0
        for k, paragraph in enumerate(paragraphs):
            end = start + len(paragraph)
            passages.append(
                Passage(
                    id=f"{doc_id}#{k}",
                    document_id=doc_id,
                    pack=pack,
                    kind=kind,
                    title=title,
                    text=paragraph,
                    start=start,
                    end=end,
                )
            )
            start = end + 2
        documents.append(Document(id=doc_id, pack=pack, kind=kind, title=title, text=text))
        done += n_in_doc
    return Corpus(documents, passages, vocabulary, probabilities)


def _sentences(words: np.ndarray, rng: np.random.Generator) -> str:
    out: list[str] = []
    i = 0
    while i < len(words):
        n = int(rng.integers(6, 19))
        sentence = " ".join(words[i : i + n])
        out.append(sentence[:1].upper() + sentence[1:] + ".")
        i += n
    return " ".join(out)


def make_queries(corpus: Corpus, n: int, *, seed: int, skip_head: int = 30) -> list[str]:
    rng = np.random.default_rng(seed + 1)
    tail = corpus.probabilities[skip_head:] / corpus.probabilities[skip_head:].sum()
    queries = []
    for _ in range(n):
        k = int(rng.integers(2, 6))
        ranks = rng.choice(len(tail), size=k, p=tail) + skip_head
        queries.append(" ".join(corpus.vocabulary[int(r)] for r in ranks))
    return queries


def percentile(values: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(values), q)) if values else float("nan")


def directory_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


class Command(BaseCommand):
    help = "Benchmark search ingestion and query latency on a synthetic Zipf corpus."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--passages", type=int, default=100_000)
        parser.add_argument("--queries", type=int, default=500)
        parser.add_argument("--vocabulary", type=int, default=5000)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument(
            "--batch", type=int, default=10_000, help="passages per index() call (approximate)"
        )
        parser.add_argument(
            "--backend", choices=("embedded", "elasticsearch", "both"), default="embedded"
        )
        parser.add_argument("--url", default="", help="Elasticsearch URL (default: setting)")
        parser.add_argument(
            "--compat-media-types",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="send the ES 9 client's compatible-with=9 media types (default: setting "
            "ELASTICSEARCH_COMPAT_MEDIA_TYPES); --no-compat-media-types for OpenSearch/osmem",
        )
        parser.add_argument("--dir", default="", help="parent of the scratch index directory")
        parser.add_argument("--keep", action="store_true", help="keep the scratch index")
        parser.add_argument("--json", dest="json_path", default="", help="write results here")
        parser.add_argument("--target-p99-ms", type=float, default=50.0)

    def handle(self, *args: Any, **opts: Any) -> None:
        if opts["passages"] < 1 or opts["queries"] < 1:
            raise CommandError("--passages and --queries must be at least 1")
        if opts["vocabulary"] < 100:
            raise CommandError("--vocabulary must be at least 100 words")
        t0 = time.perf_counter()
        corpus = make_corpus(
            opts["passages"], seed=opts["seed"], vocabulary_size=opts["vocabulary"]
        )
        queries = make_queries(corpus, opts["queries"], seed=opts["seed"])
        self.stdout.write(
            f"corpus: {len(corpus.passages)} passages in {len(corpus.documents)} documents, "
            f"{opts['vocabulary']} words, generated in {time.perf_counter() - t0:.1f} s"
        )
        names = ["embedded", "elasticsearch"] if opts["backend"] == "both" else [opts["backend"]]
        table = [self._bench(name, corpus, queries, opts) for name in names]
        for results in table:
            self._report(results, opts)
        if len(table) > 1:
            self._side_by_side(table)
        if opts["json_path"]:
            path = Path(opts["json_path"])
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(table if len(table) > 1 else table[0], indent=2) + "\n")
            self.stdout.write(f"wrote {path}")

    def _bench(
        self, name: str, corpus: Corpus, queries: list[str], opts: dict[str, Any]
    ) -> dict[str, Any]:
        scratch = Path(tempfile.mkdtemp(prefix="bench-search-", dir=opts["dir"] or None))
        backend, cleanup = self._backend(name, opts, scratch)
        try:
            results = self._run(backend, corpus, queries, {**opts, "backend": name})
            if name == "embedded":
                results["index_bytes"] = directory_bytes(scratch)
        finally:
            cleanup()
            if not opts["keep"]:
                shutil.rmtree(scratch, ignore_errors=True)
            else:
                self.stdout.write(f"index kept in {scratch}")
        return results

    def _backend(self, name: str, opts: dict[str, Any], scratch: Path) -> tuple[SearchBackend, Any]:
        if name == "embedded":
            backend = get_backend("embedded", path=scratch / "index")
            return backend, lambda: None
        url = opts["url"] or getattr(settings, "ELASTICSEARCH_URL", "")
        if not url:
            raise CommandError("--backend elasticsearch needs --url or ELASTICSEARCH_URL")
        from knowledge.search.elastic import ElasticsearchBackend

        # The transport logs every request at INFO; thousands of lines would bury the table.
        logging.getLogger("elastic_transport").setLevel(logging.WARNING)
        compat = opts["compat_media_types"]
        if compat is None:
            compat = getattr(settings, "ELASTICSEARCH_COMPAT_MEDIA_TYPES", True)
        es = ElasticsearchBackend(
            url,
            index_prefix=f"askfew-bench-{uuid.uuid4().hex[:8]}",
            compat_media_types=compat,
        )
        return es, es.drop

    def _run(
        self, backend: SearchBackend, corpus: Corpus, queries: list[str], opts: dict[str, Any]
    ) -> dict[str, Any]:
        backend.setup()
        by_doc: dict[str, list[Passage]] = {}
        for p in corpus.passages:
            by_doc.setdefault(p.document_id, []).append(p)
        t0 = time.perf_counter()
        batch_docs: list[Document] = []
        batch_passages: list[Passage] = []
        for doc in corpus.documents:
            batch_docs.append(doc)
            batch_passages.extend(by_doc[doc.id])
            if len(batch_passages) >= opts["batch"]:
                backend.index(batch_docs, batch_passages)
                batch_docs, batch_passages = [], []
        if batch_docs:
            backend.index(batch_docs, batch_passages)
        backend.refresh()
        ingest_s = time.perf_counter() - t0
        indexed = backend.count()
        if indexed != len(corpus.passages):
            raise CommandError(f"indexed {indexed} passages, expected {len(corpus.passages)}")

        for q in queries[:20]:  # warm caches and the page cache before timing
            backend.search(q, limit=10)
        plain_ms: list[float] = []
        filtered_ms: list[float] = []
        hits = 0
        for i, q in enumerate(queries):
            pack = PACKS[i % len(PACKS)] if i % 2 else None
            t = time.perf_counter()
            found = backend.search(q, pack=pack, limit=10)
            elapsed = (time.perf_counter() - t) * 1000
            (filtered_ms if pack else plain_ms).append(elapsed)
            hits += len(found)
        all_ms = plain_ms + filtered_ms
        return {
            "backend": opts["backend"],
            "passages": len(corpus.passages),
            "documents": len(corpus.documents),
            "vocabulary": opts["vocabulary"],
            "seed": opts["seed"],
            "batch": opts["batch"],
            "ingest_seconds": round(ingest_s, 3),
            "ingest_passages_per_s": round(len(corpus.passages) / ingest_s, 1),
            "queries": len(queries),
            "query_p50_ms": round(percentile(all_ms, 50), 3),
            "query_p95_ms": round(percentile(all_ms, 95), 3),
            "query_p99_ms": round(percentile(all_ms, 99), 3),
            "query_max_ms": round(max(all_ms), 3),
            "unfiltered": {
                "queries": len(plain_ms),
                "p50_ms": round(percentile(plain_ms, 50), 3),
                "p99_ms": round(percentile(plain_ms, 99), 3),
            },
            "pack_filtered": {
                "queries": len(filtered_ms),
                "p50_ms": round(percentile(filtered_ms, 50), 3),
                "p99_ms": round(percentile(filtered_ms, 99), 3),
            },
            "mean_hits_per_query": round(hits / len(queries), 2),
            "target_p99_ms": opts["target_p99_ms"],
            "meets_target": percentile(all_ms, 99) <= opts["target_p99_ms"],
            "machine": {
                "cpus": os.cpu_count(),
                "python": platform.python_version(),
                "platform": platform.platform(),
            },
        }

    def _report(self, r: dict[str, Any], opts: dict[str, Any]) -> None:
        rows = [
            ("backend", r["backend"]),
            ("passages / documents", f"{r['passages']} / {r['documents']}"),
            ("ingest", f"{r['ingest_seconds']:.1f} s, {r['ingest_passages_per_s']:.0f} passages/s"),
            ("queries", str(r["queries"])),
            (
                "p50 / p95 / p99 ms",
                f"{r['query_p50_ms']:.2f} / {r['query_p95_ms']:.2f} / {r['query_p99_ms']:.2f}",
            ),
            (
                "unfiltered p50 / p99 ms",
                f"{r['unfiltered']['p50_ms']:.2f} / {r['unfiltered']['p99_ms']:.2f}",
            ),
            (
                "pack filter p50 / p99 ms",
                f"{r['pack_filtered']['p50_ms']:.2f} / {r['pack_filtered']['p99_ms']:.2f}",
            ),
            ("max ms", f"{r['query_max_ms']:.2f}"),
            ("mean hits", str(r["mean_hits_per_query"])),
            (
                "p99 target",
                f"<= {r['target_p99_ms']:g} ms: {'met' if r['meets_target'] else 'MISSED'}",
            ),
        ]
        if "index_bytes" in r:
            rows.append(("index size", f"{r['index_bytes'] / 1e6:.1f} MB"))
        width = max(len(k) for k, _ in rows)
        for key, value in rows:
            self.stdout.write(f"{key.ljust(width)}  {value}")
        self.stdout.write("")

    def _side_by_side(self, table: list[dict[str, Any]]) -> None:
        """One Markdown table, a column per backend (same corpus, same queries)."""
        metrics = [
            ("passages", lambda r: str(r["passages"])),
            ("ingest passages/s", lambda r: f"{r['ingest_passages_per_s']:.0f}"),
            ("query p50 ms", lambda r: f"{r['query_p50_ms']:.2f}"),
            ("query p95 ms", lambda r: f"{r['query_p95_ms']:.2f}"),
            ("query p99 ms", lambda r: f"{r['query_p99_ms']:.2f}"),
            ("pack-filtered p99 ms", lambda r: f"{r['pack_filtered']['p99_ms']:.2f}"),
            ("mean hits", lambda r: str(r["mean_hits_per_query"])),
        ]
        self.stdout.write("| metric | " + " | ".join(r["backend"] for r in table) + " |")
        self.stdout.write("|---" * (len(table) + 1) + "|")
        for label, cell in metrics:
            self.stdout.write(f"| {label} | " + " | ".join(cell(r) for r in table) + " |")
