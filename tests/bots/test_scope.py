"""The scope check on complaints written as users write (``scope_table``): out-of-scope
complaints are caught, in-scope ones are not lost. The held-out part is reported as well as
the part the word lists were written against."""

from __future__ import annotations

import pytest

from bots.scope import OutOfScope, covered_phrase, out_of_scope, subject_named

from .scope_table import DEVELOPMENT, HELD_OUT, HELD_OUT_ERRANDS, HELD_OUT_PETS


def rates(rows: list[tuple[str, str | None, bool]]) -> tuple[float, float, list[str]]:
    caught = lost = outs = ins = 0
    wrong = []
    for text, _pack, outside in rows:
        verdict = out_of_scope(text) is not None
        if outside:
            outs += 1
            caught += verdict
        else:
            ins += 1
            lost += verdict
        if verdict != outside:
            wrong.append(text)
    return caught / outs, lost / ins, wrong


@pytest.mark.parametrize(
    ("rows", "min_caught", "max_lost"),
    [
        (DEVELOPMENT, 0.95, 0.0),
        (HELD_OUT, 0.90, 0.05),
        (HELD_OUT_ERRANDS, 0.90, 0.0),
        (HELD_OUT_PETS, 0.99, 0.0),
    ],
    ids=["development", "held-out", "held-out-errands", "held-out-pets"],
)
def test_out_of_scope_caught_in_scope_kept(
    rows: list[tuple[str, str | None, bool]], min_caught: float, max_lost: float
) -> None:
    caught, lost, wrong = rates(rows)
    print(f"caught {caught:.1%} lost {lost:.1%} wrong {wrong}")
    assert caught >= min_caught, wrong
    assert lost <= max_lost, wrong


def test_the_table_is_large_enough() -> None:
    rows = DEVELOPMENT + HELD_OUT
    assert len(rows) >= 100
    assert sum(outside for *_, outside in rows) >= 50


def test_what_it_is_about_is_said() -> None:
    printer = out_of_scope("my printer says paper jam")
    assert printer is not None and printer.describe() == "this looks like a printer problem"
    billing = out_of_scope("i was charged twice, i want a refund")
    assert billing is not None and "billing" in billing.describe()
    assert out_of_scope("wifi keeps dropping on my laptop but my phone is fine") is None
    assert out_of_scope("not a laptop sorry, my phone wont charge") is not None
    assert covered_phrase(["it", "automotive"]) == "laptops and cars"


def test_an_errand_the_broken_thing_is_needed_for_is_not_a_request_to_us() -> None:
    from bots.scope import out_of_scope

    said = (
        "My HP Notebook 15 does not power up when I hit the on button. I need to use my "
        "laptop to pay my bills so it would be really helpful if you can figure it out."
    )
    assert out_of_scope(said) is None
    assert out_of_scope("I need to pay my bill") is not None  # the request itself
    # What is at stake if the fault stays (FloDial dev 422).
    stakes = (
        "I need this car to start because if I dont I will lose a big contract at work and "
        "lose my job if i dont. Its a BMW X3."
    )
    assert out_of_scope(stakes) is None
    assert out_of_scope("my car broke down, I'll miss my payment so can I get a refund") is not None
    assert out_of_scope("how do i cancel my contract on the car") is not None
    assert out_of_scope("I was charged twice for my laptop repair") is not None


def test_a_contrast_of_states_keeps_the_uncovered_thing_the_subject() -> None:
    # "even though ... connected to the same wifi": the wifi is what the printer uses, not a
    # laptop set against it (stop 37's lead13 probe ran it through the wireless chart).
    text = (
        "my printer keeps saying its offline even though its switched on and connected to "
        "the same wifi as everything else"
    )
    assert out_of_scope(text) == OutOfScope("printer", request=False)
    assert out_of_scope("my phone sees the wifi but my laptop doesnt") is None
    assert out_of_scope("the problem is with my printer") == OutOfScope("printer", False)


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("its not a laptop, its my printer", "printer"),
        ("i dont have a car problem, its my bike", "bike"),
        ("its not me, its my dog", "pet"),
        ("the problem is with my printer", "printer"),
        ("sorry i meant my phone", "phone"),
    ],
)
def test_a_reply_that_names_the_real_subject(text: str, label: str) -> None:
    assert subject_named(text) == OutOfScope(label, request=False)


@pytest.mark.parametrize(
    "text",
    [
        "yes, my phone connects fine",
        "no i tried it on the tv through hdmi and it works",
        "i checked with my phone torch",
        "its my laptop",
        "its a phone charger",
    ],
)
def test_a_reply_that_only_mentions_another_thing_is_not_a_new_subject(text: str) -> None:
    assert subject_named(text) is None
