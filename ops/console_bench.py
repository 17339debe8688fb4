"""The console benchmark: many realistic cases in a scratch database, timed page renders.

``seed_cases`` fills a database with ``n`` cases (about 8 turns each: user messages read as
answers, bot questions with their rationale and citations, belief snapshots, outcomes for a
share of ended cases) with ``bulk_create``; ``measure`` renders the case list, the case page
and the queue through Django's test client as a signed-in operator and reports percentiles.
Meant for a throwaway database (``manage.py bench_console`` runs it in a subprocess on a
temporary SQLite file); nothing here is used by the running console.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.test import Client
from django.utils import timezone

from bots.models import Case, CaseStatus, Channel, Outcome, Role, Turn
from console.roles import OPERATOR, ensure_roles, grant

PACKS = ("bench-it", "bench-car", "bench-med")
STATUSES = (
    (CaseStatus.CONCLUDED, 0.55),
    (CaseStatus.ABSTAINED, 0.14),
    (CaseStatus.ESCALATED, 0.08),
    (CaseStatus.HANDED_OFF, 0.05),
    (CaseStatus.CLOSED, 0.12),
    (CaseStatus.ACTIVE, 0.06),
)
_VOCABULARY = """laptop battery charger screen wifi router printer driver update keyboard fan noise
overheating cough fever headache pain chest throat rash engine brake tyre lights starter display
flicker boot slow crash password account email vpn"""
WORDS = _VOCABULARY.split()
BATCH = 2000


def bench_pack(name: str, seed: int, n_hyp: int = 40, n_find: int = 60) -> dict[str, Any]:
    """A synthetic but well-formed pack: hypotheses, findings, cited links and documents."""
    rng = random.Random(seed)
    doc = f"{name}:guide"
    paragraphs = [
        f"Section {i}: when the {rng.choice(WORDS)} and the {rng.choice(WORDS)} misbehave, "
        f"check the {rng.choice(WORDS)} first; it usually points to cause {i % n_hyp}."
        for i in range(n_find)
    ]
    hypotheses = [
        {"id": f"h{i}", "name": f"{rng.choice(WORDS).capitalize()} fault {i}",
         "resolution": f"Replace the {rng.choice(WORDS)}.",
         "citations": [{"passage_id": f"{doc}#{i % n_find}"}]}
        for i in range(n_hyp)
    ]
    findings = []
    for j in range(n_find):
        states = ["yes", "no"] if j % 5 else ["low", "medium", "high"]
        findings.append({
            "id": f"f{j}", "question": f"Is the {rng.choice(WORDS)} {rng.choice(WORDS)}?",
            "states": states, "citations": [{"passage_id": f"{doc}#{j}"}],
        })
    links = []
    for i in range(n_hyp):
        for j in rng.sample(range(n_find), 12):
            frame = [str(s) for s in findings[j]["states"]]
            a = round(rng.uniform(0.5, 0.9), 3)
            links.append({
                "hypothesis": f"h{i}", "finding": f"f{j}",
                "masses": [{"states": [rng.choice(frame)], "mass": a},
                           {"states": sorted(frame), "mass": round(1 - a, 3)}],
                "citations": [{"passage_id": f"{doc}#{j}", "document_id": doc}],
            })
    return {
        "format": "askfew-pack", "format_version": 1, "name": name, "version": "1",
        "title": f"Benchmark pack {name}", "domain": "it",
        "network": {"schema_version": 1, "name": name, "hypotheses": hypotheses,
                    "findings": findings, "links": links},
        "documents": [{"id": doc, "kind": "article", "title": f"{name} guide",
                       "text": "\n\n".join(paragraphs), "split": "paragraphs"}],
    }


@contextmanager
def explicit_dates() -> Iterator[None]:
    """Let bulk_create keep the dates we give (auto_now(_add) would overwrite them)."""
    fields = [Case._meta.get_field(n) for n in ("created_at", "updated_at")]
    fields.append(Turn._meta.get_field("created_at"))
    saved = [(f, f.auto_now, f.auto_now_add) for f in fields]
    for f in fields:
        f.auto_now = f.auto_now_add = False
    try:
        yield
    finally:
        for f, now, add in saved:
            f.auto_now, f.auto_now_add = now, add


def _belief(rng: random.Random, hyps: list[str], step: int) -> dict[str, Any]:
    weights = sorted((rng.random() ** (1 + step) for _ in range(5)), reverse=True)
    total = sum(weights) * rng.uniform(1.0, 1.4)
    chosen = rng.sample(hyps, 5)
    return {
        "turns": step, "asked": step,
        "top": [{"id": h, "name": f"Fault {h}", "betp": w / total}
                for h, w in zip(chosen, weights, strict=True)],
        "conflict": rng.uniform(0, 0.2 * step / 8), "open_world": 0.0,
        "nonspecificity": max(0.0, 5.3 - step * 0.6 + rng.uniform(-0.2, 0.2)),
        "discord": rng.uniform(0.1, 1.5),
    }


def seed_cases(n: int, seed: int = 0, log: Callable[[str], None] = print) -> dict[str, int]:
    """Bulk-create ``n`` cases with ~8 turns each; returns how many rows of each kind."""
    rng = random.Random(seed)
    now = timezone.now()
    hyps = [f"h{i}" for i in range(40)]
    statuses = [s for s, _ in STATUSES]
    weights = [w for _, w in STATUSES]
    channels = [c.value for c in Channel if c != Channel.TERMINAL]
    totals = {"cases": 0, "turns": 0, "outcomes": 0}
    with explicit_dates():
        for start in range(0, n, BATCH):
            size = min(BATCH, n - start)
            cases = []
            for k in range(size):
                created = now - timedelta(seconds=rng.uniform(0, 84 * 86400))
                status = rng.choices(statuses, weights)[0]
                concluded = status == CaseStatus.CONCLUDED
                queued = status in (
                    CaseStatus.ABSTAINED, CaseStatus.ESCALATED, CaseStatus.HANDED_OFF
                )
                rated = status == CaseStatus.CLOSED and rng.random() < 0.4
                cases.append(Case(
                    channel=rng.choice(channels),
                    external_thread_id=f"bench-{seed}-{start + k}",
                    user_display=f"user {rng.randrange(5000)}",
                    pack=rng.choice(PACKS), pack_version="1", status=status,
                    conclusion=rng.choice(hyps) if concluded else "",
                    confidence=rng.uniform(0.85, 1.0) if concluded else None,
                    differential=[{"id": h, "name": f"Fault {h}", "betp": 1 / (i + 2)}
                                  for i, h in enumerate(rng.sample(hyps, 5))],
                    state={"version": 1, "answers": []},
                    created_at=created, updated_at=created + timedelta(minutes=5),
                    # Waiting cases by urgency (the queue's order) and ratings after a close.
                    triage_level=rng.choices(["", "emergency", "urgent", "routine"],
                                             [70, 5, 10, 15])[0],
                    waiting_since=created + timedelta(minutes=4) if queued else None,
                    csat_score=rng.randint(1, 5) if rated else None,
                    csat_at=created + timedelta(hours=2) if rated else None,
                ))
            created_cases = Case.objects.bulk_create(cases, batch_size=BATCH)
            if created_cases and created_cases[0].pk is None:  # backends without RETURNING
                ids = dict(Case.objects.filter(
                    external_thread_id__in=[c.external_thread_id for c in cases]
                ).values_list("external_thread_id", "pk"))
                for c in created_cases:
                    c.pk = ids[c.external_thread_id]
            turns, outcomes = [], []
            for case in created_cases:
                turns.extend(_turns(case, rng, hyps))
                if case.status != CaseStatus.ACTIVE and rng.random() < 0.3:
                    right = case.conclusion and rng.random() < 0.8
                    outcomes.append(Outcome(
                        case=case, hypothesis=case.conclusion if right else rng.choice(hyps)
                    ))
            Turn.objects.bulk_create(turns, batch_size=BATCH)
            Outcome.objects.bulk_create(outcomes, batch_size=BATCH)
            totals["cases"] += len(created_cases)
            totals["turns"] += len(turns)
            totals["outcomes"] += len(outcomes)
            log(f"seeded {totals['cases']}/{n} cases, {totals['turns']} turns")
    return totals


def _turns(case: Case, rng: random.Random, hyps: list[str]) -> list[Turn]:
    out = []
    n_questions = rng.randint(1, 5)
    at = case.created_at
    complaint = " ".join(rng.choice(WORDS) for _ in range(8))
    out.append(Turn(case=case, index=0, role=Role.USER, text=f"My {complaint}",
                    interpretation={"intent": "unknown"}, created_at=at))
    for q in range(n_questions):
        finding = f"f{rng.randrange(60)}"
        separates = rng.sample(hyps, 3)
        out.append(Turn(
            case=case, index=len(out), role=Role.BOT,
            text=f"Is the {rng.choice(WORDS)} {rng.choice(WORDS)}?",
            action={"type": "ask", "finding": finding, "states": ["yes", "no"]},
            rationale={"separates": separates, "expected_gain": rng.uniform(0.05, 1.2),
                       "answer_probability": {"yes": 0.4, "no": 0.6},
                       "score_name": "expected_nonspecificity_reduction",
                       "separates_named": [{"id": h, "name": f"Fault {h}"} for h in separates],
                       "citations": [{"passage_id": f"{case.pack}:guide#{finding[1:]}"}]},
            belief=_belief(rng, hyps, q), latency_ms=rng.uniform(5, 80),
            created_at=at + timedelta(seconds=20 * len(out)),
        ))
        answer = rng.choice(["yes", "no"])
        out.append(Turn(
            case=case, index=len(out), role=Role.USER, text=answer,
            interpretation={"intent": "answer", "answers": [
                {"finding": finding, "states": [answer], "reliability": 1.0}]},
            created_at=at + timedelta(seconds=20 * len(out)),
        ))
    out.append(Turn(
        case=case, index=len(out), role=Role.BOT, text="Here is what I found.",
        action={"type": {"concluded": "conclude", "abstained": "abstain"}.get(
            case.status, "escalate")},
        belief=_belief(rng, hyps, n_questions), latency_ms=rng.uniform(5, 80),
        created_at=at + timedelta(seconds=20 * len(out)),
    ))
    return out


@dataclass
class Timing:
    samples: list[float]
    # CPU time of this thread per request (Django, the templates and SQLite all run here): what
    # a page costs, apart from waiting for a core on a loaded machine.
    cpu: list[float] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        ordered = sorted(self.samples)
        if not ordered:
            return float("nan")
        k = (len(ordered) - 1) * q
        lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def _time(client: Client, urls: list[str]) -> Timing:
    samples = []
    cpu = []
    for url in urls:
        started = time.perf_counter()
        cpu_started = time.thread_time()
        response = client.get(url, secure=True)
        elapsed = (time.perf_counter() - started) * 1000.0
        cpu.append((time.thread_time() - cpu_started) * 1000.0)
        if response.status_code != 200:
            raise RuntimeError(f"GET {url} answered {response.status_code}")
        samples.append(elapsed)
    return Timing(samples, cpu)


def signed_in(user: Any) -> Client:
    """A test client with a session for ``user``, made as ``force_login`` makes it but without
    its login signal: django-axes would log an access from the address "unknown", which
    PostgreSQL's inet column refuses (there is no request address outside a request)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY

    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = user._meta.pk.value_to_string(user)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key
    return client


def measure(requests: int = 200, seed: int = 1) -> dict[str, Any]:
    """Render list, detail, queue and dashboard pages as an operator; milliseconds per
    request (the dashboard, slower to read and less often opened, a quarter as often)."""
    rng = random.Random(seed)
    ensure_roles()
    user, _ = get_user_model().objects.get_or_create(username="bench-operator")
    grant(user, OPERATOR)
    client = signed_in(user)
    ids = list(Case.objects.values_list("pk", flat=True))
    total = len(ids)
    pages = max(1, total // 50)
    queued = Case.objects.filter(
        status__in=[CaseStatus.ABSTAINED, CaseStatus.ESCALATED, CaseStatus.HANDED_OFF]
    ).count()
    dates = Case.objects.aggregate(lo=models.Min("created_at"), hi=models.Max("created_at"))

    def list_url() -> str:
        kind = rng.random()
        if kind < 0.3:
            return f"/cases/?page={rng.randint(1, pages)}"
        if kind < 0.5:
            return f"/cases/?status={rng.choice(STATUSES)[0]}&channel={rng.choice(list(Channel))}"
        if kind < 0.7:
            day = dates["lo"] + (dates["hi"] - dates["lo"]) * rng.random()
            return (f"/cases/?pack={rng.choice(PACKS)}&since={day:%Y-%m-%d}"
                    f"&until={day + timedelta(days=14):%Y-%m-%d}")
        if kind < 0.85:
            return f"/cases/?q={rng.choice(WORDS)}"
        return f"/cases/api/?page={rng.randint(1, pages)}"

    def queue_url() -> str:
        kind = rng.random()
        if kind < 0.5:
            return f"/queue/?page={rng.randint(1, max(1, queued // 50))}"
        if kind < 0.8:
            return f"/queue/?channel={rng.choice(list(Channel))}&pack={rng.choice(PACKS)}"
        return "/queue/api/"

    def dashboard_url() -> str:
        return "/dashboard/" if rng.random() < 0.5 else f"/dashboard/?pack={rng.choice(PACKS)}"

    kinds = {
        "list": [list_url() for _ in range(requests)],
        "detail": [f"/cases/{rng.choice(ids)}/" for _ in range(requests)],
        "queue": [queue_url() for _ in range(requests)],
        "dashboard": [dashboard_url() for _ in range(max(1, requests // 4))],
    }
    for urls in kinds.values():  # warm caches (parsed networks, templates) before timing
        _time(client, urls[:5])
    out: dict[str, Any] = {"cases": total, "turns": Turn.objects.count(),
                           "requests_per_page": requests}
    for name, urls in kinds.items():
        timing = _time(client, urls)
        out[f"{name}_p50_ms"] = round(timing.percentile(0.5), 2)
        out[f"{name}_p95_ms"] = round(timing.percentile(0.95), 2)
        out[f"{name}_max_ms"] = round(max(timing.samples), 2)
        out[f"{name}_mean_ms"] = round(statistics.fmean(timing.samples), 2)
        out[f"{name}_cpu_p50_ms"] = round(Timing(timing.cpu).percentile(0.5), 2)
        out[f"{name}_cpu_p95_ms"] = round(Timing(timing.cpu).percentile(0.95), 2)
    return out
