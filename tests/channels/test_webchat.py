"""Web chat: the page, its JSON API (CSRF-protected), and a transcript read from the database."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from bots.models import Case, InboundEvent, OutboundMessage
from bots.tasks import send_outbound
from knowledge.models import Pack, PackVersion
from tests.channels.conftest import StandInService

pytestmark = pytest.mark.django_db


@pytest.fixture
def pack() -> Pack:
    # Other suites may have imported the real it-laptop pack into this test database already.
    pack, created = Pack.objects.get_or_create(
        name="it-laptop", defaults={"title": "Laptop troubleshooting", "domain": "it"}
    )
    if created:
        version = PackVersion.objects.create(
            pack=pack, version="1", content={}, content_hash="0" * 64
        )
        pack.current_version = version
        pack.save()
    return pack


class Browser:
    """A browser session: loads the page (getting the CSRF cookie) and calls the API."""

    def __init__(self) -> None:
        self.client = Client(enforce_csrf_checks=True)
        page = self.client.get("/chat/")
        assert page.status_code == 200
        self.page = page.content.decode()
        self.csrf = self.client.cookies["csrftoken"].value

    def post(self, **body: Any) -> Any:
        return self.client.post("/chat/api/messages", data=body, content_type="application/json",
                                headers={"X-CSRFToken": self.csrf})

    def messages(self, token: str, after: int | str = 0) -> Any:
        return self.client.get(f"/chat/api/cases/{token}/messages", {"after": after})


def test_page_lists_the_packs_and_loads_its_script(pack: Pack) -> None:
    browser = Browser()
    assert 'value="it-laptop"' in browser.page
    assert "Laptop troubleshooting" in browser.page
    assert "bots/webchat.js" in browser.page
    assert browser.csrf


def test_posting_without_the_csrf_token_is_refused(service: StandInService) -> None:
    browser = Browser()
    response = browser.client.post("/chat/api/messages", data={"text": "hello"},
                                   content_type="application/json")
    assert response.status_code == 403
    assert not InboundEvent.objects.exists()


def test_a_conversation_is_read_back_from_the_database(
    pack: Pack, service: StandInService
) -> None:
    browser = Browser()
    first = browser.post(text="my laptop won't connect to Wi-Fi", pack="it-laptop",
                         client_id="m1")
    assert first.status_code == 201
    token = first.json()["token"]
    assert len(token) >= 24
    case = Case.objects.get(external_thread_id=token)
    assert case.channel == "web"
    assert InboundEvent.objects.get().payload["received"]["pack"] == "it-laptop"

    data = browser.messages(token).json()
    assert data["count"] == 2
    user, bot = data["messages"]
    assert (user["seq"], user["role"], user["text"]) == (1, "user",
                                                          "my laptop won't connect to Wi-Fi")
    assert (bot["seq"], bot["role"]) == (2, "bot")
    assert bot["parts"][-1] == "Is the Wi-Fi switch on?"
    yes = bot["buttons"][0]
    assert yes == {"label": "Yes", "payload": "answer:yes"}

    assert browser.post(token=token, text=yes["label"], button=yes["payload"],
                        client_id="m2").status_code == 201
    later = browser.messages(token, after=2).json()
    assert [m["seq"] for m in later["messages"]] == [3, 4]
    assert later["messages"][0]["text"] == "Yes"
    assert later["messages"][0]["button"] == "answer:yes"
    assert "Most likely" in later["messages"][1]["text"]
    assert later["status"] == "concluded"
    assert browser.messages(token, after=4).json()["messages"] == []
    assert service.seen[-1] == (case.pk, "Yes", "answer:yes")


def test_a_resent_post_counts_once(service: StandInService) -> None:
    browser = Browser()
    token = browser.post(text="printer jams", client_id="a").json()["token"]
    again = browser.post(token=token, text="every page", client_id="b")
    resent = browser.post(token=token, text="every page", client_id="b")
    assert (again.status_code, again.json()["duplicate"]) == (201, False)
    assert (resent.status_code, resent.json()["duplicate"]) == (200, True)
    assert InboundEvent.objects.count() == 2
    assert OutboundMessage.objects.count() == 2


def test_operator_replies_show_up_in_the_poll(service: StandInService) -> None:
    browser = Browser()
    token = browser.post(text="screen flickers").json()["token"]
    case = Case.objects.get(external_thread_id=token)
    note = OutboundMessage.objects.create(
        case=case, channel="web",
        payload={"role": "operator", "parts": ["Hi, Sam from IT here."], "buttons": []},
    )
    assert browser.messages(token).json()["count"] == 2  # not shown before it is sent
    send_outbound.delay(note.pk)
    messages = browser.messages(token, after=2).json()["messages"]
    assert [(m["role"], m["text"]) for m in messages] == [("operator", "Hi, Sam from IT here.")]


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({}, "send 'text' or a 'button'"),
        ({"text": "   "}, "send 'text' or a 'button'"),
        ({"text": 5}, "text: Input should be a valid string"),
        ({"text": "x" * 10_001}, "longer than 10,000"),
        ({"text": "hi", "pack": "no-such-pack"}, "unknown pack 'no-such-pack'"),
        ({"text": "hi", "token": "../../etc"}, "not a chat token"),
        ({"text": "hi", "client_id": "has spaces"}, "'client_id' must be"),
    ],
)
def test_bad_input_gets_a_clear_error(body: dict[str, Any], problem: str) -> None:
    response = Browser().post(**body)
    assert response.status_code == 400
    assert problem in response.json()["error"]
    assert not InboundEvent.objects.exists()


def test_unknown_tokens_and_bad_cursors(service: StandInService) -> None:
    browser = Browser()
    assert browser.post(token="A" * 32, text="hi").status_code == 404
    assert browser.messages("B" * 32).status_code == 404
    token = browser.post(text="hello").json()["token"]
    response = browser.messages(token, after="-1")
    assert response.status_code == 400
    assert "'after' must be a whole number" in response.json()["error"]
    assert not Case.objects.filter(external_thread_id="A" * 32).exists()


def test_a_web_chat_with_the_real_service_and_starting_over(import_example: Any) -> None:
    """Topic chosen up front, a question answered by button, then "Start over": the token
    now names a new case, whose transcript starts afresh."""
    import_example("it-laptop")
    browser = Browser()
    token = browser.post(text="my laptop battery drains really fast", pack="it-laptop").json()[
        "token"
    ]
    first = browser.messages(token).json()
    question = first["messages"][-1]
    assert (first["pack"], question["kind"]) == ("it-laptop", "question")
    yes = next(b for b in question["buttons"] if b["label"] == "Yes")
    browser.post(token=token, text=yes["label"], button=yes["payload"])
    assert browser.messages(token).json()["count"] == 4

    browser.post(token=token, text="Start over", button="restart")
    after = browser.messages(token).json()
    assert after["case"] != first["case"]
    assert [m["role"] for m in after["messages"]] == ["bot"]
    assert "start over" in after["messages"][0]["text"]
    old = Case.objects.get(pk=first["case"])
    assert old.external_thread_id == f"{token}~{old.pk}"  # archived, history kept
    assert old.events.count() == 3


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)  # the live server answers from its own thread
def test_the_page_in_a_browser(live_server: Any, service: StandInService, tmp_path: Any) -> None:
    """Type a complaint, press an answer button: the page shows what the database holds."""
    from tests.channels.browser import Browser as Chromium

    try:
        chromium = Chromium.start(tmp_path / "profile")
    except FileNotFoundError:
        pytest.skip("chromium is not installed (bin/setup-system installs it)")
    with chromium:
        page = chromium.open(f"{live_server.url}/chat/")
        page.wait_for("document.readyState === 'complete' && !!document.getElementById('text')")
        page.run("document.getElementById('text').value = 'my wifi keeps dropping';"
                 "document.getElementById('composer').requestSubmit()")
        page.wait_for("document.querySelectorAll('#messages li').length === 2")
        buttons = page.run("[...document.querySelectorAll('#messages li.bot button')]"
                           ".map(b => b.textContent)")
        assert buttons == ["Yes", "No", "Not sure", "Why?"]
        page.run("document.querySelector('#messages li.bot button').click()")
        page.wait_for("document.querySelectorAll('#messages li').length === 4")
        texts = page.run("[...document.querySelectorAll('#messages li')].map(li => li.className"
                         " + ': ' + li.firstChild.textContent)")
        old_buttons_disabled = page.run(
            "[...document.querySelectorAll('#messages li.bot button')].every(b => b.disabled)"
        )
    assert texts == [
        "user: my wifi keeps dropping",
        "bot: Noted: my wifi keeps dropping\n\nIs the Wi-Fi switch on?",
        "user: Yes",
        "bot: Most likely: the Wi-Fi switch is off.",
    ]
    assert old_buttons_disabled
    assert [(s[1], s[2]) for s in service.seen] == [
        ("my wifi keeps dropping", ""), ("Yes", "answer:yes"),
    ]


def _chromium(tmp_path: Any) -> Any:
    from tests.channels.browser import Browser as Chromium

    try:
        return Chromium.start(tmp_path / "profile")
    except FileNotFoundError:
        pytest.skip("chromium is not installed (bin/setup-system installs it)")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_send_while_the_interval_poll_is_in_flight_shows_each_message_once(
    live_server: Any, service: StandInService, tmp_path: Any
) -> None:
    """The interval's poll leaves, the user sends, send() polls: both polls would otherwise
    fetch from the same cursor after the reply is stored and render it twice. Each GET of the
    transcript is held 800 ms before it goes out, and the message is sent while one is held."""
    with _chromium(tmp_path) as chromium:
        page = chromium.open(f"{live_server.url}/chat/")
        page.wait_for("document.readyState === 'complete' && !!document.getElementById('text')")
        # First turn, so a token exists and the interval polls for real.
        page.run("document.getElementById('text').value = 'my wifi keeps dropping';"
                 "document.getElementById('composer').requestSubmit()")
        page.wait_for("document.querySelectorAll('#messages li').length === 2")
        page.run("""
            window.heldPolls = 0;
            const realFetch = window.fetch.bind(window);
            window.fetch = async (url, options) => {
              if (!options || !options.method || options.method === 'GET') {
                window.heldPolls += 1;
                await new Promise(resolve => setTimeout(resolve, 800));
              }
              return realFetch(url, options);
            };
        """)  # fmt: skip
        page.wait_for("window.heldPolls >= 1", timeout_s=5)  # the interval's poll is held now
        page.run("document.querySelector('#messages li.bot button').click()")
        page.wait_for("document.querySelectorAll('#messages li').length >= 4")
        page.wait_for("window.heldPolls >= 4", timeout_s=10)  # later polls have come and gone
        texts = page.run("[...document.querySelectorAll('#messages li')]"
                         ".map(li => li.firstChild.textContent)")  # fmt: skip
    assert texts == [
        "my wifi keeps dropping",
        "Noted: my wifi keeps dropping\n\nIs the Wi-Fi switch on?",
        "Yes",
        "Most likely: the Wi-Fi switch is off.",
    ]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_paste_longer_than_the_limit_is_refused_with_a_message_not_cut(
    live_server: Any, service: StandInService, tmp_path: Any, settings: Any
) -> None:
    settings.BOT_MAX_MESSAGE_CHARS = 300
    long_text = "My laptop restarts on its own. " * 20  # 620 characters
    with _chromium(tmp_path) as chromium:
        page = chromium.open(f"{live_server.url}/chat/")
        page.wait_for("document.readyState === 'complete' && !!document.getElementById('text')")
        page.run(f"document.getElementById('text').value = {long_text!r};"
                 "document.getElementById('composer').requestSubmit()")  # fmt: skip
        error = page.wait_for("!document.getElementById('error').hidden && "
                              "document.getElementById('error').textContent")  # fmt: skip
        kept = page.run("document.getElementById('text').value")
        shown = page.run("document.querySelectorAll('#messages li').length")
    assert "the limit is 300" in error and "shorten" in error
    assert kept == long_text  # nothing cut, nothing lost
    assert shown == 0 and service.seen == []
