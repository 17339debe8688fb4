"""Follow-up questions come after the question they follow up on.

"How intense is the pain?", "What color is the rash?" only make sense once the patient said
they have pain, or a rash (DDXPlus ``code_question``; the pack's ``metadata["follow_up_of"]``).
An information-gain policy does not know that: a categorical follow-up with many answers
scores high, so a sore throat was asked the rash colour first, and "no pain at all" got
"How intense is the pain?". Here, before a question is shown:

- a follow-up whose parent is unanswered is replaced by its parent ("Do you have a rash?"),
  except in the first questions when the complaint did not touch that topic: then the policy
  chooses among the other questions;
- except a "where?" follow-up whose own "nowhere" answer is the parent's "no" ("Do you have
  pain somewhere? If so, where?", :func:`asks_whether`): it is asked whole, with its parent in
  it, and its answer answers the parent too (:func:`parent_answer`). Asking the parent first
  cost a question for every patient who has the thing, and the place says more than the yes
  (DDXPlus dev: docs/engine-parity.md);
- a follow-up whose parent was answered no is settled at its default, unasked, and the policy
  chooses again; after "not sure" it may be asked (what the pain feels like, how bad it is,
  can be said by a patient unsure whether or where it hurts). A settled follow-up weighs
  nothing (:func:`implied`): it is the parent's "no" said again, and that is counted once, by
  the parent's own link;
- the opening message's plain statements about the parents ("no pain at all", "I don't have a
  rash", "my throat hurts") answer them before the first question (:func:`complaint_facts`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from planning.actions import Ask
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

__all__ = [
    "asks_whether",
    "complaint_facts",
    "follow_up_of",
    "history_of",
    "implied",
    "parent_answer",
    "redirect",
    "stated_follow_ups",
    "without_orphans",
]

# "Where?" follow-ups whose "nowhere" is the parent's "no", by a cue of their question, and the
# question that asks both at once. "Does the pain spread?" is not one: "nowhere" there says
# nothing about whether there is pain.
_WHETHER: tuple[tuple[str, str], ...] = (
    ("pain somewhere", "Do you have pain somewhere? If so, where?"),
    (
        "affected region",
        "Is there a rash, redness or another problem on your skin? If so, where?",
    ),
    ("swelling located", "Do you have swelling somewhere? If so, where?"),
)

_SKIN_TOPIC = r"\blesions?\b|\brash\b|\bredness\b"
# Plain statements about the usual parent questions, by what the parent asks about.
_TOPICS: tuple[tuple[str, str, str], ...] = (
    # (parent question pattern, said-yes pattern, said-no pattern)
    (
        r"\bpain\b",
        r"\b(?:pain|painful|hurts?|hurting|aches?|aching|sore|stabbing|throbbing|burning|"
        r"cramps?|cramping|agony|agoni[sz]\w+|tender|twinges?|killing (?:me|my)|"
        # headache, earache, toothache, backache, tummy ache written as one word (a body part:
        # "reaches", "teaches" and "approaches" end in "aches" too)
        r"(?:head|ear|tooth|back|stomach|tummy|belly|neck|muscle|bone)aches?)\b",
        r"\bno (?:\w+ )?pain\b|\bnot (?:in )?(?:any )?pain\b|\bpain ?free\b|\bpainless\b|"
        r"\b(?:does|do|did) not (?:really )?(?:hurt|ache)\b|\bnothing hurts\b|\bwithout (?:any )?"
        r"pain\b|\bno (?:aches|soreness)\b|\bdoes not hurt\b",
    ),
    (
        _SKIN_TOPIC,
        r"\brash\w*\b|(?<!seeing )\bspots\b|\bblisters?\b|\bhives\b|\bsun ?burn\w*|"
        r"\bred (?:patch|patches|skin|marks?)\b|\bitchy skin\b|\blesions?\b|"
        r"\bsores? on (?:my )?skin\b|"
        # Stop 46: the skin's own conditions, and how a skin problem looks or feels ("dry
        # scaly patches that flake off", "itches like mad"; not "flakes of paint", "peeled
        # an orange"). An itch inside (eyes, throat, nose, ears) is not on the skin
        # (_ITCH_INSIDE).
        r"\beczema\b|\bpsoriasis\b|\bdermatitis\b|\bdandruff\b|\bacne\b|\bpimples?\b|"
        r"\bboils\b|\bwelts?\b|\bwarts?\b|\bmoles?\b|\bbumps\b|\bscal(?:y|ey)\b|"
        r"\bflak(?:y|ing|ed)\b|\bflakes\b(?! of)|\bpeel(?:ing|s|ed)?\b(?! (?:an?|the|some)\b)|"
        r"\bitch\w*",
        r"\bno (?:\w+ )?(?:rash|spots|lesions?|blisters)\b|\bnot (?:got |have )?(?:a |any )?rash\b|"
        r"\b(?:do|does) not have (?:a |any )?(?:rash|spots)\b|\bskin is (?:fine|clear|normal)\b|"
        r"\bskin\b(?: \w+){0,4} (?:is|looks|seems) (?:fine|clear|normal|ok|okay)\b",
    ),
    (
        r"\bswelling\b",
        r"\bswell\w*\b|\bswollen\b|\bpuffy\b|\blump\b",
        r"\bno (?:\w+ )?swelling\b|\bnot swollen\b|\bnothing swollen\b",
    ),
)
# "no headache": the word just before a match is followed by a space, so the space is part
# of the pattern (without it the check never fired, and "no headache" was read as pain).
# A comma ends the negation's reach: "no fever, headache since monday".
_NEGATION_BEFORE = re.compile(r"\b(?:no|not|never|without|nothing)\b(?: \w+){0,3} ?$")


def follow_up_of(network: EvidentialNetwork) -> Mapping[str, str]:
    """Finding id -> the yes/no finding it follows up on (empty for packs without any)."""
    metadata = network.metadata or {}
    stored = metadata.get("follow_up_of")
    if isinstance(stored, Mapping):
        return stored
    if str(metadata.get("source", "")).startswith("DDXPlus"):
        # A DDXPlus pack built before the map was stored: derive it from the dataset.
        try:
            from knowledge.datasets import ddxplus

            ids = set(network.finding_index)
            return ddxplus.follow_ups(ddxplus.load_catalog(), ids)
        except Exception:  # no datasets here: ask in the policy's order
            return {}
    return {}


def asks_whether(finding: Finding) -> str | None:
    """The question that asks whether and where at once (``_WHETHER``) for an option of a
    multi-choice follow-up whose own "none" answer is the parent's "no"; else None."""
    if not finding.group:
        return None
    lowered = finding.question.lower()
    return next((whole for cue, whole in _WHETHER if cue in lowered), None)


def parent_answer(answers: Sequence[Answer], network: EvidentialNetwork) -> Answer | None:
    """The parent's answer that the reply to an :func:`asks_whether` question gives: yes when
    a place was chosen, no when "nowhere" was (its own "none" option), not sure when the
    whole question was; None when the answers are not to such a question or say none of
    these."""
    parents = follow_up_of(network)
    for answer in answers:
        finding = network.finding(answer.finding)
        if answer.finding not in parents or asks_whether(finding) is None:
            continue
        parent = network.finding(parents[answer.finding])
        yes, no = parent.states[0], parent.states[1]
        said = [a for a in answers if parents.get(a.finding) == parent.id]
        if any(a.states is None for a in said):
            return Answer.unsure(parent.id)
        chosen = [a for a in said if a.states == ("yes",)]
        if any(network.finding(a.finding).default_state != "yes" for a in chosen):
            return Answer(parent.id, (yes,))
        if chosen:
            return Answer(parent.id, (no,))
        return None
    return None


def implied(answer: Answer) -> Answer:
    """A follow-up's answer that its parent's "no" implies, recorded (so it is never asked)
    with no weight of its own (reliability 0).

    Its link counts over all of a condition's patients, those without the parent too, so its
    default is the parent's "no" again: applied as an answer, "no pain" weighed once per place,
    spread and word for it (349 follow-ups; together 10^-4.9 against a cause whose patients
    mostly have pain), so one unreported pain ruled its cause out whatever else was said
    (docs/planner-robustness.md, stop 34)."""
    return Answer(answer.finding, answer.states, 0.0)


def history_of(network: EvidentialNetwork) -> frozenset[str]:
    """The findings about history and risk factors (asked after the complaint's symptoms):
    the pack's ``metadata["history"]``; for a DDXPlus pack built before it was stored, the
    dataset's antecedents."""
    metadata = network.metadata or {}
    stored = metadata.get("history")
    if isinstance(stored, list):
        return frozenset(str(f) for f in stored)
    if str(metadata.get("source", "")).startswith("DDXPlus"):
        try:
            from knowledge.datasets import ddxplus

            ids = set(network.finding_index)
            return frozenset(ddxplus.history_findings(ddxplus.load_catalog(), ids))
        except Exception:  # no datasets here: no history is known
            return frozenset()
    return frozenset()


def redirect(
    action: object,
    answered: Mapping[str, tuple[str, ...] | None],
    network: EvidentialNetwork,
    settle: Callable[[Answer], None],
    choose_again: Callable[[frozenset[str]], object],
    *,
    early: bool = False,
    mentioned: frozenset[str] = frozenset(),
) -> object:
    """The action to take instead of asking a follow-up out of order (module docstring).

    ``answered``: finding id -> its states (None for "not sure"); ``settle`` records a
    follow-up settled by its parent's "no"; ``choose_again(excluded)`` asks the policy once
    more, not offering ``excluded``. ``early`` (the first questions): a topic the complaint
    did not mention (``mentioned`` holds the parents it did) is not opened yet - a sore throat
    is not asked about the skin first - but stays open for later.
    """
    parents = follow_up_of(network)
    excluded: set[str] = set()
    for _ in range(2 * len(parents) + 2):
        if not isinstance(action, Ask) or action.finding not in parents:
            return action
        parent = parents[action.finding]
        if parent not in answered:
            if early and parent not in mentioned:
                excluded |= {parent, *(c for c, of in parents.items() if of == parent)}
                action = choose_again(frozenset(excluded))
                continue
            if asks_whether(network.finding(action.finding)) is not None:
                return action  # asked whole: "Do you have pain somewhere? If so, where?"
            return Ask(parent, action.rationale)
        states = answered[parent]
        yes = network.finding(parent).states[0]
        if states is None or yes in states:
            # The parent is yes, or "not sure": the follow-up may be asked. A patient who could
            # not say whether or where it hurts can often say what it feels like or how bad it
            # is, and each follow-up is a question of its own; settled unknown, one "not sure"
            # to "Do you have pain somewhere?" silenced the whole topic, the one that tells most
            # causes apart (docs/planner-robustness.md, stop 48).
            return action
        for child, of in parents.items():
            if of == parent and child not in answered:
                default = network.finding(child).default_state
                if default is not None:
                    settle(implied(Answer(child, (default,))))
        action = choose_again(frozenset(excluded))
    return action


def stated_follow_ups(
    answers: Sequence[Answer],
    asked: Sequence[bool],
    network: EvidentialNetwork,
    *,
    unpinned: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """The unasked follow-ups of the topics the person said unasked ("my knee aches": the
    pain's character, place, intensity, onset, spread), which a clinician asks first about what
    was said. A multi-choice follow-up the words already answered in part ("where?" after
    "my knee") is left out: what was said of it is noted, not asked again; except the groups
    in ``unpinned``, where the words named a place the reading could not pin to an option
    ("pain in my chest ... and my calf is sore": the calf is noted, and where in the chest is
    still to ask; left out, the chest was never asked and a pulmonary embolism's pleuritic
    chest pain went unrecorded)."""
    parents = follow_up_of(network)
    if not parents:
        return frozenset()
    said_yes = {
        a.finding
        for a, was_asked in zip(answers, asked, strict=True)
        if not was_asked
        and a.states is not None
        and a.finding in set(parents.values())
        and network.finding(a.finding).states[0] in a.states
    }
    if not said_yes:
        return frozenset()
    answered = {a.finding for a in answers}
    touched = {network.finding(f).group for f in answered if f in parents} - unpinned
    return frozenset(
        child
        for child, of in parents.items()
        if of in said_yes
        and child not in answered
        and not (network.finding(child).group and network.finding(child).group in touched)
    )


def without_orphans(
    facts: Sequence[Answer],
    answered: Mapping[str, tuple[str, ...] | None],
    network: EvidentialNetwork,
) -> tuple[Answer, ...]:
    """``facts`` without the follow-ups whose parent is neither answered yes nor said yes
    among them. A follow-up's answer words ("heavy", "sharp", "on the left") are common words:
    read without their topic ("my periods have been heavy") they are another topic's words,
    not a description of pain nobody mentioned."""
    parents = follow_up_of(network)
    if not parents:
        return tuple(facts)
    said = dict(answered)
    for fact in facts:
        said.setdefault(fact.finding, fact.states)

    def parent_yes(parent: str) -> bool:
        states = said.get(parent)
        return states is not None and network.finding(parent).states[0] in states

    return tuple(f for f in facts if f.finding not in parents or parent_yes(parents[f.finding]))


# Spots, blisters and sores inside the body or in the sight are not on the skin ("white spots
# on my tonsils" was noted back as a skin problem): what follows such a word says where.
_NOT_SKIN = re.compile(
    r"\s*(?:(?:on|in|at|inside|down) (?:the |my |his |her |their |your )?(?:back of (?:my |the )?)?"
    r"(?:tonsils?|throat|tongue|mouth|gums?|cheeks? inside|eyes?|vision|sight|teeth|roof)|"
    r"before (?:my |his |her )?eyes)\b"
)


# An itch in a clause that names a place inside the body or the eyes: "itchy throat and
# sneezing", "itchy eyes and a runny nose", "my eyes are streaming and itchy" (hay fever), not
# a skin problem. The clause runs to a comma or a "but", not to an "and": "streaming and itchy"
# is one subject's.
_ITCH_INSIDE = re.compile(
    r"\b(?:eyes?|eyelids?|throat|nose|nostrils?|ears?|mouth|tongue|palate|gums?)\b"
)
_CLAUSE_END = re.compile(r"[,;.!?]|\bbut\b")


def _itch_inside(said: str, match: re.Match[str]) -> bool:
    if not match.group(0).startswith("itch"):
        return False
    start = max((m.end() for m in _CLAUSE_END.finditer(said, 0, match.start())), default=0)
    end = _CLAUSE_END.search(said, match.end())
    clause = said[start : end.start() if end else len(said)]
    return _ITCH_INSIDE.search(clause) is not None


def complaint_facts(text: str, network: EvidentialNetwork) -> tuple[Answer, ...]:
    """Answers to the parent questions the message states plainly ("no pain at all")."""
    parents = set(follow_up_of(network).values())
    said = text.lower().replace("\u2019", "'")
    said = re.sub(r"n't\b", " not", said)
    said = re.sub(
        r"\b(?:dont|doesnt|didnt|isnt|havent)\b", lambda m: m.group(0)[:-2] + " not", said
    )
    answers = []
    for parent in sorted(parents):
        finding = network.finding(parent)
        question = finding.question.lower()
        for topic, yes_pattern, no_pattern in _TOPICS:
            if not re.search(topic, question):
                continue
            elsewhere = _NOT_SKIN if topic == _SKIN_TOPIC else None
            # What says the topic is there comes first: "red and sore but no blisters" denies
            # one feature of a skin problem, not the skin problem (stop 44).
            said_yes = any(
                not (elsewhere is not None and elsewhere.match(said, match.end()))
                and not (elsewhere is not None and _itch_inside(said, match))
                and not _NEGATION_BEFORE.search(said[: match.start()])
                for match in re.finditer(yes_pattern, said)
            )
            if said_yes:
                answers.append(Answer(parent, (finding.states[0],)))
            elif re.search(no_pattern, said):
                answers.append(Answer(parent, (finding.states[1],)))
            break
    return tuple(answers)
