"""What a triage nurse says about bites, stings, mild injuries (stop 40), cuts, sunburn and
skin contact reactions (stop 43), a water infection and a sore or sticky eye (stop 46).

The patient-intake pack's causes come from DDXPlus, whose population holds no insect bite, no
sting, no animal bite and no sprain. Its differential for "a wasp got my hand, red and puffy"
leads with anaphylaxis (an emergency), and for "rolled my ankle, I can walk on it" with some
cause it cannot rule out ("seek care today"). Neither is what the patient needs. This is the
reviewed table a nurse's telephone triage uses for these complaints (NHS 111's bites and
stings, animal bites and sprains pathways, simplified), read from the patient's own words the
way emergencies are (:func:`bots.safety.emergency.read_kinds`: normalised, clause by clause, a
negated, hypothetical or past sign discarded):

========================  =======================================================  ==========
complaint                 sign                                                     level
========================  =======================================================  ==========
bite or sting             swelling lips/tongue/throat/face, trouble breathing or   emergency
                          swallowing, wheeze, faint or dizzy, hives all over
                          (the emergency reader's anaphylaxis; here too so that
                          the level never falls below it)
bite or sting             a snake; a sting inside the mouth or throat              emergency
bite or sting             spreading redness, a red streak, hot, pus, a fever       urgent
tick bite                 a ring or bullseye rash, a fever or flu-like aches       urgent
animal or human bite      through the skin (bled, a puncture, deep); a bat         urgent
injury                    takes no weight, cannot move or use it, a crack or       urgent
                          snap heard, out of shape, numb or cold; a knock to the
                          head
cut or graze              bleeding that does not stop with pressure (and the       emergency
                          emergency reader's heavy bleeding)
cut or graze              gapes, deep, numb beyond it, something in it, dirty or   urgent
                          rusty; pus, a spreading redness, a fever
sunburn                   confusion, a faint or a fit (heatstroke)                 emergency
sunburn                   blisters or a bad swelling; a fever, shivers, a          urgent
                          headache, dizziness or sickness
skin contact reaction     the face, lips or tongue swelling, trouble breathing     emergency
(nettles, a plant, a      spreading, weeping, hot, pus, a fever                    urgent
new product)
water infection (stop     a temperature, shivers, a back or side pain, being       urgent
46: burning or stinging   sick; blood in the pee; a pregnancy
peeing, going often)
sore or sticky eye        the sight blurred, a real pain, light hurting it;        urgent
(stop 46)                 something got into it or hit it; contact lenses
ringing or blocked ear    the hearing in one ear gone suddenly; the room spinning  urgent
(stop 46; an earache is
the pack's)
everyday complaint (stop  much worse quickly, so bad the day stops, a high         urgent
47: read by meaning,      temperature; bleeding that does not stop, no fluids
bots.safety.everyday_     kept down, no urine; a baby under a year, a pregnancy,
meaning; no other row,    a weakened immune system
no sign of the pack's)
bite or sting, injury,    none of the above                                        self-care
cut, sunburn, contact,
water infection, eye,
ear, everyday complaint
========================  =======================================================  ==========

A water infection or a sore eye said beside another illness (a cough, a rash, a headache;
a fever, for the eye) is the pack's: its causes may explain both.

The level is the table's, not the differential's (which knows no such cause); the curated
emergency and urgent readers, red flags and a companion sign (chest pain, breathlessness,
sweating, a faint: :mod:`bots.safety.flag_context`) still come first
(:func:`bots.conversation.safety.triage`). The advice says plainly that the intake has no
diagnosis for the complaint.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from bots.safety import emergency, flag_context, urgent
from bots.safety.emergency import Rule, normalise, read_kinds

__all__ = ["UNSURE", "Care", "minor_care", "said_of", "signs_said"]

_INSECT = (
    r"mosquito\w*|mozzie\w*|midges?|gnats?|bees?|bumble ?bees?|wasps?|hornets?|horse ?fly|"
    r"horse ?flies|flies|fly|ants?|spiders?|fleas?|bed ?bugs?|insects?|bugs?|jelly ?fish|"
    r"(?:a|the) ticks?|nettles?"
)
_ANIMAL = (
    r"dogs?|puppy|pup|cats?|kitten|hamsters?|rats?|mouse|mice|ferrets?|fox|horses?|parrot|"
    r"rabbit|guinea pig|monkey"
)
# "bit" is a bite only with what it bit: "a bit swollen", "she is a bit off" are not.
_BIT = r"bit (?:me|my|him|his|her|us|them|into|through)|nipped (?:me|my|him|his|her)"
_BITE = rf"{_BIT}|bites?|bitten|stings?|stung"
CONCEPTS: Mapping[str, str] = {
    # A bite or sting by an insect, spider, tick or jellyfish: the creature and the bite in
    # one clause, or a bite said of the body ("bites on my legs"). A "stinging pain", "it
    # stings when I pee" or "something a bit off" is no bite.
    "insect": (
        rf"\b(?:{_INSECT}) (?:\w+ ){{0,2}}(?:{_BITE})\b|\b(?:bitten|stung) (?:\w+ ){{0,3}}by "
        rf"(?:\w+ ){{0,3}}(?:{_INSECT}|something)\b|\bbites? (?:on|all over|up|down) "
        rf"(?:my|his|her)\b|\bgot (?:bitten|stung)\b|\bi (?:was|been|got|have been) (?:bitten|"
        rf"stung)\b|\bstung (?:me|my|on)\b|\bsomething (?:has |must have )?(?:{_BIT}|bitten|"
        rf"stung)\b|\beaten alive\b|\bticks? bites?\b|\b(?:{_INSECT}) got (?:me|my|him|his|her)\b"
    ),
    # An animal's or a person's bite ("the dog bit me", "bitten by next door's cat", "my
    # toddler bit my arm"); "he bites his nails" is no bite.
    "animal_bite": (
        rf"\b(?:{_ANIMAL}) (?:\w+ ){{0,2}}(?:{_BITE})\b|\b(?:child|toddler|kid|son|daughter|"
        rf"baby|person|someone|somebody|he|she|they) (?:\w+ ){{0,2}}(?:{_BIT})\b|\bbitten by "
        rf"(?:a |an |the |my |our |\w+ ){{0,2}}(?:{_ANIMAL}|child|toddler|kid|person|someone)\b|"
        rf"\b(?:dog|cat|animal|human) bites?\b"
    ),
    "bat": r"\bbats?\b",
    "snake": r"\bsnakes?\b|\badders?\b|\bvipers?\b|\brattle ?snake\b",
    "tick": r"\b(?:a|the) ticks?\b|\bticks? bites?\b",
    "in_mouth": (
        r"\b(?:stung|bitten|bit) (?:\w+ ){0,2}(?:in|on|inside) (?:my |the |his |her )?"
        r"(?:mouth|throat|tongue)\b|\bswallowed a (?:bee|wasp|hornet)\b"
    ),
    "anaphylaxis": (
        emergency.CONCEPTS["swelling_airway"]
        + "|"
        + emergency.CONCEPTS["swelling_face"]
        + "|"
        + urgent.CONCEPTS["breath"]
        + "|"
        + flag_context.CONCEPTS["faint"]
        + r"|\bwheez\w*|\bdizzy\b|\blight ?headed\b|\bwoozy\b|\bhives (?:all over|everywhere)\b|"
        r"\b(?:whole|entire) body\b|\ball over (?:my )?body\b"
    ),
    "infection": (
        r"\bspread\w* (?:\w+ ){0,3}(?:red\w*|up|out|further)\b|\bred\w* (?:\w+ ){0,3}spread\w*|"
        # A red line that tracks away from the bite; a jellyfish's lines where it touched are not.
        r"\bred (?:line|streak)s? (?:\w+ ){0,2}(?:up|spreading|going|tracking|moving)\b|"
        r"\b(?:it is|its|it\'s|feels?|gone|getting|red and|"
        r"swollen and) (?:\w+ ){0,1}(?:hot|warm)\b|\bhot to (?:the )?touch\b|\bpus\b|\boozing\b|"
        r"\bweeping\b|"
        r"\bfevers?\b|\bhigh temp\w*|\btemperature\b|\bshiver\w*|\bshaky and hot\b"
    ),
    "lyme": (
        r"\brings?\b|\bbulls? ?eye\b|\btarget\b|\bcircle\b|\bfevers?\b|\btemperature\b|"
        r"\bflu ?like\b|\bfluey\b|\bflu\b|\bachy joints\b|\bjoints? (?:ache|aching|hurt\w*)\b"
    ),
    "broke_skin": (
        r"\bbroke (?:the )?skin\b|\bbroken (?:the )?skin\b|\bbreak (?:the )?skin\b|"
        r"\bthrough (?:the |my )?skin\b|"
        r"\bbled\b|\bbleed\w*|\bblood\b|\bpunctur\w*|\bdeep\b|"
        r"\bteeth (?:marks? )?(?:went|sank|go)\b|"
        r"\bholes?\b|\bgash\w*|\bopen wound\b|\btorn\b|\bripped\b"
    ),
    # Signs of an illness said beside an injury ("fell over last week and since then a
    # fever and a cough"): the pack's causes, not the sprain table, decide.
    "illness": (
        r"\bfevers?\b|\btemperature\b|\bcough\w*|\bvomit\w*|\bbeing sick\b|\bthrow\w* up\b|"
        r"\bdiarrh?o?ea\b|\bheadaches?\b|\brash\b|\bsore throat\b|\bflu\b|\bfluey\b|"
        r"\bshiver\w*|\bnight sweats\b|\bweight loss\b|\bchest\b|\bstomach\b|\btummy\b|"
        r"\bbelly\b|\babdom\w*|\bpee\b|\burin\w*|\bblood\b"
    ),
    "injury": flag_context.CONCEPTS["hurt"]
    + r"|\brolled (?:my|his|her|an?) \w+\b|\bwent over on\b|\bgone over on\b|\bstubbed\b|"
    r"\bjammed\b|\bpulled (?:\w+ ){0,2}(?:muscle|hamstring|calf|groin|back)\b",
    "serious_injury": (
        r"\b(?:can not|cannot|unable to|could not) (?:\w+ ){0,3}(?:weight|walk|stand|move|"
        r"use|grip|bend|straighten|lift|hold)\b|\bno weight\b|"
        r"\b(?:can )?(?:barely|hardly|only just) (?:\w+ ){0,2}(?:walk|hobble|stand|limp|move)\b|"
        r"\bheard (?:a |it )?(?:crack|snap|"
        r"pop|crunch)\w*|\b(?:crack|snap)(?:ed)? (?:sound|noise)\b|\bdeformed\b|"
        r"\bwrong (?:shape|angle|way)\b|\bout of (?:shape|place)\b|\bbent\b|\bsticking out\b|"
        r"\bbone (?:showing|through)\b|\bnumb\w*|\bpins and needles\b|\btingl\w*|"
        r"\b(?:cold|blue|white) (?:and \w+ )?(?:toes|fingers|foot|hand)\b|\bmassive\w*|"
        r"\bhuge\b|\bballooned\b|\b(?:hit|bang\w*|knock\w*|bash\w*|smack\w*) (?:\w+ ){0,2}head\b"
    ),
    # -- stop 43: cuts and grazes, sunburn, skin contact reactions
    # A cut or graze said with what did it or where ("cut my thumb on a tin lid", "a paper
    # cut", "stood on a rusty bit of metal"); "cut down on sugar", "cut my hair" are none.
    "cut": (
        r"\b(?:cut|sliced|nicked|gashed|slashed|grazed|scraped|skinned|split) (?:open )?(?:my|his|"
        r"her|their|your|myself|himself|herself)\b(?! (?:hair|fringe|nails?|toe ?nails?|finger ?"
        r"nails?)\b)|\b(?:paper|small|little|tiny|deep|nasty|big|bad|long) (?:cut|gash|graze|"
        r"scrape)s?\b|\b(?:cut|gash|graze|scrape|laceration)s? (?:on|in|to|across) (?:my|his|her|"
        r"the)\b|\bgraze[sd]?\b|\bcaught (?:my|his|her) (?:\w+ ){0,2}on (?:a|an|the|some) (?:\w+ )"
        r"{0,3}(?:nail|glass|knife|blade|wire|metal|tin|can|edge|thorn|lid)\b|\b(?:stood|stepped|"
        r"trod|trodden) on (?:a |an |some |the )?(?:\w+ ){0,4}(?:nail|glass|metal|pin|needle|tin|"
        r"blade|thorn)\b|\bknife (?:slipped|went)\b"
    ),
    # What makes a cut one to be seen today: it gapes, is deep or numb beyond it, something is
    # in it, or it came from something dirty or rusty (tetanus, stitches, a foreign body).
    "wound_seen": (
        r"\bgap\w*|\bedges? (?:\w+ ){0,3}(?:open|apart)\b|\bwide open\b|\b(?:cut|sliced|split|"
        r"gashed) (?:\w+ ){1,2}open\b|\bdeep\b|\bnumb\w*|\btingl\w*|\bcan not feel\b|\brust\w*|"
        r"\bdirty\b|\bfilthy\b|\bsoil\b|\bmuck\b|\bmanure\b|\bstuck in\b|\bstill in (?:it|there|"
        r"the)\b|\bwent (?:right |straight )?(?:in|into|through)\b|\bgone (?:in|into)\b|"
        r"\bstitch\w*|\bbone\b|\bflap\b|\bpunctur\w*"
    ),
    # Blood still coming after pressing on it: the nurse's question's sign (a flood said in
    # words is the emergency reader's heavy bleeding, which escalates before this table).
    "bleeding": (
        r"\bstill (?:bleed\w*|pouring|coming)\b|\bwill not stop\b|\bnot stopp\w*|\bkeeps? "
        r"(?:bleeding|pouring|coming)\b|\bspurt\w*|\bgush\w*|\bpouring\b|\bpumping\b|"
        r"\bsoak\w* (?:\w+ ){0,2}through\b"
    ),
    # An infected cut: pus, a spreading redness, hot to the touch, a fever (a fresh cut that
    # oozes blood is not one).
    "festering": (
        r"\bpus\b|\binfected\b|\bspread\w* (?:\w+ ){0,3}red\w*|\bred\w* (?:\w+ ){0,3}spread\w*|"
        r"\bred (?:line|streak)s? (?:\w+ ){0,2}(?:up|spreading|going|tracking|moving)\b|\bhot to "
        r"(?:the )?touch\b|\bfevers?\b|\btemperature\b"
    ),
    "bled_topic": r"\bbleed\w*|\bbled\b|\bblood\b|\bstopped\b",
    "sunburn": (
        r"\bsun ?burn\w*|\btoo much sun\b|\b(?:burnt|burned|burning|frazzled|fried|scorched|"
        r"raw|peeling|blistered|pink) (?:\w+ ){0,5}(?:in|from|by) the sun\b|\b(?:in|from) the sun "
        r"(?:\w+ ){0,8}(?:burnt|burned|frazzled|fried|scorched|blistered|peeling)\b"
    ),
    # Sunburn to be seen today: blisters or a bad swelling, or the heat in the body (a fever,
    # shivers, a headache, dizziness, sickness: heat exhaustion).
    "sun_blister": r"\bblister\w*|\bswollen\b|\bswelling\b",
    "sun_unwell": (
        r"\bfevers?\b|\btemperature\b|\bshiver\w*|"
        r"\bchills?\b|\bdizzy\b|\blight ?headed\b|\bwoozy\b|\bheadaches?\b|\bnause\w*|"
        r"\bvomit\w*|\bthrow\w* up\b|\b(?:feel\w*|felt|being|been|bit|little) sick\b|\bdark "
        r"(?:pee|urine|wee)\b|\bnot (?:peeing|weeing)\b|\bunwell\b"
    ),
    # Heatstroke: confusion, a faint or a fit after the sun.
    "heatstroke": (
        r"\bconfus\w*|\bnot making (?:any )?sense\b|\bdisorient\w*|\bfainted\b|\b(?:feel\w*|"
        r"felt|going to|gon na|about to) faint\b|\bpass(?:ed|ing)? out\b|\bcollaps\w*|"
        r"\b(?:a|having) fit\b|\bfitting\b|\bseizure\w*|\bunresponsive\b|\bdrows\w*"
    ),
    # A skin reaction to something it touched: nettles, a plant, a new product or a strap.
    "contact": (
        r"\bnettles?\b|\b(?:poison )?(?:ivy|oak|sumac)\b|\bhogweed\b|\b(?:brushed|rubbed) "
        r"(?:\w+ ){0,3}(?:against|on|with)\b|\b(?:plants?|weeds?|leaves|it) (?:\w+ ){0,2}touched\b|"
        r"\bwhere (?:\w+ ){0,4}(?:touched|sits|rubs|rubbed)\b|\bnew (?:washing (?:powder|liquid)|"
        r"detergent|soap|shower gel|body wash|cream|moisturi[sz]er|lotion|make ?up|perfume|fabric "
        r"softener|watch|strap|earrings?|necklace|jewel\w*|gloves|hair dye|shampoo|plasters?)\b|"
        r"\bhair dye\b|\bcontact dermatitis\b"
    ),
    # -- stop 45: one swollen, hot or red leg (a possible DVT), and the emergency signs a
    # nurse asks before an urgent close. The leg and its sign are the emergency reader's own
    # (one leg, the calf, the thigh, behind the knee; never "legs" or "calves", a tired
    # heart's); pain alone is a clot only with a reason for one (a flight, an operation, days
    # in bed, a cast, the pill, a baby), or an aching leg after a long walk would be one.
    "leg_clot": emergency.CONCEPTS["leg_clot"],
    "leg_excuse": emergency.CONCEPTS["leg_excuse"],
    "leg_swell": (
        r"\b(?:swollen|swelling|swell\w*|swolen|puffy|fat|fatter|bigger|thicker|tight|tighter|"
        r"hard|red|hot|warm|heavy)\b"
    ),
    "clot_risk": (
        r"\bfl(?:ight|ights|ew|own|ying)\b|\bplane\b|\blong (?:drive|journey|haul|trip)\b|"
        r"\bdrove\b|\bcoach\b|\boperation\b|\bop\b|\bsurgery\b|\bhad my \w+ (?:done|replaced)\b|"
        r"\breplacement\b|\bcast\b|\bplaster\b|\b(?:in|to) bed\b|\blaid up\b|\bbed ?bound\b|"
        r"\bimmobil\w*|\bthe pill\b|\bcontracepti\w*|\bhrt\b|\bpregnan\w*|\bc ?section\b|"
        r"\bcaesarean\b|\b(?:had|gave birth to) (?:a|my|the) baby\b|\bcancer\b|\bchemo\w*"
    ),
    # A clot gone to the lungs, as a patient answers the nurse: short of breath, a chest pain,
    # a pain on breathing in, blood coughed up.
    "clot_lungs": "|".join(
        (
            urgent.CONCEPTS["breath"],
            emergency.CONCEPTS["clot_breath"],
            emergency.CONCEPTS["breath_pain"],
            emergency.CONCEPTS["cough_blood"],
            r"\bchest\b",
        )
    ),
    "skin_reaction": (
        r"\brash\w*|\bbumps?\b|\bbumpy\b|\bhives\b|\bwelts?\b|\bitch\w*|\bred\b|"
        r"\bblister\w*|\bstinging\b|\bstings\b|\bspots\b|\bblotch\w*|\bburn\w*|\btingl\w*"
    ),
    # -- stop 46: a water infection and a sore or sticky eye. "it stings when I pee" was no bite
    # (above); here it is the complaint, said by what it feels like, how often, or its name.
    "waterworks": (
        r"\bwater infection\b|\burine infection\b|\buti\b|\bcystitis\b|\bbladder infection\b|"
        r"\b(?:burn\w*|sting\w*|kills|hurts|painful|pain|agony) (?:\w+ ){0,3}(?:when|while|after|"
        r"as) (?:i |you |she |he |they )?(?:pee|wee|urinat|pass water|go to the (?:toilet|loo))\w*|"
        r"\b(?:pee|wee|peeing|weeing|urine|urinating|passing water) (?:\w+ ){0,3}(?:burn\w*|"
        r"sting\w*|hurts|kills|painful|smells?|smelly|cloudy|stinks|blood\w*)\b|"
        r"\b(?:burning|stinging|cloudy|smelly|bloody) (?:pee|wee|urine)\b|\bpeeing blood\b|"
        r"\b(?:hurts|burns|stings|painful|agony|sore) to (?:pee|wee|urinate|pass water)\b|"
        r"\bblood in (?:my |the |his |her )?(?:pee|wee|urine)\b|"
        r"\b(?:toilet|loo)\b(?:\W+\w+){0,5}?\W+(?:burn|sting)\w*"
    ),
    # What makes a water infection one to be seen today: it has gone up to the kidneys (a
    # temperature or shivers, a pain in the back or side, being sick), blood in the pee, or a
    # pregnancy.
    "kidney": (
        r"\bfevers?\b|\btemperature\b|\bhigh temp\b|\bshiver\w*|\bchills\b|\brigou?rs\b|"
        r"\bhot and cold\b|\bfeverish\b|\bfeel\w* (?:really )?hot\b|"
        r"\b(?:back|side|loin|flank|kidneys?)\b (?:\w+ ){0,3}(?:pain\w*|ache\w*|aching|hurt\w*|"
        r"sore|kills?)\b|\b(?:pain|ache|aching|hurts?|hurting|sore) (?:\w+ ){0,3}(?:back|side|"
        r"loin|flank|kidneys?)\b|\bvomit\w*|\b(?:been|being) sick\b|\bthrow\w* up\b|\bthrew up\b"
    ),
    # Going often and a burning said in another clause ("keep needing the toilet and it burns").
    "toilet_often": (
        r"\b(?:need\w*|going|go|goes|running|run|up|dashing|rushing) (?:to )?(?:the )?(?:toilet|"
        r"loo|bathroom)\b|\b(?:toilet|loo)\b (?:\w+ ){0,2}(?:all the time|constantly|every|loads|"
        r"lots|non ?stop)\b|\b(?:pee|wee)\w* (?:\w+ ){0,2}(?:all the time|constantly|every|loads|"
        r"non ?stop)\b"
    ),
    "burns": r"\bburn\w*|\bsting\w*",
    # Signs of another illness beside a water infection or a sore eye ("red eyes, a rash all
    # over and a cough"): the pack's causes decide, as for an injury.
    "other_illness": (
        r"\bcough\w*|\brash\w*|\bspots\b|\bsore throat\b|\bchest\b|\bheadaches?\b|"
        r"\brunny nose\b|\bsneez\w*|\bbreath\w*|\bswollen (?:face|lips?|tongue)\b|"
        # Hay fever: the nose runs with the eyes ("cant stop sneezing" reads as a denial).
        r"\bnose (?:\w+ ){0,2}(?:runs|running|run|streaming|streams|blocked|stuffed)\b|"
        r"\bhay ?fever\b|\bpollen\b|\ballerg\w*"
    ),
    "pee_blood": r"\bblood\w*|\bpink\w*|\bred\b|\bbrown\b|\bcola\b",
    "pregnant": r"\bpregnan\w*|\bexpecting (?:a baby|twins)\b|\bweeks gone\b",
    "sore_eye": (
        r"\bconjunctivitis\b|\bpink ?eye\b|\bstyes?\b|\beyes? (?:\w+ ){0,4}(?:red|pink\w*|sticky|"
        r"gunky|gunk|gritty|grit|sand|itchy|itch\w*|watering|watery|streaming|crusty|crusted|"
        r"sore|weeping|glued|swollen|puffy|bloodshot)\b|\b(?:red|pink|sticky|gunky|gritty|itchy|"
        r"watery|streaming|crusty|bloodshot|sore|weepy|puffy) (?:\w+ ){0,2}eyes?\b|"
        r"\blashes (?:\w+ ){0,3}(?:stuck|glued)\b"
    ),
    # An eye to be seen today: the sight changed, a real pain, light that hurts it.
    "eye_serious": (
        r"\bblur\w*|\b(?:can not|cannot|unable to) see\b|\b(?:vision|sight)\b (?:\w+ ){0,3}"
        r"(?:gone|changed|worse|blurr\w*|funny|strange|odd|cloudy|misty)\b|\b(?:light|bright|sun)"
        r"\w* (?:\w+ ){0,3}(?:hurts?|unbearable|painful|kills?)\b|\b(?:hurts?|painful|kills?) "
        r"(?:\w+ ){0,3}(?:light|bright)\b|\bsensitive to (?:the )?light\b|\bphotophob\w*|"
        r"\breally (?:hurts|painful|sore)\b|\b(?:severe|bad|awful|terrible|real|proper) pain\b|"
        r"\bit (?:hurts|is painful)\b"
    ),
    # Or something got into it or hit it, or a contact lens wearer's red eye (an ulcer).
    "eye_injury": (
        r"\bcontact lens\w*|\bcontacts\b|\b(?:got|flew|went|gone|something|bits?|piece) "
        r"(?:\w+ ){0,3}(?:in|into) (?:my |the |his |her )?eyes?\b|\bhit (?:\w+ ){0,3}eyes?\b|"
        r"\bpoked\b|\bscratch\w* (?:\w+ ){0,2}eyes?\b|\bmetal\b|\bgrind\w*|\bsplinter\b"
    ),
    # Ringing, or a blocked, full or muffled ear (stop 46); an earache or a leaking ear is the
    # pack's (it knows a middle-ear infection).
    "ear_trouble": (
        r"\btinnitus\b|\b(?:ring\w*|whin\w*|whistl\w*|buzz\w*|hiss\w*|humm\w*) (?:\w+ ){0,4}"
        r"ears?\b|\bears? (?:\w+ ){0,4}(?:ring\w*|whin\w*|whistl\w*|buzz\w*|hiss\w*|blocked|"
        r"full|muffled|popp\w*|bunged|echo\w*|plugged|underwater|under water|cotton wool)\b|"
        r"\b(?:deaf|hearing) (?:\w+ ){0,3}(?:ears?|"
        r"muffled|gone|went|lost)\b|\bsounds? (?:\w+ ){0,3}muffled\b|\b(?:can not|cannot) hear\b"
    ),
    "ear_pain": (
        r"\bear ?aches?\b|\b(?:pain\w*|hurt\w*|sore|throbb\w*|ach\w*) (?:\w+ ){0,4}"
        r"(?:ears?|earlobes?)\b|\b(?:coming|leaking|oozing|dripping|running) out of (?:it|my ear|"
        r"the ear)\b|\bdischarg\w*|\bpus\b|"
        r"\bears? (?:\w+ ){0,3}(?:hurt\w*|pain\w*|sore|throbb\w*|ach\w*|leak\w*|ooz\w*|"
        r"discharg\w*|pus)\b|\b(?:pus|fluid|gunk|discharge) (?:\w+ ){0,3}ears?\b"
    ),
    # To be seen today: the hearing in one ear gone suddenly, or the room spinning.
    "ear_sudden": (
        r"\bsudden\w*|\bgone\b|\bwent deaf\b|\bovernight\b|"
        r"\bdeaf\b|\blost (?:\w+ ){0,2}hearing\b|\bspin\w*|\bvertigo\b|\bdizz\w*|\bbalance\b"
    ),
    # A toothache, a sore or swollen gum, a lost filling or a broken tooth (stop 46).
    "tooth": (
        r"\btooth ?aches?\b|\btooth\b|\bteeth\b(?! (?:are |were |keep |kept )?chatter)|\bgums?\b|"
        r"\bfilling\b|\bwisdom tooth\b|"
        r"\babscess\w*|\bmolars?\b|\bdentist\w*|\bdental\b"
    ),
    # The swelling of a tooth's infection spreading to the eye or the neck, or the throat
    # closing (NHS: A&E): an emergency whatever else is said.
    "dental_airway": (
        r"\bswell\w* (?:\w+ ){0,6}(?:eye|neck|throat)\b|\b(?:eye|neck|throat) (?:\w+ ){0,3}"
        r"(?:swell\w*|swollen)\b|\b(?:hard|difficult|struggl\w*|can not|cannot|unable) (?:\w+ )"
        r"{0,2}(?:to )?(?:breathe|breathing|swallow\w*|open (?:my|his|her) mouth)\b|"
        r"\btrouble (?:breathing|swallowing)\b"
    ),
    # To see an urgent dentist today: the face, cheek or jaw swollen, or a temperature.
    "dental_seen": (
        r"\b(?:face|cheek|jaw|chin)\b (?:\w+ ){0,4}(?:swell\w*|swollen|puff\w*|bigger)\b|"
        r"\b(?:swell\w*|swollen|puff\w*) (?:\w+ ){0,3}(?:face|cheek|jaw|chin)\b|\bfevers?\b|"
        r"\btemperature\b|\bhot and (?:cold|shivery)\b|\bshiver\w*|\bfeel\w* (?:really )?hot\b"
    ),
    # Diarrhoea, or being sick with a bug or after food (stop 46). Being sick alone is many
    # things (a migraine, a pregnancy, a knock to the head): the pack's.
    "gastro": (
        r"\bfood poisoning\b|\b(?:stomach|tummy|sickness|vomiting|winter vomiting) bug\b|"
        r"\bnoro ?virus\b|\bd ?(?:and|&|n) ?v\b|\bgastro(?:enteritis)?\b|\bdodgy (?:kebab|curry|"
        r"takeaway|food|chicken|prawns?|meal|burger|sandwich|pizza)\b|\bsomething i ate\b"
    ),
    # Loose stools with being sick or of a few days: a bug, as a nurse hears it. Loose stools
    # alone ("I have had diarrhea or an increase in stool frequency", a DDXPlus opening) are
    # the pack's: many of its causes have them.
    "loose": (
        r"\bdiarrh?o?ea\w*|\bdiahr+o?ea\w*|\bthe runs\b|\bthe trots\b|\bloose (?:stools?|poos?|"
        r"bowels?)\b|\brunny (?:poos?|stools?)\b|\bon the (?:toilet|loo) (?:all|every|constantly|"
        r"non ?stop)"
    ),
    "vomiting": (
        r"\bvomit\w*|\b(?:been|being|was|keep being) sick\b|\bsick (?:twice|all night|"
        r"everywhere|\w+ times)\b|\bthrow\w* up\b|\bthrew up\b|\bpuk\w*"
    ),
    "recent": (
        r"\bsince (?:last night|yesterday|this morning|the weekend|(?:mon|tues|wednes|thurs|fri|"
        r"satur|sun)day)\b|\b(?:for|past|last) (?:a|one|two|three|four|\d|a couple of|a few) "
        r"(?:days?|nights?)\b|\bovernight\b|\btoday\b|\ball (?:night|morning|day)\b"
    ),
    # Sick with blood or coffee grounds in it: an emergency (the emergency reader's own words
    # for it come first; this reads the answer to the nurse's question too).
    "sick_blood": (
        r"\b(?:sick|vomit\w*|throw\w* up|threw up|puk\w*|brought up|bringing up)\b (?:\w+ ){0,5}"
        r"(?:blood\w*|coffee)|"
        r"\bcoffee (?:ground|granule)s?\b|\bblood\w* (?:\w+ ){0,3}(?:sick|vomit\w*)"
    ),
    # Dehydrated: nothing stays down, hardly peeing or very dark, dizzy or faint standing.
    "dehydrated": (
        r"\b(?:can not|cannot|unable to|not able to) (?:\w+ ){0,2}keep (?:\w+ ){0,3}down\b|"
        r"\bnothing (?:\w+ ){0,2}(?:stays|staying) down\b|\bhardly (?:peed|weed|peeing|weeing)\b|"
        r"\bnot (?:peed|weed|been for a wee|passed water)\b|\bdark (?:pee|wee|urine)\b|"
        r"\b(?:pee|wee|urine) (?:\w+ ){0,2}dark\b|\bdizzy\b|\blight ?headed\b|\bfaint\w*|"
        r"\bno wet nappies\b|\bdry nappies\b|\bsunken\b|\bdehydrat\w*"
    ),
    # Blood in the poo, or a belly pain that is bad and does not ease: seen today.
    "gut_seen": (
        r"\bblood\w*|\bblack (?:poo|stools?|tarry)\b|\b(?:bad|severe|constant|agonising|"
        r"unbearable|terrible|awful) (?:\w+ ){0,2}(?:stomach|tummy|belly|abdominal) "
        r"(?:pain|ache)\b|"
        r"\b(?:stomach|tummy|belly) (?:pain|ache) (?:\w+ ){0,3}(?:will not|does not|not) "
        r"(?:go|ease|stop)\b|\bbile\b|\bswollen (?:belly|tummy|stomach)\b"
    ),
    # A headache or a migraine like the usual ones (stop 46); beside a fever, a cough or a
    # cold, the pack's causes decide (head_other).
    "headache": (
        r"\bheadaches?\b|\bhead ?ache\b|\bmigraines?\b|\bhead (?:is |has been )?(?:pounding|"
        r"throbbing|banging|killing (?:me|him|her))\b|\bthrobbing temples?\b"
    ),
    "head_other": (
        r"\bfevers?\b|\btemperature\b|\bcough\w*|\bsore throat\b|\brunny nose\b|\bsneez\w*|"
        r"\bflu\b|\bchest\b|\bbreath\w*|\bsinus\w*|\bdiarrh?o?ea\b|\bblocked nose\b|"
        # A history, not a complaint ("a member of my family has migraines").
        r"\bfamily\b|\bdiagnosed\b|"
        # An eye that reddens, waters or droops with it: the pack knows a cluster headache.
        r"\beyes? (?:\w+ ){0,4}(?:red|water\w*|tear\w*|stream\w*|droop\w*)|\b(?:red|watery|"
        r"watering|droopy) (?:\w+ ){0,2}eyes?\b"
    ),
    # Seen today: after a knock to the head, worse each morning (with being sick), the sight
    # changed, a tender temple or scalp.
    "head_seen": (
        r"\b(?:bang\w*|bump\w*|hit|knock\w*|bash\w*|smack\w*|fell|fall\w*)\b (?:\w+ ){0,5}"
        r"head\b|\bhead (?:\w+ ){0,2}(?:injury|knock)\b|\bevery morning\b|\bworse (?:in|each|"
        r"every|first thing in) (?:the )?morning|\bblur\w*|\bdouble vision\b|\bsight\b (?:\w+ )"
        r"{0,3}(?:gone|changed|blurr\w*|worse)|\btender\b|\bjaw (?:\w+ ){0,3}(?:chew\w*|eating)\b"
    ),
    # An emergency as a patient answers the nurse: sudden and severe, a stiff neck, a rash,
    # weakness or trouble speaking (the emergency reader's own rules read the opening).
    "head_emergency": (
        r"\bsudden\w*|\bthunderclap\b|\bworst (?:\w+ ){0,3}(?:headache|pain)|\bstiff neck\b|"
        r"\bneck (?:is |feels )?stiff\b|\brash\b|\bweak\w*|\bslurr\w*|\b(?:can not|trouble) "
        r"speak\w*|\bconfus\w*"
    ),
    # -- stop 48: dizziness the pack has no cause for: the room spinning (vertigo), or dizzy
    # spells brought on by a change of position (turning over in bed, looking up, standing up).
    # Plain dizziness stays the pack's (anaemia, a racing heart, a panic attack list it).
    "vertigo": (
        r"\bvertigo\b|\b(?:room|world|everything|ceiling) (?:\w+ ){0,3}(?:spin\w*|spun|"
        r"(?:goes|going|went|go) (?:round|around))\b"
    ),
    "dizzy_word": r"\bdizz\w*|\blight ?headed\b|\bwoozy\b|\bgiddy\b|\bspinn?\w*",
    "dizzy_move": (
        r"\b(?:stand\w*|get|gets|getting|got|sit|sits|sitting|sat) up\b|\bout of (?:bed|a chair)"
        r"\b|\b(?:turn\w*|roll\w*) (?:over|my head|onto)\b|\blook\w* up\b|\bbend\w* (?:down|"
        r"over)\b|\b(?:lie|lying|lay) down\b|\b(?:tilt\w*|mov\w*) (?:my |the )?head\b"
    ),
    # Beside dizziness, what the pack's causes of it say: its questions decide.
    "dizzy_pack": (
        r"\bpalpitat\w*|\bheart\b|\bpounding\b|\bracing\b|\bpale\b|\bpanic\w*|\bhives\b|"
        r"\bflush\w*|\btired\b|\bexhausted\b|\bno energy\b"
    ),
    # The nurse's questions' signs, as a patient answers them (NHS dizziness: 999 with a
    # drooping face, a weak or numb limb, slurred speech, double vision, a sudden severe
    # headache, chest pain, a very fast, slow or irregular heartbeat, blacking out).
    "dizzy_stroke": (
        r"\blost (?:my |his |her )?balance\b|"
        r"\bdroop\w*|\b(?:weak|numb)\w* (?:\w+ ){0,3}(?:arm|leg|face|side)s?\b|\bslurr\w*|"
        r"\bdouble vision\b|\bseeing double\b|\bworst headache\b|\bsudden (?:\w+ )?headache\b"
    ),
    "dizzy_heart": (
        r"\bchest pain\b|\bpain (?:\w+ ){0,2}chest\b|\bblack(?:ed)? out\b|\bpass(?:ed)? out\b|"
        r"\bfainted\b|"
        r"\bheart (?:\w+ ){0,3}(?:racing|pounding|irregular|skipping|fast|slow)\b"
    ),
    "dizzy_seen": (
        r"\b(?:hearing|ear) (?:\w+ ){0,3}(?:dull\w*|muffled|gone|ring\w*|lost)\b|\btinnitus\b|"
        r"\b(?:all day|for hours|non ?stop|constant\w*|will not stop|does not stop)\b"
    ),
    # -- stop 47: an everyday complaint the pack has no cause for, read by meaning
    # (bots.safety.everyday_meaning): the red flags any nurse asks of any minor complaint.
    # Much worse quickly, so bad the day stops, a high temperature.
    "everyday_worse": (
        r"\bmuch worse\b|\bworse and worse\b|\bworse (?:\w+ ){0,2}(?:quickly|fast|rapidly|by the "
        r"hour)\b|\bspread\w* (?:\w+ ){0,2}(?:quickly|fast|rapidly)\b|\bunbearable\b|"
        r"\bexcruciating\b|\bworst (?:\w+ ){0,3}ever\b|\bsevere\w*|\b(?:can not|cannot|unable to) "
        r"(?:get on with|carry on|cope|function|go to work)\b|\bfevers?\b|\bhigh temp\w*|"
        r"\btemperature\b|\bfeverish\b|\bshiver\w*|\bhot and (?:cold|shivery)\b|\bfeel\w* "
        r"(?:really |very )?hot\b"
    ),
    # Bleeding that does not stop, or no fluids kept down, or no urine passed.
    "everyday_body": (
        r"\bstill (?:bleed\w*|pouring)\b|\bwill not stop bleeding\b|\bbleed\w* (?:\w+ ){0,3}"
        r"(?:will not|does not|not) stop\w*|\bkeeps? (?:bleeding|pouring)\b|\bspurt\w*|\bgush\w*|"
        r"\b(?:can not|cannot|unable to|not able to) (?:\w+ ){0,2}(?:keep (?:\w+ ){0,3}down|pee|"
        r"wee|pass (?:urine|water)|eat or drink|drink)\b|"
        r"\bnothing (?:\w+ ){0,2}(?:stays|staying) down\b|"
        r"\bhardly (?:peed|weed|peeing|weeing)\b|\bnot (?:peed|weed|been for a wee|passed (?:urine|"
        r"water))\b|\bno wet nappies\b|\bdry nappies\b"
    ),
    # A baby under a year, a pregnancy, a weakened immune system: a pharmacist sends them on.
    "everyday_vulnerable": (
        r"\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|eleven) (?:days?|weeks?|"
        r"months?) old\b|\bnew ?born\b|\binfant\b|\b(?:my|our|the) baby\b|\bpregnan\w*|"
        r"\bexpecting (?:a baby|twins)\b|\bweeks gone\b|\bimmun\w*|\bchemo\w*|\bsteroid\w*|"
        r"\btransplant\b|\bcancer treatment\b|\bhiv\b"
    ),
    # Straining on the toilet is no strained muscle (the injury row's "strain").
    "bowel": (r"\bstrain\w* (?:\w+ ){0,3}(?:loo|toilet|poo\w*)\b|\bconstipat\w*|\bbunged up\b"),
    # A hangover's pounding head is the hangover's, not a headache's row (its questions ask
    # about being sick, which a hangover is).
    "hangover": (
        r"\bhang ?overs?\b|\bhung ?over\b|\b(?:drank|drunk|drinking) (?:\w+ ){0,3}(?:too much|"
        r"loads|a lot)\b|\btoo many (?:drinks|pints|beers|glasses)\b|\bbooze\b"
    ),
    # What the pack's own presentations say beside an everyday complaint: its causes decide.
    "pack_sign": (
        r"\bfevers?\b|\btemperature\b|\bfeverish\b|\bvomit\w*|\bthrow\w* up\b|\bthrew up\b|"
        r"\bdiarrh?o?ea\b|\bwheez\w*|\bpalpitat\w*|\bheart\b|\bfaint\w*|\bdizz\w*"
    ),
}
_COMPILED = {name: re.compile(pattern) for name, pattern in CONCEPTS.items()}
RULES: Mapping[str, tuple[Rule, ...]] = {
    **{name: (Rule((name,)),) for name in CONCEPTS},
    "waterworks": (Rule(("waterworks",)), Rule(("toilet_often", "burns"))),
    "dizzy": (Rule(("vertigo",)), Rule(("dizzy_word", "dizzy_move"))),
    "gastro": (Rule(("gastro",)), Rule(("loose", "vomiting")), Rule(("loose", "recent"))),
    # One leg swollen, hot or red, or sore for a reason a clot has; a knock, a sport, cramps
    # at night excuse it in their own clause (the emergency reader's excuse).
    "clot": (
        Rule(("leg_clot", "leg_swell"), ("leg_excuse",)),
        Rule(("leg_clot", "clot_risk"), ("leg_excuse",)),
    ),
}
_OWN_NEGATION = frozenset({"anaphylaxis", "serious_injury", "bleeding", "clot_lungs"})
# What bit or what happened is the complaint even when it was last month ("tick bite last
# month and now a fever"), and a sign of what follows a bite is read in that same sentence:
# the past does not discard them (negation still does).
_CLASSES = frozenset(
    {
        "insect",
        "tick",
        "animal_bite",
        "bat",
        "snake",
        "injury",
        "lyme",
        "infection",
        # A cut, a burn in the sun or a touch of a plant is told in the past ("caught my leg
        # on a rusty nail", "fell asleep in the sun and burnt my face"), and so is what it did.
        "cut",
        "wound_seen",
        "festering",
        "sunburn",
        "sun_blister",
        "sun_unwell",
        "contact",
        "skin_reaction",
        # A flight, an operation or a week in bed is told in the past ("flew back on tuesday").
        "clot_risk",
        "leg_excuse",
        # "splashed", "flew into my eye", "burnt when i weed this morning": told in the past.
        "waterworks",
        "toilet_often",
        "burns",
        "sore_eye",
        "eye_injury",
        "ear_trouble",
        "ear_sudden",
        "tooth",
        "dental_seen",
        "gastro",
        "loose",
        "vomiting",
        "recent",
        "dehydrated",
        "gut_seen",
        "headache",
        "head_seen",
        # "the room spun when i turned over last night": told in the past.
        "vertigo",
        "dizzy_word",
        "dizzy_move",
        # "had chemo in the summer", "since having the baby": told in the past.
        "everyday_vulnerable",
        "bowel",
        "hangover",
    }
)

_NO_DIAGNOSIS = (
    "The questions I ask come from a medical dataset that has no {what} in it, so I can't "
    "suggest a cause; this is what a nurse would usually advise."
)
_BITE_HOME = (
    "For a bite or sting with a local swelling and itch: wash it, hold something cold on it, "
    "keep the area raised, try not to scratch, and ask a pharmacist about an antihistamine or "
    "a cream. If your lips, tongue or throat swell, it gets hard to breathe or swallow, or you "
    "feel faint, call emergency services (112 or 911) at once. See a doctor if the redness "
    "spreads, it oozes, or you get a fever."
)
_TICK_HOME = (
    "After a tick bite: if any of the tick is still in, remove it with fine tweezers close to "
    "the skin and wash the area. Watch the skin for the next month: see a doctor if a red ring "
    "or spreading rash appears, or you get a fever or flu-like aches."
)
_ANIMAL_HOME = (
    "For an animal bite that did not break the skin: wash it with soap and water. Get it seen "
    "today if the skin is broken, it bleeds, or it becomes red, hot or swollen."
)
_INJURY_HOME = (
    "For a sprain or strain you can still put weight on or use: rest it for a day or two, hold "
    "ice wrapped in a towel on it for up to 20 minutes every few hours, keep it raised, and ask "
    "a pharmacist about pain relief. Get it seen today if you can no longer put weight on it or "
    "use it, it looks out of shape, or it goes numb; see your doctor if it is not improving "
    "after a week."
)
_CUT_HOME = (
    "For a small cut or graze: press on it with a clean cloth until it stops bleeding, rinse it "
    "under running water, and cover it with a plaster or a dressing. Get it seen today if it "
    "gapes open, is deep, goes numb beyond it, has something in it, or came from something "
    "dirty or rusty (it may need stitches or a tetanus jab), or if it turns red, hot or oozes. "
    "If it keeps bleeding after 10 minutes of firm pressure, call emergency services (112 or "
    "911) or go to the emergency department."
)
_SUN_HOME = (
    "For mild sunburn: get out of the sun, cool the skin with a cool shower or damp cloths, "
    "drink plenty of water, use an after-sun or aloe vera cream, and ask a pharmacist about "
    "pain relief. Get advice today if it blisters over a large area or you get a high "
    "temperature, shivers, a headache, dizziness or feel sick. If someone becomes confused, "
    "faints or has a fit, call emergency services (112 or 911) at once."
)
_CONTACT_HOME = (
    "For a rash from something that touched the skin (nettles, a plant, a new product): wash "
    "the area with soap and water, avoid what caused it, hold something cool on it, and ask a "
    "pharmacist about an antihistamine or a soothing cream. If your face, lips or tongue swell "
    "or it gets hard to breathe, call emergency services (112 or 911) at once. See a doctor if "
    "it spreads, blisters and weeps, or has not settled in a few days."
)
_WATER_HOME = (
    "For burning or stinging when you pee, needing to go often or cloudy, strong-smelling pee: "
    "drink plenty of water, take paracetamol for the pain, and ask "
    "a pharmacist today: many can treat it without a GP appointment. See a doctor today if you "
    "get a temperature or shivers, a pain in your back or side, are sick, or see blood in your "
    "pee; and if it is not better in 2 days."
)
_EYE_HOME = (
    "For a red, sticky, gritty, itchy or watering eye with your sight as usual: wash your lashes "
    "gently with cooled boiled water on cotton wool, do not wear contact lenses until it has "
    "cleared, do not share towels, and ask a pharmacist (they can suggest drops). Get it "
    "checked today if your sight changes, it becomes really painful, or light hurts it."
)
_EAR_HOME = (
    "Ringing or a blocked, muffled ear after loud music, a flight or a cold usually settles by "
    "itself within a few days to a couple of weeks. For a blocked ear, try swallowing, yawning "
    "or chewing, or pinch your nose and blow gently; a pharmacist can suggest drops or a "
    "decongestant. Do not push anything into the ear. See your doctor if it lasts more than a "
    "couple of weeks or keeps coming back; get it checked today if the hearing in one ear goes "
    "suddenly, the room starts spinning, or the ear becomes painful or leaks."
)
_TOOTH_HOME = (
    "For a toothache, a sore gum or a lost filling: take paracetamol or ibuprofen as the packet "
    "says, avoid very hot, cold or sweet food on that side, and book a dentist (if you do not "
    "have one, NHS 111 can find an urgent dental appointment). Get it seen today if your face, "
    "cheek or jaw swells or you get a temperature. If the swelling spreads to your eye or neck, "
    "or it gets hard to breathe or swallow, go to the emergency department or call emergency "
    "services (112 or 911)."
)
_BUG_HOME = (
    "For diarrhoea or being sick with a bug or after food: drink plenty of fluids in small sips "
    "(a pharmacist's rehydration sachets help), eat when you feel able, wash your hands often, "
    "and stay off work or school until 48 hours after it stops. Get advice today if you cannot "
    "keep fluids down, hardly pee or your pee is very dark, feel dizzy when you stand, see "
    "blood in your poo, or have a bad belly pain that does not ease; if you are sick with blood "
    "or something like coffee grounds, call emergency services (112 or 911)."
)
_HEAD_HOME = (
    "For a tension headache or a migraine like your usual ones: drink water, rest, take "
    "paracetamol or ibuprofen as the packet says (not on more than a few days a week), and take "
    "breaks from screens. See your doctor if headaches keep coming back or change. Get it "
    "checked today if it started after a knock to the head, is worse every morning with being "
    "sick, or your sight changes. If it came on suddenly and severely, or comes with a stiff "
    "neck, a rash that does not fade, weakness or trouble speaking, call emergency services "
    "(112 or 911)."
)
# Stop 48 (NHS dizziness, vertigo, benign paroxysmal positional vertigo).
_DIZZY_HOME = (
    "Brief dizziness or a spinning feeling when you turn over in bed, look up, bend down or "
    "stand up often comes from the inner ear or from a dip in blood pressure as you stand, and "
    "usually settles. Get up slowly, sit or lie down until it passes, drink enough fluids, and "
    "keep off ladders and do not drive while it happens. See your doctor if it keeps coming "
    "back or gets in the way of your life; a doctor can check the ear and show you exercises "
    "that often stop positional vertigo. If it comes with a drooping face, a weak or numb arm "
    "or leg, slurred speech, double vision, a sudden severe headache, chest pain, a very fast "
    "or irregular heartbeat or blacking out, call emergency services (112 or 911)."
)
# Stop 47: any everyday complaint the pack has no cause for (read by meaning). Named by no
# condition: the reading is of a class, not a diagnosis.
_EVERYDAY_HOME = (
    "For an everyday complaint like this, a pharmacist is a good place to start: they can "
    "advise you and suggest something to help, without an appointment. See your doctor if it "
    "is not getting better after a week or two, keeps coming back, or you are worried. Get "
    "advice today (your doctor's urgent line, NHS 111 or urgent care) if it gets much worse "
    "quickly, you get a high temperature, bleeding does not stop, or you cannot keep fluids "
    "down or pass urine."
)
_SEEN = {
    "bite": "A bite through the skin needs to be cleaned and checked today (antibiotics, tetanus).",
    "bat": "A bat bite or scratch needs to be seen today, even a small one (rabies).",
    "infection": "Spreading redness, heat, pus or a fever after a bite or sting can be an "
    "infection that needs to be seen today.",
    "lyme": "A ring-shaped rash or a fever after a tick bite needs to be seen by a clinician "
    "(today or at the first appointment): it may need antibiotics.",
    "wound": "A cut that gapes, is deep, goes numb beyond it, has something in it or came "
    "from something dirty or rusty needs to be seen today (stitches, cleaning, a tetanus jab): a "
    "minor injuries unit or urgent care.",
    "cut_infection": "A cut that turns red and the redness spreads, is hot, oozes pus or "
    "comes with a fever may be infected and needs to be seen today.",
    "sun": "Sunburn that blisters over a large area, or with a fever, shivers, a headache, "
    "dizziness or sickness, needs advice today (NHS 111, a GP or urgent care): it can be heat "
    "exhaustion.",
    "contact": "A rash from something that touched the skin that spreads, blisters and weeps, "
    "or is hot with pus or a fever, needs to be seen today.",
    # Stop 45: a "not sure" to the nurse's emergency question, asked twice, is no yes; it is
    # seen today, with the one sign to call for.
    "unsure_bleeding": "You weren't sure the bleeding had stopped, so please have it checked "
    "today. If it is still bleeding after 10 minutes of firm pressure, or it soaks through what "
    "you press on it, call emergency services (112 or 911) now.",
    "dizzy": "Dizziness with the hearing in one ear dulled or ringing, or an attack that does "
    "not stop for hours, needs to be checked today: your doctor's urgent line, NHS 111 or "
    "urgent care.",
    "unsure_dizzy_stroke": "You weren't sure about your balance or the signs of a stroke, so "
    "please get the dizziness checked today. If you cannot walk straight, your face droops, an "
    "arm or leg goes weak or numb, your speech slurs or you see double, call emergency services "
    "(112 or 911) at once.",
    "unsure_dizzy_heart": "You weren't sure about fainting or your heart, so please get the "
    "dizziness checked today. If you get chest pain, your heartbeat becomes very fast or "
    "irregular, or you faint, call emergency services (112 or 911) at once.",
    "unsure_anaphylaxis": "You weren't sure about the signs of a serious allergic reaction, so "
    "please get it checked today. If your lips, tongue or throat swell, your throat feels tight, "
    "it gets hard to breathe or swallow, or you feel faint, call emergency services (112 or "
    "911) at once.",
    "kidney": "A water infection with a temperature, shivers, a pain in your back or side, or "
    "being sick may have spread to the kidneys, and one with blood in the pee or in pregnancy "
    "needs checking too: please see a doctor today (your GP's urgent line, NHS 111 or urgent "
    "care).",
    "eye": "A red eye with the sight blurred, a real pain, light hurting it, something that got "
    "into it or hit it, or in a contact lens wearer needs to be checked today: an optician's "
    "urgent appointment, NHS 111 or an eye casualty. If you suddenly lose sight in it, go to "
    "the emergency department.",
    "ear": "Hearing that goes suddenly in one ear, or with the room spinning, needs to be "
    "checked today (your doctor's urgent line, NHS 111 or urgent care): treatment works best "
    "started early. If your face droops, an arm or leg goes weak or your speech is slurred, call "
    "emergency services (112 or 911) at once.",
    "tooth": "A tooth or gum problem with the face, cheek or jaw swollen, or a temperature, can "
    "be an abscess that needs an urgent dentist today (NHS 111 can find one). If the swelling "
    "spreads to your eye or neck, or it gets hard to breathe or swallow, call emergency services "
    "(112 or 911).",
    "bug": "Diarrhoea or being sick with signs of drying out (nothing stays down, hardly "
    "peeing, dizzy standing), blood in the poo, or a bad belly pain that does not ease needs "
    "to be checked today (your doctor's urgent line, NHS 111 or urgent care).",
    "head": "A headache after a knock to the head, one that is worse every morning with being "
    "sick, or one with your sight changed or a tender temple needs to be checked today (your "
    "doctor's urgent line, NHS 111 or urgent care).",
    # Stop 47: the generic screen's flags, each said only when the patient gave it.
    "everyday_worse": "A complaint that gets much worse quickly, is so bad you cannot get on "
    "with your day, or comes with a high temperature needs a doctor today rather than only a "
    "pharmacist: your doctor's urgent line, NHS 111 or urgent care.",
    "everyday_body": "Bleeding that does not stop, not keeping fluids down, or not passing "
    "urine needs to be checked today: your doctor's urgent line, NHS 111 or urgent care. If "
    "bleeding is heavy and does not stop with 10 minutes of firm pressure, call emergency "
    "services (112 or 911).",
    "everyday_vulnerable": "For a baby under a year old, in pregnancy, or with a weakened "
    "immune system, even an everyday complaint is best checked by a doctor (or a midwife) today "
    "rather than only a pharmacist: many remedies are not suitable, and an infection can turn "
    "serious faster.",
    "injury": "An injury that takes no weight, will not move, looks out of shape, went numb or "
    "came with a knock to the head needs to be checked today (an X-ray, a minor injuries unit "
    "or urgent care).",
}


# What the nurse says of one swollen, hot or red leg (NHS: a possible DVT is seen today; with
# breathlessness or a chest pain it is 999). The pack knows a clot gone to the lungs, not one in
# the leg, so this is the nurse's level, not a diagnosis.
_CLOT_SEEN = (
    "A swollen, painful, warm or red calf or leg, more so after a flight, an operation or days "
    "in bed, can be a blood clot (DVT) and needs to be checked today: an urgent appointment "
    "with your doctor, NHS 111 or urgent care. If you become short of breath, get a pain in "
    "your chest or when you breathe in, or cough up blood, call emergency services (112 or 911) "
    "at once."
)
# How a "not sure" to a nurse's emergency question is kept with the case (``told``).
UNSURE = "unsure:"
# What a patient who could not say whether an everyday screen's flag is there is told to watch
# for (stop 48): no evidence of urgency, so a pharmacist, with when to seek care today.
_WATCH = {
    "everyday_worse": "As you were not sure, watch for these: if it gets much worse quickly, "
    "stops you getting on with your day, or you get a high temperature (38C or more) or feel "
    "hot and shivery, seek medical care today (your doctor's urgent line, NHS 111 or urgent "
    "care).",
    # What the flagged close says (its emergency a sentence under its own "If": a reader who
    # skims must not take "call emergency services" as said of their case).
    "everyday_body": _SEEN["everyday_body"],
    "everyday_vulnerable": "If this is for a baby under a year old, for someone who is or may "
    "be pregnant, or for someone whose immune system is weakened, tell the pharmacist before "
    "using any remedy, and ask a doctor (or a midwife) today: many remedies are not suitable.",
}


@dataclass(frozen=True)
class Care:
    """The table's answer: what the complaint is (for the log and the nurse), its level, and
    what to tell the patient (honest that the pack has no diagnosis for it)."""

    complaint: str
    level: str
    advice: tuple[str, ...]
    # Which of the table's complaints ("insect", "tick", "animal", "injury", "cut",
    # "sunburn", "contact"): what the nurse asks about it (bots.conversation.nurse_questions).
    kind: str = ""


def said_of(text: str, sign: str) -> bool:
    """Whether ``text`` speaks of the table's ``sign`` at all, said or denied ("it didn't
    break the skin" answers "did it break the skin?" as much as "it bled" does)."""
    return _COMPILED[sign].search(normalise(text)) is not None


def signs_said(text: str) -> frozenset[str]:
    """The table's signs and classes ``text`` says (negated ones discarded)."""
    return frozenset(
        read_kinds(text, _COMPILED, RULES, qualifiers=_CLASSES, own_negation=_OWN_NEGATION)
    )


def minor_care(text: str, told: Collection[str] = (), *, everyday: bool = False) -> Care | None:
    """The nurse's level and advice for a bite, sting or mild injury said in ``text`` (what
    the patient typed in the case), or None when none is said. ``told``: the table's signs
    the patient affirmed in answer to the nurse's own questions (a bare "yes" to "did it
    break the skin?" says no sign in words). ``everyday``: the opening was read by meaning as
    an everyday complaint the pack has no cause for (bots.safety.everyday_meaning): when no
    row applies and no sign of the pack's own illnesses is said, the generic row's level."""
    found = set(signs_said(text)) | {t for t in told if not t.startswith(UNSURE)}
    unsure = {t.removeprefix(UNSURE) for t in told if t.startswith(UNSURE)} - found
    care = _care(found)
    if care is None and everyday and not found & {"other_illness", "pack_sign"}:
        care = _everyday(found)
    seen = tuple(_SEEN[f"unsure_{sign}"] for sign in sorted(unsure) if f"unsure_{sign}" in _SEEN)
    watch = tuple(text for sign, text in _WATCH.items() if sign in unsure)
    if care is not None and watch and care.level in ("self-care", "routine"):
        # Before the home advice, which a self-care close shows as its next step.
        advice = (*care.advice[:-1], *watch, *care.advice[-1:])
        care = Care(care.complaint, care.level, advice, care.kind)
    if care is None or care.level == "emergency" or not seen:
        return care
    # The nurse asked the emergency sign twice and the patient could not say: seen today, with
    # the sign to call for (a home advice is no longer the advice).
    kept = care.advice if care.level == "urgent" else care.advice[:1]
    return Care(care.complaint, "urgent", (*kept, *seen), care.kind)


def _care(found: set[str]) -> Care | None:
    sting = bool(found & {"insect", "tick", "snake"})
    animal = bool(found & {"animal_bite"}) or ("bat" in found and "insect" in found)
    if sting or animal:
        what = "animal bites" if animal else "insect bites or stings"
        note = _NO_DIAGNOSIS.format(what=what)
        kind = "animal" if animal else "tick" if "tick" in found else "insect"
        if "snake" in found or "in_mouth" in found or "anaphylaxis" in found:
            return Care("bite or sting", "emergency", (note,), kind)
        seen = [
            _SEEN[key]
            for key, holds in (
                ("bat", "bat" in found),
                ("bite", animal and "broke_skin" in found),
                ("lyme", "tick" in found and "lyme" in found),
                ("infection", "infection" in found),
            )
            if holds
        ]
        if seen:
            return Care("bite or sting", "urgent", (note, *seen), kind)
        home = _TICK_HOME if "tick" in found else _ANIMAL_HOME if animal else _BITE_HOME
        return Care("bite or sting", "self-care", (note, home), kind)
    skin = _skin_care(found)
    if skin is not None:
        return skin
    if "clot" in found:
        return Care("leg swelling or pain", "urgent", (_CLOT_SEEN,), "clot")
    own = _common_complaint(found)
    if own is not None:
        return own
    if "injury" in found and not found & {"illness", "bowel"}:
        note = _NO_DIAGNOSIS.format(what="sprains, strains or other injuries")
        if "serious_injury" in found:
            return Care("injury", "urgent", (note, _SEEN["injury"]), "injury")
        return Care("injury", "self-care", (note, _INJURY_HOME), "injury")
    return None


@dataclass(frozen=True)
class _Row:
    """One of stop 46's common complaints: the signs that make it an emergency or care
    today, and the advice otherwise."""

    kind: str
    complaint: str
    what: str  # what the pack's dataset has none of, in the note
    emergency: frozenset[str]
    urgent: frozenset[str]
    seen: str  # the _SEEN entry said with an urgent level
    home: str

    def care(self, found: set[str]) -> Care:
        note = _NO_DIAGNOSIS.format(what=self.what)
        if found & self.emergency:
            return Care(self.complaint, "emergency", (note,), self.kind)
        if found & self.urgent:
            return Care(self.complaint, "urgent", (note, _SEEN[self.seen]), self.kind)
        # Self-care: the advice says whom to see (a pharmacist, a dentist); "routine" would add
        # "book an appointment with your doctor".
        return Care(self.complaint, "self-care", (note, self.home), self.kind)


_NONE: frozenset[str] = frozenset()
_TOOTH = _Row(
    "tooth",
    "tooth",
    "dental problems",
    frozenset({"dental_airway"}),
    frozenset({"dental_seen"}),
    "tooth",
    _TOOTH_HOME,
)
_HEADACHE = _Row(
    "headache",
    "headache",
    "tension headaches or migraines",
    frozenset({"head_emergency"}),
    frozenset({"head_seen"}),
    "head",
    _HEAD_HOME,
)
_BUG = _Row(
    "bug",
    "stomach bug",
    "stomach bugs or food poisoning",
    frozenset({"sick_blood"}),
    frozenset({"dehydrated", "gut_seen"}),
    "bug",
    _BUG_HOME,
)
_WATER = _Row(
    "waterworks",
    "urine infection",
    "urine infections",
    _NONE,
    frozenset({"kidney", "pee_blood", "pregnant"}),
    "kidney",
    _WATER_HOME,
)
_EYE = _Row(
    "eye",
    "sore eye",
    "eye infections",
    _NONE,
    frozenset({"eye_serious", "eye_injury"}),
    "eye",
    _EYE_HOME,
)
_EAR = _Row(
    "ear", "ear", "ringing or blocked ears", _NONE, frozenset({"ear_sudden"}), "ear", _EAR_HOME
)

_DIZZY = _Row(
    "dizzy",
    "dizziness",
    "dizziness brought on by moving or a spinning room",
    frozenset({"dizzy_stroke", "dizzy_heart"}),
    frozenset({"dizzy_seen"}),
    "dizzy",
    _DIZZY_HOME,
)

_FLAGS = ("everyday_worse", "everyday_body", "everyday_vulnerable")


def _everyday(found: set[str]) -> Care:
    """Any everyday complaint the pack has no cause for (stop 47): care today with the flag's
    own advice when one was given, else a pharmacist and self-care."""
    note = _NO_DIAGNOSIS.format(what="everyday complaints like this one")
    seen = tuple(_SEEN[flag] for flag in _FLAGS if flag in found)
    if seen:
        return Care("everyday complaint", "urgent", (note, *seen), "everyday")
    return Care("everyday complaint", "self-care", (note, _EVERYDAY_HOME), "everyday")


def _common_complaint(found: set[str]) -> Care | None:
    """A toothache, a headache, a tummy bug, a water infection, a sore or sticky eye, a ringing
    or blocked ear (stop 46), from the signs found; beside another illness, the pack's."""
    # The spreading swelling or the airway first: "hard to breathe" is another illness's word
    # too.
    if (
        "tooth" in found
        and not found & {"cut", "injury", "insect", "animal_bite"}
        and ("dental_airway" in found or "other_illness" not in found)
    ):
        return _TOOTH.care(found)
    # A knock to the head is the headache's own sign; another injury is the injury table's.
    if (
        "headache" in found
        and "hangover" not in found
        and "head_other" not in found
        and ("injury" not in found or "head_seen" in found)
    ):
        return _HEADACHE.care(found)
    if "other_illness" in found:
        return None
    for row, applies in (
        (_BUG, "gastro" in found and "injury" not in found),
        (_WATER, "waterworks" in found and "injury" not in found),
        (_EYE, "sore_eye" in found and "illness" not in found),
        (_EAR, "ear_trouble" in found and not found & {"ear_pain", "illness"}),
        (_DIZZY, "dizzy" in found and not found & {"illness", "dizzy_pack"}),
    ):
        if applies:
            return row.care(found)
    return None


def _skin_care(found: set[str]) -> Care | None:
    """Cuts and grazes, sunburn and skin contact reactions (stop 43), from the signs found; a
    cut that takes no weight or is out of shape is the injury table's."""
    if "cut" in found and not ("injury" in found and "serious_injury" in found):
        note = _NO_DIAGNOSIS.format(what="cuts or grazes")
        if "bleeding" in found:
            return Care("cut", "emergency", (note,), "cut")
        seen = [
            _SEEN[key]
            for key, holds in (
                ("wound", "wound_seen" in found),
                ("injury", "serious_injury" in found),
                ("cut_infection", "festering" in found),
            )
            if holds
        ]
        if seen:
            return Care("cut", "urgent", (note, *seen), "cut")
        return Care("cut", "self-care", (note, _CUT_HOME), "cut")
    if "sunburn" in found:
        note = _NO_DIAGNOSIS.format(what="sunburn")
        if "heatstroke" in found:
            return Care("sunburn", "emergency", (note,), "sunburn")
        if found & {"sun_blister", "sun_unwell"}:
            return Care("sunburn", "urgent", (note, _SEEN["sun"]), "sunburn")
        return Care("sunburn", "self-care", (note, _SUN_HOME), "sunburn")
    if "contact" in found and "skin_reaction" in found:
        note = _NO_DIAGNOSIS.format(what="skin reactions to nettles, plants or products")
        if "anaphylaxis" in found:
            return Care("skin contact reaction", "emergency", (note,), "contact")
        if "infection" in found:
            return Care("skin contact reaction", "urgent", (note, _SEEN["contact"]), "contact")
        return Care("skin contact reaction", "self-care", (note, _CONTACT_HOME), "contact")
    return None
