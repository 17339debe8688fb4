"""Demo cases: simulated users talking to the real conversation service, some outcomes labelled.

Each demo case is a dataset case played back by ``planning.simulation.SimulatedUser`` (with a
little noise: "not sure", a flipped answer, a hedge) against ``bots.service.ConversationService``
on one of the loaded packs. Users come from FloDial (the it-laptop and car packs; sometimes in
the dialog's own words) and DDXPlus (the patient-intake pack); any other pack gets users made
from its own links (each answers the state its true cause's link puts most mass on).

Web chat cases go through the channel runtime (``bots.inbox.accept``), so their transcripts
show on the web chat page and operator replies reach them; Slack and Telegram cases call the
service directly (no platform to post to). Case dates are spread over the past weeks so the
dashboard has weeks to show. A share of the ended cases gets an outcome label (the dataset's
truth, sometimes "other"), and some waiting cases are claimed, answered and closed by a demo
operator, so every page of the console has something to show.
"""

from __future__ import annotations

import datetime as dt
import random
import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from bots.models import Case, CaseStatus, Channel, InboundEvent, OutboundMessage, Outcome, Turn
from knowledge.models import Pack
from planning.network import EvidentialNetwork
from planning.simulation import Case as SimCase
from planning.simulation import SimulatedUser

from . import casework
from .packs import network_for
from .roles import OPERATOR, grant

MAX_MESSAGES = 40
DEMO_OPERATOR = "demo-operator"
PACK_CHANNELS: dict[str, Sequence[tuple[str, float]]] = {
    "it-laptop": ((Channel.SLACK, 0.7), (Channel.WEB, 0.3)),
    "car": ((Channel.WEB, 1.0),),
    "patient-intake": ((Channel.TELEGRAM, 0.8), (Channel.WEB, 0.2)),
}
HEDGES = {"yes": "I think so", "no": "I don't think so"}


class DemoError(RuntimeError):
    pass


@dataclass
class DemoResult:
    cases: int = 0
    by_status: dict[str, int] = field(default_factory=dict)
    labelled: int = 0
    handled: int = 0
    messages: int = 0


# -- users ------------------------------------------------------------------------------------


def _plausible_state(network: EvidentialNetwork, hypothesis: str, finding: str) -> str | None:
    link = network.link(hypothesis, finding)
    if link is None:
        return None
    singles = [(m, next(iter(f))) for f, m in link.masses if len(f) == 1]
    return max(singles)[1] if singles else None


def synthetic_cases(network: EvidentialNetwork, n: int, rng: random.Random) -> list[SimCase]:
    """Users made from the pack itself: a true cause, and the answers its links favour."""
    out = []
    for i in range(n):
        hypothesis = rng.choice(network.hypotheses)
        answers = {
            f.id: state
            for f in network.findings
            if (state := _plausible_state(network, hypothesis.id, f.id)) is not None
        }
        out.append(
            SimCase(
                id=f"synthetic-{network.name}-{i}",
                true_hypothesis=hypothesis.id,
                answers=answers,
                complaint=rng.choice(
                    ["Hi, something is wrong and I need help.", "Hello, I have a problem.",
                     "Can you help me figure out what's wrong?"]
                ),
            )
        )
    return out


def dataset_cases(pack: str, network: EvidentialNetwork, limit: int) -> list[SimCase]:
    """FloDial (laptop, car) or DDXPlus (patient intake) cases whose truth the pack knows."""
    from knowledge.datasets.common import DatasetError

    try:
        if "ddxplus" in str(network.metadata.get("source", "")).lower():
            from knowledge.datasets import ddxplus

            cases = list(ddxplus.load_cases("dev", limit=limit * 4))
        else:
            from knowledge.datasets import flodial

            cases = list(flodial.load_cases("all"))
    except (DatasetError, OSError, ValueError):
        return []
    # A case may know answers to findings the pack left out: the bot never asks those.
    return [c for c in cases if c.true_hypothesis in network.hypothesis_index][: limit * 4]


# -- conversations ----------------------------------------------------------------------------


Send = Callable[[str, str], dict[str, Any]]  # (text, button) -> the reply payload


def _web_sender(pack: str) -> tuple[Send, Callable[[], Case | None]]:
    from bots import inbox
    from bots.messages import Inbound

    token = secrets.token_urlsafe(24)
    count = [0]

    def send(text: str, button: str) -> dict[str, Any]:
        first = count[0] == 0
        count[0] += 1
        inbox.accept(
            Inbound(
                channel=Channel.WEB,
                event_id=f"web:{token}:{uuid.uuid4().hex}",
                thread_id=token,
                text=text or button,
                button=button,
                pack=pack if first else "",
                meta={"new": first},
            ),
            limit=False,  # seeding, not a user
        )
        out = (
            OutboundMessage.objects.filter(case__external_thread_id=token)
            .order_by("-pk")
            .first()
        )
        return dict(out.payload) if out is not None else {}

    return send, lambda: Case.objects.filter(channel=Channel.WEB, external_thread_id=token).first()


def _service_sender(
    channel: str, pack: str, service: Any, rng: random.Random
) -> tuple[Send, Callable[[], Any]]:
    from bots.messages import Inbound

    if channel == Channel.SLACK:
        thread = f"C0DEMO{rng.randint(100, 999)}:{1700000000 + rng.random() * 1e7:.6f}"
        user = f"U{rng.randint(10**7, 10**8 - 1)}"
    else:
        thread = str(rng.randint(10**8, 10**9 - 1))
        user = thread
    case_id: list[int | None] = [None]

    def send(text: str, button: str) -> dict[str, Any]:
        reply = service.handle(
            Inbound(
                channel=channel, thread_id=thread, text=text, button=button,
                user_id=user, user_display=f"demo user {user[-4:]}",
                event_id=uuid.uuid4().hex, pack=pack,
            )
        )
        case_id[0] = reply.case_id
        return dict(reply.to_dict())

    return send, lambda: Case.objects.filter(pk=case_id[0]).first() if case_id[0] else None


def converse(
    send: Send, sim: SimCase, pack: str, rng: random.Random, *, noisy: bool = True
) -> int:
    """Play one simulated user against the service until it stops asking; messages sent."""
    user = SimulatedUser(
        sim,
        flip_rate=0.06 if noisy else 0.0,
        unsure_rate=0.08 if noisy else 0.0,
        hedge_rate=0.1 if noisy else 0.0,
        seed=rng.randrange(1 << 30),
    )
    wants_human_at = rng.randint(2, 6) if noisy and rng.random() < 0.05 else -1
    asks_why = noisy and rng.random() < 0.15
    reply = send(sim.complaint or "I have a problem.", "")
    sent = 1
    while sent < MAX_MESSAGES:
        kind = reply.get("kind")
        buttons = [str(b.get("payload", "")) for b in reply.get("buttons") or []]
        if kind == "prompt":
            if f"pack:{pack}" in buttons:
                reply = send(pack, f"pack:{pack}")
            else:
                reply = send(sim.complaint or "I have a problem.", "")
        elif kind == "question":
            finding = str(reply.get("question") or "")
            if sent == wants_human_at:
                reply = send("Can I talk to a person?", "human")
            elif asks_why and "why" in buttons:
                asks_why = False
                reply = send("Why are you asking?", "why")
            else:
                reply = send(*_answer(user, finding, buttons, rng))
        else:
            break
        sent += 1
    return sent


def _answer(
    user: SimulatedUser, finding: str, buttons: list[str], rng: random.Random
) -> tuple[str, str]:
    states = tuple(b.split(":", 1)[1] for b in buttons if b.startswith("answer:") and
                   b != "answer:unsure")
    if not finding or not states:
        return "not sure", "answer:unsure"
    answer = user.answer(finding, states)
    if answer.states is None:
        return "Not sure", "answer:unsure"
    state = answer.states[0]
    if answer.reliability < 1.0 and state in HEDGES:
        return HEDGES[state], ""
    words = user.utterances(finding)
    if words and state == user.true_state(finding) and rng.random() < 0.25:
        return rng.choice(words), ""
    return state.replace("_", " ").capitalize(), f"answer:{state}"


# -- afterwards -------------------------------------------------------------------------------


def _backdate(case: Case, when: dt.datetime) -> None:
    delta = when - case.created_at
    Case.objects.filter(pk=case.pk).update(
        created_at=when, updated_at=case.updated_at + delta,
        closed_at=case.closed_at + delta if case.closed_at else None,
    )
    for turn in Turn.objects.filter(case=case).only("pk", "created_at"):
        Turn.objects.filter(pk=turn.pk).update(created_at=turn.created_at + delta)
    for event in InboundEvent.objects.filter(case=case).only("pk", "received_at"):
        InboundEvent.objects.filter(pk=event.pk).update(received_at=event.received_at + delta)
    for out in OutboundMessage.objects.filter(case=case).only("pk", "created_at", "sent_at"):
        OutboundMessage.objects.filter(pk=out.pk).update(
            created_at=out.created_at + delta, sent_at=out.sent_at + delta if out.sent_at else None
        )


def demo_operator() -> Any:
    users = get_user_model().objects
    user, created = users.get_or_create(
        username=DEMO_OPERATOR, defaults={"first_name": "Demo", "last_name": "Operator"}
    )
    if created:
        user.set_unusable_password()
        user.save()
        grant(user, OPERATOR)
    return user


def seed(
    n: int,
    *,
    packs: Sequence[str] = (),
    seed_value: int = 0,
    weeks: int = 8,
    label_fraction: float = 0.6,
    handle_fraction: float = 0.5,
    noisy: bool = True,
    log: Callable[[str], None] = lambda _: None,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> DemoResult:
    from bots.service import ConversationService

    if n < 1:
        raise DemoError(f"--cases must be at least 1, got {n}")
    rng = random.Random(seed_value)
    names = list(packs) or list(
        Pack.objects.filter(current_version__isnull=False).values_list("name", flat=True)
    )
    if not names:
        raise DemoError("no knowledge pack is loaded: import one (manage.py import_pack) or "
                        "start the console once (manage.py serve) to load the example packs")
    networks: dict[str, EvidentialNetwork] = {}
    pools: dict[str, list[SimCase]] = {}
    for name in names:
        network = network_for(name)
        if network is None:
            raise DemoError(f"pack {name!r} is not loaded")
        networks[name] = network
        share = n // len(names) + 1
        pool = dataset_cases(name, network, share)
        if not pool:
            pool = synthetic_cases(network, max(share, 5), rng)
            log(f"{name}: users made from the pack's links ({len(pool)})")
        else:
            log(f"{name}: {len(pool)} dataset users to draw from")
        pools[name] = pool
    service = ConversationService()
    operator = demo_operator()
    result = DemoResult()
    now = timezone.now()
    for i in range(n):
        pack = names[i % len(names)]
        sim = rng.choice(pools[pack])
        choices = PACK_CHANNELS.get(pack, ((Channel.WEB, 1.0),))
        channel = rng.choices([c for c, _ in choices], weights=[w for _, w in choices])[0]
        if channel == Channel.WEB:
            send, case_of = _web_sender(pack)
        else:
            send, case_of = _service_sender(channel, pack, service, rng)
        result.messages += converse(send, sim, pack, rng, noisy=noisy)
        case = case_of()
        if case is None:
            continue
        case.refresh_from_db()
        when = now - dt.timedelta(seconds=rng.uniform(0, weeks * 7 * 86400))
        _backdate(case, when)
        result.cases += 1
        result.by_status[case.status] = result.by_status.get(case.status, 0) + 1
        _afterwards(case, sim, rng, operator, label_fraction, handle_fraction, result)
        progress(i + 1, n)
    return result


def _afterwards(
    case: Case,
    sim: SimCase,
    rng: random.Random,
    operator: Any,
    label_fraction: float,
    handle_fraction: float,
    result: DemoResult,
) -> None:
    waiting = case.status in casework.QUEUE_STATUSES
    if waiting and rng.random() < handle_fraction:
        casework.claim(case.pk, operator)
        if case.channel == Channel.WEB:
            # Only the web chat can be answered here: Slack and Telegram need their platforms.
            text = rng.choice([
                "Thanks for your patience, I'm looking at your case now.",
                "Hi, I've read your answers. Let's try one more thing together.",
            ])
            casework.reply(case.pk, operator, text, close=rng.random() < 0.7)
        elif rng.random() < 0.7:
            casework.close(case.pk, operator)
        result.handled += 1
    if case.status == CaseStatus.ACTIVE or rng.random() >= label_fraction:
        return
    if rng.random() < 0.05:
        Outcome.objects.update_or_create(
            case=case, defaults={"other": True, "note": "A problem the pack does not cover.",
                                 "labelled_by": operator}
        )
    else:
        Outcome.objects.update_or_create(
            case=case, defaults={"hypothesis": sim.true_hypothesis, "labelled_by": operator}
        )
    result.labelled += 1
