"""Where the user is and what they are doing: everyday places and circumstances that imply a
chart's state ("i use it on the kitchen table" is a hard and flat surface; "i'm in an air
conditioned office" is no hot environment).

Each is general knowledge of the place, never a row of a phrasing table, and keeps its
subject: the room, the weather, the table the laptop is on, the network the user is on; the
laptop itself being hot says nothing of the room. Each adds a sentence of its own in the
chart's words (``apart``), so it reaches only a chart whose question says those words, and it
is not drawn where a negation comes before it in its clause ("not on a desk" says nothing of
where it is), except where the words say the state's denial themselves ("the room is not
warm"). What these imply about a question that no chart asks is left unsaid: a car that "sat in
the garage all winter" or was "filled up yesterday" answers none of the car charts' questions
(fuel reaching the last filter is not a full tank).

Checked in ``tests/bots/test_domain_lexicon.py`` (a sample and its negations each) and
measured on the opening-facts table (``docs/opening-facts.md``, stop 39).
"""

from __future__ import annotations

import re

from .concept import Concept

_DET = r"(?:my|the|a|an|his|her|our|their|this)"
# Up to three words naming which one ("the kitchen table", "the living room sofa").
_WHICH = r"(?:[a-z]+\s+){0,3}?"
_SOFT = (
    r"(?:bed|lap|duvet|pillow|pillows|cushion|cushions|sofa|couch|blanket|quilt|carpet|settee|"
    r"beanbag|bean bag|knees|legs|rug|mattress|armchair|comforter|bedspread|lap)"
)
_HARD = (
    r"(?:desk|table|tray|laptop stand|stand|cooling pad|workbench|worktop|counter|countertop|"
    r"bench|shelf|dresser)"
)
# A room, a building or the weather: the user's surroundings, never the laptop ("it").
_PLACE = (
    r"(?:room|office|flat|house|home|apartment|bedroom|study|dorm|conservatory|attic|loft|"
    r"workshop|classroom|weather|climate|place i work|place)"
)
_HEAT = r"(?:hot|warm|boiling|sweltering|roasting|baking|stifling|humid|toasty|muggy|scorching)"
_COOL = r"(?:cool|cold|chilly|freezing|nippy)"
_AIRCON = r"(?:air ?con|aircon|air conditioning|air-conditioning|aircondition)"
_INTENSITY = (
    r"(?:(?:really|very|so|super|pretty|quite|always|often|usually|a bit|a little|fairly|"
    r"properly|stupidly|insanely|incredibly|too|nice and|nice|kept|at all)\s+)*"
)
_BE = (
    r"(?:(?:is|was|are|were|gets|get|got|getting|feels|feel|has been|does|did|can|never|not)"
    r"\s+){1,3}"
)
# The same without a negation: an entailment is not drawn from its denial ("not cold").
_BE_SO = r"(?:(?:is|was|are|were|gets|get|got|getting|feels|feel|has been|can)\s+){1,3}"
CIRCUMSTANCES: tuple[Concept, ...] = (
    # A bed, lap, duvet or sofa is no hard and flat surface (the laptop sinks in and its
    # vents are covered); a desk or table is one.
    Concept(
        "soft surface",
        re.compile(rf"\b(?:on|in)\s+{_DET}\s+{_WHICH}{_SOFT}\b|\bin bed\b"),
        ("hard and flat surface",),
        entailment=True,
        apart=True,
        added="i am not using the laptop on a hard and flat surface",
    ),
    Concept(
        "hard surface",
        re.compile(rf"\b(?:on|at)\s+{_DET}\s+{_WHICH}{_HARD}\b(?!\s+(?:fan|lamp|light))"),
        ("hard and flat surface",),
        entailment=True,
        apart=True,
        added="i am using the laptop on a hard and flat surface",
    ),
    # A hot room, hot weather, a heatwave, the sun, 28 degrees and up is a hot environment;
    # the room said not to be warm is not one. The subject is the place, never "it".
    Concept(
        "hot place",
        re.compile(
            rf"\b{_PLACE}\s+{_BE}{_INTENSITY}{_HEAT}\b"
            rf"|\b{_HEAT}\s+(?:outside|weather|days?|country|climate|summer|summers|room|office|"
            r"flat|house|apartment)\b"
            r"|\bheat ?waves?\b"
            r"|\bin\s+(?:the\s+)?(?:direct\s+|full\s+|blazing\s+|hot\s+)?(?:sun|sunshine|sunlight)\b"
            r"|\b(?:2[89]|[34]\d)\s*(?:degrees|deg|c)\b(?!\s*(?:f|fahrenheit))"
        ),
        ("hot environment",),
        apart=True,
        added="i am using the laptop in a hot environment",
        denied="i am not using the laptop in a hot environment",
    ),
    # Air conditioning, a cold room or cold weather is no hot environment (one way: a room
    # "not cold" may still not be hot).
    Concept(
        "cool place",
        re.compile(
            rf"\bair[- ]?conditioned\b"
            rf"|\b{_AIRCON}\s+(?:is\s+)?(?:on|running|blasting|going|cranked)\b"
            rf"|\b(?:with|under|in)\s+(?:the\s+)?{_AIRCON}\b"
            rf"|\b{_COOL}\s+(?:room|office|flat|house|apartment|basement|bedroom|study|weather|"
            r"day|days|climate|winter)\b"
            rf"|\b{_PLACE}\s+{_BE_SO}{_INTENSITY}{_COOL}\b"
        ),
        ("hot environment",),
        entailment=True,
        apart=True,
        added="i am not using the laptop in a hot environment",
    ),
    # A noise that goes away once the engine warms up is one only when it is cold.
    Concept(
        "only when cold",
        re.compile(
            r"\b(?:goes away|go away|went away|stops|stop|stopped|disappears|disappear|"
            r"disappeared|fades|fade|dies down|settles down|settles|quietens|quiets down|is gone|"
            r"vanishes)\b[^.;!?]{0,30}?\b(?:once|when|after|as soon as|as)\b[^.;!?]{0,25}?"
            r"\b(?:warm|warms|warmed|warming|heats|heated|hot)\b(?:\s+up)?"
        ),
        ("only when it is cold",),
        entailment=True,
        apart=True,
        added="the ticking sound happens only when it is cold",
    ),
)
