"""How people ask for a person in the middle of a conversation, written as users type (typos,
no punctuation, fed up, polite, indirect), and messages that mention people without asking for
one. DEV rows were developed on; HELD_OUT rows were written at the same time (stop 37, before
the reader changed) and only measured (``tests/bots/test_person_requests.py``)."""

DEV_ASKS = [
    "this isnt working, please put me through to a human",
    "put me through to someone please",
    "can i get a human on here",
    "i'd like to talk to someone real",
    "is there an actual person i can talk to",
    "get me a real person",
    "agent please",
    "human please!!",
    "can someone from your team help me instead",
    "let me speak to someone",
    "pls can i speak 2 someone",
    "i want to speak with a technician",
    "can a person take over",
    "escalate this please",
    "i need to talk to a real human being",
    "connect me with support staff",
    "i would rather deal with a person",
    "can someone call me",
    "can i have someone ring me back",
    "can a nurse call me back please",
    "get someone to phone me",
    "id prefer to speak to a nurse",
    "customer service please",
    "can i talk to a representative",
    "is there a helpline number i can ring",
    "give me a number to call",
    "stop asking me questions and get me a person",
    "you're not helping, can i talk to someone who can",
]
DEV_NOT_ASKS = [
    "no, nobody has touched it",
    "my husband looked at it and couldnt see anything",
    "a technician replaced the screen last year",
    "i asked someone at work and they didnt know",
    "the person before me spilled coffee on it",
    "yes i spoke to the garage yesterday",
    "my phone works fine",
    "no one else uses the laptop",
    "someone told me it might be the battery",
    "the nurse said to come back if it got worse",
    "i called the helpline last week and they said reboot",
    "yes the router is on",
]
HELD_OUT_ASKS = [
    "honestly just pass me on to a human",
    "can i chat to somebody real",
    "speak to an advisor pls",
    "this bot is useless i want a proper person",
    "is anyone actually there? i want a human",
    "could someone from the team take a look instead",
    "can i be transferred to a person",
    "need a real human not a robot",
    "id like someone to call me back please",
    "can i just ring someone",
    "can a doctor phone me",
    "operator",
    "i want to talk to a member of staff",
    "please get a mechanic to look at this",
]
# Stop 41 (lead17: "look can i just talk to a real persn, im late for work" was not understood):
# the person word misspelt. Both lists written before the reader changed.
DEV_TYPO_ASKS = [
    "look can i just talk to a real persn, im late for work",
    "put me thru to a humna pls",
    "i need to speak to somone now",
    "can i talk to an operater",
]
HELD_OUT_TYPO_ASKS = [
    "can i speek to an agent please",
    "i would like a real humen please",
    "any chance of talking to a persom",
    "pls get somebdy to call me",
    "i want to talk to a techncian",
    "let me talk to a preson",
]
# Misspelt words that are not a person asked for.
TYPO_NOT_ASKS = [
    "i talked to the pesron at the shop and they said its the fan",
    "its not the persn, its the laptop",
]
HELD_OUT_NOT_ASKS = [
    "my mechanic said the pads were fine",
    "no, nobody at home has the same problem",
    "i rang the garage and they couldnt fit me in",
    "someone reversed into it last month",
    "a friend had the same thing with her laptop",
    "the doctor gave me antibiotics last week",
]
# Stop 42 (lead18: "can someone from IT just give me a ring instead, this is taking ages" was
# not read): a person asked for as a call, in idioms and from whoever is at the other end.
# Written before the reader changed; before it, 1 of 8 development and 2 of 8 held-out rows
# were read, and the last reported call below was taken for a request.
DEV_CALL_ASKS = [
    "could somebody from the it department give me a call",
    "id rather someone just phoned me tbh",
    "can you get one of the techs to give me a bell",
    "is there any chance of a callback from support",
    "just have someone from helpdesk call my extension",
    "can a person from your end ring my mobile",
    "honestly would prefer a phone call with someone",
    "get someone from the service desk to contact me please",
]
HELD_OUT_CALL_ASKS = [
    "can someone from the office give me a shout on the phone",
    "i want a call back from a human",
    "could one of your IT guys ring me",
    "can somebody from tech support phone my desk",
    "please arrange for someone to call me back",
    "id like someone from it to get in touch by phone",
    "can i get a callback",
    "could a member of the it team give me a buzz",
]
# Calls told of, not asked for.
CALL_NOT_ASKS = [
    "my colleague from IT gave me a ring yesterday about it",
    "someone from the office called me and said to use this chat",
    "i called the helpdesk last week and they said reboot",
    "give me a second, my phone is ringing",
    "the ring light on the router is blinking",
    "i got a call from my mum so i missed your question",
    "the it guy said he would ring me back but never did",
]
# Stop 43 (lead19: "actually could i just speak to one of the nurses please" was not read, in
# the middle of a pick-list, and the list came again): the person asked for as one of a group
# ("one of the nurses", "your engineers") or through a polite "is it possible / have a word".
# Written before the reader changed; the held-out rows are only measured.
DEV_GROUP_ASKS = [
    "actually could i just speak to one of the nurses please",
    "can one of your engineers look at this",
    "could i talk to one of the doctors",
    "is it possible to speak to one of your staff",
    "id really like to chat with one of the mechanics",
    "would it be possible to talk to a nurse instead",
    "can i be put in touch with someone from support",
    "i'd rather speak to one of the technicians if thats ok",
]
HELD_OUT_GROUP_ASKS = [
    "could i have a word with one of the nurses",
    "can one of the doctors ring me",
    "is there any way i can speak to one of your agents",
    "get one of your techs on this please",
    "would rather talk this through with one of your advisors",
    "please can i chat to one of the people in your team",
    "any of your engineers free to talk",
    "i'd like to speak with one of the practice nurses",
    "can i be put through to one of the mechanics",
    "is it possible to talk to a real doctor about this",
]
# One of a group told of, not asked for.
GROUP_NOT_ASKS = [
    "one of the nurses told me to use this",
    "the doctors at the hospital said it was fine",
    "i spoke to one of your engineers last week",
    "two of the mechanics at the garage had a look",
    "one of the techs at work reinstalled it",
]
