"""``manage.py build_network``: grow a pack's evidential network from its documents with an LLM.

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

    def handle(self, *args: Any, **options: Any) -> None:
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


def _cited(network: EvidentialNetwork) -> list[tuple[Any, ...]]:
    return [
        *(h.citations for h in network.hypotheses),
        *(f.citations for f in network.findings),
        *(link.citations for link in network.links),
    ]


def _next_version(current: str) -> str:
    suffix = "+built." + time.strftime("%Y%m%d%H%M%S", time.gmtime())
    if "+built." in current:
        current = current.split("+built.", 1)[0]
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
