"""How a simulated patient answers the nurse's safety follow-up
(:mod:`bots.conversation.safety_check`): "Are you struggling to breathe right now, even sitting
still?" after a yes to a screening question.

A DDXPlus patient has no recorded answer to that question, so it answers from its OWN recorded
findings, never from its pathology or its severity: yes when its other findings (every finding
it records other than the answers that prompted the follow-up, each said back as the sentence a
patient would type, :mod:`bots.safety.affirmed`) read together signal the same kind of
emergency to the same emergency reader the bot uses (:mod:`bots.safety.emergency`). A patient
whose breathlessness comes with a swelling throat or stridor, or chest pain with pain spreading
to the arm, corroborates acuity and says yes; one whose only alarming answer was the screening
question says no.

The follow-up asks about *now*. A finding whose question asks about now or before alike ("Do
you feel like you are (or were) choking or suffocating?", "weakness ... which may still be
present or completely resolved", "have you ever felt like you were suffocating ...") records
that it happened, not that it is happening: it says nothing about "right now" and corroborates
nothing. Said back as a sentence ("I feel like I am (or were) choking or suffocating") it read
as choking at this moment, and nine dev panic attacks, whose record says they feel or felt
like choking, answered "yes, I am struggling to breathe right now" from it (no severe dev
patient's yes came from such a finding).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bots.safety.affirmed import affirmed_statement
from bots.safety.emergency import emergency_kinds
from planning.network import EvidentialNetwork
from planning.simulation import UNSURE, SimulatedUser

__all__ = ["corroborated", "now_or_before"]

# A question that asks about now or the past alike (the module docstring).
_NOW_OR_BEFORE = re.compile(
    r"\(or were\)|\(or was\)|\bpreviously\b|\bdid you ever\b|\bhave you ever\b|"
    r"\bcompletely resolved\b|\bin the past\b",
    re.IGNORECASE,
)


def now_or_before(question: str) -> bool:
    """Whether the question asks about now or before alike: its yes says nothing of now."""
    return bool(_NOW_OR_BEFORE.search(question))


def corroborated(
    user: SimulatedUser,
    network: EvidentialNetwork,
    kinds: Iterable[str],
    prompted_by: Iterable[str],
) -> bool:
    """Whether the patient's own other findings signal one of ``kinds`` (the module docstring)."""
    skip = set(prompted_by)
    said = []
    for finding_id, state in user.case.answers.items():
        if finding_id in skip or state == UNSURE or finding_id not in network.finding_index:
            continue
        finding = network.finding(finding_id)
        if state == finding.default_state or now_or_before(finding.question):
            continue
        text = affirmed_statement(finding, (state,), network)
        if text:
            said.append(text)
    return bool(set(kinds) & set(emergency_kinds(" ".join(said))))
