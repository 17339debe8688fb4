"""``manage.py evaluate_routing flodial``: route each dialog's opening complaint to its chart.

The router is built from the example packs' own text (``it-laptop`` and ``car``, made from the
FloDial charts and FAQs by ``knowledge.packs.importers``), or from the pack files given with
``--pack``; the dialogs are only read as test input. For every dialog of the split, the first
user utterance is routed and the chart is compared with the candidates' routing groups.

Prints a per-chart table and the most frequent confusions; ``--json`` writes
``{"n", "top1", "top3", ...}`` (percentages) with the per-chart numbers and the confusion
counts. Tune on ``--split dev`` only; ``test`` holds the two charts dev never sees.
"""

from __future__ import annotations

import json
import time
from argparse import ArgumentTypeError
from collections import Counter
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.datasets import flodial
from knowledge.datasets.common import DatasetError
from knowledge.retrieval.routing import Router, RouterConfig, default_index_dir
from knowledge.search import SearchError

DATASETS = ("flodial",)
FLODIAL_PACKS = ("it-laptop", "car")
TOP_K = 3
CONFUSIONS_SHOWN = 10


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ArgumentTypeError(f"{text!r} is not an integer >= 1")
    return value


def _percent(hits: int, n: int) -> float:
    return round(100.0 * hits / n, 2) if n else 0.0


class Command(BaseCommand):
    help = (
        "Route the opening complaint of each FloDial dialog to a chart using only the packs' "
        "text, and report top-1/top-3 accuracy and confusions."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("dataset", choices=DATASETS)
        parser.add_argument("--split", choices=flodial.DIALOG_SPLITS, default="all")
        parser.add_argument("--json", type=Path, metavar="PATH", help="write the metrics here")
        parser.add_argument(
            "--limit", type=_positive, metavar="N", help="only the first N dialogs of the split"
        )
        parser.add_argument(
            "--pack",
            action="append",
            type=Path,
            metavar="FILE",
            help="route over these pack files (repeatable) instead of building the example "
            "packs it-laptop and car from the datasets",
        )
        parser.add_argument(
            "--datasets", type=Path, help="datasets directory (default: settings.DATASETS_DIR)"
        )
        parser.add_argument(
            "--index-dir",
            type=Path,
            help="where the routing indexes live (default: DATA_DIR/routing-index)",
        )
        parser.add_argument(
            "--no-expand", action="store_true", help="ablation: no synonym expansion"
        )
        parser.add_argument("--no-repair", action="store_true", help="ablation: no spelling repair")
        parser.add_argument(
            "--no-domain", action="store_true", help="ablation: no domain cue (weight 0)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        root = Path(options["datasets"] or settings.DATASETS_DIR)
        config = RouterConfig(
            expand=not options["no_expand"],
            repair=not options["no_repair"],
            domain_weight=0.0 if options["no_domain"] else RouterConfig().domain_weight,
        )
        packs = self._packs(options["pack"], root)
        index_dir = options["index_dir"] or default_index_dir()
        try:
            router = Router.from_packs(packs, index_dir=index_dir, config=config)
            dialogs = flodial.load_dialogs(options["split"], root=root)
        except (DatasetError, SearchError, ValueError) as exc:
            raise CommandError(str(exc)) from exc
        if options["limit"]:
            dialogs = dialogs[: options["limit"]]
        if not dialogs:
            raise CommandError(f"no dialogs in split {options['split']!r}")

        started = time.perf_counter()
        per_chart: dict[str, Counter[str]] = {}
        confusion: Counter[tuple[str, str]] = Counter()
        for dialog in dialogs:
            groups = [c.group for c in router.route(dialog.opening, limit=TOP_K)]
            counts = per_chart.setdefault(dialog.chart, Counter())
            counts["n"] += 1
            counts["top1"] += groups[:1] == [dialog.chart]
            counts["top3"] += dialog.chart in groups
            if groups[:1] != [dialog.chart]:
                confusion[dialog.chart, groups[0] if groups else "(none)"] += 1
        elapsed = time.perf_counter() - started

        n = len(dialogs)
        payload = {
            "dataset": options["dataset"],
            "split": options["split"],
            "n": n,
            "top1": _percent(sum(c["top1"] for c in per_chart.values()), n),
            "top3": _percent(sum(c["top3"] for c in per_chart.values()), n),
            "per_chart": {
                chart: {
                    "n": c["n"],
                    "top1": _percent(c["top1"], c["n"]),
                    "top3": _percent(c["top3"], c["n"]),
                }
                for chart, c in sorted(per_chart.items())
            },
            "confusion": [
                {"chart": true, "predicted": predicted, "count": count}
                for (true, predicted), count in confusion.most_common()
            ],
            "packs": [p.name for p in packs],
            "sections": len(router.sections),
            "settings": {
                "expand": config.expand,
                "repair": config.repair,
                "domain_weight": config.domain_weight,
                "weights": dict(config.weights),
                "expansion_weight": config.expansion_weight,
                "limit": options["limit"],
            },
            "ms_per_complaint": round(1000.0 * elapsed / n, 2),
        }
        self._print(payload)
        if options["json"]:
            path: Path = options["json"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
            self.stdout.write(f"wrote {path}")

    def _packs(self, files: list[Path] | None, root: Path) -> list[Any]:
        from knowledge.packs.importers import build_example_pack
        from knowledge.packs.validate import PackInvalid, load_pack, validate_pack

        try:
            if files:
                return [load_pack(path) for path in files]
            # Built just now by our own importer, whose tests vouch for the shape: skip the
            # JSON Schema pass (the semantic checks still run).
            return [
                validate_pack(build_example_pack(name, root), check_schema=False)
                for name in FLODIAL_PACKS
            ]
        except (DatasetError, PackInvalid, OSError) as exc:
            raise CommandError(f"cannot load the packs to route over: {exc}") from exc

    def _print(self, payload: dict[str, Any]) -> None:
        write = self.stdout.write
        write(
            f"routing {payload['dataset']} split={payload['split']}: n={payload['n']}  "
            f"top-1 {payload['top1']:.1f}%  top-3 {payload['top3']:.1f}%  "
            f"({payload['sections']} sections from {', '.join(payload['packs'])}; "
            f"{payload['ms_per_complaint']:.1f} ms per complaint)"
        )
        width = max(len("chart"), *(len(c) for c in payload["per_chart"]))
        write(f"{'chart':<{width}}  {'n':>4}  {'top-1':>6}  {'top-3':>6}")
        for chart, row in payload["per_chart"].items():
            write(f"{chart:<{width}}  {row['n']:>4}  {row['top1']:>6.1f}  {row['top3']:>6.1f}")
        confusions = payload["confusion"]
        if not confusions:
            write("no confusions")
            return
        wrong = sum(c["count"] for c in confusions)
        write(f"confusions ({wrong} complaints routed elsewhere; most frequent first):")
        for row in confusions[:CONFUSIONS_SHOWN]:
            write(f"  {row['chart']} -> {row['predicted']}: {row['count']}")
