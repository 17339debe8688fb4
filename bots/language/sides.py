# ruff: noqa: E501  (a table of patterns: one alternation per line reads best)
"""Which side of a thing, and how much of a whole: answers that name another part than asked.

Two classes of reply a restatement reader took as a yes, because they name the thing asked
about and say something about it:

- **Another side.** "is it leaking from the front?" - "its coming out the back"; "does it pull
  to the left?" - "it veers right"; "is the crack on the inside?" - "its on the outside". The
  question puts the state on one side of a pair of opposite sides (left / right, front / rear,
  top / bottom, inside / outside, upper / lower, inner / outer, driver / passenger); the
  answer names the other one and not the asked one: a no.
- **One part of a whole.** "are both earbuds playing?" - "only the left one works"; "do all
  the burners light?" - "just the big one at the back". The question asks about both or all of
  something; the answer restricts the state to a part ("only / just" and a part) or names one
  part ("the right one crackles") without a word for the whole ("both", "all", "each", "the
  other ... too"): a no. Had the state held for the whole, the user would have said so.

The sides are the positions people give parts of a car, a device or a room in any helpdesk,
from general English, not from any chart or table row. "left" and "right" count only in a
place phrase ("the left one", "on the right", "pulls left", "left hand"), never as "i left it
on" or "right away"; "back" only as a side ("at the back", "the back ones", "back wheel"),
never as "came back on". Patterns are matched on normalised text (lower case, contractions
expanded).
"""

from __future__ import annotations

import re

# The answer's side wins only when it does not also name the asked one ("not the front, the
# back" is read by the negation that follows).
_SIDE_NOUNS = (
    r"side|hand|one|ones|end|edge|corner|half|bit|part|panel|wheel|wheels|tyre|tyres|tire|tires"
)
_SIDE = rf"(?:{_SIDE_NOUNS})"
_LR_PLACE = (
    r"(?:the|on|to|at|from|towards?|front|rear|back|pulls?|pulling|veers?|veering|drifts?"
    r"|drifting|turns?|turning|steers?|steering|goes|going|leans?|leaning|far|bottom|top|upper"
    r"|lower)"
)


def _lr(word: str) -> str:
    # "left" / "right" as a side: after a place word ("the left", "pulls left", "front left")
    # or before a side noun ("left hand", "right side"); not "i left it", "right away".
    return rf"\b{_LR_PLACE}\s+{word}\b(?!\s+(?:away|now|after|before|there|here|off|through))|\b{word}[- ]{_SIDE}\b|\b{word}[- ]hand\b"


def _back() -> str:
    # "back" as a side, not "came back on", "back up", "put it back".
    return (
        r"\b(?:at|in|from|out|round|around|on|to|towards?|the|rear|far)\s+(?:the\s+)?back\b"
        r"(?!\s+(?:on|up|in|to|into|again|home|now|together|off))"
        rf"|\bback[- ]{_SIDE}\b|\bbackside\b"
    )


# Pairs of opposite sides: (name, (one side, the other)). A side's pattern lists its names.
PAIRS: tuple[tuple[str, tuple[str, str]], ...] = (
    ("left/right", (_lr("left") + r"|\bleft[- ]?hand\b", _lr("right") + r"|\bright[- ]?hand\b")),
    (
        "front/rear",
        (
            r"\bup front\b|\b(?:at|in|from|on|to|towards?|the|far)\s+(?:the\s+)?front\b(?!\s+of\s+(?:me|us|you|it|the (?:car|tv|screen|house)))"
            rf"|\bfront[- ](?:{_SIDE_NOUNS}|seat|seats|door|doors|bumper|brakes?|pads?|discs?|lights?|headlights?|speakers?|burners?)\b",
            r"\brear\b|" + _back(),
        ),
    ),
    (
        "top/bottom",
        (
            r"\b(?:at|on|from|near|towards?|the|very)\s+(?:the\s+)?top\b(?!\s+(?:up|speed|marks?|notch))|\btop[- ](?:side|half|edge|corner|end|one|ones|part|bit)\b",
            r"\b(?:at|on|from|near|towards?|the|very)\s+(?:the\s+)?bottom\b(?!\s+out)|\bbottom[- ](?:side|half|edge|corner|end|one|ones|part|bit)\b|\bunderside\b|\bunderneath\b",
        ),
    ),
    ("upper/lower", (r"\bupper\b", r"\blower (?:one|ones|half|part|side|end|edge|bit|panel)\b")),
    (
        "inside/outside",
        (
            r"\binside\b(?!\s+out)|\binner\b|\bindoors\b",
            r"\boutside\b|\bouter\b|\boutdoors\b",
        ),
    ),
    (
        "driver/passenger",
        (r"\bdrivers?'?s?\s+(?:side|door|seat)\b", r"\bpassengers?'?s?\s+(?:side|door|seat)\b"),
    ),
)
_COMPILED = tuple((name, tuple(re.compile(p) for p in sides)) for name, sides in PAIRS)
# Both sides of a pair said together ("swapping the left and right speakers", "top to
# bottom", "front or back"): the text names both.
_BOTH = re.compile(
    r"\b(?P<a>left|right|front|rear|back|top|bottom|upper|lower|inside|outside|inner|outer)"
    r"\s+(?:and|or|to|&|/)\s+(?:the\s+)?(?:left|right|front|rear|back|top|bottom|upper|lower|inside"
    r"|outside|inner|outer)\b"
)
_PAIR_OF = {
    **dict.fromkeys(("left", "right"), "left/right"),
    **dict.fromkeys(("front", "rear", "back"), "front/rear"),
    **dict.fromkeys(("top", "bottom"), "top/bottom"),
    **dict.fromkeys(("upper", "lower"), "upper/lower"),
    **dict.fromkeys(("inside", "outside", "inner", "outer"), "inside/outside"),
}
# The question's condition ("after swapping the left and right speakers, ...", "... when you
# turn left") says under what the state is asked, not where it is.
_LEADING_CONDITION = re.compile(r"^\s*(?:if|when|once|after|while|before|with)\b[^,?]{0,80},\s*")
_TRAILING_CONDITION = re.compile(
    r"\b(?:when|whenever|if|while|after|before|during|once|until|since)\b.*$"
)


# "the other way", "the opposite side": against a side the question names, or "the same side".
_OTHER_WAY = re.compile(r"\b(?:the\s+)?(?:other|opposite)\s+(?:way|side|direction)\b")
_SAME_WAY = re.compile(r"\bsame\s+(?:side|way|direction)\b")


def sides(text: str) -> dict[str, set[int]]:
    """The sides a text names, by pair: {"left/right": {0}} for "the left one"."""
    named: dict[str, set[int]] = {}
    for both in _BOTH.finditer(text):
        named[_PAIR_OF[both.group("a")]] = {0, 1}
    for name, patterns in _COMPILED:
        for index, pattern in enumerate(patterns):
            if pattern.search(text):
                named.setdefault(name, set()).add(index)
    return named


def other_side(question: str, answer: str) -> str | None:
    """A pair on which the answer names only the side opposite the question's, or None.

    Only pairs on which the question names one side count ("the front left tyre": front and
    left); the answer differing on any of them is a no ("the front right one")."""
    main = _TRAILING_CONDITION.sub(" ", _LEADING_CONDITION.sub("", question))
    asked = {name: s for name, s in sides(main).items() if len(s) == 1}
    if (asked or _SAME_WAY.search(question)) and _OTHER_WAY.search(answer):
        # "does it still pull to the same side after the swap?" - "now it pulls the other way"
        return "the other way"
    if not asked:
        return None
    given = sides(answer)
    for name, side in asked.items():
        told = given.get(name, set())
        if told and not told & side:
            return name
    return None


# A question about both or all of something ("are both lights working?", "do all four
# burners light?", "does each tyre ..."): not "all the time", "at all", "all day", "remove
# all devices" (a condition), "both X and Y" (two named things, not parts of one).
_WHOLE_ASKED = re.compile(
    r"\b(?:both|all|each|every)\b(?:\s+(?:of\s+)?(?:the|your|my|two|three|four|five|six))*"
    r"\s+(?!(?:the\s+)?(?:time|day|night|way|week|morning|while|same|over|along|around|round|of\s+a\s+sudden|right)\b)"
    r"[a-z]+"
)
_WHOLE_CONDITION = re.compile(
    r"\b(?:after|when|while|if|once|with|without|before|removing|remove|unplugging)\b.*$"
)
_TWO_THINGS = re.compile(r"\bboth\s+(?:your\s+|the\s+|my\s+)?[a-z]+(?:\s+[a-z]+)?\s+and\b")

# The whole, or more than one part, in the answer: then it does not restrict the state.
_WHOLE_TOLD = re.compile(
    r"\b(?:both|all|each|every|everything|none|neither|either|too|also|as well|the others?"
    # "the front left one is worst": a part compared with the others, which share the state
    r"|worst|worse|most|mostly|mainly|especially|particularly|more|than"
    r"(?: ones?)? (?:too|as well|also)|same (?:with|for|on) the other|all of them|the pair)\b"
)
# "only / just" and a part within a few words: "only the left bud", "just the big one at the
# back", "just the two on the left side", "only one of them".
_PART = (
    r"(?:one|ones|left|right|front|rear|back|top|bottom|upper|lower|inner|outer|middle|drivers?"
    r"|passengers?|first|second|third|fourth|last|big|small|little|large)"
)
_ONLY_PART = re.compile(rf"\b(?:only|just)\s+(?:[a-z']+\s+){{0,3}}?{_PART}\b")
# One part named with "one": "the left one", "the right hand one", "one of them", "one side".
_ONE_PART = re.compile(
    r"\b(?:the\s+(?:[a-z'-]+\s+){1,2}one|one of (?:them|the \w+)|one side|one of it)\b"
)


def asks_whole(question: str) -> bool:
    """Whether the question's main clause asks about both or all parts of something."""
    # The last sentence is the question ("Have someone press the pedal while you look. Are
    # both brake lights working?"); its condition is left out.
    main = _WHOLE_CONDITION.sub(" ", re.split(r"[.!:;]\s+", question.strip(" .?"))[-1])
    return bool(_WHOLE_ASKED.search(main)) and not _TWO_THINGS.search(main)


def one_part(answer: str) -> bool:
    """Whether the answer says the state of one part only, with no word for the whole."""
    if _WHOLE_TOLD.search(answer):
        return False
    return bool(_ONLY_PART.search(answer) or _ONE_PART.search(answer))


# Areas of a car a noise, leak or smell comes from, from general car knowledge: a question
# that puts the trouble in one ("from under the car?") is answered no by a reply that puts it
# in another ("from inside the dashboard"), and a question that contrasts two ("from the
# steering column rather than the engine bay?") by a reply that names either.
ZONES: dict[str, re.Pattern[str]] = {
    "engine bay": re.compile(
        r"\bengine (?:bay|compartment|room)\b|\bunder (?:the )?(?:bonnet|hood)\b|\bunder-?bonnet\b"
    ),
    "cabin": re.compile(
        r"\b(?:inside|in) the (?:car|cabin)\b|\bcabin\b|\bdash(?:board)?\b|\bsteering column\b"
        r"|\bfootwells?\b|\bglove ?box\b|\bbehind the (?:dash|steering wheel)\b"
    ),
    "underneath": re.compile(
        r"\b(?:under|underneath|beneath|below) (?:the )?(?:car|vehicle|chassis|floor pan)\b"
    ),
    "wheels": re.compile(
        r"\bwheel ?arch(?:es)?\b|\b(?:from|at|behind) (?:the|a|one of the) wheels?\b"
    ),
    "boot": re.compile(
        r"\b(?:in|from|the) boot\b(?!\s+(?:screen|menu|order|loop|device|drive|logo|up|sequence"
        r"|process|time|manager|options?|mode|disk|partition))|\btrunk\b"
    ),
    "exhaust": re.compile(r"\bexhaust\b|\btail ?pipe\b"),
}
_CONTRAST = re.compile(r"\b(?:rather than|instead of|and not|not)\b")


def zones(text: str) -> set[str]:
    return {name for name, pattern in ZONES.items() if pattern.search(text)}


def other_zone(question: str, answer: str) -> int:
    """-1 where the answer puts the trouble in another area of the car than the question, +1
    where the question contrasts two areas and the answer names the asked one; 0 otherwise."""
    told = zones(answer)
    if not told:
        return 0
    parts = _CONTRAST.split(question, maxsplit=1)
    asked = zones(parts[0])
    if len(parts) == 2:
        alternative = zones(parts[1]) - asked
        if told & alternative and not told & asked:
            return -1
        if told & asked and not told & alternative and alternative:
            return 1
        return 0
    if len(asked) == 1 and not told & asked:
        return -1
    return 0
