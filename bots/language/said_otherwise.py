"""Readings the words say otherwise: a word of the question said in a sense that is not its.

Each check is a class of misreading found in the opening table (docs/opening-facts.md, "Stop
48"), said in general English, not a row:

- **past, not at**: "it never makes it past the windows logo" denies getting past the logo,
  not seeing it; a "no" to the logo's question is not said;
- **it stops under the condition**: "the ticking stops when i put it in neutral and coast"
  says no ticking while coasting, not a "yes" to "ticking while coasting in neutral?";
- **not only**: "it doesnt need to be moving", "not just when i turn" deny the "only" of
  "ticking only when the car is moving?";
- **looked for, not found**: "told to check the hoses for leaks" says what to look for, and
  "can u tell me where the fuel filter is" asks where it is;
- **a few days, not weeks or a named cause**: "flat after a month at the airport", "flat
  because i left the lights on" are no battery that "runs down in just a few days";
- **a light asked, no light said**: "does the power LED turn on?" and "is the router's
  internet LED on?" are not answered by "it won't turn on" or "the router is on";
- **a figure of speech**: "the laptop is burning up" is heat, not a burning smell;
- **a degree or a duration unsaid**: "it ticks when i drive" says no slow speed ("only when you
  drive at a slow speed?"), and a fan "going flat out" says how hard it runs, not that it runs
  "all the time";
- **another stage shown**: Windows or the desktop shown on a TV says nothing of the splash
  screen before it;
- **another place too**: "cant connect to public wifi either" is one more place it fails, not
  a "no" to "are you trying to connect to a home network?";
- **the others fine**: "one headlight has gone, the other one is fine" is no "no" to "a single
  lamp failure?";
- **where it is, not where it comes from**: "a puddle under the engine", "steam out of the
  engine bay", "coolant down the front of the engine" name a place, not the engine as the
  leak's source ("is antifreeze leaking from the engine?").
"""

from __future__ import annotations

import re

__all__ = ["said_otherwise"]

_CLAUSE = re.compile(r"[^,.;!?]+")
_NEGATION = r"(?:not|never|no|cant|cannot|wont|doesnt|didnt|isnt|n't)"
_PAST = re.compile(
    rf"\b{_NEGATION}\b[^,.;!?]{{0,30}}?\b(?:past|beyond|further than)\s+"
    r"((?:the |my |its )?(?:[a-z]+ ){0,2}[a-z]+)"
)
_STOPS = re.compile(
    r"\b(?:stops?|stopped|goes away|went away|disappears?|disappeared|vanishes|goes quiet|"
    r"went quiet|dies down|died down|fades?|fades away)\b"
)
_NOT_ONLY = re.compile(
    r"\bnot (?:just|only) (?:when|while|in|at|on|during|if|after)\b"
    r"|\b(?:doesnt|dont|didnt|does not|do not|did not) (?:need|have) to be\b"
)
_LOOKED_FOR = re.compile(
    r"\b(?:check|checks|checked|checking|look|looks|looked|looking|inspect|test|tested)\b"
    r"(?:\s+\w+){0,4}?\s+for\s+(\w+(?:\s+\w+)?)"
)
_SENTENCE = re.compile(r"[^.!?;]+")
_A_REQUEST = re.compile(
    r"^\s*(?:(?:can|could|would) (?:you|u|someone|anyone) (?:tell|show|explain|help)|where "
    r"(?:is|are|do|does|can|would)|how (?:do|can|would|should) (?:i|you|u)|is there a way)\b"
)
_FEW_DAYS = re.compile(r"\bin (?:just )?a few days\b")
_LONGER_OR_CAUSED = re.compile(
    r"\b(?:for|after|over) (?:a|one|two|three|four|six|\d+|a couple of|a few|several|over a) "
    r"(?:weeks?|fortnights?|months?)\b|\ball (?:winter|summer)\b"
    r"|\bleft (?:\w+ ){0,3}(?:lights?|headlights?|radio|door|boot)\b(?: \w+){0,2} on\b"
    r"|\b(?:lights?|headlights?) (?:were |was )?left on\b"
)
_LED = re.compile(r"\bled\b")
_A_LIGHT = re.compile(r"\b(?:leds?|lights?|indicators?|glow\w*|lit)\b")
_LEAK_ASKED = re.compile(
    r"\b(?:leak\w*|drip\w*|steam\w*|weep\w*)\b.*?\b(?:from|at)\s+(?:the\s+)?(?:car's\s+)?"
    r"([a-z ]+?)\s*\?"
)
_LOCATION = re.compile(
    r"\b(?:under|underneath|beneath|below|down the (?:front|side|back) of|on the ground "
    r"under)\s+(?:the |my |its )?(?:\w+ )?$"
)
_A_SPACE = re.compile(r"^\s*(?:bay|compartment)\b")
_SPEED_ASKED = re.compile(r"\b(slow|low|high|fast)\s+speeds?\b")
_SPEED_SAID = {
    "slow": re.compile(
        r"\b(?:slow|low|lower|slower)\s+speeds?\b|\bslowly\b|\bcrawl\w*|\bwalking pace\b"
        r"|\b(?:going|driving|drive|moving|go|drives) slow\b|\b(?:below|under) \d+"
    ),
    "high": re.compile(
        r"\b(?:high|fast|higher|faster|top|motorway)\s+speeds?\b|\bmotorway\b|\bat speed\b"
        r"|\b(?:going|driving|drive|go) fast\b|\b(?:over|above) \d+"
    ),
}
_ALL_THE_TIME_ASKED = re.compile(r"\ball the time\b|\bconstantly\b|\balways\b")
_ALL_THE_TIME = re.compile(
    r"\ball the time\b|\bconstant(?:ly)?\b|\balways\b|\bnon ?stop\b|\bcontinuous(?:ly)?\b"
    r"|\bthe whole time\b|\bnever (?:stops|switches off|turns off|goes off)\b|\b24/?7\b"
    r"|\bpermanently\b|\bday and night\b"
)
_SPLASH = re.compile(r"\bsplash screen\b")
_WINDOWS_SHOWN = re.compile(r"\b(?:desktop|windows)\b")
_A_START_SCREEN = re.compile(
    r"\b(?:splash|logo|bios|manufacturer|boot screen|start ?up screen|loading screen)\b"
)
_TOO = re.compile(r"\b(?:either|too|as well|also)\b")
_ONE_FAILED = re.compile(
    r"\b(?:one|a|single|the (?:left|right|front|rear|back|nearside|offside|passenger|driver'?s?))"
    r"\b[^,.;!?]{0,30}?\b(?:gone|out|blown|died|dead|failed|stopped|not working|broken|packed up)"
    r"\b"
)
_FIGURE_OF_HEAT = re.compile(r"\bburning (?:up|hot)\b|\bburning to the touch\b")
_BURNING = re.compile(r"\bburn\w*")


def said_otherwise(text: str, question: str, *, affirmed: bool) -> bool:
    """Whether the words say the question's fact otherwise than a reading of it (``affirmed``:
    the reading is the question's "yes")."""
    words = text.lower()
    asked = question.lower()
    if _LED.search(asked) and not _A_LIGHT.search(words):
        return True
    if affirmed:
        return (
            _stops_under_the_condition(words, asked)
            or _denies_only(words, asked)
            or _only_looked_for(words, asked)
            or _only_asked_about(words, asked)
            or _longer_than_a_few_days(words, asked)
            or _figure_of_heat(words, asked)
            or _a_place_not_a_source(words, asked)
            or _speed_unsaid(words, asked)
            or _duration_unsaid(words, asked)
            or _another_stage_shown(words, asked)
        )
    return (
        _only_past(words, asked)
        or ("home network" in asked and bool(_TOO.search(words)))
        or ("single" in asked and bool(_ONE_FAILED.search(words)))
    )


def _content(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]{3,}", text)} - _COMMON


_COMMON = frozenset({"the", "you", "your", "does", "doe", "when", "only", "car", "lapto", "make"})


def _only_past(words: str, asked: str) -> bool:
    """Every negation of what the question asks about is "not past X": X itself was reached."""
    own = _content(asked)
    heads = set()
    for m in _PAST.finditer(words):
        # The thing passed, by its last word the question also says ("the windows logo").
        named = [w for w in m.group(1).split() if _content(w) & own]
        if named:
            heads |= _content(named[-1])
    if not heads:
        return False
    return not any(
        re.search(rf"\b{_NEGATION}\b", clause) and heads & _content(clause)
        for clause in _CLAUSE.findall(_PAST.sub(" ", words))
    )


def _condition(asked: str) -> set[str]:
    """The content words of the question's condition ("... while coasting in neutral?")."""
    m = re.search(r"\b(?:when|while|whenever|during|after)\b(.*)$", asked)
    return _content(m.group(1)) if m else set()


def _stops_under_the_condition(words: str, asked: str) -> bool:
    """A clause says what is asked stops, and after it the whole of the question's condition."""
    condition = _condition(asked)
    if not condition:
        return False
    for clause in _CLAUSE.findall(words):
        stop = _STOPS.search(clause)
        if stop and condition <= _content(clause[stop.end() :]):
            return True
    return False


def _denies_only(words: str, asked: str) -> bool:
    return bool(re.search(r"\bonly\b", asked)) and bool(_NOT_ONLY.search(words))


def _only_looked_for(words: str, asked: str) -> bool:
    """The question's words said only as what was looked for ("checked ... for leaks")."""
    looked = {w[:4] for m in _LOOKED_FOR.finditer(words) for w in m.group(1).split()}
    wanted = looked & {w[:4] for w in re.findall(r"[a-z]{3,}", asked)}
    if not wanted:
        return False
    rest = _LOOKED_FOR.sub(" ", words)
    return not ({w[:4] for w in re.findall(r"[a-z]{3,}", rest)} & wanted)


def _longer_than_a_few_days(words: str, asked: str) -> bool:
    return bool(_FEW_DAYS.search(asked)) and bool(_LONGER_OR_CAUSED.search(words))


def _figure_of_heat(words: str, asked: str) -> bool:
    """ "Burning up" is heat: no "yes" to a burning smell unless burning is said otherwise."""
    if not _BURNING.search(asked) or not _FIGURE_OF_HEAT.search(words):
        return False
    return not _BURNING.search(_FIGURE_OF_HEAT.sub(" ", words)) and "smoke" not in words


def _a_place_not_a_source(words: str, asked: str) -> bool:
    """The part a leak is asked to come from is said only as where something is ("under the
    engine") or as a space ("the engine bay")."""
    m = _LEAK_ASKED.search(asked)
    if m is None:
        return False
    part = m.group(1).split()[-1][:5]
    said = [w for w in re.finditer(r"[a-z]+", words) if w.group(0)[:5] == part]
    # A question that puts the drips on the ground ("drips on the ground from the overflow
    # reservoir?") is said by drips under the part.
    under = "on the ground" not in asked
    return bool(said) and all(
        (under and _LOCATION.search(words[max(0, w.start() - 40) : w.start()]))
        or _A_SPACE.match(words[w.end() :])
        for w in said
    )


_A_SPEED = re.compile(
    r"\b(?:at|past|over|above|around|about|under|below|beyond)\s+(\d+)\b|\b(\d+)\s*(?:mph|kph|km/?h)\b"
)


def _speed_unsaid(words: str, asked: str) -> bool:
    m = _SPEED_ASKED.search(asked)
    if m is None:
        return False
    degree = "slow" if m.group(1) in ("slow", "low") else "high"
    if _SPEED_SAID[degree].search(words):
        return False
    # A speed said as a number: 30 or under is slow, 50 or over is high.
    for said in _A_SPEED.finditer(words):
        speed = int(said.group(1) or said.group(2))
        if (degree == "slow" and speed <= 30) or (degree == "high" and speed >= 50):
            return False
    return True


def _duration_unsaid(words: str, asked: str) -> bool:
    """ "All the time" asked: a clause about what the question asks must say a duration."""
    if not _ALL_THE_TIME_ASKED.search(asked):
        return False
    own = _content(_ALL_THE_TIME_ASKED.sub(" ", asked)) - {"using", "runni", "use"}
    return not any(
        _ALL_THE_TIME.search(clause) and _content(clause) & own for clause in _CLAUSE.findall(words)
    )


def _another_stage_shown(words: str, asked: str) -> bool:
    return bool(
        _SPLASH.search(asked) and _WINDOWS_SHOWN.search(words) and not _A_START_SCREEN.search(words)
    )


def _only_asked_about(words: str, asked: str) -> bool:
    """The question's words are said only in a request ("can u tell me where ... is")."""
    own = _content(asked)
    naming = [sentence for sentence in _SENTENCE.findall(words) if _content(sentence) & own]
    return bool(naming) and all(_A_REQUEST.search(sentence) for sentence in naming)
