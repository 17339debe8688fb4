"""The helpdesk's shared vocabulary (``bots.language.domain_lexicon``): the same fact in a
domain's other words is read as the chart question it answers, a negation is never lost or
turned round, and an entailment is not drawn from its negation."""

from __future__ import annotations

import pytest

from bots.language import text as tx
from bots.language.domain_lexicon import CONCEPTS
from bots.language.vocabulary import in_chart_words
from bots.language.volunteer import volunteered_facts
from knowledge.datasets import flodial

# (concept, chart, plain statement, its negated forms). Sentences of my own, none a row of the
# opening-facts table.
SAMPLES = [
    # -- stop 42
    (
        "hit something",
        "car_steering",
        "i bumped a pothole on the way to work",
        ["i did not bump a pothole", "i never clipped a curb"],
    ),
    (
        "all accessories failed",
        "car_electrical_failure",
        "the stereo and the blower went dead at the same time",
        ["the radio and the wipers have not all stopped at once"],
    ),
    (
        "drag mark",
        "brake_problem",
        "the back wheel leaves a skid mark",
        ["the back wheel never leaves a skid mark", "there are no skid marks"],
    ),
    ("rear wheel", "brake_problem", "a back wheel locks up", ["a back wheel does not lock up"]),
    ("overflow tank", "engine_overheats", "the coolant bottle is empty", []),
    (
        "up to the mark",
        "engine_overheats",
        "the coolant sits at the full line",
        ["the coolant is not at the full line"],
    ),
    ("below the mark", "engine_overheats", "the coolant is below the min line", []),
    (
        "blotch",
        "lcd_problem",
        "there is an inky patch on the screen",
        ["there is no inky patch on the screen"],
    ),
    (
        "getting bigger",
        "lcd_problem",
        "the blotch is getting bigger",
        ["the blotch is not getting bigger"],
    ),
    (
        "vibration eases with speed",
        "car_steering",
        "it shakes at 50 but smooths out when i go faster",
        ["it shakes at 50 and does not smooth out when i go faster"],
    ),
    ("refusal", "car_wont_start", "the engine refuses to fire", []),
    (
        "battery terminals",
        "car_electrical_failure",
        "the battery terminals are clean and tight",
        ["the terminals are not clean", "the terminals are not good at all"],
    ),
    (
        "engine fires",
        "car_wont_start",
        "the engine catches straight away",
        ["the engine never catches", "the engine will not catch", "it does not catch"],
    ),
    (
        "pedal sinks",
        "brake_problem",
        "the brake pedal sinks to the floor",
        ["the brake pedal does not sink", "the brake pedal never sinks to the floor"],
    ),
    ("pedal firm", "brake_problem", "the brake pedal feels firm", []),
    (
        "charger connector",
        "power",
        "the charger plug is loose",
        ["the charger plug is not loose", "the charger plug never feels loose"],
    ),
    (
        "falls out",
        "power",
        "the power connector falls out",
        ["the power connector never falls out", "the power connector does not fall out"],
    ),
    ("quiet", "car_steering", "the steering is completely quiet", []),
    (
        "external monitor",
        "lcd_problem",
        "i see the splash screen on my telly",
        ["i do not see the splash screen on my telly", "i never see the splash screen on my tv"],
    ),
    ("works on an external monitor", "lcd_problem", "it works fine on my tv", []),
    (
        "at least one network",
        "wireless",
        "i can see loads of networks",
        ["i can not see loads of networks", "i do not see other networks"],
    ),
    ("no network at all", "wireless", "the laptop cant find any wifi networks", []),
    (
        "make out",
        "laptop_drive",
        "i can make out something on the screen",
        ["i can not make out anything on the screen"],
    ),
    (
        "comes up",
        "lcd_problem",
        "the splash screen comes up",
        ["the splash screen never comes up", "the splash screen does not come up"],
    ),
    ("something on screen", "laptop_drive", "i get the login screen", []),
    ("words on screen", "laptop_drive", "it says operating system not found", []),
    # Stop 47 (lead23's probes).
    ("engine not turned", "car_wont_start", "all i get is one click", []),
    (
        "smoke or burnt smell",
        "laptop_overheating",
        "there was a puff of smoke",
        ["there was no puff of smoke"],
    ),
    ("over a bump", "ticking", "it clunks when i go over a speed bump", []),
    ("battery lasts little", "laptop_battery", "it only lasts 40 minutes", []),
    ("windows does not load", "laptop_drive", "windows wont load", []),
    (
        "drive clunks",
        "laptop_drive",
        "the hard drive is clicking",
        ["the hard drive is not clicking"],
    ),
    # Stop 38: relations and consequences, the polarity read from the words.
    (
        "own network listed",
        "wireless",
        "our office wifi shows up in the list",
        ["our office wifi does not show up in the list", "i cant find my router in the list"],
    ),
    ("all but own network", "wireless", "it lists the cafe one but not mine", []),
    ("windows loads", "lcd_problem", "windows starts up normally behind the black", []),
    ("steam", "engine_overheats", "steam was pouring out of the engine bay", []),
    ("socket", "power", "the plug socket is fine", ["the plug socket is not fine"]),
    ("outlet dead", "power", "the socket must be dead", []),
    ("another outlet", "power", "i moved it to another socket", []),
    ("signs of life", "power", "the led comes on for a moment then it dies", []),
    (
        "fan runs",
        "power",
        "the cpu fan starts up when i press the button",
        ["the cpu fan never starts up when i press the button"],
    ),
    ("some electrics work", "car_electrical_failure", "the radio still works", []),
    ("no electrics", "car_electrical_failure", "all the electrics died on the motorway", []),
    ("temperature gauge", "engine_overheats", "the temp needle creeps up in traffic", []),
    ("tank low", "engine_overheats", "the expansion bottle is almost dry", []),
    ("tank full", "engine_overheats", "the header tank is right at the max line", []),
    ("always plugged in", "laptop_battery", "i never unplug it", []),
    ("soft surface", "laptop_overheating", "i tend to use it on the sofa", []),
    ("hard surface", "laptop_overheating", "it sits on my desk all day", []),
    (
        "hot place",
        "laptop_overheating",
        "the office gets really warm in summer",
        ["the office never gets warm", "the office is not warm"],
    ),
    ("cool place", "laptop_overheating", "the room is air conditioned", []),
    (
        "only when cold",
        "ticking",
        "the tick goes away once the engine warms up",
        ["the tick does not go away once the engine warms up"],
    ),
    ("dim screen", "lcd_problem", "the picture has gone very faint", []),
    ("beeps", "power", "it beeped at me when i pressed the button", []),
    ("ethernet works", "wireless", "the internet is fine over a lan cable", []),
    ("os", "laptop_drive", "it says no os", []),
    ("rotated", "lcd_problem", "the picture is upside down", []),
    ("battery lasts", "laptop_battery", "a charge lasts about six hours", []),
    (
        "starter turns",
        "car_wont_start",
        "the starter motor turns it over",
        ["the starter motor does not turn it over"],
    ),
    ("starts then cuts out", "car_wont_start", "she ran for a bit and then cut out", []),
    ("random blackout", "lcd_problem", "the panel blanks out randomly", []),
    ("no fan", "laptop_drive", "no fan noise whatsoever", []),
    ("stops when stopped", "ticking", "the tick goes away when i park", []),
    (
        "handbrake holds",
        "brake_problem",
        "the hand brake holds fine",
        ["the hand brake never holds"],
    ),
    ("spots", "lcd_problem", "there are specks on the panel", []),
    ("black screen", "laptop_drive", "the display just stays black", []),
    ("no networks listed", "wireless", "it is showing no wifi networks", []),
    ("hard to stop", "brake_problem", "it takes forever to stop", []),
    (
        "started, so cranked",
        "car_wont_start",
        "it started fine and then died on me",
        ["it never starts and then dies", "it does not start up, then it dies"],
    ),
    (
        "starts, runs, stalls",
        "car_wont_start",
        "the motor starts and then conks out",
        ["the motor does not start and then conk out"],
    ),
    (
        "fuel injection",
        "car_wont_start",
        "the engine is fuel injected",
        ["the engine is not fuel injected", "no fuel injection on this one"],
    ),
    (
        "carburettor",
        "car_wont_start",
        "it still has a carburettor",
        ["it has no carburettor", "there is not a carb on it"],
    ),
    # -- stop 43: a lay verb or phrase for a chart fact, by class
    (
        "pulls to a side",
        "car_steering",
        "the car wanders off to the left on a straight road",
        ["the car does not wander off to the left on a straight road"],
    ),
    (
        "fan turns on",
        "engine_overheats",
        "the radiator fan spins up once the engine is warm",
        ["the radiator fan never spins, even when the engine is warm"],
    ),
    (
        "without a break",
        "laptop_overheating",
        "the fan runs the whole time i use it",
        ["the fan does not run the whole time i use it"],
    ),
    (
        "fan running always",
        "laptop_overheating",
        "the fan roars nonstop",
        ["the fan does not roar nonstop"],
    ),
    (
        "pull over",
        "engine_overheats",
        "i pulled into a layby",
        [],
    ),
    (
        "stay idle",
        "engine_overheats",
        "if i stop and let it tick over the needle drops back to normal",
        ["i never let it tick over"],
    ),
    (
        "returns to normal",
        "engine_overheats",
        "if i pull over and let it idle the needle drops back to normal",
        ["if i let it idle the temperature does not come back down"],
    ),
    ("ethernet cable", "wireless", "i tried a network cable", []),
    (
        "gets online",
        "wireless",
        "plugged into the router with a cable everything loads fine",
        ["plugged into the router with a cable nothing loads"],
    ),
    (
        "tyres changed",
        "ticking",
        "got four new tyres fitted on friday",
        ["new tyres have not been fitted", "the tyres have not been changed in years"],
    ),
    ("moving", "ticking", "it ticks only while rolling along", []),
    (
        "signs of life",
        "power",
        "it flickers into life and then dies",
        ["it does not even flicker into life"],
    ),
    # -- stop 44: a chart fact said in lay words, by class
    (
        "braking",
        "brake_problem",
        "there is a squeal when i slow down",
        ["there is no squeal when i slow down"],
    ),
    (
        "noise when braking",
        "brake_problem",
        "a rattle underneath every time i hit the brakes",
        ["no rattle at all when i hit the brakes"],
    ),
    (
        "reaches the desktop",
        "laptop_drive",
        "it reaches the desktop eventually",
        [],
    ),
    (
        "stops before the desktop",
        "laptop_drive",
        "it never makes it past the lock screen",
        [],
    ),
    (
        "reaches the windows logo",
        "laptop_drive",
        "it gets as far as the windows logo",
        ["it never gets as far as the windows logo"],
    ),
    (
        "stops after the windows logo",
        "laptop_drive",
        "it hangs on a black screen after the logo",
        ["it does not hang after the logo"],
    ),
    (
        "hot spot",
        "laptop_overheating",
        "i work on it right next to the heater",
        ["it is not next to the heater"],
    ),
    (
        "shown on another screen",
        "lcd_problem",
        "on a second monitor the picture is crisp",
        ["on a second monitor it is not fine either"],
    ),
    (
        "desktop on another screen",
        "lcd_problem",
        "hooked to a projector everything looks normal",
        ["hooked to a projector nothing shows, not normal at all"],
    ),
    # -- stop 45
    (
        "one lamp out",
        "car_electrical_failure",
        "the rear number plate light has blown",
        ["the rear number plate light has not blown", "none of my lights have gone out"],
    ),
    (
        "one lamp out",
        "car_electrical_failure",
        "my nearside rear light isnt working",
        ["my nearside rear light is working again", "none of my rear lights have gone out"],
    ),
    (
        "internet light",
        "wireless",
        "the globe light on the router is on",
        ["the globe light on the router is not on"],
    ),
    (
        "internet light gone off",
        "wireless",
        "the internet light has gone off",
        ["the internet light has not gone off", "the internet light has never gone out"],
    ),
    (
        "starts without its devices",
        "power",
        "unplugged the mouse and keyboard and now it boots fine",
        ["unplugged the mouse and keyboard and it still does not boot"],
    ),
    # -- stop 46
    (
        "the rest work",
        "car_electrical_failure",
        "the radio is fine, everything else works",
        ["i am not sure everything else works"],
    ),
    (
        "an accessory failed",
        "car_electrical_failure",
        "the radio has died",
        ["the radio has not died"],
    ),
    (
        "fires then stalls at once",
        "car_wont_start",
        "it fires and then dies straight away",
        ["it does not fire and then die straight away"],
    ),
    (
        "hot then off",
        "laptop_overheating",
        "it gets hot and then switches itself off",
        ["it does not get hot and then switch itself off"],
    ),
    (
        "router in use",
        "wireless",
        "my phone connects fine to our wifi",
        ["my phone does not connect to our wifi either"],
    ),
    (
        "noise when moving",
        "ticking",
        "a clicking noise when i am driving",
        ["there is no clicking noise when i am driving"],
    ),
    # -- stop 47
    (
        "handbrake with no effort",
        "brake_problem",
        "my e-brake pulls up with zero resistance now",
        ["my e-brake does not pull up with zero resistance"],
    ),
    (
        "handbrake does not hold",
        "brake_problem",
        "the parking brake is on but the car creeps down the road",
        ["the parking brake is on and the car does not creep at all"],
    ),
    ("handbrake holds", "brake_problem", "the handbrake holds the car on a hill", []),
    ("handbrake stiff", "brake_problem", "the handbrake is really stiff", []),
    (
        "drifts with hands off",
        "car_steering",
        "it wanders to the right when i let go of the steering wheel",
        ["it does not wander to the right when i let go of the steering wheel"],
    ),
    (
        "held straight",
        "car_steering",
        "i need to steer a little left to keep it going straight",
        ["i do not need to steer to keep it going straight"],
    ),
    ("goes straight", "car_steering", "the car drives perfectly straight", []),
    (
        "flat after days",
        "car_electrical_failure",
        "leave it for a couple of days and it will not start",
        ["after a couple of days it is never flat"],
    ),
    (
        "alternator charges",
        "car_electrical_failure",
        "the alternator was charging normally when the garage tested it",
        ["the alternator was not charging normally"],
    ),
    (
        "lines on the screen",
        "lcd_problem",
        "there are white streaks across my display",
        ["there are no white streaks across my display"],
    ),
    (
        "a colour tint",
        "lcd_problem",
        "the picture has turned slightly green",
        ["the picture has not turned green"],
    ),
    (
        "no boot message",
        "laptop_drive",
        "it shows boot device not found on a black screen",
        ["it does not say boot device not found"],
    ),
]


@pytest.fixture(scope="module")
def networks() -> dict[str, object]:
    try:
        return {c: flodial.load_network(c) for c in flodial.chart_names()}
    except Exception as exc:  # the shared datasets are not beside the checkout
        pytest.skip(f"FloDial charts not available: {exc}")


def _read(text: str, network: object) -> dict[str, str]:
    return {
        a.finding.split(":", 1)[1]: a.states[0]
        for a in volunteered_facts(text, network)  # type: ignore[arg-type]
        if a.states
    }


def _assert_reads(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    got = _read(text, networks[chart])
    for finding, state in expected.items():
        assert got.get(finding) == state, (text, got)


def test_every_concept_has_a_sample_it_rewrites(networks: dict[str, object]) -> None:
    # A concept added without a sample is one whose negations nobody checked.
    named = {name for name, *_ in SAMPLES}
    assert {c.name for c in CONCEPTS} <= named
    for name, chart, plain, _negated in SAMPLES:
        said = in_chart_words(plain, networks[chart])  # type: ignore[arg-type]
        assert said.split() != tx.normalise(plain).split(), (name, plain, said)


def test_a_negated_equivalence_never_reads_as_its_plain_yes(
    networks: dict[str, object],
) -> None:
    checked = 0
    for _name, chart, plain, negated in SAMPLES:
        network = networks[chart]
        yes = {f for f, s in _read(plain, network).items() if s == "yes"}
        for sentence in negated:
            got = {f for f, s in _read(sentence, network).items() if s == "yes"}
            assert not got & yes, (sentence, sorted(got & yes))
            checked += 1
    assert checked >= 15


def test_a_negated_entailment_is_not_drawn(networks: dict[str, object]) -> None:
    # "not firm" says nothing of the floor; "never see the login screen" says nothing of a
    # screen with something on it; "not quiet" is no particular noise.
    assert _read("the brake pedal is not firm", networks["brake_problem"]).get("q2") is None
    assert (
        "something on the screen"
        not in in_chart_words("i never get the login screen", networks["laptop_drive"])  # type: ignore[arg-type]
    )
    assert _read("the steering is not quiet", networks["car_steering"]).get("q24") != "no"
    assert _read("it does not work on my tv", networks["lcd_problem"]).get("q6") != "yes"
    # Stop 47: what is normal or denied is not the fault's sign.
    assert _read("no smoke at all", networks["laptop_overheating"]).get("q1") != "yes"
    assert _read("the drive is ticking over normally", networks["laptop_drive"]).get("q3") is None
    assert _read("it ticks every time", networks["ticking"]).get("q2") is None
    assert _read("it used to only last an hour", networks["laptop_battery"]).get("q2") is None


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Engine words: catching, coming to life, firing said of "it".
        ("car_wont_start", "it turns over fine but just wont catch", {"q9": "no"}),
        ("car_wont_start", "starter spins it but it never fires", {"q9": "no"}),
        ("car_wont_start", "it roared into life then died a second later", {"q9": "yes"}),
        # A firm pedal is one that does not go to the floor.
        ("brake_problem", "the brake pedal feels really solid", {"q2": "no"}),
        # Whine, buzz and hum of a charger.
        ("laptop_battery", "my charger brick has started whining", {"q3": "yes"}),
        ("laptop_battery", "there is a buzzing from the adapter", {"q3": "yes"}),
        # The plug at the end of the charger cable is its connector.
        ("power", "the charger plug is a bit wobbly", {"q18": "yes"}),
        # One "no" before a list of noises denies each of them.
        ("car_steering", "no creaks or noises from the steering at all", {"q24": "no"}),
        # A TV or projector is an external monitor; working on it is a desktop shown.
        ("lcd_problem", "it works perfectly on the telly over hdmi", {"q6": "yes"}),
        # Many networks, or the neighbours', is at least one.
        ("wireless", "it shows a bunch of networks but not mine", {"q6": "yes"}),
        # No network at all is not the wanted one either.
        ("wireless", "it doesnt detect a single network, the list is empty", {"q1": "no"}),
        # Making out a picture is seeing something on the screen.
        ("laptop_drive", "i can just about make out the lock screen", {"q1": "yes"}),
        # British words for the charts' own: a kerb is a curb, the footbrake is the brakes.
        ("car_steering", "i hit the kerb last week", {"q18": "yes"}),
        (
            "brake_problem",
            "the handbrake is useless but the footbrake stops me fine",
            {"q1": "yes"},
        ),
    ],
)
def test_the_same_fact_in_a_helpdesks_words(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


def test_working_on_an_external_monitor_is_no_blank_lcd(networks: dict[str, object]) -> None:
    # "Does windows boot without displaying anything on the LCD?" is answered yes only where
    # the words take the display away; a desktop shown is no such "yes".
    lcd = networks["lcd_problem"]
    assert _read("it works fine on my tv through hdmi", lcd).get("q7") != "yes"
    assert _read("windows boots and shows the desktop", lcd).get("q7") != "yes"
    assert _read("windows boots but the screen shows nothing", lcd).get("q7") == "yes"
    assert _read("the laptop screen is black but it works on the tv", lcd).get("q7") == "yes"


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # The user's own network in the list, or not, with the subject kept (the neighbours'
        # networks are at least one network, not the one wanted).
        ("wireless", "our office wifi is right there in the list", {"q1": "yes"}),
        ("wireless", "my router doesnt appear at all", {"q1": "no"}),
        ("wireless", "loads of other wifi names but not mine", {"q1": "no", "q6": "yes"}),
        # Windows running fine behind a dark panel boots and shows the desktop.
        ("lcd_problem", "the screen is dark but windows starts up fine", {"q6": "yes"}),
        # Steam, said or denied, is the cooling system's question (not the cap's).
        ("engine_overheats", "steam everywhere when i opened the bonnet", {"q1": "yes"}),
        ("engine_overheats", "there was no steam at all", {"q1": "no"}),
        # Another socket tried rules the outlet out; a dead socket is an outlet not working.
        ("power", "moved it to a different socket upstairs, same thing", {"q25": "yes"}),
        ("power", "i think that wall socket is broken", {"q25": "no"}),
        # Fans that spin and then nothing: signs of life, and a fan heard.
        ("power", "the fans spin for a second and then it shuts off", {"q9": "yes", "q7": "yes"}),
        ("power", "the fan doesnt even spin", {"q7": "no"}),
        # Some electrics working is not all of them failed; none working is.
        ("car_electrical_failure", "the radio comes on fine", {"q3": "no"}),
        ("car_electrical_failure", "nothing electrical works at all", {"q3": "yes"}),
        # A needle that moves is a temperature gauge; the tank's level said as empty or full.
        ("engine_overheats", "the needle climbs to the red", {"q3": "yes"}),
        ("engine_overheats", "the coolant bottle keeps going low", {"q5": "no"}),
        # Never off the charger; on a duvet; a faint picture; beeps; a lan cable that works.
        ("laptop_battery", "it is constantly on charge", {"q9": "yes"}),
        ("laptop_overheating", "mostly on my lap on the train", {"q8": "no"}),
        ("lcd_problem", "the display went really faint overnight", {"q10": "yes"}),
        ("power", "all it does is beep when i switch it on", {"q3": "yes"}),
        ("wireless", "if i use a network cable it connects straight away", {"q13": "yes"}),
        ("laptop_drive", "it says no os installed", {"q14": "yes"}),
        ("lcd_problem", "the picture is on its side", {"q16": "yes"}),
        ("laptop_battery", "it still lasts me five hours", {"q2": "no"}),
        # The starter turning the engine is cranking; running then dying is an engine fired.
        ("car_wont_start", "the starter turns the engine over ok", {"q1": "yes"}),
        ("car_wont_start", "the starter does not turn at all", {"q1": "no"}),
        ("car_wont_start", "it runs for a few secs then stalls", {"q9": "yes"}),
        # The panel going black now and then; a black screen; no fan noise.
        ("lcd_problem", "it goes black every so often", {"q27": "yes"}),
        ("laptop_drive", "the display is just blank", {"q1": "no"}),
        ("laptop_drive", "no fan noise when i switch it on", {"q26": "no"}),
        # Ticking that stops with the car; a handbrake that does not hold; an empty list;
        # a car that takes ages to stop.
        ("ticking", "the ticking disappears as soon as i stop", {"q5": "yes"}),
        ("brake_problem", "the e-brake does not hold on hills", {"q9": "no"}),
        ("wireless", "there are no wifi networks listed", {"q6": "no"}),
        ("brake_problem", "the car struggles to stop", {"q31": "yes"}),
    ],
)
def test_a_fact_said_as_a_relation_or_consequence(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding", "state"),
    [
        # Windows in safe mode, or a desktop nowhere on the screen, is no normal boot.
        ("laptop_drive", "windows loads fine in safe mode", "q2", "yes"),
        ("lcd_problem", "windows boots fine but nothing shows on the lcd", "q6", "yes"),
        # The radiator cap steaming is the cap's question.
        ("engine_overheats", "the radiator cap is steaming", "q1", "yes"),
        # A light that flickers on plugging in and nothing after is no sign of life on
        # switching on; no gauge is no gauge; a battery that used to last is not lasting.
        ("power", "the light flickers when i plug it in but nothing happens", "q9", "yes"),
        ("engine_overheats", "there is no temperature gauge in this car", "q3", "yes"),
        ("laptop_battery", "it used to last all day, now it dies fast", "q2", "no"),
        ("laptop_overheating", "i never use it in bed", "q8", "no"),
        # A message on the black screen is something seen; a blackout when hot is the heat's.
        ("laptop_drive", "the screen is black with an error message", "q1", "no"),
        ("lcd_problem", "it goes black every so often when it gets hot", "q27", "yes"),
        # Starting is no cranking said.
        ("car_wont_start", "the starter never turns", "q1", "yes"),
        # Lights are not the chart's accessories (wipers, radio, heater blower): lights that
        # still work say nothing of whether all the accessories failed (stop 38, lead14).
        (
            "car_electrical_failure",
            "the radio, the heater fan and my wipers all packed in. headlights and indicators "
            "still work",
            "q3",
            "no",
        ),
    ],
)
def test_a_relation_not_said_is_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str, state: str
) -> None:
    assert _read(text, networks[chart]).get(finding) != state, text


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # An engine that started, however briefly, was cranked, ran and stalled (the lead's
        # web chat, stop 39: it was asked "does the starter crank?" and "does it start, run a
        # few seconds then stall?" after saying so).
        (
            "car_wont_start",
            "starts up first time, idles a moment and then conks out",
            {"q1": "yes", "q9": "yes", "q23": "yes"},
        ),
        ("car_wont_start", "it fires right up, the problem is the stalling", {"q1": "yes"}),
        # Fuel injection is the electronic kind; a carburettor is not.
        ("car_wont_start", "its fuel injected if that matters", {"q20": "yes"}),
        ("car_wont_start", "its an injected engine", {"q20": "yes"}),
        ("car_wont_start", "its an old carb engine", {"q20": "no"}),
    ],
)
def test_an_engine_that_ran_and_its_fuel_system(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding", "state"),
    [
        # Stopping the moment the key is let go is the key's own question, not a stall after
        # a few seconds; an engine that never starts was not shown to crank.
        ("car_wont_start", "it starts then dies as soon as i let go of the key", "q23", "yes"),
        ("car_wont_start", "it never starts up and then i give up", "q1", "yes"),
        # Injectors with no fuel reaching them say the car has them, but a denial is read as
        # nothing at all rather than as a carburettor.
        ("car_wont_start", "no fuel is reaching the injectors", "q20", "no"),
    ],
)
def test_a_started_engine_or_fuel_system_not_said_is_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str, state: str
) -> None:
    assert _read(text, networks[chart]).get(finding) != state, text


@pytest.mark.parametrize(
    ("chart", "text", "finding"),
    [
        # A state said of the whole laptop is not its fan's: "running" said of the laptop
        # answers no "is the fan running?" (bots.language.facts, the words path).
        ("laptop_overheating", "laptop running hot", "q6"),
        ("laptop_overheating", "my laptop is running really hot all the time", "q13"),
        ("laptop_overheating", "the computer keeps running hot", "q6"),
    ],
)
def test_a_state_of_the_device_is_not_its_parts(
    networks: dict[str, object], chart: str, text: str, finding: str
) -> None:
    assert finding not in _read(text, networks[chart]), text


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # The part named, or a state only the part has, is still read.
        ("laptop_overheating", "it gets hot and the fan is running like mad", {"q6": "yes"}),
        ("laptop_overheating", "it freezes when it gets hot", {"q16": "yes"}),
        ("car_wont_start", "the engine turns over but wont fire up", {"q1": "yes"}),
    ],
)
def test_a_part_named_or_its_own_state_is_read(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Where the laptop stands, with the furniture named more closely (bots.language.
        # circumstances): a table or desk of any kind is hard and flat, a sofa or bed is not.
        ("laptop_overheating", "mostly i use it on the big dining room table", {"q8": "yes"}),
        ("laptop_overheating", "it lives at my desk in the study", {"q8": "yes"}),
        ("laptop_overheating", "i sit with it on the living room couch", {"q8": "no"}),
        # The room or the weather, hot or not; air conditioning is no hot environment.
        ("laptop_overheating", "our flat is boiling at the moment", {"q2": "yes"}),
        ("laptop_overheating", "we are in the middle of a heat wave", {"q2": "yes"}),
        ("laptop_overheating", "its 31 degrees in here most days", {"q2": "yes"}),
        ("laptop_overheating", "my room isnt hot at all", {"q2": "no"}),
        ("laptop_overheating", "it overheats even with the aircon running", {"q2": "no"}),
        ("laptop_overheating", "happens in my cold basement too", {"q2": "no"}),
        # A tick that stops once the engine is warm is one only when it is cold.
        ("ticking", "it ticks when i first start it but stops once its warmed up", {"q8": "yes"}),
    ],
)
def test_a_place_or_circumstance_implies_the_state(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding"),
    [
        # The laptop's heat is not the room's: "hot" said of the device answers no question
        # about a hot environment (bots.language.facts._said_of_the_device).
        ("laptop_overheating", "the laptop gets hot in the office", "q2"),
        ("laptop_overheating", "my laptop is really hot when i use it in my bedroom", "q2"),
        # Air conditioning said not to be on, or a room not said to be cold, implies nothing.
        ("laptop_overheating", "there is no aircon in my office", "q2"),
        ("laptop_overheating", "the room is not cold", "q2"),
        # A place not where the laptop is ("not on a desk") says nothing of the surface.
        ("laptop_overheating", "i dont keep it on a desk", "q8"),
    ],
)
def test_a_circumstance_not_said_is_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str
) -> None:
    assert finding not in _read(text, networks[chart]), text


def test_accessories_going_quiet_together_have_all_failed(networks: dict[str, object]) -> None:
    # Stop 42: "went quiet" is said as "no noises" by the quiet concept before the accessories
    # are read; that is a failure of the blower, not a negation of the sentence.
    text = "the stereo died, the wipers froze and the blower went quiet all at the same time"
    assert _read(text, networks["car_electrical_failure"]).get("q3") == "yes"


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Stop 43: a lay verb or phrase for a chart fact, by class (the web chat's probes
        # lead17 and lead18 missed them).
        ("brake_problem", "when i brake the car yanks over to the right", {"q28": "yes"}),
        ("car_steering", "the car drifts off towards the verge on a straight road", {"q17": "yes"}),
        (
            "engine_overheats",
            "it overheats in traffic and the electric fan behind the grille never spins",
            {"q7": "no"},
        ),
        ("laptop_overheating", "the fan roars nonstop whenever im on it", {"q13": "yes"}),
        (
            "engine_overheats",
            "if i pull into a layby and let it idle the needle drops back to normal",
            {"q18": "yes"},
        ),
        (
            "wireless",
            "no internet on wifi but with a network cable into the router everything loads",
            {"q13": "yes"},
        ),
        ("ticking", "had two new tyres fitted last week and now it ticks", {"q15": "yes"}),
        ("ticking", "a ticking whenever im rolling along, wasnt there before", {"q5": "yes"}),
        ("power", "it flickers into life for a second and then dies", {"q9": "yes"}),
    ],
)
def test_a_lay_verb_or_phrase_for_a_chart_fact(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding"),
    [
        # Stop 43: the same words about something else say nothing of the fact.
        ("power", "it flickers into life for a second and then dies", "q2"),  # no LED flicker
        ("brake_problem", "the pedal goes right down to the floor", "q28"),
        ("ticking", "new tires have not been installed on the car", "q15"),
        (
            "engine_overheats",
            "the needle creeps into the red in traffic, then drops back once im moving again",
            "q18",
        ),
        ("wireless", "the network connection is not sporadic", "q13"),
        # Development traps for the broadest classes, written after a first measurement.
        ("ticking", "i need new tyres soon", "q15"),
        ("engine_overheats", "cools down once im moving, ticks over fine at the lights", "q18"),
        ("brake_problem", "the grinding moves to the left side when i brake", "q28"),
    ],
)
def test_a_lay_phrase_about_something_else_is_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str
) -> None:
    got = _read(text, networks[chart])
    assert got.get(finding) != "yes", (text, got)


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Stop 44: a chart fact said in lay words, by class (lead19's web chat asked them back).
        # The driver slowing down or pulling up brakes, and a kind of noise then is a noise.
        ("brake_problem", "a loud squeak from the back whenever we slow down", {"q18": "yes"}),
        ("brake_problem", "it groans underneath when pulling up at junctions", {"q18": "yes"}),
        ("brake_problem", "no noise at all when i slow down", {"q18": "no"}),
        # A boot stage reached or never reached.
        ("laptop_drive", "it goes past the logo but never once reaches the desktop", {"q2": "no"}),
        ("laptop_drive", "it does not even get as far as the login screen", {"q2": "no"}),
        ("laptop_drive", "makes it all the way to my desktop then locks up", {"q2": "yes"}),
        ("laptop_drive", "it gets to the windows logo and hangs", {"q16": "yes"}),
        # Stop 47 (lead23's probes): a click and no more; coolant topped up; smoke or a burnt
        # smell; a bump gone over "every time"; the cable plugged into the router; a battery
        # that only lasts minutes; windows that will not load; a drive that clacks.
        ("car_wont_start", "turn the key and all i get is one click", {"q1": "no"}),
        ("car_wont_start", "the engine doesnt even try to turn", {"q1": "no"}),
        ("engine_overheats", "the coolant is topped up", {"q5": "yes"}),
        ("laptop_overheating", "saw a puff of smoke and a burnt smell", {"q1": "yes"}),
        ("ticking", "a clunk every time i go over a speed bump", {"q2": "yes"}),
        ("wireless", "internet works when i plug the cable into the router", {"q13": "yes"}),
        ("laptop_battery", "it only lasts about 40 minutes now", {"q2": "yes"}),
        ("laptop_drive", "windows wont load any more", {"q2": "no"}),
        ("laptop_drive", "the hard drive makes a clacking noise", {"q3": "yes"}),
        # A lamp that does not light up is out, also named by its corner after the lamp.
        ("car_electrical_failure", "my right headlight doesnt come on", {"q14": "yes"}),
        (
            "car_electrical_failure",
            "my left indicator flashes fast and the front left one doesnt light up",
            {"q14": "yes"},
        ),
        # Stop 47: a screen named as all there is, or where it stops, is something seen.
        ("laptop_drive", "just the logo then it hangs", {"q1": "yes", "q16": "yes"}),
        ("laptop_drive", "it sits on the dell logo forever", {"q1": "yes"}),
        ("laptop_drive", "i dont see the logo, just black", {"q16": "no"}),
        # A hot place.
        ("laptop_overheating", "i do my homework in the sun room most days", {"q2": "yes"}),
        ("laptop_overheating", "my desk is up against a radiator", {"q2": "yes"}),
        ("laptop_overheating", "the sun is beating through the window onto it", {"q2": "yes"}),
        # The picture fine on another screen.
        (
            "lcd_problem",
            "connected the tv through hdmi and the image is bright and clear",
            {"q2": "yes", "q6": "yes"},
        ),
        ("lcd_problem", "the display works normally on an external screen", {"q6": "yes"}),
    ],
)
def test_a_chart_fact_said_in_lay_words(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding", "state"),
    [
        # Stop 44: the same lay words about something else say nothing of the fact.
        ("brake_problem", "the car slows down by itself on hills and makes a whine", "q18", "yes"),
        ("brake_problem", "i pulled up the handbrake and heard a click", "q18", "yes"),
        (
            "brake_problem",
            "the brake light is on and there is a rattle from the exhaust",
            "q18",
            "yes",
        ),
        ("laptop_drive", "i never got as far as reinstalling windows", "q2", "no"),
        ("laptop_overheating", "the bottom gets as warm as a radiator", "q2", "yes"),
        ("laptop_overheating", "i am worried it will catch fire", "q2", "yes"),
        ("lcd_problem", "the screen dims whenever i stream tv on it", "q2", "yes"),
        ("lcd_problem", "the tv works fine, the laptop screen is the problem", "q2", "yes"),
        ("lcd_problem", "on the tv it is not fine either, just as dark", "q2", "yes"),
    ],
)
def test_lay_words_about_something_else_are_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str, state: str
) -> None:
    got = _read(text, networks[chart])
    assert got.get(finding) != state, (text, got)


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Stop 46: a denial said as a contrast; the rest working is not all failed.
        (
            "car_electrical_failure",
            "left tail light has blown but all the other lights are working",
            {"q14": "yes", "q3": "no"},
        ),
        ("car_electrical_failure", "the horn is dead, everything else is fine", {"q3": "no"}),
        ("car_electrical_failure", "my wipers have stopped working", {"q2": "yes"}),
        # A state said as a sequence of events: fires, then stalls at once.
        ("car_wont_start", "it catches then stalls right away", {"q9": "yes", "q27": "yes"}),
        ("car_wont_start", "it starts but dies the moment i let go of the key", {"q27": "yes"}),
        ("laptop_overheating", "it heats up and then shuts down by itself", {"q11": "yes"}),
        # A state said in other words: another device online through the router; a noise
        # when the driver moves the car.
        ("wireless", "the kids ipad is on the wifi fine, just not my laptop", {"q4": "yes"}),
        ("wireless", "my wifes phone connects fine to our router", {"q4": "yes"}),
        ("ticking", "a tapping noise whenever i am driving, none when parked", {"q5": "yes"}),
    ],
)
def test_a_fact_said_as_a_contrast_a_sequence_or_in_other_words(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding", "state"),
    [
        # Stop 46: the same words where they do not say the fact.
        ("car_electrical_failure", "i am not sure the rest of the lights work", "q3", "no"),
        ("car_electrical_failure", "the other lights were fine until yesterday", "q3", "no"),
        ("car_wont_start", "it runs for twenty minutes then stalls", "q27", "yes"),
        ("car_wont_start", "it fires up for a few seconds and then dies", "q27", "yes"),
        ("laptop_overheating", "it turned off but it was not even warm", "q11", "yes"),
        ("wireless", "my phone will not connect to the wifi either", "q4", "yes"),
        ("wireless", "my phone works fine on 4g", "q4", "yes"),
        ("wireless", "my phone connects to the neighbours wifi", "q4", "yes"),
        ("ticking", "it ticks when i drive round corners", "q5", "yes"),
        ("ticking", "it clicks when i drive and even when parked at idle", "q5", "yes"),
    ],
)
def test_a_contrast_sequence_or_other_words_not_said_are_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str, state: str
) -> None:
    got = _read(text, networks[chart])
    assert got.get(finding) != state, (text, got)


@pytest.mark.parametrize(
    ("chart", "text", "expected"),
    [
        # Stop 47: a state said through what it does to the user.
        (
            "brake_problem",
            "yanked the parking brake on and the car still slid back down the ramp",
            {"q9": "no"},
        ),
        ("brake_problem", "the handbrake lever pulls right up without any clicks", {"q14": "yes"}),
        ("brake_problem", "the handbrake is stiff but holds fine", {"q9": "yes", "q14": "no"}),
        ("car_steering", "hands off the wheel and it drifts towards the verge", {"q17": "yes"}),
        (
            "car_steering",
            "i have to keep pulling the wheel left just to keep it driving straight",
            {"q17": "yes"},
        ),
        ("car_steering", "the car tracks dead straight", {"q17": "no"}),
        ("car_electrical_failure", "after a weekend parked it needs a jump", {"q6": "yes"}),
        ("car_electrical_failure", "the alternator is charging ok", {"q7": "yes"}),
        # A colour word for a tint; a thing said in other words.
        ("lcd_problem", "the image has a yellow tint", {"q18": "yes"}),
        ("lcd_problem", "a pink line down the left of the screen", {"q14": "yes"}),
        ("lcd_problem", "a cluster of stuck pixels near the top", {"q14": "yes"}),
        ("laptop_drive", "it says no boot device available", {"q14": "yes"}),
        ("laptop_drive", "operating system missing is all i get", {"q14": "yes"}),
    ],
)
def test_a_state_said_by_its_effect_a_tint_by_its_colour_a_message_in_other_words(
    networks: dict[str, object], chart: str, text: str, expected: dict[str, str]
) -> None:
    _assert_reads(networks, chart, text, expected)


@pytest.mark.parametrize(
    ("chart", "text", "finding", "state"),
    [
        # Stop 47: the same words where they do not say the fact.
        ("brake_problem", "with the handbrake off the car rolls down the hill", "q9", "no"),
        ("brake_problem", "the car rolls back on hills when i do a hill start", "q9", "no"),
        ("brake_problem", "the handbrake does not come up with no effort", "q14", "yes"),
        ("car_steering", "if i let go of the wheel it stays straight", "q17", "yes"),
        ("car_steering", "when i let go of the wheel it does not drift left", "q17", "yes"),
        ("car_electrical_failure", "after a few days parked it starts fine", "q6", "yes"),
        ("car_electrical_failure", "the alternator is not charging properly", "q7", "yes"),
        ("lcd_problem", "my laptop is bright pink", "q18", "yes"),
        ("lcd_problem", "the blue screen of death came up", "q18", "yes"),
        ("lcd_problem", "the screen does not look green any more", "q18", "yes"),
        ("lcd_problem", "a line of text on the screen says update failed", "q14", "yes"),
        ("laptop_drive", "it says no internet", "q14", "yes"),
        ("laptop_drive", "it never says operating system not found", "q14", "yes"),
    ],
)
def test_an_effect_a_colour_or_a_message_not_said_is_not_read(
    networks: dict[str, object], chart: str, text: str, finding: str, state: str
) -> None:
    got = _read(text, networks[chart])
    assert got.get(finding) != state, (text, got)
