"""Play simulated users through the conversation service (``manage.py evaluate``).

Each case is one conversation with :class:`bots.service.ConversationService` on the web
channel: the user opens with the case's complaint (the pack chosen as the web chat's picker
does), then answers every question the bot asks, in the way ``--answers`` says
(:mod:`evaluation.speakers`), until the bot stops asking. A conclusion that says it went by a
fact the user's own case contradicts is corrected as a person would ("That's not what I
said", :func:`misread`: only what the reply shows, never the right cause), and the dialogue
goes on; so is a hand-off to a person that says what it went by, while no person has taken
it up. The first outcome and the corrections are recorded (``extra``). What the user
got is recorded from the service's own replies and stored case: the outcome of the bot's last
turn, the questions (a confirmation is a second occurrence of its finding), the wall time of
every turn, and the replies that showed the user an internal id (:func:`shows_code`). The case
result's belief figures are recomputed from the stored dialogue state
(:func:`planning.results.case_result`).

``workers > 1`` forks worker processes that inherit the networks and services; nothing but
(policy, case index) tasks and results is pickled.
"""

from __future__ import annotations

import multiprocessing
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bots.case_store import load_state
from bots.conversation.nurse_questions import KEY as NURSE_QUESTION
from bots.conversation.safety_check import KEY as SAFETY_CHECK
from bots.messages import Inbound, Reply
from bots.service import ConversationService
from evaluation.memory import MemoryStore
from evaluation.safety_answers import corroborated
from evaluation.speakers import Speaker
from planning.actions import Abstain, Action, Conclude, Escalate
from planning.dialogue import DialogueState
from planning.network import EvidentialNetwork
from planning.results import CaseResult, case_result
from planning.simulation import Case

CHANNEL = "web"
# What a user must never see: DDXPlus evidence and value codes, a chart's node ids and step
# numbers, passage ids of a chart ("laptop_battery#3").
CODE = re.compile(
    r"\b[EV]_\d+\b|\bgo to step \d+|\bstep \d+\b|\b[a-z][a-z0-9_]*:[qt]\d+\b|\b\w+#\d+\b",
    re.IGNORECASE,
)

# A conclusion that claims certainty: "100%", "100 %", "100 percent".
CERTAIN = re.compile(r"\b100\s*(%|percent\b)", re.IGNORECASE)


def shows_code(reply: Reply) -> bool:
    """Whether the reply's text or a button label shows an internal id."""
    texts = [reply.text, *(b.label for b in reply.buttons)]
    return any(CODE.search(text) for text in texts)


@dataclass(frozen=True)
class Played:
    """One case through the service: the result and what the user saw."""

    result: CaseResult
    messages: int
    user_visible_codes: int  # replies showing an internal id
    misunderstood: int  # replies "I didn't understand" (the user's words not read)
    coded_examples: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def play_case(
    service: ConversationService,
    store: MemoryStore,
    case: Case,
    pack: str,
    network: EvidentialNetwork,
    speaker: Speaker,
    *,
    max_messages: int,
) -> Played:
    """One conversation (module docstring)."""
    thread = case.id
    replies: list[Reply] = []
    times: list[float] = []
    asked: list[str] = []
    misunderstood = 0
    safety_checks = 0
    nurse_questions = 0
    follow_ups: list[dict[str, Any]] = []

    def send(inbound: Inbound) -> Reply:
        started = time.perf_counter()
        reply = service.handle(inbound, store=store)
        times.append((time.perf_counter() - started) * 1000.0)
        replies.append(reply)
        return reply

    reply = send(Inbound(CHANNEL, thread, text=case.complaint or "Hello", pack=pack))
    topic = f"pack:{pack}"
    if reply.kind == "prompt" and any(b.payload == topic for b in reply.buttons):
        # "Is it about <the topic>?" (bots.conversation.scope_check): the user chose it.
        reply = send(Inbound(CHANNEL, thread, text="", button=topic, pack=pack))
    attempt = 0
    last_action: dict[str, Any] = _last_action(store, reply)
    options: list[str] = list(last_action.get("options") or [])
    corrections = 0
    first: dict[str, Any] = {}
    while True:
        while reply.kind == "question" and reply.question and len(replies) < max_messages:
            finding = network.finding(reply.question)
            confirming = last_action.get("type") == "confirm"
            if last_action.get("type") == SAFETY_CHECK:
                # The nurse's safety follow-up: answered from the patient's own other findings.
                safety_checks += attempt == 0
                yes = corroborated(
                    speaker.user, network, last_action["kinds"], last_action["prompted_by"]
                )
                if attempt == 0:
                    follow_ups.append(
                        {
                            "kinds": list(last_action["kinds"]),
                            "prompted_by": list(last_action["prompted_by"]),
                            "yes": yes,
                        }
                    )
                text, button = speaker.yes_no(yes, attempt=attempt)
            elif last_action.get("type") == NURSE_QUESTION:
                # A nurse's question about a bite, sting or injury (stop 41): no DDXPlus
                # patient has one, so "no"; ``nurse_questions`` counts how often it is asked.
                nurse_questions += attempt == 0
                text, button = speaker.yes_no(False, attempt=attempt)
            elif options:  # a multi-choice question asked whole
                shown = [network.finding(o) for o in options]
                text, button = speaker.choose(shown, attempt=attempt)
            else:
                text, button = speaker.reply(finding, attempt=attempt, confirming=confirming)
            if last_action.get("type") in ("ask", "confirm"):
                asked.append(finding.id)
            reply = send(Inbound(CHANNEL, thread, text=text, button=button or None, pack=pack))
            last_action = _last_action(store, reply)
            if last_action.get("type") in ("ask", "confirm") or (
                last_action.get("type") in (SAFETY_CHECK, NURSE_QUESTION)
                and "reask" not in last_action
            ):
                attempt = 0  # a new question (or the same one asked back as a confirmation)
                options = list(last_action.get("options") or [])
            else:
                # Explained ("why", "how"), or not understood: the user's next try.
                misunderstood += last_action.get("type") == "reask"
                attempt += 1
        # A conclusion, or a hand-off to a person, may say what it went by (basis).
        if reply.kind not in ("conclusion", "handoff") or len(replies) >= max_messages:
            break
        if not first:  # the first outcome, as it would stand without corrections
            turns = store.cases[(CHANNEL, thread)].state.get("turns", len(asked))
            concluded = last_action.get("hypothesis") if reply.kind == "conclusion" else None
            first = {"concluded": concluded, "turns": int(turns)}
        wrong = misread(speaker.user, reply, last_action)
        if wrong is None or corrections >= MAX_CORRECTIONS:
            break
        # "That's not what I said": the user saw a fact the conclusion went by that is not so.
        corrections += 1
        finding = network.finding(wrong)
        text, button = speaker.correct(finding)
        reply = send(Inbound(CHANNEL, thread, text=text, button=button or None, pack=pack))
        last_action = _last_action(store, reply)
        attempt = 0
        options = list(last_action.get("options") or [])
    stored = store.cases[(CHANNEL, thread)]
    if stored.state.get("version") is not None:
        state = load_state(stored.state, network).state
    else:
        state = DialogueState.start(network)
    result = case_result(
        case, network, state, _action(last_action, reply), tuple(asked), tuple(times)
    )
    if last_action.get("type") == "conclude" and last_action.get("triage_level"):
        # What the patient was told, as the service said it (metrics.routine_under_conflict).
        result = replace(result, told_level=str(last_action["triage_level"]))
    coded = [r.text for r in replies if shows_code(r)]
    store.forget(CHANNEL, thread)
    # Every answer the dialogue recorded, the facts read from the opening included
    # (knowledge.construction.failures reads them to say why a dialog failed).
    extra: dict[str, Any] = {"answers": tuple(state.answers)}
    if last_action.get("type") == "conclude":
        # The confidence the user was shown, and whether the text claimed certainty
        # (evaluation.shown).
        shown = last_action.get("shown_confidence")
        extra["shown"] = None if shown is None else float(shown)
        extra["claims_certainty"] = bool(CERTAIN.search(reply.text))
    if safety_checks:
        extra["safety_checks"] = safety_checks
    if nurse_questions:
        extra["nurse_questions"] = nurse_questions
    if first:
        extra["first_conclusion"] = first
    if corrections:
        extra["corrections"] = corrections
    extra["why"] = _why(state, network, last_action, follow_ups)
    return Played(result, len(replies), len(coded), misunderstood, tuple(coded[:3]), extra)


# Corrections one simulated user makes at most (each turns a fact read from words into one
# answered, so a conclusion lists fewer each time; this only bounds a bug).
MAX_CORRECTIONS = 3


def misread(user: Any, reply: Reply, record: Mapping[str, Any]) -> str | None:
    """The finding of a fact the conclusion says it went by (its words in the reply the user
    saw) that contradicts the user's own case, or None. Only what is shown counts, and only
    the user's own situation (``true_state``), never the right cause."""
    for fact in record.get("basis") or []:
        if str(fact.get("shown", "")) not in reply.text:
            continue
        truth = user.true_state(str(fact["finding"]))
        if truth is not None and truth not in fact.get("states", []):
            return str(fact["finding"])
    return None


def _why(
    state: DialogueState,
    network: EvidentialNetwork,
    last_action: Mapping[str, Any],
    follow_ups: Sequence[Mapping[str, Any]],
) -> dict[str, Any]:
    """What a case's safety outcome rests on, for grouping escalations
    (:mod:`evaluation.escalations`): its red flags with their reasons, the nurse's follow-ups
    and the simulated answers, how the last turn ended, and the leading hypotheses with their
    severities (what the triage level was computed from)."""
    ranking = state.ranking(network)[:5]
    return {
        "red_flags": [
            {"finding": f.finding, "states": list(f.states), "reason": f.reason, "level": f.level}
            for f in state.red_flags
        ],
        "follow_ups": [dict(f) for f in follow_ups],
        "ending": {
            key: last_action[key]
            for key in ("type", "reason", "detail", "triage_level", "escalated")
            if key in last_action
        },
        "ranking": [[h, round(p, 4), network.hypothesis(h).severity] for h, p in ranking],
    }


def _last_action(store: MemoryStore, reply: Reply) -> dict[str, Any]:
    if reply.case_id is None:
        return {}
    turns = store.turns.get(reply.case_id) or []
    for turn in reversed(turns):
        if turn.action:
            return dict(turn.action)
    return {}


def _action(record: Mapping[str, Any], reply: Reply) -> Action:
    """The engine's last decision, as the bot's turn recorded it."""
    kind = record.get("type")
    if kind == "conclude":
        return Conclude(str(record["hypothesis"]), float(record.get("confidence") or 0.0))
    if kind == "escalate":
        return Escalate(str(record.get("reason", "")), str(record.get("detail", "")))
    if kind == "abstain":
        return Abstain(str(record.get("reason", "")), ())
    if kind == "handoff":
        return Escalate("requested", str(record.get("reason", "")))
    # Still asking when the message budget ran out (a reply the bot never understood).
    return Abstain(f"unfinished: {kind or reply.kind}", ())


# -- many policies, many cases -----------------------------------------------------------------

ServiceFor = Callable[[str], ConversationService]
SpeakerFor = Callable[[Case], Speaker]
Progress = Callable[[int, int], None]


@dataclass
class Job:
    """Everything a worker needs: built once, inherited by forked workers."""

    policies: Sequence[str]
    cases: Sequence[Case]
    pack_of: Callable[[Case], str]
    network_of: Callable[[Case], EvidentialNetwork]
    service_for: ServiceFor
    speaker_for: SpeakerFor
    max_messages: int
    packs: Any = None  # the catalog the services run on (evaluation.memory.DatasetPacks)
    _services: dict[str, ConversationService] = field(default_factory=dict)
    _store: MemoryStore = field(default_factory=MemoryStore)

    def run(self, policy: str, index: int) -> Played:
        service = self._services.get(policy)
        if service is None:
            service = self._services[policy] = self.service_for(policy)
        case = self.cases[index]
        return play_case(
            service,
            self._store,
            case,
            self.pack_of(case),
            self.network_of(case),
            self.speaker_for(case),
            max_messages=self.max_messages,
        )


_FORKED: Job | None = None


def _run_forked(task: tuple[str, int]) -> tuple[str, int, Played]:
    assert _FORKED is not None
    policy, index = task
    return policy, index, _FORKED.run(policy, index)


def _run_all(
    job: Job, tasks: list[tuple[str, int]], workers: int
) -> Iterator[tuple[str, int, Played]]:
    global _FORKED
    if workers <= 1 or len(tasks) <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for policy, index in tasks:
            yield policy, index, job.run(policy, index)
        return
    _FORKED = job
    try:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            chunk = max(1, min(16, len(tasks) // (workers * 8)))
            yield from pool.imap_unordered(_run_forked, tasks, chunksize=chunk)
    finally:
        _FORKED = None


def play_all(
    job: Job, *, workers: int = 1, progress: Progress | None = None
) -> dict[str, list[Played]]:
    """Every policy on every case, per policy in case order (deterministic for any
    ``workers``: the users' noise is seeded per case, the policies by the dialogue)."""
    if workers < 1:
        raise ValueError(f"workers must be >= 1, got {workers}")
    ids = [case.id for case in job.cases]
    if len(set(ids)) != len(ids):
        raise ValueError("case ids are not unique")
    tasks = [(p, i) for p in job.policies for i in range(len(job.cases))]
    slots: dict[str, list[Played | None]] = {p: [None] * len(job.cases) for p in job.policies}
    for done, (policy, index, played) in enumerate(_run_all(job, tasks, workers), start=1):
        slots[policy][index] = played
        if progress is not None:
            progress(done, len(tasks))
    return {p: [x for x in results if x is not None] for p, results in slots.items()}
