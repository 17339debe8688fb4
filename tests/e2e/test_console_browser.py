"""The operator console in a real browser (Debian's chromium driven by Playwright).

One operator's afternoon against a live server: sign in, filter the queue, open an abstained
case, read its belief chart, claim it, reply through the web chat and see the reply arrive in
the user's chat window, label the outcome, edit a link and roll it back; and a user without a
role is refused. Screenshots of the case page and the dashboard go to
``test-output/screenshots/``.

Marked ``browser``; skipped with the reason when /usr/bin/chromium (or Playwright) is missing.
Never runs ``playwright install``: the system chromium is launched directly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.console.conftest import converse, pack  # noqa: F401  (fixtures)

CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium (Debian package "
                       "chromium; bin/setup-system installs it)"),
]

playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="needs the Python package playwright"
)


@pytest.fixture(autouse=True)
def orm_beside_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's sync API keeps an event loop running in this thread; the ORM calls the
    test makes between browser steps are ordinary blocking calls, which Django would
    otherwise refuse. Only for this module's test, not the whole session."""
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def browser(orm_beside_playwright: None) -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        launched = p.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync"],
        )
        yield launched
        launched.close()


def sign_in(page: Any, base: str, username: str, password: str, path: str = "/") -> None:
    page.goto(f"{base}{path}")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("form.stacked button[type=submit]")


@pytest.mark.django_db(transaction=True)
def test_an_operator_works_an_abstained_case(
    browser: Any,
    live_server: Any,
    settings: Any,
    pack: Any,  # noqa: F811
    converse: Any,  # noqa: F811
) -> None:
    from bots.models import Case, Role
    from console.roles import KNOWLEDGE_EDITOR, OPERATOR
    from knowledge.models import PackVersion
    from knowledge.packs.store import load_network
    from tests.console.conftest import PASSWORD, make_user

    settings.CONSOLE_POLL_SECONDS = 1
    make_user("olga", OPERATOR, KNOWLEDGE_EDITOR)
    make_user("nora")
    abstained = converse("my laptop does not work", *["answer:unsure"] * 3)
    converse("my laptop does not work", "answer:yes")  # concluded: not in the queue
    Case.objects.create(channel="slack", external_thread_id="C1:1.0", pack="tiny",
                        status="escalated")
    case = Case.objects.get(pk=abstained.case.pk)
    assert case.status == "abstained"
    base = live_server.url
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    context = browser.new_context(viewport={"width": 1300, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)

    # Sign in: the queue asks for it first.
    sign_in(page, base, "olga", PASSWORD, "/queue/")
    page.wait_for_url(f"{base}/queue/")
    assert page.locator("tbody#case-rows tr[data-case]").count() == 2

    # Filter the queue to abstained web chats: just our case.
    page.select_option("select[name=channel]", "web")
    page.select_option("select[name=status]", "abstained")
    page.click("#filters button[type=submit]")
    page.wait_for_url(re.compile(r".*status=abstained.*"))
    rows = page.locator("tbody#case-rows tr[data-case]")
    assert rows.count() == 1 and rows.first.get_attribute("data-case") == str(case.pk)

    # The list is live: a new escalation shows up without reloading the page.
    page.select_option("select[name=status]", "")
    page.select_option("select[name=channel]", "")
    page.click("#filters button[type=submit]")
    page.wait_for_load_state()
    late = Case.objects.create(channel="telegram", external_thread_id="42", pack="tiny",
                               status="escalated")
    page.wait_for_selector(f'tr[data-case="{late.pk}"]')

    # Open the abstained case and read the belief chart.
    page.click(f'tr[data-case="{case.pk}"] td a >> nth=0')
    page.wait_for_url(f"{base}/cases/{case.pk}/")
    snapshots = [t.belief for t in case.turns.filter(role=Role.BOT).order_by("index")
                 if t.belief]
    leader = snapshots[-1]["top"][0]
    points = page.locator(f'svg.belief-chart circle.point[data-series="{leader["name"]}"]')
    assert points.count() == len(snapshots)
    last_y = float(points.last.get_attribute("data-y"))
    assert last_y == pytest.approx(leader["betp"], abs=1e-6)
    legend = page.locator("#belief .legend").first.inner_text()
    assert leader["name"] in legend
    assert page.locator("svg.mass-chart").count() == 1
    assert page.locator("svg.entropy-chart").count() == 1
    assert page.locator("#case-status").inner_text() == "Abstained"
    page.screenshot(path=str(SCREENSHOTS / "case-detail.png"), full_page=True)

    # Claim it, then reply through the web chat and close.
    page.click("#actions form[action$='/claim/'] button")
    page.wait_for_selector("text=You have claimed this case.")
    page.fill("#reply-form textarea[name=text]", "Hi, Olga here. Is the charger plugged in?")
    page.check("#reply-form input[name=close]")
    page.click("#reply-form button[type=submit]")
    page.wait_for_selector("text=Reply sent through Web chat.")
    assert page.locator("#case-status").inner_text() == "Closed"

    # The user's chat window (a second page holding the chat's token) shows the reply.
    chat = context.new_page()
    chat.add_init_script(
        f"window.localStorage.setItem('askfew-chat-token', '{abstained.token}');"
    )
    chat.goto(f"{base}/chat/")
    operator_message = chat.locator("#messages li.operator")
    operator_message.wait_for()
    assert "Is the charger plugged in?" in operator_message.inner_text()
    chat.close()

    # Label the true outcome.
    page.select_option("#label select[name=hypothesis]", "h-dead")
    page.click("#label button[type=submit]")
    page.wait_for_selector("text=Outcome labelled.")
    assert "Dead battery" in page.locator("#label .labelled").inner_text()

    # Edit a link: a new version; then roll back to the first.
    page.goto(f"{base}/knowledge/tiny/?tab=links&hypothesis=h-dead")
    page.click('tr[data-link="h-dead|q1"] a.button')
    page.fill("input[name='m__no']", "0.7")
    page.fill("input[name='m__yes']", "0.1")
    page.fill("input[name='m__no|yes']", "0.2")
    assert page.locator("#mass-sum").inner_text() == "1.0000"
    page.click("#link-form button[type=submit]")
    page.wait_for_url(f"{base}/knowledge/tiny/versions/")
    assert "current" in page.locator('tr[data-version="1+c1"]').inner_text()
    assert load_network("tiny").link("h-dead", "q1").masses[0] == (frozenset({"no"}), 0.7)
    page.click('tr[data-version="1+c1"] a:text("changes")')
    page.wait_for_selector("text=h-dead / q1")
    page.go_back()
    page.once("dialog", lambda dialog: dialog.accept())
    page.click('tr[data-version="1"] button:text("Roll back to this")')
    page.wait_for_selector('tr[data-version="1+c2"].current')
    assert "rollback to 1" in page.locator('tr[data-version="1+c2"]').inner_text()
    assert load_network("tiny").link("h-dead", "q1").masses[0] == (frozenset({"no"}), 0.9)
    assert PackVersion.objects.filter(pack__name="tiny").count() == 3

    # The dashboard, with the labelled case counted.
    page.goto(f"{base}/dashboard/")
    assert page.locator("svg.weekly-chart").count() == 1
    page.screenshot(path=str(SCREENSHOTS / "dashboard.png"), full_page=True)
    context.close()

    # A user without a console role is refused.
    refused = browser.new_context()
    other = refused.new_page()
    sign_in(other, base, "nora", PASSWORD, "/queue/")
    other.wait_for_selector("text=Not allowed")
    assert "no console role" in other.content()
    response = other.goto(f"{base}/knowledge/tiny/link/?hypothesis=h-dead&finding=q1")
    assert response.status == 403
    refused.close()
