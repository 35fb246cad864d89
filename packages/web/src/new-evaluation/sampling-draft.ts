import type { CreateEvaluationOptions } from "@assay/client";
import type { ReasoningEffort } from "@assay/protocol";
import { optionalNumber } from "../models/form-field.tsx";

/** The Sampling section's state, apart from its inputs (sampling-fields.tsx) so it is testable. */

/** What was typed, as typed: a number field keeps "0.70" until the form is sent. */
export interface SamplingDraft {
  temperature: string;
  topP: string;
  seed: string;
  maxTokens: string;
  reasoningEffort: ReasoningEffort | "";
  /** Times each prompt is asked; empty: once. */
  repeats: string;
}

export const EMPTY_SAMPLING: SamplingDraft = {
  temperature: "",
  topP: "",
  seed: "",
  maxTokens: "",
  reasoningEffort: "",
  repeats: "",
};

/** The form's names for the server's fields (`body.0.temperature` arrives as `item.temperature`). */
export const SAMPLING_FIELDS = [
  "item.temperature",
  "item.top_p",
  "item.seed",
  "item.max_tokens",
  "item.reasoning_effort",
  "item.repeats",
];

/** The create options of a draft: empty fields are left out, so the profile's defaults apply. */
export function samplingOptions(draft: SamplingDraft): CreateEvaluationOptions {
  return {
    temperature: optionalNumber(draft.temperature),
    topP: optionalNumber(draft.topP),
    seed: optionalNumber(draft.seed),
    maxTokens: optionalNumber(draft.maxTokens),
    reasoningEffort: draft.reasoningEffort === "" ? undefined : draft.reasoningEffort,
    repeats: optionalNumber(draft.repeats),
  };
}
