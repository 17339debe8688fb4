"""Before an urgent close, the emergency questions that fit what was said (stop 45).

An urgent red flag (chest pain even at rest, out of breath at the least effort), an urgent sign
in the patient's words (a hot swollen calf) or an urgent conclusion ended the intake at once
with "seek medical care today", and nothing asked about the emergency the same picture could
hide: chest pain at rest that is crushing and spreading to the arm now, breathlessness that is
there even sitting still, a swollen calf with a breathlessness the patient did not think to
mention. A triage nurse asks the one or two emergency questions that fit before the urgent
hand-off, then closes it:

==========================================  ==================================================
the picture (words said, flags' questions)  asked before the urgent close (a yes is 112)
==========================================  ==================================================
one swollen, hot or red leg                 short of breath, a chest pain, pain breathing in,
                                            blood coughed up (a clot gone to the lungs)
the chest (pain at rest, behind the         heavy, crushing or tight now, spreading to the arm,
shoulder blade, eased leaning forward)      jaw or back, sweaty, sick or faint with it
the breath (breathless, wheezing)           struggling to breathe now, even sitting still;
                                            lips or face blue or grey
the cheeks suddenly red                     the airway question of a sting
==========================================  ==================================================

At most :data:`MOST` per case, each once, none the patient's words already spoke of; they are
the nurse's questions (:mod:`bots.conversation.nurse_questions`), so a yes escalates as an
emergency of its kind and a "not sure" is asked another way once, then left urgent. The close
that follows says the sign to call emergency services for.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bots.conversation import nurse_questions, safety
from bots.conversation.context import Context, Kit, Outcome
from bots.conversation.nurse_questions import CLOT, Question
from bots.safety.minor_care import said_of, signs_said
from bots.safety.urgent import urgent_kinds
from bots.triage import TRIAGE_ADVICE
from planning.actions import Abstain, Conclude, Escalate
from planning.engine import Decision

__all__ = ["MOST", "before_close"]

MOST = 2

CHEST_NOW = Question(
    "chest_now",
    "Right now, is the pain heavy, crushing or tight, or spreading to your arm, jaw, neck or "
    "back, or do you feel sweaty, sick or faint with it?",
    "chest_now",
    "emergency",
    kind="chest pain",
    again=Question(
        "chest_now_again",
        "Let me ask it another way: does it feel like a heavy weight or a tight band on your "
        "chest, or is it the worst chest pain you have had?",
        "chest_now",
        "emergency",
        kind="chest pain",
    ),
)
BREATH_NOW = Question(
    "breath_now",
    "Are you struggling to breathe right now, even sitting still, or are your lips or face "
    "turning blue or grey?",
    "breath_now",
    "emergency",
    kind="breathing",
    again=Question(
        "breath_now_again",
        "Let me ask it another way: sitting where you are now, are you too out of breath to say "
        "a whole sentence?",
        "breath_now",
        "emergency",
        kind="breathing",
    ),
)
AIRWAY = nurse_questions.QUESTIONS["insect"][0]
nurse_questions.register(CHEST_NOW, BREATH_NOW)

# Which question fits which picture: the patient's words, the urgent signs read in them and the
# questions of the red flags raised (a flag's question says the sign in the pack's words).
_FITS: tuple[tuple[re.Pattern[str], Question], ...] = (
    (re.compile(r"\bchest\b|\bscapula\b|\bshoulder ?blades?\b|\blean\w* forward\b"), CHEST_NOW),
    (re.compile(r"\bbreath\w*|\bwinded\b|\bpuffed\b|\bwheez\w*|\bcoughing blood\b"), BREATH_NOW),
    (re.compile(r"\bcheeks? (?:\w+ ){0,3}red\b"), AIRWAY),
)
# A screening question in other words than its sign's concept: what answers it already.
_SPOKEN = {
    "chest_now": re.compile(r"\bcrushing\b|\bheavy\b|\btight\w*|\bspread\w*|\bradiat\w*"),
    "breath_now": re.compile(r"\bsitting still\b|\bat rest\b|\bblue\b|\bgrey\b|\bgray\b"),
}
_LEAD = "Before I pass this on, one question that decides how fast you need help:"
_WATCH = {
    "clot": "If you become short of breath, get a pain in your chest or when you breathe in, or "
    "cough up blood, call emergency services (112 or 911) at once.",
    "chest_now": "If the pain becomes heavy, crushing or tight, spreads to your arm, jaw or back, "
    "or comes with sweating, sickness or faintness, call emergency services (112 or 911) at once.",
    "breath_now": "If you struggle to breathe even sitting still, or your lips or face turn blue "
    "or grey, call emergency services (112 or 911) at once.",
}


def picture(ctx: Context) -> str:
    """What the close is about: the patient's words, the urgent signs read in them, and the
    questions of the red flags raised."""
    words = " \n ".join(safety.patient_words(ctx))
    parts = [words, *urgent_kinds(words)]
    if ctx.dialogue is not None and ctx.network is not None:
        for flag in ctx.dialogue.state.red_flags:
            if flag.finding in ctx.network.finding_index:
                parts.append(ctx.network.finding(flag.finding).question)
            else:
                parts.append(flag.finding.removeprefix("said:"))
    return " \n ".join(parts).lower()


def fitting(ctx: Context) -> list[Question]:
    """The emergency questions the picture calls for, most telling first."""
    said = picture(ctx)
    words = " \n ".join(safety.patient_words(ctx))
    out = [CLOT] if "clot" in signs_said(words) or "hot swollen calf" in said else []
    out += [q for pattern, q in _FITS if pattern.search(said) and q not in out]
    return out


def closing_level(ctx: Context, decision: Decision) -> str:
    """The level the decision would close the case at ("" when it does not close it)."""
    if isinstance(decision, Escalate):
        return safety.flag_level(ctx) if decision.reason == "red_flag" else ""
    if isinstance(decision, (Conclude, Abstain)):
        return safety.triage(ctx)
    return ""


def before_close(
    kit: Kit, ctx: Context, decision: Decision, intro: Sequence[str]
) -> Outcome | tuple[str, ...]:
    """The next emergency question to ask before an urgent close; else the close's extra lines
    (the sign to call emergency services for, one per question asked), none for other closes."""
    if ctx.dialogue is None or ctx.network is None or not kit.patient_facing(ctx):
        return ()
    if not any(flag.companions for flag in ctx.network.red_flags):
        return ()  # not the patient-intake knowledge (the IT and car packs)
    if closing_level(ctx, decision) != "urgent":
        return ()
    if nurse_questions.table(kit, ctx) is not None:
        return ()  # the nurse's table asks its own emergency questions (the clot's among them)
    asked = ctx.dialogue.nurse_asked
    fits = fitting(ctx)
    done = [q for q in fits if q.key in asked]
    words = " \n ".join(safety.patient_words(ctx)).lower()
    if len(done) < MOST:
        for question in fits:
            if question.key in asked or _spoken_of(words, question):
                continue
            # The first one comes after the urgent advice: a patient who leaves now was told.
            lead = () if done else (TRIAGE_ADVICE["urgent"], _LEAD)
            return nurse_questions.ask(kit, ctx, question, (*intro, *lead))
    if safety.care_advice(ctx, "urgent"):
        return ()  # the nurse's table's advice says it
    return tuple(_WATCH[q.key] for q in done if q.key in _WATCH)


def _spoken_of(words: str, question: Question) -> bool:
    spoken = _SPOKEN.get(question.sign)
    if spoken is not None and spoken.search(words):
        return True
    return question.sign in ("clot_lungs", "anaphylaxis") and said_of(words, question.sign)
