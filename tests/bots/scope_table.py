"""Complaints as people type them, in scope of the example packs (laptops, cars, the patient
intake) or not, for the scope check (``bots.scope``).

Each row: (opening message, pack the user was in or None for the router, out of scope?).
``HELD_OUT`` was written together with ``DEVELOPMENT`` before ``bots.scope`` existed and was
not looked at while its word lists were written; only its score is reported.
"""

from __future__ import annotations

OUT, IN = True, False

DEVELOPMENT: list[tuple[str, str | None, bool]] = [
    # out of scope
    ("my printer says paper jam but theres no paper stuck anywhere", None, OUT),
    ("printer wont print from my laptop, it just sits in the queue", "it-laptop", OUT),
    ("iphone screen cracked after i dropped it, touch still works tho", None, OUT),
    ("my phone stopped charging past 80% since the update", "it-laptop", OUT),
    ("samsung galaxy keeps restarting on its own every hour or so", None, OUT),
    ("smart tv has no sound on netflix but youtube is fine", None, OUT),
    ("the telly keeps switching itself off after about 10 mins", None, OUT),
    ("washing machine wont drain and flashes E21", None, OUT),
    ("dishwasher leaves everything wet and smells funny", None, OUT),
    ("fridge is making a loud buzzing noise and the freezer is icing up", None, OUT),
    ("boiler pressure keeps dropping and no hot water in the mornings", None, OUT),
    ("oven door wont close properly", None, OUT),
    ("i was charged twice for my subscription this month", None, OUT),
    ("can i get a refund, the payment went through twice", None, OUT),
    ("where do i find my invoice for last months bill", None, OUT),
    ("how much is an mot and service on a 2015 fiesta", "car", OUT),
    ("have you got any slots on friday to book my car in", "car", OUT),
    ("what are your opening hours on saturday", None, OUT),
    ("my dog keeps scratching his ear and shaking his head", "patient-intake", OUT),
    ("our cat hasnt eaten since yesterday and is hiding under the bed", None, OUT),
    ("the puppy has diarrhoea and is being sick", "patient-intake", OUT),
    ("xbox controller wont connect, the light just keeps flashing", None, OUT),
    ("ps5 turns off by itself when playing games", None, OUT),
    ("my ipad wont turn on, black screen even when charging", None, OUT),
    ("kindle frozen on the home screen", None, OUT),
    ("my bike chain keeps slipping when i go up hills", None, OUT),
    ("motorbike wont start in the cold", "car", OUT),
    # a hyphenated thing is still the thing (stop 35)
    ("my e-bike battery wont hold a charge anymore, barely does 10 miles", "car", OUT),
    ("kids hoverboard wont charge, light just flashes red", None, OUT),
    ("the lawnmower wont start, pulled the cord loads", None, OUT),
    ("airpods only play in one ear", None, OUT),
    ("alexa keeps saying shes having trouble connecting", None, OUT),
    ("not a laptop but my desktop tower wont turn on", "it-laptop", OUT),
    ("the microwave sparks when i turn it on", None, OUT),
    ("my electric toothbrush doesnt hold a charge anymore", None, OUT),
    ("my landlord wont fix the damp in the bedroom", None, OUT),
    ("i need to change the address on my account", None, OUT),
    ("how do i cancel my contract", None, OUT),
    ("the boiler is making banging noises when the heating comes on", None, OUT),
    ("my horse is lame on the front left", None, OUT),
    ("my camera lens wont retract", None, OUT),
    ("sat nav in the car is stuck on loading", "car", OUT),
    # in scope
    ("laptop wont turn on at all, no lights nothing", None, IN),
    ("my laptop battery drains really fast even when im not using it", None, IN),
    ("wifi keeps dropping on my laptop but my phone is fine", None, IN),
    ("laptop screen is black but i can hear windows starting", None, IN),
    ("the hard drive is making clicking noises and its really slow", "it-laptop", IN),
    ("my laptop gets really hot and the fan is loud", None, IN),
    ("screen flickers and has lines across it", "it-laptop", IN),
    ("laptop says plugged in not charging", None, IN),
    ("cant connect to the office wifi on my work laptop", None, IN),
    ("the display is upside down after my kid pressed some keys", "it-laptop", IN),
    ("car wont start, just clicks when i turn the key", None, IN),
    ("brakes are squealing when i stop", None, IN),
    ("steering wheel shakes at motorway speeds", None, IN),
    ("engine temperature gauge goes into the red after 20 mins", None, IN),
    ("theres a ticking noise from the engine when its cold", "car", IN),
    ("car battery keeps going flat overnight", None, IN),
    ("my headlights are dim and the radio cuts out", "car", IN),
    ("the brake pedal goes almost to the floor", "car", IN),
    ("car pulls to the right when i brake", None, IN),
    ("clunk from the front when going over bumps", "car", IN),
    ("i have had a cough and a fever for three days", None, IN),
    ("really bad sore throat and it hurts to swallow", "patient-intake", IN),
    ("my chest feels tight when i walk up stairs", None, IN),
    ("ive got a rash on my arms thats really itchy", "patient-intake", IN),
    ("headache for a week that wont go away", None, IN),
    ("i got bitten by a dog on my hand yesterday and its swollen", "patient-intake", IN),
    ("my phone shows the wifi but my laptop doesnt see it at all", None, IN),
    ("laptop wont charge, the charger light is off", None, IN),
    ("my son has a high temperature and a runny nose", "patient-intake", IN),
    ("car overheats in traffic and the fan doesnt come on", None, IN),
    # an uncovered thing used as a tool, or Windows' desktop, is not the subject
    (
        "screen gone really dim, can just make out the desktop if i shine my phone torch on it",
        "it-laptop",
        IN,
    ),
    ("laptop is tethered to my phones hotspot and keeps disconnecting", None, IN),
    ("my desktop pc wont turn on at all", None, OUT),
    # doors and passes (stop 30: "light goes red" on a badge reader was taken for a symptom)
    ("badge reader on the 2nd floor door wont let me in since monday, light goes red", None, OUT),
    ("my swipe card stopped working on the car park barrier this morning", "car", OUT),
    ("security pass wont open the turnstile, flashes amber", None, OUT),
    ("cant pass water properly and it stings", "patient-intake", IN),
    ("been passing a lot of urine at night", None, IN),
    # paperwork and errands (stop 31: an insurance claim and a repeat prescription ran questions)
    ("whats the excess on my insurance if i claim for the scratched bumper", "car", OUT),
    ("got a speeding fine in the post but i wasnt driving that day, can i contest it", "car", OUT),
    ("need to renew my driving licence, where do i do that", None, OUT),
    ("could you order my usual inhaler prescription, running low", "patient-intake", OUT),
    ("hi i need a sick note for work, i was off monday to wednesday", "patient-intake", OUT),
    ("are my blood results back yet? had them done last thursday", "patient-intake", OUT),
    ("i need to reschedule my appointment next tuesday", None, OUT),
    ("need a sick note too but mainly my lower back has been agony since friday", None, IN),
    ("the new tablets the doctor prescribed are making me feel sick", "patient-intake", IN),
    ("my car pulls to the left after the garage did the tracking", "car", IN),
    # errands in other words (stop 32): refills, jabs, screening, registration
    ("running low on my levothyroxine, could someone send another months worth", None, OUT),
    ("need a refill on my salbutamol inhaler asap", "patient-intake", OUT),
    ("can i reorder my hrt patches online or do i ring", None, OUT),
    ("flu vaccine - am i eligible this year and how do i get one", "patient-intake", OUT),
    ("want to book my sons 12 month jabs in", None, OUT),
    ("is it time for my cervical screening yet", "patient-intake", OUT),
    ("i got the jab on friday and now ive got a fever and aching all over", None, IN),
    ("my new pills are giving me awful headaches", "patient-intake", IN),
    ("run out of my reliever and im properly wheezing, cant catch it", None, IN),
]

HELD_OUT: list[tuple[str, str | None, bool]] = [
    # out of scope
    ("printer keeps printing blank pages even with new ink", None, OUT),
    ("my hp printer is offline again", "it-laptop", OUT),
    ("android phone gets really hot when charging", None, OUT),
    ("the tv remote doesnt work even with new batteries", None, OUT),
    ("tumble dryer runs but doesnt get hot", None, OUT),
    ("freezer door seal is broken", None, OUT),
    ("why was my card charged again, i already paid", None, OUT),
    ("i want to speak to someone about my bill", None, OUT),
    ("can you give me a quote for new tyres", "car", OUT),
    ("how much to replace a clutch on a golf", "car", OUT),
    ("my dog is limping on his back leg", "patient-intake", OUT),
    ("the rabbit isnt eating and sits hunched up", None, OUT),
    ("my nintendo switch wont charge", None, OUT),
    ("smartwatch wont sync with my phone anymore", None, OUT),
    ("the scanner on my all in one makes a grinding noise", None, OUT),
    ("central heating wont come on", None, OUT),
    ("my electric scooter battery dies after a mile", None, OUT),
    ("dishwasher wont start, the lights just flash", None, OUT),
    ("my tablet screen wont rotate", None, OUT),
    ("the kettle keeps tripping the fuse", None, OUT),
    ("my mobile keeps dropping calls", "it-laptop", OUT),
    ("our parrot has been plucking his feathers", "patient-intake", OUT),
    ("can i pay in instalments", None, OUT),
    ("my caravan leisure battery wont charge", "car", OUT),
    ("projector shows no image from hdmi", None, OUT),
    # in scope
    ("laptop freezes when it gets hot", None, IN),
    ("the laptop screen has a dark patch in the corner", "it-laptop", IN),
    ("my notebook wont boot, says no operating system", None, IN),
    ("laptop keeps disconnecting from the router", None, IN),
    ("battery wont charge past 50 percent on my lenovo", None, IN),
    ("car makes a grinding noise when braking", None, IN),
    ("power steering is really heavy", "car", IN),
    ("engine cranks but wont fire", None, IN),
    ("coolant leaking under the car", None, IN),
    ("indicator flashing really fast", "car", IN),
    ("i keep getting dizzy when i stand up", "patient-intake", IN),
    ("stomach pain after eating and feeling sick", None, IN),
    ("my ankles are swollen and im out of breath", "patient-intake", IN),
    ("ear ache for two days and a temperature", None, IN),
    ("laptop runs slow and the fan never stops", "it-laptop", IN),
]

# Errands said without the word the first patterns were written on (stop 32: "a repeat of my
# brown inhaler" and a flu jab booking ran intake questions). Written before the errand
# patterns were widened, not looked at row by row while they were; only totals are reported.
HELD_OUT_ERRANDS: list[tuple[str, str | None, bool]] = [
    (
        "can i get some more of my blood pressure tablets sent to boots please",
        "patient-intake",
        OUT,
    ),
    ("ive run out of my sertraline, how do i get more", "patient-intake", OUT),
    ("need my metformin renewing before the weekend", None, OUT),
    ("hiya is it possible to top up my epipen, the one i have runs out next month", None, OUT),
    ("when is the covid booster available for over 65s", "patient-intake", OUT),
    ("id like to get the shingles vaccine, can i do that here", None, OUT),
    ("does my daughter need any jabs before we go to thailand", None, OUT),
    ("can you put me down for a smear test", "patient-intake", OUT),
    ("how do i register with the surgery, just moved to the area", None, OUT),
    ("i need a copy of my vaccination record for work", None, OUT),
    # in scope: the medicine or jab is part of a symptom
    ("ran out of my inhaler yesterday and now im really wheezy and tight chested", None, IN),
    ("arm is swollen and hot where i had my flu jab on monday", "patient-intake", IN),
    ("since starting the new blood pressure pills my ankles have ballooned", None, IN),
    ("my inhaler doesnt seem to be doing much, still coughing all night", "patient-intake", IN),
    ("feel dizzy and sick since they upped my dose of metformin", None, IN),
]


# Complaints no word list of ``bots.scope`` names, for the check by meaning
# (``bots.conversation.scope_check``): (message, the pack it belongs to or None, out of scope?).
# The threshold was chosen on MEANING_DEVELOPMENT; MEANING_HELD_OUT was written before any
# score was looked at and is only reported.
MEANING_DEVELOPMENT: list[tuple[str, str | None, bool]] = [
    ("outlook keeps asking for my password every 5 minutes", None, OUT),
    ("cant log into teams, it says something went wrong", None, OUT),
    ("excel crashes when i open a big spreadsheet", None, OUT),
    ("vpn wont connect from home since yesterday", None, OUT),
    ("forgot my password for the staff portal", None, OUT),
    ("need a new keyboard, the s key is stuck", None, OUT),
    ("how do i reset my email password", None, OUT),
    ("zoom has no sound on calls", None, OUT),
    ("the office coffee machine is broken again", None, OUT),
    ("can i get admin rights to install software", None, OUT),
    ("my mouse double clicks all the time", None, OUT),
    ("shared drive says access denied when i open the finance folder", None, OUT),
    ("my calendar invites arent showing up for other people", None, OUT),
    ("onedrive wont sync, little red cross on the icon", None, OUT),
    ("i need a licence for photoshop please", None, OUT),
    ("the lift in our building is stuck on floor 3", None, OUT),
    ("my pension statement looks wrong", None, OUT),
    ("who do i talk to about my parking permit", None, OUT),
    ("my laptop wont turn on", "it-laptop", IN),
    ("battery drains really fast even when im not doing anything", "it-laptop", IN),
    ("car wont start just clicks", "car", IN),
    ("grinding noise when i brake", "car", IN),
    ("ive had a sore throat and fever for 3 days", "patient-intake", IN),
    ("chest hurts when i breathe in", "patient-intake", IN),
    ("my son has an earache", "patient-intake", IN),
    ("screen flickers and goes black sometimes", "it-laptop", IN),
    ("keeps overheating on the motorway, temp needle goes into the red", "car", IN),
    ("burning when i pee and going all the time", "patient-intake", IN),
    ("i feel dizzy when i stand up", "patient-intake", IN),
    ("steering wheel shakes at 60", "car", IN),
    ("headache for a week that wont go", "patient-intake", IN),
    ("it gets really hot and the fan is so loud", "it-laptop", IN),
    ("no internet, cant see any networks at all", "it-laptop", IN),
    ("been coughing up green stuff since the weekend", "patient-intake", IN),
]

MEANING_HELD_OUT: list[tuple[str, str | None, bool]] = [
    ("my docusign link has expired can someone resend", None, OUT),
    ("sharepoint page wont load for me but works for my colleague", None, OUT),
    ("i keep getting locked out of my account after changing my password", None, OUT),
    ("please set up an out of office on my mailbox, im off sick", None, OUT),
    ("the meeting room screen wont show my slides", None, OUT),
    ("slack notifications stopped coming through on desktop", None, OUT),
    ("my expenses claim got rejected and i dont know why", None, OUT),
    ("can you add me to the marketing distribution list", None, OUT),
    ("the card reader at reception isnt letting me in", None, OUT),
    ("outlook search doesnt find any emails older than a month", None, OUT),
    ("my headset mic isnt picked up in webex", None, OUT),
    ("the website says my session expired every time i log in", None, OUT),
    ("laptop takes ages to boot and then freezes on the logo", "it-laptop", IN),
    ("theres a clicking noise from the front wheel when i turn", "car", IN),
    ("my little girl has had a temperature and wont eat", "patient-intake", IN),
    ("pain in my lower back for about two weeks, worse in the morning", "patient-intake", IN),
    ("wifi drops every few minutes then comes back", "it-laptop", IN),
    ("smell of petrol in the car after i fill up", "car", IN),
    ("ive been really short of breath walking up stairs lately", "patient-intake", IN),
    ("the display is really dim, can barely see anything", "it-laptop", IN),
    ("brake pedal feels spongy and goes down further than it used to", "car", IN),
    ("rash on my arms that itches like mad", "patient-intake", IN),
]


# A pet named beside a laptop or a car: the animal as the cause or the place of a device's
# trouble, not the subject (lead16: "i think my cat walked across the keyboard" was handed over
# as a pet problem), against a pet's own illness said beside a device word. Written before
# stop 40's rule and only scored.
HELD_OUT_PETS: list[tuple[str, str | None, bool]] = [
    ("the dog chewed through my laptop charger cable and now it wont charge", "it-laptop", IN),
    ("our cat knocked my laptop off the sofa and now the screen has lines all over it", None, IN),
    ("theres so much dog hair in my laptop fan it sounds like a jet engine", "it-laptop", IN),
    ("my puppy peed on the laptop keyboard, now some keys dont work and it wont boot", None, IN),
    (
        "a cat must have been sleeping on the car bonnet, theres paw prints and now the engine "
        "wont start",
        "car",
        IN,
    ),
    ("my dog was sick in the car on the way home and hasnt eaten anything since", None, OUT),
    ("the cat has been limping since he jumped off my laptop desk", None, OUT),
    ("my dog keeps coughing in the back of the car whenever we drive anywhere", "car", OUT),
]
