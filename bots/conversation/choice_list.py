"""A multi-choice question asked whole: one message, a choice list where several may apply.

A multi-choice finding ("Where is the pain?") is several yes/no option findings sharing a
``group`` (:meth:`planning.network.EvidentialNetwork.question_of`). Asked one option per
message it takes a patient a dozen messages to say where it hurts; the policies score it as
one question (InfoGatherer's ``multi_choice="joint"``) and the DDXPlus figures were measured
that way. So when the engine asks about one option, the user gets the whole question: the
options not answered yet as a choice list (their meanings, never a code), "None of these",
"Not sure" and "Why?". The reply answers every listed option in one turn: those chosen yes,
the others no; "none of these" says yes to the question's own "none" option (DDXPlus
"nowhere", the default) where it has one.

Read from a ``pick:`` payload (the choice buttons, or several ticked at once where the
channel can) or from words: "my arm and my jaw", "it doesn't spread anywhere", "none of
them" (:func:`bots.language.choices.named_options`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bots.case_store import Pending
from bots.conversation import carer, follow_ups
from bots.conversation.context import Context, Kit, Outcome
from bots.language import Interpretation
from bots.language.choices import named_options
from bots.language.cues import DISCOURSE, UNSURE, WHOLE_YES
from bots.language.text import normalise
from bots.messages import PICK_PREFIX, Button, Inbound, Reply
from bots.records import rationale_dict
from knowledge.packs import wording
from planning.actions import Ask
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

NONE_PAYLOAD = f"{PICK_PREFIX}none"
# The reading of a bare "yes" to a list (presentation.misunderstood asks which ones).
YES_TO_LIST = "yes to a choice list"
# "Yes", "yes some of them", "a few": some apply, none named.
_SOME = (
    r"^(?:(?:yes|yeah|yep|yea|yup)\W+)?(?:some|a few|several|a couple|one or two)"
    r"(?: of (?:them|these|those|the\w*))?\W*$"
)
# Leading conditions whose links order a choice list (likely_first).
_RANKED = 20
# Plain questions for the DDXPlus multi-choice stems (any other stem is asked as written),
# and whether "None of these" means the question's own "none" answer: "does it spread?" -
# none of these places, so nowhere; "where is the pain?" (asked once the patient said there
# is pain) - somewhere not listed, so every listed place no and "nowhere" not said.
_STEMS = (
    ("pain somewhere", "Where do you feel pain?", False),
    ("radiate", "Does the pain spread anywhere else? If so, where?", True),
    ("characterize your pain", "How would you describe the pain?", True),
    ("affected region", "Where on your body is the affected area?", False),
    ("swelling located", "Where is the swelling?", False),
)


def options_of(ctx: Context, finding: Finding) -> tuple[str, ...]:
    """The options a question about ``finding`` asks: ``finding`` first, then every other
    option of its multi-choice question not answered yet; just ``finding`` when it is a
    plain finding or the last option left."""
    assert ctx.network is not None and ctx.dialogue is not None
    asked = ctx.dialogue.state.asked
    rest = [f for f in ctx.network.question_of(finding.id) if f != finding.id and f not in asked]
    if not rest:
        return (finding.id,)
    return tuple(likely_first(ctx, [finding.id, *rest]))


def likely_first(ctx: Context, options: Sequence[str]) -> list[str]:
    """``options`` ordered by how likely each is "yes" under the current belief (the leading
    conditions' links), so that a list of fifty places starts with the few that matter for
    this patient; ties keep the pack's order."""
    assert ctx.network is not None and ctx.dialogue is not None
    network = ctx.network
    leaders = ctx.dialogue.state.ranking(network)[:_RANKED]

    def score(option: str) -> float:
        total = 0.0
        for hypothesis, p in leaders:
            link = network.link(hypothesis, option)
            if link is not None:
                total += p * link.plausibility(("yes",))
        return total

    scores = {o: score(o) for o in options}
    return sorted(options, key=lambda o: -scores[o])


def is_none_option(finding: Finding) -> bool:
    """The question's own "none" answer (DDXPlus "nowhere"/"NA": its default is yes)."""
    return finding.default_state == "yes"


def stem(finding: Finding) -> str:
    question = finding.question.rpartition(" - ")[0].strip() or finding.question
    lowered = question.lower()
    for cue, plain, _ in _STEMS:
        if cue in lowered:
            return plain
    return question.rstrip(" :?") + "?"


def none_means_none(finding: Finding) -> bool:
    """Whether "None of these" to this question says its own "none" option (module
    docstring, ``_STEMS``)."""
    lowered = finding.question.lower()
    return next((means for cue, _, means in _STEMS if cue in lowered), True)


def whole(ctx: Context, finding: Finding) -> str | None:
    """The question that also asks the parent, when ``finding`` is asked before its parent was
    answered (bots.conversation.follow_ups.asks_whether): "None of these" then means
    "nowhere", the parent's "no"."""
    assert ctx.network is not None and ctx.dialogue is not None
    parent = follow_ups.follow_up_of(ctx.network).get(finding.id)
    if parent is None or parent in ctx.dialogue.state.asked:
        return None
    return follow_ups.asks_whether(finding)


def label(finding: Finding, network: EvidentialNetwork) -> str:
    option = finding.question.rpartition(" - ")[2].strip()
    text = wording.plain_place(option) if option else wording.question_text(finding, network)
    return text[:1].upper() + text[1:]


def ask(
    kit: Kit, ctx: Context, action: Ask, options: Sequence[str], intro: Sequence[str]
) -> Outcome:
    """The whole multi-choice question as one reply."""
    assert ctx.dialogue is not None and ctx.network is not None
    network = ctx.network
    asked = network.finding(action.finding)
    both = whole(ctx, asked)
    shown = f"{carer.addressed(kit, ctx, both or stem(asked))} Choose all that apply."
    rationale = rationale_dict(action, network)
    ctx.dialogue.pending = Pending(asked.id, shown, rationale, options=tuple(options))
    buttons, choices = controls(network, options, whole_question=both is not None)
    reply = Reply(parts=(*intro, shown), kind="question", buttons=buttons, choices=choices)
    return Outcome(
        reply,
        action={"type": "ask", "finding": asked.id, "options": list(options)},
        rationale=rationale,
        canonical_text=asked.question,
    )


def controls(
    network: EvidentialNetwork,
    options: Sequence[str],
    *,
    human: bool = False,
    whole_question: bool = False,
) -> tuple[tuple[Button, ...], tuple[Button, ...]]:
    """(buttons, choices) of the question: a choice per option but the "none" one, then
    "None of these" ("No" to a question asked with its parent, :func:`whole`), "Not sure",
    "Why?" (and "Talk to a person" when offered)."""
    choices = tuple(
        Button(label(network.finding(o), network), f"{PICK_PREFIX}{o}")
        for o in options
        if not is_none_option(network.finding(o))
    )
    buttons = [
        Button("No" if whole_question else "None of these", NONE_PAYLOAD),
        Button("Not sure", "answer:unsure"),
        Button("Why?", "why"),
    ]
    if human:
        buttons.append(Button("Talk to a person", "human"))
    return tuple(buttons), choices


def answers_for(
    network: EvidentialNetwork,
    options: Sequence[str],
    chosen: set[str] | None,
    *,
    none_means: bool | None = None,
) -> tuple[Answer, ...]:
    """Every option's answer: the chosen ones yes, the others no; ``None`` chosen is "none
    of these" (the "none" option yes, where the question has one and ``none_means``, by
    default :func:`none_means_none`, says so)."""
    out = []
    for option in options:
        finding = network.finding(option)
        means = none_means_none(finding) if none_means is None else none_means
        if not chosen and is_none_option(finding) and not means:
            continue  # somewhere not listed: "nowhere" is not what was said
        yes = option in chosen if chosen else is_none_option(finding)
        out.append(Answer.crisp(option, "yes" if yes else "no"))
    return tuple(out)


def read(kit: Kit, ctx: Context, inbound: Inbound, pending: Pending) -> Interpretation | None:
    """The reply to a choice-list question, or None when it is not an answer (a "why?", a
    request for a person: the usual reading takes over)."""
    assert ctx.network is not None
    network, options = ctx.network, pending.options
    # Asked with its parent ("Do you have pain somewhere? If so, where?"): "none" is "nowhere".
    none_means = True if whole(ctx, network.finding(pending.finding)) else None
    button = inbound.button.strip()
    if button.startswith(PICK_PREFIX):
        values = {v.strip() for v in button[len(PICK_PREFIX) :].split(",") if v.strip()}
        if values == {"none"}:
            values = set()
        if not values <= set(options):  # a stale list (an earlier question's)
            return Interpretation("unknown", confidence=0.0, detail="choice not offered")
        answers = answers_for(network, options, values, none_means=none_means)
        return Interpretation("answer", answers, confidence=1.0, detail=f"chose {len(values)}")
    if button or not inbound.text.strip():
        return None
    if UNSURE.search(normalise(inbound.text)):
        # "Not sure. I have chest pain even at rest": not sure of the question; the rest is
        # read as facts said in passing, as for any question.
        try:
            said = kit.interpreter.interpret(inbound.text, pending=None, network=network)
            facts = tuple(f for f in said.volunteered if f.finding not in options)
        except ValueError:
            facts = ()
        unsure = (Answer.unsure(pending.finding),)
        return Interpretation("answer", unsure, facts, 0.8, detail="unsure cue")
    if _bare_yes(inbound.text):
        # "Yes" to "How would you describe the pain? Choose all that apply." names none of
        # the options. Read as a yes to the option the engine happened to ask about, it noted a
        # place or a kind of pain nobody said, moved on and came back to the rest two
        # questions later. Asked which ones once; a second bare yes is not sure which (the
        # whole list, so it is not asked again).
        if pending.misunderstood:
            unsure = (Answer.unsure(pending.finding),)
            return Interpretation("answer", unsure, (), 0.8, detail="yes again, none picked")
        return Interpretation("unknown", confidence=0.0, detail=YES_TO_LIST)
    named = named_options(inbound.text, [network.finding(o) for o in options], network)
    if named is None:
        return None
    chosen, confidence = named
    answers = answers_for(network, options, {f.id for f in chosen}, none_means=none_means)
    return Interpretation("answer", answers, confidence=confidence, detail="options named")


def _bare_yes(text: str) -> bool:
    """Whether ``text`` says only that some of the options apply ("yes", "yeah some")."""
    said = DISCOURSE.sub("", normalise(text).strip()).strip()
    return bool(WHOLE_YES.match(said) or re.match(_SOME, said))
