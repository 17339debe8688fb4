"""``manage.py import_pack PATH [--replace]``: validate a pack and make it current.

Database rows and search-index documents are written together: if indexing fails, the
transaction rolls back and the documents already indexed are undone (knowledge.packs.store).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.packs.store import PackError, import_pack
from knowledge.packs.validate import PackInvalid
from knowledge.search import SearchError


class Command(BaseCommand):
    help = "Validate a knowledge pack and import it into the database and the search index."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", metavar="PATH", help="pack file or directory")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="make this the current version of an existing pack (older versions are kept)",
        )
        parser.add_argument("--note", default="", help="a note stored with the version")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = import_pack(options["path"], replace=options["replace"], note=options["note"])
        except PackInvalid as exc:
            raise CommandError(f"{options['path']} is not a valid pack; {exc}") from exc
        except (PackError, SearchError) as exc:
            raise CommandError(f"{options['path']}: {exc}") from exc
        self.stdout.write(str(result))
