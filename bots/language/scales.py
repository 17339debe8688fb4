# ruff: noqa: E501  (a table of patterns: one alternation per line reads best)
"""Scales of states a helpdesk meets, for reading an answer that names another state.

People often answer "is it X?" by saying what state the thing is in, in words of their own:
"it sits level" to "is the car lower on one side?", "the pedal is firm" to "does the pedal go
almost to the floor?", "it shows as idle" to "is the printer offline?", "the needle is about
halfway" to "is the gauge high?". A restatement reader takes any such reply about "it" as a
yes. Each scale below lists the ways of naming the positions of one kind of state (how level,
how firm, how clear, how fixed, how hot ...), from general English and common device, car and
home knowledge, not from any dialog, chart or table row.

:func:`positions` finds every position a text names (with where it starts, so that a caller
can tell whether it is negated); :func:`compare` says whether an answer's positions agree with
the question's on a scale they share. Scales with more than two positions are ordered (cold
... hot, low ... high): an answer further out than an outer question's position agrees ("it's
boiling" to "is it warm?"), one short of it does not ("just warm" to "too hot to touch?").

Some scales are of events and amounts rather than adjectives, for the same reason: "it fired
right up" is a position on whether an engine starts, "i can see the login screen" on whether a
screen is blank, "its flat by mid afternoon" on whether a battery lasts the day, "a plop every
few seconds" on whether something drips.

Patterns are matched on normalised text (lower case, contractions expanded: "does not").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


@dataclass(frozen=True)
class Scale:
    name: str
    positions: tuple[str, ...]  # regular expressions, one per position, in order
    # Neighbouring positions of a graded scale blur in use ("pretty warm in here" to "a hot
    # environment?" is a yes): a neighbour is a no only when the answer bounds it ("just
    # warm") or the question asks about an excess ("too hot to touch?").
    graded: bool = False


# fmt: off
SCALES: tuple[Scale, ...] = (
    Scale("level", (
        # "level" as a state, not a noun ("the oil level", "the level is low")
        r"(?:sits?|sitting|is|are|looks?|perfectly|dead|completely|totally|pretty|nice and) level"
        r"|level(?=$| and| on| when| with the (?:ground|floor))|(?:dead |perfectly |sitting |sits )flat"
        r"|upright|horizontal|even all (?:round|around|over)|cent(?:red|ered)"
        r"|straight(?! (?:to|in|into|away|ahead|on|through|after|back|up|down|out))",
        r"tilt\w*|lean\w*|lopsided|crooked|askew|wonky|slant\w*|sloping|skew\w*|list(?:s|ing) to"
        r"|(?:lower|higher|down) (?:on|at) (?:one|the \w+) (?:side|end|corner)"
        r"|one (?:side|end|corner) (?:is |sits |looks )?(?:lower|higher)|sits? (?:lower|higher)"
        r"|sags? (?:on|at|to) one|off[- ]?cent(?:re|er|red|ered)|not straight",
    )),
    Scale("firmness", (
        r"firm|firmly|rigid|solid as|rock hard|stiff|hard(?! to| work| drive| disk| reset| wired)",
        r"soft|spongy|squishy|mushy|saggy|sagging|sinks?|sinking|springy"
        r"|(?:goes|go|going|went|sinks?|drops?) (?:almost |nearly |right |all the way )?(?:down )?to the floor"
        r"|gives? way|bottoms? out",
    )),
    Scale("inflation", (
        r"pumped(?: up)?|inflated|rock hard|full of air|hold(?:s|ing)? (?:its |the )?air",
        r"flat(?! surface| ground| on| out)|deflated|going down|losing air|lost air|low on air",
    )),
    Scale("clarity", (
        r"(?:crystal |see[- ]through |nice and |perfectly |pretty )?clear(?! (?:up|of|out|the|it|my))"
        r"|transparent|see[- ]through|translucent",
        r"cloudy|murky|milky|foamy|frothy|bubbly|muddy|sludgy|sludge|opaque|gritty|dark|black|brown|dirty"
        r"|hazy|grey|gray|rusty",
    )),
    Scale("fixed", (
        r"built[- ]?in(?:to)?|soldered|integrated|glued|non[- ]removable|sealed in|part of the (?:board|case|unit)"
        r"|can not be (?:removed|taken out|swapped)|no way to (?:remove|take) it out|fixed (?:in|to|inside)",
        r"removable|detachable|swappable|user[- ]replaceable|hot[- ]?swap\w*|clips? (?:in|out|off)"
        r"|pops? (?:in|out)|slides? out|comes? out|can be (?:removed|taken out|swapped)",
    )),
    Scale("availability", (
        # states said of the thing, not "the list of available networks"
        r"(?:ready|online|on line|idle|available|active)(?! networks?| devices?| space| storage| options?| updates?| memory)",
        r"offline|off line|unavailable|not available|paused|disconnected",
    )),
    Scale("gauge", (
        r"low|lower|(?:at|near) the bottom(?! of)|near (?:the )?empty|minimum|min",
        r"(?:in|at|on|around|about|near) the (?:middle|cent(?:re|er))(?! of)|halfway|half way|midway"
        r"|mid[- ]?(?:way|point|range)|(?:right |smack )?in the middle$",
        r"high(?![- ]pitch)|higher|(?:at|near) the top(?! of)|near (?:the )?(?:red|hot|h)|maximum|max|in the red",
    )),
    Scale("loudness", (
        r"loud|loudly|noisy|roar\w*|deafening|blaring|racket|like a jet|screaming",
        r"quiet|quietly|silent|silently|(?:barely|hardly) audible|inaudible|(?:can|could) (?:barely|hardly) hear|hushed",
    )),
    Scale("temperature", (
        r"cold|freezing|icy|ice cold|frozen|chilly",
        r"cool|cooler",
        r"lukewarm|tepid|room temperature",
        r"warm|warmish|warmer",
        r"hot|hotter|boiling|scalding|burning hot|roasting|scorching|too hot|overheat\w*",
    ), graded=True),
    Scale("speed", (
        r"fast|faster|quick|quickly|rapid|rapidly|speedy|snappy|zippy|in no time",
        r"slow|slower|slowly|sluggish|crawl\w*|laggy|lagging|forever|ages|takes an age",
    )),
    Scale("steadiness", (
        r"steady|stable|constant|continuous|consistent|solid(?! as)|stays lit",
        r"flicker\w*|flash\w*|blink\w*|strob\w*|puls\w*|flutter\w*|intermittent\w*|on and off"
        r"|comes and goes|cuts? in and out",
    )),
    Scale("light", (
        r"lit|lit up|lights up|glow\w*|illuminated|shining"
        r"|(?:is|are|stays?|comes?|came|turns?|turned|switched|still) on(?! (?:the|a|an|my|it|its|to|top)\b)"
        r"|on(?=\s*[?.!]*$)|lights? on(?! (?:the|a|an|my|it|its|to|top)\b)",
        r"unlit|dark|(?:is|are|stays?|goes|went|turns?|turned|switched|still) off|off(?=\s*[?.!]*$)",
    )),
    Scale("tightness", (
        r"tight|tightly|snug|secure|securely|rock solid|(?:can|could|does|did) not (?:budge|move|shift) (?:it|at all)",
        r"loose|wobbly|wobbles?|wiggles?|rattles? (?:around|about)|moves? (?:around|about)|sloppy",
    )),
    Scale("moisture", (
        r"dry|bone[- ]dry|dried",
        r"wet|damp|soaked|soaking|moist|puddle\w*|pool(?:s|ing)|drips?|dripp\w*|plink\w*|plop\w*|phlegm|mucus|chesty|productive",
    )),
    Scale("openness", (
        r"open|opened|ajar",
        r"shut|closed|close(?:d)? tight",
    )),
    Scale("signal", (
        r"strong|full (?:bars|signal)|all (?:the )?bars|(?:four|five|4|5) bars|excellent",
        r"weak|(?:one|1|a single) bar|no bars|patchy|poor|barely any (?:signal|bars)",
    )),
    Scale("brightness", (
        r"bright|brighter|brilliant|full brightness|dazzling|glaring",
        r"dim|dimmer|dimmed|faint|barely visible",
    )),
    Scale("wear", (
        r"thick|plenty (?:of \w+ )?left|lots (?:of \w+ )?left|loads (?:of \w+ )?left|fresh|like new|good as new",
        r"thin|worn|worn down|worn out|bald|down to the metal|nothing left|barely any left",
    )),
    Scale("evenness", (
        r"evenly|even all (?:round|around|over|across)|even across|smooth and even|uniform\w*"
        r"|the same all (?:over|across|round)",
        r"unevenly|uneven|patchy|cupp\w*|lopsided|one side \w+ (?:and|but|while) the other"
        r"|(?:more|less) worn (?:on|at|in|than)|worn (?:more|less) (?:on|at|in|than)",
    )),
    Scale("running", (
        # how an engine or motor runs
        r"smooth\w*|purr\w*|like a kitten|sweet as",
        r"rough\w*|lumpy|shudder\w*|stumbl\w*|misfir\w*|hunting|surg\w*|splutter\w*|sputter\w*",
    )),
    Scale("continuity", (
        r"without (?:an? )?(?:interruption|break|gap|glitch)|uninterrupted|non[- ]?stop|the whole (?:time|way through)"
        r"|(?:played|plays|ran|runs|went|goes) (?:\w+ )?(?:the whole|(?:all|right) the way through)"
        r"|the whole (?:album|song|track|film|movie|show|call|playlist|episode)",
        r"cuts? (?:in and )?out|cutting out|drops? out|dropping out|stutter\w*|(?<!without )interrupt\w*|breaks? up",
    )),
    Scale("display", (
        # whether a screen shows anything
        r"(?:shows?|showing|displays?|see|get|gets|got) (?:the|a|my|an) (?:\w+ )?(?:desktop|login|lock screen|logo|picture|image|windows|page|screen|home screen|menu)"
        r"|(?:goes|went|gets|got|boots?) (?:to|into) (?:the )?(?:desktop|login|lock screen|windows|home screen)",
        r"blank|(?:completely |totally |just |all |pitch )?black|nothing (?:on|shows|at all on) (?:the )?screen",
    )),
    Scale("engine start", (
        r"fired (?:right |straight )?up|fires up|caught (?:first|straight|right)|turned over and (?:ran|started|caught)"
        r"|(?:car|engine|motor|van|truck|bike|mower|generator) (?:start|starts|started)"
        r"|started (?:first|right|straight|up)|(?:came|roared|sprang|kicked|burst) (?:in)?to life|starts? (?:first|right|straight) (?:time|away|up)",
        r"(?:will|would|does|did|can) not (?:start|fire|catch|turn over)|(?:just|only) clicks|cranks? but|no crank",
    )),
    Scale("lasting", (
        # how long a battery (or a charge, a fill) lasts against a stretch of the day
        r"lasts? (?:a |the )?(?:full |whole |entire )?(?:day|night|evening)|(?:all|whole) day long"
        r"|lasts? (?:all|through the) (?:day|night)|lasts? (?:till|until) (?:bedtime|the evening|night)",
        r"(?:dead|empty|flat|dies|died|out of (?:charge|battery|juice)|charge it (?:again|up)|needs? (?:a )?charg\w*|recharg\w*)"
        r" (?:\w+ ){0,2}(?:by|before) (?:lunch\w*|noon|midday|mid[- ]?morning|mid[- ]?afternoon|(?:the )?(?:morning|afternoon)|dinner\w*|teatime)"
        r"|(?:by|before) (?:lunch\w*|noon|midday|mid[- ]?morning|mid[- ]?afternoon|(?:the )?(?:morning|afternoon)|dinner\w*|teatime)"
        r"\W+(?:\w+\W+){0,3}(?:dead|empty|flat|dies|died)"
        r"|drains? (?:fast|quickly|rapidly)|dies (?:fast|quickly)|runs? (?:out|down|flat) (?:fast|quickly)",
    )),
    Scale("healing", (
        r"heal\w*|closing up|scabbed|scabbing|getting better|improving|looks? better",
        r"angry|inflamed|oozing|weeping|pus|getting worse|looks? worse|infected|festering|spreading",
    )),
)
# fmt: on


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b")


@dataclass(frozen=True)
class Position:
    scale: str
    index: int
    start: int
    size: int  # how many positions the scale has
    words: str = ""  # the words that name it
    graded: bool = False


def positions(text: str) -> list[Position]:
    """Every scale position the (normalised) text names, with where it starts."""
    found = []
    for scale in SCALES:
        for index, pattern in enumerate(scale.positions):
            for match in _compiled(pattern).finditer(text):
                found.append(
                    Position(
                        scale.name,
                        index,
                        match.start(),
                        len(scale.positions),
                        match.group(0),
                        scale.graded,
                    )
                )
    return found


def agrees(asked: int, given: int, size: int) -> bool:
    """Whether an answer at ``given`` says yes to a question asking about ``asked``: the same
    position, or (on an ordered scale) one further out on the asked position's side."""
    if asked == given:
        return True
    middle = (size - 1) / 2
    if size > 2 and asked > middle:
        return given > asked
    if size > 2 and asked < middle:
        return given < asked
    return False


_BOUNDED = re.compile(r"\b(?:just|only|a bit|a little|slightly|mildly|bit|somewhat|fairly)\b")
_EXCESS = re.compile(r"\b(?:too|very|extremely|really|dangerously)\b")


def compare(
    asked: list[Position], given: list[Position], *, bounded: bool = False
) -> tuple[int, str] | None:
    """+1 (agrees) / -1 (another position) on the scales the question and the answer share,
    with the scale's name; None where they share none, or disagree among themselves (the
    question names two positions of a scale, or the answer says yes on one shared scale and no
    on another). ``bounded``: the answer bounds its state or the question asks about an excess
    (a graded scale's neighbour is then a no)."""
    verdicts: dict[str, set[int]] = {}
    for scale in {p.scale for p in asked} & {p.scale for p in given}:
        q = {p.index for p in asked if p.scale == scale}
        if len(q) != 1:
            continue  # "cold at the top but warm at the bottom?": no single state asked
        a = {p.index for p in given if p.scale == scale}
        size = next(p.size for p in asked if p.scale == scale)
        (index,) = q
        graded = next(p.graded for p in asked if p.scale == scale)
        verdict = set()
        for g in a:
            if agrees(index, g, size):
                verdict.add(1)
            elif not (graded and abs(g - index) == 1 and not bounded):
                verdict.add(-1)
        if verdict:
            verdicts[scale] = verdict
    polarities = set().union(*verdicts.values()) if verdicts else set()
    if len(polarities) != 1:
        return None
    (polarity,) = polarities
    return polarity, ",".join(sorted(verdicts))


def bounds(question: str, answer: str) -> bool:
    """The answer bounds its state ("just warm") or the question asks about an excess."""
    return bool(_BOUNDED.search(answer) or _EXCESS.search(question))
