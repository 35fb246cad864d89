import { randomUUID } from "node:crypto";
import type {
  BulkCreateTraceEvaluationsBody,
  CostEstimate,
  CreateTraceEvaluationBody,
  EstimateCostBody,
  ListTraceEvaluationsQuery,
  TraceEvaluation,
  TraceEvaluationResult,
} from "@assay/protocol";
import type { Kysely } from "kysely";
import { AppError, badRequest, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import { TraceJudgingError } from "../../engine/runners/trace-judging/index.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { DatabaseSchema, JudgeRow, TraceEvaluationRow } from "../../platform/db/schema.ts";
import type { JobQueue } from "../../platform/queue/job-queue.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createAnnotationRepository, pairKey } from "../annotations/repository.ts";
import { createJudgeRepository } from "../judges/repository.ts";
import { ModelUnavailableError } from "../models/resolve-endpoint.ts";
import { estimateCost } from "./estimate-cost.ts";
import { createJudgeModelProfiles } from "./judge-model-profile.ts";
import { listTraceEvaluationRows } from "./list-repository.ts";
import { createTraceEvaluationRepository } from "./repository.ts";
import {
  RUN_TRACE_EVALUATION_JOB,
  type RunTraceEvaluationPayload,
} from "./run-trace-evaluation-job.ts";
import { snapshotOf } from "./snapshot.ts";
import { toTraceEvaluation, toTraceEvaluationResult } from "./to-trace-evaluation.ts";

export interface TraceEvaluationServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  queue: JobQueue;
  /** `ASSAY_DEFAULT_JUDGE_MODEL`, for judges stored without a model. */
  defaultJudgeModel?: string;
}

/**
 * Evaluations per job. A job per evaluation would cost a queue round trip each (pg-boss polls
 * every half second per worker slot: 1000 traces would take minutes of polling alone); one job
 * for a whole bulk call would leave other workers idle. 25 spreads a bulk of 1000 over 40 jobs.
 */
export const EVALUATIONS_PER_JOB = 25;

/**
 * Trace evaluations: one judge over one trace. Creating one snapshots the judge and queues its
 * job in the same transaction, so it exists with its work queued or not at all (the original SDK
 * re-sends a POST answered with a 5xx). Bulk creation does the same for up to 1000 traces, with
 * a job per EVALUATIONS_PER_JOB evaluations: workers share the jobs, a job judges its traces side
 * by side, and each evaluation succeeds, fails or is retried on its own.
 */
export function createTraceEvaluationService(deps: TraceEvaluationServiceDeps) {
  const repo = createTraceEvaluationRepository(deps.db);
  const annotations = createAnnotationRepository(deps.db);
  const judges = createJudgeRepository(deps.db);
  const profiles = createJudgeModelProfiles(deps);

  async function judgeOf(scope: ProjectScope, id: string): Promise<JudgeRow> {
    const judge = await judges.find(scope, id);
    if (!judge) throw notFound("judge");
    return judge;
  }

  /** The listed traces (each listed once: the body's schema checks that), each of the scope. */
  async function checkTraces(scope: ProjectScope, ids: readonly string[]): Promise<void> {
    const found = await repo.existingTraceIds(scope, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) throw new AppError("NOT_FOUND", `trace not found: ${missing}`);
  }

  /**
   * New pending evaluations of `judge` over the traces, and how to write them: `write` inserts
   * the rows and queues their jobs inside the caller's transaction, so they exist with their work
   * queued or not at all. The snapshot is read here, before any transaction begins.
   */
  async function prepare(
    scope: ProjectScope,
    judge: JudgeRow,
    traceIds: readonly string[],
  ): Promise<PreparedTraceEvaluations> {
    const snapshot = JSON.stringify(await snapshotOf(deps, judge));
    const createdAt = deps.clock.now().toISOString();
    const rows: TraceEvaluationRow[] = traceIds.map((traceId) => ({
      ...EMPTY_VERDICT,
      id: randomUUID(),
      organization_id: scope.organizationId,
      project_id: scope.projectId,
      trace_id: traceId,
      judge_id: judge.id,
      judge_version: judge.version,
      judge_snapshot: snapshot,
      status: "pending",
      status_description: "",
      created_at: createdAt,
      started_at: null,
      finished_at: null,
    }));
    const write = async (trx: Kysely<DatabaseSchema>) => {
      await repo.insert(trx, rows);
      for (let i = 0; i < rows.length; i += EVALUATIONS_PER_JOB) {
        const payload: RunTraceEvaluationPayload = {
          organization_id: scope.organizationId,
          project_id: scope.projectId,
          trace_evaluation_ids: rows.slice(i, i + EVALUATIONS_PER_JOB).map((row) => row.id),
        };
        await deps.queue.enqueue(
          { name: RUN_TRACE_EVALUATION_JOB, data: { ...payload } },
          { transaction: trx },
        );
      }
    };
    return { rows, write };
  }

  /** The evaluations' rows and jobs, in one transaction. */
  async function createAll(
    scope: ProjectScope,
    judge: JudgeRow,
    traceIds: readonly string[],
  ): Promise<TraceEvaluation[]> {
    const prepared = await prepare(scope, judge, traceIds);
    await deps.db.transaction().execute(prepared.write);
    return prepared.rows.map(toTraceEvaluation);
  }

  return {
    /** For another resource that creates evaluations within its own transaction (annotation import). */
    prepare,

    async create(scope: ProjectScope, body: CreateTraceEvaluationBody): Promise<TraceEvaluation> {
      if (!(await repo.findTrace(scope, body.trace_id))) throw notFound("trace");
      const judge = await judgeOf(scope, body.judge_id);
      return (await createAll(scope, judge, [body.trace_id]))[0] as TraceEvaluation;
    },

    async bulkCreate(
      scope: ProjectScope,
      body: BulkCreateTraceEvaluationsBody,
    ): Promise<TraceEvaluation[]> {
      const judge = await judgeOf(scope, body.judge_id);
      await checkTraces(scope, body.trace_ids);
      return createAll(scope, judge, body.trace_ids);
    },

    async get(scope: ProjectScope, id: string): Promise<TraceEvaluation> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound("trace evaluation");
      return toTraceEvaluation(row);
    },

    async list(scope: ProjectScope, query: ListTraceEvaluationsQuery) {
      const { rows, total } = await listTraceEvaluationRows(deps.db, {
        scope,
        query,
        now: deps.clock.now(),
      });
      const labels = new Map(
        (await annotations.findByPairs(scope, rows)).map((label) => [pairKey(label), label]),
      );
      const listed = rows.map((row) => {
        const result = toTraceEvaluationResult(row);
        const label = labels.get(pairKey(row));
        return {
          ...toTraceEvaluation(row),
          ...(result === undefined ? {} : { result }),
          ...(label === undefined
            ? {}
            : {
                label: {
                  passed: label.passed === 1,
                  created_by: label.created_by,
                  updated_at: label.updated_at,
                },
              }),
        };
      });
      return { trace_evaluations: listed, count: rows.length, total };
    },

    /** The verdict; 404 until there is one (the original client polls through 404s). */
    async result(scope: ProjectScope, id: string): Promise<TraceEvaluationResult> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound("trace evaluation");
      const result = toTraceEvaluationResult(row);
      if (!result)
        throw new AppError(
          "NOT_FOUND",
          row.status === "failure"
            ? `trace evaluation ${id} failed and has no result: ${row.status_description}`
            : `trace evaluation ${id} has no result yet (status ${row.status})`,
        );
      return result;
    },

    async estimate(scope: ProjectScope, body: EstimateCostBody): Promise<CostEstimate> {
      const judge = await judgeOf(scope, body.judge_id);
      await checkTraces(scope, body.trace_ids);
      try {
        const model = await profiles(scope, judge.model_id);
        return await estimateCost({ repo }, scope, judge, model, body.trace_ids);
      } catch (error) {
        if (error instanceof ModelUnavailableError || error instanceof TraceJudgingError)
          throw badRequest("body.judge_id", error.message);
        throw error;
      }
    },
  };
}

/** Evaluations built but not yet stored: `write` stores them and queues their jobs in `trx`. */
export interface PreparedTraceEvaluations {
  rows: TraceEvaluationRow[];
  write(trx: Kysely<DatabaseSchema>): Promise<void>;
}

const EMPTY_VERDICT = {
  result_id: null,
  score: null,
  passed: null,
  reasoning: null,
  model: null,
  turns: null,
  latency_ms: null,
  prompt_tokens: null,
  completion_tokens: null,
  total_cost: null,
  truncated: null,
  result_at: null,
} as const;

export type TraceEvaluationService = ReturnType<typeof createTraceEvaluationService>;
