"""The offline interpreter's vocabulary: cue patterns and word lists.

All hand-written, generic English (how people say yes, no, "not sure", ask why or how, hedge,
negate, or judge a thing as fine or faulty); nothing here was learnt from dialog data. Patterns
run on text normalised by :func:`bots.language.text.normalise` (lower case, negated
contractions spelt out: "doesn't" reads "does not").
"""

from __future__ import annotations

import re

from . import text as tx

# Reliability of hedged answers ("I think so", "probably"), and of answers that report an
# appearance ("it seems to", "it looks like"). An appearance is how people report what they
# observed, not a guess: on the FloDial dev dialogs such answers were read as accurately as
# firm ones, and discounting them only left every rival cause a little plausibility (with
# enough rivals the leading cause never reached the stopping threshold), so they count fully.
HEDGE_RELIABILITY = 0.8
# An answer given with a warning that it may be wrong ("i think so but dont quote me on that"):
# more doubt than a hedge, so a conclusion resting on it shows under 80%.
DOUBT_RELIABILITY = 0.6
APPEARANCE_RELIABILITY = 1.0


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def rx(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


RESTART = rx(
    r"^/?(?:please\s+)?(?:let'?s?\s+(?:us\s+)?|can we\s+|i want to\s+)?"
    r"(?:start(?:\s+all)?\s+over|restart|start again|begin again|reset|start from scratch|"
    r"new (?:case|problem|issue|conversation)|"
    r"start a new (?:case|problem|issue|conversation))(?:\s+please)?\W*$",
)
# Who a person asks for: a human or a role, never a named thing ("my husband looked at it" and
# "the nurse said ..." tell, they do not ask; those verbs are past or not requests).
_PERSON = (
    r"(?:(?:real|live|actual|proper|human)\s+)?(?:human(?:\s+being)?s?|person|people|agent|"
    r"operator|someone|somebody|some\s+one|anyone|anybody|technician|tech|engineer|mechanic|"
    r"nurse|doctor|gp|staff|member\s+of\s+(?:staff|(?:the|your)\s+team)|advis[eo]r|"
    r"representative|rep|support(?:\s+(?:staff|team|person|agent))?|"
    r"customer\s+(?:service|support)s?|help\s*desk|(?:the|your)\s+team)s?\b"
)
# Alone as a whole message a role asks for one; "someone" alone answers a question.
_ROLE = _PERSON.replace(r"someone|somebody|some\s+one|anyone|anybody|", "")
# "one of the nurses", "any of your engineers", "one of the practice nurses": one of a group.
_DET = (
    r"(?:(?:a|an|the|some|your|(?:one|any)\s+of\s+(?:your|the|those)|a\s+member\s+of)\s+)?"
    r"(?:(?:practice|duty|on\s*call|senior|it)\s+)?"
)
# "can someone ...", "could a nurse ...", "please ...": a request, not a report.
_ASKING = r"\b(?:can|could|would|will|please|pls|plz)\s+(?:\w+\s+){0,4}?"
HUMAN = rx(
    # talk / speak / chat / deal to or with a person ("pls can i speak 2 someone").
    rf"(?<!not )\b(?:talk|speak|chat|deal)\s+(?:to|2|with)\s+{_DET}{_PERSON}",
    # "have a word with", "talk this through with", "put me in touch with" a person.
    rf"\b(?:have\s+a\s+(?:quick\s+)?word|(?:talk|go)\s+(?:this|it|things)\s+(?:through|over)|"
    rf"(?:put|get)\s+(?:me\s+)?in\s+touch)\s+with\s+{_DET}{_PERSON}",
    # "any of your engineers free to talk?"
    rf"\bany\s+of\s+(?:your|the)\s+{_PERSON}\s+(?:free|available|around)\b",
    # put me through, pass me on, transfer, connect, hand over to a person.
    rf"\b(?:put|pass|transfer|connect|hand|send|switch)\s+(?:me|this|it|my\s+case)?\s*"
    rf"(?:on|over|through|across)?\s*(?:to|with)\s+{_DET}{_PERSON}",
    r"\b(?:transfer|connect|hand)\s+me\s+(?:to|over)\b",
    r"\b(?:be|get)\s+transferred\b",
    r"\bescalate\b",
    # want / need / prefer / get me a person ("get me a real person", "i want a proper person").
    rf"(?<!not )(?<!never )\b(?:want|need|get|give|prefer|rather\s+have|like)\s+(?:me\s+)?"
    rf"(?:to\s+)?{_DET}{_PERSON}",
    rf"\b(?:can|could|may)\s+i\s+(?:have|get)\s+{_DET}{_PERSON}",
    # Is there a person ("is there an actual person i can talk to").
    rf"\b(?:is|are)\s+there\s+{_DET}{_PERSON}",
    # A person asked to act: "can a person take over", "could someone from the team look".
    rf"{_ASKING}{_PERSON}\s+(?:from\s+(?:your|the)\s+team\s+|else\s+)?(?:just\s+)?"
    r"(?:take\s+over|take\s+a\s+look|have\s+a\s+look|look\s+at|help|deal\s+with|check)",
    # Ringing a person ("can i ring someone"); being rung is bots.language.call_back's.
    rf"\b(?:can|could|may)\s+i\s+(?:just\s+)?(?:call|ring|phone)\s+{_DET}{_PERSON}",
    r"\b(?:number|helpline|phone\s+line)\s+(?:i\s+can\s+|to\s+|for\s+me\s+to\s+)"
    r"(?:call|ring|phone|contact)\b",
    r"\b(?:give|send|tell)\s+me\s+(?:a|the|your)\s+(?:phone\s+)?number\b",
    # The whole message is the role ("agent please", "customer service please", "operator").
    rf"^(?:a\s+|an\s+)?{_ROLE}(?:\s+(?:please|pls|plz|now))?\W*$",
)
GREETING = rx(
    r"^(?:hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|greetings|thanks|thank you|"
    r"thx|ok|okay|cool|great)(?:\s+(?:there|again|bot|so much))?\W*$"
)
# Of those, the ones that thank or acknowledge rather than greet: "thanks" is not answered
# with "Hello!" (lead17: a user who thanked the bot was greeted).
THANKS = rx(r"^(?:thanks|thank you|thx)\b")
ACKNOWLEDGED = rx(r"^(?:ok|okay|cool|great)\b")
# "hello?", "anyone there?", "are you still there": checking the bot is listening, read like
# a greeting (the question is asked again), never as "how do I check?" for its question mark
# nor as an answer ("is anyone there" is no "yes").
PRESENCE = rx(
    r"^(?:(?:hello|hi|hey|helo|hallo|oi)\W*)*(?:is\s+)?(?:any\s?(?:one|body)|some\s?(?:one|body))"
    r"(?:\s+(?:still|actually|even))?\s+(?:there|here|around|about)\W*$",
    r"^(?:(?:hello|hi|hey|helo|hallo|oi)\W*)*any\s?(?:one|body)\W*$",
    r"^(?:(?:hello|hi|hey|helo|hallo|oi)\W*)*(?:are|r)\s+(?:you|u)\s+(?:still\s+)?"
    r"(?:there|here|around|awake|listening|working)\W*$",
    r"^(?:(?:hello|hi|hey|helo|hallo|oi)\W*)*(?:still\s+)?there\W*$",
    r"^(?:hello+|hi+|hey+|helo+|hallo+|oi+)(?:\W+(?:hello+|hi+|hey+))*\W*$",
)
WHY = rx(
    r"^(?:but\s+|and\s+|so\s+|i must ask,?\s+)?why\b",
    r"\bhow\s+come\b",
    r"\b(?:do|did)\s+not\s+(?:know|understand|see)\s+why\b",
    r"\bwhat\s+is\s+the\s+(?:reason|point|purpose)\b",
    r"\bwhy\s+(?:are|do|did|would|does|is)\s+(?:you|it|that|this)\b",
    r"\bwhat\s+does\s+(?:that|this|it)\s+have\s+to\s+do\s+with\b",
    r"\bhow\s+is\s+(?:that|this|it)\s+(?:relevant|important|related)\b",
    r"\bwhy\s+(?:does|would)\s+(?:it|that)\s+matter\b",
    r"\bwhy\s+do\s+i\s+need\s+to\b",
)
HOW = rx(
    r"\bhow\s+(?:do|does|can|could|would|should|will|might|am|to|exactly)\b",
    r"\bhow\s+i\s+(?:can|could|would|should)\b",
    r"^what\s+(?:is|are|does|do|exactly|should|steps|would|can)\b",
    r"^what'?s\b",
    r"\bwhat\s+(?:is|are)\s+(?:a|an|the|that|this|those|these)\b",
    r"\bwhat\s+(?:does|do)\s+.{0,40}\bmean\b",
    r"\bwhat\s+steps\b",
    r"\b(?:do|did)\s+not\s+(?:even\s+)?(?:know|understand|get)\s+"
    r"(?:what|how|where|which|if|the way)\b",
    r"\b(?:do|did)\s+not\s+(?:even\s+)?know\s+(?:anything\s+)?about\b",
    r"\b(?:no|any)\s+(?:idea|clue)\s+(?:what|how|where|which)\b",
    r"\bnot\s+(?:sure|certain|aware)\s+(?:of\s+)?(?:what|how|where|which|if i can|of any)\b",
    r"\bunsure\s+(?:of\s+)?(?:what|how|where)\b",
    r"\bnot\s+knowledgeable\b",
    r"\b(?:do|did)\s+not\s+know\s+(?:the|a|any)\s+(?:method|way|procedure|steps|process)\b",
    r"\bnever\s+heard\s+of\b",
    r"\bfirst\s+time\s+i\s+am\s+hearing\b",
    r"(?:^|\b(?:you|please|to)\s+)(?:tell|show|explain|teach|walk)\s+(?:me|us)\b",
    r"^(?:please\s+)?explain\b",
    r"\bcan\s+you\s+(?:help|explain|describe|clarify)\b",
    r"\bis\s+there\s+(?:a|any)\s+(?:way|method|procedure|steps?)\b",
    r"\bare\s+there\s+(?:any\s+)?(?:ways|methods|steps)\b",
    r"\bwhere\s+(?:is|are|do|does|can|should|would|could)\b",
    r"\b(?:i\s+)?need\s+(?:some\s+)?help\s+(?:with|to|in|opening|checking|finding)\b",
    r"\bwhat\s+(?:should|do|would|can)\s+i\s+do\b",
    r"\bwhat\s+(?:is\s+)?the\s+(?:way|procedure|method|process)\b",
    r"\b(?:the|a)\s+(?:way|procedure|steps)\s+to\s+(?:check|tell|find|test|see)\b",
    r"\bi\s+(?:do|did)\s+not\s+know\s+how\b",
    r"\bhow\s+(?:exactly\s+)?(?:i|one)\b",
    r"^how\b",
)
# "I can check that", "I know how to do it": about the user's ability, not an answer.
META = rx(
    r"\bi\s+(?:can|could|will|would|am\s+able\s+to|am\s+capable\s+of|know\s+how\s+to|have\s+"
    r"done|did)\s+(?:definitely\s+|easily\s+|surely\s+)?(?:check|test|measure|inspect|verify|"
    r"do|doing|look|find\s+out|determine|examine|try|perform|disable|figure)\b",
    r"\bi\s+know\s+(?:how|the\s+steps|what\s+to\s+do)\b",
    r"\bi\s+(?:have|had)\s+done\s+(?:that|this|it)\b",
    r"\b(?:that|this|it)\s+is\s+obvious\b",
    r"\bi\s+am\s+(?:familiar|capable)\b",
    r"\blet\s+me\s+(?:check|see|look)\b",
    r"\b(?:can\s+not|unable\s+to|not\s+able\s+to)\s+(?:use|do|check|test|measure|inspect|perform|"
    r"verify)\s+(?:it|that|this|them)\b",
    r"\b(?:checking|doing|measuring|testing)\s+(?:that|this|it)\s+is\s+not\s+(?:a\s+)?"
    r"(?:problem|hard|difficult)\b",
    r"\bi\s+will\s+(?:check|look|try|test)\b",
)
UNSURE = rx(
    # A degree word does not turn doubt into a no: "not really sure", "not 100% sure".
    r"\bnot\s+(?:(?:really|quite|totally|completely|entirely|fully|too|that|so|very|overly|"
    r"absolutely|exactly|100\s*%?|a\s+hundred\s+percent)\s+)?(?:sure|certain)\b",
    r"\bunsure\b",
    r"\b(?:do|did)\s+not\s+know\b",
    r"\bno\s+(?:idea|clue)\b",
    # "i wouldn't know", "haven't got a clue", "not a clue" (lead17: read as a "no").
    r"\bwould\s+not\s+know\b",
    r"\bnot\s+(?:(?:got|have)\s+)?(?:(?:a|any)\s+(?:clue|idea)|the\s+(?:faintest|foggiest))\b",
    r"\b(?:can|could)\s+not\s+(?:really\s+|honestly\s+|truly\s+)?(?:tell|say|remember|be sure)\b",
    r"\bhard\s+to\s+(?:say|tell)\b",
    r"\bdunno\b",
    r"\bidk\b",
    r"^maybe\W*$",
    # A possibility alone, or with a remark that takes no side ("could be", "it might be",
    # "possibly, i wasnt paying much attention", "could well be"): lead18's "could be, i only
    # glanced at it" was a yes, twice, and a conclusion at 97% rested on it.
    # The remark comes after a stop or a comma: "maybe 40 mins" and "could be the battery"
    # say something.
    r"^(?:(?:hmm+|erm*|um+|uh+|well)\W+)?(?:(?:it|that|there|they)\s+)?(?:maybe|perhaps|"
    r"possibly|(?:could|might|may)\s+(?:well\s+)?be)(?:\s+so)?(?!\W*(?:not|never)\b)"
    r"(?:\W*$|\s*[,;:.?!-]+\W*(?!.*\b(?:yes|yeah|yep|yup|no|nope|nah|doubt|definitely|"
    r"probably|likely|not\s+really)\b))",
    r"^(?:i\s+)?(?:do|did)\s+not\s+remember\W*$",
    r"^(?:i\s+am\s+)?not\s+sure\b",
    r"\bnot\s+that\s+i\s+(?:know|noticed)\b",
    r"\b(?:do|did)\s+not\s+have\s+(?:that|the|this)\s+information\b",
)
# A reply that opens with a possibility ("maybe the front right gets hot", "could be, it
# did smell a bit"): where nothing else in it is read, the user's doubt.
HEDGED_START = re.compile(
    r"^(?:(?:hmm+|erm*|um+|uh+|well|oh)\W+)?(?:(?:it|that|there)\s+)?(?:maybe|perhaps|"
    r"possibly|(?:could|might|may)\s+(?:well\s+)?be)\b(?!\s+not\b)"
    # "maybe 40 mins tops" is an amount, hedged: it says something.
    r"(?!\W*(?:\d+|an?\s+(?:hour|minute|min|day|week)|half|one|two|three|four|five|ten|twenty|"
    r"thirty|forty|fifty|a\s+(?:few|couple)|about|around)\b)"
)
# Both answers at once ("sometimes yes, sometimes no", "yes and no", "some days it does, some
# days it does not", "it depends"): neither a yes nor a no. Read first, on the whole message,
# because the clauses alone ("sometimes no") each take a side.
_TIMES = (
    r"(?:sometimes|somtimes|some\s+(?:days|times|mornings|nights|evenings|weeks)|at\s+times|"
    r"other\s+(?:days|times|mornings|nights)|half\s+the\s+time|occasionally)"
)
_YES = r"(?:yes|yeah|yea|yep|ya)"
_NO = r"(?:no|nope|nah)"
_WHO = r"(?:it|they|he|she|i|that)"
_AUX = r"(?:does|do|is|are|can|will|did|was|has)"
_OPENER = r"(?:(?:well|i mean|kind of|sort of|kinda|honestly|so|hmm+|um+)\s+)*"
BOTH = re.compile(
    rf"^{_OPENER}{_YES}\W*(?:and|&|/|,)?\s*(?:also\s+)?{_NO}\b(?:\s+(?:really|lol|haha|tbh))?\W*$"
    rf"|\ba\s+yes\s+and\s+a\s+no\b"
    rf"|\b{_TIMES}\W*{_YES}\b.*?\b{_TIMES}\W*{_NO}\b"
    rf"|\b{_TIMES}\W*{_NO}\b.*?\b{_TIMES}\W*{_YES}\b"
    rf"|\b{_TIMES}\W*{_WHO}\s+{_AUX}\b(?!\s+not).*?\b{_TIMES}\W*{_WHO}\s+{_AUX}\s+not\b"
    rf"|\b{_TIMES}\W*{_WHO}\s+{_AUX}\s+not\b.*?\b{_TIMES}\W*{_WHO}\s+{_AUX}\b(?!\s+not)"
    rf"|^{_OPENER}{_WHO}\s+{_AUX}\W*(?:and|but)\s+{_WHO}\s+{_AUX}\s+not\W*$"
    rf"|^{_OPENER}(?:it\s+|that\s+)?(?:(?:kind|sort)\s+of\s+|really\s+|all\s+)?(?:depends|varies)\b"
)
# Explicit answers: the whole sentence, or its first word ("Yes, ...", "Nope - ...").
WHOLE_YES = re.compile(
    r"^(?:yes|yeah|yea|yep|yup|ya|y|aye|correct|right|exactly|indeed|definitely|absolutely|"
    r"certainly|sure|of course|true|affirmative|you bet|i think so|i believe so|probably|"
    r"likely|most likely|i guess so|i guess|seems so|looks like it|it seems so|yes please|"
    r"that is (?:right|correct|true|the case|it)|(?:you are|you're) right|uh[- ]?huh|mhm|yes sir|"
    r"(?:yes,?\s+)?(?:i|it|they|we|there|that|he|she)\s+(?:\w+ly\s+|sure\s+)?(?:do|does|did|am|is|"
    r"are|was|were|have|has|had|can|could|will)(?:\s+(?:indeed|so|too|yes))?)\W*$"
)
WHOLE_NO = re.compile(
    r"^(?:no|nope|nah|n|never|negative|not really|not at all|none|nothing|no way|not quite|"
    r"false|i do not think so|i do not believe so|probably not|not likely|unlikely|"
    r"(?:that|this|it) is not (?:right|correct|true|the case|it)|not the case|nope not really|"
    r"no sir|"
    r"(?:no,?\s+)?(?:i|it|they|we|there|that|he|she)\s+(?:\w+ly\s+)?(?:do|does|did|am|is|are|"
    r"was|were|have|has|had|can|could|will|would)\s+(?:not|never)(?:\s+\w+ly)?(?:\s+(?:have|need)"
    r"\s+to)?|(?:i|you)\s+(?:\w+ly\s+)?(?:do|did)\s+not\s+(?:\w+ly\s+)?(?:have|need)\s+to)\W*$"
)
LEAD_HEDGED = re.compile(
    r"^(?:(?P<no>i do not think so|i do not believe so|probably not|"
    r"not really(?!\s+(?:sure|certain))|not at all|"
    r"i doubt it)|(?P<yes>i think so|i believe so|i guess so|of course|that is (?:right|correct|"
    r"true)))\b"
)
# A reply's leading yes or no, then the rest of the message ("no it got stuck on the logo",
# "no, only in safe mode"): the word answers the question asked, not what the rest says. Only
# where punctuation or a new clause's first word follows: "no smoke" is the rest itself.
LEADING_ANSWER = re.compile(
    r"^\s*(?:(?:well|so|oh|ok|okay|um+|hmm+)\W+)?(?:no|nope|nah|yes|yeah|yep|yup|yea)\b"
    r"(?:\s*[,.;:!\-]+\s*|\s+(?=(?:it|its|it's|i|im|i'm|ive|i've|the|my|only|just|but|that|"
    r"thats|that's|there|theres|there's|they|we|he|she|this|still|because|cos|coz|since|when|"
    r"then|and)\b))",
    re.IGNORECASE,
)
# Discourse openers before an explicit answer ("so, yes", "well no, ...", "oh yeah").
DISCOURSE = re.compile(r"^(?:so|well|oh|ok|okay|hmm+|um+|uh+|ah|and|actually|honestly|sadly)\b\W*")
# A bare degree, with or without a yes ("kinda, yeah", "a little", "sort of"): a hedged yes.
DEGREE_YES = re.compile(
    r"^(?:kinda|sorta|kind\s+of|sort\s+of|a\s+(?:little|bit|little\s+bit|tad)|somewhat|slightly|"
    r"a\s+touch|partly|partially|to\s+some\s+extent)(?:\W+(?:yes|yeah|yep|yup|i\s+guess|i\s+think))?"
    r"(?:\W*$|\s*,\s*(?!.*\b(?:not|no|never)\b))"
)
YES_WORDS = ("yes", "yeah", "yea", "yep", "yup", "correct", "absolutely", "definitely", "indeed")
NO_WORDS = ("no", "nope", "nah", "never", "negative", "neither")
HEDGE = rx(
    r"\bi\s+(?:think|believe|guess|suppose|suspect|assume|feel like)\b",
    r"\bprobably\b",
    r"\b(?:most\s+)?likely\b",
    r"\bmaybe\b",
    r"\bperhaps\b",
    r"\bpossibly\b",
    r"\b(?:could|may)\s+(?:well\s+)?be\b",
    r"\bi\s+doubt\b",
    r"\bmight\b",
    r"(?<!some )(?<!any )(?<!a )(?<!what )(?<!this )(?<!that )\b(?:kind|sort)\s+of\b",
    r"\bnot\s+(?:entirely|completely|totally|100%?)\s+sure\b",
    r"\bpretty\s+sure\b",
    r"\bi\s+am\s+not\s+positive\b",
)
# The speaker warns that their answer may be wrong (lead19: "i think so but dont quote me on
# that" was a plain hedge, and a conclusion rested on it at 89%).
# Ways a speaker gets an answer wrong: "i could be wrong", "i might have misheard", "unless im
# getting confused", "i may be imagining it".
_SELF_ERROR = (
    r"(?:wrong|mistaken|mis(?:heard|read|remember\w*|understood|judg\w*)|confused|"
    r"imagining(?:\s+(?:it|things))?|talking\s+(?:rubbish|nonsense)|"
    r"getting\s+(?:it\s+|this\s+|that\s+|things\s+)?(?:wrong|confused|mixed\s+up)|"
    r"remembering\s+(?:it\s+)?wrong)\b"
)
DISCLAIMER = rx(
    r"\bdo\s+not\s+(?:quote\s+me|hold\s+me\s+to|take\s+my\s+word)\b",
    rf"\b(?:could|might|may|can)\s+(?:well\s+)?(?:have\s+)?(?:be\s+|been\s+)?{_SELF_ERROR}",
    rf"\bunless\s+i\s+am\s+(?:\w+\s+)?{_SELF_ERROR}",
    # Memory: "if i remember right", "as far as i can recall", "if im remembering it right".
    r"\b(?:if|as\s+far\s+as|from\s+what)\s+i\s+(?:can\s+|could\s+)?(?:remember|recall)\b",
    r"\b(?:remember|recall)(?:ing|ed)?\s+(?:it\s+|that\s+)?(?:right|rightly|correctly)\b",
    r"\bif\s+(?:my\s+)?memory\s+serves\b",
    r"\b(?:from|going\s+(?:off|from|by)|off\s+the\s+top\s+of\s+my)\s+(?:memory|head)\b",
    r"\bas\s+far\s+as\s+i\s+(?:know|can\s+tell|could\s+tell)\b",
    r"\bto\s+the\s+best\s+of\s+my\s+(?:knowledge|memory|recollection)\b",
    r"\blast\s+(?:time\s+)?i\s+(?:checked|looked)\b",
    # The speaker's own competence or senses: "im no expert", "not the best judge", "my
    # hearing isnt great".
    r"\bi\s+am\s+(?:no|not\s+an?)\s+(?:expert|mechanic|techie|tech|engineer|doctor|pro)\b",
    r"\bnot\s+the\s+best\s+(?:judge|person\s+to\s+ask)\b",
    r"\bmy\s+(?:hearing|eyesight|eyes|ears|memory)\s+(?:is|are)\s+not\s+(?:great|good|"
    r"the\s+best|brilliant|what)",
    r"\b(?:not\s+that\s+i\s*(?:would|d)|would\s+not|could\s+not)\s+swear\b",
)
APPEARANCE = rx(
    r"\b(?:seems?|seemed|appears?|appeared|looks?\s+(?:like|to)|apparently|sounds?\s+like)\b"
)
NEGATIONS = _words(
    "not no never nothing none nobody nowhere neither nor without cannot lack lacks "
    "lacking unable fails failed barely hardly scarcely ignores ignored ignore"
)
# Words that say something is not there ("the list is empty"): negative like a negation.
ABSENCE_WORDS = frozenset(["empty", "blank", "missing", "gone", "absent"])
# Negations that do not negate the statement: "not only", "no matter", "or not".
IDLE_NEGATION = re.compile(
    r"\b(?:not\s+only|no\s+matter|or\s+not|if\s+not|whether\s+or\s+not|nothing\s+else|"
    r"not\s+just|never\s+mind)\b"
)
# Phrases that judge the state of things as good despite containing a negation.
GOOD_PHRASES = re.compile(
    r"\b(?:no|not\s+(?:a|any))\s+(?:problems?|issues?|trouble|worries|hiccups?)\b|\bnothing\s+"
    r"(?:wrong|unusual|abnormal|odd|strange)\b|\b[a-z]+-free\b"
)
# Sentences that report what the user did, not what they found ("I tried booting it").
ACTION_REPORT = re.compile(
    r"^(?:so\s+|and\s+|then\s+|ok\s+|okay\s+)?i\s+(?:have\s+|had\s+|just\s+|also\s+)*(?:tried|try|"
    r"attempted|checked|measured|tested|hooked|connected|plugged|ran|run|refreshed|restarted|"
    r"looked|went|used|did|pressed|turned|took|opened|followed|am checking|am testing)"
    r"\b(?!\s+not\b)"
)
# Restrictive questions ("only when ...?") are answered no by a broadening reply.
BROADENING = re.compile(
    r"\b(?:always|constantly|constant|continuous(?:ly)?|even\s+when|even\s+if|other\s+times|"
    r"at\s+any\s+time|not\s+just|not\s+only|regardless|no\s+matter|every\s+time|anytime|"
    r"all\s+times|any\s+speed|otherwise|at\s+other|whether|either\s+way|both)\b|\btoo\W*$|"
    # "at random times, including early morning", "at all speeds, even in parking lots"
    r"\b(?:random|randomly|at\s+all\s+\w+|all\s+(?:day|night|week)|including|"
    r"even\s+(?:in|at|on|with|while|during|after|before))\b|"
    # "it shakes at every speed", "in every room, close or far", "even right next to it"
    r"\b(?:at|in|on|with|for|over)\s+(?:every|any)\s+(?!time\b|times\b|point\b)[a-z]+|"
    r"\beverywhere\b|\beven\s+(?:right|just)\s+(?:next|by|beside|near|close|in\s+front)\b"
)
# "Do you need to pump it several times before it firms up?" - "it's firm from the start":
# what the question waits for happens at once.
AT_ONCE = rx(
    r"\bfrom\s+the\s+(?:very\s+)?(?:beginning|start|get-go|outset|first)\b",
    r"\b(?:right|straight)\s+away\b|\bimmediately\b|\binstantly\b|\bat\s+once\b",
    r"\bas\s+soon\s+as\b|\bthe\s+(?:moment|instant|second)\s+(?:i|you|we)\b|\bno\s+(?:delay|lag)\b",
    r"\b(?:the\s+)?first\s+(?:time|try|press|push|go|attempt)\b",
)
WAITS_FOR = rx(
    r"\b(?:need\s+to|wait|several\s+times|a\s+few\s+times|repeatedly|a\s+while|long)\b.*"
    r"\b(?:before|until|till)\b",
    # "play in the wheel before the wheels respond?", "more than an inch before they move?"
    r"\b(?:play|slack|more\s+than)\b.*\bbefore\s+(?:\w+\s+){0,3}?(?:respond|responds|react|"
    r"reacts|start|starts|move|moves|engage|engages|bite|bites)\b",
)
ALTERNATIVE = re.compile(r"\b(?:as\s+opposed\s+to|rather\s+than|instead\s+of)\b(.*)$")
EMPHATIC = re.compile(r"\b(?:i|it|they|we|he|she)\s+(?:\w+ly\s+)?(?:do|does|did)\s+(?!not\b)[a-z]+")
# "I checked and ...": the result follows the report of what was done.
REPORT_PREFIX = re.compile(
    r"^(?:so\s+|ok\s+|okay\s+)?(?:i|we)\s+(?:have\s+|just\s+|also\s+)*(?:checked|looked|tested|"
    r"measured|inspected|tried|did)(?:\s+(?:it|that|this|them|again|as\s+you\s+(?:said|suggested)|"
    r"what\s+you\s+said))?\s*(?:,\s*|\s+and\s+|\s+but\s+)(?:i\s+found\s+(?:that\s+)?)?"
)
# Frequency words: "sometimes it doesn't" is still not "always".
FREQUENCY = frozenset({"alway", "always", "constant"})
# How often something happens, on a scale: 1 rarely, 2 sometimes (or weekly), 3 often (or
# daily), 4 always. A question asking "always?" needs 4, "every day?" 3, "often?" 2 (a user
# who says "sometimes" to "does it freeze often?" reports the problem); any other question is
# answered yes by any of them.
HOW_OFTEN: tuple[tuple[int, re.Pattern[str]], ...] = (
    (
        4,
        rx(
            r"\b(?:always|constantly|constant|continuously|continuous|permanently|nonstop|"
            r"every\s+time|each\s+time|whenever|every\s+single\s+time|without\s+fail)\b"
        ),
    ),
    (
        3,
        rx(
            r"\b(?:(?<!so\s)often|frequently|frequent|regularly|usually|mostly|repeatedly|daily|"
            r"every\s+day|most\s+days|(?:nearly|almost)\s+every\s+day|most\s+of\s+the\s+time|"
            r"(?:several|many|multiple|a\s+few|\d+)\s+times\s+(?:a|an|per|each|every)\s+day)\b"
        ),
    ),
    (
        2,
        rx(
            r"\b(?:sometimes|intermittent|intermittently|randomly|random|periodically|"
            r"now\s+and\s+then|from\s+time\s+to\s+time|every\s+so\s+often|"
            r"(?:once|twice|a\s+few\s+times|\d+\s+times)\s+(?:a|an|per|each|every)\s+"
            r"(?:week|month|year))\b"
        ),
    ),
    (1, rx(r"\b(?:rarely|seldom|occasionally|once\s+or\s+twice|once\s+in\s+a\s+while)\b")),
)
ASKS_ALWAYS = rx(
    r"\b(?:always|constantly|constant|continuously|continuous|permanently|every\s+time|"
    r"each\s+time|whenever|nonstop)\b"
)
ASKS_DAILY = rx(r"\b(?:every\s+day|daily|each\s+day)\b")
ASKS_OFTEN = rx(r"\b(?:often|frequently|regularly|repeatedly)\b")
# An answer restricted to a condition ("only on cold mornings"): not "every time".
RESTRICTED_ANSWER = rx(
    r"\b(?:only|just)\s+(?:\w+\s+){0,2}?(?:when|if|while|on|in|at|during|after|before|with|"
    r"around|above|below|under|over|once|sometimes|occasionally|rarely|first)\b"
)
PRONOUNS = re.compile(r"\b(?:it|that|this|they|them|those|these|there|one|i|we)\b")
# Words that judge a state as normal, and words that name a problem. Generic troubleshooting
# and symptom vocabulary, not taken from any dataset.
GOOD_WORDS = _words(
    "fine normal normally ok okay good well properly correct correctly usual regular "
    "perfect perfectly great functional functioning intact healthy consistent stable "
    "steady smooth smoothly clean cool cold secure tight sturdy reliable dry spotless "
    "firm"
)
PROBLEM_WORDS = frozenset(
    tx.stem(w)
    for w in _words(
        "fail failure failing broken broke break damage damaged loose leak leaking leaks "
        "noise noises noisy smell smells smoke smoking burn burning burnt overheat "
        "overheating overheats hot blown crack cracked worn dead drain draining drains "
        "flicker flickering intermittent error errors freeze freezing freezes crash crashes "
        "crashing stuck jammed jerky jerk pull pulls pulling vibration vibrate vibrates "
        "vibrating shake shakes shaking wobble wobbles steam steaming hiss hissing tick "
        "ticking clunk clunking squeal squealing squeak squeaking grind grinding rattle "
        "rattling knock knocking click clicking problem problems issue issues trouble wrong "
        "faulty fault corrupt corrupted virus malware pain painful ache aches fever bleeding "
        "frayed torn clogged blocked spongy worn bald rough roughly "
        "bleed swelling swollen cough coughing rash nausea vomiting dizzy dizziness itchy "
        "itching weak weakness numb numbness slow short drop drops dropping disconnect "
        "disconnects disconnecting low high stall stalls stalling dies misfire misfires "
        "hiccup difficult lock locked locking drag dragging drip drips dripping dirty rust "
        "rusty corroded corrosion abnormal unusual strange odd blank dim sore tender hurt "
        "hurts hurting itch blurry fuzzy whine whining stiff stiffness"
    )
)
CHECK_STATE_WORDS = GOOD_WORDS | {"work", "working", "works"}
# Problem phrases the word list cannot see ("hard to brake", "runs down").
PROBLEM_PHRASES = re.compile(
    r"\bhard\s+to\b|\bruns?\s+(?:down|out)\b|\brunning\s+(?:down|out)\b|\bnot\s+working\b|"
    r"\bwill\s+not\b|\bgo(?:es)?\s+out\b"
)
NOT_PROBLEMS = re.compile(r"\bpull(?:s|ed|ing)?\s+(?:over|up|in|out)\b|\bhard\s+(?:drive|disk)s?\b")
QUOTED = re.compile(r"'[^']{2,60}'|\"[^\"]{2,60}\"")
ON_STATE_Q = re.compile(
    r"\b(?:switch|switched|turn|turned|power|powered|is|are|stay|stays|comes?|came)\s+on\b|"
    r"\b(?:lights?|lit)\s+up\b|\bglows?\b|"
    r"\bon\s*(?:\?|$|or\b|and\b|when\b|while\b|after\b|during\b)|\b(?:lit|illuminated)\b"
)
# Asks whether something goes off ("does it shut down?"); "it stays on" answers no.
OFF_STATE_Q = re.compile(
    r"\b(?:shut|shuts|shutting|turn|turns|turning|switch|switches|power|powers|powering)\s+"
    r"(?:itself\s+)?(?:down|off)\b|\b(?:is|are|stays?|goes|go)\s+off\b"
)
ON_STATE_A = re.compile(
    r"\b(?:stays?|stayed|remains?|remained|keeps?|kept|continues?|continued)\s+(?:to\s+stay\s+)?"
    r"(?:on|running|working)\b"
)
OFF_STATE_A = re.compile(
    r"\b(?:is|are|was|were|stays?|remains?|switched|turned|powered|usually|always|be)\s+off\b|"
    r"^off\b|\boff\W*$|\b(?:disabled|deactivated|inactive)\b|\b(?:is|are|went|goes|gone)\s+out\b|\b(?:stays?|stayed|remains?|remained|is|are|was|goes|went)\s+(?:dark|black)\b"
)
# What a user may lack to check something ("I don't have a multimeter").
INABILITY_TOOLS = _words(
    "multimeter meter voltmeter tester tool tools gauge thermometer equipment password login "
    "credentials details manual ladder jack key access time"
)
# "no" opening a sentence answers the question only when a clause follows it ("no, it ...",
# "no it isn't"); "no lights at all" is a negated noun phrase, read like any negation.
NO_FOLLOWERS = _words(
    "i it its they there that this the we he she you my our not never nothing none sorry thanks "
    "thank sir madam way definitely absolutely really actually unfortunately just so but and "
    "because as"
)
