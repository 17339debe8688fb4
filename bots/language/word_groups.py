"""Words people use for one meaning: the one source for both uses of such words.

- :mod:`~bots.language.vocabulary` says a message in a chart's own words before it is read
  ("the wheel shakes" becomes "the wheel vibrates" where a question asks about vibrating). Only
  a group's ``same`` words are said for one another: they mean the same in any sentence.
- :mod:`~bots.language.predicates` lets a "yes" through only when the message says what the
  question asks about its subject, or a word near it. There a group's ``near`` words count
  too: "smoke" says something about "steaming", "dies" about "fails", but neither is
  rewritten into the other ("smoke" is no leak of steam).

The words are generic English for how devices and vehicles behave and what state they are
in, shared by every pack; none is taken from a table's rows.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WordGroup:
    same: str = ""  # said for one another before reading (vocabulary) and as a predicate
    near: str = ""  # only as a predicate: a word that says something about the meaning

    def words(self) -> tuple[str, ...]:
        return tuple(self.same.split())

    def all_words(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys((*self.same.split(), *self.near.split())))


GROUPS: tuple[WordGroup, ...] = (
    WordGroup(
        "vibrate vibrates vibrating vibration shake shakes shaking judder judders juddering "
        "shudder shudders shuddering wobble wobbles wobbling jerky vibrated shook juddered "
        "shuddered wobbled shimmy shimmies shimmying shimmied shaky"
    ),
    WordGroup(
        "leak leaks leaking drip drips dripping puddle seep seeps seeping pour pours pouring",
        near="weep weeping",
    ),
    WordGroup("steaming steam vapour vapor", near="smoke smoking"),
    WordGroup("broken broke bust busted cracked snapped knackered", near="damaged"),
    WordGroup(
        "dirty dirt grime grimy crusty corroded corrosion filthy gunk gunky mucky",
    ),
    WordGroup("dim dark darker faint"),
    # A car's stereo is its radio (stop 42).
    WordGroup("radio stereo"),
    # A car that veers or drifts under braking pulls; a road that bends curves.
    WordGroup("pull pulls pulling veer veers veering swerve swerves swerving drift drifts"),
    WordGroup("curve curves curving corner corners cornering bend bends"),
    # A flat battery drains; a flat tyre does not, so "flat" is only near.
    WordGroup("drain drains draining", near="flat"),
    WordGroup(
        "hot overheat overheats overheating boiling roasting scorching baking", near="burning"
    ),
    WordGroup("freeze freezes freezing frozen hang hangs hanging"),
    WordGroup(
        "spin spins spinning whirr whirrs whirring whir whirs", near="run runs running going"
    ),
    # The steady noise of a mains adapter or charger, however people hear it (before the
    # noises: where a question asks about humming, a buzz or a whine is that).
    WordGroup(
        "humming hum hums hummed buzzing buzz buzzes buzzed whine whines whining whined "
        "droning drone drones whistling whistle whistles"
    ),
    WordGroup("sounds noise noises sound whirr whirrs whirring whir buzz buzzing"),
    WordGroup("blinking blink blinks flashing flash flashes flickering flicker flickers"),
    WordGroup("loose wobbly wiggles wiggle wiggling", near="play floppy"),
    # Near only: a click is no tick in a chart that tells them apart, "fine" is no verb, a
    # stall and a failure share "dies", and the phrase rules of vocabulary say the rest.
    WordGroup(near="click clicking clicks tick ticking ticks"),
    WordGroup(near="work working works fine ok okay good normal normally functioning"),
    WordGroup(near="fail failed failure fails dead dies died gone blown packed"),
    WordGroup(
        near="intermittent drop drops dropping disconnect disconnects disconnecting cut cuts "
        "cutting"
    ),
    WordGroup(near="shut shutdown switch switches"),
    WordGroup(near="stall stalls stalling die dies cut cuts conk conks"),
    WordGroup(near="stop stops stopping halt"),
    WordGroup(near="blackout black blank dark"),
    WordGroup(near="fire fires firing catch catches catching start starts"),
    WordGroup(near="crank cranks cranking"),
    WordGroup(near="show shows showing display displays see visible appear appears"),
    WordGroup(near="turn on come comes"),
)


def rewrite_groups() -> tuple[tuple[str, ...], ...]:
    """The groups whose words are said for one another before a message is read."""
    return tuple(g.words() for g in GROUPS if g.same)


def meaning_groups() -> tuple[tuple[str, ...], ...]:
    """Every group with its near words: what says a question's predicate."""
    return tuple(g.all_words() for g in GROUPS)
