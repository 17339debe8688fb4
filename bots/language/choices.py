"""Plain answers to choice questions: scales, answers named in words, negations, places.

:func:`categorical_states` (the offline reader) understands a state's own name or number. A
patient answers in words: "about a six", "7/10", "seven", "really bad" to a 0-10 scale;
"kind of pinkish" to the rash colour; "I don't have a rash" or "not itchy at all" to a
question whose default answer is the absent one. And a multi-choice question asked one option
at a time ("Does the pain spread to your jaw?") gets "it goes into my left arm" or "it
doesn't spread anywhere", which answer that option and its siblings.

Words are matched against the answers' meanings as patients read them
(:mod:`knowledge.packs.wording`), so nothing here knows a dataset code.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from knowledge.packs import wording
from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

from . import text as tx
from .cues import UNSURE

__all__ = ["labelled_yes_no", "named_options", "option_answers", "read_choice", "scale_value"]

_NUMBER_WORDS = {
    "zero": 0,
    "nil": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
_NEGATION = re.compile(
    r"\b(?:no|not|never|none|nothing|without|nowhere|neither|nor|n't|hardly any|free of)\b"
)

# Words for a point on a 0-10 scale, by what the scale measures (checked in order).
_INTENSITY_WORDS: tuple[tuple[str, int], ...] = (
    (
        r"\b(?:worst|unbearable|excruciating|agony|agonising|agonizing|screaming)\b|"
        r"\bkilling me\b|\bcan ?not (?:stand|bear|take) it\b|\blike hell\b|"
        r"\b(?:off|through) the (?:charts?|roof)\b",
        10,
    ),
    (
        r"\b(?:really|very|extremely|super|so|incredibly) (?:bad|strong|painful|severe|itchy|"
        r"swollen|intense)\b|\bsevere\b|\bterrible\b|\bawful\b|\bhorrible\b|\bhorrendous\b",
        8,
    ),
    (
        r"\bnot (?:too |that |so )?bad\b|\bnot (?:very|that|too) (?:strong|painful|itchy|"
        r"swollen)\b|\bbearable\b|\bmanageable\b|\bmild\b|\ba (?:little|bit)\b|\bslight\w*\b|"
        r"\bnothing (?:major|serious|much|terrible)\b|\bdull\b",
        3,
    ),
    (r"\b(?:barely|hardly|very mild|tiny bit|just a touch|a touch|niggle|twinge)\w*\b", 1),
    (r"\b(?:moderate|medium|middling|so-so|average|in the middle|fairly|quite|halfway)\b", 5),
    (
        r"\b(?:bad|strong|painful|sore|hurts? (?:a lot|quite a bit)|pretty bad|intense|itchy|"
        r"swollen)\b",
        7,
    ),
)
_SPEED_WORDS: tuple[tuple[str, int], ...] = (
    (
        r"\b(?:suddenly|sudden|all at once|all of a sudden|instantly|out of nowhere|in seconds|"
        r"straight away|immediately|like a switch|out of the blue|from nowhere|"
        r"(?:a |in a )?split second|in an instant)\b",
        10,
    ),
    (r"\b(?:within (?:minutes|an hour)|quickly|fast|over (?:a few )?minutes)\b", 8),
    (r"\b(?:over (?:a few )?hours|during the day|within a day|overnight)\b", 5),
    (
        r"\b(?:gradually|slowly|bit by bit|over (?:(?:a |the )?(?:couple|few|number) of )?"
        r"(?:days?|weeks?|months?|time)|crept up|creeping|built up|building up)\b",
        2,
    ),
)
_PRECISION_WORDS: tuple[tuple[str, int], ...] = (
    (
        r"\b(?:one (?:exact |precise |particular )?spot|exactly|precisely|pinpoint|can point|"
        r"right there|one place|one finger)\b",
        9,
    ),
    (
        r"\b(?:all over|everywhere|spread out|vague|can not (?:pinpoint|point|say exactly)|hard "
        r"to (?:say|tell|pinpoint)|whole|general|diffuse)\b",
        2,
    ),
)
_NONE = re.compile(
    r"^(?:no|nope|none|nothing|zero|nil|not at all|no pain|not really|nah|not)\b|"
    r"\bnot (?:\w+ )?at all\b|\b(?:do|does|did|is|are|am|have|has) not (?:have |get |feel )?"
)
_YES = re.compile(r"^(?:yes|yeah|yep|yup|ya|y|correct|right|it is|they are|definitely|sure)\b")
_NO = re.compile(r"^(?:no|nope|nah|n|not really|never)\b")


def labelled_yes_no(finding: Finding, network: EvidentialNetwork | None) -> tuple[str, str] | None:
    """(affirmative, negative) of a two-state finding whose coded states mean yes and no
    (DDXPlus ``V_10`` = "N", ``V_12`` = "Y", in that order), or None."""
    if len(finding.states) != 2 or network is None:
        return None
    labels = {wording.state_label(finding, s, network).lower(): s for s in finding.states}
    if set(labels) == {"yes", "no"}:
        return labels["yes"], labels["no"]
    return None


def _words_of(text: str) -> str:
    normalised = tx.normalise(text).strip(" .!?")
    return re.sub(r"\s+", " ", normalised)


def scale_value(text: str, finding: Finding) -> int | None:
    """The point of a 0-10 scale the message names, or None."""
    said = _words_of(text)
    low, high = int(finding.states[0]), int(finding.states[-1])
    for word, value in _NUMBER_WORDS.items():
        said = re.sub(rf"\b{word}\b", str(value), said)
    # "7/10", "7 out of 10": the first number; "between 6 and 7": the first.
    numbers = [
        int(m.group(1))
        for m in re.finditer(
            r"(?<![/\d.])(\d{1,2})(?![\d.])(?!\s*(?:%|percent|degrees|years?|"
            r"days?|weeks?|months?|hours?|minutes?|cm|mm|kg|am|pm))",
            said,
        )
    ]
    numbers = [n for n in numbers if low <= n <= high]
    if numbers:
        return numbers[0]
    question = finding.question.lower()
    if re.search(r"how fast|how quickly|how suddenly", question):
        table = _SPEED_WORDS
    elif re.search(r"how precisely|how exactly|located", question):
        table = _PRECISION_WORDS
    else:
        table = _INTENSITY_WORDS
    if (
        table is _INTENSITY_WORDS
        and _NONE.search(said)
        and not re.search(r"\bnot (?:too |that |so |very )?bad\b", said)
    ):
        return low
    for pattern, value in table:
        if re.search(pattern, said):
            return max(low, min(high, value))
    return None


def read_choice(text: str, finding: Finding, network: EvidentialNetwork | None) -> tuple[str, ...]:
    """The states of a categorical ``finding`` the message names in words, or ()."""
    said = _words_of(text)
    if not said or UNSURE.search(said):
        return ()
    if wording.is_scale(finding):
        value = scale_value(said, finding)
        return (str(value),) if value is not None and str(value) in finding.states else ()
    labels = {s: wording.state_label(finding, s, network).lower() for s in finding.states}
    # A yes/no question whose answers are coded ("Y"/"N"): the usual yes and no.
    yes = [s for s, words in labels.items() if words == "yes"]
    no = [s for s, words in labels.items() if words in ("no", "none of these")]
    named = []
    for state, words in labels.items():
        if words in ("yes", "no", "other", "none of these"):
            continue
        stem = re.escape(words.rstrip("s"))
        match = re.search(rf"\b{stem}\w*", said)
        if match and not _negated_before(said, match.start()) and not _compared_away(said, match):
            named.append(state)
    if named:
        return tuple(named)
    if yes and _YES.search(said):
        return (yes[0],)
    if no and _NO.search(said):
        return (no[0],)
    # "I don't have a rash", "not itchy at all": the absent answer, when the finding has one.
    if finding.default_state is not None and _NEGATION.search(said):
        return (finding.default_state,)
    return ()


def _compared_away(said: str, match: re.Match[str]) -> bool:
    """ "more pink than red", "pink rather than red", "pink instead of red": the answer named
    after the comparison is the one it is not."""
    before = said[: match.start()].split()[-2:]
    return bool(before) and (
        before[-1] == "than" or " ".join(before) in ("instead of", "rather than")
    )


def _negated_before(said: str, start: int, window: int = 4) -> bool:
    before = said[:start].split()[-window:]
    return bool(_NEGATION.search(" ".join(before)))


# -- multi-choice options ------------------------------------------------------------------------

# Everyday words for where something is -> words of the options' plain names.
_PLACE_SYNONYMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (r"\barms?\b", ("upper arm", "forearm")),
    (r"\bjaw\b", ("jaw",)),
    (r"\bteeth|tooth\b", ("teeth",)),
    (r"\b(?:back)\b(?! of)", ("upper back", "lower back", "shoulder blade", "back of the chest")),
    (r"\bshoulders?\b", ("shoulder", "top of the shoulder")),
    (r"\bneck\b", ("side of the neck", "back of the neck", "neck, along the spine")),
    (r"\bchest\b", ("upper chest", "lower chest", "side of the chest")),
    (
        r"\b(?:belly|stomach|tummy|abdomen|tum)\b",
        ("belly", "upper belly", "lower belly", "upper middle belly"),
    ),
    (r"\bthroat\b", ("back of the throat", "tonsil")),
    (r"\bhead\b", ("forehead", "top of the head", "back of the head", "temple")),
    (r"\blegs?\b", ("thigh", "calf", "shin", "knee")),
    (r"\bhands?\b", ("palm", "back of the hand")),
    (r"\bfeet|foot\b", ("sole of the foot", "top of the foot")),
    (r"\bgroin\b", ("groin",)),
    (r"\bhips?\b", ("hip",)),
    (r"\bears?\b", ("ear",)),
    (r"\beyes?\b", ("eye",)),
)
_NOWHERE = re.compile(
    r"\bnowhere\b|\bnot? (?:\w+ )?(?:spread|radiat|go|move|travel)\w*(?: \w+)? (?:anywhere|"
    r"elsewhere)\b|\bdoes not (?:spread|radiate|go anywhere|move)\b|\bstays? (?:put|there|in one"
    r" (?:place|spot))\b|\bjust (?:there|the one place|in one place)\b|\bonly (?:there|in one|"
    r"the one)\b|\bno (?:pain|swelling)\b|\bnot anywhere\b|\bnone\b"
)


def _option_words(finding: Finding) -> tuple[str, str] | None:
    """(the option's plain words, side or '') of a multi-choice option finding."""
    if not finding.group or " - " not in finding.question:
        return None
    option = finding.question.rpartition(" - ")[2].strip()
    plain = _words_of(wording.plain_place(option))  # as the message is read ("adam's")
    side = ""
    if plain.startswith(("left ", "right ")):
        side, plain = plain.split(" ", 1)
    return plain, side


def _mentions(said: str, plain: str, side: str) -> bool:
    """Does the message name this place (with the right side, when it says a side)?"""
    hit = plain in said or any(
        re.search(pattern, said) and any(p in plain for p in places)
        for pattern, places in _PLACE_SYNONYMS
    )
    if not hit:
        return False
    sides = set(re.findall(r"\b(left|right)\b", said))
    return not side or not sides or side in sides


def option_answers(text: str, pending: Finding, network: EvidentialNetwork) -> tuple[Answer, ...]:
    """Answers to the options of ``pending``'s multi-choice question that the message settles.

    "it goes into my left arm" answers the arm options yes and the "nowhere" option no; "it
    doesn't spread anywhere" answers "nowhere" yes and the others no. Only options present in
    the network are answered; () when the message names no place and no "nowhere".
    """
    said = _words_of(text)
    if not said or UNSURE.search(said) or _option_words(pending) is None:
        return ()
    siblings = [f for f in network.findings if f.group == pending.group]
    none_options = [f for f in siblings if f.default_state == "yes"]
    places = [f for f in siblings if f.default_state != "yes"]
    if _NOWHERE.search(said):
        named_places: list[Finding] = []
        nowhere = True
    else:
        nowhere = False
        named_places = []
        for option in places:
            words = _option_words(option)
            if words is None:
                continue
            plain, side = words
            match = _mentions(said, plain, side)
            if match:
                named_places.append(option)
    if not nowhere and not named_places:
        return ()
    answers: list[Answer] = []
    for option in none_options:
        answers.append(Answer(option.id, ("yes",) if nowhere else ("no",)))
    if nowhere:
        if pending in places:
            answers.append(Answer(pending.id, ("no",)))
        return tuple(_unique(answers))
    for option in named_places:
        answers.append(Answer(option.id, ("yes",)))
    if pending in places and pending not in named_places:
        answers.append(Answer(pending.id, ("no",)))
    return tuple(_unique(answers))


def _unique(answers: Sequence[Answer]) -> list[Answer]:
    seen: set[str] = set()
    out = []
    for answer in answers:
        if answer.finding not in seen:
            seen.add(answer.finding)
            out.append(answer)
    return out


# "None of these" said in words, to a whole multi-choice question.
_NONE_OF = re.compile(
    r"\bnone\b|\bneither\b|\bnothing\b|\bnot any\b|\bno(?:pe)?\b(?! \w+ (?:is|are)\b)|"
    r"\bnot really\b"
)


def named_options(
    text: str, options: Sequence[Finding], network: EvidentialNetwork
) -> tuple[list[Finding], float] | None:
    """The options of a multi-choice question asked whole that a message names, with how
    sure the reading is: ``([], c)`` is "none of these"; None, no answer at all ("why?").

    An option's own words count first, longest first, and each place said is read once:
    "left shoulder blade" is that option, not also the shoulders; "back of the ankle" is not
    also the ankle. A side belongs to the place it is said with ("left cheek, right temple"
    is not the right cheek); a place said without one ("my temples", "both cheeks") is
    either side. Everyday words ("my arm", "my tummy") then name every option they cover in
    what is left of the message. A named option with a negation just before it ("not my
    arm") is not chosen.
    """
    said = _words_of(text)
    if not said or UNSURE.search(said):
        return None
    places = [o for o in options if o.default_state != "yes"]
    chosen: list[Finding] = []
    # "the side of my chest" is the option "side of the chest".
    rest = re.sub(r"\b(of|on|in) (?:my|his|her|their|your)\b", r"\1 the", said)
    by_words: dict[str, list[tuple[Finding, str]]] = {}
    for option in places:
        words = _option_words(option)
        if words is not None:
            by_words.setdefault(words[0], []).append((option, words[1]))
    for plain in sorted(by_words, key=len, reverse=True):
        spans: list[tuple[int, int]] = []
        for option, side in by_words[plain]:
            for match in re.finditer(rf"(?<!\w){re.escape(plain)}(?:e?s)?(?!\w)", rest):
                start, sides = _side_said(rest, match.start())
                if _negated_before(rest, start) or (side and sides and side not in sides):
                    continue
                chosen.append(option)
                spans.append((start, match.end()))
                break
        # Read once: a shorter place inside it ("ankle" in "back of the ankle"), or its
        # side, is not said again.
        for start, end in sorted(set(spans), reverse=True):
            rest = f"{rest[:start]} | {rest[end:]}"
    direct = len(chosen)
    for pattern, covered in _PLACE_SYNONYMS:
        match = re.search(pattern, rest)
        if match is None:
            continue
        start, sides = _side_said(rest, match.start())
        if _negated_before(rest, start):
            continue
        for option in places:
            words = _option_words(option)
            if words is None or option in chosen:
                continue
            plain, side = words
            if any(p in plain for p in covered) and not (side and sides and side not in sides):
                chosen.append(option)
    if chosen:
        # Everyday words may cover more options than the person meant: read with doubt.
        return chosen, (0.95 if len(chosen) == direct else 0.85)
    if _NOWHERE.search(said) or _NONE_OF.search(said):
        return [], 0.95
    return None


_SIDE_FILLERS = frozenset(("my", "the", "both", "and", "&", "on", "of", "sides"))


def _side_said(said: str, start: int) -> tuple[int, set[str]]:
    """Where the words for the place starting at ``start`` begin, its side included, and the
    side said with it (``{"left"}`` for "my left cheek"; none for "my temple", "both
    temples" or "left and right temple": either side). A word followed by a comma belongs
    to the place before."""
    sides: set[str] = set()
    begin = start
    for word in reversed(list(re.finditer(r"\S+", said[:start]))):
        token = word.group()
        if token in ("left", "right"):
            sides.add(token)
        elif token == "both":
            sides = {"left", "right"}
        elif token not in _SIDE_FILLERS:
            break
        begin = word.start()
    if not sides:
        return start, set()
    return begin, (set() if len(sides) == 2 else sides)
