"""The offline reader on articles written for these tests (none of them from the benchmark):
an FAQ, a symptom table, a numbered e-mail, a nested yes/no list and a wiki page whose checks
are only written as "if ..." sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.construction.offline import language as lang
from knowledge.construction.offline.decisions import Cause, Check, read_decisions
from knowledge.construction.offline.network import decisions_network
from knowledge.ingest.readers import markdown_to_text, read_document
from planning.network import Citation

ARTICLES = Path(__file__).parent / "articles"


def tree(text: str) -> dict[str, object]:
    """The decision tree as nested dicts: {question: {"yes": ..., "no": ...}} / cause text."""
    decisions = read_decisions(text)

    def walk(node: object, seen: frozenset[str]) -> object:
        if isinstance(node, Cause):
            return node.text
        if isinstance(node, Check) and node.id not in seen:
            return {node.question: {s: walk(node.slot(s), seen | {node.id}) for s in ("yes", "no")}}
        return None

    return walk(decisions.root, frozenset())  # type: ignore[return-value]


def article(name: str) -> str:
    return read_document(ARTICLES / name)[0].text


def test_an_faq_with_next_question_pointers() -> None:
    got = tree(article("vpn.md"))
    root = got["Does your home internet work without the VPN?"]  # type: ignore[index]
    assert root["no"].startswith("the problem is your home connection")
    auth = root["yes"]['Does the VPN client show "authentication failed"?']
    assert auth["yes"].startswith("your password has probably expired")
    client = auth["no"]["Is the VPN client up to date?"]
    # "If the version is older than the one on the portal" answers "up to date?" no.
    assert "outdated client is the cause" in client["no"]
    assert "missing VPN access" in client["yes"]


def test_a_symptom_cause_fix_table() -> None:
    got = tree(article("printer.html"))
    ((question, sides),) = got.items()  # type: ignore[union-attr]
    assert "Paper jam" in question
    assert sides["yes"].startswith("Paper stuck in the feed rollers")
    ((toner, rest),) = sides["no"].items()
    assert "toner light" in toner.lower()
    assert rest["yes"].startswith("Empty toner cartridge")
    assert rest["no"].startswith("Printer driver not installed")


def test_numbered_steps_with_go_to_step() -> None:
    got = tree(article("outlook.txt"))
    offline = got['Is Outlook showing "Working offline" in the status bar?']  # type: ignore[index]
    assert "switch it off" in offline["yes"]
    web = offline["no"]["Can you receive mail in the web mail at mail.example.com?"]
    assert "mailbox itself is blocked" in web["no"]
    disconnected = web["yes"]['Does Outlook say "Disconnected" at the bottom?']
    assert "profile is damaged" in disconnected["yes"]
    assert "add-in" in disconnected["no"]


NESTED = """# Phone will not charge

- **Does the charging icon appear when you plug it in?**
  - **Yes:** the phone is charging; watch it for a while.
    - **Does the battery level rise after an hour?**
      - **Yes:** it only charges slowly. Use the original charger, which gives more power.
      - **No:** the battery is worn out. Have the battery replaced.
  - **No:** look at the cable.
    - **Does another cable work?**
      - **Yes:** the old cable is broken. Throw it away and use a new cable.
      - **No:** the charging port is full of lint. Clean it gently with a wooden toothpick.
"""


def test_a_nested_yes_no_list() -> None:
    got = tree(markdown_to_text(NESTED)[1])  # as ingest stores it
    root = got["Does the charging icon appear when you plug it in?"]  # type: ignore[index]
    rises = root["yes"]["Does the battery level rise after an hour?"]
    assert rises["yes"].startswith("it only charges slowly")
    assert rises["no"].startswith("the battery is worn out")
    cable = root["no"]["Does another cable work?"]
    assert cable["yes"].startswith("the old cable is broken")
    assert cable["no"].startswith("the charging port is full of lint")


WIKI = """Headset has no sound

Headset troubleshooting for the office softphone.

Muted headset

A headset muted with its own button plays nothing at all, whatever the computer does. If the
mute light on the cable is red, press the mute button once and the sound comes back. If the
mute light is off, read the next section.

Wrong output device

Open the sound settings and look at the selected output. If another device is selected, the
computer is sending the sound elsewhere: choose the headset as the output device. If the
headset is already selected, the headset itself is probably faulty and should be replaced.
"""


def test_checks_written_only_as_conditions() -> None:
    got = tree(WIKI)
    ((question, sides),) = got.items()  # type: ignore[union-attr]
    assert "mute light" in question and "red" in question
    assert sides["yes"].startswith("press the mute button")
    ((second, rest),) = sides["no"].items()
    assert "another device" in second.lower() and "selected" in second.lower()
    assert "choose the headset" in rest["yes"]
    assert "probably faulty" in rest["no"]


def test_the_network_links_each_cause_to_the_answers_on_its_way() -> None:
    text = article("outlook.txt")
    net = decisions_network(
        read_decisions(text), name="mail", cite=lambda span: Citation("mail:outlook.txt#0")
    )
    by_name = {h.name: h.id for h in net.hypotheses}
    addin = next(i for n, i in by_name.items() if "add-in" in n)
    answers = {}
    for link in net.links:
        if link.hypothesis == addin:
            ((focal, mass),) = link.masses
            answers[net.finding(link.finding).question] = (sorted(focal), mass)
    assert answers == {
        'Is Outlook showing "Working offline" in the status bar?': (["no"], 1.0),
        "Can you receive mail in the web mail at mail.example.com?": (["yes"], 1.0),
        'Does Outlook say "Disconnected" at the bottom?': (["no"], 1.0),
    }
    assert net.flow_root == net.findings[0].id
    assert all(
        h.citations and h.citations[0].passage_id == "mail:outlook.txt#0" for h in net.hypotheses
    )


@pytest.mark.parametrize(
    ("condition", "negative"),
    [
        ("the light is lit", False),
        ("the light is off", True),
        ("it doesn't start", True),
        ("there is no smoke and no burning smell", True),
        ("one wheel is harder to turn (it won't spin)", False),
    ],
)
def test_polarity_of_conditions(condition: str, negative: bool) -> None:
    assert lang.negative(condition) is negative


def test_a_text_with_no_decisions_builds_nothing() -> None:
    decisions = read_decisions("Our office hours\n\nWe are open from nine to five.")
    assert decisions.causes == [] and decisions.root is None


def test_a_cause_reached_by_a_fall_through_is_ruled_out_by_the_other_way() -> None:
    # Step 2's "otherwise" and step 3's last "no" both lead to step 4: the jammed-tray cause
    # is reached two ways. A "yes" to the toner question (asked only on the second way)
    # must still rule it out, or a dialog on that way can never settle.
    text = markdown_to_text(
        "# Printer\n\n"
        "1. **Does the printer power on?** If it does, go to step 2. If not, plug it in.\n\n"
        "2. **Is there an error on the panel?** If there is, go to step 3. Otherwise, go to "
        "step 4.\n\n"
        "3. **Is the toner light blinking?** If it is, the toner cartridge is empty; replace "
        "the cartridge. If not, go to step 4.\n\n"
        "4. **Does the paper tray click in?** If it does not, the tray is jammed; clear the "
        "tray and reseat it. If it does, the print spooler has stalled; restart the spooler.\n"
    )[1]
    net = decisions_network(read_decisions(text), name="p", cite=lambda s: Citation("p#0"))
    tray = next(h.id for h in net.hypotheses if "jammed" in h.name.lower())
    toner_q = next(f.id for f in net.findings if "toner" in f.question.lower())
    link = net.link(tray, toner_q)
    assert link is not None and link.masses == ((frozenset({"no"}), 1.0),)


def test_a_cause_keeps_the_rest_of_its_list_item_and_paired_sides_go_in_order() -> None:
    text = markdown_to_text(
        "# Screen\n\n"
        "Decide whether the system is running without a picture.\n\n"
        "- If the system seems to boot but nothing shows on the panel, the output is most "
        "likely going to a projector that is gone. Press the display key to bring it back.\n"
        "- If the system never boots at all, the screen is fine. It stays blank because the "
        "disk is failing; replace the disk.\n"
    )[1]
    got = tree(text)
    ((_question, sides),) = got.items()  # type: ignore[union-attr]
    assert "projector" in sides["yes"]  # first written, both conditions negative
    assert "disk is failing" in sides["no"]  # the explanation after "the screen is fine."


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Fusible link is blown.", "Link intact."),
        ("The adapter reads low.", "The adapter measures correctly."),
        ("The fan is dead.", "The fan works."),
    ],
)
def test_table_conditions_that_differ_only_in_their_way_are_one_check(
    first: str, second: str
) -> None:
    text = (
        "| Symptom | What to check | Likely cause | Fix |\n"
        f"| No power | {first} | Cause one here | Fix one. |\n"
        f"| No power | {second} | Cause two here | Fix two. |\n"
    )
    got = tree(markdown_to_text(f"# Table\n\nFind your row.\n\n{text}")[1])
    ((_question, sides),) = got.items()  # type: ignore[union-attr]
    assert sides["yes"] != sides["no"]
    assert {sides["yes"][:9], sides["no"][:9]} == {"Cause one", "Cause two"}


def test_a_way_on_is_not_a_cause() -> None:
    text = (
        "Router\n\n"
        "Check the lights. If the internet light is amber, the next test is to reboot the "
        "modem and wait two full minutes before looking again.\n\n"
        "Is the light still amber after the reboot? If it is, the line is down; call the "
        "provider. If not, the modem was stuck."
    )
    causes = [c.text.lower() for c in read_decisions(text).causes]
    assert not any(c.startswith("the next test") for c in causes)
    assert any("line is down" in c for c in causes)


FORUM_REPLY = """# Re: scanner not showing up

Hi, been there. Work through this in order.

### Q: Where do I start?

Is the scanner's power light on? If it is, skip ahead to *"The light is on. Does the PC see it?"*
If the light stays off, carry on with the next question.

### Q: The light is off. Is the adapter warm?

Feel the power brick after a minute. If it isn't warm at all, that's your problem. Order a new
adapter from the maker.

If the brick is warm, the power switch on the back has most likely failed. Bridge the switch
and see whether the motor moves.

### Q: The light is on. Does the PC see it?

Open Devices and Printers. If it is listed, jump to *"Listed, but scans fail. Is the driver
current?"* If it isn't, try another USB port.

1. Swap the cable for one you trust.
2. Still nothing? Plug it into a different computer and see whether it shows up there. If it
   does, your own PC's USB controller is at fault, so have the board looked at. If it is
   missing there too, the scanner's interface board is dead and needs replacing.

### Q: Listed, but scans fail. Is the driver current?

If the driver is current, turn to the troubleshooting section of your model's manual: it
lists the error codes. If it is out of date, install the newest driver from the maker's site.
"""


def test_quoted_titles_verdicts_tests_and_restated_steps() -> None:
    got = tree(markdown_to_text(FORUM_REPLY)[1])  # as ingest stores it
    root = got["Is the scanner's power light on?"]  # type: ignore[index]
    # A quoted title with two sentences in it is one pointer, resolved to its section.
    seen = root["yes"]["Does the PC see it?"]
    # "That's your problem." is a cause, with the fix that follows it.
    adapter = root["no"]["Is the adapter warm?"]
    assert adapter["no"].startswith("that's your problem") and "new adapter" in adapter["no"]
    # "see whether the motor moves" after a cause explains the cause, no check of its own.
    assert adapter["yes"].startswith("the power switch on the back has most likely failed")
    assert "motor moves" in adapter["yes"]
    # A pointer into the model's manual ends the diagnosis there, as a cause.
    driver = seen["yes"]["Is the driver current?"]
    assert "manual" in driver["yes"] and "newest driver" in driver["no"]
    # "Still nothing?" only restates the way in; the test it asks for is the check, and the
    # two sentences after it are its two sides.
    other = seen["no"]
    ((question, sides),) = other.items()
    assert "shows up there" in question.lower() or "show up there" in question.lower()
    assert "USB controller" in sides["yes"] and "interface board is dead" in sides["no"]


def test_a_check_whose_answers_lead_to_the_same_place_is_not_asked() -> None:
    text = """# Fan noise

1. Is the fan spinning? If it is not, replace the fan.
2. If the noise is still there, here is what I would do next.
3. Is the noise a grinding sound? If so, the bearing is worn; replace it. Otherwise the
   blade is loose, so tighten it.
"""
    decisions = read_decisions(text)
    questions = [c.question for c in decisions.checks]
    assert not any("noise is still there" in q.lower() or "still" in q.lower() for q in questions)
    fan = tree(text)["Is the fan spinning?"]  # type: ignore[index]
    assert "Is the noise a grinding sound?" in fan["yes"]


def test_a_condition_that_widens_an_only_question_answers_it_no() -> None:
    text = """# Squeaky chair

### Does it only squeak when you lean back?

If it squeaks when you sit upright as well, the gas lift is worn: replace the cylinder.
If it does, the tilt spring is dry: spray it with silicone lubricant.
"""
    got = tree(markdown_to_text(text)[1])["Does it only squeak when you lean back?"]  # type: ignore[index]
    assert got["no"].startswith("the gas lift is worn")
    assert got["yes"].startswith("the tilt spring is dry")


def test_a_table_condition_stated_both_ways_is_asked_in_its_good_state() -> None:
    text = (
        "| Symptom | Likely cause | Fix |\n|---|---|---|\n"
        "| Router lights stay off and the wall socket is dead | No power at the socket |"
        " Use another socket. |\n"
        "| Router lights off, the socket is live, and the adapter measures its rated voltage |"
        " Router failure | Replace the router. |\n"
        "| Router lights off, the socket is live, and the adapter reads low | Worn adapter |"
        " Replace the adapter. |\n"
    )
    got = tree(markdown_to_text(f"# No lights\n\nFind your row.\n\n{text}")[1])
    ((question, sides),) = got.items()  # type: ignore[union-attr]
    assert question == "Is the socket live?"
    assert sides["no"].startswith("No power at the socket")
    ((adapter, rest),) = sides["yes"].items()
    assert "adapter" in adapter
    assert rest["yes"].startswith("Router failure")
    assert rest["no"].startswith("Worn adapter")


def test_a_row_opening_with_a_new_negative_condition_denies_the_test_above() -> None:
    text = (
        "| Symptom | Likely cause | Fix |\n|---|---|---|\n"
        "| The printer prints once the USB hub is removed | Faulty hub | Replace the hub. |\n"
        "| Still nothing printed without the hub, but a test page comes out from the menu |"
        " Driver fault | Reinstall the driver. |\n"
        "| No test page, although the display shows a paper error | Paper sensor |"
        " Clean the sensor. |\n"
        "| No test page, and the display is blank | Mainboard failure | Repair the board. |\n"
    )
    got = tree(markdown_to_text(f"# Nothing prints\n\nFind your row.\n\n{text}")[1])
    ((hub, sides),) = got.items()  # type: ignore[union-attr]
    assert "hub" in hub
    assert sides["yes"].startswith("Faulty hub")
    ((page, rest),) = sides["no"].items()
    assert "test page" in page
    assert rest["yes"].startswith("Driver fault")
    ((display, last),) = rest["no"].items()
    assert "display" in display
    assert last["yes"].startswith("Paper sensor")
    assert last["no"].startswith("Mainboard failure")


def test_the_condition_that_restates_the_question_is_its_yes_side() -> None:
    # Both conditions read positively; the one that repeats the question's words answers it
    # as asked, whichever is written first.
    text = """# Printer offline

### Is the printer still on its factory IP address?

If somebody has given it a fixed address, the cause is a driver port that points at the
old address: type the new one into the driver's port settings.
If the printer is on its factory IP address, the print spooler has most likely stalled:
restart the print spooler service.
"""
    got = tree(markdown_to_text(text)[1])[  # type: ignore[index]
        "Is the printer still on its factory IP address?"
    ]
    assert "spooler has most likely stalled" in got["yes"]
    assert "port settings" in got["no"]


def test_first_written_is_yes_when_neither_condition_restates_the_question() -> None:
    text = """# Scanner

### Does the scanner light come on?

If you see it glow, the glass is dirty: wipe it with a lint-free cloth.
If everything stays dark, the lamp has burned out and needs replacing.
"""
    got = tree(markdown_to_text(text)[1])["Does the scanner light come on?"]  # type: ignore[index]
    assert got["yes"].startswith("the glass is dirty")
    assert got["no"].startswith("the lamp has burned out")


def test_the_next_question_within_a_section_is_the_check_further_down() -> None:
    # "..., and the next question is X." with X asked further down the same section (no
    # heading of its own): the way on is that check, not the next section.
    text = """# Dishwasher problems

## DOES IT FILL OR NOT?

First find out whether any water comes in at all. If it fills, skip to "DRAINING" below.
If the tub stays dry, the next question is the tap.

Look under the sink at the supply valve.

- The supply valve is closed:
  Open the valve fully and run a rinse cycle.

- The supply valve is open:
  The inlet solenoid has failed; have it replaced.

## DRAINING

Does water stay in the bottom after a cycle? If it does, clean the filter under the lower
spray arm. If it drains, the pump is worn and needs replacing.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    causes = [c.text for c in decisions.causes]
    assert any("solenoid has failed" in c for c in causes)
    fills = next(
        c
        for c in decisions.checks
        if "water comes in" in c.question.lower() or "fills" in c.question.lower()
    )
    dry = fills.no
    assert isinstance(dry, Check)
    assert "supply valve" in dry.question.lower()


def test_a_forum_answer_with_restated_steps_named_answers_and_test_outcomes() -> None:
    # A forum answer written for this test (kept out of articles/, which the pipeline tests
    # ingest as a folder).
    path = Path(__file__).parent / "reader_only" / "projector_forum.txt"
    decisions = read_decisions(read_document(path)[0].text)
    by_question = {c.question.lower(): c for c in decisions.checks}

    def check(words: str) -> Check:
        return next(c for q, c in by_question.items() if words in q)

    # "No such warning?" answers the check that names the warning, not the last one asked
    # (whether the counter is already at zero).
    warning = check("lamp end of life")
    assert isinstance(warning.no, Check) and "splash screen" in warning.no.question.lower()
    splash = warning.no
    # Of two negative conditions, the first written ("You see the splash screen but never
    # the input") is the question as asked.
    assert isinstance(splash.yes, Check) and "another source works" in splash.yes.question.lower()
    assert isinstance(splash.no, Check) and "colour wheel" in splash.no.question.lower()
    # "Try a factory reset. If it starts after the reset, ..." is the reset's outcome, not
    # the restated step 3 ("If it won't light even with nothing plugged in").
    reset = check("reset")
    assert isinstance(reset.yes, Cause) and "choose your settings" in reset.yes.text
    # "If the reset doesn't do the trick, ..." goes on with the fix it follows.
    assert "firmware reflash" in reset.yes.text
    assert isinstance(reset.no, Cause) and "main board has failed" in reset.no.text
    # A restated step is no check of its own.
    assert not any("nothing plugged in" in q for q in by_question)
    # The fan question asked on the lamp-lights side ends there when not rattling: the
    # numbered sequence is the dark side's.
    lamp = check("lamp light")
    assert isinstance(lamp.yes, Check) and "rattling" in lamp.yes.question.lower()
    assert lamp.yes.no is None
    assert isinstance(lamp.no, Check) and "spare" in lamp.no.question.lower()


def test_answer_words_with_an_explanation_answer_the_question() -> None:
    text = """# Bike clicks

## THE CLICK

Is the click only there when you pedal hard?
 - Yes, only when I stand on the pedals: the bottom bracket is worn; replace it.
 - No, it clicks when I freewheel as well: a worn freehub is the most likely cause.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    hard = next(c for c in decisions.checks if "pedal hard" in c.question)
    assert isinstance(hard.yes, Cause) and "bottom bracket" in hard.yes.text
    assert isinstance(hard.no, Cause) and "worn freehub" in hard.no.text


def test_secure_answers_a_loose_question_no() -> None:
    text = """# Saddle creaks

## THE SADDLE

Look at the seat clamp. Is it loose? A loose clamp creaks with every pedal stroke, so
tighten it to the torque printed on it.
If the clamp is secure, the saddle rails are cracked and the saddle needs replacing.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    clamp = next(c for c in decisions.checks if "loose" in c.question.lower())
    assert isinstance(clamp.no, Cause) and "saddle rails are cracked" in clamp.no.text


def test_a_section_that_restates_the_check_pointing_to_it_is_no_check_of_its_own() -> None:
    text = """# Fridge noise

## HUMMING OR BUZZING?

First establish whether the noise happens only while the compressor runs. If it does, go
straight to "COMPRESSOR NOISE" further down. If you also hear it with the compressor off,
the evaporator fan is the likely cause: replace the evaporator fan motor.

## COMPRESSOR NOISE

If the noise happens only while the compressor runs, the next test is the feet.

Is the fridge standing level on all four feet? If it is, the compressor mounts have
perished: replace the mounting grommets. If it rocks, screw the feet down until it stands
level and the buzzing should stop.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    questions = [c.question.lower() for c in decisions.checks if c is not decisions.root]
    compressor = decisions.root
    assert isinstance(compressor, Check)
    assert isinstance(compressor.yes, Check) and "level" in compressor.yes.question.lower()
    assert sum("compressor runs" in q for q in questions) == 0


def test_how_do_i_know_whether_asks_the_reading_not_the_verdict() -> None:
    text = """# Tyre questions

### Q: How do I know whether the tyre is the problem?

Check the pressure with a gauge when the tyre is cold.

- **Below 28 psi:** the tyre is leaking; have it repaired or replaced.
- **Above 28 psi:** the tyre is fine, so look at the wheel bearing next.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    (check,) = [c for c in decisions.checks if "psi" in c.question or "tyre" in c.question]
    # Nobody can answer "Is the tyre the problem?"; they can read the gauge.
    assert check.question == "Below 28 psi?"
    assert isinstance(check.yes, Cause) and "tyre is leaking" in check.yes.text


def test_a_generic_statement_with_a_verdict_is_a_branch() -> None:
    text = """# Phone charging

## Charging stops

Notice whether the phone stops charging when it is warm. If it never stops, the cable is
worn: replace the cable.

If it does stop when warm, try charging it when it is cool as well. A phone that stops
charging even when it is cool does not have a heat problem at all: the charging port is
faulty and needs to be replaced. If it only ever stops while warm, the battery is ageing:
have the battery replaced.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    # "A phone that stops charging even when it is cool ...: X" is "if it stops charging
    # even when cool, X", the test the sentence before asks for; its other side is the
    # "only ever while warm" branch.
    (cool,) = [c for c in decisions.checks if "even when" in c.question]
    assert isinstance(cool.yes, Cause) and "charging port is faulty" in cool.yes.text
    assert isinstance(cool.no, Cause) and "battery is ageing" in cool.no.text


def test_a_fix_ends_its_branch_and_the_next_paragraph_is_the_other_side() -> None:
    # The first branch's own clause has no cause word ("warm water is staying around the
    # sensor") and the fix follows as a sentence of its own; the next paragraph's "If ..."
    # shares no word with the check and is its other side, not a test of that fix.
    text = """# Aquarium heater keeps running

## The pump light

Keep an eye on the pump light for a full evening. If it never goes out the whole time the
tank is lit, warm water is staying around the sensor, usually because of a blocked intake.
Rinse the intake sponge and fit a fresh filter cartridge.

If it blinks on and off normally, move on to the thermometer.

## The thermometer

Read the thermometer twice a day. If it reads above 28 C, the heater thermostat is faulty:
replace the heater.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    light = decisions.root
    assert isinstance(light, Check) and "goes out" in light.question
    # "never goes out" answers "It goes out ...?" no, with the fix; "blinks on and off
    # normally" is its yes, which goes on to the thermometer.
    assert isinstance(light.no, Cause) and "fresh filter cartridge" in light.no.text
    assert isinstance(light.yes, Check) and "28" in light.yes.question


def test_note_whether_is_a_check_and_each_condition_heads_its_own_list() -> None:
    # "Note whether ..." asks the reader to observe (no "Note:" aside); "If X FADES:" and
    # "If X KEEPS GOING, work through the following questions:" head their own lists.
    text = """# Washing machine rattle

## Rattle during the spin

Start a spin with the machine empty and pull the plug halfway through.

If the rattle FADES once the power is cut:

- Note whether it only happens while the drum turns anticlockwise. If it does, the motor
  brushes are worn and should be replaced.

- If it happens in both directions, the motor mount is loose. Tighten the mount bolts.

If the rattle KEEPS GOING after the power is cut, work through the following questions in
order:

- Is the machine standing level? If not, the feet need adjusting: screw them down until it
  stands level.

- If it stands level, is there a coin in the door seal? If so, remove the coin and the
  rattle should stop.

- If the seal is empty, the counterweight has come loose: have it refitted.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    cut = decisions.root
    assert isinstance(cut, Check) and "power" in cut.question
    direction = cut.yes
    assert isinstance(direction, Check) and "anticlockwise" in direction.question
    assert isinstance(direction.yes, Cause) and "motor brushes" in direction.yes.text
    assert isinstance(direction.no, Cause) and "motor mount" in direction.no.text
    level = cut.no
    assert isinstance(level, Check) and "level" in level.question
    assert isinstance(level.yes, Check) and "coin" in level.yes.question


def test_a_short_question_item_followed_by_its_if_branches_is_a_question() -> None:
    # A bullet card: "Only after a long program? If ..., X. If ... regardless ..., Y." asks
    # the question its two "If" sentences answer; it is not "No clunk? Go to step 14.".
    text = """# Dishwasher won't drain: quick card

- Does the pump hum when the cycle ends? If it hums, read the next line. If it is silent,
  the pump motor has failed: replace the pump.
- Only after a long program? If the water stays in only after a long program, the filter
  is clogged; a kinked drain hose can cause the same thing. Clean the filter and straighten
  the hose. If the water stays in regardless of the program, there is a blockage in the
  drain pipe, often from food scraps: clear the pipe and run an empty cycle.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    (program,) = [c for c in decisions.checks if "long program" in c.question]
    assert isinstance(program.yes, Cause) and "filter" in program.yes.text
    assert isinstance(program.no, Cause) and "blockage in the drain pipe" in program.no.text


def test_a_bare_auxiliary_answers_the_question_whatever_the_next_branch_says() -> None:
    # "If you haven't, do it now." is the "no" of "have you checked ...?", even though the
    # branch after it ("found nothing") also carries a negation.
    text = """# Bike squeak

## Checks

If it squeaks only when pedalling, work through the following questions in order:

- Is the chain dry? If so, oil the chain and the squeak should stop.

- If the chain is oiled, have you checked the pedal bearings lately? If you haven't, do it
  now. A dry bearing squeaks once every turn of the crank. Grease the bearing.

- If you have already looked at the bearings and found nothing, does it squeak only when
  standing?
  - Yes, only when standing: the saddle rails are loose; tighten the clamp.
  - No, sitting too: the bottom bracket is worn; replace it.
"""
    decisions = read_decisions(markdown_to_text(text)[1])
    (bearings,) = [c for c in decisions.checks if "bearings" in c.question]
    assert isinstance(bearings.no, Cause) and "dry bearing" in bearings.no.text
    assert isinstance(bearings.yes, Check) and "standing" in bearings.yes.question
    assert lang.yes_no_word("you haven't") == "no" and lang.yes_no_word("it has") == "yes"
