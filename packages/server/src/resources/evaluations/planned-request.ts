import type { CreateEvaluationItem, RunRequest } from "@assay/protocol";
import {
  checkSampling,
  type SamplingProblem,
} from "../../engine/gateway/profiles/check-sampling.ts";
import { requestParameters } from "../../engine/gateway/profiles/request-parameters.ts";
import type { ModelRequest } from "../models/resolve-endpoint.ts";

/**
 * What a new run will send beside each prompt: the model's request profile and the exact
 * parameters (its token limit, temperature, seed …), fixed now so the run is reproducible from
 * its record and a later edit of the model does not change a run already queued. Or, when the
 * run asks for what the model cannot take, the problems, each naming its field.
 */
export function plannedRequest(
  model: ModelRequest,
  item: CreateEvaluationItem,
): RunRequest | { problems: SamplingProblem[] } {
  const problems = checkSampling(model.profile, item, model.key);
  if (problems.length > 0) return { problems };
  return {
    profile: model.profile.name,
    parameters: requestParameters(model.profile, model, item),
  };
}
