import type { Catalog } from "../../catalog/catalog.ts";
import type { ModelEndpoint } from "../../engine/gateway/endpoint.ts";
import type { Gateway } from "../../engine/gateway/gateway.ts";
import {
  createJudgeCaller,
  createStructuredOutputMemory,
  type OpenedJudge,
} from "../../engine/runners/trace-judging/index.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createEndpointResolver } from "../models/resolve-endpoint.ts";
import { createJudgeModelProfiles } from "./judge-model-profile.ts";

/** An opened judge and the endpoint behind it (an optimization's optimizer may reuse it). */
export type JudgeWithEndpoint = OpenedJudge & { endpoint: ModelEndpoint };

/**
 * The runners' judge model for a scope: the snapshot's model (or the configured default judge
 * model) with its profile and endpoint resolved, behind the gateway as a metered judge caller.
 * One structured-output memory per opener: the job factory that makes it owns it.
 */
export function createJudgeOpener(deps: {
  db: Database;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  defaultJudgeModel?: string | undefined;
  /** The gateway's concurrency ceiling per endpoint. */
  concurrency: number;
}) {
  const { resolveEndpoint } = createEndpointResolver(deps);
  const profiles = createJudgeModelProfiles({
    ...deps,
    ...(deps.defaultJudgeModel === undefined ? {} : { defaultJudgeModel: deps.defaultJudgeModel }),
  });
  const memory = createStructuredOutputMemory();
  return (scope: ProjectScope) =>
    async (modelId: string | null, signal: AbortSignal): Promise<JudgeWithEndpoint> => {
      const model = await profiles(scope, modelId);
      const endpoint = await resolveEndpoint(model.id);
      const caller = createJudgeCaller({
        gateway: deps.gateway,
        endpoint,
        memory,
        signal,
        concurrency: deps.concurrency,
      });
      return {
        key: model.key,
        limits: { ...model.limits, maxOutputTokens: endpoint.maxTokens },
        complete: caller.complete,
        usage: caller.usage,
        endpoint,
      };
    };
}
