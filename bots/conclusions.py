"""What a troubleshooting conclusion says: a readable cause, the fix as steps, a titled source,
and a confidence that claims no more than the reading of the user's answers supports.

Flowchart packs (FloDial) store each cause as the chart's terminal: ``name`` is the chart's
own step note ("Look for pulley wobble, inspect belts. ...") and ``resolution`` what the
agent told the user. The note is for technicians and is never shown; the title and steps are
taken from the resolution.

Confidence. A chart link is crisp: once the answers on a cause's path are in, its BetP is 1.0
whatever the chance that one of them was misread. The confidence shown is therefore the BetP
times, for every answer the cause rests on (a crisp link on it), the chance that the answer
was read right, by how it was given (``READ_RIGHT_*``, hedged answers and self-corrections
discounted by their reliability), and never more than :data:`CEILING`. The rates were set on
FloDial dev: the offline reader reads about 98% of on-path answers right in every confidence
band (2026-11-25: 97.5% of explicit ones, 97.7-99.0% of ones read from words), and the
conversation confirms doubtful readings before concluding, so conclusions there are right
97.4% of the time; per-answer rates near 0.99 put the shown confidence of a typical
conclusion (three to five answers) at 95-97%, next to that accuracy;
:func:`planning.engine.contradicted` (the dialogue engine's) is the guard that a conclusion
never goes against what the user said.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from bots.messages import Source
from planning.dialogue import DialogueState
from planning.engine import resting_answers
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Hypothesis

# The chance an answer was read right, by how it was read (``Interpretation.confidence``
# bands): a button (1.0), an explicit typed answer (>= 0.95: "yes", "nope"), an answer read
# from the user's own words (< 0.95), a fact volunteered without being asked (stored with its
# reliability below 1).
READ_RIGHT_BUTTON = 0.998
READ_RIGHT_EXPLICIT = 0.995
READ_RIGHT_WORDS = 0.99
READ_RIGHT_VOLUNTEERED = 0.97
# The band's edge: a typed answer read at or above it was explicit, below it judged from words.
EXPLICIT_FROM = 0.95
# No conclusion is ever shown as certain: the chart itself can be wrong for this user.
CEILING = 0.97
# A conclusion resting only on facts read in passing, none of them asked, claims no more.
UNASKED_CEILING = 0.8
# A runner-up this close to the leader (its BetP over the leader's) is named with it.
RIVAL_RATIO = 0.8


def read_right(reading_confidence: float, answer: Answer) -> float:
    """The chance that ``answer`` was read as the user meant it."""
    if reading_confidence >= 1.0 and answer.reliability < 1.0:
        # Volunteered (stored with its reliability, not a reading confidence): the rate
        # already counts how often such facts are misread.
        return READ_RIGHT_VOLUNTEERED
    if reading_confidence >= 1.0:
        rate = READ_RIGHT_BUTTON
    elif reading_confidence >= EXPLICIT_FROM:
        rate = READ_RIGHT_EXPLICIT
    else:
        rate = READ_RIGHT_WORDS
    # A hedged answer ("I think so") is as likely to be wrong as the user says it is.
    return rate * (0.5 + 0.5 * answer.reliability)


def shown_confidence(
    state: DialogueState,
    network: EvidentialNetwork,
    hypothesis: str,
    betp: float,
    reading_confidence: Callable[[str], float],
    asked: frozenset[str] | None = None,
) -> float:
    """The confidence to show for concluding ``hypothesis`` (module docstring).

    In a flowchart pack (the network has a ``flow``) a cause's BetP falls below 1 only through
    the discounts of hedged or volunteered answers, which the per-answer rates already count:
    there the answers alone decide (measured through the service on FloDial dev, BetP times
    the rates showed 93.7% for conclusions right 98.1% of the time). Unless a step on the
    chart's way to the cause was not answered: a "not sure" at the last fork leaves two
    causes at 0.5 each, and that is what is shown (it was shown as 97%)."""
    value = min(float(betp), 1.0)
    if network.flow and _way_answered(state, network, hypothesis):
        value = 1.0
    resting = resting_answers(state, network, hypothesis)
    for answer in resting:
        value *= read_right(reading_confidence(answer.finding), answer)
    if resting and asked is not None and not any(a.finding in asked for a in resting):
        # Nothing it rests on was asked: all of it was read in passing.
        return min(value, UNASKED_CEILING)
    return min(value, CEILING)


def _way_answered(state: DialogueState, network: EvidentialNetwork, hypothesis: str) -> bool:
    """Whether every step on the chart's way to ``hypothesis`` has an answer that agrees."""
    given = {a.finding: a.states for a in state.answers if a.states is not None}
    return all(
        given.get(finding) == (step,) for finding, step in network.paths_to.get(hypothesis, ())
    )


def percent(confidence: float) -> str:
    """A confidence as a whole percentage, rounded down and never "100%"."""
    return f"{min(int(confidence * 100), 99)}%"


# -- the words ---------------------------------------------------------------------------------

_FILLER = re.compile(
    r"^(i have (narrowed down|figured out)|we have narrowed down|i understand the issue|"
    r"i (now )?understand (now )?what is causing|"
    r"the issue is clear to me|hope this|i hope this|that should|this should|"
    r"that will|then you will be good)",
    re.I,
)
_HEDGE = re.compile(
    r"^(it (looks|seems) like|looks like|it appears that|it seems that|i think|i believe|"
    r"this is an indication that|we have narrowed down your problem\.?|"
    r"this (?:might|may|could) be (?:related to|caused by|due to))\s*,?\s*",
    re.I,
)
_IMPERATIVE = re.compile(
    r"^(please|just|make|use|replace|restore|reset|restart|remove|reconnect|increase|wipe|"
    r"change|revert|try|take|toggle|go|shut|unplug|flush|fill|check|tighten|clean|"
    r"bleed|turn|install|reinstall|update|see|get|contact|reach|simply|press|avoid|"
    r"if|to fix|rebalanc|locate|test|pour)\b",
    re.I,
)
# A first sentence that only says what is not wrong ("This is not a car steering problem.",
# "Your hard drive is perfectly fine.", "This issue is not related to overheating."): the
# cause is the next one; shown as the cause, it read "The most likely cause: This is not a car
# steering problem" (stop 46).
_ONLY_WHAT_IT_IS_NOT = re.compile(
    r"^(?:(?:this|that|it|the) ?(?:problem|issue)? (?:is not|isn't|is n't) "
    r"(?:an? |the )?(?:\w+ ){0,3}(?:problem|issue|fault|related to \w+(?: \w+)?)"
    r"|your [\w' ]+ (?:is|are) (?:perfectly |absolutely )?(?:fine|ok|okay))\.?$",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'])")


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(" ".join(text.split())) if s.strip()]


def _sentence_case(text: str) -> str:
    text = text.strip().rstrip(".!")
    return text[:1].upper() + text[1:] if text else text


def _is_flowchart_cause(hypothesis: Hypothesis) -> bool:
    return ":t" in hypothesis.id and bool(hypothesis.resolution.strip())


def _parts(hypothesis: Hypothesis) -> tuple[str, bool, list[str]]:
    """(first statement, whether it is an action, the other sentences) of the resolution."""
    sentences = [_HEDGE.sub("", s) for s in _sentences(hypothesis.resolution)]
    sentences = [s for s in sentences if s and not _FILLER.match(s)]
    if not sentences:
        return hypothesis.resolution.strip(), False, []
    if len(sentences) > 1 and _ONLY_WHAT_IT_IS_NOT.match(sentences[0]):
        sentences = sentences[1:]
    first = sentences[0]
    return first, bool(_IMPERATIVE.match(first)), sentences[1:]


# Steps that make it safe to work on the thing ("unplug the adapter and shut it down") come
# first in many fixes but say nothing about what is wrong.
_PREPARATION = re.compile(
    r"^(?:(?:unplug|disconnect|shut|switch|turn|power)\b(?: \w+){0,4}?\s*"
    r"(?:off|down|out|adapter|charger|cable|battery|laptop|engine|car|ignition)?"
    r"(?:\s*(?:and|,)\s*(?:unplug|disconnect|shut|switch|turn|power|remove|allow|let|wait)"
    r"\b.*)?|allow (?:it|the \w+) to cool\b.*|let (?:it|the \w+) cool\b.*|wait\b.*)$",
    re.I,
)


def cause_title(hypothesis: Hypothesis, *, section_title: str = "") -> str:
    """A readable title for the cause: the resolution's first statement of what is wrong, or,
    when the resolution starts with what to do, "Fixed by: " and the first action that is not
    only preparation (the fix itself, not "unplug the AC adapter")."""
    text, is_fix = cause_or_fix(hypothesis)
    if not is_fix:
        return text
    prefix = f"{section_title}, fixed by: " if section_title else "Fixed by: "
    return prefix + text[:1].lower() + text[1:]


def cause_or_fix(hypothesis: Hypothesis) -> tuple[str, bool]:
    """(text, is_fix): what is wrong, or, for a resolution that only says what to do, the fix
    itself, so that a conclusion can say "the most likely fix" instead of calling an action a
    cause."""
    if not _is_flowchart_cause(hypothesis):
        return hypothesis.name, False
    first, action, rest = _parts(hypothesis)
    if not action:
        return _sentence_case(first), False
    if _PREPARATION.match(first.rstrip(".")):
        first = next(
            (
                r
                for r in rest
                if _IMPERATIVE.match(r)
                and not r.lower().startswith("if ")
                and not _PREPARATION.match(r.rstrip("."))
            ),
            first,
        )
    first = re.sub(r"^(please|just|simply)\s+", "", first, flags=re.I)
    first = re.sub(
        r"^to fix (the|this) (issue|problem),?\s+you (need|have) to\s+", "", first, flags=re.I
    )
    return _sentence_case(first), True


def fix_steps(hypothesis: Hypothesis) -> list[str]:
    """The fix as steps: the resolution's sentences after the cause (all of them when it
    starts with an action)."""
    if not _is_flowchart_cause(hypothesis):
        text = hypothesis.resolution.strip()
        return [text] if text else []
    first, action, rest = _parts(hypothesis)
    steps = [first, *rest] if action else rest
    return [
        _sentence_case(re.sub(r"^(please|just|simply)\s+", "", s, flags=re.I)) + "." for s in steps
    ]


def conclusion_lines(
    hypothesis: Hypothesis,
    confidence: float,
    sources: Sequence[tuple[str, str]],
    *,
    section_title: str = "",
    rival: tuple[Hypothesis, float] | None = None,
) -> list[str]:
    """The conclusion's text: cause and confidence, numbered steps, and titled sources
    (``(title, link)`` pairs). A ``rival`` (a cause the answers leave about as likely, with
    its confidence) is named next to it: "most likely" at 49% says nothing of the other 49%."""
    text, is_fix = cause_or_fix(hypothesis)
    if is_fix:
        where = f" ({section_title})" if section_title else ""
        lead = f"The most likely fix{where}: {text}"
    else:
        lead = f"The most likely cause: {text}"
    lines = [f"{lead} (about {percent(confidence)} sure)."]
    if rival is not None:
        other, _ = cause_or_fix(rival[0])
        lines.append(
            f"It may just as well be: {other} (about {percent(rival[1])} sure). "
            "If the first does not help, try this."
        )
    steps = fix_steps(hypothesis)
    if steps:
        lines.append("What to do:\n" + "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1)))
    shown = _unique_titles(sources)
    if shown:
        lines.append("Source: " + "; ".join(shown))
    lines.append(
        "If this does not fix it, or you'd rather have a person look at it, press "
        '"Talk to a person".'
    )
    return lines


def _unique_titles(sources: Iterable[tuple[str, str]]) -> list[str]:
    seen: list[str] = []
    out = []
    for title, link in sources:
        if not title or title in seen:
            continue
        seen.append(title)
        out.append(f"{title} ({link})" if link else title)
    return out


def guide_title(title: str) -> str:
    """A document title as a reader would name the guide."""
    base = re.sub(r":\s*(troubleshooting flowchart|FAQ)$", "", title.strip(), flags=re.I)
    return f"{base} troubleshooting guide" if base else ""


def guide_path(document_id: str) -> str:
    """The web chat's page for a pack document (``pack:chart:kind``), or "" for others."""
    parts = document_id.split(":")
    if len(parts) != 3 or not all(re.fullmatch(r"[A-Za-z0-9_-]+", p) for p in parts[:2]):
        return ""
    return f"/chat/guides/{parts[0]}/{parts[1]}"


def source_link(source: Source) -> tuple[str, str]:
    """(title, link) of a conclusion's source."""
    document = source.document_id or source.passage_id.rpartition("#")[0]
    return guide_title(source.title), guide_path(document)


def source_line(source: Source) -> str:
    """ "Source: <guide title> (<link>)" for a reply quoting a passage, "" without a title."""
    title, link = source_link(source)
    if not title:
        return ""
    return f"Source: {title} ({link})" if link else f"Source: {title}"


_CHART_STEP = re.compile(r"^Step \S+ - (question|fix) \([^)]*\):\s*", re.I)
_FAQ = re.compile(r"^Q:.*?\bA:\s*", re.I | re.S)


def readable_passage(text: str) -> str:
    """A passage as a user may read it: an FAQ's answer, a chart question without its step
    number and branches; "" for a chart's fix note (technicians' shorthand)."""
    text = " ".join(text.split())
    if _FAQ.match(text):
        return _FAQ.sub("", text)
    step = _CHART_STEP.match(text)
    if step is None:
        return text
    if step.group(1).lower() == "fix":
        return ""
    return re.sub(r"\s*if (yes|no), go to step \S+?(;|\.|$).*$", "", text[step.end() :]).strip()
