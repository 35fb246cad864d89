import type { Catalog } from "../../catalog/catalog.ts";
import type { Gateway } from "../../engine/gateway/gateway.ts";
import { createOptimizerCaller } from "../../engine/optimizer/index.ts";
import type { OpenOptimizationModels } from "../../engine/runners/judge-optimization/index.ts";
import type { SecretBox } from "../../platform/crypto/secret-box.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createEndpointResolver } from "../models/resolve-endpoint.ts";
import { createJudgeOpener } from "../trace-evaluations/open-judge.ts";
import { OPTIMIZER_MODEL_SETTING } from "./optimizer-model.ts";

/**
 * An optimization's two models for a scope: the judge as trace evaluations open it, and the
 * optimizer named by ASSAY_OPTIMIZER_MODEL, else the judge's own endpoint.
 */
export function createOptimizationModels(deps: {
  db: Database;
  catalog: Catalog;
  secrets: SecretBox;
  gateway: Gateway;
  defaultJudgeModel?: string | undefined;
  optimizerModel?: string | undefined;
  concurrency: number;
}) {
  const openJudge = createJudgeOpener(deps);
  const { resolveConfiguredModel } = createEndpointResolver(deps);
  return (scope: ProjectScope): OpenOptimizationModels =>
    async (judgeModelId, signal) => {
      const judge = await openJudge(scope)(judgeModelId, signal);
      const key = deps.optimizerModel;
      const endpoint =
        key === undefined
          ? judge.endpoint
          : await resolveConfiguredModel(scope, OPTIMIZER_MODEL_SETTING, key);
      const optimizer = createOptimizerCaller({
        gateway: deps.gateway,
        endpoint,
        signal,
        concurrency: deps.concurrency,
      });
      return { judge, optimizer: { ...optimizer, key: key ?? judge.key } };
    };
}
