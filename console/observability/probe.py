"""Container health checks for processes that serve no HTTP (worker, beat, bots).

    python -m console.observability.probe ready    # database, broker, search; exit 1 if down
    python -m console.observability.probe live     # Django loads its settings and apps
    python -m console.observability.probe beat FILE [MAX_AGE_S]
                                                   # beat's schedule file written lately

Prints the same JSON body as ``/readyz``. Exit status 0 when healthy, 1 otherwise, 2 on
bad usage.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

USAGE = "usage: python -m console.observability.probe live | ready | beat FILE [MAX_AGE_S]"


def beat_fresh(path: Path, max_age_s: float) -> tuple[bool, dict[str, object]]:
    """Beat rewrites its schedule file as it runs; a stale file means a stuck beat."""
    candidates = [p for p in (path, path.with_name(path.name + ".db")) if p.exists()]
    if not candidates:
        return False, {"status": "unavailable", "detail": f"{path} does not exist"}
    age = time.time() - max(p.stat().st_mtime for p in candidates)
    ok = age <= max_age_s
    return ok, {"status": "ok" if ok else "unavailable", "schedule_age_s": round(age, 1),
                "max_age_s": max_age_s}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"live", "ready", "beat"}:
        print(USAGE, file=sys.stderr)
        return 2
    if argv[0] == "beat":
        if len(argv) not in (2, 3):
            print(USAGE, file=sys.stderr)
            return 2
        ok, body = beat_fresh(Path(argv[1]), float(argv[2]) if len(argv) == 3 else 600.0)
        print(json.dumps(body))
        return 0 if ok else 1
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "console.settings")
    import django

    django.setup()
    if argv[0] == "live":
        print(json.dumps({"status": "ok"}))
        return 0
    from console.observability.health import readiness

    ready, body = readiness()
    print(json.dumps(body))
    return 0 if ready else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
