"""Complaints as helpdesk users type them (run-on, slang, symptoms not chart titles) and the
chart each is about. Written without looking at the charts' wording; used to choose the
routing knobs (the development part) and to report (the held-out part, not tuned on)."""

DEVELOPMENT: list[tuple[str, str]] = [
    (
        "temp gauge went right up into the red on the motorway and theres steam coming out "
        "from under the bonnet",
        "engine_overheats",
    ),
    (
        "car keeps boiling over in traffic, had to top up the water twice this week",
        "engine_overheats",
    ),
    (
        "car is totally dead this morning, turn the key and nothing, not even a click",
        "car_wont_start",
    ),
    ("it cranks and cranks but never catches, smells of petrol after", "car_wont_start"),
    ("brakes are grinding metal on metal when i slow down", "brake_problem"),
    ("pedal feels spongy and goes nearly to the floor before it bites", "brake_problem"),
    (
        "my radio and wipers stopped working at the same time and the dash lights flicker",
        "car_electrical_failure",
    ),
    ("car battery keeps going flat overnight even though its new", "car_electrical_failure"),
    ("wheel wobbles like mad at 60 and it wanders all over the lane", "car_steering"),
    ("steering feels really heavy at low speed, like wrestling it round corners", "car_steering"),
    ("theres a tick tick tick from under the car that gets quicker the faster i go", "ticking"),
    ("tapping noise from the engine when its cold that goes away after a few minutes", "ticking"),
    ("laptop only lasts about 40 mins off the charger now", "laptop_battery"),
    ("says plugged in not charging and the percentage never goes up", "laptop_battery"),
    ("hard disk is clicking and windows takes ages to load then freezes", "laptop_drive"),
    ("getting a no bootable device error on startup", "laptop_drive"),
    (
        "bottom of my laptop gets so hot i cant keep it on my lap and the fan is screaming",
        "laptop_overheating",
    ),
    ("laptop shuts itself off when i play games, feels really warm", "laptop_overheating"),
    ("screen has gone really dim, can just about see the desktop with a torch", "lcd_problem"),
    ("there are coloured lines all down my display", "lcd_problem"),
    ("press the power button and absolutely nothing, no lights no fan", "power"),
    ("laptop wont switch on at all even with the charger in", "power"),
    ("cant see my home wifi in the list but my phone can", "wireless"),
    ("internet keeps cutting out on my laptop every few minutes", "wireless"),
    # A car's lamps in British words, and clauses that say what is fine (routed on, they
    # pulled a dead indicator bulb to the engine's charts).
    (
        "my left indicator is flashing double speed and the front one doesnt light up, every "
        "other light on the car is fine, engine runs fine",
        "car_electrical_failure",
    ),
    ("one headlamp has gone, the other side works fine", "car_electrical_failure"),
]

HELD_OUT: list[tuple[str, str]] = [
    ("coolant light came on and the needle is nearly at H", "engine_overheats"),
    ("engine is running hot and theres a sweet smell", "engine_overheats"),
    ("car wont fire up, starter just spins", "car_wont_start"),
    ("squeal every time i brake and the car pulls a bit", "brake_problem"),
    ("headlights keep dimming and the electrics are going haywire", "car_electrical_failure"),
    ("car drifts to the right on a straight road", "car_steering"),
    ("clicking from a front wheel when i drive slowly", "ticking"),
    ("battery on my notebook dies really quickly", "laptop_battery"),
    ("hdd making a horrible grinding sound", "laptop_drive"),
    ("fan is constantly blasting and the case is hot to the touch", "laptop_overheating"),
    ("display is flickering and sometimes goes black", "lcd_problem"),
    ("my chromebook is completely dead, wont power on", "power"),
    ("wireless keeps disconnecting from the router", "wireless"),
]
