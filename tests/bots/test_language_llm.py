"""The LLM interpreter against a loopback OpenAI-compatible server (the real wire format).

Every failure of the model or the endpoint must give the offline reading of the same message,
never an exception and never a lost turn.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from bots.language import OfflineInterpreter, get_interpreter
from bots.language.llm import INTERPRET_PROMPT, PROMPTS_DIR, LLMInterpreter
from knowledge.llm import BUILTIN_PROMPTS_DIR, LLMClient
from loopback.openai import FakeOpenAI, Reply
from planning.network import EvidentialNetwork, Finding, Hypothesis, Link

NETWORK = EvidentialNetwork(
    name="llm-test",
    hypotheses=[Hypothesis("dead", "Dead battery"), Hypothesis("driver", "Old driver")],
    findings=[
        Finding("power", "Does the laptop power on?"),
        Finding("led", "Is the power LED blinking amber?"),
        Finding("wifi", "Is the Wi-Fi icon missing?"),
        Finding("where", "Where is the pain?", states=("head", "chest", "belly")),
    ],
    links=[Link.make("dead", "power", {"no": 1.0}), Link.make("driver", "wifi", {"yes": 1.0})],
)
POWER = NETWORK.finding("power")


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as server:
        yield server


def interpreter_for(
    fake: FakeOpenAI, *, timeout_s: float = 5.0, retries: int = 1, rephrase: bool = False
) -> LLMInterpreter:
    client = LLMClient(
        fake.url,
        "test-key",
        "test-model",
        timeout_s=timeout_s,
        max_retries=retries,
        prompt_dirs=(PROMPTS_DIR, BUILTIN_PROMPTS_DIR),
        retry_backoff_s=0.0,
    )
    return LLMInterpreter(client, rephrase_questions=rephrase)


def reply(
    intent: str = "answer",
    answer: Any = "no",
    *,
    reliability: float = 1.0,
    volunteered: list[dict[str, str]] | None = None,
    confidence: float = 0.9,
) -> dict[str, Any]:
    return {
        "intent": intent,
        "answer": answer,
        "reliability": reliability,
        "volunteered": volunteered or [],
        "confidence": confidence,
    }


def test_a_valid_reply_is_used(fake: FakeOpenAI) -> None:
    fake.script(reply("answer", "no", volunteered=[{"finding": "led", "state": "yes"}]))
    llm = interpreter_for(fake)
    meaning = llm.interpret(
        "it won't start, and the little light keeps flashing orange", pending=POWER, network=NETWORK
    )
    assert meaning.source == "llm"
    assert meaning.intent == "answer"
    assert meaning.answers[0].finding == "power" and meaning.answers[0].states == ("no",)
    assert [(a.finding, a.states) for a in meaning.volunteered] == [("led", ("yes",))]
    (request,) = fake.chat_requests()
    assert request.schema_name == INTERPRET_PROMPT
    assert request.schema is not None
    assert request.schema["properties"]["answer"]["enum"] == ["yes", "no", "unsure", None]
    assert "Does the laptop power on?" in request.text
    assert "flashing orange" in request.text
    assert "Is the power LED blinking amber?" in request.text  # a candidate for volunteering


def test_hedged_and_unsure_answers(fake: FakeOpenAI) -> None:
    fake.script(reply("answer", "yes", reliability=0.7), reply("answer", "unsure"))
    llm = interpreter_for(fake)
    hedged = llm.interpret("I reckon so", pending=POWER, network=NETWORK)
    assert hedged.answers[0].states == ("yes",) and hedged.answers[0].reliability == 0.7
    unsure = llm.interpret("dunno mate", pending=POWER, network=NETWORK)
    assert unsure.answers[0].states is None


def test_intents_come_back_typed(fake: FakeOpenAI) -> None:
    fake.script(reply("why", None), reply("human", None))
    llm = interpreter_for(fake)
    assert (
        llm.interpret("what's that got to do with it", pending=POWER, network=NETWORK).intent
        == "why"
    )
    assert llm.interpret("get me someone real", pending=POWER, network=NETWORK).intent == "human"


def test_buttons_never_reach_the_model(fake: FakeOpenAI) -> None:
    llm = interpreter_for(fake)
    meaning = llm.interpret("", pending=POWER, network=NETWORK, button="answer:yes")
    assert meaning.answers[0].states == ("yes",) and meaning.source == "llm"
    assert fake.chat_requests() == []


def _assert_offline_fallback(meaning: Any, error: str) -> None:
    offline = OfflineInterpreter().interpret("nope, it doesn't", pending=POWER, network=NETWORK)
    assert meaning.source == "offline"
    assert (meaning.intent, meaning.answers) == (offline.intent, offline.answers)
    assert meaning.answers[0].states == ("no",)
    assert meaning.detail.startswith(f"llm fallback ({error})")
    assert error in meaning.extras["llm_error"]


def test_timeout_falls_back_to_offline(fake: FakeOpenAI) -> None:
    fake.script(Reply(reply(), delay_s=1.0))
    llm = interpreter_for(fake, timeout_s=0.2, retries=0)
    meaning = llm.interpret("nope, it doesn't", pending=POWER, network=NETWORK)
    _assert_offline_fallback(meaning, "LLMTimeout")


def test_invalid_json_falls_back_to_offline(fake: FakeOpenAI) -> None:
    fake.script("this is not json", "{still not json")
    llm = interpreter_for(fake, retries=1)
    meaning = llm.interpret("nope, it doesn't", pending=POWER, network=NETWORK)
    _assert_offline_fallback(meaning, "LLMInvalidOutput")
    assert len(fake.chat_requests()) == 2  # one retry, showing the model its bad reply


def test_schema_violation_falls_back_to_offline(fake: FakeOpenAI) -> None:
    # "maybe" is not a state of the question; the intent is not one of ours either.
    fake.script(reply("answer", "maybe"), {"intent": "complain", "answer": None})
    llm = interpreter_for(fake, retries=1)
    meaning = llm.interpret("nope, it doesn't", pending=POWER, network=NETWORK)
    _assert_offline_fallback(meaning, "LLMInvalidOutput")


def test_checks_beyond_the_schema_fall_back_to_offline(fake: FakeOpenAI) -> None:
    # Schema-valid but unusable: an answer with a "why" intent, a state the finding lacks.
    fake.script(
        reply("why", "yes"),
        reply("answer", "no", volunteered=[{"finding": "led", "state": "purple"}]),
    )
    llm = interpreter_for(fake, retries=1)
    meaning = llm.interpret("nope, it doesn't", pending=POWER, network=NETWORK)
    _assert_offline_fallback(meaning, "LLMInvalidOutput")
    second = fake.chat_requests()[1]
    assert "was not usable" in second.text


def test_a_retry_after_a_bad_reply_can_succeed(fake: FakeOpenAI) -> None:
    fake.script("not json", reply("answer", "no"))
    meaning = interpreter_for(fake, retries=1).interpret(
        "nope, it doesn't", pending=POWER, network=NETWORK
    )
    assert meaning.source == "llm" and meaning.answers[0].states == ("no",)


def test_server_errors_fall_back_to_offline(fake: FakeOpenAI) -> None:
    fake.script(Reply(status=500), Reply(status=503))
    meaning = interpreter_for(fake, retries=1).interpret(
        "nope, it doesn't", pending=POWER, network=NETWORK
    )
    _assert_offline_fallback(meaning, "LLMError")


def test_unreachable_endpoint_falls_back_to_offline() -> None:
    client = LLMClient("http://127.0.0.1:9/v1", None, "m", timeout_s=1.0, max_retries=0)
    meaning = LLMInterpreter(client).interpret("nope, it doesn't", pending=POWER, network=NETWORK)
    _assert_offline_fallback(meaning, "LLMError")


def test_categorical_answer(fake: FakeOpenAI) -> None:
    fake.script(reply("answer", "chest"))
    meaning = interpreter_for(fake).interpret(
        "right in the middle of my ribcage", pending=NETWORK.finding("where"), network=NETWORK
    )
    assert meaning.answers[0].states == ("chest",)
    schema = fake.chat_requests()[0].schema
    assert schema is not None
    assert schema["properties"]["answer"]["enum"] == ["head", "chest", "belly", "unsure", None]


def test_complaint_without_a_question(fake: FakeOpenAI) -> None:
    fake.script(reply("answer", None, volunteered=[{"finding": "power", "state": "no"}]))
    meaning = interpreter_for(fake).interpret(
        "my laptop is completely dead", pending=None, network=NETWORK
    )
    assert meaning.answers == ()
    assert [(a.finding, a.states) for a in meaning.volunteered] == [("power", ("no",))]


def test_rephrasing(fake: FakeOpenAI) -> None:
    fake.script({"question": "Does your laptop switch on at all?"}, Reply(status=500))
    llm = interpreter_for(fake, rephrase=True, retries=0)
    context = {"pack": "Laptops", "complaint": "dead laptop", "states": ["yes", "no"]}
    assert llm.rephrase(POWER.question, context=context) == "Does your laptop switch on at all?"
    # Any failure keeps the pack's own wording.
    assert llm.rephrase(POWER.question, context=context) == POWER.question
    assert json.loads(json.dumps(fake.chat_requests()[0].body))["messages"]


def test_rephrasing_is_off_unless_asked_for(fake: FakeOpenAI) -> None:
    llm = interpreter_for(fake)
    assert llm.rephrase(POWER.question, context={}) == POWER.question
    assert fake.chat_requests() == []


def test_llm_backend_without_an_endpoint_is_offline(settings: Any) -> None:
    settings.LLM_BASE_URL = ""
    settings.LLM_API_KEY = ""
    assert isinstance(get_interpreter("llm"), OfflineInterpreter)
    settings.LANGUAGE_BACKEND = "offline"
    assert isinstance(get_interpreter(), OfflineInterpreter)
    with pytest.raises(ValueError, match="unknown LANGUAGE_BACKEND"):
        get_interpreter("magic")


def test_llm_backend_from_settings(settings: Any, fake: FakeOpenAI) -> None:
    settings.LLM_BASE_URL = fake.url
    settings.LLM_MODEL = "test-model"
    settings.LANGUAGE_BACKEND = "llm"
    fake.script(reply("answer", "yes"))
    interpreter = get_interpreter()
    assert isinstance(interpreter, LLMInterpreter)
    assert interpreter.interpret("yep", pending=POWER, network=NETWORK).source == "llm"
    assert fake.chat_requests()[0].body["model"] == "test-model"


@pytest.mark.django_db
def test_service_turn_survives_a_dead_model(service_factory: Any, fake: FakeOpenAI) -> None:
    """A conversation turn goes on when the model times out; rephrased questions keep the
    pack's wording as the canonical text."""
    from bots.messages import Inbound
    from bots.models import Case, Role

    fake.respond(
        lambda request: (
            {"question": "Quick check: does it charge at all?"}
            if request.schema_name == "rephrase_question"
            else Reply(reply(), delay_s=1.0)
        )
    )
    llm = interpreter_for(fake, timeout_s=0.2, retries=0, rephrase=True)
    service = service_factory(interpreter=llm)
    first = service.handle(Inbound("slack", "llm-1", "My laptop battery won't charge"))
    assert first.kind == "question"
    assert first.parts[-1] == "Quick check: does it charge at all?"
    second = service.handle(Inbound("slack", "llm-1", "nope, it doesn't"))
    assert second.kind in ("question", "conclusion")
    case = Case.objects.get(pk=second.case_id)
    asked = case.turns.filter(role=Role.BOT).order_by("index").first()
    assert asked is not None and asked.canonical_text != asked.text
    user = case.turns.filter(role=Role.USER).order_by("-index").first()
    assert user is not None
    assert user.interpretation["source"] == "offline"
    assert user.interpretation["answers"][0]["states"] == ["no"]
    assert "llm_error" in user.interpretation["extras"]


def test_reading_is_schema_constrained_and_falls_back_to_a_grammar(fake: FakeOpenAI) -> None:
    """The interpreter asks for json_schema output; a llama.cpp-style server that refuses it
    (500 naming the format) is asked again with json_object carrying the schema, and its reply
    is used. The schema's answer is the question's states, "unsure" or null."""
    with FakeOpenAI(reject_formats=frozenset({"json_schema"}), reject_status=500) as server:
        server.script(reply("answer", "no"))
        meaning = interpreter_for(server).interpret(
            "it won't power on at all", pending=POWER, network=NETWORK
        )
        assert meaning.source == "llm" and meaning.answers[0].states == ("no",)
        first, second = server.chat_requests()
        assert first.body["response_format"]["type"] == "json_schema"
        assert first.body["response_format"]["json_schema"]["strict"] is True
        assert second.body["response_format"]["type"] == "json_object"
        schema = second.body["response_format"]["schema"]
        assert schema["properties"]["answer"]["enum"] == ["yes", "no", "unsure", None]


def test_a_model_contradicting_an_explicit_answer_is_overruled(fake: FakeOpenAI) -> None:
    # A well-formed reply is not a right one: "nope" is a no whatever the model says.
    fake.script(reply("answer", "yes", confidence=0.99))
    meaning = interpreter_for(fake).interpret("nope, still dead", pending=POWER, network=NETWORK)
    assert meaning.source == "offline"
    assert meaning.answers[0].states == ("no",)
    assert meaning.extras["llm_disagreed"] == {"llm_answer": ["yes"], "offline_answer": ["no"]}


def test_a_model_disagreeing_with_a_described_answer_is_asked_again(fake: FakeOpenAI) -> None:
    # Neither reading is explicit, so neither is trusted: the bot asks again.
    fake.script(reply("answer", "yes"))
    meaning = interpreter_for(fake).interpret(
        "the screen stays completely dark and the fan never spins", pending=POWER, network=NETWORK
    )
    offline = OfflineInterpreter().interpret(
        "the screen stays completely dark and the fan never spins", pending=POWER, network=NETWORK
    )
    assert offline.answers and offline.answers[0].states == ("no",)  # the premise
    assert meaning.intent == "unknown" and not meaning.answers
    assert "llm_disagreed" in meaning.extras


def test_a_model_agreeing_with_the_offline_reading_is_used(fake: FakeOpenAI) -> None:
    fake.script(reply("answer", "no", reliability=0.8))
    meaning = interpreter_for(fake).interpret("no, nothing happens", pending=POWER, network=NETWORK)
    assert meaning.source == "llm" and meaning.answers[0].states == ("no",)
    assert meaning.answers[0].reliability == 0.8 and "llm_disagreed" not in meaning.extras
