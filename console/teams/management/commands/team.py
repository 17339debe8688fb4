"""Create or change a team: ``manage.py team Clinical --packs patient-intake --members ann,bo
--sensitive``. Packs and members given replace the team's; omitted ones stay."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from console.teams.models import Team


def _names(value: str | None) -> list[str] | None:
    return None if value is None else [n.strip() for n in value.split(",") if n.strip()]


class Command(BaseCommand):
    help = "Create or update a team: the packs it owns and its members."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name")
        parser.add_argument("--packs", help="comma-separated pack names the team owns")
        parser.add_argument("--members", help="comma-separated usernames")
        parser.add_argument("--sensitive", action="store_true",
                            help="its cases hold health data: audit every opening")

    def handle(self, *args: Any, **options: Any) -> None:
        team, created = Team.objects.get_or_create(name=options["name"])
        packs, members = _names(options["packs"]), _names(options["members"])
        if packs is not None:
            team.packs = packs
        if options["sensitive"]:
            team.sensitive = True
        team.save()
        if members is not None:
            users = list(get_user_model().objects.filter(username__in=members))
            missing = set(members) - {u.username for u in users}
            if missing:
                raise CommandError(f"no such users: {', '.join(sorted(missing))}")
            team.members.set(users)
        self.stdout.write(
            f"{'created' if created else 'updated'} team {team.name}: packs {team.packs}, "
            f"{team.members.count()} member(s){', sensitive' if team.sensitive else ''}"
        )
