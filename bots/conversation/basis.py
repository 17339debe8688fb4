"""What a troubleshooting conclusion rests on, said back to the user, and a correction read.

A fact read from the user's own words (said in passing, or a typed answer judged from words
rather than an explicit yes or no) can be misread, and a chart's conclusion rests on every
fact on its path. Asking such facts back before concluding asks people what they just said
(82% of the doubtful opening facts on FloDial chart paths are right; the freetext probes fell
31 -> 26 of 58 when it was tried, docs/engine-parity.md). Instead the conclusion says what it
went by ("I went by what you told me: ...") and offers "That's not what I said"; a press, or
a typed correction, reopens the case (:mod:`bots.conversation.correction`). A right reading
costs nothing but a line.

A hand-off to a person (the question budget, a stalled dialogue, nothing left to ask) says
what it went by in the same words (:func:`handed_over`: the facts the causes it leaves to a
person rest on): a misread fact walks the dialogue down the wrong branch to the budget. While
no person has taken the case up (:func:`awaiting_operator`) a correction takes it out of the
queue and the dialogue goes on; once an operator claimed or answered it, the correction is a
message for them (:mod:`bots.takeover`).

Buttons and explicit answers ("yes", "nope") are never listed: they are what the user chose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from bots.conclusions import EXPLICIT_FROM
from bots.conversation import carer
from bots.conversation.context import Context, Kit
from bots.language import Interpretation
from bots.language.facts import asked_sentence
from bots.messages import Button, Inbound
from bots.models import CaseStatus, Role
from knowledge.packs import wording
from planning.engine import resting_answers
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

CORRECT = "correct"  # the button's payload
CORRECT_LABEL = "That's not what I said"
CORRECTION_DETAIL = "correction: not what I said"

# A message after a conclusion that says it was misread ("no, that's wrong, the fan does
# spin", "that's not what I said", "you misunderstood me"). "Wrong" counts only when said of
# the reading: "thanks, nothing wrong with it now" and "that was exactly what was wrong" are
# thanks.
CORRECTION_CUE = re.compile(
    r"^\W*(?:no\W+)?(?:wrong|incorrect)\b|"
    r"\b(?:(?:that'?s|thats|that is|it'?s|its|it is|you'?re|you are|"
    r"you(?:'ve| have)? (?:got|read|heard|taken|took) (?:it|that|me|this)) "
    r"(?:all |totally |completely |so )?(?:wrong|incorrect)|"
    r"not (?:right|true|correct|what i (?:said|meant|wrote|say))|"
    r"i (?:never|didn'?t|did not) (?:say|said|mean|write)|"
    r"mis-?(?:read|understood|understand|understanding|heard|took)|not what i)\b",
    re.IGNORECASE,
)
# Words that correct only with the answer they give ("actually the fan does spin", "I said
# it does"): "actually that fixed it" reopens nothing.
CORRECTION_HINT = re.compile(r"\b(?:actually|i (?:said|meant|wrote)|in fact)\b", re.IGNORECASE)
# Words that report the fix worked: the state they then describe is after the fix ("in fact
# the new bulb fixed it, no lamp failure now"), not another answer to what was read.
FIX_REPORT = re.compile(
    r"\b(?:fix(?:ed|es)|sorted|solved|resolved|replaced|swapped|"
    r"(?:works?|working|fine) (?:now|again))\b",
    re.IGNORECASE,
)


def may_correct(text: str) -> bool:
    """Whether typed words after a conclusion may correct it: they say it was misread, or
    give an answer in the words that correct ("actually ...") and report no fix."""
    if CORRECTION_CUE.search(text):
        return True
    return bool(CORRECTION_HINT.search(text)) and not FIX_REPORT.search(text)


# What a bare "no, that's not what I said" is made of besides its cue.
_FILLER = frozenset(
    {
        "no",
        "nope",
        "nah",
        "that",
        "that's",
        "thats",
        "this",
        "is",
        "it",
        "it's",
        "its",
        "you",
        "you've",
        "your",
        "me",
        "my",
        "i",
        "i'm",
        "im",
        "sorry",
        "what",
        "said",
        "say",
        "the",
        "a",
        "there",
        "here",
        "but",
        "well",
        "oh",
        "um",
        "hmm",
        "please",
        "sir",
        "mate",
        "thanks",
        "ok",
        "okay",
        "got",
        "get",
        "have",
        "has",
        "had",
        "totally",
        "completely",
        "all",
        "at",
    }
)


def only_says_misread(text: str) -> bool:
    """Whether ``text`` says only that it was misread, with nothing of what was meant."""
    rest = CORRECTION_CUE.sub(" ", text.lower())
    words = re.findall(r"[a-z']+", rest)
    return all(w.strip("'") in _FILLER for w in words)


@dataclass(frozen=True)
class Fact:
    """One fact a conclusion rests on that was read from the user's words."""

    index: int  # in the dialogue's answers (a correction replaces it there)
    finding: str
    states: tuple[str, ...]
    shown: str  # as the reply says it

    def differs(self, answer: Answer | None) -> bool:
        """Whether ``answer`` gives this fact another answer than the one read."""
        if answer is None or not answer.states:
            return False
        return set(answer.states) != set(self.states)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "finding": self.finding,
            "states": list(self.states),
            "shown": self.shown,
        }


def statement(kit: Kit | None, ctx: Context, finding: Finding, states: tuple[str, ...]) -> str:
    """A fact as the user is told it was read: the question and the answer in words, as the
    console's "read as" shows it ("Is your laptop's fan running when it overheats? no")."""
    network = ctx.network
    question = wording.question_text(finding, network)
    if kit is not None:
        question = carer.addressed(kit, ctx, question)
    # Without the instructions before it: the user was told to check nothing, they said it.
    question = asked_sentence(question).rstrip("?")
    said = "/".join(state_words(finding, s, network) for s in states)
    return f"{question}? {said}"


def state_words(finding: Finding, state: str, network: EvidentialNetwork | None) -> str:
    """A state as a sentence quotes it: its words when it is a code, else itself."""
    label = wording.state_label(finding, state, network)
    return state if label.lower() == state.lower() else label


def from_words(ctx: Context, hypothesis: str, kit: Kit | None = None) -> list[Fact]:
    """The facts a conclusion on ``hypothesis`` rests on (a crisp link on the state given,
    :func:`planning.engine.resting_answers`) that were read from the user's words and not
    confirmed since."""
    dialogue, network = ctx.dialogue, ctx.network
    if dialogue is None or network is None or hypothesis not in network.hypothesis_index:
        return []
    state = dialogue.state
    resting = {a.finding for a in resting_answers(state, network, hypothesis)}
    out = []
    for index, (answer, asked) in enumerate(zip(state.answers, dialogue.asked_flags, strict=True)):
        if answer.states is None:
            continue
        if answer.finding not in resting and not supports(network, hypothesis, answer):
            continue
        if answer.finding in dialogue.confirmed:
            continue
        if asked:
            read = dialogue.reading_confidence(answer.finding) < EXPLICIT_FROM
        else:
            read = answer.finding in dialogue.said_in_passing
        if not read:
            continue
        finding = network.finding(answer.finding)
        shown = statement(kit, ctx, finding, answer.states)
        out.append(Fact(index, answer.finding, answer.states, shown))
    return out


# The causes a hand-off leaves to a person that its basis is taken from: those a person
# would look at first (the console's differential shows them at the top).
HANDOFF_CAUSES = 3


def handed_over(ctx: Context, kit: Kit | None = None) -> list[Fact]:
    """The facts read from the user's words that a hand-off went by: those the causes it
    leaves to a person (the leading ones) rest on, the same rule as a conclusion's
    (:func:`from_words`). A misread fact sends the dialogue down the wrong branch, and the
    causes still standing at the end are the ones that rest on it."""
    dialogue, network = ctx.dialogue, ctx.network
    if dialogue is None or network is None:
        return []
    found: dict[int, Fact] = {}
    for hypothesis, _ in dialogue.state.ranking(network)[:HANDOFF_CAUSES]:
        for fact in from_words(ctx, hypothesis, kit):
            found.setdefault(fact.index, fact)
    return [found[i] for i in sorted(found)]


def went_by(kit: Kit, ctx: Context) -> list[Fact]:
    """What the case's outcome said it went by: a conclusion's facts, or a hand-off's."""
    if ctx.case.status == CaseStatus.CONCLUDED:
        return from_words(ctx, ctx.case.conclusion, kit)
    return handed_over(ctx, kit)


def supports(network: EvidentialNetwork, hypothesis: str, answer: Answer) -> bool:
    """Whether ``answer`` points to ``hypothesis`` where its link is soft (a pack built from
    documents): the cause allows the answer fully and gives it some mass of its own."""
    link = network.link(hypothesis, answer.finding)
    if link is None or answer.states is None or link.plausibility(answer.states) < 1.0:
        return False
    said = frozenset(answer.states)
    return sum(m for focal, m in link.masses if focal <= said) > 0.0


def line(facts: list[Fact], noted: str = "") -> str:
    """The sentence a conclusion says its basis in. Facts the same reply has just noted
    (``noted``: its text before the conclusion) are not listed a second time."""
    offer = "If that's not what you said, tell me and I'll look again."
    if noted and all(f.shown in noted for f in facts):
        return f"I went by what you told me, as noted above. {offer}"
    said = "; ".join(f.shown for f in facts)
    return f"I went by what you told me: {said}. {offer}"


def button() -> Button:
    return Button(CORRECT_LABEL, CORRECT)


def open_to_correction(kit: Kit, ctx: Context) -> bool:
    """Whether the case may list facts to correct: a conclusion, or a hand-off still waiting
    for a person (:func:`awaiting_operator`); a patient's lists none (presentation.conclude,
    handoff.abstain)."""
    if ctx.network is None or kit.patient_facing(ctx):
        return False
    return ctx.case.status == CaseStatus.CONCLUDED or awaiting_operator(ctx)


def awaiting_operator(ctx: Context) -> bool:
    """Whether the case is the bot's hand-off that no person has taken up: nobody claimed it
    and no operator has written since (then the user was told a person will reply, not that
    one has the case). A case an operator answered or claimed is theirs: a correction is then
    a message for them (bots.takeover)."""
    case = ctx.case
    if case.status != CaseStatus.ABSTAINED or case.assigned_to_id is not None:
        return False
    if ctx.store is None:
        return False
    # The newest hand-off, however many bot turns came after it: a window of recent turns
    # lost it after a few notices, and a correction then went to the operator.
    handed = ctx.store.latest_turn(case, Role.BOT, "abstain")
    if handed is None:
        return False
    answered = ctx.store.recent_turns(case, Role.OPERATOR, 1)
    return not answered or answered[0].index < handed.index


def read(kit: Kit, ctx: Context, inbound: Inbound) -> Interpretation | None:
    """A message to a concluded case (or a hand-off no person has taken up) read as a
    correction of what it went by, or None (read as usual). The button; or words that say it
    was misread, read against each fact listed (the one they give another answer to, if
    any)."""
    if not open_to_correction(kit, ctx):
        return None
    if inbound.button == CORRECT:
        detail = f"button {CORRECT}: {CORRECTION_DETAIL}"
        return Interpretation("unknown", confidence=1.0, detail=detail)
    if inbound.button or not may_correct(inbound.text):
        return None
    facts = went_by(kit, ctx)
    if not facts:
        return None
    cue = bool(CORRECTION_CUE.search(inbound.text))
    if cue and only_says_misread(inbound.text):
        # "That's not what I said" takes the reading back; it does not say the opposite.
        return Interpretation("unknown", confidence=0.9, detail=CORRECTION_DETAIL)
    for fact in facts:
        meaning = said_otherwise(kit, ctx, inbound.text, fact)
        if meaning is not None:
            return meaning
    if not cue:
        return None
    return Interpretation("unknown", confidence=0.9, detail=CORRECTION_DETAIL)


def said_otherwise(kit: Kit, ctx: Context, text: str, fact: Fact) -> Interpretation | None:
    """The correction's words read as an answer to ``fact``'s question, where they give it
    another answer than the one the conclusion went by."""
    assert ctx.network is not None
    finding = ctx.network.finding(fact.finding)
    try:
        meaning = kit.interpreter.interpret(text, pending=finding, network=ctx.network)
    except ValueError:
        return None
    return meaning if fact.differs(meaning.answer_for(finding.id)) else None
