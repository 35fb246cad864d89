"""
How a model is asked (Assay extensions): the request profiles a model can have, the reasoning
efforts a run can ask for, and the request a run records. Mirrors ``packages/protocol/src/sampling.ts``;
``tests/test_sampling.py`` checks the names against the server's OpenAPI document.
"""

from typing import Any, Dict, Literal

from ._base import AssayModel

#: A model family's rules: its token-limit parameter, temperatures, ``top_p``, seed, reasoning.
RequestProfileName = Literal[
    "openai-compatible",
    "openai-chat",
    "openai-o-series",
    "openai-gpt-5",
    "anthropic",
    "gemini",
    "gemini-thinking",
    "deepseek-chat",
    "deepseek-reasoner",
    "groq",
    "groq-gpt-oss",
    "groq-qwen3",
    "together",
    "together-reasoning",
    "fireworks",
    "mistral",
    "openrouter",
    "ollama",
    "vllm",
    "llama-cpp",
]

#: Every effort any provider documents; each request profile takes its own subset.
ReasoningEffort = Literal["none", "minimal", "low", "medium", "high"]


class RunRequest(AssayModel):
    """
    The request a run sends, recorded when it was created: the model's request profile and every
    chat-completions parameter sent beside ``model`` and ``messages``, exactly (e.g.
    ``{"max_completion_tokens": 25000, "reasoning_effort": "low"}``).
    """

    profile: str
    parameters: Dict[str, Any]
