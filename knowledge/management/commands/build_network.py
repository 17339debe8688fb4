"""``manage.py build_network``: a pack's evidential network from its documents.

Offline (the default whenever no LLM is configured, and for a pack that has only ingested
documents, or with ``--offline``): each document is read as a troubleshooting guide by
``knowledge.construction.offline`` (causes with their fixes, checks with yes/no states, the
links between them, every item citing its passage) and the result is saved as a **draft**
version of the pack, to be reviewed in the console and published. With an LLM configured the
draft is then refined (``knowledge.construction.refine``), unless ``--no-llm``.

InfoGatherer's construction (see ``knowledge.construction.build``): retrieval-guided
breadth-first expansion from the hypotheses, then one BBA per (hypothesis, finding, snippet),
aggregated with Yager's rule, every link citing its passages.

Where hypotheses come from: the pack's current network (which is then extended: its findings
and links are kept), or ``--hypotheses FILE`` / ``--seed TEXT`` for a new network.
Where snippets come from: the pack's passages in the search index, restricted to the documents
of the pack's current version (the only ones a saved version may cite) unless
``--include-ingested``. ``--dry-run`` prints the proposed network and saves nothing; otherwise
it becomes a new current version of the pack, and/or is written to ``--output``.
"""

from __future__ import annotations

import argparse
import json
import time
from argparse import ArgumentParser, ArgumentTypeError
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from knowledge.construction.build import (
    LINK_SCOPES,
    BuildConfig,
    BuildError,
    BuildResult,
    build_network,
)
from knowledge.construction.snippets import PassageRetriever
from knowledge.llm import LLMClient, LLMError
from knowledge.progress import ProgressBar
from planning.network import EvidentialNetwork, Hypothesis, NetworkError

DEFAULT_TOKEN_BUDGET = 200_000
VERSION_MAX = 64


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise ArgumentTypeError(f"{text!r} is not an integer >= 1")
    return value


class Command(BaseCommand):
    help = (
        "Build (or extend) a pack's evidential network from its documents with an LLM: "
        "retrieval-guided expansion, BBA elicitation per snippet, Yager aggregation."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("--pack", required=True, help="the pack whose passages to use")
        parser.add_argument(
            "--dry-run", action="store_true", help="print the proposed network; save nothing"
        )
        parser.add_argument("--depth", type=_positive, default=1, help="deepest finding level")
        parser.add_argument(
            "--progress",
            action=argparse.BooleanOptionalAction,
            default=None,
            help="progress bars on stderr (default: when stderr is a terminal)",
        )
        parser.add_argument(
            "--max-degree", type=_positive, default=4, help="new children per variable (cap)"
        )
        parser.add_argument(
            "--max-tokens",
            type=_positive,
            default=None,
            help=f"token budget for the whole run (default LLM_TOKEN_BUDGET or "
            f"{DEFAULT_TOKEN_BUDGET})",
        )
        parser.add_argument("--seed", help="a problem statement: the LLM proposes hypotheses")
        parser.add_argument(
            "--hypotheses",
            type=Path,
            help="JSON file: a list of hypotheses ({id, name, description}) or a network",
        )
        parser.add_argument("--snippets-per-node", type=_positive, default=5)
        parser.add_argument("--snippets-per-link", type=_positive, default=2)
        parser.add_argument("--link-scope", choices=LINK_SCOPES, default="all")
        parser.add_argument(
            "--kind", action="append", help="only documents of this kind (repeatable)"
        )
        parser.add_argument(
            "--include-ingested",
            action="store_true",
            help="also use documents ingested into the pack (a saved version cannot cite "
            "them: use with --dry-run or --output)",
        )
        parser.add_argument("--output", type=Path, help="write the network JSON to this file")
        parser.add_argument(
            "--as-version",
            dest="pack_version",
            help="version name to save as (default: <current>+built.<UTC time>)",
        )
        parser.add_argument("--note", default="", help="note stored with the saved version")
        parser.add_argument(
            "--offline",
            action="store_true",
            help="read the documents without a model (the default when no LLM is configured "
            "or the pack has no network yet)",
        )
        parser.add_argument(
            "--no-llm", action="store_true", help="offline: do not refine the draft with the LLM"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        self._progress: bool | None = options["progress"]
        from knowledge.packs.store import PackError, export_pack, get_pack, load_network
        from knowledge.search import get_backend

        name: str = options["pack"]
        dry_run: bool = options["dry_run"]
        output: Path | None = options["output"]
        if options["seed"] and options["hypotheses"]:
            raise CommandError("give --seed or --hypotheses, not both")

        try:
            pack = get_pack(name)
        except PackError:
            pack = None
        content = export_pack(name) if pack is not None and pack.current_version else None
        explicit = options["seed"] or options["hypotheses"]
        if not explicit and (options["offline"] or content is None or not _llm_configured()):
            if pack is None:
                raise CommandError(
                    f"unknown pack {name!r}: ingest documents first "
                    f"(manage.py ingest PATH --pack {name} --create)"
                )
            self._offline(pack, content, options)
            return
        if not dry_run and content is None and output is None:
            raise CommandError(
                f"pack {name!r} has no saved version to add to; use --dry-run or --output FILE"
            )

        base: EvidentialNetwork | None = None
        hypotheses: list[Hypothesis] | None = None
        if options["hypotheses"]:
            hypotheses = _read_hypotheses(options["hypotheses"])
        elif not options["seed"]:
            if content is None:
                raise CommandError(
                    f"pack {name!r} has no network to start from: give --seed TEXT or "
                    "--hypotheses FILE"
                )
            base = load_network(name)

        documents = None
        if content is not None and not options["include_ingested"]:
            documents = {str(d["id"]) for d in content.get("documents", [])}
        kinds = tuple(options["kind"]) if options["kind"] else None
        try:
            config = BuildConfig(
                depth=options["depth"],
                max_degree=options["max_degree"],
                snippets_per_node=options["snippets_per_node"],
                snippets_per_link=options["snippets_per_link"],
                link_scope=options["link_scope"],
                kind=kinds,
            )
        except BuildError as exc:
            raise CommandError(str(exc)) from exc
        budget = options["max_tokens"] or _settings_budget() or DEFAULT_TOKEN_BUDGET
        try:
            llm = LLMClient.from_settings(token_budget=budget)
        except LLMError as exc:
            raise CommandError(str(exc)) from exc
        retriever = PassageRetriever(get_backend(), name, kind=kinds, documents=documents)

        started = time.perf_counter()
        try:
            result = build_network(
                name=base.name if base is not None else name,
                retriever=retriever,
                llm=llm,
                base=base,
                hypotheses=hypotheses,
                seed=options["seed"],
                config=config,
            )
        except (BuildError, LLMError, NetworkError) as exc:
            raise CommandError(f"construction failed: {exc}") from exc
        elapsed = time.perf_counter() - started

        self.stdout.write(result.summary())
        self.stdout.write(f"Elapsed: {elapsed:.1f} s")
        if result.incomplete:
            self.stderr.write(f"warning: the network is incomplete: {result.incomplete}")
        if dry_run:
            self.stdout.write("--- network JSON ---")
            self.stdout.write(result.network.to_json(indent=2))
            self.stdout.write("Dry run: nothing saved.")
            return
        if output is not None:
            output.parent.mkdir(parents=True, exist_ok=True)
            output.write_text(result.network.to_json(indent=2) + "\n", encoding="utf-8")
            self.stdout.write(f"Wrote {output}")
        if content is not None:
            self._save(name, content, result, options["pack_version"], options["note"])

    def _save(
        self,
        name: str,
        content: dict[str, Any],
        result: BuildResult,
        version: str | None,
        note: str,
    ) -> None:
        from knowledge.packs.store import PackError, import_pack
        from knowledge.packs.validate import PackInvalid

        in_pack = {str(d["id"]) for d in content.get("documents", [])}
        outside = sorted(
            {
                c.passage_id
                for item in _cited(result.network)
                for c in item
                if c.passage_id.rsplit("#", 1)[0] not in in_pack
            }
        )
        if outside:
            raise CommandError(
                f"the network cites passages of documents that are not in pack {name!r}'s "
                f"current version ({', '.join(outside[:5])}...); a saved version may only cite "
                "the pack's own documents: use --output FILE, or drop --include-ingested"
            )
        new_version = version or _next_version(str(content["version"]))
        content = {**content, "version": new_version, "network": result.network.to_dict()}
        try:
            outcome = import_pack(
                content,
                replace=True,
                note=note or f"build_network: {len(result.new_findings)} new findings",
            )
        except (PackError, PackInvalid) as exc:
            raise CommandError(f"could not save pack {name!r}: {exc}") from exc
        self.stdout.write(f"Saved {outcome}")

    def _offline(self, pack: Any, content: dict[str, Any] | None, options: dict[str, Any]) -> None:
        from knowledge.construction.offline.pack import NothingToBuild, Source, build_pack_network
        from knowledge.models import Document
        from knowledge.packs.store import PackError, import_pack
        from knowledge.packs.validate import PackInvalid

        rows = list(pack.documents.order_by("external_id"))
        kinds = set(options["kind"] or [])
        sources = [
            Source(r.external_id, r.title, r.text, kind=r.kind, split=r.split)
            for r in rows
            if not kinds or r.kind in kinds
        ]
        if not sources:
            raise CommandError(
                f"pack {pack.name!r} has no documents: manage.py ingest PATH --pack {pack.name}"
            )
        started = time.perf_counter()
        try:
            network, routing = build_pack_network(
                pack.name,
                sources,
                progress=ProgressBar(self.stderr, "documents", enabled=self._progress),
            )
        except NothingToBuild as exc:
            raise CommandError(str(exc)) from exc
        if _llm_configured() and not options["no_llm"]:
            from knowledge.construction.refine import refine_network
            from knowledge.llm import LLMClient, LLMError

            try:
                llm = LLMClient.from_settings()
                network = refine_network(
                    network,
                    {s.id: s.text for s in sources},
                    llm,
                    progress=ProgressBar(self.stderr, "LLM claims", enabled=self._progress),
                )
            except LLMError as exc:
                self.stderr.write(f"warning: LLM refinement skipped: {exc}")
        elapsed = time.perf_counter() - started
        meta = network.metadata.get("construction", {})
        self.stdout.write(
            f"Draft network of pack {pack.name!r}: {len(network.hypotheses)} causes, "
            f"{len(network.findings)} checks, {len(network.links)} links from "
            f"{len(meta.get('documents', []))} document(s) ({elapsed:.1f} s)"
        )
        for skipped in meta.get("skipped", []):
            self.stdout.write(f"  skipped {skipped}: no questions or 'if ...' steps found")
        if options["dry_run"]:
            self.stdout.write(network.to_json(indent=2))
            self.stdout.write("Dry run: nothing saved.")
            return
        output: Path | None = options["output"]
        if output is not None:
            output.parent.mkdir(parents=True, exist_ok=True)
            output.write_text(network.to_json(indent=2) + "\n", encoding="utf-8")
            self.stdout.write(f"Wrote {output}")
        cited = {c.passage_id.rsplit("#", 1)[0] for item in _cited(network) for c in item}
        documents = list(content.get("documents", [])) if content else []
        known = {str(d["id"]) for d in documents}
        for row in rows:
            if row.external_id in cited and row.external_id not in known:
                documents.append(
                    {
                        "id": row.external_id,
                        "kind": row.kind,
                        "title": row.title,
                        "text": row.text,
                        "source": row.source,
                        "split": row.split,
                    }
                )
        base_version = str(content["version"]) if content else "0.1.0"
        new = {
            "format": "askfew-pack",
            "format_version": 1,
            "name": pack.name,
            "version": options["pack_version"] or _next_version(base_version, "draft"),
            "title": (content or {}).get("title") or pack.title or pack.name,
            "description": (content or {}).get("description") or pack.description or "",
            "network": network.to_dict(),
            "documents": documents,
            "routing": routing,
            "metadata": {"review": "draft", "built_by": "build_network (offline)"},
        }
        if pack.domain:
            new["domain"] = pack.domain
        try:
            outcome = import_pack(
                new,
                replace=True,
                note=options["note"] or "build_network: offline draft, to be reviewed",
            )
        except (PackError, PackInvalid) as exc:
            raise CommandError(f"could not save pack {pack.name!r}: {exc}") from exc
        del Document  # only imported for the type of the rows
        self.stdout.write(
            f"Saved {outcome}\nReview it in the console (Knowledge > {pack.name}), then "
            f"publish it: manage.py publish_pack {pack.name}"
        )


def _llm_configured() -> bool:
    from django.conf import settings

    return bool(getattr(settings, "LLM_BASE_URL", "") or getattr(settings, "LLM_API_KEY", ""))


def _cited(network: EvidentialNetwork) -> list[tuple[Any, ...]]:
    return [
        *(h.citations for h in network.hypotheses),
        *(f.citations for f in network.findings),
        *(link.citations for link in network.links),
    ]


def _next_version(current: str, kind: str = "built") -> str:
    suffix = f"+{kind}." + time.strftime("%Y%m%d%H%M%S", time.gmtime())
    for old in ("+built.", "+draft.", "+published."):
        if old in current:
            current = current.split(old, 1)[0]
    return current[: VERSION_MAX - len(suffix)] + suffix


def _settings_budget() -> int | None:
    from django.conf import settings

    value = getattr(settings, "LLM_TOKEN_BUDGET", None)
    return int(value) if value else None


def _read_hypotheses(path: Path) -> list[Hypothesis]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CommandError(f"--hypotheses: no such file {path}") from None
    except json.JSONDecodeError as exc:
        raise CommandError(f"--hypotheses: {path} is not JSON ({exc})") from exc
    if isinstance(data, dict) and "network" in data:
        data = data["network"]
    items = data.get("hypotheses") if isinstance(data, dict) else data
    if not isinstance(items, list) or not items:
        raise CommandError(
            f"--hypotheses: {path} must hold a non-empty list of hypotheses, "
            "{'hypotheses': [...]}, or a network"
        )
    out = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or not item.get("id"):
            raise CommandError(f"--hypotheses: item {i} needs an 'id'")
        out.append(
            Hypothesis(
                id=str(item["id"]),
                name=str(item.get("name") or item["id"]),
                description=str(item.get("description", "")),
                resolution=str(item.get("resolution", "")),
            )
        )
    ids = [h.id for h in out]
    if len(set(ids)) != len(ids):
        raise CommandError(f"--hypotheses: duplicate ids in {path}")
    return out
