"""``manage.py setup_roles [--grant USER ROLE ...]``: create the console's roles (groups with
their permissions) and optionally put users in them.

The roles are also created after every ``migrate``; run this after changing ``console.roles``
or to grant roles from a script: ``manage.py setup_roles --grant alice operator``.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from console.roles import ROLES, ensure_roles, grant


class Command(BaseCommand):
    help = "Create the console roles (operator, knowledge editor, admin) and grant them."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--grant", nargs=2, action="append", default=[], metavar=("USER", "ROLE"),
            help=f"put USER in ROLE (one of: {', '.join(sorted(ROLES))}); repeatable",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        for role, n in ensure_roles().items():
            self.stdout.write(f"role {role!r}: {n} permission(s)")
        users = get_user_model().objects
        for username, role in options["grant"]:
            if role not in ROLES:
                raise CommandError(f"unknown role {role!r}; expected one of {sorted(ROLES)}")
            user = users.filter(username=username).first()
            if user is None:
                raise CommandError(f"no user {username!r} (create it with createsuperuser or "
                                   "the admin first)")
            grant(user, role)
            self.stdout.write(f"{username} is now in {role!r}")
