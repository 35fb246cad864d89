import { randomUUID } from "node:crypto";
import {
  type JudgeOptimizationRun,
  type ListOptimizationsQuery,
  MIN_OPTIMIZATION_ANNOTATIONS,
  type OptimizationBody,
  type OptimizationBudget,
  type OptimizationStatus,
} from "@assay/protocol";
import { badRequest, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import { TraceJudgingError } from "../../engine/runners/trace-judging/index.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { JudgeOptimizationRunRow, JudgeRow } from "../../platform/db/schema.ts";
import type { JobQueue } from "../../platform/queue/job-queue.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { authorOf } from "../judges/author.ts";
import { createJudgeRepository } from "../judges/repository.ts";
import { ModelUnavailableError } from "../models/resolve-endpoint.ts";
import { createJudgeModelProfiles } from "../trace-evaluations/judge-model-profile.ts";
import { createTraceEvaluationRepository } from "../trace-evaluations/repository.ts";
import { snapshotOf } from "../trace-evaluations/snapshot.ts";
import { applyOptimization } from "./apply.ts";
import { estimateOptimization, type OptimizationEstimate } from "./estimate.ts";
import { createLabelReader } from "./label-repository.ts";
import { createOptimizerModelProfile } from "./optimizer-model.ts";
import { createOptimizationRepository } from "./repository.ts";
import {
  RUN_JUDGE_OPTIMIZATION_JOB,
  type RunJudgeOptimizationPayload,
} from "./run-judge-optimization-job.ts";
import { toOptimizationRun } from "./to-optimization-run.ts";

export interface JudgeOptimizationServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  queue: JobQueue;
  /** `ASSAY_DEFAULT_JUDGE_MODEL`, for judges stored without a model. */
  defaultJudgeModel?: string | undefined;
  /** `ASSAY_OPTIMIZER_MODEL`; each judge's own model when unset. */
  optimizerModel?: string | undefined;
}

/**
 * Judge optimization runs (protocol §11): estimate, create (the run and its job in one
 * transaction; a worker runs engine/optimizer), read, list, and apply the result as a new judge
 * version.
 */
export function createJudgeOptimizationService(deps: JudgeOptimizationServiceDeps) {
  const repo = createOptimizationRepository(deps.db);
  const judges = createJudgeRepository(deps.db);
  const labels = createLabelReader(deps.db);
  const traces = createTraceEvaluationRepository(deps.db);
  const profiles = createJudgeModelProfiles(deps);
  const optimizerProfile = createOptimizerModelProfile({ ...deps, profiles });

  async function judgeOf(scope: ProjectScope, id: string): Promise<JudgeRow> {
    const judge = await judges.find(scope, id);
    if (!judge) throw notFound("judge");
    return judge;
  }

  /** The estimate; a judge model that cannot be used (or a goal that leaves no room) is a 400. */
  async function estimate(
    scope: ProjectScope,
    judge: JudgeRow,
    budget: OptimizationBudget,
    counts: { passed: number; failed: number },
  ): Promise<OptimizationEstimate> {
    try {
      const judgeModel = await profiles(scope, judge.model_id);
      const optimizerModel = await optimizerProfile(scope, judgeModel);
      return await estimateOptimization(
        { traces, labels },
        { scope, judge, budget, counts, judgeModel, optimizerModel },
      );
    } catch (error) {
      if (error instanceof ModelUnavailableError || error instanceof TraceJudgingError)
        throw badRequest("body.judge_id", error.message);
      throw error;
    }
  }

  return {
    /** What a run would cost; answered whatever the number of labels (create checks it). */
    async estimate(scope: ProjectScope, body: OptimizationBody) {
      const judge = await judgeOf(scope, body.judge_id);
      const counts = await labels.counts(scope, judge.id);
      const figures = await estimate(scope, judge, body.budget, counts);
      return {
        estimated_cost: figures.estimatedCost,
        annotation_count: counts.passed + counts.failed,
        budget: body.budget,
        judge_calls: figures.judgeCalls,
        optimizer_calls: figures.optimizerCalls,
      };
    },

    async create(scope: ProjectScope, auth: AuthContext, body: OptimizationBody) {
      const judge = await judgeOf(scope, body.judge_id);
      const counts = await labels.counts(scope, judge.id);
      const total = counts.passed + counts.failed;
      if (total < MIN_OPTIMIZATION_ANNOTATIONS)
        throw badRequest(
          "body.judge_id",
          `the judge has ${total} annotation${total === 1 ? "" : "s"}; an optimization needs at ` +
            `least ${MIN_OPTIMIZATION_ANNOTATIONS} traces labeled by people (label the judge's ` +
            "trace evaluations first)",
        );
      const figures = await estimate(scope, judge, body.budget, counts);
      const row: JudgeOptimizationRunRow = {
        id: randomUUID(),
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        judge_id: judge.id,
        judge_version: judge.version,
        judge_snapshot: JSON.stringify(await snapshotOf(deps, judge)),
        budget: body.budget,
        status: "pending",
        status_description: "",
        annotation_count: total,
        estimated_cost: figures.estimatedCost,
        actual_cost: 0,
        user_id: await authorOf(deps.db, auth),
        original_goal: judge.evaluation_goal,
        optimized_goal: null,
        logs: "",
        baseline_accuracy: null,
        optimized_accuracy: null,
        stats: null,
        created_at: deps.clock.now().toISOString(),
        started_at: null,
        finished_at: null,
        applied_at: null,
        applied_version: null,
      };
      const payload: RunJudgeOptimizationPayload = {
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        optimization_id: row.id,
      };
      await deps.db.transaction().execute(async (trx) => {
        await repo.insert(trx, row);
        await deps.queue.enqueue(
          { name: RUN_JUDGE_OPTIMIZATION_JOB, data: { ...payload } },
          { transaction: trx },
        );
      });
      return {
        id: row.id,
        judge_id: row.judge_id,
        budget: body.budget,
        status: row.status as OptimizationStatus,
      };
    },

    async get(scope: ProjectScope, id: string): Promise<JudgeOptimizationRun> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound("optimization run");
      return toOptimizationRun(row);
    },

    async list(scope: ProjectScope, query: ListOptimizationsQuery) {
      const { rows, total } = await repo.list(scope, {
        judgeId: query.judge_id,
        page: query.page,
        pageSize: query.page_size,
      });
      return { optimization_runs: rows.map(toOptimizationRun), count: rows.length, total };
    },

    apply: (scope: ProjectScope, auth: AuthContext, id: string) =>
      applyOptimization({ db: deps.db, clock: deps.clock, repo, judges }, scope, auth, id),
  };
}

export type JudgeOptimizationService = ReturnType<typeof createJudgeOptimizationService>;
