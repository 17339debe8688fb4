"""The demo seeder runs real conversations; the benchmark's seeding and timing work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from bots.models import Case, Outcome, Role, Turn
from knowledge.packs.validate import validate_pack
from ops.console_bench import bench_pack, measure, seed_cases

pytestmark = pytest.mark.django_db


def test_seed_demo_plays_users_through_the_service(pack: Any) -> None:
    call_command("seed_demo", "--cases", "5", "--seed", "3", "--label-fraction", "1",
                 "--pack", "tiny", verbosity=0)
    cases = list(Case.objects.all())
    assert len(cases) == 5
    assert all(c.pack == "tiny" and c.status != "active" for c in cases)
    # Every case was answered by the service: questions with rationale and belief.
    asks = Turn.objects.filter(role=Role.BOT, action__type="ask")
    assert asks.exists() and all(t.rationale.get("separates") for t in asks)
    assert all(t.belief.get("top") for t in asks)
    # Labelled with the simulated user's true cause (or "other").
    labels = Outcome.objects.all()
    assert labels.count() == 5
    assert all(o.other or o.hypothesis in {"h-dead", "h-driver", "h-screen"} for o in labels)


def test_seed_demo_on_a_fresh_database_loads_the_example_packs_and_shows_a_bar(
    settings: Any, tmp_path: Path
) -> None:
    from io import StringIO

    from knowledge.models import Pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    Pack.objects.all().delete()  # (other test modules may keep packs for the session)
    out, err = StringIO(), StringIO()
    call_command("seed_demo", "--cases", "3", "--progress", stdout=out, stderr=err)
    assert Pack.objects.filter(current_version__isnull=False).exists()
    assert "Example pack loaded" in out.getvalue()
    assert Case.objects.count() == 3
    assert err.getvalue().rstrip().endswith("] 3/3 cases\x1b[K")
    assert "3 case(s) in" in out.getvalue()
    assert len(out.getvalue().splitlines()) < 10  # no line per case or per turn


def test_the_bench_pack_is_valid_and_the_bench_measures(settings: Any, tmp_path: Path) -> None:
    from knowledge.packs.store import import_pack

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    for i, name in enumerate(("bench-it", "bench-car", "bench-med")):
        data = bench_pack(name, seed=i)
        validate_pack(data)  # raises on any problem
        import_pack(data)
    totals = seed_cases(60, seed=1, log=lambda _: None)
    assert totals["cases"] == 60 == Case.objects.count()
    assert 4 <= totals["turns"] / totals["cases"] <= 12
    result = measure(requests=3, seed=2)
    for page in ("list", "detail", "queue"):
        assert result[f"{page}_p95_ms"] > 0
    assert result["cases"] == 60


def test_bench_console_refuses_a_database_that_is_not_a_scratch_one(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="refusing to seed"):
        call_command("bench_console", "--in-scratch-database", "--cases", "1",
                     "--json", str(tmp_path / "x.json"))
    assert not (tmp_path / "x.json").exists()
