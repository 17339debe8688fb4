"""Stored XSS viewed the way operators view it: every console page in Debian's chromium.

Payloads go into every field an operator reads: what users wrote, their names, operators'
notes, canned replies (titles and texts), the pack's title and description, cause names (the
outcome labels), questions, document titles and passages. They are stored as they are (a
pack imported with them, rows written directly, as text that arrived before any filtering),
then every console page that renders HTML is opened as an admin (who sees every page), and
each page is given time for its polling script to render what its API returns. Held, for each
payload on each page: no dialog opened, no element the payload carries exists in the DOM, no
``javascript:`` URL is on the page. Bidi and other invisible controls stored in the same
fields must not reach the page's text (issue 25: an operator must not see spoofed text).

Marked ``browser``; skipped with the reason when /usr/bin/chromium or Playwright is missing.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.security.tally import record

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium (Debian package "
                       "chromium; bin/setup-system installs it)"),
]
playwright_api = pytest.importorskip(
    "playwright.sync_api", reason="needs the Python package playwright"
)

# Each vector marks what it would inject with data-xss=N and would set window.__xss = N.
VECTORS: dict[str, str] = {
    "script tag": '<script data-xss="1">window.__xss=1;alert(1)</script>',
    "img onerror": '<img src=x data-xss="2" onerror="window.__xss=2;alert(2)">',
    "svg onload (attribute break-out)": '"><svg data-xss="3" onload="window.__xss=3;alert(3)">',
    "javascript: URL": "javascript:window.__xss=4;alert(4)",
    "anchor with javascript: href": '<a data-xss="5" href="javascript:alert(5)">open</a>',
    "iframe srcdoc (quote break-out)":
        "'><iframe data-xss=\"6\" srcdoc=\"<script>parent.alert(6)</script>\"></iframe>",
    "mutation (math/style)":
        '<math><mtext><table><mglyph><style><img data-xss="7" src=x onerror=alert(7)>',
}
BIDI = "\u202egnp.exe\u202c \u2066x\u2069 \u200f"  # RLO ... PDF, isolates, RLM
FULL = " ".join(VECTORS.values()) + " " + BIDI
SHORT = list(VECTORS.values())  # one per row where a field is short (titles)

CHECK_PAGE = """() => {
  const bad = [];
  for (const el of document.querySelectorAll('[data-xss]'))
    bad.push('element ' + el.tagName.toLowerCase() + ' data-xss=' + el.getAttribute('data-xss'));
  for (const el of document.querySelectorAll('[href],[src],[action],[formaction],[srcdoc]'))
    for (const name of ['href', 'src', 'action', 'formaction'])
      if ((el.getAttribute(name) || '').trim().toLowerCase().startsWith('javascript:'))
        bad.push('javascript: URL in ' + el.tagName.toLowerCase() + ' ' + name);
  const text = document.body ? document.body.innerText : '';
  const bidi = /[\\u202a-\\u202e\\u2066-\\u2069\\u200e\\u200f\\u061c]/.test(text);
  return {bad: bad, xss: window.__xss || null, bidi: bidi, text: text.length};
}"""


def payload_pack() -> dict[str, Any]:
    from tests.console.conftest import console_pack

    pack = copy.deepcopy(console_pack())
    pack["title"] = SHORT[1][:90] + " " + SHORT[2][:100]
    pack["description"] = FULL
    network = pack["network"]
    for index, hypothesis in enumerate(network["hypotheses"]):
        hypothesis["name"] = f"{SHORT[index % len(SHORT)]} cause {index} {BIDI}"
        hypothesis["resolution"] = FULL
    for index, finding in enumerate(network["findings"]):
        finding["question"] = f"{SHORT[(index + 3) % len(SHORT)]} question {index}? {BIDI}"
    for document in pack["documents"]:
        document["title"] = f"{SHORT[5]} {SHORT[2]} {BIDI}"
        document["text"] = f"{FULL}\n\n{document['text']}"
    return pack


@pytest.fixture(autouse=True)
def orm_beside_playwright(monkeypatch: pytest.MonkeyPatch) -> None:
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


def store_payloads(admin: Any) -> dict[str, Any]:
    """Every operator-visible field, holding the payloads; returns what the URLs need."""
    from bots import inbox
    from bots.messages import Inbound
    from bots.models import Case, Turn
    from console.models import CannedReply, CaseNote
    from knowledge.models import Pack
    from knowledge.packs.store import import_pack

    import_pack(payload_pack())
    pack = Pack.objects.select_related("current_version").get(name="tiny")
    inbox.accept(Inbound(channel="web", event_id="web:xss:1", thread_id="x" * 24,
                         text="my laptop is dead " + FULL, pack="tiny", meta={"new": True}),
                 limit=False)
    case = Case.objects.get(channel="web", external_thread_id="x" * 24)
    # Stored before any inbound filtering existed: the raw text, bidi controls included.
    for turn in Turn.objects.filter(case=case, role="user"):
        turn.text = "my laptop is dead " + FULL
        turn.save(update_fields=["text"])
    case.user_display = FULL
    case.save(update_fields=["user_display"])
    CaseNote.objects.create(case=case, author=admin, text=FULL)
    for index, vector in enumerate(SHORT):
        CannedReply.objects.create(title=f"{vector[:80]} {index}", text=FULL, pack="tiny")
    return {"case_id": case.pk, "pack": "tiny", "version_id": pack.current_version_id,
            "doc_id": "tiny:guide"}


def html_pages(client: Client, kwargs: dict[str, Any]) -> list[tuple[str, str]]:
    """(name, path) of every console URL that answers a GET with an HTML page."""
    from console.urls import console_patterns

    pages = []
    for pattern in console_patterns:
        needed = {name: kwargs[name] for name in pattern.pattern.converters}
        path = reverse(f"console:{pattern.name}", kwargs=needed)
        response = client.get(path)
        if response.status_code == 200 and "text/html" in response.get("Content-Type", ""):
            pages.append((str(pattern.name), path))
    return pages


@pytest.mark.django_db(transaction=True)
def test_stored_payloads_stay_inert_on_every_console_page(
    browser: Any, live_server: Any, settings: Any, tmp_path: Path
) -> None:
    from console.roles import ADMIN
    from tests.console.conftest import make_user

    settings.SEARCH_BACKEND = "embedded"
    settings.SEARCH_INDEX_DIR = tmp_path / "search"
    settings.CONSOLE_POLL_SECONDS = 1
    admin = make_user("ada", ADMIN)
    kwargs = store_payloads(admin)
    client = Client()
    client.force_login(admin)
    pages = html_pages(client, kwargs)
    names = {name for name, _ in pages}
    # The pages that show the payload-bearing rows must be among them.
    assert {"case-list", "case-detail", "queue", "packs", "pack-detail", "document",
            "dashboard", "audit"} <= names, names

    context = browser.new_context()
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}])
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    failures = []
    for name, path in pages:
        dialogs.clear()
        response = page.goto(live_server.url + path, wait_until="networkidle")
        assert response is not None and response.status == 200, (name, path)
        time.sleep(1.2)  # one poll of the page's script (CONSOLE_POLL_SECONDS) renders API data
        seen = page.evaluate(CHECK_PAGE)
        assert seen["text"] > 0, f"{name}: empty page"
        for number, (vector, _) in enumerate(VECTORS.items(), start=1):
            marker = f"data-xss={number}"
            held = (
                not any(marker in b for b in seen["bad"])
                and str(number) not in dialogs
                and seen["xss"] != number
                and not (number in (4, 5) and any("javascript:" in b for b in seen["bad"]))
            )
            if not record("xss (browser)", f"{vector} on {name}", held):
                failures.append((name, vector, seen, list(dialogs)))
        if not record("bidi shown to operators", f"stored bidi controls on {name}",
                      not seen["bidi"]):
            failures.append((name, "bidi", seen, []))
    context.close()
    print(f"xss: {len(VECTORS)} payloads x {len(pages)} pages "
          f"({', '.join(sorted(names))}); {len(failures)} not held")
    assert not failures, failures
