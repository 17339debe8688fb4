"""Unlock a sign-in locked out by repeated failures (docs/security.md, "Sign-in throttling")."""

from __future__ import annotations

from typing import Any

from axes.utils import reset
from django.core.management.base import BaseCommand, CommandParser

from console import audit, signin


class Command(BaseCommand):
    help = "Unlock USERNAME's sign-in (every address), or an --address's failure ceiling."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("username", nargs="?", default="")
        parser.add_argument("--address", default="", help="also clear this address's ceiling")

    def handle(self, *args: Any, **options: Any) -> None:
        username, address = options["username"], options["address"]
        if not username and not address:
            self.stderr.write("name a USERNAME, an --address, or both")
            raise SystemExit(2)
        cleared = reset(username=username) if username else 0
        if address:
            cleared += reset(ip=address)
            signin.reset_address(address)
        audit.record_command("login_unlocked", target=username or address, address=address)
        self.stdout.write(f"unlocked {username or address}: {cleared} lockout record(s) cleared")
