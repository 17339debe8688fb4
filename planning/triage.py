"""Triage levels: how soon a patient should be seen, from red flags and the differential.

One rule for the product (``bots.triage``) and the evaluation harness, so the numbers the
harness reports are the ones patients get. A level is the most urgent of

* the level of every red flag tripped so far (an unknown level counts as an emergency), and
* the severity level of every *plausible* hypothesis: the leading one and any other with
  BetP >= ``TRIAGE_FLOOR``. Severity 1 (most severe) is an emergency, 2 urgent, 3-4 routine,
  5 self-care;
* urgent when the severity 1-2 causes together hold BetP >= ``TRIAGE_FLOOR``, however thinly
  the belief spreads them (:func:`spread_level`), or when one of them is within
  ``SEVERE_ODDS`` of the leader: not excluded by the answers.

The floor was chosen on the DDXPlus dev patients with exact answers (InfoGatherer): at 0.1
every dev patient with a severity 1-2 pathology ends flagged (escalated, emergency or urgent),
against 99.5% from the leading hypothesis alone, while 4.5% of severity 4-5 patients get
emergency or urgent (0.05: 5.6%, 0.02: 9.2%, 0.01: 17%).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .dialogue import DialogueState
from .evidence import Answer
from .network import EvidentialNetwork, RedFlag

TRIAGE_LEVELS = ("emergency", "urgent", "routine", "self-care")
URGENT_LEVELS = frozenset({"emergency", "urgent"})
ROUTINE_LEVELS = frozenset({"routine", "self-care"})
TRIAGE_FLOOR = 0.1
# A severe cause the answers have not made this many times less likely than the leading one
# is not excluded: the case is urgent (a Bayes factor of 10 is "strong" evidence; less leaves
# the severe cause open, however thinly a diffuse belief spreads it). Triage, not tuning: on
# DDXPlus dev (first 500, 4-fold) it flags the one severe patient a spread belief left routine
# and moves no mild patient (docs/planner-robustness.md, stop 36).
SEVERE_ODDS = 10.0
TRIAGE_BY_SEVERITY = {1: "emergency", 2: "urgent", 3: "routine", 4: "routine", 5: "self-care"}
DEFAULT_LEVEL = "routine"


def most_urgent(levels: Iterable[str]) -> str | None:
    """The most urgent known level among ``levels``; None when there is none."""
    known = [level for level in levels if level in TRIAGE_LEVELS]
    return min(known, key=TRIAGE_LEVELS.index) if known else None


def red_flag_level(flags: Iterable[RedFlag]) -> str:
    """The most urgent level among red flags; an unknown level counts as an emergency, because
    a flag whose level nobody understood must not be waved through."""
    levels = [f.level if f.level in TRIAGE_LEVELS else "emergency" for f in flags]
    return most_urgent(levels) or "emergency"


def severity_level(severity: int | None) -> str | None:
    """The level of one hypothesis' severity (None when the severity is unknown)."""
    if severity is None:
        return None
    return TRIAGE_BY_SEVERITY.get(int(severity), DEFAULT_LEVEL)


def triage_level(
    ranked: Sequence[tuple[int | None, float]],
    flags: Sequence[RedFlag] = (),
    floor: float = TRIAGE_FLOOR,
    contradicted: Sequence[bool] = (),
    unsupported: Sequence[bool] = (),
) -> str:
    """The level for a differential given as ``(severity, BetP)`` pairs, most likely first,
    and the red flags tripped; routine when nothing says more.

    ``contradicted[i]``: the answers (nearly) exclude the i-th hypothesis (:func:`contradictions`).
    Such a hypothesis still makes the case urgent, but not an emergency on its own: when every
    cause the pack knows is contradicted (a stiff back after gardening, which DDXPlus does not
    cover), the near-uniform remainder of belief kept "laryngospasm" at 13%, and the patient was
    told to call emergency services. Emergencies come from red flags and from conditions the
    answers fit.

    ``unsupported[i]``: nothing the patient affirmed fits the i-th hypothesis (:func:`supports`
    is 0). It too makes the case urgent, not an emergency: a patient with an upset tummy who
    said no to fourteen questions was left with Guillain-Barre syndrome leading at 26% (what
    the "no"s had not excluded) and was told to call emergency services."""
    levels: list[str] = []
    mass = dict.fromkeys(TRIAGE_LEVELS, 0.0)
    for position, (severity, betp) in enumerate(ranked):
        level = severity_level(severity)
        if level == "emergency" and (
            (position < len(contradicted) and contradicted[position])
            or (position < len(unsupported) and unsupported[position])
        ):
            level = "urgent"
        if level is None:
            continue
        mass[level] += betp
        if position == 0 or betp >= floor:
            levels.append(level)
        elif level in URGENT_LEVELS and betp * SEVERE_ODDS >= ranked[0][1]:
            levels.append("urgent")  # not excluded against the leader (spread_level)
    levels.append(spread_level(mass, floor))
    if flags:
        levels.append(red_flag_level(flags))
    return most_urgent(levels) or DEFAULT_LEVEL


def spread_level(mass: dict[str, float], floor: float = TRIAGE_FLOOR) -> str:
    """The most urgent level whose causes, with every more urgent one, hold BetP >= ``floor``
    together (``mass``: the BetP of each level's causes), but never an emergency.

    A floor on each cause alone misses severe causes the belief spreads thin: the chance that
    the patient has something that urgent is their sum, whatever it is spread over (DDXPlus
    dev, noisy answers: dev 485, PSVT, handed on with epiglottitis at 0.066 and myocarditis at
    0.062, was triaged routine). A spread belief makes the case urgent (a nurse today), not an
    emergency: telling a patient to call emergency services takes one cause the answers single
    out (or a red flag). A concentrated belief is unchanged: its leader's level counts
    already, and a conclusion at tau leaves less than the floor to the rest.
    :func:`triage_level` also makes urgent a severe cause within ``SEVERE_ODDS`` of the leader:
    dev 233 (PSVT at 0.07, fifth, against the leader's 0.27; the severe causes 0.08 together)
    was handed on routine with exact answers."""
    held = 0.0
    for level in TRIAGE_LEVELS:
        held += mass.get(level, 0.0)
        if held >= floor:
            return "urgent" if level == "emergency" else level
    return DEFAULT_LEVEL


def has_severities(network: EvidentialNetwork) -> bool:
    """Whether triage means anything on ``network`` (some hypothesis has a severity)."""
    return any(h.severity is not None for h in network.hypotheses)


def ranking_triage_level(
    ranking: Sequence[tuple[str, float]],
    flags: Sequence[RedFlag],
    network: EvidentialNetwork,
    state: DialogueState | None = None,
) -> str | None:
    """The level for a ranking ``(hypothesis id, BetP)`` of ``network``, most likely first, and
    the red flags tripped; None on a network without severities when no red flag was tripped,
    where triage means nothing (a FloDial chart). With the ``state``, hypotheses its answers
    contradict are marked as such (:func:`triage_level`)."""
    if not flags and not has_severities(network):
        return None
    ranked = [(network.hypothesis(h).severity, p) for h, p in ranking]
    if state is None:
        return triage_level(ranked, flags)
    # Only the plausible hypotheses (triage_level's) are worth reading the answers against.
    plausible = [(i == 0 or p >= TRIAGE_FLOOR, h) for i, (h, p) in enumerate(ranking)]
    against = [
        read and contradictions(state, network, h) >= MAX_CONTRADICTIONS for read, h in plausible
    ]
    leader = ranking[0][0] if ranking else ""
    unfit = [read and unsupported(state, network, h, leader) for read, h in plausible]
    return triage_level(ranked, flags, contradicted=against, unsupported=unfit)


def state_triage_level(state: DialogueState, network: EvidentialNetwork) -> str | None:
    """:func:`ranking_triage_level` of a dialogue state."""
    return ranking_triage_level(state.ranking(network), state.red_flags, network, state)


# -- routine advice only on evidence that fits it ----------------------------------------------

# An answer the leading hypothesis gives plausibility at most this is a contradiction of it:
# the pack's closed world gives an answer the condition's knowledge base excludes eps = 0.005,
# while a listed but rarely seen answer keeps (n + 1) / (N + 1) >= 0.01 for any condition
# learned from fewer than 100 patients. Routine or self-care advice needs fewer contradictions
# of the leading hypothesis than MAX_CONTRADICTIONS, and an open-world element (when the
# network has one) below OPEN_WORLD_LIMIT. At 0.05 the dev patients replayed through the
# service (tests/safety/test_clinical.py) lost a correct routine conclusion to a rare answer;
# at 0.01 none. The evaluation's links are discounted to 0.98 (every plausibility >= 0.02),
# so there the rule cannot fire (docs/patient-safety.md).
CONTRADICTION_PLAUSIBILITY = 0.01
MAX_CONTRADICTIONS = 1
OPEN_WORLD_LIMIT = 0.3
UNCERTAIN_RULE_NOTE = (
    "routine advice is withheld when the leading hypothesis is contradicted by at least "
    f"{MAX_CONTRADICTIONS} answer(s) (plausibility <= {CONTRADICTION_PLAUSIBILITY} under it) "
    f"or the open-world mass is at least {OPEN_WORLD_LIMIT}"
)


def contradictions(state: DialogueState, network: EvidentialNetwork, hypothesis: str) -> int:
    """How many answers ``hypothesis`` says (nearly) cannot happen.

    The combined evidence's conflict K is no guide on a closed-world network: every answer
    contradicts most of the 49 hypotheses, so K is near 1 for right and wrong conclusions
    alike. What matters for advice is whether the answers contradict the *leading* one."""
    return sum(
        plausibility <= CONTRADICTION_PLAUSIBILITY
        for _, plausibility in _linked_answers(state, network, hypothesis)
    )


def _linked_answers(
    state: DialogueState, network: EvidentialNetwork, hypothesis: str
) -> Iterator[tuple[Answer, float]]:
    """Each answer that says something (a state, read with some reliability) about a finding
    ``hypothesis`` has a link to, with the plausibility the link gives it."""
    for answer in state.answers:
        if answer.states is None or answer.reliability <= 0.0:
            continue
        link = network.link(hypothesis, answer.finding)
        if link is not None:
            yield answer, link.plausibility(answer.states)


# An affirmed answer fits a hypothesis when at least this share of its patients report it; an
# answer the condition's knowledge base does not list has eps = 0.005, a listed one learned from
# few patients >= 0.01.
SUPPORT_PLAUSIBILITY = 0.05


def supports(state: DialogueState, network: EvidentialNetwork, hypothesis: str) -> int:
    """How many answers that affirm something (not the finding's default, e.g. a "yes" to a
    symptom) ``hypothesis`` makes plausible. Answers of "no" exclude other conditions; they are
    no evidence for the one left over."""
    return sum(1 for _ in _fitting_affirmations(state, network, hypothesis))


def _fitting_affirmations(
    state: DialogueState, network: EvidentialNetwork, hypothesis: str
) -> Iterator[tuple[Answer, float]]:
    """Each answer that affirms something (:func:`supports`) ``hypothesis`` makes plausible,
    with that plausibility."""
    for answer, plausibility in _linked_answers(state, network, hypothesis):
        default = network.finding(answer.finding).default_state
        affirms = default is None or tuple(answer.states or ()) != (default,)
        if affirms and plausibility >= SUPPORT_PLAUSIBILITY:
            yield answer, plausibility


# An affirmed answer singles a cause behind the leader out when the cause makes it at least this
# many times as plausible as the leader does. Answers nearly every patient gives ("pain
# somewhere", "swelling") are ~1 under both; a cause's own sign (breathlessness for pulmonary
# edema against a localized edema) is many times more plausible.
SINGLED_OUT_RATIO = 2.0


def singles_out(
    state: DialogueState, network: EvidentialNetwork, hypothesis: str, leader: str
) -> bool:
    """Whether something the patient affirmed fits ``hypothesis`` (:func:`supports`) clearly
    better than the ``leader`` (:data:`SINGLED_OUT_RATIO`): what singles a cause behind the
    leader out.

    A swollen ankle after a fall, "no" to every other question: DDXPlus knows no sprain, so
    localized edema led (0.57) with acute pulmonary edema (0.26) behind it, "supported" by the
    swelling alone, which fits the leader better; no question had asked about breathing, and
    the patient was told to call emergency services (stop 37, probe lead12). A cause the
    answers do not single out keeps the case urgent, not an emergency (:func:`triage_level`'s
    ``unsupported``)."""
    for answer, plausibility in _fitting_affirmations(state, network, hypothesis):
        link = network.link(leader, answer.finding)
        rival = 1.0 if link is None else link.plausibility(answer.states or ())
        if plausibility >= SINGLED_OUT_RATIO * rival:
            return True
    return False


def unsupported_flags(
    state: DialogueState, network: EvidentialNetwork, ranking: Sequence[str]
) -> list[bool]:
    """Per hypothesis of ``ranking`` (most likely first), whether nothing affirmed fits it: for
    the leader, no affirmed answer it makes plausible (:func:`supports`); for any other, none
    that singles it out against the leader (:func:`singles_out`)."""
    return [unsupported(state, network, h, ranking[0]) for h in ranking]


def unsupported(
    state: DialogueState, network: EvidentialNetwork, hypothesis: str, leader: str
) -> bool:
    """One entry of :func:`unsupported_flags`: ``hypothesis`` against the ``leader``."""
    if hypothesis == leader:
        return supports(state, network, hypothesis) == 0
    return not singles_out(state, network, hypothesis, leader)


def uncertain(state: DialogueState, network: EvidentialNetwork) -> str:
    """Why routine advice would be unsafe here ("" when it is not): the leading hypothesis
    is contradicted by the answers, or the answers fit no known cause (open world)."""
    ranking = state.ranking(network)
    if not ranking:
        return "the answers contradict every known cause"
    open_mass = state.belief.open_world_mass()
    if open_mass >= OPEN_WORLD_LIMIT:
        return f"the answers fit no known cause well (open-world mass {open_mass:.2f})"
    against = contradictions(state, network, ranking[0][0])
    if against >= MAX_CONTRADICTIONS:
        return f"{against} answer(s) contradict the likeliest explanation"
    return ""
