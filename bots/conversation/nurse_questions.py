"""What a triage nurse asks about a bite, sting or mild injury, then the table's end (stop 41).

DDXPlus, the patient-intake pack's knowledge, has no cause for a bite, a sting or a sprain, so
its questions (10 to 18 of them: lead16's bee sting and mosquito bites) cannot decide anything
the nurse's table (:mod:`bots.safety.minor_care`) does not. A nurse asks two or three. So when
the table applies (:func:`bots.conversation.safety.nurse_table`: no companion sign such as chest
pain or breathlessness) and nothing else decides the level (no red flag, no urgent sign in the
patient's words), the dialogue asks the table's own questions instead of the pack's, in plain
words, each once:

============  ===================================================================  =========
complaint     question (the sign it asks about)                                    level
============  ===================================================================  =========
sting, bite   lips, tongue or throat swelling, hard to breathe or swallow, faint    emergency
              spreading redness, hot, pus, a fever                                 urgent
tick          a red ring or spreading rash, a fever or flu-like aches              urgent
animal bite   did it break the skin or bleed                                       urgent
              spreading redness, hot, pus, a fever                                 urgent
injury        can you put weight on it or use it ("no" is the sign)                urgent
              out of shape, numb or cold, a crack heard, a knock to the head       urgent
cut, graze    has the bleeding stopped ("no" is the sign)                          emergency
              gapes, deep, numb beyond it, something in it, dirty or rusty         urgent
sunburn       blisters or a bad swelling over a large area                         urgent
              unwell: a high temperature, shivers, a headache, dizzy, sick         urgent
contact rash  lips, tongue or throat swelling, hard to breathe or swallow, faint    emergency
one leg       short of breath, a chest pain, pain breathing in, blood coughed up   emergency
water infect  a temperature or shivers, a back or side pain, being sick            urgent
              blood in the pee, or pink, red or brown                              urgent
sore eye      the sight blurred, a real pain, light hurting it                     urgent
              something got into it or hit it, contact lenses                      urgent
ringing ear   the hearing in one ear gone suddenly, the room spinning              urgent
tooth, gum    swelling spreading to the eye or neck, hard to breathe or swallow    emergency
              the face, cheek or jaw swollen, a temperature                        urgent
tummy bug     blood or coffee grounds in the sick                                  emergency
              nothing stays down, hardly peeing, dizzy standing                    urgent
              blood in the poo, a bad belly pain that does not ease                urgent
headache      sudden and severe, a stiff neck, a rash, weakness, trouble speaking  emergency
              after a knock to the head, worse each morning, the sight, a temple   urgent
dizzy         balance lost, a drooping face, a weak or numb limb, slurred speech   emergency
              fainting, chest pain, a very fast, slow or irregular heartbeat       emergency
              hearing dulled or ringing in one ear, an attack lasting hours        urgent
everyday      much worse quickly, so bad the day stops, a high temperature         urgent
              bleeding that does not stop, no fluids kept down, no urine           urgent
              a baby under a year, a pregnancy, a weakened immune system           urgent
============  ===================================================================  =========

A question is asked only when its sign would raise the level the table gives so far, and not
when the patient's own words already spoke of it, said or denied ("it didn't break the skin").
Then the dialogue concludes with the table's level and advice. The sign the patient affirms
counts as said (:attr:`StoredDialogue.nurse_told`); a reply that cannot be read twice counts
as the sign too, as it does in a nurse's safety follow-up (:mod:`bots.conversation.safety_check`),
and so does "not sure" to a sign of level urgent. "Not sure" to an emergency sign (the airway, the
bleeding, a clot gone to the lungs) is no yes (stop 45): it is asked another way once, and if
still unknown the case is seen today (urgent) with the one sign to call emergency services for.
"Not sure" to one of the everyday screen's flags (stop 48) is no yes either: the screen stops
there, and the patient is sent to a pharmacist with each flag not ruled out to seek care today
for (a yes is still care today).

A swollen, hot or red leg (a possible DVT) is the table's too (stop 45): one question, the
breath and the chest, before its urgent close.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bots.case_store import Pending
from bots.conversation import carer
from bots.conversation.context import NO_KNOWLEDGE, Context, Kit, Outcome
from bots.conversation.plain_answers import LEADING, NO_WORDS, YES_WORDS, plain, starts_with
from bots.language import Interpretation
from bots.messages import Button, Inbound, Reply
from bots.safety.emergency import normalise
from bots.safety.minor_care import UNSURE, Care, said_of, signs_said
from bots.safety.urgent import urgent_kinds
from planning.actions import Conclude

__all__ = ["KEY", "Question", "instead", "is_question", "read", "respond"]

KEY = "nurse_question"
# A reply we cannot read twice in a row counts as "not sure": the question is for safety.
MAX_UNREAD = 2


@dataclass(frozen=True)
class Question:
    """One of the table's questions: its words, the table's sign it asks about, the level
    that sign gives, and which answer is the sign ("no" to "can you put weight on it?")."""

    key: str
    text: str
    sign: str
    level: str
    sign_if: str = "yes"
    # Words that speak of it beside the sign's own ("I can walk on it" answers the weight
    # question, though it is no sign).
    topic: re.Pattern[str] | None = None
    # The emergency a sign of level "emergency" is escalated as (bots.safety.emergency kinds).
    kind: str = "anaphylaxis"
    # The same sign asked another way, once, after a "not sure" (stop 45): a "not sure" to
    # "has the bleeding stopped?" is no yes; asked twice and still unknown, it is seen today.
    again: Question | None = None
    # Words that say the sign is not there, whatever yes or no leads them ("yes its stopped"
    # and "no its stopped now" both answer the bleeding question; stop 45).
    absent: re.Pattern[str] | None = None
    # "Not sure" is no yes to an emergency sign (stop 45) and to the everyday screen's flags
    # (stop 48): a patient who cannot say whether dandruff got "much worse quickly" gives no
    # evidence it is urgent. The screen then stops, and the patient is told what to watch for
    # of this flag and of those not asked (minor_care.UNSURE): a screen that goes on asking
    # after "not sure" asks more questions that are not about the complaint.
    unsure_is_no_yes: bool = False


_AIRWAY_AGAIN = Question(
    "airway_again",
    "Let me ask it another way: right now, does your throat feel tight or your voice sound "
    "different, is it any harder than usual to breathe or swallow, or do you feel faint?",
    "anaphylaxis",
    "emergency",
)
_AIRWAY = Question(
    "airway",
    # Only the danger signs, in other words than the complaint's: "have your lips ... started
    # to swell" and "away from the sting" were answered yes for the sting's own puffy finger
    # (lead16's probe answers by such words, as a patient skimming would).
    "Is anything else happening in your body: your lips, tongue or throat puffing up, a tight "
    "throat, trouble breathing or swallowing, or feeling faint or dizzy?",
    "anaphylaxis",
    "emergency",
    again=_AIRWAY_AGAIN,
)
_INFECTION = Question(
    "infection",
    "Is the redness spreading, or is the area hot or oozing pus, or do you have a fever?",
    "infection",
    "urgent",
)
_RING = Question(
    "ring",
    "Has a red ring or a spreading rash appeared around the bite, or do you have a fever or "
    "flu-like aches?",
    "lyme",
    "urgent",
    topic=re.compile(r"\brash\b"),
)
_SKIN = Question("skin", "Did the bite break the skin or make it bleed?", "broke_skin", "urgent")
_WEIGHT = Question(
    "weight",
    "Can you still put weight on it, or move it and use it much as usual?",
    "serious_injury",
    "urgent",
    sign_if="no",
    topic=re.compile(
        r"\bweight\b|\bwalk\w*|\bstand\w*|\bmove\b|\bmoving\b|\buse it\b|\busing it\b|"
        # What a patient says they still do on it: "i can still hobble about on it".
        r"\bgrip\w*|\blimp\w*|\bbend\w*|\bhobbl\w*|\bget(?:ting)? (?:about|around)\b"
    ),
)
_SHAPE = Question(
    "shape",
    "Does it look out of shape, or is it numb, tingling or cold, or did you hear a crack or "
    "bang your head?",
    "serious_injury",
    "urgent",
)
# Stop 43: cuts and grazes, sunburn, a rash from something that touched the skin. Each asks
# the danger sign in other words than the complaint's (a patient skimming for "cut", "skin" or
# "sun" says yes to any question holding them: stop 41's allergy question).
# The bleeding said to have stopped (a "not stopped" is the bleeding sign, read first).
_STOPPED = re.compile(r"\bstopped\b|\bnot bleeding\b|\bno (?:more )?blood\b|\bdried up\b")
_BLEEDING_AGAIN = Question(
    "bleeding_again",
    # The first question's way round ("no" is the sign): asked the other way ("is blood still
    # coming out?"), "yes its stopped" was read as a yes and sent a shaving nick to 112 (the
    # held-out part, stop 45).
    "Let me ask it another way: when you press firmly on it with a clean cloth, does the "
    "bleeding stop within 10 minutes?",
    "bleeding",
    "emergency",
    sign_if="no",
    kind="bleeding",
    absent=_STOPPED,
)
_BLEEDING = Question(
    "bleeding",
    "Has the bleeding stopped, or does it stop when you press on it firmly for 10 minutes?",
    "bleeding",
    "emergency",
    sign_if="no",
    # "it bled a bit but it's stopped", "barely bled": the bleeding was spoken of.
    topic=re.compile(r"\bbleed\w*|\bbled\b|\bblood\b|\bstopped\b"),
    kind="bleeding",
    again=_BLEEDING_AGAIN,
    absent=_STOPPED,
)
_WOUND = Question(
    "wound",
    "Does it gape open or look deep, is it numb beyond it, is anything stuck in it, or did it "
    "come from something dirty or rusty?",
    "wound_seen",
    "urgent",
)
_SUN_BLISTERS = Question(
    "sun_blisters",
    "Has it come up in blisters or swollen badly over a large area?",
    "sun_blister",
    "urgent",
)
_SUN_UNWELL = Question(
    "sun_unwell",
    "Do you feel unwell in yourself: a high temperature, shivering, a headache, feeling dizzy "
    "or being sick?",
    "sun_unwell",
    "urgent",
)
# Stop 45: one swollen, hot or red leg (a possible DVT): a clot gone to the lungs is asked
# before the urgent close, in the breath's and the chest's words, never the leg's.
CLOT = Question(
    "clot",
    "Are you more short of breath than usual, even a little, or do you have any pain in your "
    "chest or when you breathe in, or have you coughed up blood?",
    "clot_lungs",
    "emergency",
    kind="blood clot",
    again=Question(
        "clot_again",
        "Let me ask it another way: walking across a room or up a few stairs, do you get out of "
        "breath more than you used to, or does it hurt to take a deep breath?",
        "clot_lungs",
        "emergency",
        kind="blood clot",
    ),
)
# Stop 46: a water infection, a sore eye, a ringing ear, a toothache, a tummy bug, a headache.
# Each sign in its own words, none of the complaint's (a patient skimming for "sick", "tooth",
# "head" or "eye" says yes to a question holding them: stop 41), least of all an emergency's.
_KIDNEY = Question(
    "kidney",
    "Do you have a high temperature or shivers, a pain in your back or side just below the "
    "ribs, or have you been sick?",
    "kidney",
    "urgent",
)
_PEE_BLOOD = Question(
    "pee_blood",
    "When you go, is it pink, red or brown, or can you see blood in it?",
    "pee_blood",
    "urgent",
)
_SIGHT = Question(
    "eye_serious",
    "Has your sight changed (blurred, and it does not clear when you blink), or is it really "
    "painful, or does bright light hurt it?",
    "eye_serious",
    "urgent",
    # "my sight is fine" answers it (stop 47: it was not read, asked again, and counted).
    absent=re.compile(
        r"\b(?:sight|vision|eyesight) (?:is |seems |has been )?(?:fine|ok|okay|normal|good|"
        r"alright|all right|the same)\b|\bi can see (?:fine|ok|okay|normally|perfectly)\b"
    ),
)
_INTO_EYE = Question(
    "eye_injury",
    "Did something get into it or hit it (a bit of metal or grit, a chemical, a poke), or do "
    "you wear contact lenses?",
    "eye_injury",
    "urgent",
)
_EAR_SUDDEN = Question(
    "ear_sudden",
    "Did the hearing in one ear go suddenly or get much worse within a day or two, or does the "
    "room spin around you?",
    "ear_sudden",
    "urgent",
)
_DENTAL_AIRWAY = Question(
    "dental_airway",
    "Is anything puffing up towards your eye or down your neck, or is it hard to breathe, "
    "swallow or open your mouth?",
    "dental_airway",
    "emergency",
    kind="breathing",
)
_DENTAL_SEEN = Question(
    "dental_seen",
    "Is your face, cheek or jaw swollen, or do you have a temperature or feel hot and shivery?",
    "dental_seen",
    "urgent",
)
_SICK_BLOOD = Question(
    "sick_blood",
    "Has anything you brought up had blood in it, or looked like coffee grounds?",
    "sick_blood",
    "emergency",
    kind="bleeding",
)
_DRY = Question(
    "dehydrated",
    "Are you unable to keep even small sips of fluid down, hardly peeing (or is it very dark), or "
    "dizzy when you stand up?",
    "dehydrated",
    "urgent",
)
_GUT = Question(
    "gut_seen",
    "Have you seen blood when you go to the toilet, or a bad pain in your middle that does "
    "not ease?",
    "gut_seen",
    "urgent",
)
_HEAD_EMERGENCY = Question(
    "head_emergency",
    "Did it come on suddenly and very badly, within a minute or so, or do you have a stiff "
    "neck, a rash that does not fade, weakness, or trouble speaking?",
    "head_emergency",
    "emergency",
    kind="headache",
)
_HEAD_SEEN = Question(
    "head_seen",
    "Did it start after a knock or a fall, is it worse every morning with being sick, or has "
    "your sight changed or your temple become tender?",
    "head_seen",
    "urgent",
)
# Stop 48: dizziness brought on by moving, or a spinning room (the pack has no cause for it):
# the NHS's reasons to call emergency services first, then to be seen today. In words the
# complaint's are not ("dizzy", "spinning", "standing up"): a patient skimming for them says yes.
_DIZZY_STROKE = Question(
    "dizzy_stroke",
    "Have you lost your balance so that you cannot walk straight, or has your face drooped, "
    "an arm or leg gone weak or numb, your speech become slurred, or your sight gone double?",
    "dizzy_stroke",
    "emergency",
    kind="stroke",
    again=Question(
        "dizzy_stroke_again",
        "Let me ask it another way: since this began, is it hard to keep your balance when you "
        "walk, is one side of your face or body weaker or number than the other, or are your "
        "words coming out wrong?",
        "dizzy_stroke",
        "emergency",
        kind="stroke",
    ),
)
_DIZZY_HEART = Question(
    "dizzy_heart",
    "Have you fainted or blacked out, or had chest pain or a heartbeat that is very fast, very "
    "slow or irregular?",
    "dizzy_heart",
    "emergency",
    kind="chest pain",
    again=Question(
        "dizzy_heart_again",
        "Let me ask it another way: have you come round on the floor not knowing what happened, "
        "or felt a pain in your chest, or your heart hammering or fluttering?",
        "dizzy_heart",
        "emergency",
        kind="chest pain",
    ),
)
_DIZZY_SEEN = Question(
    "dizzy_seen",
    "Has the hearing in one ear gone dull or started ringing, or does an attack go on for hours "
    "without stopping?",
    "dizzy_seen",
    "urgent",
)
# Stop 47: any everyday complaint the pack has no cause for. The red flags any nurse asks of
# any minor complaint, in words no complaint's own are (no "pain", "skin", "sleep", "drink" or
# "sore": a patient skimming for their complaint's word says yes to a question holding it).
_EVERYDAY_WORSE = Question(
    "everyday_worse",
    "Has it got much worse quickly, or is it so bad you cannot get on with your day, or do you "
    "have a fever (a high temperature, or feeling hot and shivery)?",
    "everyday_worse",
    "urgent",
    unsure_is_no_yes=True,
)
_EVERYDAY_BODY = Question(
    "everyday_body",
    "Is anything bleeding and not stopping, or are you unable to keep fluids down or to pass "
    "urine?",
    "everyday_body",
    "urgent",
    # "it bled but it stops when i press": the bleeding said to stop is no sign.
    absent=re.compile(r"\bstop(?:s|ped)\b|\bnot bleeding\b|\bno (?:more )?blood\b|\bdried up\b"),
    unsure_is_no_yes=True,
)
_EVERYDAY_VULNERABLE = Question(
    "everyday_vulnerable",
    "Is this for a baby under a year old, or for someone who is pregnant or whose immune "
    "system is weakened (for example by chemotherapy, steroid tablets or a transplant)?",
    "everyday_vulnerable",
    "urgent",
    unsure_is_no_yes=True,
)
QUESTIONS: dict[str, tuple[Question, ...]] = {
    "insect": (_AIRWAY, _INFECTION),
    "tick": (_RING,),
    "animal": (_SKIN, _INFECTION),
    "injury": (_WEIGHT, _SHAPE),
    "cut": (_BLEEDING, _WOUND),
    "sunburn": (_SUN_BLISTERS, _SUN_UNWELL),
    "contact": (_AIRWAY,),
    "clot": (CLOT,),
    "waterworks": (_KIDNEY, _PEE_BLOOD),
    "eye": (_SIGHT, _INTO_EYE),
    "ear": (_EAR_SUDDEN,),
    "tooth": (_DENTAL_AIRWAY, _DENTAL_SEEN),
    "bug": (_SICK_BLOOD, _DRY, _GUT),
    "headache": (_HEAD_EMERGENCY, _HEAD_SEEN),
    "dizzy": (_DIZZY_STROKE, _DIZZY_HEART, _DIZZY_SEEN),
    "everyday": (_EVERYDAY_WORSE, _EVERYDAY_BODY, _EVERYDAY_VULNERABLE),
}
# What the table's questions hold beside their own: the screening questions an urgent close
# asks (bots.conversation.urgent_screen), each registered here so that its answer is read.
_BY_KEY: dict[str, Question] = {}


def register(*questions: Question) -> None:
    """Make ``questions`` (and the ways each is asked again) readable as pending ones."""
    for question in questions:
        _BY_KEY[question.key] = question
        if question.again is not None:
            register(question.again)


register(*(q for qs in QUESTIONS.values() for q in qs))
# The urgent signs that are a complaint's own: a hot swollen calf is the clot row's, so the
# table still asks its emergency question (stop 45), where another urgent sign keeps the pack's.
_OWN_URGENT = {
    "clot": frozenset({"hot swollen calf"}),
    # A tummy bug that cannot keep fluids down or has a black stool is the row's own urgent sign.
    "bug": frozenset({"cannot keep fluids down", "black stools", "near fainting"}),
}
_RANK = {"": 0, "self-care": 1, "routine": 2, "urgent": 3, "emergency": 4}

# A nurse asks what the patient can do ("can you put weight on it?"): "i can" is a yes there.
_YES = starts_with(YES_WORDS + r"|i can(?!'?t|not| not)|i could(?!n'?t| not)")
_NO = starts_with(NO_WORDS + r"|nothing|i can'?t|i cannot|i can not|i couldn'?t")


def is_question(pending: Pending | None) -> bool:
    """Whether the pending question is one of the nurse's."""
    return pending is not None and KEY in pending.rationale


def table(kit: Kit, ctx: Context) -> Care | None:
    """The table's reading of the case when its questions are the ones to ask: a patient's
    bite, sting or mild injury with no red flag and no urgent sign said (those keep the pack's
    own questions, which know the conditions they belong to)."""
    from bots.conversation import safety

    if ctx.dialogue is None or not kit.patient_facing(ctx):
        return None
    care = safety.nurse_table(ctx)
    if care is None or ctx.dialogue.state.red_flags:
        return None
    said = set(urgent_kinds(" \n ".join(safety.patient_words(ctx))))
    if said - _OWN_URGENT.get(care.kind, frozenset()):
        return None
    return care


def next_question(ctx: Context, care: Care, words: str) -> Question | None:
    """The first of the complaint's questions not asked, whose sign would raise the level, and
    that the patient's words did not already speak of."""
    assert ctx.dialogue is not None
    for question in QUESTIONS.get(care.kind, ()):
        if question.key in ctx.dialogue.nurse_asked:
            continue
        if _RANK[question.level] <= _RANK.get(care.level, 0):
            continue
        if said_of(words, question.sign) or (
            question.topic is not None and question.topic.search(words.lower())
        ):
            continue
        return question
    return None


def instead(kit: Kit, ctx: Context, intro: Sequence[str]) -> Outcome | Conclude | None:
    """What the dialogue does instead of the pack's next question or conclusion when the
    table applies: the nurse's next question, or the conclusion (the table gives its level and
    advice); None when the table does not apply."""
    from bots.conversation import safety

    care = table(kit, ctx)
    if care is None or ctx.dialogue is None or ctx.network is None:
        return None
    words = " \n ".join(safety.patient_words(ctx))
    question = next_question(ctx, care, words) if care.level != "emergency" else None
    if question is None:
        ranking = ctx.dialogue.state.ranking(ctx.network)
        if not ranking:
            return None
        return Conclude(ranking[0][0], ranking[0][1])
    return ask(kit, ctx, question, intro)


def ask(kit: Kit, ctx: Context, question: Question, intro: Sequence[str]) -> Outcome:
    """Ask ``question`` as the pending one. A pending question names a finding of the pack (the
    case stores it); the nurse's is none, so the first finding stands in, as the safety
    follow-up's prompting answer does."""
    assert ctx.dialogue is not None and ctx.network is not None
    text = carer.addressed(kit, ctx, question.text)
    ctx.dialogue.nurse_asked.append(question.key)
    ctx.dialogue.pending = Pending(ctx.network.findings[0].id, text, {KEY: question.key})
    reply = Reply(parts=(*intro, text), kind="question", buttons=_buttons())
    return Outcome(
        reply,
        action={"type": KEY, "question": question.key, "sign": question.sign},
        rationale={KEY: question.key},
        canonical_text=question.text,
    )


def _buttons() -> tuple[Button, ...]:
    return (
        Button("Yes", "answer:yes"),
        Button("No", "answer:no"),
        Button("Not sure", "answer:unsure"),
    )


def _asked(ctx: Context) -> Question:
    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    return _BY_KEY[str(ctx.dialogue.pending.rationale[KEY])]


def read(kit: Kit, ctx: Context, inbound: Inbound) -> Interpretation:
    """The reply to the nurse's question: ``extras["nurse"]`` is "yes", "no" or "unsure" when
    it says one (a button, the sign in words, or a plain yes or no); otherwise what the
    interpreter makes of it (why, a person, or not understood)."""
    pressed = {"answer:yes": "yes", "answer:no": "no", "answer:unsure": "unsure"}
    if inbound.button in pressed:
        said = pressed[inbound.button]
        return Interpretation("answer", extras={"nurse": said}, detail=f"button {said}")
    question = _asked(ctx)
    text = carer.own_words(kit, ctx, inbound.text).strip()
    # "no, I can't put any weight on it": the words after a leading yes or no say the sign.
    rest = LEADING.sub("", text)
    if question.sign in signs_said(rest):
        return Interpretation("answer", extras={"nurse": question.sign_if}, detail="sign said")
    if question.absent is not None and question.absent.search(normalise(rest)):
        other = "yes" if question.sign_if == "no" else "no"
        return Interpretation("answer", extras={"nurse": other}, detail="sign absent")
    said = plain(text, yes=_YES, no=_NO)
    if said is not None:
        return Interpretation("answer", extras={"nurse": said}, detail="nurse question")
    try:
        # The stand-in finding is pending so that "why?" reads as a question about a question.
        network = ctx.network or NO_KNOWLEDGE
        meaning = kit.interpreter.interpret(text, pending=ctx.pending, network=network, button="")
    except ValueError:
        return Interpretation("unknown", confidence=0.0, detail="nurse question not read")
    if meaning.intent == "answer":
        return Interpretation("unknown", confidence=0.0, detail="nurse question not read")
    return meaning


def respond(kit: Kit, ctx: Context, meaning: Interpretation) -> Outcome:
    """The reply to the answer (the module docstring)."""
    from bots.conversation import answering, safety

    assert ctx.dialogue is not None and ctx.dialogue.pending is not None
    pending = ctx.dialogue.pending
    question = _asked(ctx)
    said = meaning.extras.get("nurse") if meaning.intent == "answer" else None
    if said is None and pending.misunderstood + 1 < MAX_UNREAD:
        pending.misunderstood += 1
        if meaning.intent == "why":
            opener = "I ask because the answer decides how soon you should be seen."
        else:
            opener = "Sorry, I didn't understand that. Please answer yes, no or not sure."
        reply = Reply(parts=(opener, pending.text), kind="question", buttons=_buttons())
        return Outcome(
            reply,
            action={"type": KEY, "question": question.key, "reask": meaning.intent},
            rationale={KEY: question.key},
            canonical_text=question.text,
        )
    ctx.dialogue.pending = None
    if said == "unsure" and (question.level == "emergency" or question.unsure_is_no_yes):
        return _unsure(kit, ctx, question)
    if said in (None, "unsure", question.sign_if):
        # The sign, or a patient who cannot say it is not there: a nurse errs to safety.
        if question.sign not in ctx.dialogue.nurse_told:
            ctx.dialogue.nurse_told.append(question.sign)
        if question.level == "emergency":
            answer = said or "not answered"
            detail = f"{question.kind} (nurse question {question.key}: {answer})"
            escalated = safety.affirmed_emergency(kit, ctx, [question.kind], detail)
            if escalated is not None:
                return escalated
    return answering.decide(kit, ctx, ())


def _unsure(kit: Kit, ctx: Context, question: Question) -> Outcome:
    """A "not sure" to an emergency sign: asked another way once; still unknown, no yes, but
    the case is seen today with the one sign to call for (stop 45). A nurse errs to safety
    without sending everyone who cannot say to the emergency department. To an everyday
    screen's flag (stop 48), one level down and at once: a pharmacist, with what to watch
    for."""
    from bots.conversation import answering

    assert ctx.dialogue is not None
    if question.again is not None and question.again.key not in ctx.dialogue.nurse_asked:
        return ask(kit, ctx, question.again, ())
    unknown = [question]
    if question.level != "emergency":
        # The everyday screen: its flags not yet asked are watched for too, not asked.
        rest = next((qs for qs in QUESTIONS.values() if question in qs), ())
        unknown += [q for q in rest if q.key not in ctx.dialogue.nurse_asked]
    for each in unknown:
        mark = f"{UNSURE}{each.sign}"
        if each.key not in ctx.dialogue.nurse_asked:
            ctx.dialogue.nurse_asked.append(each.key)
        if mark not in ctx.dialogue.nurse_told:
            ctx.dialogue.nurse_told.append(mark)
    return answering.decide(kit, ctx, ())
