# ruff: noqa: E501  (a data table: one row a line)
"""Held-out emergency phrasings: NOT developed on. Written before the detector's rules were
tuned on ``emergency_phrasings.DEV``; report its recall and false-alarm rate, never fit to it.

Each row: (what a patient or carer types, True when it must get emergency advice at once).
"""

HELD_OUT: list[tuple[str, bool]] = [
    # emergencies
    ("i suddenly cant get my breath and im just sat on the sofa", True),
    ("breathing really hard all of a sudden and i wasnt doing anything", True),
    ("my wife is gasping and her lips look a bit blue", True),
    ("hes struggling to breath, can barely get a word out", True),
    ("feels like theres not enough air, came on an hour ago while resting", True),
    ("there's this squeezing feeling in my chest and it's going down my left arm", True),
    ("chest feels heavy like a weight on it and im sweating buckets", True),
    ("pain in the middle of my chest that goes up into my jaw", True),
    ("my dad says his chest hurts and it's spreading to his back, he looks grey", True),
    ("tight band round my chest and my arm feels numb", True),
    ("i think im having a heart attack", True),
    ("honestly i dont see the point in living anymore", True),
    ("everyone would be better off without me tbh", True),
    ("i've been thinking about ending things", True),
    ("ive got a stash of pills saved up and i think tonight is the night", True),
    ("i just want to go to sleep and never wake up", True),
    ("i keep thinking about hurting myself", True),
    ("my mums face has gone droopy on one side and shes not making sense", True),
    ("his smile is lopsided since this morning", True),
    ("grandad suddenly cant lift his right arm and his speech is all slurred", True),
    ("i think my husband is having a stroke", True),
    ("out of nowhere my left leg and arm went weak and numb", True),
    ("she's talking gibberish all of a sudden", True),
    ("my nose has been bleeding for over an hour and wont stop", True),
    ("cut my hand on glass and its spurting blood everywhere", True),
    ("im on warfarin and i fell and banged my head", True),
    ("i threw up and there was loads of blood in it", True),
    ("blood is soaking through the tea towel i pressed on it", True),
    ("my son just collapsed in the kitchen", True),
    ("she fainted and we cant wake her up properly", True),
    ("he passed out at work about 10 mins ago", True),
    ("my friend is unresponsive after drinking", True),
    ("my tongue is swelling up after eating prawns", True),
    ("lips swollen and throat feels tight after the bee sting", True),
    ("i took a new antibiotic and now i have hives all over and i'm wheezing", True),
    ("my throat feels like its closing up", True),
    ("face is puffing up really fast after the new tablets", True),
    ("worst headache ive ever had, came on like a thunderclap", True),
    ("sudden headache like being hit with a baseball bat", True),
    ("my teenager has a fever, stiff neck and the light hurts her eyes", True),
    ("rash that doesnt fade when i press a glass on it and hes got a temperature", True),
    ("shes been fitting for about 6 minutes and its not stopping", True),
    ("my son is having a seizure right now", True),
    ("he had one fit and now hes having another one", True),
    ("my toddler swallowed some of grandmas blood pressure tablets", True),
    ("the kids got into the cupboard and drank some bleach", True),
    ("my 3 year old ate a button battery", True),
    ("i took about 30 paracetamol an hour ago", True),
    ("my husband took a whole bottle of sleeping pills", True),
    ("my baby is really floppy and burning up", True),
    ("5 week old baby has a temperature of 38.5", True),
    ("my newborn is grunting and wont feed", True),
    ("the baby is limp and wont wake up for feeds", True),
    ("sudenly shrt of breath at rest", True),
    ("crushing chest pian", True),
    ("i feel like an elephant is sitting on my chest", True),
    ("im bleding alot and it wont stop", True),
    ("my girlfriend is unconcious", True),
    ("he is siezing and wont stop", True),
    ("i want to die", True),
    ("dont want to be here anymore", True),
    ("can not breath properly and my chest is tight, sitting still", True),
    ("she lost the sight in one eye suddenly", True),
    ("my mum is suddenly confused and doesnt know where she is", True),
    ("I've had chest pains before but this one is going into my jaw and I'm clammy", True),
    ("no fever but i cant breathe", True),
    ("not sure if it's serious but her face is drooping", True),
    ("i'm not asking for a friend, i really want to kill myself", True),
    ("the pressure in my chest won't ease and my left arm is aching", True),
    ("he keeps passing out", True),
    # not emergencies
    ("i get a bit short of breath when i run for the bus", False),
    ("no chest pain, just a tickly cough", False),
    ("sore throat and swollen glands for three days", False),
    ("my face isn't drooping or anything, just a headache", False),
    ("had a stroke 4 years ago, now i have a cold", False),
    ("my dad died of a heart attack so i worry, but im fine, just a rash", False),
    ("what are the signs of a stroke?", False),
    ("cut my finger chopping onions, tiny bit of blood, stopped now", False),
    ("nose bled for a minute this morning, all fine now", False),
    ("i feel a bit faint when i stand up quickly", False),
    ("i nearly fainted in the hot shower", False),
    ("mild headache after staring at screens", False),
    ("tension headache, had them for years", False),
    ("my epilepsy is well controlled, just need a repeat prescription", False),
    ("used to have fits as a child, none since", False),
    ("how many paracetamol can i take for a headache?", False),
    ("i took two ibuprofen for my period pain", False),
    ("baby has a bit of a runny nose but feeding well and happy", False),
    ("my 2 year old has a mild temperature but is playing normally", False),
    ("tight chest with my usual asthma, inhaler helped", False),
    ("chest hurts when i cough from this cold", False),
    ("my arm is numb because i slept on it funny", False),
    ("my legs feel weak with the flu", False),
    ("no trouble breathing, just a blocked nose", False),
    ("i'm so tired i could die lol", False),
    ("this cough is killing me", False),
    ("puffy eyes in the morning", False),
    ("lips a bit swollen from the cold weather and chapped", False),
    ("heavy periods for a few months, feeling tired", False),
    ("i don't want to hurt myself, i'm just stressed about work", False),
    ("never had any thoughts of self harm", False),
    ("feeling sad since my breakup but no thoughts of ending things", False),
    ("i had a seizure years ago and was told it was a one off", False),
    ("blood in my stool a few times, small amount, no pain", False),
    ("my ankle is swollen after twisting it", False),
    ("upset stomach since the takeaway last night", False),
    ("back pain after lifting boxes", False),
    ("dizzy when i get out of bed, goes after a minute", False),
    ("earache and a temperature for two days", False),
    ("itchy rash on my arms after gardening", False),
    ("stiff neck from sleeping funny, no fever", False),
    ("i've been coughing for 3 weeks", False),
    ("palpitations now and then when i drink coffee", False),
    ("my heart races when i'm anxious", False),
    ("sharp pain in my side when i breathe in deeply", False),
    ("hayfever making my eyes swell a bit", False),
    ("not breathless, not dizzy, just a sore throat", False),
    ("he's got a cold and he's a bit out of breath after football", False),
    ("my nephew has chickenpox", False),
    ("diarrhoea and a bit of nausea", False),
    # -- written at stop 34 before the head-injury and chest-gesture rules; never tuned on
    (
        "my daughter banged her head on the edge of the table and shes thrown up three times since",
        True,
    ),
    ("fell down the stairs and hit her head, now shes really sleepy and hard to wake", True),
    ("whacked my head on a low beam at work, now im seeing double and feel sick", True),
    (
        "he took a knock to the head playing rugby, was out cold for a bit and keeps asking "
        "the same things",
        True,
    ),
    ("my husband keeps grabbing at his chest and hes gone really pale and sweaty", True),
    ("mum is rubbing her chest and says her left arm feels heavy", True),
    ("dad has his fist pressed against his chest, says its like a band and hes sweating", True),
    ("bumped my head on the cupboard yesterday, small lump, feel totally fine", False),
    ("hit my head on the car door, slight headache but no sickness or drowsiness", False),
    ("feel sick and drowsy from the new hay fever tablets", False),
    ("holding my chest when i cough because my ribs ache from all the coughing", False),
    ("toddler fell over at nursery and has a bruise on his forehead, playing happily", False),
    # -- written at stop 34 before the burns, low sugar, testicle, eye-splash and long-lie
    # rules; never tuned on
    (
        "my little boy knocked the kettle over and scalded his arm and tummy, big blisters "
        "coming up",
        True,
    ),
    (
        "caught my hand on the bbq grill, the burn is the size of my palm and charred black in "
        "the middle",
        True,
    ),
    ("got a bit of a sunburn on my shoulders, bit pink and sore", False),
    (
        "my son is type 1 and hes gone pale and sweaty and is talking rubbish, his meter says 2.1",
        True,
    ),
    ("im diabetic and felt shaky, sugar was 3.0, had some juice and feel better now", False),
    ("wife is on insulin and we cant wake her up properly this morning", True),
    ("my son woke up with really bad pain in his balls and one side is swollen, hes 13", True),
    ("bit of an ache in my left testicle after cycling, comes and goes for weeks", False),
    ("got oven cleaner in my eye, its stinging like mad and i cant open it", True),
    ("bit of shampoo in my eye, rinsed it out, bit red", False),
    (
        "found my elderly neighbour on her kitchen floor, she says shes been there since yesterday",
        True,
    ),
]

# Written at stop 35 before the abdomen, pregnancy, spine, heat and cold, ketoacidosis,
# saddle-numbness, fast-heart, nosebleed and scald rules; never tuned on. Measured on its own
# (tests/safety/test_emergency_table.py::test_held_out_35) so that what the rules still miss
# stays visible instead of failing the older table's floor.
HELD_OUT_35: list[tuple[str, bool]] = [
    (
        "my tummy pain is unbearable, came on out of nowhere tonight and it hurts to even breathe, cant move",
        True,
    ),
    ("doubled over with the worst belly ache of my life and ive been sick, its been 2 hours", True),
    ("6 weeks pregnant, bad cramping on my right side and i keep feeling faint", True),
    ("pregnant with twins 36 wks, been bleeding bright red quite a lot", True),
    ("i think my waters have broken and i can see the cord", True),
    ("came off my motorbike and i cant move my legs, my neck is agony", True),
    (
        "my husband has been drinking all day in the heat, now hes burning hot, stopped sweating and is talking nonsense",
        True,
    ),
    ("grandma's house had no heating, shes ice cold to touch, really drowsy and slurring", True),
    (
        "my daughter is diabetic and shes been throwing up since lunch, breathing heavy and shes so sleepy",
        True,
    ),
    ("back pain for a week and now i cant feel my bum when i wipe and ive wet myself", True),
    ("my heart is going over 200 on my watch and i feel like im going to faint", True),
    ("nose has been pouring blood for half an hour and wont stop, im on blood thinners", True),
    ("toddler grabbed my cup of tea and its gone all over his chest, the skin is coming off", True),
    ("ive been feeling my baby move less and less since yesterday, im 32 weeks", True),
    # look-alikes that are not emergencies
    ("bit of a tummy ache after eating too much at christmas dinner, fine otherwise", False),
    ("period pains are bad this month, hot water bottle helps", False),
    ("im 12 weeks pregnant and feeling sick every morning", False),
    ("pregnant and my ankles are a bit swollen at the end of the day", False),
    ("lower back pain after gardening, eases when i move about", False),
    ("got a bit cold walking the dog, fingers went numb but warmed up now", False),
    ("felt a bit hot and tired after the beach, drank water and im ok", False),
    ("my heart races for a few seconds when i stand up, no other symptoms", False),
    ("nosebleed this morning, stopped after 5 minutes of pinching", False),
    ("splashed a bit of hot water on my hand, its red but fine under the cold tap", False),
    ("type 2 diabetic, sugars a bit high this week, feel fine", False),
]

# Written 2026-11-27 before stop 36's rules for household products and swallowed objects (the
# lead12 probe "my little boy drank some of the dishwasher liquid" was handed on as routine).
HELD_OUT_36: list[tuple[str, bool]] = [
    (
        "my 4 year old got the cap off the fabric conditioner and had a big gulp, hes being sick",
        True,
    ),
    (
        "found my toddler with the bottle of mouthwash, half of it is gone and hes really wobbly",
        True,
    ),
    ("my daughter drank some of the nail varnish remover, shes 2, she keeps coughing", True),
    ("my husband accidentally swigged screenwash from a water bottle in the garage", True),
    ("baby sucked on a tube of hand sanitiser gel, shes very drowsy now", True),
    ("my son swallowed one of those small round watch batteries about an hour ago", True),
    ("i think my little girl swallowed a 2p coin, shes drooling loads and wont eat or drink", True),
    ("kid got into the cupboard and drank limescale remover, his mouth is red and blistered", True),
    ("my dad drank lighter fluid by mistake thinking it was water, now hes wheezing", True),
    ("18 month old chewed a slug pellet from the garden", True),
    # look-alikes that are not emergencies
    ("i accidentally swallowed a bit of mouthwash this morning, feel totally fine", False),
    ("my son swallowed his chewing gum, is that bad", False),
    ("got some washing up liquid in my eye, rinsed it out and its just a bit red", False),
    ("the fabric softener smell gives me a headache", False),
    ("swallowed a cherry stone by accident, no pain", False),
    ("my toddler keeps putting toys in his mouth, how do i stop it", False),
]


# Written before stop 39's rule for cardiac pain that never names the chest, and not developed
# on: 1 of 4 caught before the rule (as a stroke, by its heavy left arm), 0 of 5 false alarms.
HELD_OUT_39: list[tuple[str, bool]] = [
    (
        "really heavy tight feeling spreading into my left arm and jaw, cold sweat and feel like im going to be sick",
        True,
    ),
    (
        "my husband says it feels like a vice squeezing him, its going up into his jaw and hes pouring with sweat",
        True,
    ),
    ("weight pressing down on me that goes down my arm, feel sick and sweaty", True),
    ("feels like someone is standing on me, the ache goes into my teeth and im clammy", True),
    ("pressure in my face and jaw from this cold, feel a bit sick", False),
    ("squeezing headache that goes down into my neck and makes me feel sick", False),
    ("tight muscles going down my arm after painting the ceiling, sweating like mad", False),
    ("heavy legs and sweaty after my long run, bit sick too", False),
    ("my jaw aches from grinding my teeth, the dentist says its tension", False),
]


# Written before stop 40's rule for an allergic reaction said without an allergen word ("ate
# some satay chicken at a party ... tongue feels huge, throat is tight and scratchy, hives":
# lead16 through the web chat), and not developed on; measured once before and once after.
HELD_OUT_40: list[tuple[str, bool]] = [
    (
        "had a thai curry for tea and now my lips have blown up and my throat feels funny and tight",
        True,
    ),
    (
        "just eaten a slice of cake at work and my mouth is tingling, tongue swelling and im getting itchy lumps all over my arms",
        True,
    ),
    ("came out in hives all over after dinner and my tongue feels too big for my mouth", True),
    (
        "my daughter had a cookie at a friends house, her lips are swelling up and shes coughing and wheezy",
        True,
    ),
    (
        "throat feels scratchy and tight and my tongue has swollen up, started about 20 minutes after lunch",
        True,
    ),
    ("scratchy throat and a blocked nose, think im coming down with a cold", False),
    ("hives on my legs after a hot shower, itchy but nothing else", False),
    ("bit my tongue eating my dinner and now its a bit swollen on one side", False),
    ("ate far too much at christmas dinner, my stomach feels tight and bloated", False),
    ("itchy lumps on my arms after a day in the garden, feel fine otherwise", False),
    ("my lips are dry and cracked from the cold wind", False),
]


# Written at stop 44 before the rule for a leg clot gone to the lungs (pain or swelling in one
# leg with breathlessness or chest pain), and not developed on; measured once before the rule
# and once after it.
HELD_OUT_44: list[tuple[str, bool]] = [
    (
        "my husbands calf went red and swollen after his op and now hes breathing really fast and says his chest hurts",
        True,
    ),
    (
        "leg been throbbing since the train journey from scotland, now i keep coughing and theres blood in it, chest sore",
        True,
    ),
    ("swolen calf, cant get my breth properly", True),
    ("i think ive got a clot in my leg, its really tight and now i feel short of breath", True),
    (
        "my thigh has been hot and painful since i got back from holiday and ive got a stabbing pain under my ribs when i breath in",
        True,
    ),
    (
        "bit worried, left calf sore and hard for a couple of days and this evening im a bit winded just walking round the house",
        True,
    ),
    (
        "my daughter is on the contraceptive pill, her leg is swollen and shes just told me shes struggling to breathe",
        True,
    ),
    (
        "been in plaster for 6 weeks with a broken ankle, my calf above it is swollen and painful and now im breathless",
        True,
    ),
    ("one of my legs is bigger than the other and it hurts, and ive got chest pain", True),
    ("the dr said dvt in my leg yesterday, now chest pain when breathing and feel faint", True),
    # look-alikes that are not emergencies
    ("sore calves from the 10k on sunday, legs feel heavy", False),
    ("twisted my ankle, bit swollen, no other symptoms", False),
    (
        "got a cold and my chest feels a bit wheezy, my leg aches where i banged it on the table",
        False,
    ),
    ("what are the signs of a blood clot in the leg after flying?", False),
    ("my legs swell a bit in the hot weather and i get puffed on hills", False),
    ("restless legs at night and i cant get comfortable", False),
    ("my calf cramped up in the pool, fine now", False),
    ("varicose veins in my left leg ache by the end of the day", False),
]

# Written before stop 45's words for where you sit and for vomit like coffee (not developed on).
HELD_OUT_45: list[tuple[str, bool]] = [
    (
        "back pain for a week and this morning i noticed i cant feel the toilet paper when i wipe, and i couldnt go for a wee at all",
        True,
    ),
    (
        "numbness in my inner thighs and bum since my back went, and ive had an accident and didnt feel it coming",
        True,
    ),
    ("vomited a couple of times and there were black bits in it like ground coffee, feeling faint", True),
    ("my dad keeps being sick and it looks like gritty brown coffee", True),
    ("a bit numb down there after horse riding but otherwise fine, weeing normally", False),
    ("sick after drinking too much coffee on an empty stomach", False),
]

# Written after HELD_OUT_45 was scored (0 of 4 caught, 0 of 2 false alarms) and before the
# second round of rules; not developed on.
HELD_OUT_45B: list[tuple[str, bool]] = [
    (
        "back has been really bad and now i cant feel myself on the loo and i havent managed a wee all day",
        True,
    ),
    ("since the weekend my lower back is awful, tonight i wet the bed and my bum feels numb", True),
    ("vom looks like brown coffee sludge with dark flecks, i feel shaky", True),
    ("been bringing up stuff that looks like dark coffee", True),
    ("my toddler had an accident at nursery, wet himself, otherwise fine", False),
    ("coffee made me throw up, it was just brown water", False),
]

# Written before stop 48's words for suicidal intent said without the usual words ("im stood
# on the bridge right now and i think tonight is it for me": lead24 through the web chat, where
# the patient was asked about pain and a cough); not developed on. Look-alikes: a bridge, a
# roof, a jump, "had enough" and "over" in everyday troubles.
HELD_OUT_48: list[tuple[str, bool]] = [
    ("sat on the edge of the multi storey car park roof, today is it for me", True),
    ("its all over for me now, ive got nothing left and i dont want to wake up tomorrow", True),
    ("honestly ive had enough of living, theres no way out of this", True),
    ("im up on the railway bridge and im going to jump when the next train comes", True),
    ("ive had enough of everything and i just want it all to be over", True),
    ("i think this is the end for me tonight, ive said what i needed to say", True),
    ("standing on my balcony and thinking of jumping", True),
    ("walked over the bridge to work and my knee started hurting", False),
    ("fell off a ladder fixing the roof, my ankle is swollen", False),
    ("i want this cold to be over, its been two weeks", False),
    ("my kids jump on the trampoline and i hurt my back joining in", False),
    ("ive had enough of this cough keeping me up at night", False),
    ("this job is the end of me, so stressed and my stomach is in knots", False),
]
