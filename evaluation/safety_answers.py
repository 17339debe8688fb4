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
"""

from __future__ import annotations

from collections.abc import Iterable

from bots.safety.affirmed import affirmed_statement
from bots.safety.emergency import emergency_kinds
from planning.network import EvidentialNetwork
from planning.simulation import UNSURE, SimulatedUser

__all__ = ["corroborated"]


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
        if state == finding.default_state:
            continue
        text = affirmed_statement(finding, (state,), network)
        if text:
            said.append(text)
    return bool(set(kinds) & set(emergency_kinds(" ".join(said))))
