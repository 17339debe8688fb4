"""``manage.py evaluate_construction flodial --articles DIR --json PATH [--llm]``.

Builds a pack from each article of DIR alone (``<chart>.<ext>``, the chart being the FloDial
chart it was written from) and compares it with the chart: causes and checks (precision,
recall, F1 under the text-matching rule of ``knowledge.construction.matching``), link
accuracy, and the chart's dialogs played with exact answers on the built pack next to the
same dialogs on the hand-structured chart, both through the conversation service
(``knowledge.construction.benchmark``, ``evaluation.construction``).
"""

from __future__ import annotations

import json
import sys
from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from evaluation.construction import service_player
from knowledge.construction.benchmark import articles_in, evaluate_articles

COLUMNS = (
    ("cause_precision", "cause P"),
    ("cause_recall", "cause R"),
    ("cause_f1", "cause F1"),
    ("check_precision", "check P"),
    ("check_recall", "check R"),
    ("check_f1", "check F1"),
    ("link_accuracy", "links"),
    ("success_rate", "success"),
    ("success_rate_old_rule", "old rule"),
    ("chart_success_rate", "chart succ"),
    ("mean_turns", "turns"),
    ("chart_mean_turns", "chart turns"),
)


class Command(BaseCommand):
    help = "Build a pack from each FloDial article alone and compare it with its chart."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("dataset", choices=["flodial"])
        parser.add_argument(
            "--articles",
            type=Path,
            required=True,
            help="directory of articles named <chart>.<md|html|txt|pdf>",
        )
        parser.add_argument("--json", type=Path, help="write the results here")
        parser.add_argument(
            "--llm", action="store_true", help="refine each built pack with the LLM at LLM_BASE_URL"
        )
        parser.add_argument(
            "--no-play", action="store_true", help="skip the dialogs (structure scores only)"
        )
        parser.add_argument("--limit", type=int, default=0, help="only the first N articles")
        parser.add_argument(
            "--llm-items",
            type=int,
            default=None,
            metavar="N",
            help="with --llm: refine only the first N causes and N checks of each article "
            "(a sample for a slow local model; the rest stays offline)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        directory: Path = options["articles"]
        if not directory.is_dir():
            raise CommandError(f"--articles {directory}: not a directory")
        articles = articles_in(directory)
        if not articles:
            raise CommandError(f"--articles {directory}: no .md/.html/.txt/.pdf articles")
        llm = None
        if options["llm"]:
            from knowledge.llm import LLMClient

            llm = LLMClient.from_settings()
        total = len(articles[: options["limit"]] if options["limit"] else articles)
        done = [0]

        def progress(name: str) -> None:
            done[0] += 1
            filled = int(20 * (done[0] - 1) / total)
            sys.stderr.write(
                f"\r[{'#' * filled}{'.' * (20 - filled)}] {done[0] - 1}/{total} "
                f"articles ({name})\x1b[K"
            )
            sys.stderr.flush()

        result = evaluate_articles(
            directory,
            llm=llm,
            play=not options["no_play"],
            progress=progress,
            limit=options["limit"] or None,
            player=service_player(),
            llm_items=options["llm_items"],
        )
        sys.stderr.write(f"\r[{'#' * 20}] {total}/{total} articles\x1b[K\n")
        header = f"{'chart':26s}" + "".join(f"{label:>12s}" for _, label in COLUMNS)
        self.stdout.write(header)
        rows = [*result["charts"].items(), ("OVERALL", result["overall"])]
        for name, scores in rows:
            cells = []
            for key, _ in COLUMNS:
                value = scores.get(key)
                if value is None and key.endswith("_old_rule"):
                    value = scores.get("old_rule", {}).get(key.removesuffix("_old_rule"))
                if value is None:
                    cells.append(f"{'-':>12s}")
                elif "turns" in key:
                    cells.append(f"{value:12.2f}")
                else:
                    cells.append(f"{100 * value:11.1f}%")
            self.stdout.write(f"{name:26s}" + "".join(cells))
        failures = result["overall"].get("failures")
        if failures:
            # Why the dialogs failed on the built packs (knowledge.construction.failures).
            self.stdout.write(
                "failed dialogs by cause: "
                + ", ".join(f"{kind} {count}" for kind, count in failures.items())
            )
        old = result["overall"].get("failures_old_rule")
        if old:
            self.stdout.write(
                "under the old pairing rule: "
                + ", ".join(f"{kind} {count}" for kind, count in old.items())
            )
        if options["json"]:
            options["json"].parent.mkdir(parents=True, exist_ok=True)
            options["json"].write_text(json.dumps(result, indent=2), encoding="utf-8")
            self.stdout.write(f"wrote {options['json']}")
