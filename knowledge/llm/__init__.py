"""The language model behind a small typed interface: JSON-schema constrained completions.

    from knowledge.llm import LLMClient
    llm = LLMClient.from_settings()            # LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, ...
    reply = llm.complete_json("elicit_bba", {...}, schema, max_tokens=300)

Prompts are files under ``knowledge/llm/prompts`` (see ``templates``). Errors: ``LLMError`` and
its subclasses ``LLMTimeout``, ``LLMInvalidOutput``, ``BudgetExceeded``.
"""

from .client import LLMClient, Usage
from .errors import BudgetExceeded, LLMError, LLMInvalidOutput, LLMTimeout
from .templates import BUILTIN_PROMPTS_DIR, Prompt, PromptError, load_prompt

__all__ = [
    "BUILTIN_PROMPTS_DIR",
    "BudgetExceeded",
    "LLMClient",
    "LLMError",
    "LLMInvalidOutput",
    "LLMTimeout",
    "Prompt",
    "PromptError",
    "Usage",
    "load_prompt",
]
