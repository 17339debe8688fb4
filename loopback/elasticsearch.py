"""A loopback Elasticsearch: enough of the REST wire format for our backend, over real HTTP.

It is a test double of the remote server, not of our code: the official client talks to it
through its normal transport (urllib3, product check, compatibility headers, NDJSON bulk),
and our backend cannot tell it from a cluster for the calls it makes. It records every request
so wire tests can assert on exactly what was sent.

Faithful where our code could otherwise go wrong:
- writes become visible to search, count and delete_by_query only after a refresh (the
  `refresh` parameter or `_refresh`); GET by id is real-time;
- index templates are applied when an index is created (explicitly or by a bulk write);
- `"dynamic": "strict"` mappings reject unknown fields, dense_vector dims are checked;
- BM25 scoring (k1=1.2, b=0.75) per field, an English-like analyzer (lowercase, stop words,
  possessive and suffix stripping) for text fields with the `english` analyzer, exact match for
  keywords;
- errors come back in Elasticsearch's body format and status codes.
Unsupported requests get a 400 naming what is missing, so a new client call fails loudly.
"""

from __future__ import annotations

import copy
import fnmatch
import functools
import json
import math
import re
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from loopback.base import Answer, Exchange, LoopbackServer

JSON = dict[str, Any]
MEDIA_TYPE = "application/vnd.elasticsearch+json;compatible-with=9"

# Lucene's SimpleHTMLEncoder, behind `"encoder": "html"`. Written out here rather than taken
# from knowledge.search: a stand-in for Elasticsearch must not share the code it checks (and
# the loopback package imports nothing of the product; tests/test_layers.py).
_LUCENE_HTML = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;", "/": "&#x2F;"}
)


def highlight_escape(text: str) -> str:
    return text.translate(_LUCENE_HTML)

# Lucene's English stop set, which Elasticsearch's `english` analyzer uses.
_STOP_TEXT = """a an and are as at be but by for if in into is it no not of on or such that
the their then there these they this to was will with"""
ENGLISH_STOP_WORDS = frozenset(_STOP_TEXT.split())
_TOKEN = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_K1, _B = 1.2, 0.75


class EsError(Exception):
    """An error response in Elasticsearch's format."""

    def __init__(self, status: int, type_: str, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.body: JSON = {
            "error": {
                "root_cause": [{"type": type_, "reason": reason, **extra}],
                "type": type_,
                "reason": reason,
                **extra,
            },
            "status": status,
        }


def _stem(token: str) -> str:
    """A light English stemmer: enough that connect/connects/connected/connecting agree."""
    for suffix, keep in (("'s", 0), ("ies", 3), ("ing", 3), ("ed", 3), ("es", 3), ("s", 3)):
        if token.endswith(suffix) and len(token) - len(suffix) >= keep:
            stem = token[: -len(suffix)]
            return stem + "y" if suffix == "ies" else stem
    return token


def analyze(text: str, analyzer: str) -> list[tuple[str, int, int]]:
    """(term, start, end) for each token kept by `analyzer` ("english" or "standard")."""
    out = []
    for m in _TOKEN.finditer(text):
        token = m.group().lower()
        if analyzer == "english":
            if token in ENGLISH_STOP_WORDS:
                continue
            token = _stem(token)
        out.append((token, m.start(), m.end()))
    return out


@dataclass
class _Index:
    name: str
    settings: JSON
    mappings: JSON
    live: dict[str, JSON] = field(default_factory=dict)  # what GET sees (real-time)
    visible: dict[str, JSON] = field(default_factory=dict)  # what search sees (last refresh)

    def refresh(self) -> None:
        self.visible = copy.deepcopy(self.live)

    def properties(self) -> JSON:
        return dict(self.mappings.get("properties", {}))

    def analyzer_of(self, field_name: str) -> str | None:
        """None for exact-match fields; the analyzer name for text fields."""
        spec = self.properties().get(field_name)
        if spec is None:
            return "standard"  # dynamic text, as Elasticsearch maps unknown strings
        if spec.get("type") != "text":
            return None
        name = spec.get("analyzer", "standard")
        custom = self.settings.get("analysis", {}).get("analyzer", {}).get(name)
        if custom is not None:
            return "english" if custom.get("type") == "english" else "standard"
        return "english" if name == "english" else "standard"

    def check_source(self, source: JSON) -> None:
        props = self.properties()
        strict = self.mappings.get("dynamic") == "strict"
        for key, value in source.items():
            spec = props.get(key)
            if spec is None:
                if strict:
                    raise EsError(
                        400,
                        "strict_dynamic_mapping_exception",
                        f"[1:2] mapping set to strict, dynamic introduction of [{key}] "
                        "within [_doc] is not allowed",
                    )
                continue
            if spec.get("type") == "dense_vector":
                dims = spec.get("dims")
                if not isinstance(value, list) or (dims is not None and len(value) != dims):
                    raise EsError(
                        400,
                        "document_parsing_exception",
                        f"The [dense_vector] field [{key}] in doc has a different number of "
                        f"dimensions [{len(value) if isinstance(value, list) else 0}] than "
                        f"defined in the mapping [{dims}]",
                    )
            if spec.get("type") in ("integer", "long") and not isinstance(value, int):
                raise EsError(400, "document_parsing_exception", f"failed to parse field [{key}]")


@dataclass
class Recorded:
    method: str
    path: str
    params: dict[str, str]
    headers: dict[str, str]  # lower-cased names
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    def ndjson(self) -> list[Any]:
        return [json.loads(line) for line in self.body.decode().splitlines() if line.strip()]


class FakeElasticsearch(LoopbackServer):
    """The server state and REST handlers; `start()` serves it on 127.0.0.1, random port."""

    no_delay = True  # keep-alive requests: no Nagle stall between headers and body

    def __init__(self, *, product_header: bool = True) -> None:
        self.product_header = product_header
        self.templates: dict[str, JSON] = {}
        self.indices: dict[str, _Index] = {}
        self.requests: list[Recorded] = []
        # Errors to answer the next requests with, in order: (status, Elasticsearch error type).
        self.faults: list[tuple[int, str]] = []
        self._lock = threading.RLock()

    # -- serving -------------------------------------------------------------------------------

    @property
    def url(self) -> str:
        return self.base_url

    def serve(self, exchange: Exchange) -> Answer:
        status, payload = self.handle(
            exchange.method, exchange.path, exchange.headers, exchange.body
        )
        product = (("X-Elastic-Product", "Elasticsearch"),) if self.product_header else ()
        return Answer(status, payload, product, content_type=MEDIA_TYPE)

    def requests_to(self, method: str, path_pattern: str) -> list[Recorded]:
        """Recorded requests whose method matches and whose path matches the glob."""
        return [
            r for r in self.requests if r.method == method and fnmatch.fnmatch(r.path, path_pattern)
        ]

    # -- dispatch ------------------------------------------------------------------------------

    def handle(
        self, method: str, target: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, Any]:
        split = urlsplit(target)
        path = unquote(split.path)
        params = {k: v[-1] for k, v in parse_qs(split.query, keep_blank_values=True).items()}
        with self._lock:
            self.requests.append(Recorded(method, path, params, headers, body))
            if self.faults:
                status, type_ = self.faults.pop(0)
                return status, EsError(status, type_, "injected fault").body
            try:
                return self._route(method, path, params, body)
            except EsError as exc:
                return exc.status, exc.body
            except (ValueError, KeyError, TypeError) as exc:
                return 400, EsError(400, "parse_exception", f"{type(exc).__name__}: {exc}").body

    def _route(
        self, method: str, path: str, params: dict[str, str], body: bytes
    ) -> tuple[int, Any]:
        parts = [p for p in path.split("/") if p]
        handler: Callable[..., tuple[int, Any]] | None = None
        args: tuple[Any, ...] = ()
        if not parts and method in ("GET", "HEAD"):
            handler = self._info
        elif parts[:1] == ["_index_template"] and len(parts) == 2:
            handler, args = (
                {"PUT": self._put_template, "DELETE": self._delete_template}.get(method),
                (parts[1],),
            )
        elif parts == ["_bulk"] or (len(parts) == 2 and parts[1] == "_bulk"):
            handler = self._bulk if method in ("POST", "PUT") else None
            args = (parts[0] if len(parts) == 2 else None,)
        elif len(parts) == 2 and parts[1] in ("_search", "_count", "_delete_by_query", "_refresh"):
            handler = {
                "_search": self._search,
                "_count": self._count,
                "_delete_by_query": self._delete_by_query,
                "_refresh": self._refresh,
            }[parts[1]]
            args = (parts[0],)
        elif parts == ["_refresh"]:
            handler, args = self._refresh, ("*",)
        elif len(parts) == 3 and parts[1] == "_doc":
            handler = {"GET": self._get_doc, "DELETE": self._delete_doc}.get(method)
            args = (parts[0], parts[2])
        elif len(parts) == 2 and parts[1] == "_mapping" and method == "PUT":
            handler, args = self._put_mapping, (parts[0],)
        elif len(parts) == 1 and not parts[0].startswith("_"):
            handler = {
                "HEAD": self._index_exists,
                "PUT": self._create_index,
                "DELETE": self._delete_index,
            }.get(method)
            args = (parts[0],)
        if handler is None:
            raise EsError(
                405 if parts else 400,
                "illegal_argument_exception",
                f"loopback Elasticsearch has no handler for [{method} {path}]",
            )
        if handler == self._bulk:
            return handler(*args, body, params)
        request: JSON = json.loads(body) if body else {}
        return handler(*args, request, params)

    # -- cluster and templates -----------------------------------------------------------------

    def _info(self, _request: JSON, _params: dict[str, str]) -> tuple[int, Any]:
        return 200, {
            "name": "loopback",
            "cluster_name": "loopback",
            "cluster_uuid": "loopback",
            "version": {"number": "9.1.0", "build_flavor": "default"},
            "tagline": "You Know, for Search",
        }

    def _put_template(self, name: str, request: JSON, _params: dict[str, str]) -> tuple[int, Any]:
        patterns = request.get("index_patterns")
        if not patterns:
            raise EsError(400, "action_request_validation_exception", "index patterns are missing")
        self.templates[name] = request
        return 200, {"acknowledged": True}

    def _delete_template(self, name: str, _r: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        if self.templates.pop(name, None) is None:
            raise EsError(
                404, "resource_not_found_exception", f"index template matching [{name}] not found"
            )
        return 200, {"acknowledged": True}

    # -- indices -------------------------------------------------------------------------------

    def _index_exists(self, name: str, _r: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        return (200 if name in self.indices else 404), None

    def _create_index(self, name: str, request: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        if name in self.indices:
            raise EsError(
                400,
                "resource_already_exists_exception",
                f"index [{name}/loopback] already exists",
                index=name,
            )
        self._new_index(name, request)
        return 200, {"acknowledged": True, "shards_acknowledged": True, "index": name}

    def _new_index(self, name: str, request: JSON) -> _Index:
        settings: JSON = {}
        mappings: JSON = {}
        matching = [
            t
            for t in self.templates.values()
            if any(fnmatch.fnmatchcase(name, p) for p in t["index_patterns"])
        ]
        if matching:
            best = max(matching, key=lambda t: t.get("priority", 0))
            template = best.get("template", {})
            settings = copy.deepcopy(template.get("settings", {}))
            mappings = copy.deepcopy(template.get("mappings", {}))
        settings.update(request.get("settings", {}))
        if "mappings" in request:
            mappings = request["mappings"]
        index = _Index(name, settings, mappings)
        self.indices[name] = index
        return index

    def _delete_index(self, name: str, _r: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        self._index(name)
        del self.indices[name]
        return 200, {"acknowledged": True}

    def _put_mapping(self, name: str, request: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        index = self._index(name)
        props = index.mappings.setdefault("properties", {})
        for key, spec in request.get("properties", {}).items():
            if key in props and props[key] != spec:
                raise EsError(
                    400, "illegal_argument_exception", f"mapper [{key}] cannot be changed"
                )
            props[key] = spec
        return 200, {"acknowledged": True}

    def _index(self, name: str) -> _Index:
        index = self.indices.get(name)
        if index is None:
            raise EsError(
                404,
                "index_not_found_exception",
                f"no such index [{name}]",
                index=name,
                **{"resource.type": "index_or_alias", "resource.id": name},
            )
        return index

    def _targets(self, expr: str) -> list[_Index]:
        names = expr.split(",")
        out: list[_Index] = []
        for name in names:
            if "*" in name:
                out.extend(i for n, i in self.indices.items() if fnmatch.fnmatchcase(n, name))
            else:
                out.append(self._index(name))
        return out

    def _refresh(self, expr: str, _r: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        targets = self._targets(expr)
        for index in targets:
            index.refresh()
        n = len(targets)
        return 200, {"_shards": {"total": n, "successful": n, "failed": 0}}

    def _maybe_refresh(self, indices: Iterable[_Index], params: dict[str, str]) -> None:
        if params.get("refresh") in ("", "true", "wait_for"):
            for index in indices:
                index.refresh()

    # -- documents -----------------------------------------------------------------------------

    def _bulk(
        self, default_index: str | None, body: bytes, params: dict[str, str]
    ) -> tuple[int, Any]:
        lines = [json.loads(line) for line in body.decode().splitlines() if line.strip()]
        items: list[JSON] = []
        touched: dict[str, _Index] = {}
        i = 0
        while i < len(lines):
            action_line = lines[i]
            if len(action_line) != 1:
                raise EsError(
                    400, "illegal_argument_exception", f"Malformed action/metadata line [{i + 1}]"
                )
            ((op, meta),) = action_line.items()
            if op not in ("index", "create", "delete"):
                raise EsError(400, "illegal_argument_exception", f"Unknown action [{op}]")
            name = meta.get("_index", default_index)
            doc_id = meta.get("_id")
            source = None
            if op != "delete":
                source = lines[i + 1]
                i += 2
            else:
                i += 1
            items.append({op: self._bulk_item(op, name, doc_id, source, touched)})
        self._maybe_refresh(touched.values(), params)
        errors = any("error" in next(iter(item.values())) for item in items)
        return 200, {"took": 1, "errors": errors, "items": items}

    def _bulk_item(
        self,
        op: str,
        name: str | None,
        doc_id: str | None,
        source: JSON | None,
        touched: dict[str, _Index],
    ) -> JSON:
        try:
            if not name:
                raise EsError(400, "action_request_validation_exception", "index is missing")
            index = self.indices.get(name) or self._new_index(name, {})
            touched[name] = index
            if doc_id is None:
                raise EsError(400, "action_request_validation_exception", "an id is required")
            if op == "delete":
                found = index.live.pop(doc_id, None) is not None
                return {
                    "_index": name,
                    "_id": doc_id,
                    "status": 200 if found else 404,
                    "result": "deleted" if found else "not_found",
                }
            assert source is not None
            index.check_source(source)
            if op == "create" and doc_id in index.live:
                raise EsError(
                    409,
                    "version_conflict_engine_exception",
                    f"[{doc_id}]: version conflict, document already exists",
                )
            created = doc_id not in index.live
            index.live[doc_id] = source
            return {
                "_index": name,
                "_id": doc_id,
                "status": 201 if created else 200,
                "result": "created" if created else "updated",
            }
        except EsError as exc:
            return {"_index": name, "_id": doc_id, "status": exc.status, "error": exc.body["error"]}

    def _get_doc(self, name: str, doc_id: str, _r: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        index = self._index(name)
        source = index.live.get(doc_id)
        if source is None:
            return 404, {"_index": name, "_id": doc_id, "found": False}
        return 200, {"_index": name, "_id": doc_id, "_version": 1, "found": True, "_source": source}

    def _delete_doc(
        self, name: str, doc_id: str, _r: JSON, params: dict[str, str]
    ) -> tuple[int, Any]:
        index = self._index(name)
        found = index.live.pop(doc_id, None) is not None
        self._maybe_refresh([index], params)
        return (200 if found else 404), {
            "_index": name,
            "_id": doc_id,
            "result": "deleted" if found else "not_found",
        }

    def _delete_by_query(self, expr: str, request: JSON, params: dict[str, str]) -> tuple[int, Any]:
        targets = self._targets(expr)
        deleted = 0
        query = request.get("query", {"match_all": {}})
        for index in targets:
            matcher = _Matcher(index)
            hits = [i for i, src in index.visible.items() if matcher.evaluate(query, i, src)[0]]
            deleted += sum(1 for i in hits if index.live.pop(i, None) is not None)
        self._maybe_refresh(targets, params)
        return 200, {
            "took": 1,
            "timed_out": False,
            "total": deleted,
            "deleted": deleted,
            "version_conflicts": 0,
            "failures": [],
        }

    # -- search --------------------------------------------------------------------------------

    def _count(self, expr: str, request: JSON, _p: dict[str, str]) -> tuple[int, Any]:
        query = request.get("query", {"match_all": {}})
        n = 0
        for index in self._targets(expr):
            matcher = _Matcher(index)
            n += sum(1 for i, s in index.visible.items() if matcher.evaluate(query, i, s)[0])
        return 200, {"count": n, "_shards": {"total": 1, "successful": 1, "failed": 0}}

    def _search(self, expr: str, request: JSON, params: dict[str, str]) -> tuple[int, Any]:
        known = {
            "query",
            "size",
            "from",
            "sort",
            "search_after",
            "highlight",
            "_source",
            "track_total_hits",
        }
        unknown = set(request) - known
        if unknown:
            raise EsError(
                400,
                "parsing_exception",
                f"Unknown key for a START_OBJECT in [{sorted(unknown)[0]}].",
            )
        query = request.get("query", {"match_all": {}})
        hits: list[tuple[_Index, str, JSON, float, _Matcher]] = []
        for index in self._targets(expr):
            matcher = _Matcher(index)
            for doc_id, source in index.visible.items():
                matched, score = matcher.evaluate(query, doc_id, source)
                if matched:
                    hits.append((index, doc_id, source, score, matcher))
        sort = request.get("sort")
        sort_keys = _sort_spec(sort) if sort else [("_score", "desc")]

        def key_of(hit: tuple[_Index, str, JSON, float, _Matcher]) -> list[Any]:
            return [hit[3] if f == "_score" else hit[2].get(f) for f, _ in sort_keys]

        # Stable sorts, least significant key first, give a multi-key sort.
        for pos in reversed(range(len(sort_keys))):
            hits.sort(
                key=functools.partial(_key_at, key_of, pos), reverse=sort_keys[pos][1] == "desc"
            )
        after = request.get("search_after")
        if after is not None:
            hits = [h for h in hits if _after(key_of(h), after, sort_keys)]
        start = int(request.get("from", 0))
        size = int(request.get("size", 10))
        page = hits[start : start + size]
        excludes = set(filter(None, params.get("_source_excludes", "").split(",")))
        out = []
        for index, doc_id, source, score, matcher in page:
            hit: JSON = {
                "_index": index.name,
                "_id": doc_id,
                "_score": None if sort else score,
                "_source": {k: v for k, v in source.items() if k not in excludes},
            }
            if sort:
                hit["sort"] = key_of((index, doc_id, source, score, matcher))
            if "highlight" in request:
                highlight = matcher.highlight(request["highlight"], source)
                if highlight:
                    hit["highlight"] = highlight
            out.append(hit)
        return 200, {
            "took": 1,
            "timed_out": False,
            "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
            "hits": {
                "total": {"value": len(hits), "relation": "eq"},
                "max_score": None if sort or not hits else max(h[3] for h in hits),
                "hits": out,
            },
        }


def _sort_spec(sort: Any) -> list[tuple[str, str]]:
    spec: list[tuple[str, str]] = []
    for item in sort if isinstance(sort, list) else [sort]:
        if isinstance(item, str):
            spec.append((item, "desc" if item == "_score" else "asc"))
        else:
            ((name, order),) = item.items()
            spec.append((name, order["order"] if isinstance(order, dict) else order))
    return spec


def _key_at(key_of: Callable[[Any], list[Any]], pos: int, hit: Any) -> Any:
    return key_of(hit)[pos]


def _after(key: list[Any], after: list[Any], spec: list[tuple[str, str]]) -> bool:
    for value, bound, (_, order) in zip(key, after, spec, strict=True):
        if value == bound:
            continue
        return bool(value > bound) if order == "asc" else bool(value < bound)
    return False


class _Matcher:
    """Evaluates the query DSL subset against one index's refreshed documents with BM25."""

    def __init__(self, index: _Index) -> None:
        self.index = index
        self.query_terms: dict[str, set[str]] = {}  # text field -> terms queried (highlight)
        self._stats: dict[str, tuple[int, float, dict[str, int]]] = {}
        self._tokens: dict[tuple[str, str], list[str]] = {}

    def evaluate(self, query: JSON, doc_id: str, source: JSON) -> tuple[bool, float]:
        if not isinstance(query, dict) or len(query) != 1:
            raise EsError(400, "parsing_exception", "query malformed, must start with start_object")
        ((kind, spec),) = query.items()
        method = getattr(self, f"_q_{kind}", None)
        if method is None:
            raise EsError(400, "parsing_exception", f"unknown query [{kind}]")
        matched, score = method(spec, doc_id, source)
        return bool(matched), float(score)

    # compound and exact queries

    def _q_match_all(self, _spec: JSON, _id: str, _s: JSON) -> tuple[bool, float]:
        return True, 1.0

    def _q_bool(self, spec: JSON, doc_id: str, source: JSON) -> tuple[bool, float]:
        def clauses(key: str) -> list[JSON]:
            value = spec.get(key, [])
            return value if isinstance(value, list) else [value]

        score = 0.0
        for q in clauses("must"):
            ok, s = self.evaluate(q, doc_id, source)
            if not ok:
                return False, 0.0
            score += s
        for q in clauses("filter"):
            if not self.evaluate(q, doc_id, source)[0]:
                return False, 0.0
        for q in clauses("must_not"):
            if self.evaluate(q, doc_id, source)[0]:
                return False, 0.0
        should = clauses("should")
        matched_should = 0
        for q in should:
            ok, s = self.evaluate(q, doc_id, source)
            if ok:
                matched_should += 1
                score += s
        default_min = 0 if clauses("must") or clauses("filter") else 1
        minimum = int(spec.get("minimum_should_match", default_min if should else 0))
        return matched_should >= minimum, score

    def _q_term(self, spec: JSON, _id: str, source: JSON) -> tuple[bool, float]:
        ((name, value),) = spec.items()
        if isinstance(value, dict):
            value = value["value"]
        return source.get(name) == value, 1.0

    def _q_terms(self, spec: JSON, _id: str, source: JSON) -> tuple[bool, float]:
        ((name, values),) = spec.items()
        return source.get(name) in set(values), 1.0

    def _q_ids(self, spec: JSON, doc_id: str, _s: JSON) -> tuple[bool, float]:
        return doc_id in set(spec["values"]), 1.0

    def _q_range(self, spec: JSON, _id: str, source: JSON) -> tuple[bool, float]:
        ((name, bounds),) = spec.items()
        value = source.get(name)
        if value is None:
            return False, 0.0
        checks = {"gt": value.__gt__, "gte": value.__ge__, "lt": value.__lt__, "lte": value.__le__}
        return all(checks[op](b) for op, b in bounds.items()), 1.0

    # full-text queries

    def _q_match(self, spec: JSON, doc_id: str, source: JSON) -> tuple[bool, float]:
        ((name, value),) = spec.items()
        text = value["query"] if isinstance(value, dict) else value
        return self._text_score([(name, 1.0)], str(text), source, combine="sum")

    def _q_multi_match(self, spec: JSON, doc_id: str, source: JSON) -> tuple[bool, float]:
        kind = spec.get("type", "best_fields")
        if kind not in ("best_fields", "most_fields"):
            raise EsError(
                400, "parsing_exception", f"loopback: multi_match type [{kind}] unsupported"
            )
        if spec.get("operator", "or").lower() != "or":
            raise EsError(400, "parsing_exception", "loopback: only operator [or] is supported")
        fields = [_field_boost(f) for f in spec["fields"]]
        return self._text_score(
            fields, str(spec["query"]), source, combine="max" if kind == "best_fields" else "sum"
        )

    def _q_query_string(self, spec: JSON, doc_id: str, source: JSON) -> tuple[bool, float]:
        text = str(spec["query"])
        _check_query_string(text)
        words = " ".join(
            w for w in re.findall(r"[^\s()\"]+", text) if w not in ("AND", "OR", "NOT")
        )
        fields = [_field_boost(f) for f in spec.get("fields", ["*"])]
        return self._text_score(fields, words, source, combine="sum")

    def _text_score(
        self, fields: list[tuple[str, float]], text: str, source: JSON, *, combine: str
    ) -> tuple[bool, float]:
        per_field: list[float] = []
        matched = False
        for name, boost in fields:
            analyzer = self.index.analyzer_of(name)
            if analyzer is None:
                terms = [text]
            else:
                terms = [t for t, _, _ in analyze(text, analyzer)]
                self.query_terms.setdefault(name, set()).update(terms)
            doc_terms = self._doc_tokens(name, source, analyzer)
            if not doc_terms:
                per_field.append(0.0)
                continue
            n_docs, avg_len, df = self._field_stats(name, analyzer)
            score = 0.0
            for term in terms:
                tf = doc_terms.count(term)
                if not tf:
                    continue
                matched = True
                idf = math.log(1 + (n_docs - df[term] + 0.5) / (df[term] + 0.5))
                norm = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * len(doc_terms) / avg_len))
                score += idf * norm
            per_field.append(boost * score)
        total = max(per_field, default=0.0) if combine == "max" else sum(per_field)
        return matched, total

    def _doc_tokens(self, name: str, source: JSON, analyzer: str | None) -> list[str]:
        value = source.get(name)
        if not isinstance(value, str):
            return []
        key = (name, value)
        if key not in self._tokens:
            if analyzer is None:
                self._tokens[key] = [value]
            else:
                self._tokens[key] = [t for t, _, _ in analyze(value, analyzer)]
        return self._tokens[key]

    def _field_stats(self, name: str, analyzer: str | None) -> tuple[int, float, dict[str, int]]:
        if name not in self._stats:
            lengths: list[int] = []
            df: dict[str, int] = {}
            for source in self.index.visible.values():
                tokens = self._doc_tokens(name, source, analyzer)
                if not tokens:
                    continue
                lengths.append(len(tokens))
                for term in set(tokens):
                    df[term] = df.get(term, 0) + 1
            avg = sum(lengths) / len(lengths) if lengths else 1.0
            self._stats[name] = (len(lengths), avg, _DefaultZero(df))
        return self._stats[name]

    def highlight(self, spec: JSON, source: JSON) -> JSON:
        pre = spec.get("pre_tags", ["<em>"])[0]
        post = spec.get("post_tags", ["</em>"])[0]
        encode: Callable[[str], str] = (
            highlight_escape if spec.get("encoder") == "html" else (lambda s: s)
        )
        out: JSON = {}
        for name, options in spec.get("fields", {}).items():
            text = source.get(name)
            analyzer = self.index.analyzer_of(name)
            terms = self.query_terms.get(name, set())
            if not isinstance(text, str) or analyzer is None or not terms:
                continue
            spans = [(s, e) for t, s, e in analyze(text, analyzer) if t in terms]
            if not spans:
                continue
            size = int(options.get("fragment_size", spec.get("fragment_size", 100)))
            lo = _fragment_start(text, spans[0][0], size)
            hi = min(len(text), lo + size)
            pieces, pos = [], lo
            for s, e in spans:
                if s < pos or e > hi:
                    continue
                pieces += [encode(text[pos:s]), pre, encode(text[s:e]), post]
                pos = e
            pieces.append(encode(text[pos:hi]))
            out[name] = ["".join(pieces).strip()]
        return out


class _DefaultZero(dict[str, int]):
    def __missing__(self, key: str) -> int:
        return 0


def _field_boost(spec: str) -> tuple[str, float]:
    name, _, boost = spec.partition("^")
    return name, float(boost) if boost else 1.0


def _fragment_start(text: str, first_match: int, size: int) -> int:
    """Start the fragment at the sentence holding the first match, if it fits."""
    sentence = max(text.rfind(". ", 0, first_match), text.rfind("\n", 0, first_match))
    start = sentence + 1 if sentence >= 0 else 0
    if first_match - start > size // 2:
        start = text.rfind(" ", 0, first_match - size // 4) + 1
    return start


def _check_query_string(text: str) -> None:
    """Reject what Lucene's classic query parser rejects in our tests' reach."""
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            break
    problems = depth != 0 or text.count('"') % 2 or re.search(r"\b(AND|OR|NOT)\s*$", text)
    if problems:
        raise EsError(
            400,
            "search_phase_execution_exception",
            "all shards failed",
            caused_by={
                "type": "query_shard_exception",
                "reason": f"Failed to parse query [{text}]",
            },
        )


def serve() -> Iterator[FakeElasticsearch]:
    """A started fake, stopped afterwards (use as a pytest fixture body)."""
    fake = FakeElasticsearch().start()
    try:
        yield fake
    finally:
        fake.stop()
