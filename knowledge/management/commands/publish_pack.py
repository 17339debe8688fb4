"""``manage.py publish_pack NAME``: publish a pack's reviewed draft.

``build_network`` saves what it builds as a draft (``metadata.review == "draft"``); once an
operator has reviewed it in the console (accepted, edited, merged or dropped causes and
links), publishing saves the current content as a new version marked ``published``. The
console's "Publish" button does the same (``console.pack_changes.publish``).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser


class Command(BaseCommand):
    help = "Publish the current (draft) version of a pack after review."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", metavar="NAME")
        parser.add_argument("--note", default="", help="note stored with the published version")

    def handle(self, *args: Any, **options: Any) -> None:
        from knowledge.construction.review import ReviewError, publish

        try:
            outcome = publish(options["name"], note=options["note"])
        except ReviewError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Published {outcome}")
