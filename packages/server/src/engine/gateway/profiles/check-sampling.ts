import type { SamplingOptions } from "./request-parameters.ts";
import type { RequestProfile } from "./request-profile.ts";

export interface SamplingProblem {
  field: keyof SamplingOptions;
  message: string;
}

/**
 * What in a run's sampling options the model cannot be asked, each with the reason, so the run
 * is refused when it is created instead of failing at the provider (or, worse, running with an
 * option the provider silently ignores). `model` names the model in the messages.
 */
export function checkSampling(
  profile: RequestProfile,
  sampling: SamplingOptions,
  model: string,
): SamplingProblem[] {
  const problems: SamplingProblem[] = [];
  const { temperature } = profile;
  if (sampling.temperature != null) {
    if ("only" in temperature) {
      if (sampling.temperature !== temperature.only)
        problems.push({
          field: "temperature",
          message: `${model} takes only temperature ${temperature.only}: ${temperature.why}`,
        });
    } else if (sampling.temperature < temperature.min || sampling.temperature > temperature.max) {
      problems.push({
        field: "temperature",
        message: `${model} takes a temperature from ${temperature.min} to ${temperature.max} (${profile.title})`,
      });
    }
  }
  if (sampling.top_p != null && !profile.topP)
    problems.push({ field: "top_p", message: `${model} does not take top_p (${profile.title})` });
  if (sampling.seed != null && "why" in profile.seed)
    problems.push({ field: "seed", message: `${model} takes no seed: ${profile.seed.why}` });
  const effort = sampling.reasoning_effort;
  if (effort != null) {
    const allowed = profile.reasoningEffort?.values;
    if (!allowed)
      problems.push({
        field: "reasoning_effort",
        message: `${model} takes no reasoning effort (${profile.title})`,
      });
    else if (!allowed.includes(effort))
      problems.push({
        field: "reasoning_effort",
        message: `${model} takes a reasoning effort of ${allowed.join(", ")}, not ${effort}`,
      });
  }
  return problems;
}
