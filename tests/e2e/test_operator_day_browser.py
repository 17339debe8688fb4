"""The operator's day in a real browser (Debian's chromium driven by Playwright).

The queue in urgency order (an emergency first, whatever its age) and worked from the
keyboard; a takeover as a conversation: the user's chat window next to the operator's case
page, the bot silent while the operator has the case, a canned reply, a hand-back to the bot
that asks its next question, a close with the rating question, the rating given and the case
reopened from the chat; the CSAT chart; a CSV export; and signing in with a TOTP code.
Screenshots of the queue and the case page go to ``test-output/screenshots/``.

Marked ``browser``; skipped when /usr/bin/chromium (or Playwright) is missing.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from pathlib import Path
from typing import Any

import pytest

from tests.console.conftest import converse, pack  # noqa: F401  (fixtures)
from tests.e2e.test_console_browser import (  # noqa: F401  (fixtures)
    CHROMIUM,
    SCREENSHOTS,
    browser,
    orm_beside_playwright,
    sign_in,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium"),
]


def open_chat(context: Any, base: str, token: str) -> Any:
    chat = context.new_page()
    chat.set_default_timeout(15000)
    chat.add_init_script(f"window.localStorage.setItem('askfew-chat-token', '{token}');")
    chat.goto(f"{base}/chat/")
    chat.wait_for_selector("#messages li")
    return chat


def type_in_chat(chat: Any, text: str) -> None:
    chat.fill("#text", text)
    chat.press("#text", "Enter")
    chat.wait_for_function(
        "t => Array.from(document.querySelectorAll('#messages li.user'))"
        ".some(li => li.textContent.includes(t))",
        arg=text,
    )


@pytest.mark.django_db(transaction=True)
def test_urgency_queue_takeover_hand_back_close_csat_reopen_and_export(
    browser: Any,  # noqa: F811
    live_server: Any,
    settings: Any,
    pack: Any,  # noqa: F811
    converse: Any,  # noqa: F811
) -> None:
    from django.utils import timezone

    from bots.models import Case, CaseStatus, Role
    from console.models import CannedReply
    from console.roles import OPERATOR
    from tests.console.conftest import PASSWORD, make_user

    settings.CONSOLE_POLL_SECONDS = 1
    settings.CONSOLE_SLA_MINUTES = {"emergency": 5, "urgent": 30, "routine": 240}
    make_user("olga", OPERATOR)
    CannedReply.objects.create(
        title="Charger check", pack="tiny",
        text="Hi {name}, this is {operator} about case {case_id}. Is the charger light on?",
    )
    # Three waiting cases: an old routine hand-off, an urgent escalation, a new emergency.
    routine = converse("my laptop does not work", "human")
    urgent = Case.objects.create(channel="slack", external_thread_id="C1:9.0", pack="tiny",
                                 status="escalated")
    emergency = Case.objects.create(channel="telegram", external_thread_id="77", pack="tiny",
                                    status="escalated", triage_level="emergency")
    now = timezone.now()
    Case.objects.filter(pk=routine.case.pk).update(waiting_since=now - dt.timedelta(hours=5))
    Case.objects.filter(pk=urgent.pk).update(waiting_since=now - dt.timedelta(minutes=10))
    Case.objects.filter(pk=emergency.pk).update(waiting_since=now - dt.timedelta(minutes=1))
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1300, "height": 900}, accept_downloads=True)
    page = context.new_page()
    page.set_default_timeout(15000)

    # The queue: by urgency, then by time waited; the routine case is past its 4 h SLA.
    sign_in(page, base, "olga", PASSWORD, "/queue/")
    page.wait_for_url(f"{base}/queue/")
    rows = page.locator("tbody#case-rows tr[data-case]")
    order = [int(rows.nth(i).get_attribute("data-case")) for i in range(rows.count())]
    assert order == [emergency.pk, urgent.pk, routine.case.pk]
    levels = [rows.nth(i).get_attribute("data-level") for i in range(rows.count())]
    assert levels == ["emergency", "urgent", "routine"]
    breached = page.locator("tbody#case-rows tr.breached")
    assert breached.count() == 1
    assert breached.first.get_attribute("data-case") == str(routine.case.pk)
    assert "SLA breached" in breached.first.inner_text()
    assert "1 waiting past their SLA" in page.locator("#queue-breaches").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "queue.png"), full_page=True)

    # The keyboard: j twice, k once, j again -> the third row; Enter opens it.
    for key in ("j", "j", "k", "j", "j"):
        page.keyboard.press(key)
    assert page.locator("tr.selected").get_attribute("data-case") == str(routine.case.pk)
    page.keyboard.press("k")
    page.keyboard.press("j")
    page.keyboard.press("c")  # claim it: the case page opens, claimed
    page.wait_for_url(f"{base}/cases/{routine.case.pk}/")
    page.wait_for_selector("text=You have claimed this case.")

    # The user's chat window beside the case page.
    chat = open_chat(context, base, routine.token)
    assert "We aim to answer within about 4 hours" in chat.locator("#messages").inner_text()
    bot_count = chat.locator("#messages li.bot").count()
    type_in_chat(chat, "hello? is anyone there, it still wont turn on")
    # The operator sees it live; the bot says nothing.
    page.wait_for_selector("#transcript >> text=it still wont turn on")
    chat.wait_for_timeout(1500)
    assert chat.locator("#messages li.bot").count() == bot_count

    # A canned reply, filled in for the case, edited and sent through the chat.
    page.select_option("#canned-reply", label="Charger check · tiny")
    box = page.locator("#reply-form textarea[name=text]")
    assert box.input_value() == (
        f"Hi there, this is olga about case {routine.case.pk}. Is the charger light on?"
    )
    box.fill(box.input_value() + " Thanks!")
    page.click("#reply-form button[type=submit]")
    page.wait_for_selector("text=Reply sent through Web chat.")
    chat.wait_for_selector("#messages li.operator >> text=Is the charger light on? Thanks!")
    page.screenshot(path=str(SCREENSHOTS / "case-takeover.png"), full_page=True)

    # Hand back: the bot resumes from its belief and asks its next question in the chat.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#hand-back-form button")
    page.wait_for_selector("text=Handed back to the bot")
    chat.wait_for_selector("#messages li.bot >> text=I'm the assistant again")
    case = Case.objects.get(pk=routine.case.pk)
    assert case.status in (CaseStatus.ACTIVE, CaseStatus.ABSTAINED, CaseStatus.CONCLUDED)
    last_bot = case.turns.filter(role=Role.BOT).order_by("-index").first()
    assert last_bot.text.startswith("I'm the assistant again")

    # The user asks for a person again; the operator claims, replies and closes.
    chat.locator("#messages li.bot").last.wait_for()
    type_in_chat(chat, "can i talk to a person please")
    chat.wait_for_function(
        "() => document.querySelectorAll('#messages li.bot').length > 0 && "
        "Array.from(document.querySelectorAll('#messages li.bot')).pop()"
        ".textContent.includes('person from our team')"
    )
    page.reload()
    page.click("#actions form[action$='/claim/'] button")
    page.wait_for_selector("text=You have claimed this case.")
    page.fill("#reply-form textarea[name=text]", "Please try a different charger. Closing now.")
    page.check("#reply-form input[name=close]")
    page.click("#reply-form button[type=submit]")
    page.wait_for_selector("text=Reply sent through Web chat.")
    assert page.locator("#case-status").inner_text() == "Closed"

    # The chat offers a rating and a way back: rate 4, then reopen.
    chat.wait_for_selector("#messages li.bot >> text=How helpful were we")
    chat.locator("#messages li.bot").last.locator("button:text('4')").click()
    chat.wait_for_selector("#messages li.bot >> text=Thank you for rating our help")
    assert Case.objects.get(pk=routine.case.pk).csat_score == 4
    chat.locator("#messages li.bot").last.locator("button:text('Reopen')").click()
    chat.wait_for_selector("#messages li.bot >> text=Reopened.")
    reopened = Case.objects.get(pk=routine.case.pk)
    assert reopened.status == CaseStatus.HANDED_OFF and reopened.closed_at is None
    page.goto(f"{base}/queue/")
    page.wait_for_selector(f'tr[data-case="{routine.case.pk}"]')

    # The dashboard: the rating charted with its sample size; the SLA count.
    page.goto(f"{base}/dashboard/")
    point = page.locator("svg.csat-chart circle.point").last
    assert point.get_attribute("data-y") == "4.000000" and point.get_attribute("data-n") == "1"
    assert "n=1" in page.locator("svg.csat-chart").inner_html()
    assert page.locator("#kpi-sla strong").inner_text().isdigit()

    # CSV export of the handed-off web cases, from the case list's filters.
    page.goto(f"{base}/cases/?status=handed_off&channel=web")
    with page.expect_download() as download_info:
        page.click("#export-cases")
    download = download_info.value
    rows_csv = list(csv.DictReader(io.StringIO(Path(download.path()).read_text("utf-8"))))
    assert [int(r["id"]) for r in rows_csv] == [routine.case.pk]
    assert rows_csv[0]["csat_score"] == "4"
    with page.expect_download() as turns_info:
        page.click("#export-turns")
    turns_csv = list(csv.DictReader(io.StringIO(
        Path(turns_info.value.path()).read_text("utf-8"))))
    assert any("it still wont turn on" in r["text"] for r in turns_csv)
    chat.close()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_totp_sign_in(browser: Any, live_server: Any, settings: Any) -> None:  # noqa: F811
    import time

    from django_otp.oath import totp
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from console.roles import ADMIN
    from tests.console.conftest import PASSWORD, make_user

    def code(device: Any, drift: int = 0) -> str:
        return f"{totp(device.bin_key, step=device.step, t0=device.t0, drift=drift):06d}"

    settings.CONSOLE_ADMIN_2FA_REQUIRED = True
    make_user("ada", ADMIN)
    base = live_server.url
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15000)
    # An admin without two-factor is sent to set it up first.
    sign_in(page, base, "ada", PASSWORD, "/audit/")
    page.wait_for_url(f"{base}/accounts/two-factor/?next=/audit/")
    assert page.locator("#otp-qr svg").count() == 1
    device = TOTPDevice.objects.get(user__username="ada")
    page.fill("#two-factor-form input[name=otp_token]", code(device))
    page.click("#two-factor-form button")
    page.wait_for_url(f"{base}/audit/")
    page.click("header form.who button")  # sign out
    page.wait_for_url(f"{base}/accounts/login/")

    # Signing in again asks for the code: without it, refused; with it, in.
    page.fill("#id_username", "ada")
    page.fill("#id_password", PASSWORD)
    page.click("form.stacked button[type=submit]")
    page.wait_for_selector("text=signs in with a code")
    page.fill("#id_username", "ada")
    page.fill("#id_password", PASSWORD)
    page.fill("#id_otp_token", "000000" if code(device, 1) != "000000" else "111111")
    page.click("form.stacked button[type=submit]")
    page.wait_for_selector("text=That code is not right")
    time.sleep(1.1)  # django-otp's throttle after a wrong code
    page.fill("#id_username", "ada")
    page.fill("#id_password", PASSWORD)
    page.fill("#id_otp_token", code(device, 1))
    page.click("form.stacked button[type=submit]")
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/audit/")
    assert page.locator("h1").inner_text().startswith("Audit")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_throttled_sign_in(browser: Any, live_server: Any) -> None:  # noqa: F811
    """django-axes (console/signin.py): after five wrong passwords the account is locked from
    this address, and even the right password is refused with a plain message."""
    from django.conf import settings

    from console.roles import OPERATOR
    from tests.console.conftest import PASSWORD, make_user

    make_user("olga", OPERATOR)
    base = live_server.url
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15000)
    page.goto(f"{base}/accounts/login/")
    for _ in range(int(settings.AXES_FAILURE_LIMIT) - 1):
        page.fill("#id_username", "olga")
        page.fill("#id_password", "wrong-password")
        page.click("form.stacked button[type=submit]")
        page.wait_for_selector("text=didn't match")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "wrong-password")
    with page.expect_response(lambda r: r.url.endswith("/accounts/login/")) as last:
        page.click("form.stacked button[type=submit]")
    assert last.value.status == 429
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    with page.expect_response(lambda r: r.url.endswith("/accounts/login/")) as locked:
        page.click("form.stacked button[type=submit]")
    assert locked.value.status == 429
    assert "Too many failed sign-ins" in page.content()
    context.close()
