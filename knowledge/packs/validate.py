"""Reading and validating knowledge packs: every problem, with its file, field and reason.

Validation has two passes. The JSON Schema (:mod:`knowledge.packs.schema`) checks shape. The
semantic pass checks what a schema cannot: unique ids, links and red flags that name real
hypotheses, findings and states, masses summing to one, a flow over known nodes, routing over
known hypotheses, document ids namespaced by the pack (they share one search index with every
other pack), and every citation resolving to a passage of one of the pack's documents. Finally
``EvidentialNetwork.from_dict`` must accept the network, so what validates here also loads.

Fields are JSON paths such as ``network.links[12].masses[0].mass``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from knowledge.packs.passages import DEFAULT_SPLIT, split_passages
from knowledge.packs.schema import PACK_SCHEMA
from knowledge.search.base import Passage
from planning.network import EvidentialNetwork, NetworkError

PACK_FILE = "pack.json"
MASS_TOLERANCE = 1e-6
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a pack: where (file and JSON path) and why."""

    file: str
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.file}: {self.field or '(pack)'}: {self.reason}"


class PackInvalid(ValueError):
    """A pack could not be read or did not validate; ``problems`` lists every issue found."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        shown = "\n".join(f"  {p}" for p in self.problems[:MAX_SHOWN])
        more = len(self.problems) - MAX_SHOWN
        tail = f"\n  ... and {more} more" if more > 0 else ""
        super().__init__(f"{len(self.problems)} problem(s):\n{shown}{tail}")


MAX_SHOWN = 200
# What a pack may hold. The largest pack here (patient-intake, from DDXPlus) has 457 nodes and
# 19,979 links; 100,000 nodes took almost four minutes to refuse or import before these.
MAX_NODES = 20_000
MAX_LINKS = 500_000
MAX_DOCUMENTS = 20_000
MAX_PACK_BYTES = 200 * 1024 * 1024


@dataclass(frozen=True)
class ValidPack:
    """A pack that passed validation, with what validating it computed."""

    data: dict[str, Any]
    source: str
    network: EvidentialNetwork | None  # None: the documents stage (no network built yet)
    passages: Mapping[str, list[Passage]]  # document id -> its passages

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def version(self) -> str:
        return str(self.data["version"])

    def summary(self) -> str:
        net = self.network
        n_passages = sum(len(p) for p in self.passages.values())
        if net is None:
            return (
                f"{self.name} (documents only): {len(self.passages)} documents "
                f"({n_passages} passages)"
            )
        return (
            f"{self.name} {self.version}: {len(net.hypotheses)} hypotheses, "
            f"{len(net.findings)} findings, {len(net.links)} links, "
            f"{len(net.red_flags)} red flags, {len(self.passages)} documents "
            f"({n_passages} passages)"
        )


# -- reading ----------------------------------------------------------------------------------


def read_pack(path: str | Path) -> dict[str, Any]:
    """The pack at ``path``: a JSON file, or a directory holding ``pack.json``.

    In a directory pack a document may give ``file`` (relative to the directory) instead of
    ``text``; the file is read (UTF-8) and inlined, so the result is a single-file pack.
    """
    location = Path(path)
    source = str(path)
    file = location / PACK_FILE if location.is_dir() else location
    try:
        size = file.stat().st_size
        if size > MAX_PACK_BYTES:
            limit = MAX_PACK_BYTES // 2**20
            reason = f"the file is {size / 2**20:,.0f} MB; the limit is {limit} MB"
            raise PackInvalid([Problem(source, "", reason)])
        raw = file.read_bytes()
    except OSError as exc:
        problem = Problem(source, "", f"cannot read {file}: {exc.strerror or exc}")
        raise PackInvalid([problem]) from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError as exc:
        reason = "not a pack: JSON nested too deeply to read"
        raise PackInvalid([Problem(source, "", reason)]) from exc
    except UnicodeDecodeError as exc:
        problem = Problem(source, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})")
        raise PackInvalid([problem]) from exc
    except json.JSONDecodeError as exc:
        reason = f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        raise PackInvalid([Problem(source, "", reason)]) from exc
    if isinstance(data, dict) and isinstance(data.get("documents"), list):
        base = location if location.is_dir() else file.parent
        problems = _inline_files(data["documents"], base, source, location.is_dir())
        if problems:
            raise PackInvalid(problems)
    return data  # type: ignore[no-any-return]


RENDERED = (".html", ".htm", ".pdf")


def _inline_files(
    documents: list[Any], base: Path, source: str, is_directory: bool
) -> list[Problem]:
    problems = []
    for i, doc in enumerate(documents):
        if not isinstance(doc, dict) or "file" not in doc or "text" in doc:
            continue
        where = f"documents[{i}].file"
        name = doc["file"]
        if not isinstance(name, str) or not name:
            continue  # the schema reports it
        if not is_directory:
            problems.append(Problem(source, where, "'file' is only allowed in a pack directory"))
            continue
        target = (base / name).resolve()
        if not target.is_relative_to(base.resolve()):
            problems.append(Problem(source, where, f"{name!r} lies outside the pack directory"))
            continue
        try:
            if target.suffix.lower() in RENDERED:
                # Rendered exactly as ``manage.py ingest`` renders the file, so a passage of
                # an HTML (or PDF) article has the same text, and the same id under the same
                # split, whichever way it entered the pack.
                from knowledge.ingest.readers import ReadError, read_document

                try:
                    text = read_document(target)[0].text
                except ReadError as exc:
                    problems.append(Problem(source, where, f"cannot read {name!r}: {exc}"))
                    continue
                doc.setdefault("title", doc.get("title") or target.stem)
            else:
                text = target.read_bytes().decode("utf-8")
        except OSError as exc:
            problems.append(Problem(source, where, f"cannot read {name!r}: {exc.strerror or exc}"))
            continue
        except UnicodeDecodeError as exc:
            problems.append(Problem(source, where, f"{name!r} is not UTF-8 ({exc.reason})"))
            continue
        del doc["file"]
        doc["text"] = text
    return problems


# -- validating -------------------------------------------------------------------------------


def load_pack(path: str | Path) -> ValidPack:
    """Read and validate the pack at ``path``; PackInvalid lists every problem."""
    return validate_pack(read_pack(path), source=str(path))


def validate_pack(data: Any, *, source: str = "<pack>", check_schema: bool = True) -> ValidPack:
    """Validate a parsed pack; PackInvalid lists every problem.

    ``check_schema=False`` skips only the JSON Schema pass (seconds for a large pack) and is
    meant for packs this code has just built, whose shape the importer tests vouch for; the
    semantic checks and ``EvidentialNetwork.from_dict`` always run.
    """
    problems, valid = _check(data, source, check_schema)
    if valid is None:
        raise PackInvalid(problems)
    return valid


def check_pack(data: Any, *, source: str = "<pack>", check_schema: bool = True) -> list[Problem]:
    """Every problem with a parsed pack (empty when it is valid)."""
    return _check(data, source, check_schema)[0]


def _size_problems(data: Any) -> Iterator[tuple[str, str]]:
    """Counts over the limits (``MAX_NODES``, ``MAX_LINKS``, ``MAX_DOCUMENTS``): checked first,
    so a hostile pack is refused in milliseconds instead of minutes of validation and import."""
    if not isinstance(data, Mapping):
        return
    network = data.get("network")
    counted: list[tuple[str, Any, int]] = [("documents", data.get("documents"), MAX_DOCUMENTS)]
    if isinstance(network, Mapping):
        nodes = [network.get("hypotheses"), network.get("findings")]
        total = sum(len(n) for n in nodes if isinstance(n, list))
        if total > MAX_NODES:
            yield "network", (f"{total:,} hypotheses and findings; the limit is {MAX_NODES:,} "
                              "(knowledge.packs.validate.MAX_NODES)")
        counted.append(("network.links", network.get("links"), MAX_LINKS))
    for where, items, limit in counted:
        if isinstance(items, list) and len(items) > limit:
            yield where, f"{len(items):,} entries; the limit is {limit:,}"


def _check(data: Any, source: str, check_schema: bool) -> tuple[list[Problem], ValidPack | None]:
    too_big = [Problem(source, f, r) for f, r in _size_problems(data)]
    if too_big:
        return too_big, None
    if check_schema:
        problems = [Problem(source, f, r) for f, r in schema_problems(data)]
        if problems:
            # The semantic pass assumes the shape the schema guarantees.
            return problems, None
    passages = pack_passages(data)
    problems = [Problem(source, f, r) for f, r in _semantic_problems(data, passages)]
    if problems:
        return problems, None
    if "network" not in data:
        return [], ValidPack(data=data, source=source, network=None, passages=passages)
    try:
        network = EvidentialNetwork.from_dict(data["network"])
    except NetworkError as exc:
        return [Problem(source, "network", str(exc))], None
    return [], ValidPack(data=data, source=source, network=network, passages=passages)


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    Draft202012Validator.check_schema(PACK_SCHEMA)
    return Draft202012Validator(PACK_SCHEMA)


def schema_problems(data: Any) -> list[tuple[str, str]]:
    """(field, reason) for each JSON Schema violation, in document order."""
    out = [item for error in _validator().iter_errors(data) for item in _describe(error)]
    return sorted(set(out), key=lambda fr: _sort_key(fr[0]))


def _describe(error: ValidationError) -> list[tuple[str, str]]:
    path = list(error.absolute_path)
    if error.validator == "required":
        missing = re.match(r"'([^']*)' is a required property", error.message)
        if missing:
            return [(json_path([*path, missing.group(1)]), "required property is missing")]
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = set(error.schema.get("properties", {}))
        extra = sorted(str(k) for k in error.instance if k not in allowed)
        if extra:
            reason = "unknown property (not in the pack format)"
            return [(json_path([*path, key]), reason) for key in extra]
    if error.validator == "oneOf" and path and path[0] == "documents":
        return [(json_path(path), "a document needs exactly one of 'text' or 'file'")]
    if error.validator == "const":
        return [(json_path(path), f"must be {error.validator_value!r}, got {error.instance!r}")]
    if error.validator == "pattern":
        return [(json_path(path), f"{error.instance!r} does not match {error.validator_value}")]
    return [(json_path(path), error.message)]


def json_path(parts: Iterable[str | int]) -> str:
    """``["network", "links", 12, "mass"]`` -> ``network.links[12].mass``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif _IDENTIFIER.fullmatch(part):
            out += f".{part}" if out else part
        else:
            out += f"[{json.dumps(part, ensure_ascii=False)}]"
    return out


def _sort_key(path: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.split(r"[.\[\]]+", path) if p]


# -- semantic checks --------------------------------------------------------------------------


def pack_passages(data: Mapping[str, Any]) -> dict[str, list[Passage]]:
    """Document id -> its passages, as the search index will hold them."""
    name = str(data["name"])
    return {
        str(doc["id"]): split_passages(
            str(doc["id"]),
            str(doc.get("text", "")),
            pack=name,
            kind=str(doc["kind"]),
            title=str(doc["title"]),
            split=str(doc.get("split", DEFAULT_SPLIT)),
        )
        for doc in data.get("documents", [])
    }


def _semantic_problems(
    data: Mapping[str, Any], passages: Mapping[str, list[Passage]]
) -> Iterator[tuple[str, str]]:
    yield from _document_problems(data)
    if "network" not in data:
        return
    network = data["network"]
    hyp_ids = yield from _unique_ids(network.get("hypotheses", []), "network.hypotheses")
    finding_states: dict[str, list[str]] = {}
    for i, finding in enumerate(network.get("findings", [])):
        where = f"network.findings[{i}]"
        fid, states = finding["id"], list(finding.get("states", ["yes", "no"]))
        if fid in finding_states:
            yield f"{where}.id", f"duplicate finding id {fid!r}"
            continue
        finding_states[fid] = states
        default = finding.get("default_state")
        if default is not None and default not in states:
            yield f"{where}.default_state", f"{default!r} is not one of the states {states}"
    yield from _link_problems(network.get("links", []), hyp_ids, finding_states)
    for i, flag in enumerate(network.get("red_flags", [])):
        where = f"network.red_flags[{i}]"
        flag_frame = finding_states.get(flag["finding"])
        if flag_frame is None:
            yield f"{where}.finding", f"unknown finding {flag['finding']!r}"
            continue
        for k, state in enumerate(flag["states"]):
            if state not in flag_frame:
                yield f"{where}.states[{k}]", f"{state!r} is not a state of {flag['finding']!r}"
        for k, companion in enumerate(flag.get("companions", [])):
            if companion not in finding_states:
                yield f"{where}.companions[{k}]", f"unknown finding {companion!r}"
    yield from _flow_problems(network, hyp_ids, finding_states)
    yield from _routing_problems(data.get("routing", {}), hyp_ids)
    yield from _citation_problems(data, passages)


def _unique_ids(
    items: Sequence[Mapping[str, Any]], where: str
) -> Generator[tuple[str, str], None, set[str]]:
    """Yield duplicate-id problems; return the ids seen (``ids = yield from ...``)."""
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        ident = item["id"]
        if ident in first:
            yield f"{where}[{i}].id", f"duplicate id {ident!r} (first at {where}[{first[ident]}])"
        else:
            first[ident] = i
    return set(first)


def _link_problems(
    links: Sequence[Mapping[str, Any]], hyp_ids: set[str], finding_states: Mapping[str, list[str]]
) -> Iterator[tuple[str, str]]:
    seen: dict[tuple[str, str], int] = {}
    for i, link in enumerate(links):
        where = f"network.links[{i}]"
        hyp, fid = link["hypothesis"], link["finding"]
        if hyp not in hyp_ids:
            yield f"{where}.hypothesis", f"unknown hypothesis {hyp!r}"
        states = finding_states.get(fid)
        if states is None:
            yield f"{where}.finding", f"unknown finding {fid!r}"
        if (hyp, fid) in seen:
            yield where, f"duplicate link for ({hyp!r}, {fid!r}) (first at links[{seen[hyp, fid]}])"
        else:
            seen[hyp, fid] = i
        total = 0.0
        focal_sets: set[frozenset[str]] = set()
        for k, entry in enumerate(link["masses"]):
            focal = frozenset(entry["states"])
            total += float(entry["mass"])
            if states is not None:
                outside = sorted(focal - set(states))
                if outside:
                    yield (
                        f"{where}.masses[{k}].states",
                        f"{outside} not among the states {states} of {fid!r}",
                    )
            if focal in focal_sets:
                yield f"{where}.masses[{k}].states", f"focal set {sorted(focal)} listed twice"
            focal_sets.add(focal)
        if abs(total - 1.0) > MASS_TOLERANCE:
            yield f"{where}.masses", f"masses sum to {total:.6g}, not 1"


def _flow_problems(
    network: Mapping[str, Any], hyp_ids: set[str], finding_states: Mapping[str, list[str]]
) -> Iterator[tuple[str, str]]:
    nodes = hyp_ids | set(finding_states)
    root = network.get("flow_root")
    if root is not None and root not in nodes:
        yield "network.flow_root", f"{root!r} is not a finding or hypothesis"
    for source, edges in network.get("flow", {}).items():
        where = json_path(["network", "flow", source])
        states = finding_states.get(source)
        if states is None:
            yield where, f"flow from unknown finding {source!r}"
            continue
        for state, target in edges.items():
            if state not in states:
                yield json_path(["network", "flow", source, state]), f"unknown state {state!r}"
            elif target not in nodes:
                yield (
                    json_path(["network", "flow", source, state]),
                    f"unknown target {target!r} (not a finding or hypothesis)",
                )
    cycle = _flow_cycle(network.get("flow", {}))
    if cycle:
        yield "network.flow", "the flow has a cycle: " + " -> ".join(cycle)


def _flow_cycle(flow: Mapping[str, Any]) -> list[str]:
    """A cycle of the flow (a chart's questions must lead somewhere), or [] (iterative: a
    hostile pack's flow may be long)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    for start in flow:
        if state.get(start):
            continue
        path: list[str] = []
        stack: list[tuple[str, Iterator[Any]]] = [(start, iter((flow.get(start) or {}).values()))]
        state[start] = 1
        path.append(start)
        while stack:
            node, targets = stack[-1]
            target = next(targets, None)
            if target is None:
                stack.pop()
                path.pop()
                state[node] = 2
                continue
            if not isinstance(target, str):
                continue
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if not state.get(target) and isinstance(flow.get(target), Mapping):
                state[target] = 1
                path.append(target)
                stack.append((target, iter(flow[target].values())))
    return []


def _routing_problems(routing: Mapping[str, Any], hyp_ids: set[str]) -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    for i, group in enumerate(routing.get("groups", [])):
        if group["id"] in seen:
            yield f"routing.groups[{i}].id", f"duplicate group id {group['id']!r}"
        seen.add(group["id"])
        for k, hyp in enumerate(group["hypotheses"]):
            if hyp not in hyp_ids:
                yield f"routing.groups[{i}].hypotheses[{k}]", f"unknown hypothesis {hyp!r}"
    for hyp in routing.get("hypotheses", {}):
        if hyp not in hyp_ids:
            yield json_path(["routing", "hypotheses", hyp]), f"unknown hypothesis {hyp!r}"


def _document_problems(data: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    prefix = f"{data['name']}:"
    first: dict[str, int] = {}
    for i, doc in enumerate(data.get("documents", [])):
        ident = doc["id"]
        if ident in first:
            yield (
                f"documents[{i}].id",
                f"duplicate document id {ident!r} (first at [{first[ident]}])",
            )
            continue
        first[ident] = i
        if not ident.startswith(prefix) or ident == prefix:
            yield (
                f"documents[{i}].id",
                f"{ident!r} must start with {prefix!r}: document ids are global in the search "
                "index, so each pack namespaces its own",
            )
        if not str(doc.get("text", "")).strip():
            yield f"documents[{i}].text", "empty: a document needs some text to cite"


def _citation_problems(
    data: Mapping[str, Any], passages: Mapping[str, list[Passage]]
) -> Iterator[tuple[str, str]]:
    counts = {ident: len(items) for ident, items in passages.items()}
    network = data["network"]
    for section in ("hypotheses", "findings", "links"):
        for i, item in enumerate(network.get(section, [])):
            for k, citation in enumerate(item.get("citations", [])):
                where = f"network.{section}[{i}].citations[{k}]"
                yield from _check_citation(citation, where, counts)


def _check_citation(
    citation: Mapping[str, Any], where: str, counts: Mapping[str, int]
) -> Iterator[tuple[str, str]]:
    pid = str(citation["passage_id"])
    doc_id, _, ordinal = pid.rpartition("#")
    n = counts.get(doc_id)
    if n is None:
        yield f"{where}.passage_id", f"{pid!r} cites document {doc_id!r}, which is not in the pack"
    elif int(ordinal) >= n:
        yield (
            f"{where}.passage_id",
            f"{pid!r}: document {doc_id!r} has {n} passage(s) (#0..#{n - 1})",
        )
    named = citation.get("document_id")
    if named and named != doc_id:
        yield f"{where}.document_id", f"{named!r} is not the document of passage {pid!r}"
