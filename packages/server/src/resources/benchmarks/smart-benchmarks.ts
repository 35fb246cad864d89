import { randomUUID } from "node:crypto";
import type { CreateSmartBenchmarkBody } from "@assay/protocol";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { UploadRow } from "../../platform/db/schema.ts";
import type { JobQueue } from "../../platform/queue/job-queue.ts";
import type { ProjectScope } from "../../tenancy.ts";
import type { UploadService } from "../uploads/service.ts";
import { GENERATE_BENCHMARK_JOB, type GenerateBenchmarkPayload } from "./generate-benchmark-job.ts";
import { insertOwnBenchmark } from "./insert-own-benchmark.ts";
import { requireUpload } from "./require-upload.ts";

export interface SmartBenchmarkDeps {
  db: Database;
  clock: Clock;
  queue: JobQueue;
  uploads: UploadService;
}

/**
 * Smart benchmarks: questions written from documents by the generator model, in a background
 * job (generate-benchmark-job.ts; the runner is engine/runners/benchmark-generation).
 */
export function createSmartBenchmarks(deps: SmartBenchmarkDeps) {
  return {
    /** Stores the request and its documents; the benchmark is `generating` until its job runs. */
    async create(scope: ProjectScope, body: CreateSmartBenchmarkBody): Promise<string> {
      const uploads: UploadRow[] = [];
      for (const [i, file] of body.files.entries())
        uploads.push(await requireUpload(deps.uploads, scope, `body.files.${i}`, file));
      const id = randomUUID();
      const at = deps.clock.now().toISOString();
      await insertOwnBenchmark(
        deps.db,
        scope,
        {
          id,
          kind: "smart",
          name: body.name,
          description: body.description,
          system_prompt: body.system_prompt,
          regex_pattern: null,
          scoring_metric: "llm_judge",
          llm_judge_model_id: null,
          custom_instructions: null,
          input_type: null,
          metrics: JSON.stringify(body.metrics ?? []),
          generation_status: "generating",
          status_description: "waiting for the generation job",
          version: null,
          prompt_count: 0,
          disabled_at: null,
          created_at: at,
          updated_at: at,
        },
        uploads,
        async (trx) => {
          await deps.queue.enqueue(
            {
              name: GENERATE_BENCHMARK_JOB,
              data: {
                organization_id: scope.organizationId,
                project_id: scope.projectId,
                benchmark_id: id,
              } satisfies GenerateBenchmarkPayload,
            },
            { transaction: trx },
          );
        },
      );
      return id;
    },
  };
}
