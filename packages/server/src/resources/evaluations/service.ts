import { randomUUID } from "node:crypto";
import type {
  CreateEvaluationItem,
  Evaluation,
  ListEvaluationsQuery,
  UpdateEvaluationBody,
} from "@assay/protocol";
import { badRequest, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { SandboxStatus } from "../../engine/sandbox/sandbox-status.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { EvaluationRow } from "../../platform/db/schema.ts";
import type { JobQueue } from "../../platform/queue/job-queue.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import type { BuiltinData } from "../benchmarks/builtin-data.ts";
import type { OrganizationService } from "../organizations/service.ts";
import { createScorerRepository } from "../scorers/repository.ts";
import { runScorersColumn } from "../scorers/run-scorers.ts";
import { createItemChecks } from "./check-items.ts";
import { type ListingScope, listEvaluationRows } from "./evaluation-list-repository.ts";
import { createEvaluationLabels } from "./labels.ts";
import { createEvaluationPlanner } from "./plan-evaluations.ts";
import { ACTIVE_STATUSES, createEvaluationRepository } from "./repository.ts";
import { RUN_EVALUATION_JOB, type RunEvaluationPayload } from "./run-evaluation-job.ts";
import { type EvaluationOptions, toEvaluation } from "./to-evaluation.ts";

export interface EvaluationServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  queue: JobQueue;
  builtinData: BuiltinData;
  /** Whether code benchmarks' answers can be run here: a run of one is refused where not. */
  sandboxStatus: SandboxStatus;
  organizations: OrganizationService;
  config: { evaluations: { concurrency: number; chunkSize: number; cache: boolean } };
}

/** More prompts than any benchmark holds (and an int4 on PostgreSQL). */
const MAX_PROMPTS = 2_147_483_647;

/**
 * Evaluations of a model on a benchmark. Creating one copies the benchmark's prompts and queues
 * its jobs in the same transaction, so it either exists with all its work queued or not at all
 * (the original SDK re-sends a POST answered with a 5xx).
 */
export function createEvaluationService(deps: EvaluationServiceDeps) {
  const repo = createEvaluationRepository(deps.db);
  const checkItems = createItemChecks(deps);
  const planner = createEvaluationPlanner(deps);
  const labels = createEvaluationLabels(deps);

  async function present(rows: EvaluationRow[]): Promise<Evaluation[]> {
    const named = await labels.forRows(rows);
    return rows.map((row) => toEvaluation(row, named.get(row.id) ?? labels.unknown));
  }

  return {
    /**
     * Creates the runs, or, under an Idempotency-Key they were already created with, answers them
     * (each run keeps `<index>:<key>`, written with it: a repeat finds them even when the process
     * died between creating them and keeping its answer).
     */
    async create(
      scope: ProjectScope,
      items: CreateEvaluationItem[],
      idempotencyKey?: string,
    ): Promise<Evaluation[]> {
      const itemKeys = idempotencyKey ? items.map((_, i) => `${i}:${idempotencyKey}`) : [];
      if (itemKeys.length > 0) {
        const earlier = await repo.findByIdempotencyKeys(scope.organizationId, itemKeys);
        if (earlier.length > 0) {
          const order = new Map(itemKeys.map((key, i) => [key, i]));
          const at = (row: EvaluationRow) => order.get(row.idempotency_key ?? "") ?? 0;
          return present(earlier.sort((a, b) => at(a) - at(b)));
        }
      }
      const planned = await checkItems(scope, items);
      const submittedAt = deps.clock.now().toISOString();
      const ids = await deps.db.transaction().execute(async (trx) => {
        const created: string[] = [];
        for (const [i, { item, benchmarkId, request }] of planned.entries()) {
          const id = randomUUID();
          const options: EvaluationOptions = {
            concurrency: item.concurrency ?? deps.config.evaluations.concurrency,
            limit: item.limit ?? null,
            cache: item.cache ?? deps.config.evaluations.cache,
            repeats: item.repeats ?? 1,
            max_cost_usd: item.max_cost_usd ?? null,
            temperature: item.temperature ?? null,
            top_p: item.top_p ?? null,
            seed: item.seed ?? null,
            max_tokens: item.max_tokens ?? null,
            reasoning_effort: item.reasoning_effort ?? null,
            request,
          };
          const total = await repo.insert(trx, {
            id,
            organizationId: scope.organizationId,
            projectId: scope.projectId,
            modelId: item.model_id,
            benchmarkId,
            options: JSON.stringify(options),
            submittedAt,
            promptLimit: item.limit ?? MAX_PROMPTS,
            repeats: options.repeats ?? 1,
            idempotencyKey: itemKeys[i] ?? null,
            // In the same transaction: the run grades with the scorers as they are now.
            scorers: runScorersColumn(
              await createScorerRepository(trx).forBenchmark(trx, benchmarkId),
            ),
          });
          if (total === 0) throw badRequest(`body.${i}.dataset_id`, "the benchmark has no prompts");
          const chunk = deps.config.evaluations.chunkSize;
          for (let from = 0; from < total; from += chunk) {
            const payload: RunEvaluationPayload = {
              organization_id: scope.organizationId,
              project_id: scope.projectId,
              evaluation_id: id,
              from,
              to: Math.min(total, from + chunk),
            };
            // Ranked by its index in the run: each run's first chunk goes before any run's
            // second, so runs created together (or a small one behind a big one) all start at
            // once and share the workers; per organization first (platform/queue/README.md).
            await deps.queue.enqueue(
              {
                name: RUN_EVALUATION_JOB,
                data: { ...payload },
                rank: from / chunk,
                fairnessKey: scope.organizationId,
              },
              { transaction: trx },
            );
          }
          created.push(id);
        }
        return created;
      });
      const rows = await Promise.all(ids.map((id) => repo.findById(id)));
      return present(rows.filter((r): r is EvaluationRow => r !== undefined));
    },

    /** What creating these runs would cost and tell; nothing is created (plan-evaluations.ts). */
    plan: (scope: ProjectScope, items: CreateEvaluationItem[]) => planner.plan(scope, items),

    /** The caller's own evaluation, or a public one of any organization (with its summary). */
    async get(auth: AuthContext, id: string): Promise<Evaluation> {
      const row = await repo.findReadable(auth.organizationId, id);
      if (!row) throw notFound("evaluation");
      return (await present([row]))[0] as Evaluation;
    },

    /**
     * A project's evaluations when the query names one; else the public listing: the caller's
     * organization's evaluations and every public one.
     */
    async list(auth: AuthContext, query: ListEvaluationsQuery) {
      let scope: ListingScope = { visibleTo: auth.organizationId };
      if (query.organization_id !== undefined || query.project_id !== undefined) {
        if (query.organization_id === undefined || query.project_id === undefined)
          throw badRequest(
            query.organization_id === undefined ? "query.organization_id" : "query.project_id",
            "organization_id and project_id go together",
          );
        const project = await deps.organizations.resolveScope(
          auth,
          query.organization_id,
          query.project_id,
        );
        scope = { project };
      }
      const { rows, total } = await listEvaluationRows(deps.db, { scope, query });
      return { evaluations: await present(rows), total_count: total };
    },

    /** 404 unless the evaluation belongs to this project (what its event stream needs). */
    async checkInProject(scope: ProjectScope, id: string): Promise<void> {
      const row = await repo.findForOrganization(scope.organizationId, id);
      if (!row || row.project_id !== scope.projectId) throw notFound("evaluation");
    },

    /** The owner makes an evaluation public or private; to anyone else it does not exist. */
    async update(auth: AuthContext, id: string, body: UpdateEvaluationBody): Promise<Evaluation> {
      if (!(await repo.setPublic(auth.organizationId, id, body.is_public)))
        throw notFound("evaluation");
      return this.get(auth, id);
    },

    /** Stops a pending or running evaluation; finished ones are returned unchanged. */
    async cancel(auth: AuthContext, id: string): Promise<Evaluation> {
      const row = await repo.findForOrganization(auth.organizationId, id);
      if (!row) throw notFound("evaluation");
      await repo.transition(id, ACTIVE_STATUSES, "cancelled", {
        status_description: "cancelled on request",
        finished_at: deps.clock.now().toISOString(),
      });
      return this.get(auth, id);
    },
  };
}

export type EvaluationService = ReturnType<typeof createEvaluationService>;
