"""``manage.py build_example_packs --output DIR``: the example packs from the shared datasets.

Writes ``it-laptop.json`` and ``car.json`` (FloDial) and ``patient-intake.json`` (DDXPlus,
links learned from ``patients_dev.csv`` only), each validated before it is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.datasets.common import DatasetError
from knowledge.packs.importers import EXAMPLE_PACKS, build_example_pack, write_pack
from knowledge.packs.validate import PackInvalid, validate_pack


class Command(BaseCommand):
    help = "Build the example knowledge packs (it-laptop, car, patient-intake) from the datasets."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--output", "-o", type=Path, required=True, metavar="DIR")
        parser.add_argument(
            "--datasets", type=Path, help="datasets directory (default: settings.DATASETS_DIR)"
        )
        parser.add_argument(
            "--only", action="append", choices=sorted(EXAMPLE_PACKS), help="build just these"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        root = options["datasets"] or Path(settings.DATASETS_DIR)
        if not root.is_dir():
            raise CommandError(f"datasets directory {root} not found (pass --datasets)")
        for name in options["only"] or list(EXAMPLE_PACKS):
            try:
                pack = build_example_pack(name, root)
                valid = validate_pack(pack, source=f"example pack {name}")
            except DatasetError as exc:
                raise CommandError(f"{name}: {exc}") from exc
            except PackInvalid as exc:
                raise CommandError(f"{name} does not validate (an importer bug): {exc}") from exc
            path = write_pack(pack, options["output"] / f"{name}.json")
            size = path.stat().st_size
            self.stdout.write(f"{path} ({size / 1e6:.2f} MB): {valid.summary()}")
