"""A body temperature said as a number answers "Do you have a fever?".

Parents and patients report the thermometer, not the word: "a temperature of 39 since
yesterday", "temp 38.7", "39.5 on the thermometer", "102 last night". None of these says
"fever", so no reading by words found them, and the intake asked about breathing first. A
number next to a temperature word (or with degrees) is read on the scale its size implies
(35-43: Celsius, 95-110: Fahrenheit) and compared with the usual fever threshold, 38.0 C
(100.4 F): at or above it is a fever; a measured 37.4 C or below is none; what lies between
says nothing. "Burning up" says fever in words.
"""

from __future__ import annotations

import re

from planning.evidence import Answer
from planning.network import EvidentialNetwork, Finding

FEVER_C = 38.0
NO_FEVER_BELOW_C = 37.5
# A measured number is clearer than most words, but nobody asked: as volunteered facts.
RELIABILITY = 0.9

_NUMBER = re.compile(r"\d{2,3}(?:\.\d)?")
_TEMPERATURE_WORD = re.compile(r"\b(?:temperature|temp|temps|fever|thermometer)\b")
# A number with its unit says it is a temperature wherever it stands: "38.9°C", "39 degrees".
_WITH_UNIT = re.compile(
    r"(\d{2,3}(?:\.\d)?)\s*(?:°\s*[cf]?|degrees?\b|deg\b|c\b|f\b)"
    # The weather is not a patient: "it was 39 degrees outside".
    r"(?!\s*(?:\w+\s+)?(?:outside|out there|today|in the (?:sun|shade)|weather|heat))"
)
# Otherwise the number must follow a temperature word closely, in the same clause ("temp
# keeps going up to about 40 at night"), or come just before it ("39.5 on the thermometer").
_AFTER_WORDS = 6
_CLAUSE = re.compile(r"[;!?\n]|\.(?!\d)|\bbut\b|\bbecause\b")
_BURNING_UP = re.compile(r"\bburning up\b|\bboiling hot\b(?= to (?:the )?touch)")


def celsius(value: float) -> float | None:
    """The value in Celsius, by the scale its size implies; None when it is no body
    temperature on either scale."""
    if 34.0 <= value <= 43.0:
        return value
    if 93.0 <= value <= 110.0:
        return (value - 32.0) * 5.0 / 9.0
    return None


def fever_finding(network: EvidentialNetwork) -> Finding | None:
    """The network's yes/no fever question, if it has one."""
    for finding in network.findings:
        if (
            not finding.group
            and set(finding.states) == {"yes", "no"}
            and re.search(r"\bfever\b", finding.question.lower())
            and "history" not in finding.question.lower()
        ):
            return finding
    return None


def _numbers_near_words(clause: str) -> list[str]:
    found = []
    for word in _TEMPERATURE_WORD.finditer(clause):
        after = clause[word.end() :].split()[:_AFTER_WORDS]
        found += [m.group(0) for m in map(_NUMBER.fullmatch, (w.strip(",'") for w in after)) if m]
        before = clause[: word.start()].split()[-3:]
        found += [m.group(0) for m in map(_NUMBER.fullmatch, before) if m]
    return found


def measured_fever(text: str) -> bool | None:
    """True / False when the message reports a temperature that is / is not a fever; None
    when it reports none (or one between)."""
    said = re.sub(r"(\d),(\d)", r"\1.\2", text.lower())
    if _BURNING_UP.search(said):
        return True
    for clause in _CLAUSE.split(said):
        numbers = [m.group(1) for m in _WITH_UNIT.finditer(clause)] + _numbers_near_words(clause)
        for number in numbers:
            value = celsius(float(number))
            if value is None:
                continue
            if value >= FEVER_C:
                return True
            if value < NO_FEVER_BELOW_C:
                return False
    return None


def temperature_facts(text: str, network: EvidentialNetwork) -> tuple[Answer, ...]:
    """The fever question answered by a temperature the message reports, if any."""
    # Every message of every pack comes here: the text is read first (rarely a temperature),
    # and the network's questions are searched only when it reports one.
    fever = measured_fever(text)
    if fever is None:
        return ()
    finding = fever_finding(network)
    if finding is None:
        return ()
    return (Answer(finding.id, ("yes" if fever else "no",), RELIABILITY),)
