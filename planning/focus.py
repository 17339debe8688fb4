"""The first questions follow the complaint.

An information-gain policy scores a question by how well it splits the whole hypothesis set.
Right after the opening that set is still wide, and the best splitters are often history
questions that cut it in two ("Have you ever had pneumonia?", "Do you have heart failure?")
or symptoms of conditions the opening made implausible (a rash for a hoarse voice). A person
who came with a complaint expects to be asked about it first, as a clinician would: the
symptoms of the conditions it makes plausible, then the history.

:func:`early_exclusions` names the findings that are held back in the first questions:

- history findings (``history``: risk factors and antecedents, which the pack names);
- findings that are not a sign of any *plausible* hypothesis: the plausible ones are those
  what was said points at (:func:`plausible_hypotheses`: the opening's prior and the facts
  it stated, negated ones included, without the base rate), at most ``max_plausible``; a
  finding is a sign of a hypothesis when its link gives some non-default answer plausibility
  of at least ``link_floor`` (a listed symptom; an unlisted one has the closed-world ``eps``).

:func:`typical_topics` names, of the topics a follow-up chain opens ("Do you have pain?",
"a rash?", "swelling?"), those the plausible hypotheses typically come with: their "yes" is a
sign of hypotheses holding at least ``typical_share`` of the plausible ones' support. Such a
topic is part of the complaint even when the opening did not name it (pain for a cough, whose
plausible causes mostly list chest pain), so its whole "where?" question may be among the
first questions; a topic a few of them list (a rash for a sore throat) is not.

The policy then chooses among the rest with its own score; nothing is excluded for good, and
where nothing is left the caller keeps the policy's own choice. What was answered or denied
is never a candidate in the first place (``DialogueState.asked``).
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np
from numpy.typing import NDArray

from .dialogue import DialogueState
from .network import EvidentialNetwork

__all__ = ["early_exclusions", "plausible_hypotheses", "sign_strength", "typical_topics"]

# Chosen on the development half of tests/bots/first_questions_table.py and checked against
# the DDXPlus dev evaluation (docs/first-questions.md).
DEFAULT_RATIO = 0.7
DEFAULT_MAX_PLAUSIBLE = 12
DEFAULT_LINK_FLOOR = 0.15
# A topic is typical of the complaint when hypotheses holding this share of the plausible
# ones' support list it (chosen on DDXPlus dev folds, docs/first-questions.md).
DEFAULT_TYPICAL_SHARE = 0.75


def plausible_hypotheses(
    state: DialogueState,
    network: EvidentialNetwork,
    ratio: float = DEFAULT_RATIO,
    max_plausible: int = DEFAULT_MAX_PLAUSIBLE,
) -> NDArray[np.intp]:
    """Indices of the hypotheses what was said points at, best first; empty when it points at
    none in particular (more than ``max_plausible`` within ``ratio`` of the best).

    They are ranked by the support of what was said alone: the belief's weight divided by
    the network's prior (the base rate). The base rate says which conditions are common, not
    which ones the complaint is about: with it, a common cold outranks the cluster headache
    that "sharp headaches behind one eye, my eye waters" describes, and every opening would
    be asked about coughs."""
    relative = _relative_support(state, network)
    if relative is None:
        return np.zeros(0, dtype=np.intp)
    order = np.argsort(-relative, kind="stable")
    chosen = order[relative[order] >= ratio]
    if chosen.size == relative.size:
        return np.zeros(0, dtype=np.intp)  # what was said favours none
    out: NDArray[np.intp] = chosen[:max_plausible].astype(np.intp)
    return out


def _relative_support(
    state: DialogueState, network: EvidentialNetwork
) -> NDArray[np.float64] | None:
    """Per hypothesis, the support of what was said (belief weight over the network's prior)
    relative to the best; None when every hypothesis was ruled out."""
    n = state.belief.n_hypotheses
    with np.errstate(divide="ignore"):
        support = state.belief.log_w[:n] - np.log(network.prior_plausibility())
    if not np.isfinite(support.max()):
        return None
    relative: NDArray[np.float64] = np.exp(support - support.max())
    return relative


def typical_topics(
    state: DialogueState,
    network: EvidentialNetwork,
    topics: Collection[str],
    *,
    share: float = DEFAULT_TYPICAL_SHARE,
    ratio: float = DEFAULT_RATIO,
    max_plausible: int = DEFAULT_MAX_PLAUSIBLE,
    link_floor: float = DEFAULT_LINK_FLOOR,
) -> frozenset[str]:
    """Of ``topics`` (yes/no findings), those whose non-default answer is a sign of plausible
    hypotheses holding at least ``share`` of their support (module docstring); none when
    what was said points at no hypothesis in particular."""
    plausible = plausible_hypotheses(state, network, ratio, max_plausible)
    relative = _relative_support(state, network)
    if not plausible.size or relative is None:
        return frozenset()
    weight = relative[plausible]
    out = set()
    for topic in topics:
        j = network.finding_index.get(topic)
        if j is None:
            continue
        signed = sign_strength(network, j)[plausible] >= link_floor
        if float(weight[signed].sum()) >= share * float(weight.sum()):
            out.add(topic)
    return frozenset(out)


def sign_strength(network: EvidentialNetwork, finding_index: int) -> NDArray[np.float64]:
    """Per hypothesis, how plausible a non-default answer of the finding is: its highest
    plausibility over the states other than the default (for a finding without a default,
    one minus the lowest plausibility of any state, 0 for a vacuous link)."""
    compiled = network.compile()
    finding = network.findings[finding_index]
    pl = compiled.pl[finding_index]
    if finding.default_state is not None:
        keep = [i for i, s in enumerate(finding.states) if s != finding.default_state]
        out: NDArray[np.float64] = pl[keep].max(axis=0)
        return out
    spread: NDArray[np.float64] = 1.0 - pl.min(axis=0)
    return spread


def early_exclusions(
    state: DialogueState,
    network: EvidentialNetwork,
    history: Collection[str] = (),
    *,
    ratio: float = DEFAULT_RATIO,
    max_plausible: int = DEFAULT_MAX_PLAUSIBLE,
    link_floor: float = DEFAULT_LINK_FLOOR,
) -> frozenset[str]:
    """The unasked findings to hold back in the first questions (module docstring)."""
    plausible = plausible_hypotheses(state, network, ratio, max_plausible)
    out: set[str] = set()
    for j, finding in enumerate(network.findings):
        if finding.id in state.asked:
            continue
        if finding.id in history:
            out.add(finding.id)
            continue
        if plausible.size and float(sign_strength(network, j)[plausible].max()) < link_floor:
            out.add(finding.id)
    return frozenset(out)
