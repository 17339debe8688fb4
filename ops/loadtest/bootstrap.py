"""Prepare a fresh production database: migrate, then import the example packs the channels
use. Run by the load test in a subprocess with the production environment:

    python -m ops.loadtest.bootstrap it-laptop patient-intake
"""

from __future__ import annotations

import os
import sys
import time


def main(packs: list[str]) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from knowledge.packs.importers import build_example_pack
    from knowledge.packs.store import import_pack
    from knowledge.packs.validate import validate_pack

    call_command("migrate", interactive=False, verbosity=0)
    for name in packs:
        started = time.perf_counter()
        valid = validate_pack(build_example_pack(name, settings.DATASETS_DIR),
                              source=f"example pack {name}", check_schema=False)
        result = import_pack(valid)
        print(f"{valid.summary()} [{result.status}, {time.perf_counter() - started:.1f} s]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
