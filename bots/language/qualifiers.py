"""A question's qualifier that a statement must also say before it answers the question "yes".

Many questions ask about a symptom *under a condition*: "chest pain **even at rest**",
"shortness of breath **in a significant way**", "out of breath **with minimal physical
effort**", "**family members** diagnosed with cluster headaches", "cheeks **suddenly** turned
red". A patient who writes "my chest has been hurting on and off, worse when I take a deep
breath" or "I get a bit short of breath on the stairs" says the symptom, not the qualifier;
read by meaning, the sentence is close to the question, and a "yes" would put words in the
patient's mouth (and can send them to urgent care on a finding they never stated).

So a statement answers such a question "yes" only when it also says the qualifier, in any of
the ways people say it; a statement that says the opposite ("only when I climb the stairs",
"on and off", "a bit") certainly does not. A "no" needs no qualifier: "no chest pain" is no to
"chest pain even at rest" too. The table is by class of qualifier, not by question: each
entry is (how a question states it, how a patient says it, what says the opposite).

The same holds for what a question asks about and where. "Weakness in both arms and/or both
legs" and "numbness or tingling in the feet" each name a kind of sensation and a place; "pins
and needles in both my arms and legs" says the place of the first and the kind of the second,
and "numbness, loss of sensation or tingling, in both arms and legs and around my mouth" (a
panic attack's sign) was read as both of them, red flags that sent mild patients to urgent
care. So numbness is not weakness, weakness is not numbness, and a sensation somewhere else is
not one in the feet: the statement must say the question's kind of sensation and its place.
Pain too is a kind of sensation: a question about pain is answered yes only by words of pain.
"""

from __future__ import annotations

import re

__all__ = ["unsaid_qualifier"]

_FAMILY = (
    r"family|relatives?|mum|mom|mother|dad|father|parents?|brothers?|sisters?|siblings?|"
    r"grand\w*|gran|nan|nana|aunt\w*|uncle|cousins?|sons?|daughters?|kids?|children|"
    r"runs in|wife|husband"
)
_INTENSE = (
    r"really|very|badly|bad|severe\w*|terribl\w*|awful|horribl\w*|struggl\w*|can ?not|"
    r"cant|can't|hardly|barely|significant\w*|a lot|lots|loads|heav\w*|extreme\w*|intense\w*|"
    r"massive\w*|constant\w*|worst|unbearable|excessive\w*|serious\w*|gasping|"
    r"fighting|scary|scared|frighten\w*|panick?\w*|out of control|all the time"
)
_MILD = (
    r"a (?:little )?bit|bit of|slight\w*|mild\w*|a little|not (?:too|that|very|so) bad|minor|"
    r"tiny"
)
_AT_REST = (
    r"rest\w*|sitting|sat|lying|laying|in bed|doing nothing|not doing anything|still|"
    r"all the time|constant\w*|even when|at night|asleep|sleep\w*|watching|relax\w*"
)
_ONLY_WHEN = (
    r"only (?:when|if|after|on|with|during)|on and off|off and on|comes and goes|"
    r"come and go|now and (?:then|again)|once in a while|sometimes|when i (?:walk|run|climb|"
    r"exercise|go up|move|breathe|cough|swallow|lift|bend)|on the stairs|up (?:the )?stairs|"
    r"climbing|worse when|after (?:a |the )?(?:run|walk|gym|exercise)"
)
_MINIMAL_EFFORT = (
    r"walk\w*|stairs|dress\w*|shower\w*|talk\w*|anything|slightest|little|tiny|least|barely|"
    r"just (?:getting|going|moving|standing)|across the room|hardly|even"
)
_SUDDEN = (
    r"sudden\w*|all at once|out of nowhere|out of the blue|overnight|quickly|within "
    r"(?:minutes|an hour|seconds)|straight away|just like that|in a flash|instantly"
)
_NIGHT = r"wak\w*|woke|night\w*|sleep\w*|asleep|bed"
_WEAK = (
    r"weak\w*|paraly[sz]\w*|strength|strong|floppy|limp|heavy|give way|gives way|gave way|"
    r"giving way|buckl\w*|droop\w*|can ?not (?:move|lift|grip|hold|use|raise|walk|stand)|"
    r"could not (?:move|lift|grip|hold|use|raise|walk|stand)|wobbl\w*|jelly"
)
_NUMB = (
    r"numb\w*|tingl\w*|pins and needles|prickl\w*|sensation|sensitivity|feeling|"
    r"can ?not feel|could not feel|fizz\w*|buzz\w*|asleep|dead"
)
_FEET = r"feet|foot|toes?|soles?|heels?|ankles?"
# Pain in the words people use for it (bots.conversation.follow_ups reads the same words for
# "do you have pain?"). "Pain when you breathe in deeply" was read yes from "a bit out of
# breath going up the stairs": the circumstance said, the pain not.
_PAIN = (
    r"pain\w*|hurt\w*|ache|aches|aching|achy|\w+aches?|sore\w*|tender\w*|agony|agoni[sz]\w+|"
    r"stab\w*|throb\w*|burn\w*|sting\w*|cramp\w*|twinges?|discomfort|tight\w*|pressure|"
    r"heav\w*|killing (?:me|my)"
)

_AGE = r"\d+|aged?|young\w*|child\w*|kid|little|girl|boy|teen\w*|school|years? old|when i was"

# (the qualifier in a question, how a statement says it, how a statement says the opposite)
_QUALIFIERS: tuple[tuple[str, str, str], ...] = (
    (r"\bfamily\b|\brelatives?\b|\bmembers? of your family\b", _FAMILY, r"(?!)"),
    (r"\beven at rest\b|\bat rest\b", _AT_REST, _ONLY_WHEN),
    (
        r"\bsignificant(?:ly)?\b|\bsevere(?:ly)?\b|\bintense\b|\bexcessive(?:ly)?\b|"
        r"\bvery abundant\b",
        _INTENSE,
        _MILD,
    ),
    (r"\bminimal (?:physical )?effort\b", _MINIMAL_EFFORT, r"only (?:when|on|if)|run\w*|gym"),
    (r"\bsudden(?:ly)?\b", _SUDDEN, r"gradual\w*|slowly|over (?:weeks|months|days)"),
    (r"\bwake you up\b|\bat night\b", _NIGHT, r"(?!)"),
    # A circumstance the question attaches to the symptom ("vomit after coughing", "treated
    # with an oral antibiotic", "worse after eating"): the same symptom without it is not it.
    (r"\bafter coughing\b|\bwith coughing\b", r"cough\w*", r"(?!)"),
    (
        r"\bantibiotics?\b",
        r"antibiotics?|amoxicillin|amoxil|penicillin|augmentin|clarithromycin|course of",
        r"(?!)",
    ),
    (r"\bafter eating\b", r"eat\w*|ate|meals?|food|dinner|lunch|breakfast", r"(?!)"),
    (r"\bbreathe in deeply\b", r"breath\w*|deep\w*|inhal\w*", r"(?!)"),
    # A sound of the breath ("a high pitched sound when breathing in", "a wheezing sound when
    # you exhale"): a sound of the fan, the fridge or the car is not one (stop 44: "the fan
    # sounds louder than usual, like a whirring noise" was read as stridor, an emergency).
    (r"\bwhen breathing in\b|\bwhile inhaling\b", r"breath\w*|inhal\w*", r"(?!)"),
    (r"\bwhen you exhale\b", r"breath\w*|exhal\w*", r"(?!)"),
    (r"\bwith movement\b", r"mov\w*|walk\w*|bend\w*|turn\w*|twist\w*|lift\w*", r"(?!)"),
    (r"\blying down\b", r"lying|lie|laying|lay|bed", r"(?!)"),
    # What is felt and where (the module docstring). "Pain or weakness in your jaw" asks
    # either, so pain alone may answer it.
    (r"(?<!pain or )\bweakness\b|(?<!pain or )\bparalysis\b", _WEAK, r"(?!)"),
    (r"\bnumbness\b|\btingling\b|\bloss of sensa\w+", _NUMB, r"(?!)"),
    (r"\bpain\b(?! or )(?!.*\bor (?:weakness|numbness|discomfort)\b)", _PAIN, r"(?!)"),
    (r"\bin the feet\b", _FEET, r"(?!)"),
    # An age the question names ("your first menstrual period before the age of 12"): "my
    # period started yesterday" says a period, not when the first one came (stop 41: period
    # pain was read as an early menarche, and the first questions followed its causes).
    (
        r"\bage of \d+\b|\bbefore (?:the )?age\b|\byounger than \d+\b|\bolder than \d+\b",
        _AGE,
        r"(?!)",
    ),
)
_COMPILED = tuple(
    (re.compile(q, re.IGNORECASE), re.compile(rf"\b(?:{s})\b"), re.compile(rf"\b(?:{o})\b"))
    for q, s, o in _QUALIFIERS
)


def unsaid_qualifier(question: str, said: str) -> str | None:
    """The question's qualifier that ``said`` (a patient's words, any case) does not state, or
    contradicts; ``None`` when the statement says every qualifier of the question."""
    text = said.lower()
    for asked, says, opposite in _COMPILED:
        found = asked.search(question)
        if found is None:
            continue
        if opposite.search(text) or not says.search(text):
            return found.group(0)
    return None
