"""Knowledge packs in the database and the search index: import, export, load, reindex.

An import is all or nothing across both stores. Database writes happen in one transaction;
the search index has no transactions, so every document the import touches in the index is
remembered (with its state before the import, from the database) and, if anything fails before
the transaction commits, put back: documents new to the index are deleted, replaced ones are
re-indexed from their old rows. Call ``import_pack`` outside an enclosing transaction: if a
caller's transaction rolled back later, the index would keep this import's documents.

``load_network(name)`` is what the conversation service calls: the current version's network,
parsed once per version and shared (callers must not mutate it).
"""

from __future__ import annotations

import copy
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from dataclasses import replace as replace_state
from pathlib import Path
from typing import Any, Literal

from django.db import transaction
from django.db.models.signals import post_delete, post_migrate, post_save

from knowledge.models import Document, Pack, PackVersion
from knowledge.packs.indexing import (
    INDEX_BATCH,
    DocState,
    batches,
    delete_quietly,
    document_state,
    restore,
)
from knowledge.packs.passages import DEFAULT_SPLIT, json_hash
from knowledge.packs.validate import ValidPack, load_pack, validate_pack
from knowledge.search import SearchBackend, get_backend
from planning.network import EvidentialNetwork

_NETWORK_CACHE_SIZE = 8

Status = Literal["created", "updated", "unchanged"]


class PackError(ValueError):
    """The pack cannot be imported, exported or loaded as asked (names the reason)."""


@dataclass(frozen=True)
class ImportResult:
    pack: str
    version: str
    status: Status
    indexed: int = 0  # documents written to the index
    kept: int = 0  # documents whose content did not change
    removed: int = 0  # documents of the previous version that the new one drops
    passages: int = 0  # passages written to the index

    def __str__(self) -> str:
        if self.status == "unchanged":
            return f"{self.pack} {self.version}: unchanged"
        return (
            f"{self.pack} {self.version}: {self.status}; {self.indexed} document(s) indexed "
            f"({self.passages} passages), {self.kept} unchanged, {self.removed} removed"
        )


# -- import -----------------------------------------------------------------------------------


def import_pack(
    pack: str | Path | Mapping[str, Any] | ValidPack,
    *,
    replace: bool = False,
    backend: SearchBackend | None = None,
    created_by: Any = None,
    note: str = "",
    check_schema: bool = True,
    batch_size: int = INDEX_BATCH,
) -> ImportResult:
    """Validate and import a pack (a path, a parsed pack or a ValidPack) as its current version.

    A pack that already exists is only replaced with ``replace=True``; importing the content
    of the current version again is a no-op, and importing an older version's content makes
    that version current again (a rollback). Raises PackInvalid (with every problem) or
    PackError; on any failure nothing of the import remains in the database or the index.
    """
    if isinstance(pack, ValidPack):
        valid = pack
    elif isinstance(pack, Mapping):
        valid = validate_pack(dict(pack), check_schema=check_schema)
    else:
        valid = load_pack(pack)
    store = backend if backend is not None else get_backend()
    store.setup()
    if valid.network is None:
        return _import_documents(valid, store, replace=replace)
    content = valid.data
    digest = json_hash(content)
    name, version = valid.name, valid.version

    existing = Pack.objects.filter(name=name).select_related("current_version").first()
    reuse: PackVersion | None = None
    if existing is not None:
        current = existing.current_version
        if not replace:
            at = f" (current version {current.version})" if current else ""
            raise PackError(
                f"pack {name!r} already exists{at}; import with --replace (replace=True) to "
                "make this its current version"
            )
        if current is not None and current.content_hash == digest:
            return ImportResult(name, version, "unchanged")
        reuse = existing.versions.filter(version=version).first()
        if reuse is not None and reuse.content_hash != digest:
            raise PackError(
                f"version {version!r} of pack {name!r} already exists with different content; "
                "give the pack a new version"
            )

    wanted = [_pack_document(doc, name) for doc in content.get("documents", [])]
    old: dict[str, DocState] = {}
    clashes = Document.objects.filter(external_id__in=[d.external_id for d in wanted])
    if existing is not None:
        old = {row.external_id: DocState.of(row, name) for row in existing.documents.all()}
        # A document ingested into this very pack may become one of its version's documents
        # (build_network cites the ingested articles): the row is adopted, not duplicated.
        clashes = clashes.exclude(pack=existing)
    clash = clashes.select_related("pack").first()
    if clash is not None:
        raise PackError(
            f"document id {clash.external_id!r} is already used by an {clash.origin} document "
            f"of pack {clash.pack.name!r}"
        )
    wanted_ids = {d.external_id for d in wanted}
    stale = [
        state
        for ident, state in old.items()
        if state.origin == Document.ORIGIN_PACK and ident not in wanted_ids
    ]
    changed = [d for d in wanted if not d.same_as(old.get(d.external_id))]

    touched: list[str] = []
    passages = 0
    try:
        with transaction.atomic():
            row = _save_pack_row(existing, name, content)
            version_row = reuse or PackVersion.objects.create(
                pack=row,
                version=version,
                content=content,
                content_hash=digest,
                created_by=created_by,
                note=note,
            )
            row.current_version = version_row
            row.save(update_fields=["current_version", "updated_at"])
            counts = {ident: len(items) for ident, items in valid.passages.items()}
            _write_rows(row, wanted, changed, counts)
            Document.objects.filter(
                pack=row, external_id__in=[s.external_id for s in stale]
            ).delete()
            for batch in batches(changed, batch_size):
                docs = [d.search_document() for d in batch]
                batch_passages = [p for d in batch for p in valid.passages[d.external_id]]
                touched.extend(d.external_id for d in batch)
                store.index(docs, batch_passages)
                passages += len(batch_passages)
            for state in stale:
                touched.append(state.external_id)
                delete_quietly(store, state.external_id)
        store.refresh()
    except BaseException as exc:
        restore(store, touched, old, exc)
        raise
    _forget_networks(name)
    return ImportResult(
        name,
        version,
        "created" if existing is None else "updated",
        indexed=len(changed),
        kept=len(wanted) - len(changed),
        removed=len(stale),
        passages=passages,
    )


def _import_documents(valid: ValidPack, store: SearchBackend, *, replace: bool) -> ImportResult:
    """The documents stage: a pack file without a network (what ``export_pack`` writes for a
    pack that has only ingested documents). Its documents are stored as ingested documents of
    the pack, ids, text and split unchanged, so passage ids survive the round trip; no
    version is created."""
    name, content = valid.name, valid.data
    existing = Pack.objects.filter(name=name).first()
    if existing is not None and not replace:
        raise PackError(
            f"pack {name!r} already exists; import with --replace (replace=True) to add these "
            "documents to it"
        )
    wanted = [
        replace_state(_pack_document(doc, name), origin=Document.ORIGIN_INGEST)
        for doc in content.get("documents", [])
    ]
    clash = (
        Document.objects.filter(external_id__in=[d.external_id for d in wanted])
        .exclude(pack__name=name)
        .select_related("pack")
        .first()
    )
    if clash is not None:
        raise PackError(
            f"document id {clash.external_id!r} is already used by pack {clash.pack.name!r}"
        )
    old: dict[str, DocState] = {}
    if existing is not None:
        old = {row.external_id: DocState.of(row, name) for row in existing.documents.all()}
    changed = [d for d in wanted if not d.same_as(old.get(d.external_id))]
    touched: list[str] = []
    passages = 0
    try:
        with transaction.atomic():
            row = _save_pack_row(existing, name, content)
            counts = {ident: len(items) for ident, items in valid.passages.items()}
            _write_rows(row, wanted, changed, counts)
            for doc in changed:
                touched.append(doc.external_id)
                batch_passages = valid.passages[doc.external_id]
                store.index([doc.search_document()], batch_passages)
                passages += len(batch_passages)
        store.refresh()
    except BaseException as exc:
        restore(store, touched, old, exc)
        raise
    return ImportResult(
        name,
        "documents",
        "created" if existing is None else ("updated" if changed else "unchanged"),
        indexed=len(changed),
        kept=len(wanted) - len(changed),
        removed=0,
        passages=passages,
    )


def _pack_document(doc: Mapping[str, Any], pack: str) -> DocState:
    return document_state(
        external_id=str(doc["id"]),
        pack=pack,
        kind=str(doc["kind"]),
        title=str(doc["title"]),
        text=str(doc["text"]),
        source=str(doc.get("source", "")),
        split=str(doc.get("split", DEFAULT_SPLIT)),
        origin=Document.ORIGIN_PACK,
        metadata=doc.get("metadata") or {},
    )


def _write_rows(
    pack: Pack,
    wanted: Sequence[DocState],
    changed: Sequence[DocState],
    passage_counts: Mapping[str, int],
) -> None:
    changed_ids = {d.external_id for d in changed}
    existing = {
        row.external_id: row
        for row in Document.objects.filter(pack=pack, external_id__in=list(changed_ids))
    }
    new_rows = []
    for state in wanted:
        if state.external_id not in changed_ids:
            continue
        count = passage_counts[state.external_id]
        row = existing.get(state.external_id)
        if row is None:
            new_rows.append(
                Document(
                    pack=pack, external_id=state.external_id, passage_count=count, **state.fields()
                )
            )
            continue
        for key, value in state.fields().items():
            setattr(row, key, value)
        row.passage_count = count
        row.save()
    Document.objects.bulk_create(new_rows, batch_size=500)


# -- reading ----------------------------------------------------------------------------------


def get_pack(name: str) -> Pack:
    try:
        return Pack.objects.select_related("current_version").get(name=name)
    except Pack.DoesNotExist:
        known = ", ".join(Pack.objects.order_by("name").values_list("name", flat=True)) or "none"
        raise PackError(f"unknown pack {name!r} (known: {known})") from None


def export_pack(
    name: str, *, version: str | None = None, include_ingested: bool = False
) -> dict[str, Any]:
    """The pack file of the current version (or ``version``), as it was imported.

    ``include_ingested`` adds the documents ingested into the pack (``manage.py ingest``), so
    the export carries everything the pack's search results come from.
    """
    pack = get_pack(name)
    if version is None:
        row = pack.current_version
        if row is None:
            # The documents stage: no network yet, so the file carries the documents only.
            return {
                "format": "askfew-pack",
                "format_version": 1,
                "name": pack.name,
                "version": "documents",
                "title": pack.title or pack.name,
                "description": pack.description,
                "documents": _ingested_entries(pack),
                "metadata": {"stage": "documents"},
            }
    else:
        row = pack.versions.filter(version=version).first()
        if row is None:
            versions = ", ".join(pack.versions.values_list("version", flat=True))
            raise PackError(f"pack {name!r} has no version {version!r} (versions: {versions})")
    content = copy.deepcopy(row.content)
    if include_ingested:
        known = {d.get("id") for d in content["documents"]}
        content["documents"].extend(e for e in _ingested_entries(pack) if e["id"] not in known)
    return dict(content)


def _ingested_entries(pack: Pack) -> list[dict[str, Any]]:
    out = []
    for doc in pack.documents.filter(origin=Document.ORIGIN_INGEST).order_by("external_id"):
        entry: dict[str, Any] = {
            "id": doc.external_id,
            "kind": doc.kind,
            "title": doc.title,
            "text": doc.text,
            "source": doc.source,
            "split": doc.split,
        }
        if doc.metadata:
            entry["metadata"] = doc.metadata
        out.append(entry)
    return out


@dataclass(frozen=True)
class CurrentVersion:
    """The small columns of a pack and its current version (``version_pk`` None: none yet)."""

    name: str
    title: str
    domain: str
    version: str
    version_pk: int | None
    content_hash: str


# Every turn asks for its pack's current version two or three times (the service, routing,
# the network): one query each, the same answer nearly always. Remembered per process for
# CURRENT_TTL_S; a save or delete of a Pack or PackVersion in this process forgets it at once
# (an import, a rollback in the console), and another process's import is seen within the TTL,
# as a turn already under way would have used the old version anyway.
CURRENT_TTL_S = 1.0
_clock = time.monotonic
_current: dict[str, tuple[float, CurrentVersion]] = {}


def current_version(pack_name: str) -> CurrentVersion | None:
    """The pack's current version (cached, see CURRENT_TTL_S), or None for an unknown pack."""
    now = _clock()
    hit = _current.get(pack_name)
    if hit is not None and now - hit[0] < CURRENT_TTL_S:
        return hit[1]
    row = (
        Pack.objects.filter(name=pack_name)
        .values(
            "name",
            "title",
            "domain",
            "current_version_id",
            "current_version__version",
            "current_version__content_hash",
        )
        .first()
    )
    if row is None:
        _current.pop(pack_name, None)
        return None
    found = CurrentVersion(
        name=str(row["name"]),
        title=str(row["title"]),
        domain=str(row["domain"]),
        version=str(row["current_version__version"] or ""),
        version_pk=row["current_version_id"],
        content_hash=str(row["current_version__content_hash"] or ""),
    )
    _current[pack_name] = (now, found)
    return found


_names: list[tuple[float, list[str]]] = []


def current_names() -> list[str]:
    """Names of the packs that have a version, sorted (cached like ``current_version``)."""
    now = _clock()
    if _names and now - _names[0][0] < CURRENT_TTL_S:
        return list(_names[0][1])
    found = list(
        Pack.objects.filter(current_version__isnull=False)
        .order_by("name")
        .values_list("name", flat=True)
    )
    _names[:] = [(now, found)]
    return list(found)


def forget_current(**_: Any) -> None:
    _current.clear()
    _names.clear()


# ``flush`` (a test database emptied between tests) sends post_migrate, not post_delete.
post_migrate.connect(forget_current, dispatch_uid="askfew-current-flush")
for _model in (Pack, PackVersion):
    post_save.connect(
        forget_current, sender=_model, dispatch_uid=f"askfew-current-{_model.__name__}"
    )
    post_delete.connect(
        forget_current, sender=_model, dispatch_uid=f"askfew-current-del-{_model.__name__}"
    )


_networks: OrderedDict[tuple[str, int, str], EvidentialNetwork] = OrderedDict()
_networks_lock = threading.Lock()


def load_network(pack_name: str) -> EvidentialNetwork:
    """The current version's network, parsed once per version (shared: do not mutate it)."""
    current = current_version(pack_name)
    if current is None or current.version_pk is None:
        get_pack(pack_name)  # raises for an unknown pack
        raise PackError(f"pack {pack_name!r} has no version yet (only ingested documents)")
    key = (pack_name, current.version_pk, current.content_hash)
    with _networks_lock:
        cached = _networks.get(key)
        if cached is not None:
            _networks.move_to_end(key)
            return cached
    content = PackVersion.objects.values_list("content", flat=True).get(pk=current.version_pk)
    network = EvidentialNetwork.from_dict(content["network"])
    with _networks_lock:
        _networks[key] = network
        while len(_networks) > _NETWORK_CACHE_SIZE:
            _networks.popitem(last=False)
    return network


def _forget_networks(pack_name: str) -> None:
    forget_current()
    with _networks_lock:
        for key in [k for k in _networks if k[0] == pack_name]:
            del _networks[key]


# -- index maintenance ------------------------------------------------------------------------


def reindex(
    pack: str | None = None, *, backend: SearchBackend | None = None, batch_size: int = INDEX_BATCH
) -> int:
    """Rebuild the index from the database (one pack, or all); returns documents indexed."""
    store = backend if backend is not None else get_backend()
    store.setup()
    packs = [get_pack(pack)] if pack is not None else list(Pack.objects.all())
    total = 0
    for row in packs:
        store.clear(row.name)
        states = [DocState.of(doc, row.name) for doc in row.documents.order_by("external_id")]
        for batch in batches(states, batch_size):
            store.index(
                [s.search_document() for s in batch], [p for s in batch for p in s.passages()]
            )
        total += len(states)
    store.refresh()
    return total


def _save_pack_row(existing: Pack | None, name: str, content: Mapping[str, Any]) -> Pack:
    """The pack's own row, created or updated from the content's title, domain, description."""
    row = existing or Pack(name=name)
    row.title = str(content.get("title", name))
    row.domain = str(content.get("domain", ""))
    row.description = str(content.get("description", ""))
    row.save()
    return row
