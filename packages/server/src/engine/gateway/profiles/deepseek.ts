import { OPENAI_TEMPERATURES, type RequestProfile } from "./request-profile.ts";

/*
 * DeepSeek. Sources: the API reference for chat completions (api-docs.deepseek.com/api/create-
 * chat-completion: `max_tokens`, `temperature` ≤ 2, `top_p`; no seed parameter) and the reasoning
 * model guide (api-docs.deepseek.com/guides/reasoning_model): deepseek-reasoner returns its chain
 * of thought in `reasoning_content` beside `content`; "max_tokens … including the CoT output"
 * (default 32K, at most 64K); "Not Supported Parameters: temperature, top_p, presence_penalty,
 * frequency_penalty, logprobs, top_logprobs … setting temperature, top_p … will not trigger an
 * error but will also have no effect." A run asking for those is refused rather than run
 * without them.
 */
export const deepseekChat: RequestProfile = {
  name: "deepseek-chat",
  title: "DeepSeek chat (deepseek-chat)",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 1024,
  temperature: OPENAI_TEMPERATURES,
  topP: true,
  seed: { why: "DeepSeek's API has no seed parameter" },
  reasoningFields: [],
  thinkTags: false,
  reasons: false,
};

export const deepseekReasoner: RequestProfile = {
  name: "deepseek-reasoner",
  title: "DeepSeek reasoner (deepseek-reasoner)",
  tokenLimit: "max_tokens",
  defaultMaxTokens: 32_768,
  temperature: { only: 1, why: "deepseek-reasoner ignores temperature" },
  topP: false,
  seed: { why: "DeepSeek's API has no seed parameter" },
  reasoningFields: ["reasoning_content"],
  thinkTags: false,
  reasons: true,
};
