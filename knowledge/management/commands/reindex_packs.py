"""``manage.py reindex_packs [NAME...]``: rebuild the search index from the database.

For a new or wiped index directory, or after switching search backends: every document of
the packs (pack files' and ingested) is indexed again from its database row.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from knowledge.models import Pack
from knowledge.packs.store import PackError, reindex
from knowledge.search import SearchError


class Command(BaseCommand):
    help = "Rebuild the search index of knowledge packs from the database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("names", nargs="*", metavar="NAME", help="packs (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        names = options["names"] or list(Pack.objects.values_list("name", flat=True))
        for name in names:
            try:
                count = reindex(name)
            except (PackError, SearchError) as exc:
                raise CommandError(f"{name}: {exc}") from exc
            self.stdout.write(f"{name}: {count} document(s) indexed")
