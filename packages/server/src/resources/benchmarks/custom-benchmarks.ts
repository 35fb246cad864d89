import { randomUUID } from "node:crypto";
import {
  type CreateCustomBenchmarkBody,
  type CustomBenchmark,
  JUDGED_METRICS,
  type ScorerName,
} from "@assay/protocol";
import { badRequest } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { SandboxStatus } from "../../engine/sandbox/sandbox-status.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { BenchmarkRow } from "../../platform/db/schema.ts";
import { linearTimeProblem } from "../../platform/regexp-backtracking.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { Importer } from "../imports/importer.ts";
import { createModelRepository } from "../models/repository.ts";
import { createScorerRepository } from "../scorers/repository.ts";
import type { UploadService } from "../uploads/service.ts";
import { createBenchmarkRepository } from "./repository.ts";
import { requireSandboxFor } from "./require-sandbox.ts";
import { requireUpload } from "./require-upload.ts";
import { toCustomBenchmark } from "./to-custom-benchmark.ts";

export interface CustomBenchmarkDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  uploads: UploadService;
  importer: Importer;
  defaultJudgeModel?: string;
  sandboxStatus: SandboxStatus;
}

/** Metrics that need a judge model to be scored. */
const JUDGED = new Set<string>(JUDGED_METRICS);

/**
 * A project's own benchmarks as the wire shows them, and custom benchmarks: datasets imported
 * from an upload, scored by a metric, a judge model or the project's scorers.
 */
export function createCustomBenchmarks(deps: CustomBenchmarkDeps) {
  const repo = createBenchmarkRepository(deps.db);
  const models = createModelRepository(deps.db);
  const scorers = createScorerRepository(deps.db);

  /** The scorers a benchmark names: each one a scorer of the project, named once. */
  async function checkScorers(scope: ProjectScope, ids: readonly string[]): Promise<string[]> {
    const known = new Set((await scorers.findMany(scope, ids)).map((s) => s.id));
    const seen = new Set<string>();
    for (const [i, id] of ids.entries()) {
      const field = `body.custom_scorers.${i}`;
      if (!known.has(id)) throw badRequest(field, "no such scorer in this project");
      if (seen.has(id)) throw badRequest(field, "this scorer is already named earlier in the list");
      seen.add(id);
    }
    return [...ids];
  }

  async function checkJudge(scope: ProjectScope, body: CreateCustomBenchmarkBody): Promise<void> {
    const needsJudge =
      body.scoring_metric === "llm_judge" ||
      (body.additional_metrics ?? []).some((m) => JUDGED.has(m));
    if (body.llm_judge_model_id !== undefined) {
      const visible =
        deps.catalog.findModel(body.llm_judge_model_id) ??
        (await models.findCustom(scope, body.llm_judge_model_id));
      if (!visible) throw badRequest("body.llm_judge_model_id", "no such model in this project");
    } else if (needsJudge && deps.defaultJudgeModel === undefined) {
      throw badRequest(
        "body.llm_judge_model_id",
        "llm_judge scoring, toxicity and hallucination need a judge model: give llm_judge_model_id " +
          "or configure ASSAY_DEFAULT_JUDGE_MODEL on the server",
      );
    }
  }

  return {
    /** Own benchmarks (custom and smart) with their files and scorers, in two queries. */
    async toCustomBenchmarks(rows: BenchmarkRow[]): Promise<CustomBenchmark[]> {
      const ids = rows.map((r) => r.id);
      const [files, scorerIds] = await Promise.all([
        repo.fileNames(ids),
        scorers.idsForBenchmarks(ids),
      ]);
      return rows.map((row) =>
        toCustomBenchmark(row, files.get(row.id) ?? [], scorerIds.get(row.id) ?? []),
      );
    },

    /**
     * Imports an uploaded JSONL/JSON dataset as a custom benchmark (import-dataset.ts, on an
     * import thread): every row is checked before anything is stored.
     */
    async create(scope: ProjectScope, body: CreateCustomBenchmarkBody): Promise<string> {
      // Run on the service's thread over every answer: only a bounded pattern is taken.
      const unbounded = body.regex_pattern && linearTimeProblem(body.regex_pattern);
      if (unbounded) throw badRequest("body.regex_pattern", unbounded);
      await checkJudge(scope, body);
      await requireSandboxFor(deps.sandboxStatus, body.scoring_metric, "body.scoring_metric");
      const scorerIds = await checkScorers(scope, body.custom_scorers ?? []);
      if (body.scoring_metric === "regex" && body.regex_pattern === undefined)
        throw badRequest("body.regex_pattern", "the regex scoring metric needs a regex_pattern");
      const upload = await requireUpload(deps.uploads, scope, "body.file", body.file);
      const id = randomUUID();
      const at = deps.clock.now().toISOString();
      const scoring: ScorerName =
        body.scoring_metric ?? (body.regex_pattern !== undefined ? "regex" : "exact_match");
      await deps.importer.dataset({
        organizationId: scope.organizationId,
        projectId: scope.projectId,
        upload,
        inputType: body.input_type,
        benchmark: {
          id,
          kind: "custom",
          name: body.name,
          description: body.description,
          system_prompt: body.system_prompt ?? null,
          regex_pattern: body.regex_pattern ?? null,
          scoring_metric: scoring,
          llm_judge_model_id: body.llm_judge_model_id ?? null,
          custom_instructions: body.custom_instructions ?? null,
          input_type: body.input_type ?? null,
          metrics: JSON.stringify(body.additional_metrics ?? []),
          generation_status: "ready",
          status_description: "",
          version: null,
          disabled_at: null,
          created_at: at,
          updated_at: at,
        },
        scorerIds,
      });
      return id;
    },
  };
}
