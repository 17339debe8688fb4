"""General English word knowledge for reading answers: opposite states and comparisons.

A user often answers a yes/no question by naming the state they see rather than restating the
question: "it's off" to "is the light on?", "it turns easily" to "is it hard to turn?", "it
lasts all day" to "does the battery drain quickly?". Each group below pairs two sets of words
for opposite states; an answer that names one side while the question names the other (and
not the same side) answers the question the other way. The groups are hand-written, generic
English (states, amounts, speed, temperature, motion, light, sound, cleanliness), not taken
from any dialog or chart.

Words are compared in their canonical form (:func:`bots.language.text.canonical`), over every
token of a sentence, stop words included, so "above" and "below" count.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import text as tx

# (one state, the opposite state). A word may sit in several groups.
OPPOSITE_GROUPS: tuple[tuple[str, str], ...] = (
    ("on", "off"),
    ("lit illuminated bright brighter shining", "dark darker unlit dim dimmer off"),
    ("loud noisy", "quiet quietly silent silently silence"),
    (
        "sound noise beep beeps beeping chirp chirps ring rings buzz buzzes buzzing hum hums "
        "humming whine whines whining click clicks clicking squeal squeals squealing honk honks "
        "roar roars grind grinding rattle rattles rattling clunk clunks clunking knock knocks "
        "knocking pop pops popping thud thuds thump thumps thumping bang bangs banging creak "
        "creaks creaking squeak squeaks squeaking hiss hisses hissing tick ticks ticking whistle "
        "whistles whistling screech screeches screeching groan groans groaning crunch crunching "
        "scrape scrapes scraping",
        "quiet quietly silent silently silence",
    ),
    ("flash flashing flashes blink blinking blinks flicker flickering flickers", "steady solid"),
    ("soft spongy mushy", "firm hard stiff solid"),
    ("clog clogged blocked blockage", "clean clear"),
    ("rough roughly jerky uneven", "smooth smoothly"),
    ("worse worsen worsens worsening", "better same improve improves improving improved"),
    ("deep", "shallow worn bald"),
    ("hold holds held", "lose loses losing lost"),
    ("hard difficult stiff tough heavy effort struggle", "easy easily effortless smoothly freely"),
    (
        "fast faster quick quickly rapid rapidly instant instantly immediately",
        "slow slower slowly forever ages",
    ),
    ("high higher above over exceed exceeds more greater", "low lower below under less fewer"),
    ("strong high", "weak low faint"),
    ("full plenty topped", "empty low"),
    ("slip slips slipping slipped", "hold holds held firm grip grips"),
    ("hot hotter warm warmer overheat overheating", "cool cooler cold colder normal"),
    ("hot hotter boiling scalding", "lukewarm tepid"),
    ("warm warmer", "lukewarm tepid"),
    ("cold colder freezing icy", "lukewarm tepid"),
    ("wet leak leaking leaks drip dripping damp puddle water", "dry"),
    # The lay words for what builds up on a battery terminal (lead19: "white crusty stuff").
    (
        "dirty dirt grime grimy corroded corrosion crusty crust crusted gunk gunky mucky "
        "filthy furry grotty powdery caked residue greasy stained smeared smudged",
        "clean cleaned spotless",
    ),
    ("loose wobbly slack floppy", "tight secure firm snug sturdy solid"),
    (
        # A motor is heard running: "i can hear it whirring" to "is the fan spinning?".
        "move moving moves spin spinning spins rotate rotating run running runs "
        "whir whirs whirring whirr whirrs whirring hum hums humming",
        "still stopped stationary motionless idle idling parked stop stops off stuck jammed "
        "seized dead die dies died silent silently",
    ),
    ("straight", "pull pulls pulling drift drifts drifting veer veers veering wander"),
    (
        "steady stable smooth",
        "shake shakes shaking vibrate vibrates vibrating wobble wobbles "
        "shudder shudders shuddering judder",
    ),
    ("open", "closed shut"),
    ("connect connected", "disconnect disconnected"),
    ("enable enabled", "disable disabled"),
    ("plug plugged", "unplug unplugged loose"),
    ("charge charging charges", "discharge discharging drain draining drains"),
    (
        "drain draining drains die dies dying died lose loses losing",
        "last lasts lasting hold holds same unchanged",
    ),
    (
        "always constant constantly continuous continuously",
        "sometimes occasionally intermittent intermittently rarely",
    ),
    ("present visible", "absent missing gone invisible"),
    ("new recent recently latest newest updated", "old original outdated"),
    ("same", "different"),
    (
        "increase increases rise rises rising climb climbs bigger larger grow grows growing "
        "spread spreads spreading expand expanding",
        "decrease decreases drop drops dropping fall falls falling smaller shrink shrinks "
        "shrinking",
    ),
    ("spread spreads spreading grow grows growing bigger larger", "same unchanged"),
    (
        "increase increases decrease decreases drop drops dropping fall falls falling rise rises "
        "change changes changed changing vary varies varying fluctuate fluctuates fluctuating "
        "go goes going went",
        "constant steady same unchanged stay stays stayed stuck",
    ),
    ("automatic automatically", "manual manually"),
    ("pass passes passed", "fail fails failed"),
    ("strong", "weak"),
    ("early", "late"),
    ("front", "rear back"),
    ("lock locked", "unlock unlocked"),
    ("accept accepted", "reject rejected refuse refused"),
    ("sharp stabbing shooting", "dull"),
    ("minimum min", "maximum max full"),
    ("new brand-new", "worn cracked frayed damaged"),
    ("clear crisp sharp", "blurry fuzzy cloudy foggy hazy distorted"),
    ("equal equally identical matching", "different unequal lower higher"),
    ("original genuine", "replacement aftermarket generic third-party"),
    ("sudden suddenly abrupt abruptly", "gradual gradually"),
    # Lay words for a swelling ("it is puffed up" to "is the battery swollen?").
    ("swollen swelling bulging bulge bulges puffed puffy bloated", "flat"),
    ("inflated", "flat deflated"),
    # Ice said as frost, and a wall said clear of it (a freezer, a windscreen, a coil).
    ("ice iced icing icy frost frosted frosting frosty", "clear defrosted"),
    # Heard or not: "their voice is totally silent" to "can you hear the other person?".
    ("hear heard hearing audible", "silent silently inaudible muted"),
    (
        "centre center centred centered straight aligned",
        "tilted tilt crooked off-center off-centre skewed askew lopsided misaligned",
    ),
    ("evenly", "uneven unevenly lopsided"),
    ("bounce bounces bouncing bouncy", "settle settles settled"),
    ("often frequently regularly", "rarely seldom"),
    # Where a thing rests: "on my lap", "in bed" to "on a hard, flat surface?".
    (
        "desk table flat",
        "lap bed sofa couch duvet blanket pillow cushion carpet rug quilt mattress",
    ),
)

# Sets of mutually exclusive states (a light is one colour): naming another member, and not
# the question's own, answers no ("it's red" to "is the light green?").
EXCLUSIVE_SETS: tuple[tuple[str, ...], ...] = (
    ("red", "green", "amber orange yellow", "blue", "white", "purple violet", "pink"),
    ("left", "right"),
)


def _build(groups: Iterable[tuple[str, str]]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for left, right in groups:
        a = {tx.canonical(w) for w in left.split()}
        b = {tx.canonical(w) for w in right.split()}
        for word in a:
            out.setdefault(word, set()).update(b - a)
        for word in b:
            out.setdefault(word, set()).update(a - b)
    return {w: frozenset(v) for w, v in out.items() if v}


def _exclusive_groups() -> list[tuple[str, str]]:
    groups = []
    for members in EXCLUSIVE_SETS:
        for i, member in enumerate(members):
            others = " ".join(m for j, m in enumerate(members) if j != i)
            groups.append((member, others))
    return groups


# Kinds of noise, each with its near-synonyms. Every kind is a noise (they share a side of the
# noise-or-quiet group above), but one kind is not another: "its a squeak" says no clunk, and
# was read as yes to "Do you hear a clunking noise, as opposed to ticking noise?" (lead21).
NOISE_KINDS: tuple[str, ...] = (
    "tick ticks ticking click clicks clicking tap taps tapping chirp chirps",
    "clunk clunks clunking knock knocks knocking thud thuds thump thumps thumping bang bangs "
    "banging pop pops popping",
    "squeal squeals squealing squeak squeaks squeaking screech screeches screeching",
    "grind grinding crunch crunching scrape scrapes scraping",
    "whine whines whining whistle whistles whistling hum hums humming buzz buzzes buzzing",
    "rattle rattles rattling",
    "hiss hisses hissing",
    "creak creaks creaking groan groans groaning",
    "roar roars",
    "beep beeps beeping ring rings honk honks",
)


def _other_kinds() -> dict[str, frozenset[str]]:
    """Canonical noise word -> the canonical words of the other kinds of noise."""
    kinds = [{tx.canonical(w) for w in kind.split()} for kind in NOISE_KINDS]
    every = set().union(*kinds)
    return {w: frozenset(every - kind) for kind in kinds for w in kind}


def noise_kind_words() -> frozenset[str]:
    """Canonical words that name a kind of noise (``NOISE_KINDS``)."""
    return frozenset(_other_kinds())


def same_side() -> dict[str, frozenset[str]]:
    """Canonical word -> the other words on its side of any group (near-synonyms: an answer
    naming one of them names the question's state, whatever else it says); a kind of noise
    is not another kind (``NOISE_KINDS``)."""
    out: dict[str, set[str]] = {}
    for left, right in OPPOSITE_GROUPS:
        for side in (left, right):
            words = {tx.canonical(w) for w in side.split()}
            for word in words:
                out.setdefault(word, set()).update(words - {word})
    for word, others in _other_kinds().items():
        if word in out:
            out[word] -= others
    return {w: frozenset(v) for w, v in out.items() if v}


def exclusive_words() -> frozenset[str]:
    """Canonical words of the exclusive sets: "not red" does not mean green."""
    return frozenset(
        tx.canonical(w) for members in EXCLUSIVE_SETS for m in members for w in m.split()
    )


def opposites() -> dict[str, frozenset[str]]:
    """Canonical word -> the canonical words of its opposite states (symmetric)."""
    return _build((*OPPOSITE_GROUPS, *_exclusive_groups()))
