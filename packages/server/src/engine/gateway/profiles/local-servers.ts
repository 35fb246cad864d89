import { OPENAI_TEMPERATURES, type RequestProfile } from "./request-profile.ts";

/** Servers people run themselves, and the default for any custom endpoint. */

/**
 * Any OpenAI-compatible endpoint: the request Assay always sent (`max_tokens`, temperature 0),
 * every sampling option passed through as asked, and reasoning read from wherever a server puts
 * it (`reasoning_content`, `reasoning`, or leading `<think>` tags).
 */
export const openaiCompatible: RequestProfile = {
  name: "openai-compatible",
  title: "Any OpenAI-compatible server",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: OPENAI_TEMPERATURES,
  topP: true,
  seed: { parameter: "seed" },
  reasoningEffort: {
    parameter: "reasoning_effort",
    values: ["none", "minimal", "low", "medium", "high"],
  },
  reasoningFields: ["reasoning_content", "reasoning"],
  thinkTags: true,
  reasons: false,
};

/*
 * Ollama. Source: "OpenAI compatibility" (github.com/ollama/ollama, docs/openai.md), supported
 * request fields: max_tokens, temperature, top_p, seed, reasoning_effort; thinking models return
 * their reasoning in `message.reasoning`.
 */
export const ollama: RequestProfile = {
  ...openaiCompatible,
  name: "ollama",
  title: "Ollama",
  reasoningEffort: { parameter: "reasoning_effort", values: ["none", "low", "medium", "high"] },
  reasoningFields: ["reasoning"],
};

/*
 * vLLM. Sources: "OpenAI-Compatible Server" (docs.vllm.ai, serving/openai_compatible_server):
 * max_tokens (and max_completion_tokens), temperature, top_p, seed; "Reasoning Outputs"
 * (docs.vllm.ai, features/reasoning_outputs): with a reasoning parser the reasoning comes back
 * in `reasoning_content` (`reasoning` in newer releases); without one it stays in the content.
 */
export const vllm: RequestProfile = {
  ...openaiCompatible,
  name: "vllm",
  title: "vLLM",
  reasoningFields: ["reasoning_content", "reasoning"],
};

/*
 * llama.cpp's llama-server. Source: tools/server/README.md of llama.cpp: `max_tokens`,
 * `temperature`, `top_p`, `seed` ("Set the random number generator (RNG) seed"),
 * `reasoning_effort` ("If `none`, reasoning/thinking is disabled"), and `--reasoning-format`
 * ("deepseek: puts thoughts in `message.reasoning_content`"; "none: leaves thoughts unparsed in
 * `message.content`").
 */
export const llamaCpp: RequestProfile = {
  ...openaiCompatible,
  name: "llama-cpp",
  title: "llama.cpp (llama-server)",
  reasoningEffort: { parameter: "reasoning_effort", values: ["none", "low", "medium", "high"] },
  reasoningFields: ["reasoning_content"],
};
