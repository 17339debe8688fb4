"""Numeric thresholds: "does the battery read more than 12 volts?" - "it reads 11.8".

A question that compares a measurement with a number is answered by the number the user
reads out, or by their own comparison ("it's below 12", "less than that"); this module turns
both into a yes/no. Numbers may be spelt out ("two hours", "a year old") and given in another
unit of time than the question's ("40 minutes" to "more than two hours?"). A question about a
full or low battery level with no number of its own is answered by a percentage ("it's at
15%" to "is the battery full?"). Generic English comparatives only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = r"(\d+(?:\.\d+)?)"
_ABOVE = r"(?:more|greater|higher|over|above|bigger|larger|exceed(?:s|ing)?|in\s+excess\s+of)"
_BELOW = r"(?:less|lower|below|under|fewer|smaller)"
_UNIT_GAP = r"\s*(?:[a-z%]+\s+)?"  # "12 volts or more", "12v or higher"
_UNIT = r"\s*(%|[a-z]+)?"
# A window of time, not of distance ("within the last 10,000 km" is no time).
_TIME_WORD = r"((?:minute|min|hour|hr|day|week|month|year)s?)\b"

# (pattern, operator) in the order tried; the number is the pattern's first group.
_QUESTION_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\bat\s+least\s+{_NUMBER}{_UNIT}"), "ge"),
    (re.compile(rf"\bat\s+most\s+{_NUMBER}{_UNIT}"), "le"),
    (re.compile(rf"\b{_NUMBER}{_UNIT}\s+or\s+(?:more|higher|above|greater|over|longer)\b"), "ge"),
    (re.compile(rf"\b{_NUMBER}{_UNIT}\s+or\s+(?:less|lower|below|under|fewer|shorter)\b"), "le"),
    (re.compile(rf"\b(?:{_ABOVE}|older|longer)(?:\s+than)?\s+{_NUMBER}{_UNIT}"), "gt"),
    (re.compile(rf"\b(?:{_BELOW}|younger|newer|shorter)(?:\s+than)?\s+{_NUMBER}{_UNIT}"), "lt"),
    # "does it charge to 100%?": reaching full is reaching it.
    (re.compile(r"\b(?:to|reach(?:es)?|hits?|up\s+to)\s+(100)\s*(%)"), "ge"),
    # "is the battery at 0%?": that level exactly.
    (
        re.compile(rf"^\s*(?:is|are)\s+(?:the\s+|your\s+)?[a-z' ]{{0,30}}?\bat\s+{_NUMBER}\s*(%)"),
        "eq",
    ),
)
# "has it been serviced in the last 12 months?", "have you updated it within the past week?"
# (spelt "the 1 week ago"): a thing done that many units of time ago or fewer ("about two
# years ago" is outside it). Only where the question asks whether something was done: "does
# it drain in the last hour?" asks about a rate, which a negated answer does not turn round.
_DONE_ASKED = re.compile(r"\s*(?:have|has|had|did)\b")
_WINDOW_FORMS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            rf"\b(?:in|within|during|over)\s+the\s+(?:last|past)\s+{_NUMBER}\s*{_TIME_WORD}"
        ),
        "le",
    ),
    (re.compile(r"\b(?:in|within|during|over)\s+the\s+(1)\s+(day|week|month|year)\s+ago\b"), "le"),
)
_ANSWER_BOUND = (
    (re.compile(rf"\bat\s+least\s+{_NUMBER}{_UNIT}"), "ge"),
    # "coming up to 3 years" is about 3 years, not at most 3.
    (
        re.compile(
            rf"\b(?:at\s+most|(?<!coming )(?<!getting )up\s+to|no\s+more\s+than)\s+{_NUMBER}{_UNIT}"
        ),
        "le",
    ),
    (re.compile(rf"\b{_ABOVE}(?:\s+than)?\s+{_NUMBER}{_UNIT}"), "gt"),
    (re.compile(rf"\b{_BELOW}(?:\s+than)?\s+{_NUMBER}{_UNIT}"), "lt"),
    (re.compile(rf"\b{_NUMBER}{_UNIT}\s+or\s+(?:more|higher|above|greater|over)\b"), "ge"),
    (re.compile(rf"\b{_NUMBER}{_UNIT}\s+or\s+(?:less|lower|below|under|fewer)\b"), "le"),
    (re.compile(rf"\b{_NUMBER}{_UNIT}\s+at\s+(?:most|the\s+most)\b"), "le"),
    (re.compile(rf"\b{_NUMBER}{_UNIT}\s+at\s+least\b"), "ge"),
)
_RELATIVE = (
    (
        re.compile(
            rf"\b{_ABOVE}\s+than\s+(?:that|this|it|the\s+\w+)\b|^(?:it\s+is\s+)?{_ABOVE}\W*$"
        ),
        "gt",
    ),
    (
        re.compile(
            rf"\b{_BELOW}\s+than\s+(?:that|this|it|the\s+\w+)\b|^(?:it\s+is\s+)?{_BELOW}\W*$"
        ),
        "lt",
    ),
)
_COMPARATIVE = re.compile(rf"\b(?:{_ABOVE}|{_BELOW})\b")
_ANY_NUMBER = re.compile(rf"(?<![\w.]){_NUMBER}{_UNIT}")
# "3 out of 10", "5/10": the scale is not a second reading.
_SCALE = re.compile(r"\s*(?:out\s+of|/)\s*\d+\b")

# Units of time, in hours; other units only have to agree with the question's.
_TIME_UNITS = {
    "second": 1 / 3600,
    "sec": 1 / 3600,
    "minute": 1 / 60,
    "min": 1 / 60,
    "hour": 1.0,
    "hr": 1.0,
    "h": 1.0,
    "day": 24.0,
    "week": 24.0 * 7,
    "month": 24.0 * 30,
    "year": 24.0 * 365,
    "yr": 24.0 * 365,
}
_UNIT_ALIASES = {"percent": "%", "volt": "v", "degree": "deg", "c": "deg", "f": "deg"}
# "one" is left out: "one side", "one or more wheels" are not readings ("one hour" is, below).
_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        (
            *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
            *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
            *("seventeen", "eighteen", "nineteen", "twenty"),
        )
    )
    if i > 1
} | {"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60", "ninety": "90", "hundred": "100"}
_WORD_NUMBER = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b")
_ONE_UNIT = re.compile(r"\b(?:a|an|one)\s+(?=(?:second|minute|hour|day|week|month|year)s?\b)")
_HALF_UNIT = re.compile(r"\bhalf\s+(?:an?\s+)?(?=(?:minute|hour|day|week|month|year)s?\b)")
_COUPLE = re.compile(r"\ba\s+couple\s+(?:of\s+)?")
_LAST = re.compile(r"\blast\s+(year|month|week)\b")


@dataclass(frozen=True)
class Comparison:
    """The question asks whether a value is ``op`` (gt, ge, lt, le, eq) ``threshold``, in
    ``unit`` (None: not given)."""

    op: str
    threshold: float
    unit: str | None = None
    # Only a number in the question's own unit answers it ("is the battery full?" - "15%").
    strict_unit: bool = False
    # The percentage asked is of what is free or left ("less than 10% free?"), not used.
    of_free: bool = False
    # A window of time a thing was done in ("in the last 12 months?"), read in replies only:
    # the opening reader reads a time said with a negation ("does not go flat in an hour") as
    # a time inside it.
    window: bool = False

    def holds(self, value: float) -> bool:
        return {
            "gt": value > self.threshold,
            "ge": value >= self.threshold,
            "lt": value < self.threshold,
            "le": value <= self.threshold,
            "eq": value == self.threshold,
        }[self.op]


_FRACTIONS = (
    (re.compile(r"\bthree[\s-]+quarters?\b"), "75%"),
    (
        re.compile(r"\b(?:a|one)[\s-]+quarter\b(?!\s+(?:of\s+)?(?:an?\s+)?(?:hour|minute|mile))"),
        "25%",
    ),
    (re.compile(r"\b(?:a\s+|one[\s-]+)?half\b"), "50%"),
)


def spell_numbers(text: str) -> str:
    """Digits for spelt-out numbers ("two hours" -> "2 hours", "a year" -> "1 year", "three
    quarters" -> "75%")."""
    out = _HALF_UNIT.sub("0.5 ", text)
    for pattern, value in _FRACTIONS:
        out = pattern.sub(value, out)
    out = _ONE_UNIT.sub("1 ", out)
    out = _COUPLE.sub("2 ", out)
    out = _LAST.sub(r"1 \1 ago", out)
    return _WORD_NUMBER.sub(lambda m: _NUMBER_WORDS[m.group(1)], out)


def _unit(word: str | None) -> str | None:
    if not word:
        return None
    if word == "%":
        return "%"
    base = word[:-1] if len(word) > 2 and word.endswith("s") else word
    if base in _TIME_UNITS:
        return base
    return _UNIT_ALIASES.get(base, base)


def _is_unit(word: str | None) -> bool:
    """A word that follows a number as its unit (not "it reads 12 now": "now" is no unit)."""
    unit = _unit(word)
    return unit is not None and (unit in _TIME_UNITS or unit in _KNOWN_UNITS)


_KNOWN_UNITS = frozenset(
    {"%", "v", "deg", "psi", "bar", "kpa", "mph", "kph", "km", "mile", "rpm", "mm", "cm", "inch"}
    | {"ml", "l", "litre", "liter", "kg", "lb", "w", "watt", "amp", "ma", "mah", "wh", "db"}
    | {"bpm", "hz", "ghz", "mb", "gb", "tb", "kb", "bar", "time", "cycle"}
)
# "Is the battery (level) full / low?": asks about the level itself, not a rate or an event.
_LEVEL_QUESTION = re.compile(
    r"^\s*(?:is|are)\s+(?:the\s+|your\s+|its\s+)?(?:laptop'?s?\s+|phone'?s?\s+)?(?:battery|charge)"
    r"(?:\s+(?:level|charge|percentage))?\s+(?:now\s+|currently\s+|still\s+)?([a-z ]+?)\s*\??$"
)
_IMPLIED = (
    (re.compile(r"\b(?:full|fully\s+charged)\b"), Comparison("ge", 95.0, "%", strict_unit=True)),
    (re.compile(r"\b(?:empty|flat|drained)\b"), Comparison("le", 5.0, "%", strict_unit=True)),
    (re.compile(r"\blow\b"), Comparison("le", 20.0, "%", strict_unit=True)),
)


# "in the past week", "in the last hour": one of that unit.
_ONE_PAST_UNIT = re.compile(r"\bthe\s+(last|past)\s+(hour|day|week|month|year)\b")


def question_comparison(normalised: str) -> Comparison | None:
    """The threshold a question compares with, if it is of that form."""
    spelt = spell_numbers(normalised)
    forms = _QUESTION_FORMS
    if _DONE_ASKED.match(normalised):
        spelt = _ONE_PAST_UNIT.sub(r"the \1 1 \2", spelt)
        forms = _QUESTION_FORMS + _WINDOW_FORMS
    for pattern, op in forms:
        match = pattern.search(spelt)
        if match:
            unit = match.group(2) if _is_unit(match.group(2)) else None
            free = bool(_FREE.search(spelt))
            window = (pattern, op) in _WINDOW_FORMS
            return Comparison(op, float(match.group(1)), _unit(unit), of_free=free, window=window)
    level = _LEVEL_QUESTION.match(spelt)
    if level:
        for pattern, comparison in _IMPLIED:
            if pattern.search(level.group(1)):
                return comparison
    return None


def _in_question_unit(value: float, unit: str | None, question: Comparison) -> float | None:
    """``value`` expressed in the question's unit; None when the units do not agree."""
    if unit is None:
        return None if question.strict_unit else value
    if question.unit is None:
        return None if unit in _TIME_UNITS else value
    if unit == question.unit:
        return value
    if unit in _TIME_UNITS and question.unit in _TIME_UNITS:
        return value * _TIME_UNITS[unit] / _TIME_UNITS[question.unit]
    return None


# "41,000 out of 45,000", "245gb used out of 256", "3.1 of 16 gb in use": an amount against
# its whole, which answers a percentage ("below 50%?", "more than 90% full?").
_BIG = r"(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
_RATIO = re.compile(
    rf"(?<![\w.,]){_BIG}\s*(?:[a-z]+\s+){{0,2}}?(?:out\s+of|of|/)\s*{_BIG}(?![\w.,]*%)"
)
_FREE = re.compile(r"\b(?:free|left|remaining|available|spare|unused)\b")


def ratio_percent(sentence: str, question: Comparison) -> float | None:
    """The percentage an "X out of Y" in the sentence says, as the question counts it (used
    or free); None without one, or where the question's threshold is not a percentage."""
    if question.unit != "%" or re.search(r"\d\s*%", sentence):
        return None
    match = _RATIO.search(sentence)
    if match is None:
        return None
    part, whole = (float(g.replace(",", "")) for g in match.groups())
    if whole <= 0 or part > whole:
        return None
    percent = 100.0 * part / whole
    return 100.0 - percent if bool(_FREE.search(sentence)) != question.of_free else percent


def answer_value(sentence: str, question: Comparison) -> int:
    """+1 the sentence says the comparison holds, -1 it does not, 0 it does not say."""
    ratio = ratio_percent(sentence, question)
    if ratio is not None:
        return 1 if question.holds(ratio) else -1
    spelt = _SCALE.sub("", spell_numbers(sentence))
    for pattern, op in _ANSWER_BOUND:
        match = pattern.search(spelt)
        if match:
            unit = _unit(match.group(2)) if _is_unit(match.group(2)) else None
            bound = _in_question_unit(float(match.group(1)), unit, question)
            return 0 if bound is None else _bound(op, bound, question)
    if not question.strict_unit:
        for pattern, op in _RELATIVE:
            if pattern.search(spelt):
                return _bound(op, question.threshold, question)
    values, measured = set(), set()
    for number, word in _ANY_NUMBER.findall(spelt):
        unit = _unit(word) if _is_unit(word) else None
        value = _in_question_unit(float(number), unit, question)
        if value is not None:
            values.add(value)
            if unit is not None:
                measured.add(value)
    if question.unit not in (None, *_TIME_UNITS) and len(measured) == 1:
        # "32 psi on all four": the number in the question's unit is the reading ("two and a
        # half hours" is one reading in two numbers).
        values = measured
    if len(values) == 1 and not _COMPARATIVE.search(spelt):
        return 1 if question.holds(values.pop()) else -1
    return 0  # several numbers ("1.8 volts over the usual 12"), or a comparison not parsed


def _bound(op: str, bound: float, question: Comparison) -> int:
    """The answer says value ``op`` ``bound``: +1 that lies inside the question's range, -1
    outside it, 0 it straddles the threshold."""
    if question.op == "eq":
        return -1 if not Comparison(op, bound).holds(question.threshold) else 0
    if op in ("gt", "ge"):
        lowest, closed = bound, op == "ge"  # the answer's range is [bound or (bound, inf)
        if question.op in ("gt", "ge"):
            inside = lowest > question.threshold or (
                lowest == question.threshold and (question.op == "ge" or not closed)
            )
            return 1 if inside else 0
        outside = lowest > question.threshold or (
            lowest == question.threshold and (question.op == "lt" or not closed)
        )
        return -1 if outside else 0
    highest, closed = bound, op == "le"
    if question.op in ("lt", "le"):
        inside = highest < question.threshold or (
            highest == question.threshold and (question.op == "le" or not closed)
        )
        return 1 if inside else 0
    outside = highest < question.threshold or (
        highest == question.threshold and (question.op == "gt" or not closed)
    )
    return -1 if outside else 0


# Level marks: "is the fluid below the MIN mark?" is answered by where the level sits against
# the marks ("between min and max", "way under min", "right up at the max line").
_MARKS = r"min|minimum|low|lower|add|max|maximum|full|upper|high"
_MARK_QUESTION = re.compile(
    r"\b(below|under|beneath|lower\s+than|above|over|higher\s+than|past)\s+(?:the\s+)?"
    rf"({_MARKS})\b"
)
_LOW_MARKS = ("min", "minimum", "low", "lower", "add")
_NOT_BEFORE = re.compile(r"\b(?:not|never)\s+(?:\w+\s+)?$")
_WITHIN_MARKS = re.compile(
    r"\bbetween\b.*\b(?:marks?|lines?|dots?|notch(?:es)?|two|min|minimum|max|maximum|them)\b"
    r"|\bin\s+the\s+middle\b"
)
_MARK_NAME = rf"(?:the\s+)?({_MARKS}|mark|line)\b"
_SAID_BELOW = re.compile(rf"\b(?:below|under|beneath|lower\s+than|less\s+than)\s+{_MARK_NAME}")
_SAID_ABOVE = re.compile(
    rf"\b(?:above|over|higher\s+than|past|at|to|up\s+to|on)\s+(?:the\s+)?{_MARK_NAME}"
)


# "is the brake fluid level OK?", "is the antifreeze level up to the mark?": whether the level
# is where it should be, i.e. not under the low mark (lead19: "its right at the max mark" was
# not understood).
_LEVEL_OK_QUESTION = re.compile(
    r"\blevels?\b.*\b(?:ok|okay|fine|good|correct|right|normal|up\s+to\s+the\s+(?:mark|line))\b"
    r"|\b(?:topped\s+up|up\s+to\s+the\s+(?:mark|line))\b"
)


def question_mark(normalised: str) -> tuple[str, str] | None:
    """("below", "min") for "is the coolant below the MIN mark?", ("above", "max") for
    "... over the max line?", ("above", "min") for "is the level OK / up to the mark?"; None
    for a question about no level mark."""
    match = _MARK_QUESTION.search(normalised)
    if not match:
        return ("above", "min") if _LEVEL_OK_QUESTION.search(normalised) else None
    side = (
        "below" if match.group(1).split()[0] in ("below", "under", "beneath", "lower") else "above"
    )
    return side, "min" if match.group(2) in _LOW_MARKS else "max"


# A level said by how much is there, no mark named (stop 47: "it looks low" to "is the level
# up to the mark?" was read as a yes, "its low" not at all): low or empty is under the mark
# asked, full is at it.
_LEVEL_LOW = re.compile(
    r"\b(?:(?:a\s+)?(?:bit|little|quite|very|really|pretty|too|way|dead|well)\s+)?(?:low|empty|"
    r"dry|drained)\b|\b(?:nearly|almost|practically|virtually)\s+(?:empty|dry|gone)\b|"
    r"\bhardly\s+any(?:thing)?\b|\bbarely\s+any(?:thing)?\b"
)
_LEVEL_FULL = re.compile(r"\b(?:full|topped|brimming|filled)\b")


def _level_said(sentence: str, mark: str) -> list[tuple[str, str]]:
    """The level said as low or full, as (where, mark): under or at the mark asked."""
    said = []
    for pattern, place in ((_LEVEL_LOW, "below"), (_LEVEL_FULL, "above")):
        for match in pattern.finditer(sentence):
            negated = _NOT_BEFORE.search(sentence[: match.start()])
            said.append(({"below": "above", "above": "below"}[place] if negated else place, mark))
    return said


def mark_answer(sentence: str, asked: tuple[str, str]) -> int:
    """+1 the level is where the question asks, -1 it is not, 0 the sentence does not say."""
    side, mark = asked
    if _WITHIN_MARKS.search(sentence):
        # Between the marks: above the low one and below the high one, and neither under the
        # low one nor over the high one.
        return 1 if (side, mark) in (("above", "min"), ("below", "max")) else -1
    said = []
    for pattern, place in ((_SAID_BELOW, "below"), (_SAID_ABOVE, "above")):
        for match in pattern.finditer(sentence):
            name = match.group(1)
            # "not up to the mark" is under it.
            negated = _NOT_BEFORE.search(sentence[: match.start()])
            where = {"below": "above", "above": "below"}[place] if negated else place
            named = mark if name in ("mark", "line") else "min" if name in _LOW_MARKS else "max"
            said.append((where, named))
    if not said:
        said = _level_said(sentence, mark)
    if len(set(said)) != 1:
        return 0
    where, named = said[0]
    if named == mark:
        return 1 if where == side else -1
    # Above the low mark is not below it; below the high mark is not above it; at or over the
    # high mark is over the low one, under the low mark is under the high one.
    crossed = {("above", "min", "below"), ("below", "max", "above")}
    if (where, named, side) in {("above", "max", "above"), ("below", "min", "below")}:
        return 1
    return -1 if (where, named, side) in crossed else 0
