import type { ReasoningEffort } from "@assay/protocol";
import { mergeExtraPayload } from "../extra-payload.ts";
import type { RequestProfile } from "./request-profile.ts";

/** What a run may ask of the model beside its prompts (the protocol's sampling options). */
export interface SamplingOptions {
  temperature?: number | null;
  top_p?: number | null;
  seed?: number | null;
  max_tokens?: number | null;
  reasoning_effort?: ReasoningEffort | null;
}

/** A model's own settings: its token bound and extra payload (custom models). */
export interface ModelRequestSettings {
  maxTokens?: number | null;
  extraPayload?: Record<string, unknown> | null;
}

/**
 * The chat-completions parameters sent beside `model` and `messages`, in three layers: the
 * profile's defaults (the token limit under the provider's name; temperature 0 where the model
 * takes it, so runs are deterministic unless asked otherwise), the model's extra payload (which
 * may remove a default with `null`), and what the run asked for, which wins. `checkSampling`
 * has refused what the profile cannot send; a temperature the model takes only as its default
 * is not sent at all.
 */
export function requestParameters(
  profile: RequestProfile,
  model: ModelRequestSettings,
  sampling: SamplingOptions = {},
): Record<string, unknown> {
  const defaults: Record<string, unknown> = {
    [profile.tokenLimit]: model.maxTokens ?? profile.defaultMaxTokens,
  };
  if ("min" in profile.temperature) defaults.temperature = 0;
  const parameters = mergeExtraPayload(defaults, model.extraPayload);

  if (sampling.max_tokens != null) parameters[profile.tokenLimit] = sampling.max_tokens;
  if (sampling.temperature != null && "min" in profile.temperature)
    parameters.temperature = sampling.temperature;
  if (sampling.top_p != null && profile.topP) parameters.top_p = sampling.top_p;
  if (sampling.seed != null && "parameter" in profile.seed)
    parameters[profile.seed.parameter] = sampling.seed;
  const effort = profile.reasoningEffort;
  if (sampling.reasoning_effort != null && effort) {
    if (effort.parameter === "reasoning_effort")
      parameters.reasoning_effort = sampling.reasoning_effort;
    else {
      const reasoning = parameters.reasoning;
      parameters.reasoning = {
        ...(typeof reasoning === "object" && reasoning !== null ? reasoning : {}),
        effort: sampling.reasoning_effort,
      };
    }
  }
  return parameters;
}
