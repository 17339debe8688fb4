"""The end-to-end half of ``evaluate_construction``: dialogs played through the service.

A pack built from an article (or the hand-structured chart it is compared with) is served
by :class:`bots.service.ConversationService` with in-memory storage and knowledge
(:mod:`evaluation.memory`), exactly as ``manage.py evaluate flodial --answers exact`` serves
the charts: the web channel, the product's reader and engine, the service's planner
settings (InfoGatherer, tau 0.85, 15 questions, up to 3 confirmations, red flags recorded),
and a simulated user who presses the answer buttons (:class:`evaluation.speakers.ExactSpeaker`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bots.config import ServiceConfig
from bots.language import OfflineInterpreter
from bots.service import ConversationService
from evaluation.memory import DatasetPacks, MemoryStore, OfflineGrounding
from evaluation.play import play_case
from evaluation.speakers import ExactSpeaker
from planning.dialogue import StoppingRule
from planning.evidence import Answer
from planning.network import EvidentialNetwork
from planning.results import CaseResult
from planning.simulation import Case, SimulatedUser

Player = Callable[..., list[CaseResult]]

TAU = 0.85
MAX_TURNS = 15
MAX_CONFIRMATIONS = 3


def service_player(
    *, policy: str = "infogatherer", tau: float = TAU, max_turns: int = MAX_TURNS
) -> Player:
    """A player that serves each network as a pack of its own and plays every case on it."""

    def play(
        network: EvidentialNetwork,
        cases: Sequence[Case],
        answers: list[tuple[Answer, ...]] | None = None,
    ) -> list[CaseResult]:
        pack = network.name or "article"
        packs = DatasetPacks(
            {pack: network},
            domain="troubleshooting",
            stopping={"tau": tau, "max_turns": max_turns},
        )
        store = MemoryStore()
        service = ConversationService(
            packs=packs,
            interpreter=OfflineInterpreter(),
            config=ServiceConfig(
                channel_packs={"web": None},
                policy=policy,
                stopping=StoppingRule(red_flags="flag"),
                focus_sections=False,
                patient_red_flags_escalate=False,
                max_confirmations=MAX_CONFIRMATIONS,
            ),
            grounding=OfflineGrounding(packs),
            store=store,
        )
        results = []
        for case in cases:
            played = play_case(
                service,
                store,
                case,
                pack,
                network,
                ExactSpeaker(SimulatedUser(case, seed=0)),
                max_messages=4 * (max_turns + 5),
            )
            results.append(played.result)
            if answers is not None:
                answers.append(tuple(played.extra.get("answers", ())))
        return results

    return play
