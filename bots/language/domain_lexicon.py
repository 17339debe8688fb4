"""A helpdesk's shared vocabulary: what people call a state, and what a state entails.

A chart asks "does the engine fire?" and the user writes "it cranks but never catches"; it asks
"is the power connector loose?" and the user writes "the charger plug wiggles"; it asks "do you
see at least one network?" and the user writes "it lists all my neighbours' networks". The
same fact is said in a domain's own words, or as a state that entails the question's. Before a
message is read, each concept below is said in the words a chart's question uses for it, where
one of the chart's questions says those words (contiguously, a negation aside): nothing is
rewritten into words no question uses, so a concept only reaches the charts that ask about it.

Two kinds of rule:

- an **equivalence** says the same state in other words ("catches" is "fires", "make out" is
  "see"): it is rewritten wherever it occurs, and a negation before it stays ("never catches" is
  "never fires");
- an **entailment** says a state that implies the question's one way only ("the pedal feels
  firm" implies it does not go to the floor; "six networks" implies at least one; "i get the
  login screen" implies something is on the screen). It is applied only where no negation
  precedes it in its clause ("not firm" says nothing of the floor), and where it adds a
  statement the original words are kept beside it.

The words are general helpdesk knowledge of cars and laptops and the charts' own wording, never
rows of a phrasing table. Each rule's negations are checked in
``tests/bots/test_domain_lexicon.py``.
"""

from __future__ import annotations

import re

from . import text as tx
from .circumstances import CIRCUMSTANCES
from .concept import Concept
from .cues import NEGATIONS

_DET = r"(?:the|my|its|this|that|his|her|our|their|a|an)"
_AMOUNT = (
    r"(?:(?:loads|lots|plenty|heaps|tons|a bunch|a load|a couple|dozens|hundreds) of|a few|"
    r"several|many|multiple|various|numerous|all (?:the|my|of the|of my|of)|"
    r"(?:about |around |like |over |at least |maybe |roughly )?"
    r"(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|a dozen))"
)
# The user's own network, router or wifi (not the neighbours').
_OWN_NETWORK = (
    r"(?:my|our|mine|my own|our own|the home|my home|our home|my house|the house)\s+"
    r"(?:own\s+|home\s+|house\s+|work\s+|office\s+)?(?:wireless\s+|wifi\s+|wi-fi\s+)?"
    r"(?:network|wifi|wi-fi|router|ssid|connection|hotspot|wifi name|network name)"
)
_OTHERS = r"(?:other|different|nearby|local|neighbou?rs?'?s?|neighbou?ring|random|available)"

# "Not one network shows up", "the wifi list on my laptop is empty": none listed at all.
_NOT_ONE_NETWORK = (
    r"\bnot (?:one|a single|even one)\s+(?:wifi |wi-fi |wireless )?networks?\s+(?:shows?|"
    r"showing|appears?|appearing|comes?|coming|is listed|gets? listed)\b(?:\s+up\b)?"
)
# Stop 42: "the list of available networks is blank", "nothing at all in the wifi list": a
# list said empty is the absence of each network it would show.
_EMPTY_LIST = (
    r"\b(?:network |wifi |wi-fi |wireless )?list(?: of (?:the )?(?:available |nearby )?"
    r"(?:wifi |wi-fi |wireless )?networks)? (?:(?:on|in) (?:my|the) \w+ )?(?:is|was|stays|"
    r"looks|comes up) (?:just |completely |totally |always |still |entirely )?(?:empty|blank)\b"
    r"|\bnothing (?:at all |whatsoever )?(?:in|on|shows in|shows up in|comes up in) (?:the|my) "
    r"(?:(?:wifi|wi-fi|wireless|network|available|networks) )+list\b"
)

# It starts or runs and then cuts out. A clause may come between ("starts up no problem, ticks
# over for about 5 seconds and then cuts out"): the "then" ties the two.
_STARTS_THEN_STOPS = re.compile(
    r"\b(?:starts?|started|runs?|ran|fires?|fired|goes|went|turns? on)\b(?:\s+up)?"
    r"[^.;!?]{0,60}?\b(?:then|and then|before)\b[^.;!?]{0,15}?\b(?:cuts? out|conks? "
    r"out|dies|died|stalls?|stalled|cut out|shuts? off|shut off|cuts? off)\b"
)

# Which screen ("the big smart tv", "my second monitor").
_SCREEN_KIND = (
    r"(?:(?:big|hdmi|flat|smart|external|other|another|second|spare|separate|desktop|work|"
    r"office|old|proper)\s+)*"
)
_OVER_HDMI = rf"\s+(?:through|via|over|with|using)\s+(?:{_DET}\s+)?hdmi(?:\s+(?:cable|lead))?"
# The words before a TV that put the laptop's picture on it: one look-behind per word, as a
# look-behind has one width.
_PUT_ON_A_TV = "|".join(
    rf"(?<=\b{w} )"
    for w in (
        "to",
        "into",
        "onto",
        "on",
        "via",
        "through",
        "with",
        "using",
        "connect",
        "connected",
        "connecting",
    )
)

_SAID: tuple[Concept, ...] = (
    # "Refuses to start" is "will not start": the verb is a negation in any chart.
    Concept(
        "refusal",
        re.compile(r"\b(?:refuses?|refused|refusing)\s+to\b"),
        ("will not",),
    ),
    # An engine that catches or comes to life fires ("cranks but never catches"); "catch
    # fire" and catching something are not.
    Concept(
        "engine fires",
        re.compile(
            r"\b(?:catch|catches|catching|caught)\b(?!\s+(?:fire|on|up|out|it|me|him|her|them|"
            r"the|my|a|your|some|sight))"
            r"|(?<!catch )(?<!caught )(?<!catches )\b(?:fire|fires|firing|fired)\b"
            r"(?!\s+(?:alarm|brigade|engine|extinguisher|hazard|risk))"
            r"|\b(?:come|comes|came|coming|spring|springs|sprang|sprung|burst|bursts|bursting|"
            r"roar|roars|roared|roaring|splutter|splutters|spluttered|sputter|sputters|"
            r"sputtered|cough|coughs|coughed|kick|kicks|kicked|jump|jumps|jumped)\s+(?:in)?to\s+"
            r"life\b"
        ),
        ("fire",),
        forms=("fires", "firing", "fired"),
        subject="engine",
    ),
    # A brake pedal that sinks goes to the floor; a firm or hard one does not (one way: a
    # pedal that is "not firm" may still stop short of the floor).
    Concept(
        "pedal sinks",
        re.compile(
            r"\b(?:sinks?|sank|sinking|sunk)\b(?:\s+(?:right|all the way|straight|down|"
            r"to the floor|into the floor))*"
        ),
        ("go all the way to the floor",),
    ),
    Concept(
        "pedal firm",
        re.compile(
            r"\bpedal(?:\s+(?:still|always))?\s+(?:feels|is|seems|stays|felt|was|has been|"
            r"remains|feel)(?:\s+(?:nice and|good and|really|very|quite|pretty|rock|dead|"
            r"totally|perfectly|super|fairly|normal and))*\s+(?:firm|solid|hard|stiff|high)\b"
        ),
        ("pedal does not go all the way to the floor",),
        entailment=True,
    ),
    # The plug at the end of a charger's cable is its connector (not a mains plug in the wall).
    Concept(
        "charger connector",
        re.compile(
            rf"\b{_DET}\s+(?:(?:laptop|charger|chargers|charging|power|adapter|adaptor|ac|dc|"
            r"barrel)\s+)*(?:plug|tip|pin|jack plug|end of the (?:charger|charging|power|"
            r"adapter|adaptor)?\s*(?:cable|lead|cord|wire))\b"
            r"(?![^.,;!?]{0,25}\b(?:wall|mains|outlet|extension|strip|surge)\b)"
        ),
        ("power connector",),
    ),
    # A plug that falls out, slips or pops out is loose.
    Concept(
        "falls out",
        re.compile(
            r"\b(?:falls?|falling|fell|slips?|slipping|slipped|pops?|popping|popped|drops?|"
            r"dropping|dropped|works?|working|worked) (?:right |straight )?out\b"
            r"(?!\s+(?:of|fine|ok|okay|well))"
        ),
        ("loose",),
    ),
    # Quiet is no noise (one way: "not quiet" is no particular noise).
    Concept(
        "quiet",
        re.compile(
            r"\b(?:(?:totally|completely|dead|perfectly|pretty|really|very|super|whisper|quite|"
            r"nice and|all)\s+)*(?:quiet|silent|noiseless|soundless)\b"
        ),
        ("not making any noise", "no noises"),
        entailment=True,
    ),
    # A TV, telly, projector or another screen plugged in is an external monitor ("it works
    # on the tv through hdmi"). Stop 44: a TV is one only where the laptop is put on or to it
    # (a preposition or "connect" before it); "watching tv on it" and "my tv is fine" are the
    # TV itself.
    Concept(
        "external monitor",
        re.compile(
            rf"(?:{_PUT_ON_A_TV})(?:{_DET}\s+)?{_SCREEN_KIND}(?:tv|telly|television|projector)\b"
            rf"(?:{_OVER_HDMI})?"
            rf"|\b(?:{_DET}\s+)?{_SCREEN_KIND}(?:external|another|other|second|spare|separate|"
            r"desktop|work|office|hdmi|big|proper)\s+(?:monitor|screen|display)\b"
            rf"(?:{_OVER_HDMI})?"
            r"|\b(?:my|a|an)\s+monitor\b"
        ),
        ("external working monitor", "external monitor"),
    ),
    # A laptop that works or shows its picture on an external monitor boots and displays the
    # desktop there ("it works fine on the tv through hdmi").
    Concept(
        "works on an external monitor",
        re.compile(
            r"\b(?:works?|working|worked|displays?|displayed|displaying|looks? (?:fine|ok|okay|"
            r"normal|perfect)|(?:is|was|everything is|everything was) (?:fine|ok|okay|normal|"
            r"perfect))\b(?:\s+(?:fine|ok|okay|perfectly|great|normally|no problem))*\s+"
            r"(?:on|through|via|with)\s+(?:external working monitor|external monitor)"
        ),
        ("boot and display the desktop",),
        entailment=True,
        added="windows boots and displays the desktop",
    ),
    # Many networks, or other people's, is at least one ("lists all my neighbours' networks").
    Concept(
        "at least one network",
        re.compile(
            # Not "the list of available networks": what the list holds is said after it.
            rf"(?<!list of )\b(?:{_AMOUNT}\s+(?:{_OTHERS}\s+)*|{_OTHERS}\s+(?:{_OTHERS}\s+)*)"
            r"(?:wifi |wi-fi |wireless )?(?:networks|wifis|ssids|hotspots|"
            r"(?:wifi|wi-fi|network) (?:names|connections))\b"
        ),
        ("at least one network",),
    ),
    # No network at all is not the one wanted either ("cant see any wifi networks", "the
    # list is empty"): the negation is the meaning, so it is kept and a clause added.
    Concept(
        "no network at all",
        re.compile(
            r"\b(?:can not|cannot|could not|does not|do not|did not|will not|is not|are not|"
            r"never)\s+(?:even\s+)?(?:see|sees|find|finds|show|shows|showing|detect|detects|"
            r"detecting|pick up|picks up|picking up|list|lists|get|gets|getting|seeing|"
            r"finding)\b[^.,;!?]{0,20}?\b(?:any|a single|one single|even one)\s+"
            r"(?:wifi |wi-fi |wireless )?networks?\b"
            rf"|{_EMPTY_LIST}"
            rf"|{_NOT_ONE_NETWORK}"
        ),
        ("show the wireless network",),
        added="the laptop does not show the wireless network",
    ),
    # -- Stop 38: a state said as a relation or a consequence of the chart's one, the subject
    # kept in the words and the polarity read from them (``denied``).
    # The user's own network is in the list, shows up, is there ("my network is there in the
    # list", "it finds my wifi"), or is not ("cant see my network", "mine isnt showing").
    Concept(
        "own network listed",
        re.compile(
            rf"\b{_OWN_NETWORK}(?:\s+(?:does|do|did|is|are|was|will|can|could)\s+not|"
            r"\s+never)?\s+(?:(?:is|are|was)\s+)?(?:(?:still|right|definitely|clearly|actually|"
            r"always|just|sitting|def|deffo|there)\s+)*(?:there|listed|"
            r"visible|showing|shows? up|showed up|showing up|appears?|appeared|appearing|"
            r"pops? up|popped up|comes? up|came up|in the list|on the list|missing|gone)\b"
            r"|\b(?:see|sees|seeing|saw|find|finds|finding|found|detect|detects|detecting|"
            r"detected|pick up|picks up|picking up|picked up|list|lists|listing|listed|show|"
            r"shows|showing|showed|get|gets|getting)\s+(?:\S+\s+)?"
            rf"{_OWN_NETWORK}\b(?!\s+(?:but|though|password|settings|page))"
        ),
        ("show the wireless network",),
        entailment=True,
        apart=True,
        added="the laptop shows the wireless network",
        denied="the laptop does not show the wireless network",
    ),
    # Others listed "but not mine" is the wanted one not shown: the negation is the meaning.
    Concept(
        "all but own network",
        re.compile(
            r"\b(?:but|just|except|apart from|other than|only)\s+(?:not\s+)?(?:mine|"
            rf"{_OWN_NETWORK})\b(?:\s+(?:is|are)\s+not\s+there)?"
            r"|\bmine\s+(?:is|was)\s+(?:not|never)\s+(?:there|listed|showing|in the list)\b"
            r"|\bmine\s+(?:does|did)\s+not\s+(?:show|appear)\b"
        ),
        ("show the wireless network",),
        apart=True,
        added="the laptop does not show the wireless network",
    ),
    # Windows loads, boots or comes up fine (not in safe mode): it boots and shows the desktop.
    Concept(
        "windows loads",
        re.compile(
            r"\b(?:windows|the desktop|the os|the operating system)\s+(?:itself\s+)?"
            r"(?:(?:does|do|did|will|can)\s+not\s+|never\s+)?(?:still\s+)?(?:loads?|loaded|"
            r"loading|boots?|booted|booting|starts?(?: up)?|started(?: up)?|comes? up|came up|"
            r"runs?|running|display|displays|displayed)\b(?:\s+up)?\s+(?:fine|ok|okay|"
            r"normally|properly|perfectly|no problem|all right|alright|as normal|as usual|"
            r"all the way|to the desktop)\b"
            # Starting up into Windows or onto the desktop is the same ("it does still start
            # up into windows", "boots to the desktop"); seeing the desktop is it displayed.
            r"|\b(?:starts?|started|starting|boots?|booted|booting|loads?|loaded|gets?|got|"
            r"goes|went)\s+(?:up\s+|straight\s+|right\s+)?(?:in|on)?to\s+(?:windows|the "
            r"desktop|my desktop|the login screen)\b"
            r"|\b(?:see|seeing|saw|make out)\s+(?:the|my)\s+desktop\b"
        ),
        ("boot and display the desktop", "boot normally and display the windows desktop"),
        entailment=True,
        apart=True,
        added=(
            "windows boots and displays the desktop",
            "the laptop boots normally and displays the windows desktop",
        ),
        # Not in safe mode or from a disc, and not where the desktop is said not shown.
        not_with=re.compile(
            r"\bsafe mode\b|\bwithout\b|\bdvd\b|\bcd\b|\busb\b|\bnothing (?:shows|"
            r"is shown|on|appears|displays|comes up)\b|\bno (?:picture|display|image|desktop)\b|"
            r"\b(?:shows|displays) nothing\b"
        ),
    ),
    # Steam from under the bonnet is steaming from the cooling system; "no steam" denies it.
    Concept(
        "steam",
        re.compile(r"\b(?:steam|steams|steaming|steamed|steamy)\b"),
        ("steaming or leak from the cooling system",),
        entailment=True,
        apart=True,
        added="there is steaming from the cooling system",
        denied="there is no steaming from the cooling system",
        not_with=re.compile(r"\bcap\b|\bheater\b"),
    ),
    # A wall socket is a power outlet ("the socket is dead", "the wall socket works").
    Concept(
        "socket",
        re.compile(
            r"\b(?:(?:wall|mains|plug|power|electric|electrical|extension)\s+)?(?:socket|"
            r"sockets|power point|power points)\b"
        ),
        ("power outlet",),
    ),
    # A dead socket is an outlet not working ("the socket is dead, my phone charger does not
    # work in it either").
    Concept(
        "outlet dead",
        re.compile(
            r"\bpower outlets?\s+(?:is|was|seems|must be|looks|might be|could be)\s+"
            r"(?:\w+\s+)?(?:dead|broken|faulty|off|not working|tripped|blown)\b"
        ),
        ("power outlet",),
        entailment=True,
        apart=True,
        added="the ac power outlet is not working",
    ),
    # Another socket tried is the outlet ruled out ("tried a different wall socket").
    Concept(
        "another outlet",
        re.compile(
            r"\b(?:tried|try|trying|plugged|plugging|plug|using|used|moved|swapped|changed|"
            r"switched|in|into|on|from)\s+(?:it\s+)?(?:(?:in|into|to|on)\s+)?(?:a|another|"
            r"the other|a different|different|other|a second|a new|several|multiple|two|three|"
            r"all the|every)\s+(?:\w+\s+){0,2}?(?:power outlet|power outlets|outlet|outlets)\b"
            r"|\b(?:power outlet|outlet)s?\s+(?:in|on|at)\s+(?:another|a different|the other)\s+"
            r"room\b"
            r"|\bsomewhere else\b"
        ),
        ("power outlet",),
        entailment=True,
        apart=True,
        added="the ac power outlet is working",
    ),
    # The fans spin, a light comes on, then it dies: momentary signs of life.
    Concept(
        "signs of life",
        re.compile(
            r"\b(?:fans?|lights?|leds?|drive|it|laptop|screen|everything)\b[^.;!?]{0,30}?"
            r"\b(?:spins?|spinning|spun|whirs?|whirrs?|whirring|whirred|whirls?|comes? on|"
            r"came on|lights? up|lit up|"
            r"starts?|started|tries to start|tried to start|turns? on|turned on|powers? on|"
            r"powered on|kicks? in|kicked in|spring|springs|jumps?)\b(?:\s+up)?"
            r"[^.;!?]{0,30}?\b(?:then|and then|before|but then|for a (?:second|sec|moment|"
            r"split second|few seconds|bit)|briefly)\b[^.;!?]{0,25}?\b(?:dies|died|dying|"
            r"nothing|stops?|stopped|cuts? out|cut out|shuts? (?:off|down)|shut (?:off|down)|"
            r"goes? dead|went dead|goes? off|went off|dead|turns? off|turned off|powers? off|"
            r"powered off|switche?s? off|switched off)\b"
        ),
        ("momentary signs of life",),
        entailment=True,
        apart=True,
        added="it shows momentary signs of life before dying",
    ),
    # The fan running is heard ("the fans spin up", "fan whirrs"); "the fan does not spin".
    Concept(
        "fan runs",
        re.compile(
            r"\b(?:the |my |its |a )?(?:cpu |cooling |laptop |internal )?fans?\s+"
            r"(?:(?:does|do|did|is|are|was|will|can)\s+not\s+|never\s+)?(?:even\s+)?"
            r"(?:still\s+)?(?:spins?|spinning|spun|spin|whirs?|whirrs?|whirring|whirred|"
            r"runs?|running|ran|run|comes? on|came on|come on|kicks? in|kicked in|starts? up|"
            r"started up|start up|goes|going|go|turns? on|turned on|turn on)\b"
        ),
        (
            "cpu fan or the hard drive spin",
            "fan or hard drive sounds",
            "fan or other mechanical noise",
        ),
        entailment=True,
        apart=True,
        added=(
            "i can hear the cpu fan spin",
            "i can hear fan or hard drive sounds",
            "i can hear the fan or other mechanical noise",
        ),
        # Denied, as the other two wordings say it: a fan that does not even spin is a
        # laptop with nothing heard (the "or" question's half said alone is not read as "no").
        denied=(
            "i can not hear the cpu fan or the hard drive spin",
            "i can not hear fan or hard drive sounds",
            "i can not hear the fan or other mechanical noise",
        ),
    ),
    # Some of the accessories work, so not all have failed ("the radio still works",
    # "everything else is fine"). Not lights: the chart's accessories are "such as wipers,
    # radio or heater blower", and "the radio, the heater fan and my wipers all packed in ...
    # headlights and indicators still work" was read as "not all failed" (stop 38, lead14).
    Concept(
        "some electrics work",
        re.compile(
            r"\b(?:radio|stereo|wipers?|heater|horn|electric windows|"
            r"everything else|the rest|the other (?:stuff|things|electrics))\b"
            r"(?:\s+(?:and|&)\s+(?:the\s+)?\w+)?\s+(?:all\s+|still\s+|both\s+)*(?:come on|"
            r"comes on|came on|work|works|worked|working|are working|is working|are fine|"
            r"is fine|are ok|is ok|are okay|is okay|light up|lights up|lit up)\b"
        ),
        ("all the electrical accessories",),
        entailment=True,
        apart=True,
        added="not all the electrical accessories have failed",
    ),
    # Nothing electrical works: all the accessories have failed.
    Concept(
        "no electrics",
        re.compile(
            r"\bnothing electrical (?:works?|is working|working)\b|\b(?:no|none of the) "
            r"electrics\b|\b(?:everything electrical|all (?:the |of the )?electrics?|all "
            r"(?:the |of the )?electrical (?:stuff|things|systems?))\s+(?:(?:is|are|has|have|"
            r"just)\s+)?(?:dead|died|failed|gone|went dead|cut out|stopped working|stopped|"
            r"packed up)\b"
        ),
        ("all the electrical accessories",),
        apart=True,
        added="all the electrical accessories have failed",
    ),
    # A needle or gauge said to move is the car's temperature gauge ("the needle is way past
    # the middle"); "no temperature gauge" is negated and adds nothing.
    Concept(
        "temperature gauge",
        re.compile(
            r"(?<!fuel )(?<!oil )(?<!pressure )(?<!tyre )(?<!boost )(?<!rev )(?<!speed )"
            r"\b(?:temp |temperature |heat )?(?:gauge|needle|dial)\b"
            # Not where the clause goes on to deny something of it: what a negation turns
            # round is not read as the plain statement's yes.
            r"(?![^.,;!?]*\b(?:not|never)\b)"
        ),
        ("engine temperature gauge",),
        entailment=True,
        apart=True,
        added="the car has an engine temperature gauge",
    ),
    # An empty or low overflow tank is not up to the mark; one at the max line is.
    Concept(
        "tank low",
        re.compile(
            r"\b(?:overflow|expansion|coolant|header|antifreeze|reservoir)\s*(?:tank|bottle|"
            r"reservoir|level)?\s+(?:is|was|looks|seems|has gone|went|gets|keeps going)\s+"
            r"(?:(?:nearly|almost|completely|totally|bone|basically|pretty much|very|really|"
            r"quite|way|well|bit|a bit|always|all but)\s+)*(?:empty|dry|low|down|below the "
            r"(?:min|minimum|line|mark))\b"
        ),
        ("antifreeze level in your overflow tank up to the mark",),
        entailment=True,
        apart=True,
        added="the antifreeze level in the overflow tank is not up to the mark",
    ),
    Concept(
        "tank full",
        re.compile(
            r"\b(?:overflow|expansion|coolant|header|antifreeze|reservoir)\s*(?:tank|bottle|"
            r"reservoir|level)?\s+(?:is|was|looks|seems|sits)\s+(?:right\s+|bang\s+|still\s+)?"
            r"(?:at|on|up to|near|by)\s+(?:the\s+)?(?:max|maximum|full|top|right level|"
            r"correct level|full line|max line|full mark|max mark)\b"
            r"|\b(?:overflow|expansion|coolant|header|antifreeze)\s*(?:tank|bottle|reservoir)?"
            r"\s+(?:is|was|looks)\s+(?:still\s+)?full\b"
            # A tank said to be topped up is filled to the line ("coolant is topped up").
            r"|\b(?:overflow|expansion|coolant|header|antifreeze)\s*(?:tank|bottle|reservoir|"
            r"level)?\s+(?:is|was|has been|got|been)\s+(?:all\s+|just\s+|already\s+)?topped"
            r"(?:\s+up)?\b"
            # Not "topped up the coolant last week": what was done says nothing of the level now.
        ),
        ("antifreeze level in your overflow tank up to the mark",),
        entailment=True,
        apart=True,
        added="the antifreeze level in the overflow tank is up to the mark",
    ),
    # Never unplugged, never run on battery: always working with the adapter plugged in.
    Concept(
        "always plugged in",
        re.compile(
            r"\b(?:always|constantly|permanently|all the time|24/7|pretty much always|"
            r"basically always)\b[^.,;!?]{0,25}?\b(?:plugged in|on (?:charge|the charger|mains|"
            r"power)|connected to (?:the )?(?:charger|mains|power|adapter))\b"
            r"|\bnever\s+(?:really\s+)?(?:use|run|take|unplug|used|ran)\s+(?:it\s+)?"
            r"(?:on|off|from)?\s*(?:the\s+)?(?:battery|battery power|the charger|unplugged)\b"
            # ... or said of where it lives and for how long ("lives on the charger", "plugged
            # in all day every day").
            r"|\blives?\s+(?:on|off)\s+(?:the\s+)?(?:charger|mains|adapter|power lead)\b"
            r"|\b(?:plugged in|on (?:the )?(?:charger|mains))\s+(?:all day (?:every day|and "
            r"(?:all )?night)|24/7|day and night|constantly|permanently|all the time)\b"
        ),
        ("work with the ac power adapter plugged in",),
        apart=True,
        added="i always work with the ac power adapter plugged in",
    ),
    # A faint or dim screen, or one that can barely be seen, is very dim and barely visible.
    Concept(
        "dim screen",
        re.compile(
            r"\b(?:is|looks|went|goes|gone|has gone|getting|got|seems|really|very|super|so|"
            r"extremely|quite|pretty|too|incredibly|ridiculously|stupidly|way)\s+(?:(?:really|"
            r"very|super|so|extremely|quite|pretty|too|incredibly|a bit|a little|really really)"
            r"\s+)*(?:dim|dimmer|faint|dark|darker|dull)\b(?!\s+(?:room|place|outside))"
            r"|\b(?:can|could)\s+(?:only\s+)?(?:just\s+about|just|barely|hardly|only just)\s+"
            r"(?:see|make out|read)\b"
        ),
        ("very dim",),
        entailment=True,
        apart=True,
        added="the display is very dim and barely visible",
        not_with=re.compile(r"\b(?:completely|totally|pitch|fully|all)\s+(?:dark|black)\b"),
    ),
    # Beeps when it starts: a series of beeps.
    Concept(
        "beeps",
        re.compile(r"\b(?:beeps|beeping|beeped|beep beep)\b"),
        ("series of beeps",),
        entailment=True,
        apart=True,
        added="i hear a series of beeps",
    ),
    # The internet works over a cable to the router: it accesses the internet with ethernet.
    Concept(
        "ethernet works",
        re.compile(
            r"\b(?:ethernet|network cable|lan cable|internet cable|wired|cable)\b"
            r"[^.,;!?]{0,40}?\b(?:works?|worked|working|fine|perfect|perfectly|ok|okay|online|"
            r"connects?|connected)\b"
            r"|\b(?:works?|worked|working|fine|perfect|perfectly|ok|okay|online|connects?)\b"
            r"[^.,;!?]{0,25}?\b(?:with|via|through|over|on|using|"
            # ... or when the cable is plugged in ("works when i plug the cable into the router")
            r"(?:plug|plugs|plugged|connect|connects|connected|hook|hooked)\s+(?:it\s+|in\s+)?"
            r"(?:in\s+|up\s+)?(?:with|via|to|into)?)\s*(?:an?\s+|the\s+|my\s+)?"
            r"(?:ethernet|network cable|lan cable|cable|wired connection)\b"
        ),
        ("ethernet cable",),
        entailment=True,
        apart=True,
        added="the laptop can access the internet when connected directly to the router with "
        "an ethernet cable",
        denied="the laptop can not access the internet when connected directly to the router "
        "with an ethernet cable",
    ),
    # "OS" is the operating system ("no os found").
    Concept("os", re.compile(r"\bos\b"), ("operating system",)),
    # A picture on its side or upside down is a rotated display.
    Concept(
        "rotated",
        re.compile(
            r"\bsideways\b|\bon (?:its|it is) side\b|\bupside[ -]?down\b|\bturned (?:round|"
            r"around|90 degrees)\b|\bflipped\b|\brotated\b|\bthe wrong way (?:round|up)\b"
        ),
        ("rotated",),
        entailment=True,
        apart=True,
        added="the laptop display is rotated 90 degrees or upside-down",
    ),
    # Windows that will not load is a laptop that does not boot normally to the desktop.
    Concept(
        "windows does not load",
        re.compile(
            r"\bwindows\s+(?:does|did|will|would|can)\s+not\s+(?:even\s+)?(?:load|start|come up|"
            r"open|boot)\b|\bwindows\s+(?:never|fails? to|failed to)\s+(?:loads?|starts?|comes? "
            r"up|boots?)\b|\b(?:will|does|can) not\s+(?:load|boot|get)\s+(?:into\s+|to\s+)?"
            r"windows\b"
        ),
        ("boot normally",),
        entailment=True,
        apart=True,
        added="the laptop does not boot normally and display the windows desktop",
    ),
    # A hard drive that clicks, clacks, knocks or grinds makes the chart's clunking noises.
    Concept(
        "drive clunks",
        re.compile(
            r"\b(?:clack\w*|click\w*|clatter\w*|knock\w*|grind\w*|scrap(?:e|es|ed|ing)|"
            r"screech\w*|thunk\w*|tapping|crunch\w*)\b"
        ),
        ("clunking noises",),
        entailment=True,
        apart=True,
        added="my laptop hard drive started making clunking noises",
        only_with=re.compile(r"\b(?:hard ?drive|hard ?disk|hdd|disk|disc|drive)\b"),
    ),
    # A battery that "only lasts" minutes or an hour drains quickly (stop 47: "it only lasts
    # about 40 minutes now" was asked "does the battery drain out quickly?"; stop 48: "only
    # holds about half an hour", and so "gives me", "keeps its charge", "stays on").
    Concept(
        "battery lasts little",
        re.compile(
            r"\b(?:only|just|barely|hardly)\s+(?:lasts?|lasting|lasted|runs?|goes|holds?|holding|"
            r"gives?(?:\s+me)?|keeps?\s+(?:its\s+|a\s+)?charge|stays?\s+on|manages?)\s+(?:for\s+)?"
            r"(?:me\s+)?(?:about\s+|around\s+|like\s+|maybe\s+|roughly\s+)?(?:\d+|a few|a couple "
            r"of|ten|fifteen|twenty|thirty|forty|fifty|an?|half an?|one|two)\s*(?:minutes|mins|"
            r"min|hour|hours|hr|hrs)\b|\blasts?\s+(?:me\s+)?(?:less than|under|not even)\s+"
            r"(?:an?\s+|one\s+|two\s+|\d+\s+)?(?:hour|hours|minutes|mins)\b"
        ),
        ("drain out quickly",),
        entailment=True,
        apart=True,
        added="the laptop battery drains out quickly",
        not_with=re.compile(r"\bused to\b|\buse to\b|\bwhen new\b"),
    ),
    # A battery that lasts hours is no battery that drains quickly.
    Concept(
        "battery lasts",
        re.compile(
            r"\blasts?\s+(?:me\s+)?(?:easily\s+|about\s+|around\s+|like\s+|over\s+|at least\s+|"
            r"a good\s+|still\s+)*(?:[4-9]|1[0-6]|four|five|six|seven|eight|nine|ten|eleven|"
            r"twelve)\+?\s*(?:hours|hrs|h)\b|\blasts?\s+(?:me\s+)?(?:all day|the whole day|"
            r"ages|for ages|forever)\b|\bbattery life is (?:still\s+)?(?:great|good|fine|"
            r"excellent|normal|amazing|brilliant|decent|ok|okay)\b"
        ),
        ("drain out quickly",),
        entailment=True,
        apart=True,
        added="the laptop battery does not drain out quickly",
        # What it used to do or should do is not what it does now.
        not_with=re.compile(r"\bused to\b|\buse to\b|\bshould\b|\bsupposed to\b|\bwhen new\b"),
    ),
    # The starter turning the engine (over) is cranking; "the starter wont even turn" is not.
    Concept(
        "starter turns",
        re.compile(
            r"\bstarter(?: motor)?\s+(?:(?:does|did|will|is|can)\s+not\s+|never\s+)?(?:even\s+)?"
            r"(?:turns?|turning|turned|turn)\b(?:\s+(?:the engine|it|the motor|her|the car))?"
            r"(?:\s+over)?"
        ),
        ("starter crank",),
        entailment=True,
        apart=True,
        added="the starter cranks",
        denied="the starter does not crank",
    ),
    # Nothing turns the engine: a click and no more, or an engine said not to turn (stop 47:
    # "all i get is one click ... the engine doesnt even try to turn" asked "does the starter
    # crank?"). Not "turn on/off", which is said of the ignition or the car as a whole.
    Concept(
        "engine not turned",
        re.compile(
            r"\b(?:engine|motor)\s+(?:does|did|will|would|can)\s+not\s+(?:even\s+)?(?:try\s+to\s+|"
            r"attempt\s+to\s+|want\s+to\s+)?(?:turn|crank|spin)\b(?!\s+(?:on|off)\b)"
            r"|\b(?:just|only)\s+(?:get|gets|hear|hears|got|heard|makes?|made|does|did|a|one)\s+"
            r"(?:a\s+|one\s+|the\s+)?(?:single\s+|loud\s+|quick\s+)?click(?:s|ing)?\b"
            r"|\b(?:one|a single)\s+(?:loud\s+)?click\b(?!\s+(?:then|and)\s+(?:it\s+)?(?:starts|"
            r"cranks|turns|fires))"
            r"|\bclick(?:s|ing)?\s+(?:but|and)\s+(?:then\s+)?nothing\b"
            r"|\b(?:it|car|starter)\s+(?:just|only)\s+click(?:s|ed)\b"
        ),
        ("starter crank",),
        entailment=True,
        apart=True,
        added="the starter does not crank",
    ),
    # Smoke seen or a burnt smell is the chart's burning or smoke (stop 47: "saw a little puff
    # of smoke and got a burnt electrical smell" was asked "can you smell burning or see
    # smoke?"). Denied, it says nothing: the question asks either.
    Concept(
        "smoke or burnt smell",
        re.compile(
            r"\b(?:puffs?|wisps?|bit|little bit|cloud|plume|trail|whiff)\s+of\s+smoke\b"
            r"|\bsmoke\s+(?:came|coming|comes|poured|pouring|pours|billowed|billowing|rising|rose|"
            r"started|starting)\b|\bit\s+(?:was\s+|is\s+|started\s+)?smok(?:ing|ed|es)\b"
            r"|\b(?:burnt|burned|scorched|singed|hot plastic|melting|melted)\s+(?:\w+\s+)?(?:smell|"
            r"odou?r|stink|whiff|pong)\b|\bsmell(?:s|ed|ing)?\s+(?:\w+\s+)?(?:burnt|burned|"
            r"scorched|singed|like (?:burning|something burning|hot plastic|melting|electrical))\b"
        ),
        ("smell burning",),
        entailment=True,
        apart=True,
        added="i can smell burning or see smoke coming out of the laptop",
    ),
    # It starts or runs and then cuts out: the engine fired.
    Concept(
        "starts then cuts out",
        _STARTS_THEN_STOPS,
        ("engine fire",),
        entailment=True,
        apart=True,
        added="the engine fires",
    ),
    # An engine that starts, however briefly, was turned by the starter: "starts up no problem,
    # ticks over for about 5 seconds and then cuts out" is no one to ask "does the starter
    # crank?" (the lead's web chat, stop 39).
    Concept(
        "started, so cranked",
        re.compile(
            _STARTS_THEN_STOPS.pattern
            + r"|\b(?:fires?|fired|starts?|started)\s+(?:straight|right)\s+(?:up|away)\b"
        ),
        ("starter crank",),
        entailment=True,
        apart=True,
        added="the starter cranks",
    ),
    # Started, ran a while and stopped is the chart's stall after a few seconds, unless the
    # sentence ties the stop to letting the key go (a question of its own).
    Concept(
        "starts, runs, stalls",
        _STARTS_THEN_STOPS,
        ("run a few seconds",),
        entailment=True,
        apart=True,
        added="the car starts, runs a few seconds and then stalls",
        not_with=re.compile(r"\bkey\b|\blet (?:it )?go\b|\brelease"),
    ),
    # Fuel injection ("its fuel injected", "an injected engine", the injectors) is the
    # electronic kind on any car that has it; a carburettor is the other kind.
    Concept(
        "fuel injection",
        re.compile(
            r"\b(?:fuel[- ]?injected|fuel[- ]?injection|injected (?:engine|motor|petrol|diesel|"
            r"car)|efi|(?:fuel )?injectors?)\b"
        ),
        ("electronic fuel injection",),
        entailment=True,
        apart=True,
        added="the car has electronic fuel injection",
    ),
    Concept(
        "carburettor",
        re.compile(r"\b(?:carbs?|carburett?ors?|carburet?tors?|carbureted|carburetted)\b"),
        ("electronic fuel injection",),
        entailment=True,
        apart=True,
        added="the car does not have electronic fuel injection",
    ),
    # A battery's terminals, posts or clamps are its connectors, where a chart says that
    # ("the terminals are nice and clean" to "are the battery connectors clean and good?").
    Concept(
        "battery terminals",
        re.compile(r"\b(?:terminals|battery posts|battery clamps|posts and clamps)\b"),
        ("connectors",),
    ),
    # The picture going black now and then is the display blacking out at random.
    Concept(
        "random blackout",
        re.compile(
            r"\b(?:goes|went|going|go|flicks?|flicked|flicking|cuts?|cutting|turns?|turning|"
            r"turned|switch(?:es)?|switched|switching|blacks?|blacked|blacking|blanks?|blanked|"
            r"blanking)\s+(?:off\s+|out\s+)?(?:to\s+)?(?:black|blank|out|off)?\b[^.;!?]{0,40}?"
            r"\b(?:random(?:ly)?|at random|every now and (?:then|again)|now and (?:then|again)|"
            r"from time to time|for no reason|every so often|occasionally|every few (?:minutes|"
            r"mins|hours|seconds))\b"
        ),
        ("blackout at random",),
        entailment=True,
        apart=True,
        added="the lcd display goes black at random",
        not_with=re.compile(r"\b(?:hot|heat|overheat|overheats|overheating|battery)\b"),
    ),
    # "No fan" is no fan heard (the negation is the meaning).
    Concept(
        "no fan",
        re.compile(
            r"\bno\s+(?:cpu\s+|cooling\s+)?fans?\b(?:\s+(?:noise|noises|sound|sounds|spinning|"
            r"whir|whirring|at all))?"
        ),
        (
            "cpu fan or the hard drive spin",
            "fan or hard drive sounds",
            "fan or other mechanical noise",
        ),
        apart=True,
        added=(
            "i can not hear the cpu fan spin",
            "i can not hear fan or hard drive sounds",
            "i can not hear the fan or other mechanical noise",
        ),
    ),
    # Ticking that stops when the car stops is ticking only when it is moving.
    Concept(
        "stops when stopped",
        re.compile(
            r"\b(?:stops?|stopped|goes away|went away|disappears?|vanishes|dies down|is gone)\b"
            r"(?:\s+dead)?[^.;!?]{0,10}?\b(?:when|as soon as|once|whenever|the moment)\s+(?:i\s+"
            r"|we\s+|the car\s+|it\s+)?(?:pull over|pulled over|park|parked|park up|stop|stops|"
            r"stopped|am stopped|come to a stop|pull up|am parked|is parked|am stationary|"
            r"is stationary)\b"
        ),
        ("only when the car is moving",),
        entailment=True,
        apart=True,
        added="i hear ticking sounds only when the car is moving",
    ),
    # A handbrake that holds or does not is the parking brake working or not.
    Concept(
        "handbrake holds",
        re.compile(
            r"\b(?:handbrake|hand brake|e-?brake|emergency brake|parking brake)\s+"
            r"(?:(?:does|did|will|is|can)\s+not\s+|never\s+)?(?:even\s+)?(?:still\s+)?"
            r"(?:holds?|holding|hold|works?|working|work|grips?|gripping)\b"
        ),
        ("emergency parking brake working properly",),
        entailment=True,
        apart=True,
        added="the emergency parking brake is working properly",
        denied="the emergency parking brake is not working properly",
    ),
    # Spots or specks on the panel are its dots.
    Concept("spots", re.compile(r"\b(?:spots|specks|speckles)\b"), ("dots",)),
    # A screen that stays black, or nothing seen on it, is nothing seen on the screen.
    Concept(
        "black screen",
        re.compile(
            r"\b(?:screen|display|lcd)\s+(?:is|stays|goes|went|remains|just stays|is just)\s+"
            r"(?:completely |totally |just |pitch |all |fully |still )*(?:black|blank)\b"
            r"|\b(?:can not|cannot|could not)\s+see\s+(?:anything|a thing)\b"
        ),
        ("see anything on",),
        apart=True,
        added="i can not see anything on the screen",
        not_with=re.compile(
            r"\b(?:saying|says|message|text|error|cursor|logo|except|apart from|but i can see|"
            r"flashing|blinking)\b"
        ),
    ),
    # No network in the list at all: not even one.
    Concept(
        "no networks listed",
        re.compile(
            r"\b(?:shows?|showing|lists?|listing|finds?|finding|get|getting|see|seeing|there "
            r"are|there is|it has)\s+no\s+(?:wifi\s+|wi-fi\s+|wireless\s+|available\s+)?"
            r"(?:networks?|wifis?|hotspots?)\b|\bno\s+(?:wifi\s+|wi-fi\s+|wireless\s+|"
            r"available\s+)?networks?\s+(?:at all|show up|showing|listed|found|available|in the "
            r"list|appear|come up)\b"
            rf"|{_NOT_ONE_NETWORK}|{_EMPTY_LIST}"
        ),
        ("at least one network",),
        apart=True,
        added="i do not see at least one network in the list of available networks",
    ),
    # Brakes that are weak, or a car that takes ages to stop, are hard to bring to a halt.
    Concept(
        "hard to stop",
        re.compile(
            r"\btakes? (?:ages|forever|a long time|longer|a while|much longer) to (?:stop|halt|"
            r"slow)|\bstruggles? to (?:stop|halt|slow)\b|\b(?:does not|will not) stop "
            r"(?:properly|well|quickly|in time|very well)\b|\bbrakes? (?:are|is|feel|feels|seem|"
            r"seems) (?:just |really |very |so |a bit |quite )?(?:weak|useless|poor|rubbish)\b|"
            r"\b(?:push|press|stamp on|stand on|lean on|mash) the (?:brake )?pedal (?:really |"
            r"very |so |super )?hard\b"
        ),
        ("hard to brake",),
        entailment=True,
        apart=True,
        added="it is hard to brake and bring the car to a halt",
    ),
    # Making something out on a screen is seeing it ("i can just make out the desktop").
    Concept(
        "make out",
        re.compile(r"\b(?:make|makes|making|made) out\b"),
        ("see",),
        forms=("sees", "seeing", "saw"),
    ),
    # A picture or page that comes, pops or shows up is displayed ("the desktop comes up").
    Concept(
        "comes up",
        re.compile(r"\b(?:comes?|came|coming|pops?|popped|popping|shows?|showed|showing) up\b"),
        ("display",),
        forms=("displays", "displaying", "displayed"),
    ),
    # Seeing a named screen is seeing something on the screen ("i get the login screen"); so is
    # a screen named as all there is or where it stops ("just the logo then it hangs", "stuck
    # on the bios screen": stop 47, a reply to "able to see anything?" asked three times).
    Concept(
        "something on screen",
        re.compile(
            r"\b(?:see|sees|seeing|saw|get|gets|getting|got|shows?|showing|showed|displays?|"
            r"displaying|displayed|just|only|stuck (?:on|at)|hangs? (?:on|at)|hanging (?:on|at)|"
            r"freezes (?:on|at)|frozen (?:on|at)|sits (?:on|at)|sitting (?:on|at)|stops (?:on|at))"
            r"\s+(?:up\s+)?(?:the|a|an|my|its)\s+(?:windows\s+|dell\s+|hp\s+|lenovo\s+|asus\s+|"
            r"acer\s+|toshiba\s+|samsung\s+|microsoft\s+|manufacturer'?s?\s+|makers?\s+)?"
            r"(?:login|log in|logon|lock|sign in|desktop|logo|splash|bios|boot|error|loading|"
            r"welcome|start ?up|blue|password|cursor|mouse pointer|picture|image)"
            r"(?:\s+(?:screen|page|logo|message|circle|icon|menu|wheel))?\b"
        ),
        ("see anything on",),
        entailment=True,
        added="i can see something on the screen",
    ),
    # Words on the screen are something seen on it (stop 48: "it says operating system not
    # found ... a black screen with white writing" was asked "able to see anything?").
    Concept(
        "words on screen",
        re.compile(
            r"\b(?:it|the (?:screen|laptop|computer|display|pc))\s+(?:just\s+|only\s+|then\s+)?"
            r"(?:says|said|saying|shows|showed|reads|displays|comes up with|came up with|gives me|"
            r"gave me|throws up|threw up)\b(?!\s+(?:nothing|not\b|anything|blank|black))"
            r"|\b(?:white|grey|gray|blue|red|yellow)\s+(?:writing|text|letters|words)\b"
            r"|\berror\s+(?:message|code|screen)s?\b|\bmessage\s+(?:saying|that says|comes? up|"
            r"came up|pops? up|popped up|appears|appeared)\b"
        ),
        ("see anything on",),
        entailment=True,
        apart=True,
        # ... the laptop's: a message on a monitor or a TV plugged into it is not.
        not_with=re.compile(r"\b(?:monitor|tv|telly|television|projector|external)\b"),
        added="i can see something on the screen",
    ),
)

# -- Stop 42: everyday words for what the charts name in their own (a kerb clipped is a curb
# hit, a skid line a drag mark, the coolant bottle the overflow tank and its line the mark, an
# inky patch a blotch), and two states said of a whole (every gadget at once; smoother as it
# goes faster). General English of cars and screens, written against development rows.

# A thing on or beside the road a car strikes.
_STRUCK = (
    r"(?:curbs?|kerbs?|potholes?|pot holes?|pavements?|kerbstones?|bollards?|walls?|posts?|verges?|"
    r"lamp ?posts?|rocks?|speed ?bumps?|kerbside|barriers?|trees?|ditch)"
)
_ACCESSORY = (
    r"(?:radio|stereo|wipers?|heater|blower|heater fan|fan|lights|headlights|dash|dashboard|"
    r"indicators|electric windows|windows|central locking|cd player|sat ?nav|horn|air ?con)"
)
_FAILED = (
    r"(?:dead|died|stopped|quit|failed|packed up|went off|cut out|cut off|gone|went out|shut "
    r"off|conked out|gave up|stopped working|went quiet|went silent|went dark)"
)
_TOGETHER = r"(?:all|at once|at the same time|together|simultaneously|in one go|all at once)"
_FASTER = (
    r"(?:faster|quicker|higher speeds?|speed up|speeds up|speeding up|pick up speed|"
    r"(?:over|past|above|beyond|passed|hit|reach|get to|gets to) (?:about |around )?\d+)"
)
_EASES = (
    r"(?:smooths?|smoothed|smoothing) (?:right |itself |back )?out|(?:settles?|settled|"
    r"settling|calms?|calmed|eases?|eased|easing|dies|died|fades?|faded) (?:right |back )?"
    r"(?:down|off|away)|(?:goes|went|go) (?:right )?(?:away|smooth)|disappears?|disappeared|"
    r"(?:is|gets|feels) (?:fine|smooth|smoother|ok|okay)"
)
_VIBRATION = re.compile(
    r"\b(?:vibrat\w*|shak\w*|shook|wobbl\w*|judder\w*|shudder\w*|shimm\w*|rattl\w*)"
)

_SAID_42: tuple[Concept, ...] = (
    # Going over a speed bump, a pothole or a ramp is the chart's driving over a bump (stop 47:
    # "every time i go over a speed bump" was asked "only when you drive over a bump?").
    Concept(
        "over a bump",
        re.compile(
            r"\b(?:go|goes|going|went|gone|drive|drives|driving|drove|roll\w*|ride|rides|riding|"
            r"hit|hits|hitting|come|comes|coming|came)\s+over\s+(?:a\s+|the\s+|any\s+|some\s+)?"
            r"(?:speed\s*|road\s+)?(?:bumps?|potholes?|pot holes?|dips?|ramps?|humps?|sleeping "
            r"policem[ae]n)\b"
        ),
        ("drive over a bump",),
    ),
    # Clipping, bumping or scraping a kerb, going over a pothole: hitting it.
    Concept(
        "hit something",
        re.compile(
            r"\b(?:hit|hits|hitting|clipped|clip|clips|clipping|bumped|bump|bumps|bumping|scraped|scrape|scrapes|"
            r"scraping|clouted|whacked|smacked|thumped|struck|knocked|clattered|mounted|kerbed|"
            r"curbed|(?:went|go|goes|going|ran|run|runs|running|drove|drive|driving|came down)"
            r"(?= (?:over|into|through|up onto|onto|off)\b))(?: (?:over|into|through|up onto|"
            r"onto|up on|against|off))?"
            rf"(?= (?:{_DET} )?(?:\w+ ){{0,2}}{_STRUCK}\b)"
        ),
        ("hit",),
        entailment=True,
        apart=True,
        added="i hit something recently",
    ),
    # Radio, wipers and heater dying at once, or everything electrical dying: all failed.
    Concept(
        "all accessories failed",
        re.compile(
            # One sentence naming two accessories, their failing and its togetherness, in
            # any order, with no negation ("radio cut out, wipers stopped and the blower went
            # quiet all at once").
            rf"(?:^|(?<=[.;!?]))(?=[^.;!?]*\b{_ACCESSORY}\b[^.;!?]*\b{_ACCESSORY}\b)"
            rf"(?=[^.;!?]*\b{_FAILED}\b)(?=[^.;!?]*\b{_TOGETHER}\b)"
            # "no noises" is what the vocabulary said for "went quiet" (the "quiet" concept),
            # a failure here, not a negation.
            rf"(?![^.;!?]*\b(?:not|never|no(?! noises\b)|nothing)\b)"
            # Nor a contrast: "the blower stopped but the radio and wipers are all grand" is
            # one failed and the others fine (stop 48).
            rf"(?![^.;!?]*\b(?:but|though|although|whereas|except)\b)[^.;!?]+"
            rf"|\b(?:everything|all) electrical\b(?: in the car)?(?: just| suddenly)?\s+"
            rf"(?:(?:is|went|has) )?{_FAILED}\b"
            r"|\bnothing electrical (?:works|is working|worked)\b"
        ),
        ("all the electrical accessories failed",),
        entailment=True,
        apart=True,
        added="all the electrical accessories failed",
    ),
    # A wheel's skid line or rubber marks on the road are the drag mark it leaves.
    Concept(
        "drag mark",
        re.compile(
            r"\b(?:(?:skid|rubber|tyre|tire|black|long|dark)\s+)+(?:marks?|lines?|streaks?|"
            r"stripes?|trails?)\b(?!\s+(?:on|across|down|through) (?:the |my )?(?:screen|display))"
        ),
        ("drag mark",),
    ),
    # The back wheels are the rear ones.
    Concept(
        "rear wheel",
        re.compile(r"\bback (?:wheel|tyre|tire)s?\b"),
        ("rear wheel",),
    ),
    # The coolant bottle, expansion or header tank is the overflow tank. Not the chart's own
    # words ("overflow tank", "overflow reservoir": two questions name it each its own way,
    # and a drip from the reservoir is not its level), nor the radiator's own tank.
    Concept(
        "overflow tank",
        re.compile(
            r"\b(?:(?:coolant|overflow|expansion|header|antifreeze)\s+(?:bottle|jar|container)|"
            r"(?:expansion|header|coolant|antifreeze)\s+tank)\b"
        ),
        ("overflow tank",),
    ),
    # A level at the full or max line is up to the mark; below the line it is not.
    Concept(
        "up to the mark",
        re.compile(
            r"\b(?:(?:right|just|bang|spot|sitting|sits)\s+)?(?:up to|up at|at|on|between)\s+"
            r"(?:the\s+)?(?:(?:full|max|maximum|top|high|upper|two)\s+)?(?:line|lines|marks|"
            r"level line)\b"
        ),
        ("up to the mark",),
        entailment=True,
    ),
    Concept(
        "below the mark",
        re.compile(
            r"\b(?:below|under|beneath|short of|nowhere near|not even at|not up to)\s+"
            r"(?:the\s+)?(?:(?:min|minimum|low|lower|bottom|full|max|maximum|top)\s+)?"
            r"(?:line|mark|level line)\b"
        ),
        ("up to the mark",),
        added="the level is not up to the mark",
        apart=True,
    ),
    # A dark, inky or cloudy patch on a screen is a blotch; getting bigger is growing.
    Concept(
        "blotch",
        re.compile(
            r"\b(?:(?:dark|black|inky|ink|purple|grey|gray|brown|white|yellow|cloudy|milky|"
            r"wet|blue|green|bruise|bruised|weird|big|small|little)\s+)+(?:patch|patches|blot|"
            r"blots|splodge|splodges|smudge|smudges|blob|blobs|cloud|shadow|area|spot)\b"
            r"|\b(?:smudge|splodge|blot|blob)s?\b"
        ),
        ("blotch",),
    ),
    Concept(
        "getting bigger",
        re.compile(
            r"\b(?:getting|gets|got|grown|grew|get)\s+(?:a (?:bit|little|lot) |slowly |much |"
            r"even )?(?:bigger|larger|wider)\b|\b(?:spreading|spreads|spread|expanding|expands)\b"
        ),
        ("growing",),
    ),
    # Shaking that smooths out or goes away once the car goes faster: the vibration eases
    # as the speed rises (only where the message says it shakes).
    Concept(
        "vibration eases with speed",
        re.compile(
            rf"\b{_FASTER}\b[^.;!?]{{0,40}}?\b(?:{_EASES})\b"
            rf"|\b(?:{_EASES})\b[^.;!?]{{0,30}}?\b{_FASTER}\b"
        ),
        ("reduce as the speed increases",),
        entailment=True,
        apart=True,
        # "it", not "the vibration": said of the vibration the question asks whether the car
        # vibrates at a high speed, which it no longer does.
        added="it reduces as the speed increases",
        only_with=_VIBRATION,
    ),
)

# -- Stop 43: a lay verb or phrase for a chart fact, by verb class rather than by word: any
# verb of going sideways said with a side is a pull to it; a fan's verbs of starting are its
# turning on and its noises its running; every way of saying "without a break" is all the
# time; pulling off the road and letting the engine tick over is the chart's "pull over and
# stay idle", and a needle coming back down its return to normal; a wired cable is the
# Ethernet cable; tyres fitted or put on are changed; rolling along is moving; anything that
# flickers or springs "into life" shows signs of life (not an LED that flickers). General
# English of cars and laptops, written against the development rows of stop 43.

# Where a car goes when it pulls: a side, the kerb, the verge, the other lane.
_A_SIDE = (
    r"(?:(?:to|towards|into|onto|across)\s+(?:the\s+)?(?:left|right|one side|other side|"
    r"(?:left|right|passenger|driver'?s?|near|off)\s*side|kerb|curb|verge|middle|centre|"
    r"center|gutter|other lane|hedge|ditch)|(?:left|right|sideways)(?!\s+(?:down|up|away|now|"
    r"through|there|back|in|into|onto|on|off|to|at|out|round|around|across|over|under|along|"
    r"behind|by|for|from|the)\b))"
)
# Verbs of going sideways only: a generic verb ("goes", "moves") with a side says where
# anything goes ("the grinding moves to the left side").
_SIDEWAYS_VERB = (
    r"(?:yank|yanks|yanked|yanking|tug|tugs|tugged|tugging|lurch|lurches|lurched|lurching|"
    r"wander|wanders|wandered|wandering|drift|drifts|drifted|drifting|veer|veers|veered|"
    r"veering|swerve|swerves|swerved|swerving|dart|darts|darted|darting|snatch|snatches|"
    r"snatched|snatching)"
)
_FAN = r"(?:(?:radiator|cooling|electric|engine|big|main|rad|laptop|cpu|internal)\s+)*fans?"
_FAN_STARTS = (
    r"(?:spins?|spun|spinning|kicks? in|kicked in|kicking in|comes? on|came on|coming on|"
    r"cuts? in|cutting in|starts?(?: up)?|started(?: up)?|starting(?: up)?|switch(?:es)? on|"
    r"switched on|switching on|whirs? up|whirrs? up|fires? up|fired up|engages?|engaged|"
    r"activates?|activated)"
)
_WITHOUT_A_BREAK = (
    r"(?:constantly|continuously|continually|permanently|"
    r"(?:the|all the|the entire|the whole) (?:whole )?(?:time|while)|"
    r"every (?:single )?(?:second|minute)|without (?:a )?(?:break|stopping|stop|pause))"
)
_FAN_NOISE = (
    r"(?:roars?|roared|roaring|blasts?|blasting|blasted|blares?|blaring|howls?|howling|"
    r"screams?|screaming|whirs?|whirring|whirrs?|drones?|droning|whooshes|whooshing|"
    r"blows?|blowing|goes|going|spins?|spinning|runs?|running)"
)
_OFF_THE_ROAD = (
    r"(?:lay ?by|lay-by|layby|side of the road|roadside|hard shoulder|verge|car ?park|"
    r"services|petrol station|gas station|garage forecourt|parking (?:space|spot|bay))"
)

_SAID_43: tuple[Concept, ...] = (
    # Any verb of going sideways said with a side ("yanks over to the right", "lurches off to
    # the left", "wanders off towards the verge"): it pulls that way.
    Concept(
        "pulls to a side",
        re.compile(
            rf"\b{_SIDEWAYS_VERB}(?=(?:\s+(?:over|off|across|away|out))?(?:\s+(?:hard|sharply|"
            rf"badly|slightly|a bit|a little|violently|suddenly))?\s+{_A_SIDE}\b)"
        ),
        ("pull",),
        forms=("pulls", "pulling", "pulled"),
    ),
    # A fan that spins, kicks in or comes on turns on; one that never does, does not.
    Concept(
        "fan turns on",
        re.compile(rf"\b{_FAN}\b(?:\s+[a-z']+){{0,5}}?\s+{_FAN_STARTS}\b"),
        ("fan turn on",),
        entailment=True,
        apart=True,
        added="the fan turns on",
        denied="the fan does not turn on",
    ),
    # Every way of saying "without a break" is always, as the normaliser says "nonstop", "24/7"
    # and "all the time" ("the fan whirs the whole time", "constantly").
    Concept(
        "without a break",
        re.compile(rf"\b{_WITHOUT_A_BREAK}(?=$|[\s.,;!?])"),
        ("always",),
    ),
    # A fan that roars, blasts or whirs without a break runs all the time (the normaliser has
    # said "nonstop", "24/7" and "never stops" as "always", and the concept above the rest).
    Concept(
        "fan running always",
        re.compile(
            rf"\b{_FAN}\b(?:\s+(?:on|in|of)\s+(?:{_DET}\s+)?[a-z]+)?(?:\s+(?:is|keeps|just|"
            rf"still))*\s+(?:{_FAN_NOISE}\b(?:\s+[a-z]+){{0,3}}?\s+always|always\s+{_FAN_NOISE})\b"
        ),
        ("fan running",),
        apart=True,
        added="the fan is running all the time",
    ),
    # Pulling off the road (into a layby, onto the hard shoulder) is pulling over.
    Concept(
        "pull over",
        re.compile(
            rf"\b(?:pull|pulls|pulled|pulling)\s+(?:in(?:to)?|onto|on to|off)\s+(?:(?:a|the|"
            rf"some)\s+)?{_OFF_THE_ROAD}\b"
            rf"|\b(?:stop|stops|stopped|stopping|park|parks|parked|parking)(?:\s+up)?\s+(?:in|at|"
            rf"on|by)\s+(?:(?:a|the)\s+)?{_OFF_THE_ROAD}\b"
        ),
        ("pull over",),
        forms=("pulls over", "pulling over", "pulled over"),
    ),
    # Letting the engine idle or tick over, leaving it running while stopped, is staying idle.
    Concept(
        "stay idle",
        re.compile(
            r"\b(?:let|lets|letting|leave|leaves|leaving|left)\s+(?:it|the engine|the car|her)\s+"
            r"(?:sit\s+(?:and\s+)?)?(?:idle|idling|tick over|ticking over|run|running|sit "
            r"running|sit idling|tick)\b"
        ),
        ("stay idle",),
        entailment=True,
        apart=True,
        added="i pull over and stay idle",
    ),
    # The needle or temperature coming back down, to normal or the middle: it returns to
    # normal.
    Concept(
        "returns to normal",
        re.compile(
            r"\b(?:drops?|dropped|dropping|comes?|came|coming|goes|went|going|gets|got|settles?|"
            r"settled|settling|falls?|fell|falling|sinks?|sank|creeps?|crept|heads?|headed)\s+"
            r"(?:right\s+|straight\s+)?back\s+(?:down(?:\s+to\s+(?:normal|the middle|halfway))?|"
            r"to\s+(?:normal|the middle|halfway|where it should be))\b"
            r"|\bcools?\s+(?:right\s+|back\s+)?down\b"
        ),
        ("return to normal",),
        entailment=True,
        apart=True,
        added="the temperature returns to normal",
        # Only where the message stops the car and idles it: back to normal once moving again
        # is the opposite ("creeps into the red in traffic, drops back once im moving").
        # An engine that ticks over fine says nothing of stopping it ("cools down once i get
        # moving, ticks over fine at the lights").
        only_with=re.compile(
            r"\b(?:idle|idling|idles|stay idle|pull over|pulls over|pulled over|pulling over|"
            r"left it running|let it run|let it tick over|leave it ticking over)\b"
        ),
    ),
    # A network, LAN or Cat 5 cable, a wired connection: the Ethernet cable.
    Concept(
        "ethernet cable",
        re.compile(
            r"\b(?:network|lan|cat ?5e?|cat ?6|cat ?7|patch|internet|data)\s+(?:cable|lead|wire|"
            r"cord)\b|\bwired\s+(?:connection|in)\b"
        ),
        ("ethernet cable",),
    ),
    # Pages that load, getting online, over the cable: the laptop accesses the internet.
    Concept(
        "gets online",
        re.compile(
            r"\b(?:everything|it all|all|pages|websites|sites|the web|web pages|youtube|"
            r"netflix|stuff)\s+(?:just\s+)?(?:loads?|loaded|loading|works?|worked|working|"
            r"comes? up|opens?)\b"
            r"|\b(?:get|gets|got|getting|go|goes|went)\s+online\b"
        ),
        ("access the internet",),
        entailment=True,
        apart=True,
        added="the laptop can access the internet with the ethernet cable",
        # Said of the Ethernet cable (the concept above names it so): "the cable to the router is
        # fine and everything works except the wifi" says nothing of it.
        only_with=re.compile(r"\bethernet\b"),
    ),
    # Tyres fitted, put on, swapped or new: the tires were changed recently.
    Concept(
        "tyres changed",
        re.compile(
            r"\b(?:new|brand new|fresh|replacement)\s+(?:[a-z]+\s+){0,2}(?:tyres?|tires?)\b"
            r"|\b(?:tyres?|tires?)\s+(?:were\s+|was\s+|got\s+|have been\s+|had been\s+|been\s+)?"
            r"(?:fitted|replaced|swapped|changed|put on|done|renewed)\b"
            r"|\b(?:fitted|replaced|swapped|changed|renewed|put on|got|had)\s+(?:[a-z]+\s+){0,3}"
            r"(?:tyres?|tires?)\s+(?:fitted|put on|done)\b"
            r"|\b(?:fitted|replaced|swapped|changed|renewed)\s+(?:[a-z]+\s+){0,3}(?:tyres?|tires?)\b"
        ),
        ("change",),
        entailment=True,
        apart=True,
        added="i recently changed my car tires",
        # "New tires have not been installed": a negation anywhere in the sentence.
        # Tyres wanted or due ("i need new tyres") are not fitted yet.
        not_with=re.compile(
            r"\b(?:not|never|no|nor|need|needs|needed|due|should|want|wants|will|soon|going to)\b"
        ),
    ),
    # Rolling, cruising or bowling along, on the move, in motion: moving.
    Concept(
        "moving",
        re.compile(
            r"\b(?:rolling|cruising|trundling|bowling|driving|going|pootling|coasting)\s+along\b"
            r"|\bon the move\b|\bin motion\b"
        ),
        ("moving",),
    ),
    # Anything that flickers, springs or comes "into life" for a moment shows signs of life;
    # an LED that flickers is another thing.
    Concept(
        "signs of life",
        re.compile(
            r"\b(?:flickers?|flickered|flickering|blinks?|blinked|blinking|springs?|sprang|"
            r"sprung|springing|comes?|came|coming|splutters?|spluttered|spluttering|sputters?|"
            r"sputtered|sputtering|bursts?|bursting|jumps?|jumped|jumping|stirs?|stirred|"
            r"wakes?|woke)\s+(?:in)?to\s+life\b"
        ),
        ("signs of life",),
        forms=("shows signs of life", "showing signs of life", "showed signs of life"),
    ),
)

# -- Stop 44: a chart fact said in lay words, by class: the driver slowing down, pulling up or
# coming to a stop is braking; a boot stage reached or never reached ("gets as far as the
# logo", "never makes it to the desktop") is the chart's boot question; a hot place (by a
# radiator or the fire, a conservatory, the sun blazing in) is a hot environment; the picture
# fine on a TV or second screen is the splash screen and the desktop shown there. General
# English of cars and laptops, written against the development rows of stop 44.

# Only the driver brakes: "i", "we", "you" or a "when" before the verb ("when slowing down");
# "the car slows down on its own" and "everything slows right down" are not braking.
_DRIVER = "|".join(rf"(?<=\b{w} )" for w in ("i", "we", "you", "am", "when", "whenever", "while"))
_BRAKING = (
    r"(?:slow|slows|slowing|slowed)\s+(?:right\s+)?(?:down|up)\b"
    # Pulling up at the lights, not pulling up the handbrake or the carpet.
    r"|(?:pull|pulls|pulling|pulled)\s+up(?=\s+(?:at|to|outside|behind|by|for|in|on)\b|\s*"
    r"(?:[.,;!?]|$))"
    r"|(?:come|comes|coming|came)\s+to\s+an?\s+(?:(?:complete|full|dead|gentle|sudden)\s+)?"
    r"(?:stop|halt|standstill)\b"
    r"|(?:put|puts|putting)\s+(?:my|your|the)\s+foot\s+on\s+the\s+(?:brake\s+)?pedal\b"
)
# Braking as a time ("every time i brake", "when braking", "as i hit the brakes"), not the
# brake pedal, fluid or light named.
_BRAKE_TIME = (
    r"(?:(?:when|whenever|as|while|if|once|time|i|you|we)\s+(?:i\s+|you\s+|we\s+)?"
    r"(?:brake|brakes|braked)|braking|(?:put|puts|putting|hit|hits|apply|applies|applied|"
    r"press|presses|touch|touches|use)\s+(?:on\s+)?the\s+brakes?)"
)
_A_NOISE = (
    r"(?:squeal|squeals|squealing|squeak|squeaks|squeaking|screech|screeches|screeching|"
    r"shriek|shrieks|shrieking|grind|grinds|grinding|scrape|scrapes|scraping|clunk|clunks|"
    r"clunking|clonk|clonks|thunk|thud|thuds|knock|knocks|knocking|rattle|rattles|rattling|"
    r"whine|whines|whining|creak|creaks|creaking|groan|groans|groaning|crunch|crunching|"
    r"grating|noise|noises|sound|sounds)"
)
# Getting to a stage of the start-up: "gets as far as", "makes it to", "reaches", "gets past".
_REACHES = (
    r"(?:(?:gets?|got|getting|goes|went|going|loads?|loaded|loading|boots?|booted|booting|"
    r"makes?\s+it|made\s+it|making\s+it)\s+(?:(?:all\s+the\s+way|right|straight|actually|even|"
    r"ever|quite|once|successfully)\s+)*(?:as\s+far\s+as|up\s+to|through\s+to|into|onto|to|"
    r"past|beyond)"
    r"|(?:reach|reaches|reached|reaching))"
)
# Getting as far as a stage, not past it: "never gets past the logo" still saw the logo, so
# only these are denied by a negation.
_REACHES_AS_FAR = _REACHES.replace(r"|past|beyond)", ")")
_DESKTOP = r"(?:(?:the|my|its)\s+)?(?:(?:windows|normal|actual|usual)\s+)?desktop\b"
# The stages before the desktop: never reaching one is never reaching the desktop.
_EARLY_STAGE = (
    r"(?:(?:the|my)\s+)?(?:(?:windows\s+)?(?:logo|splash\s+screen)|(?:login|log\s+in|logon|"
    r"lock|password|sign\s+in|welcome|loading|start\s*up)\s+screen|spinning\s+(?:dots|circle|"
    r"wheel)|windows)\b"
)
_NEVER = r"(?:never|not|no\s+longer)\s+(?:(?:even|ever|actually|quite|once|always)\s+)*"
_HEAT_SOURCE = (
    r"(?:radiators?|fire|fireplace|open\s+fire|heaters?|stove|log\s+burner|wood\s*burner|"
    r"boiler|aga|heating\s+vent|heat\s+vent)"
)
_A_SCREEN_ELSEWHERE = r"(?:external working monitor|external monitor)"
# The picture, or "it", is fine, perfect or normal ("the picture is perfect", "it looks fine on
# there", "the display is completely normal").
_SHOWS_FINE = (
    r"(?:(?:the\s+)?(?:picture|image|display|screen|desktop|windows|everything|it|logo)\s+)?"
    r"(?:is|looks|was|works|worked|comes\s+up|came\s+up|shows\s+up|showed\s+up|shows|appears|"
    r"displays|displayed)\s+(?:(?:completely|totally|absolutely|perfectly|just|really|all)\s+)?"
    r"(?:fine|perfect|perfectly|normal|normally|ok|okay|great|crisp|clear|bright|"
    r"no\s+problem)\b"
)
# On the other screen, then fine within the clause with no negation between; or fine, then on
# it. (The TV, telly, projector or second screen is "external working monitor" by now.)
_SHOWN_ELSEWHERE = re.compile(
    rf"\b(?:on|to|into|onto|through|via|with|connect|connected|connecting)\s+{_A_SCREEN_ELSEWHERE}\b"
    rf"(?:(?!\b(?:not|no|never)\b)[^.,;!?]){{0,40}}?\b{_SHOWS_FINE}"
    rf"|\b{_SHOWS_FINE}\s+(?:on|through|via|with)\s+{_A_SCREEN_ELSEWHERE}\b"
)

_SAID_44: tuple[Concept, ...] = (
    # The driver slowing down, pulling up or coming to a stop brakes ("grinding every time i
    # slow down", "squeals as i come to a stop").
    Concept(
        "braking",
        re.compile(rf"(?:{_DRIVER})(?:{_BRAKING})"),
        ("brake",),
        forms=("brakes", "braking", "braked"),
    ),
    # A kind of noise when braking is a noise when braking ("grinding from the front wheels
    # every time i brake" is a grind, and a noise, when braking); not where the sentence
    # negates ("no grinding when i brake" is read by the words themselves).
    Concept(
        "noise when braking",
        re.compile(
            rf"\b{_A_NOISE}\b[^.;!?]{{0,60}}?\b{_BRAKE_TIME}\b"
            rf"|\b{_BRAKE_TIME}\b[^.;!?]{{0,60}}?\b{_A_NOISE}\b"
        ),
        ("noises when you brake",),
        entailment=True,
        apart=True,
        added="there are noises when i brake",
        not_with=re.compile(r"\b(?:no|not|never|without|nothing|none)\b"),
    ),
    # Reaching the desktop is booting to it ("makes it all the way to my desktop").
    Concept(
        "reaches the desktop",
        re.compile(rf"\b{_REACHES}\s+{_DESKTOP}"),
        ("boot and display the desktop", "boot normally and display the windows desktop"),
        entailment=True,
        apart=True,
        added=(
            "windows boots and displays the desktop",
            "the laptop boots normally and displays the windows desktop",
        ),
    ),
    # Never reaching the desktop, or never getting as far as the login screen or past the logo,
    # is not booting normally to it (one way: getting as far as the logo says nothing of the
    # desktop). Only in the hard-drive chart's words: in the LCD chart's, "windows does not boot
    # and display the desktop" was read as "no" to "does windows boot without displaying
    # anything?" ("No, I can't reach the desktop", a FloDial dev answer whose case says yes).
    Concept(
        "stops before the desktop",
        re.compile(rf"\b{_NEVER}{_REACHES}\s+(?:{_DESKTOP}|{_EARLY_STAGE})"),
        ("boot normally and display the windows desktop",),
        apart=True,
        added="the laptop does not boot normally and display the windows desktop",
    ),
    # Getting as far as the Windows logo is seeing it ("gets as far as the windows logo and
    # then restarts"); not getting past it is no denial ("never makes it past the windows logo"
    # saw the logo).
    Concept(
        "reaches the windows logo",
        re.compile(rf"\b{_REACHES_AS_FAR}\s+(?:the\s+)?windows\s+(?:logo|splash\s+screen)\b"),
        ("splash screen with the windows logo",),
        entailment=True,
        apart=True,
        added="i see the splash screen with the windows logo",
        denied="i do not see the splash screen with the windows logo",
    ),
    # Hanging, freezing, going black or restarting after (or at, on, past) the logo is having
    # seen it ("hangs on a black screen after the logo", lead21); a negation before keeps it
    # unread ("doesnt even freeze on the logo" says nothing either way).
    Concept(
        "stops after the windows logo",
        re.compile(
            r"\b(?:hangs?|hung|hanging|stuck|freez(?:es|e|ing)|froze|frozen|black|blank|"
            r"restarts?|restarted|restarting|reboots?|rebooted|rebooting|goes|went|sits|sat|"
            r"stops|stopped|dies|died|crash(?:es|ed)?)\b[^.,;!?]{0,40}?\b(?:after|at|on|past)\s+"
            r"(?:the\s+)?(?:windows\s+)?logo\b"
        ),
        ("splash screen with the windows logo",),
        entailment=True,
        apart=True,
        added="i see the splash screen with the windows logo",
    ),
    # A heat source beside it, a glass room, the sun blazing in: a hot environment (not "as hot
    # as a radiator", said of the laptop itself; not where a negation comes first).
    Concept(
        "hot spot",
        re.compile(
            rf"\b(?:next\s+to|beside|by|near|in\s+front\s+of|up\s+against|on\s+top\s+of)\s+"
            rf"(?:{_DET}\s+)?(?:[a-z]+\s+)?{_HEAT_SOURCE}\b(?!\s+(?:exit|door|alarm|escape))"
            rf"|\bin\s+(?:{_DET}\s+)?(?:[a-z]+\s+)?(?:conservatory|greenhouse|glasshouse|"
            r"sun\s*room|sun\s*lounge|sun\s*trap)\b"
            r"|\b(?:sun|sunshine|sunlight)\s+(?:is\s+|was\s+)?(?:blazing|beating|streaming|"
            r"pouring|baking|belting|burning)\b"
            r"|\b(?:hot|boiling|roasting|baking|sweltering|scorching)\s+(?:car|van|garage|attic|"
            r"loft|tent|kitchen|conservatory)\b"
        ),
        ("hot environment",),
        entailment=True,
        apart=True,
        added="i am using the laptop in a hot environment",
    ),
    # The picture fine on a TV or second screen: the splash screen is seen there ...
    Concept(
        "shown on another screen",
        _SHOWN_ELSEWHERE,
        ("external working monitor",),
        entailment=True,
        apart=True,
        added="on an external working monitor i see the splash screen",
        # The desktop shown there says Windows got that far, not that the splash screen did
        # (the table's convention: "the windows desktop comes up fine" on the telly is q6).
        not_with=re.compile(r"\b(?:desktop|windows)\b"),
    ),
    # ... and Windows boots and shows its desktop there (not where what shows is the logo or
    # the BIOS: that is before Windows).
    Concept(
        "desktop on another screen",
        _SHOWN_ELSEWHERE,
        ("boot and display the desktop",),
        entailment=True,
        apart=True,
        added="windows boots and displays the desktop",
        not_with=re.compile(r"\b(?:logo|splash|bios|boot screen)\b"),
    ),
)

# -- Stop 45: one lamp out is a single lamp failure ("my passenger side headlight has gone
# out, everything else works fine" was asked "Do you have a single lamp failure?"; the lead's
# probes). One lamp named in the singular ("the left indicator bulb", "one of my brake
# lights"), and out, blown, dead or not working. Lamps in the plural ("my headlights are out",
# "none of my lights work") are not one lamp. General English of car lights.
_LAMP = (
    r"(?:head\s*(?:light|lamp)|tail\s*(?:light|lamp)|brake\s+light|stop\s+light|indicator|"
    r"blinker|fog\s*(?:light|lamp)|side\s*light|reversing\s+light|reverse\s+light|"
    r"number\s+plate\s+light|(?:rear|front|back)\s+(?:light|lamp)|dipped\s+beam|main\s+beam|"
    r"high\s+beam|low\s+beam|bulb|lamp)"
)
_LAMP_OUT = (
    r"(?:(?:has|had|is|just|has\s+just|went|must\s+have|seems\s+to\s+have|s)\s+)?"
    r"(?:gone\s+out|went\s+out|out|blown|gone|dead|died|failed|packed\s+up|stopped\s+working|"
    r"not\s+working|isnt\s+working|doesnt\s+work|wont\s+(?:work|come\s+on)|"
    r"does\s+not\s+work|is\s+not\s+working|"
    # Stop 47: a lamp that "does not light up" is out (it was read as a no to "a single lamp
    # failure?", the negation taken for the user's answer).
    r"(?:does|did|will|would)\s+not\s+(?:even\s+)?(?:light|come\s+on|work|flash|blink)(?:\s+up)?|"
    r"(?:is|was)\s+not\s+(?:lighting|coming\s+on|flashing|blinking)(?:\s+up)?|"
    r"never\s+(?:lights|comes\s+on|flashes)(?:\s+up)?|no\s+longer\s+(?:lights|works|comes\s+on))\b"
)
_ONE_LAMP_OUT = re.compile(
    # A lamp named earlier and referred back to by its corner ("my left indicator is flashing
    # fast and the front left one does not light up").
    rf"\b{_LAMP}\b[^.;!?]{{0,80}}?\b(?:the|my)\s+(?:front|rear|back)\s+(?:left|right|near\s*side|"
    rf"off\s*side|passenger\s+side|driver'?s?\s+side)\s+one\s+{_LAMP_OUT}|"
    rf"\bone\s+of\s+(?:{_DET}\s+)?(?:[a-z]+\s+)?{_LAMP}s\s+(?:bulbs\s+)?{_LAMP_OUT}"
    rf"|(?<!\bof\s)(?<!\bboth\s)(?<!\ball\s)\b(?:(?:{_DET}|one|only\s+(?:the|my|one)|"
    rf"just\s+(?:the|my|one))\s+)?(?:(?!all\b|both\b|none\b)[a-z]+\s+){{0,3}}?{_LAMP}"
    rf"(?:\s+bulb)?\s+{_LAMP_OUT}"
)

# -- Stop 45 (lead): the laptop starts once its devices are off ("took them all off and it
# started straight away" was asked "Does your laptop boot when all external devices are
# disconnected?"; lead21). Taking something off, out or unplugging it, then (and, then, now,
# once, when) the laptop booting, starting or coming on; the charger, battery or power lead
# taken away is no external device, and "still won't" is no start.
_TAKEN_OFF = (
    r"(?:unplug|unplugs|unplugged|unplugging|disconnect|disconnects|disconnected|"
    r"disconnecting|remove|removes|removed|removing|took|take|takes|taken|taking|pulled|pull|"
    r"pulls|pulling)"
)
_NOT_A_DEVICE = r"(?!\b(?:not|never|no|still|charger|adapter|battery|power|mains)\b)"
_STARTS = (
    r"(?:boots?|booted|booting|starts?(?:\s+up)?|started(?:\s+up)?|comes?\s+on|came\s+on|"
    r"powers?\s+(?:on|up)|powered\s+(?:on|up)|turns?\s+on|turned\s+on|switch(?:es|ed)?\s+on|"
    r"fires?\s+up|fired\s+up)"
)
# What was taken off (no charger, no negation), within the sentence.
_TAKEN_OFF_WHAT = rf"\b{_TAKEN_OFF}\b(?:{_NOT_A_DEVICE}[^.;!?]){{1,60}}?"
_THEN_STARTS = rf"(?:(?:just|finally|instantly)\s+)?{_STARTS}\b"
_STARTS_WITHOUT_DEVICES = re.compile(
    rf"{_TAKEN_OFF_WHAT}\b(?:and|then|now|so)\s+"
    rf"(?:(?:now|then|after\s+that|straight\s+away)\s+)?(?:(?:it|the\s+laptop|laptop)\s+)?"
    rf"{_THEN_STARTS}"
    rf"|\b(?:once|when|after|as\s+soon\s+as)\s+(?:i|you|we)\s+{_TAKEN_OFF_WHAT}"
    rf"\b(?:it|the\s+laptop|laptop)\s+{_THEN_STARTS}"
)

# -- Stop 45 (lead): the router's internet light by the names people give it: the globe or
# world light (its symbol), the WAN, broadband or online light ("the little globe light on the
# router has gone off" was asked "Is your router's live internet LED turned ON?"; lead21).
_INTERNET_LIGHT = re.compile(
    r"\b(?:globe|world|wan|broadband|online|dsl|adsl)\s+(?:light|led|lamp|symbol|icon)s?\b"
    r"|\b(?:light|led)s?\s+with\s+(?:the|a|an)\s+(?:little\s+)?(?:globe|world|@)"
    r"(?:\s+(?:symbol|icon|on\s+it))?\b"
)

_SAID_45: tuple[Concept, ...] = (
    Concept(
        "one lamp out",
        _ONE_LAMP_OUT,
        ("single lamp failure",),
        entailment=True,
        apart=True,
        added="i have a single lamp failure",
    ),
    Concept("internet light", _INTERNET_LIGHT, ("internet led",)),
    # That light gone off, gone out or not lit is not on ("the internet light has gone off"
    # was read as nothing).
    Concept(
        "internet light gone off",
        re.compile(
            # The light, then up to four words with no negation among them.
            r"\binternet\s+(?:led|light)s?\b(?:\s+(?!not\b|never\b)[a-z]+){0,4}?\s+"
            r"(?:(?:(?:has|have|had|just)\s+)?(?:gone|went|going|goes)\s+(?:off|out|dark|dead)"
            r"|(?:is|are|was|were)\s+(?:not|no\s+longer)\s+(?:lit|on))\b"
        ),
        ("internet led turned on",),
        entailment=True,
        apart=True,
        added="the internet led is not turned on",
    ),
    Concept(
        "starts without its devices",
        _STARTS_WITHOUT_DEVICES,
        (
            "boot when all external devices are disconnected",
            "boot after removing all external devices",
        ),
        entailment=True,
        apart=True,
        added=(
            "the laptop boots when all external devices are disconnected",
            # The chart's examples said too: its question is read whole.
            "the laptop boots after removing all external devices such as external keyboard, "
            "mouse and printer",
        ),
    ),
)

# -- Stop 46: facts the web chat asked back though the opening said them (issue 19), by class.
# A denial said as a contrast: "all the other bulbs are fine", "the rest of the electrics seem
# ok" say that not every accessory failed. A state said as a sequence of events: an engine
# that fires and then dies straight away (or the moment the key is let go) is the chart's
# "fire right up but stall as soon as you release the key"; a laptop that gets hot and then
# switches itself off shuts down when it overheats. A state said in other words: another
# device online through the same router is a router that is on and in range; a noise heard
# when the driver is moving or accelerating is heard only when the car is moving. General
# English of cars and home networks, written against stop 46's development rows.

# The group is named only as the car's electrics ("the rest of the time" is no group of them).
_ELECTRICS = (
    r"(?:lights?|bulbs?|lamps?|electrics|electrical\s+(?:stuff|things|bits)|accessories|"
    r"things|stuff|dash|dashboard|gauges|indicators|wipers|radio|heater)"
)
# What else there is, said as a group: "every other light", "the rest of the electrics", "all
# the others", "everything else".
_THE_OTHERS = (
    r"(?:every\s*thing\s+else|every\s+other\s+(?:light|bulb|lamp|thing)|all\s+(?:the\s+)?"
    r"others|(?:all\s+(?:of\s+)?)?(?:the|my)\s+(?:other|rest\s+of\s+(?:the|my))\s+"
    rf"{_ELECTRICS}(?:\s+and\s+(?:the\s+)?{_ELECTRICS})?|the\s+(?:rest|others))"
)
_REST_FINE = re.compile(
    rf"\b{_THE_OTHERS}\s+(?:(?:is|are|seem|seems|look|looks|still|all|appear|appears|just|"
    r"perfectly|totally|completely|to be)\s+){0,3}(?:fine|ok|okay|good|grand|normal|all right|"
    r"alright|working|work|works|unaffected)\b"
    # The same denial said of the faults: "nothing else is wrong", "no other problems".
    r"|\bnothing\s+else\s+(?:is|seems|has)\s+(?:wrong|broken|affected|failed|gone)\b"
    r"|\bno\s+other\s+(?:problems?|issues?|faults?)\b"
    # Accessories that "all still work", after the one that failed.
    rf"|\b{_ACCESSORY}\b[^.;!?]{{0,40}}?\ball\s+(?:still\s+)?(?:work|working|fine|ok|okay)\b"
)

# An accessory the chart names dying or stopping (a lamp is the lamp question's).
_ONE_ACCESSORY = (
    r"(?:radio|stereo|wipers?|heater(?:\s+(?:blower|fan))?|blower|electric\s+windows?|"
    r"central\s+locking|cd\s+player|horn|air\s*con)"
)
_ACCESSORY_FAILED = re.compile(
    rf"\b{_ONE_ACCESSORY}\s+(?:(?:has|have|had|just|is|are|keeps?)\s+){{0,2}}"
    rf"(?:{_FAILED}|packed\s+in|stopped|not\s+working|does\s+not\s+work|do\s+not\s+work|"
    r"will\s+not\s+(?:work|come\s+on)|cuts?\s+out|cutting\s+out)\b"
)

# No time running between the engine firing and its stall.
_AT_ONCE = (
    r"(?:straight\s+away|right\s+away|instantly|immediately|at\s+once|straight\s+off|"
    r"(?:the\s+(?:moment|second|instant)|as\s+soon\s+as)\s+(?:i|you)\s+(?:let\s+go|release|"
    r"let\s+the\s+key))"
)
_STALLS = r"(?:cuts?\s+out|conks?\s+out|dies|died|stalls?|stalled|stall|shuts?\s+off|cuts?\s+off)"
_FIRES_THEN_STALLS = re.compile(
    r"\b(?:starts?|started|fires?|fired|catches|caught|runs?|ran)\b(?:\s+up)?"
    r"[^.;!?]{0,60}?\b(?:then|and|but)(?:\s+(?:then|just|it))*\s+"
    rf"(?:{_AT_ONCE}\s+{_STALLS}|{_STALLS}(?:\s+(?:just|again|completely))?\s+{_AT_ONCE})\b"
    rf"|\b{_STALLS}\s+(?:the\s+(?:moment|second|instant)|as\s+soon\s+as)\s+(?:i|you)\s+"
    r"(?:let\s+go|release)\b"
)

# It gets hot, then switches itself off (the order is the meaning: "switched off but it was
# not even warm" is not).
_HOT = (
    r"(?:(?:gets?|getting|got|is|was|goes|went)\s+(?:(?:really|very|too|so|super|quite|"
    r"properly|boiling)\s+)*(?:hot|warm|boiling|roasting)|heats?\s+up|heated\s+up|"
    r"overheats?|overheated|overheating)"
)
_SWITCHES_OFF = (
    r"(?:(?:switch(?:es|ed)?|turns?|turned|shuts?|powers?|powered)\s+(?:itself\s+)?"
    r"(?:off|down)|cuts?\s+out|dies)"
)
_HOT_THEN_OFF = re.compile(
    rf"\b{_HOT}\b[^.;!?]{{0,40}}?\b(?:then|and|before|till|until)(?:\s+(?:then|just|it))*\s+"
    rf"{_SWITCHES_OFF}\b"
)

# Another device online through the router: the router is on and in range.
_KIN = r"(?:son|daughter|wife|husband|partner|kid|mum|dad|flatmate|housemate|brother|sister)s?"
_ANOTHER_DEVICE = (
    r"(?:(?:my|our|his|her|their|the|both|all\s+(?:the|our|my))\s+)?(?:other\s+)?"
    r"(?:(?:smart\s+)?(?:phones?|mobiles?|iphones?|tablets?|ipads?|tvs?|tellys?|kindles?|"
    r"consoles?|xbox|playstation|desktops?)|other\s+(?:laptops?|devices?|computers?)|"
    r"(?:work\s+)?laptops?(?=\s+(?:and|too))|"
    + rf"{_KIN}\s+(?:laptop|phone|computer|pc|ipad|tablet))"
    r"|\bevery(?:one|body)\s+else\b|\bevery\s+other\s+device\b"
)
_NO_NEGATION = r"(?!\b(?:not|never|no|either|neither)\b)"
_ONLINE = (
    r"(?:(?:connects?|connected)\s+(?:fine|ok|okay|no\s+problem|perfectly|(?:to|on)\s+(?:it|"
    r"(?:the|our|my)\s+(?:same\s+)?(?:wifi|wi-fi|router|network)))|(?:is|are|works?|working)\s+(?:fine\s+|ok\s+|perfectly\s+)?"
    r"(?:on|with|through)\s+(?:it|(?:the|our|my)\s+(?:same\s+)?(?:wifi|wi-fi|router|network))|"
    r"works?\s+(?:fine|ok|perfectly)\s+(?:on|with|through)\s+(?:it|(?:the|our|my)\s+(?:same\s+)?"
    r"(?:wifi|wi-fi|router|network))|(?:can|could)\s+(?:get|go)\s+online|(?:is|are)\s+online|"
    r"(?:can|could)\s+(?:connect|get\s+on))"
)
_ROUTER_IN_USE = re.compile(
    rf"\b(?:{_ANOTHER_DEVICE})\b(?:{_NO_NEGATION}[^.;!?]){{0,80}}?\b{_ONLINE}\b"
    r"(?!\s+(?:on|to|with|via|through)\s+(?:4g|5g|3g|data|mobile|the\s+hotspot))"
)

# A noise said when the driver moves the car ("when i put my foot down", "while im driving",
# "when i am moving", what "driving along" is said as): heard only when the car is moving.
_A_NOISE_46 = (
    r"(?:tick\w*|click\w*|noise|sound|rattl\w*|squeak\w*|squeal\w*|knock\w*|tapping|whin\w*|"
    r"clunk\w*|wheez\w*|whistl\w*|clatter\w*|it)"
)
_DRIVER_MOVES = re.compile(
    rf"\b{_A_NOISE_46}\b[^.;!?]{{0,60}}?\b(?:when|while|whenever|once|as\s+soon\s+as)\s+"
    r"(?:(?:i|we)\s+(?:am\s+|are\s+)?|the\s+car\s+(?:is\s+)?|it\s+(?:is\s+)?)"
    r"(?:moving|driving|drive|moves|accelerate|accelerating|put\s+my\s+foot\s+down|"
    r"pull\s+away|pulling\s+away|get\s+going|start\s+moving)\b"
)

_SAID_46: tuple[Concept, ...] = (
    Concept(
        "the rest work",
        _REST_FINE,
        ("all the electrical accessories failed",),
        entailment=True,
        apart=True,
        added="not all the electrical accessories failed",
    ),
    Concept(
        "an accessory failed",
        _ACCESSORY_FAILED,
        ("issue with accessories",),
        apart=True,
        added="i am facing an issue with accessories such as wipers, radio or heater blower",
    ),
    Concept(
        "fires then stalls at once",
        _FIRES_THEN_STALLS,
        ("fire right up but stall as soon as you release the key",),
        entailment=True,
        apart=True,
        added=(
            "the engine fires right up but stalls as soon as you release the key back to the "
            "run position"
        ),
    ),
    Concept(
        "hot then off",
        _HOT_THEN_OFF,
        ("shut down automatically when it overheats",),
        entailment=True,
        apart=True,
        added="my laptop shuts down automatically when it overheats",
    ),
    Concept(
        "router in use",
        _ROUTER_IN_USE,
        ("router active and in range",),
        entailment=True,
        apart=True,
        added="the network router is active and in range",
    ),
    Concept(
        "noise when moving",
        _DRIVER_MOVES,
        ("only when the car is moving",),
        entailment=True,
        apart=True,
        added="i hear ticking sounds only when the car is moving",
        # Heard at a standstill too ("ticks when i drive and even at idle"), or said with a
        # narrower time the chart asks of ("when i drive slowly", "round corners", "in
        # reverse", "over bumps"): that one is what the words say.
        not_with=re.compile(
            r"\b(?:even|too|also|as well)\b[^.;!?]{0,40}\b(?:idl\w+|parked|stationary|"
            r"standstill|neutral)\b|\b(?:idl\w+|parked|stationary|standstill)\b[^.;!?]{0,30}"
            r"\b(?:too|also|as well)\b"
            r"|\b(?:slow\w*|speeds?|turn\w*|corner\w*|bends?|curves?|bumps?|dips?|potholes?|"
            r"reverse|revers\w+|gears?|cold|warm\w*|brak\w*|neutral|coasting)\b"
        ),
    ),
)

# -- Stop 47: lay facts lead22's web chat did not read (issue 19), by class. A state said
# through what it does to the user: a handbrake that comes up with no effort, or is on while
# the car still rolls; a car that wanders off when the wheel is let go, or that the driver
# must hold straight; a battery flat once the car has stood a few days; an alternator said to
# charge. A colour word for a tint ("gone a pinky red colour", "a greenish tinge"). A thing
# said in other words: a line, stripe or bar on the screen, or dead pixels, is a line on the
# display; the firmware's own words for a disk with nothing to boot ("no bootable device
# found", "operating system not found") are the 'No Operating System' message. General
# English of cars and laptops, written against the development rows of stop 47.

_PARKING_BRAKE = r"(?:hand\s*brake|parking\s+brake|e-?brake|emergency\s+brake)"
# No effort, said as the user feels it ("with hardly any effort", "no clicks", "one finger").
_NO_EFFORT = (
    r"(?:(?:with\s+)?(?:no|hardly\s+any|barely\s+any|next\s+to\s+no|little\s+or\s+no|zero|"
    r"without\s+(?:any\s+)?)\s*(?:effort|resistance|force|clicks?|clicking|ratchet\w*)|"
    r"with\s+(?:just\s+)?one\s+finger|effortlessly|far\s+too\s+eas(?:y|ily)|way\s+too\s+eas(?:y|ily))"
)
_NO_NEGATION_47 = r"(?!\b(?:not|never|no|doesnt|dont|didnt|wont|isnt|cant)\b)"
# Up to a clause's worth of words with no negation among them ("if i let go of the wheel it
# does not drift" says no drift).
_GAP = rf"(?:{_NO_NEGATION_47}[^.;!?])"
_BRAKE_NO_EFFORT = re.compile(rf"\b{_PARKING_BRAKE}\b{_GAP}{{0,80}}?\b{_NO_EFFORT}(?!\w)")
# The handbrake on and the car still moving ("put the handbrake on and it still creeps
# forward"), with no negation between; or the handbrake judged useless.
_ROLLS = (
    r"(?:rolls?|rolled|rolling|creeps?|crept|creeping|slides?|slid|sliding|moves?|moved|"
    r"moving)(?:\s+(?:back|backwards|away|forwards?|down|off))?"
)
_BRAKE_DOES_NOT_HOLD = re.compile(
    rf"\b{_PARKING_BRAKE}\b{_GAP}{{0,100}}?\b{_ROLLS}\b"
    rf"|\b{_PARKING_BRAKE}\s+(?:is|was|seems)\s+(?:(?:totally|completely|just|pretty)\s+)?"
    r"(?:useless|rubbish|knackered|shot|pointless)\b"
)
# Released ("with the handbrake off the car rolls"): then rolling says nothing of it.
_BRAKE_RELEASED = re.compile(
    rf"\b{_PARKING_BRAKE}\s+(?:is\s+|was\s+)?(?:off|down|released)\b|"
    rf"\b(?:release|released|releasing|let\s+off|take\s+off|took\s+off)\s+(?:the\s+|my\s+)?"
    rf"{_PARKING_BRAKE}"
)

# The handbrake holding the car ("holds the car fine", "holds on my drive"), and one that takes
# effort to pull up ("stiff to pull up", "takes both hands"): it works, and it does not come up
# without force.
_BRAKE_HOLDS = re.compile(
    rf"\b{_PARKING_BRAKE}\b{_GAP}{{0,40}}?\b(?:holds|held|holding)\b"
    r"(?:\s+(?:the\s+car|it|her|fine|ok|okay|firm|firmly|well|properly|on\s+hills))"
)
_BRAKE_STIFF = re.compile(
    rf"\b{_PARKING_BRAKE}\b{_GAP}{{0,30}}?\b(?:stiff|tight|heavy|tough|"
    r"hard\s+to\s+(?:pull|lift|get)|takes\s+(?:a\s+lot\s+of|real|some)\s+effort|"
    r"takes\s+both\s+hands|needs\s+both\s+hands)\b"
)

# The car going sideways when the wheel is let go, in either order ("drifts off to the left if
# i take my hands off the wheel", "if i let go of the wheel it wanders towards the verge").
_HANDS_OFF = (
    r"(?:(?:take|took|taking|takes|let|letting|lift|lifting)\s+(?:my\s+|your\s+|both\s+)?"
    r"hands?\s+off|(?:let|letting|lets)\s+go(?:\s+of)?|hands?[\s-]+free|no\s+hands|"
    r"hands?\s+off\s+(?:the\s+|my\s+)?(?:wheel|steering)|"
    r"(?:release|releasing)\s+the\s+(?:wheel|steering))"
)
_GOES_SIDEWAYS = (
    r"(?:drift\w*|wander\w*|veer\w*|pull\w*|goes|going|heads?|heading|moves?|moving|steers?|"
    r"steering|creeps?|creeping|slides?|sliding)(?:\s+(?:over|off|across|away|slowly|gently))*"
    r"\s+(?:(?:to|towards|into|onto|across)\s+(?:the\s+)?(?:left|right|one side|kerb|curb|"
    r"verge|gutter|hard\s+shoulder|other\s+lane|middle|centre|center|hedge|ditch)|left|right)\b"
)
_DRIFTS_HANDS_OFF = re.compile(
    rf"\b{_HANDS_OFF}\b{_GAP}{{0,80}}?\b{_GOES_SIDEWAYS}|\b{_GOES_SIDEWAYS}{_GAP}{{0,60}}?\b{_HANDS_OFF}\b"
)
# The driver holding the car straight ("i have to hold the steering slightly to the right to
# keep it going straight"): it pulls the other way.
_HELD_STRAIGHT = re.compile(
    r"\b(?:have\s+to|having\s+to|need\s+to|got\s+to|must|constantly|always)\s+"
    rf"(?:hold|keep|steer|turn|pull|fight|correct)\w*\b{_GAP}{{0,60}}?\b(?:to|just\s+to)\s+"
    r"(?:keep|make|stop)\s+(?:it|the\s+car|her|the\s+thing)\s+(?:going\s+|running\s+|driving\s+"
    r"|moving\s+|in\s+a\s+)?(?:straight|from\s+(?:drifting|pulling|wandering|veering))"
)
# The car that keeps a straight line by itself ("goes dead straight", "tracks perfectly
# straight"): no pull.
_GOES_STRAIGHT = re.compile(
    r"\b(?:car|it|she)\s+(?:goes|drives|tracks|runs|stays|holds|sits)\s+(?:(?:dead|perfectly|"
    r"completely|totally|nice\s+and|bang|arrow|straight\s+as\s+an\s+arrow)\s+)*straight\b"
    r"(?!\s+(?:to|into|through|on)\b)"
)

# A battery flat once the car has stood a few days ("leave it two or three days and its flat",
# "after a weekend on the drive there is not enough juice to turn it over").
_FEW_DAYS = (
    r"(?:(?:a\s+)?(?:few|couple(?:\s+of)?|several)|two|three|four|five|2|3|4|5|"
    r"(?:two|three|2|3)\s+or\s+(?:three|four|3|4)|\d\s*-\s*\d)\s+days|"
    r"(?:a|the|a\s+long)\s+weekend|over\s+the\s+weekend"
)
_FLAT = (
    r"(?:(?:it|its|it's|it\s+is|battery(?:'s|\s+is|\s+was)?|is|was|goes|went|gone|be)\s+"
    r"(?:(?:totally|completely|stone|absolutely|just|dead|always)\s+)*(?:flat|dead)|"
    r"(?:wont|won't|doesnt|will\s+not|does\s+not)\s+(?:start|turn\s+over|crank)|"
    r"(?:needs|need|needed|needing)\s+(?:a\s+)?jump|"
    r"not\s+enough\s+(?:juice|power|charge|oomph)|too\s+(?:weak|flat)\s+to)"
)
_FLAT_AFTER_DAYS = re.compile(
    rf"\b(?:{_FEW_DAYS})\b{_GAP}{{0,60}}?\b{_FLAT}\b|\b{_FLAT}\b{_GAP}{{0,40}}?\b"
    rf"(?:after|if|when|once|every\s+time)\b{_GAP}{{0,40}}?\b(?:{_FEW_DAYS})\b"
)
# A cause the user names ("left the lights on", "parked for a month at the airport") is no
# battery that runs down by itself in days ("flat every few days for weeks now" still is).
_FLAT_FOR_A_CAUSE = re.compile(
    r"\b(?:left|leave|leaving)\s+(?:the\s+|my\s+|a\s+)?(?:lights?|headlights?|interior\s+light|"
    r"radio|door|boot)\b|\b(?:for|after)\s+(?:a|one|two|three|a\s+few|several|a\s+couple\s+of)\s+"
    r"(?:weeks?|months?)\b|\bafter\s+a\s+fortnight\b"
)
# The alternator said to charge ("the alternator is charging fine"): the battery is charging.
_ALTERNATOR_CHARGES = re.compile(
    r"\balternator\s+(?:is\s+|was\s+|seems\s+|tests?\s+|tested\s+)?(?:charging|putting\s+out)\s+"
    r"(?:fine|ok|okay|properly|well|normally|correctly|as\s+it\s+should)\b"
)

# A line, stripe or bar on the screen, or pixels dead or stuck: a line or dots on the display.
_SCREEN = r"(?:screen|display|lcd|picture|image|monitor|panel)"
_A_LINE = (
    r"(?:lines?|stripes?|streaks?|bars?|bands?|columns?|rows?)(?!\s+of\s+(?:text|writing|words?|"
    r"code|the\s+(?:text|document|page)))"
)
_LINES_ON_SCREEN = re.compile(
    rf"\b{_A_LINE}\s+of\s+(?:\w+\s+){{0,2}}?pixels?\b"
    rf"|\b{_A_LINE}\b{_GAP}{{0,50}}?\b(?:across|down|through|over|on|along|of|up)\s+"
    rf"(?:(?:the|my|this|its|whole)\s+)*(?:\w+\s+)?{_SCREEN}\b"
    r"|\b(?:dead|stuck|bright|coloured|colored|white|black|broken|burnt|burned)\s+pixels?\b"
    r"|\bpixels?\s+(?:are\s+|is\s+|have\s+|has\s+)?(?:gone\s+)?(?:dead|stuck)\b"
)

# A colour word for a tint: a colour with a tinge, cast or hue ("a sort of pinky red colour",
# "a greenish tinge"), or the picture said to have gone or to look a colour.
_COLOUR = (
    r"(?:red|pink|green|blue|yellow|purple|orange|magenta|cyan|violet|brown|sepia|amber|"
    r"rose|gre[ey])(?:d?ish|y|ey)?"
)
_TINT = r"(?:tinge|tinged|tint|tinted|cast|hue|colou?r|shade|filter|wash|glow|haze|overlay)"
_SHOWN = r"(?:screen|display|picture|image|everything|colou?rs|whites?|lcd|monitor|it)"
_COLOUR_TINT = re.compile(
    rf"\b{_COLOUR}(?:\s+{_COLOUR})?\s+(?:\w+\s+)?{_TINT}\b(?!\s+(?:light|led|cable|wire|case|lid))"
    rf"|\b{_SHOWN}\b{_GAP}{{0,30}}?\b(?:gone|turned|turning|went|goes|looks?|looking|appears?|"
    r"is\s+all|are\s+all)\s+(?:(?:really|very|a|bit|slightly|all|kind|sort|of|quite|and|washed|"
    rf"out|light|dark|pale|faded|weird|funny|strange)\s+){{0,5}}{_COLOUR}\b(?!\s+(?:light|led|screen))"
)

# The firmware's words for a disk with nothing to boot from.
_NO_BOOT_MESSAGE = re.compile(
    r"\bno\s+(?:bootable|boot)\s+(?:devices?|disks?|drives?|media|medium|partition)\b"
    r"|\b(?:bootable|boot)\s+(?:devices?|disks?|drives?|media)\s+(?:not\s+found|not\s+detected|"
    r"missing|unavailable|not\s+available)\b"
    r"|\b(?:operating\s+system|os)\s+(?:not\s+found|missing|not\s+detected|not\s+present)\b"
    r"|\bmissing\s+(?:an?\s+)?(?:operating\s+system|os)\b"
    r"|\b(?:select|insert)\s+(?:a\s+)?(?:proper\s+)?boot\s+(?:device|media|disk)\b"
    r"|\b(?:disk\s+)?boot\s+failure\b"
)

_SAID_47: tuple[Concept, ...] = (
    Concept(
        "handbrake with no effort",
        _BRAKE_NO_EFFORT,
        ("parking brake ratchets",),
        entailment=True,
        apart=True,
        added="the parking brake ratchets or moves without force",
    ),
    Concept(
        "handbrake does not hold",
        _BRAKE_DOES_NOT_HOLD,
        ("emergency parking brake working properly",),
        entailment=True,
        apart=True,
        added="the emergency parking brake is not working properly",
        not_with=_BRAKE_RELEASED,
    ),
    Concept(
        "handbrake holds",
        _BRAKE_HOLDS,
        ("emergency parking brake working properly",),
        entailment=True,
        apart=True,
        added="the emergency parking brake is working properly",
    ),
    Concept(
        "handbrake stiff",
        _BRAKE_STIFF,
        ("parking brake ratchets",),
        entailment=True,
        apart=True,
        added="the parking brake does not ratchet or move without force",
    ),
    Concept(
        "drifts with hands off",
        _DRIFTS_HANDS_OFF,
        ("pull to one side",),
        entailment=True,
        apart=True,
        added="the steering wheel pulls to one side as i drive on a straight road",
    ),
    Concept(
        "held straight",
        _HELD_STRAIGHT,
        ("pull to one side",),
        entailment=True,
        apart=True,
        added="the steering wheel pulls to one side as i drive on a straight road",
    ),
    Concept(
        "goes straight",
        _GOES_STRAIGHT,
        ("pull to one side",),
        entailment=True,
        apart=True,
        added="the steering wheel does not pull to one side as i drive on a straight road",
    ),
    Concept(
        "flat after days",
        _FLAT_AFTER_DAYS,
        ("run down in just a few days",),
        entailment=True,
        apart=True,
        added="my battery runs down in just a few days",
        not_with=_FLAT_FOR_A_CAUSE,
    ),
    Concept(
        "alternator charges",
        _ALTERNATOR_CHARGES,
        ("charging properly",),
        entailment=True,
        apart=True,
        added="my car battery is charging properly",
    ),
    Concept(
        "lines on the screen",
        _LINES_ON_SCREEN,
        ("dots or lines",),
        entailment=True,
        apart=True,
        added="i see tiny dots or lines through the lcd display",
    ),
    Concept(
        "a colour tint",
        _COLOUR_TINT,
        ("tinted screen",),
        entailment=True,
        apart=True,
        added="the lcd display has a tinted screen",
    ),
    Concept(
        "no boot message",
        _NO_BOOT_MESSAGE,
        ("no operating system",),
        entailment=True,
        apart=True,
        added="i get a 'no operating system' message when i start the laptop",
    ),
)

# Places and circumstances come last: what they add is a sentence of its own.
CONCEPTS: tuple[Concept, ...] = (
    _SAID + _SAID_42 + _SAID_43 + _SAID_44 + _SAID_45 + _SAID_46 + _SAID_47 + CIRCUMSTANCES
)

_PAST = frozenset(
    [
        "caught",
        "fired",
        "came",
        "sprang",
        "sprung",
        "burst",
        "roared",
        "spluttered",
        "sputtered",
        "coughed",
        "kicked",
        "jumped",
        "made",
        "popped",
        "showed",
    ]
)


def _in_tense(matched: str, forms: tuple[str, str, str]) -> str:
    verb = matched.split()[0]
    if verb.endswith("ing"):
        return forms[1]
    if verb in _PAST:
        return forms[2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return forms[0]
    return verb if verb == forms[0] else forms[0].removesuffix("s")


_CLAUSE_START = re.compile(r"[.,;:!?]|\bbut\b|\band\b|\bthough\b|\balthough\b")
# How far around a match its clause or sentence is looked for. Splitting the whole text before
# each match made a long message with many matches quadratic ("... every time i slow down, "
# 200 times: 10,000 characters read in 0.19 s against 0.05 s for 5,000); a clause or sentence
# longer than this is read from its last 400 characters.
_AROUND = 400


def _before(text: str, start: int) -> str:
    return text[max(0, start - _AROUND) : start]


def _negated_before(text: str, start: int) -> bool:
    """A negation earlier in the match's clause ("not really firm", "never see the logo")."""
    clause = _CLAUSE_START.split(_before(text, start))[-1]
    return any(w in NEGATIONS for w in tx.tokens(clause))


def _denied(match: re.Match[str]) -> bool:
    """The matched state is denied: a negation before it in its clause, or inside its words
    ("my wifi does not show up")."""
    inside = any(w in NEGATIONS for w in tx.tokens(match.group(0)))
    return inside or _negated_before(match.string, match.start())


_SENTENCE_END = re.compile(r"[.;!?]")


def _sentence_of(text: str, start: int, end: int) -> str:
    """The sentence the words from ``start`` to ``end`` are in."""
    before = _SENTENCE_END.split(_before(text, start))[-1]
    after = _SENTENCE_END.split(text[end : end + _AROUND])[0]
    return before + text[start:end] + after


def _for(clause: str | tuple[str, ...], concept: Concept, phrase: str) -> str:
    """The added clause for the chart wording the chart's questions say."""
    if isinstance(clause, str):
        return clause
    return clause[concept.chart.index(phrase)]


def _said_in(phrase: str, questions: tuple[tuple[str, ...], ...]) -> bool:
    """One of the chart's questions says the phrase's words in order, its negations aside."""
    wanted = [tx.canonical(w) for w in phrase.split() if w not in NEGATIONS and w != "does"]
    n = len(wanted)
    return any(any(list(q[i : i + n]) == wanted for i in range(len(q) - n + 1)) for q in questions)


def _phrase(concept: Concept, questions: tuple[tuple[str, ...], ...]) -> str | None:
    if concept.name == "refusal":
        return concept.chart[0]
    return next((p for p in concept.chart if _said_in(p, questions)), None)


def said_in_chart_terms(text: str, questions: tuple[tuple[str, ...], ...]) -> str:
    """``text`` (normalised) with each concept said in the chart's words where a question of
    the chart (``questions``: each its canonical tokens) says them."""
    apart: list[str] = []
    for concept in CONCEPTS:
        phrase = _phrase(concept, questions)
        if phrase is None:
            continue

        def add(match: re.Match[str], clause: str, concept: Concept) -> str:
            if not concept.apart:
                return f"{match.group(0)} , {clause} ,"
            if clause not in apart:
                apart.append(clause)
            return match.group(0)

        if concept.only_with is not None and not concept.only_with.search(text):
            continue

        def say(match: re.Match[str], concept: Concept = concept, phrase: str = phrase) -> str:
            if concept.not_with is not None and concept.not_with.search(
                _sentence_of(match.string, match.start(), match.end())
            ):
                return match.group(0)
            if concept.denied and _denied(match):
                return add(match, _for(concept.denied, concept, phrase), concept)
            if concept.entailment and _negated_before(match.string, match.start()):
                return match.group(0)
            if concept.added:
                return add(match, _for(concept.added, concept, phrase), concept)
            if concept.forms is not None:
                verb = _in_tense(match.group(0), concept.forms)
                if (
                    concept.subject
                    and concept.subject
                    not in _CLAUSE_START.split(_before(match.string, match.start()))[-1].split()
                ):
                    return f" {concept.subject} {verb} "
                return f" {verb} "
            return f" {phrase} "

        text = concept.said.sub(say, text)
    # Joined with ";": a clause of its own, the user's last sentence still one sentence.
    text = " ; ".join([text.rstrip(" .,;"), *apart]) if apart else text
    return re.sub(r"\s+", " ", text).strip()
