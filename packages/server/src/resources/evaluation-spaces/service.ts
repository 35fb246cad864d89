import { randomUUID } from "node:crypto";
import {
  type CreateEvaluationSpaceBody,
  type Evaluation,
  type EvaluationSpace,
  type EvaluationSpaceFilters,
  EvaluationSpaceFiltersSchema,
  type ListEvaluationSpacesQuery,
  type UpdateEvaluationSpaceBody,
} from "@assay/protocol";
import { AppError, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { EvaluationSpaceRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { createEvaluationLabels } from "../evaluations/labels.ts";
import { toEvaluation } from "../evaluations/to-evaluation.ts";
import { authorOf } from "../judges/author.ts";
import {
  type BenchmarkFacts,
  CUSTOM_PROVIDER,
  createSpaceMatcher,
  type ModelFacts,
} from "./match-space.ts";
import { type CandidateEvaluation, createEvaluationSpaceRepository } from "./repository.ts";
import { spaceSortOf } from "./sort.ts";

export interface EvaluationSpaceServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
}

/**
 * Evaluation spaces: a project's leaderboards. A space stores only its filters; what it shows
 * (and its counts) is computed on each read from the project's successful evaluations, so a run
 * that finishes appears at once and nothing has to be kept in step. Matching uses the catalog's
 * facts about models (company, region, provider) and benchmarks (categories, language), which
 * live in memory, so it happens here rather than in SQL: one light query per request reads the
 * candidates (id, model, benchmark, date) however many spaces are listed.
 */
export function createEvaluationSpaceService(deps: EvaluationSpaceServiceDeps) {
  const repo = createEvaluationSpaceRepository(deps.db);
  const labels = createEvaluationLabels(deps);
  const now = () => deps.clock.now().toISOString();

  function modelFacts(id: string): ModelFacts {
    const entry = deps.catalog.findModel(id);
    if (!entry) return { id, provider: CUSTOM_PROVIDER };
    return { id, vendor: entry.company, region: entry.region, provider: entry.provider };
  }

  function benchmarkFacts(id: string): BenchmarkFacts {
    const definition = deps.catalog.findBenchmark(id);
    if (!definition) return { id, categories: [] };
    return { id, categories: definition.categories, language: definition.language };
  }

  const filtersOf = (row: EvaluationSpaceRow): EvaluationSpaceFilters =>
    EvaluationSpaceFiltersSchema.parse(JSON.parse(row.filters));

  /** The candidates the space's filters match; each model and benchmark is judged once. */
  function matching(row: EvaluationSpaceRow, candidates: readonly CandidateEvaluation[]) {
    const matcher = createSpaceMatcher(filtersOf(row));
    const model = memo((id: string) => matcher.model(modelFacts(id)));
    const benchmark = memo((id: string) => matcher.benchmark(benchmarkFacts(id)));
    return candidates.filter((e) => model(e.model_id) && benchmark(e.benchmark_id));
  }

  async function present(scope: ProjectScope, rows: EvaluationSpaceRow[]) {
    const candidates = rows.length === 0 ? [] : await repo.successfulEvaluations(scope);
    return rows.map((row): EvaluationSpace => {
      const matched = matching(row, candidates);
      return {
        id: row.id,
        organization_id: row.organization_id,
        project_id: row.project_id,
        name: row.name,
        description: row.description,
        filters: filtersOf(row),
        owner: row.created_by,
        visibility: row.visibility as EvaluationSpace["visibility"],
        is_featured: row.is_featured === 1,
        is_partner: false,
        weight: row.weight,
        models_count: new Set(matched.map((e) => e.model_id)).size,
        benchmarks_count: new Set(matched.map((e) => e.benchmark_id)).size,
        evaluations_count: matched.length,
        created_at: row.created_at,
        updated_at: row.updated_at,
      };
    });
  }

  async function checkNameFree(scope: ProjectScope, name: string, except?: string) {
    const existing = await repo.findByName(scope, name);
    if (existing && existing.id !== except) throw duplicateName(name);
  }

  async function getRow(scope: ProjectScope, id: string) {
    const row = await repo.find(scope, id);
    if (!row) throw notFound("evaluation space");
    return row;
  }

  return {
    async create(
      scope: ProjectScope,
      auth: AuthContext,
      body: CreateEvaluationSpaceBody,
    ): Promise<EvaluationSpace> {
      await checkNameFree(scope, body.name);
      const at = now();
      const row: EvaluationSpaceRow = {
        id: randomUUID(),
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        name: body.name,
        description: body.description ?? "",
        visibility: body.visibility ?? "private",
        filters: JSON.stringify(EvaluationSpaceFiltersSchema.parse(body.filters ?? {})),
        weight: body.weight ?? 0,
        is_featured: body.is_featured ? 1 : 0,
        created_by: await authorOf(deps.db, auth),
        created_at: at,
        updated_at: at,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
      }
      return (await present(scope, [row]))[0] as EvaluationSpace;
    },

    async get(scope: ProjectScope, id: string): Promise<EvaluationSpace> {
      return (await present(scope, [await getRow(scope, id)]))[0] as EvaluationSpace;
    },

    async list(scope: ProjectScope, query: ListEvaluationSpacesQuery) {
      const { rows, total } = await repo.list(scope, {
        page: query.page,
        pageSize: query.page_size,
        sort: spaceSortOf(query),
      });
      const spaces = await present(scope, rows);
      return { evaluation_spaces: spaces, count: spaces.length, total_count: total };
    },

    async update(
      scope: ProjectScope,
      id: string,
      body: UpdateEvaluationSpaceBody,
    ): Promise<EvaluationSpace> {
      await getRow(scope, id);
      if (body.name !== undefined) await checkNameFree(scope, body.name, id);
      try {
        const updated = await repo.update(scope, id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.visibility !== undefined && { visibility: body.visibility }),
          ...(body.filters !== undefined && { filters: JSON.stringify(body.filters) }),
          ...(body.weight !== undefined && { weight: body.weight }),
          ...(body.is_featured !== undefined && { is_featured: body.is_featured ? 1 : 0 }),
          updated_at: now(),
        });
        if (!updated) throw notFound("evaluation space");
      } catch (error) {
        if (isUniqueViolation(error) && body.name !== undefined) throw duplicateName(body.name);
        throw error;
      }
      return this.get(scope, id);
    },

    async delete(scope: ProjectScope, id: string): Promise<void> {
      if (!(await repo.delete(scope, id))) throw notFound("evaluation space");
    },

    /**
     * The leaderboard's cells: per (model, benchmark) the latest successful evaluation the space
     * matches, ordered by model name then benchmark name, and per shown evaluation how many
     * successful runs its pair had.
     */
    async evaluations(
      scope: ProjectScope,
      id: string,
    ): Promise<{ evaluations: Evaluation[]; runs: Record<string, number> }> {
      const row = await getRow(scope, id);
      const latest = new Map<string, CandidateEvaluation>();
      const runsOfPair = new Map<string, number>();
      for (const e of matching(row, await repo.successfulEvaluations(scope))) {
        const pair = `${e.model_id} ${e.benchmark_id}`;
        runsOfPair.set(pair, (runsOfPair.get(pair) ?? 0) + 1);
        const seen = latest.get(pair);
        if (
          !seen ||
          e.submitted_at > seen.submitted_at ||
          (e.submitted_at === seen.submitted_at && e.id > seen.id)
        )
          latest.set(pair, e);
      }
      const rows = await repo.evaluationRows([...latest.values()].map((e) => e.id));
      const named = await labels.forRows(rows);
      const evaluations = rows
        .map((r) => toEvaluation(r, named.get(r.id) ?? labels.unknown))
        .sort(
          (a, b) =>
            a.model_name.localeCompare(b.model_name) ||
            a.model_id.localeCompare(b.model_id) ||
            a.dataset_name.localeCompare(b.dataset_name) ||
            a.dataset_id.localeCompare(b.dataset_id),
        );
      const runs = Object.fromEntries(
        evaluations.map((e) => [e.id, runsOfPair.get(`${e.model_id} ${e.dataset_id}`) ?? 1]),
      );
      return { evaluations, runs };
    },
  };
}

function memo(f: (id: string) => boolean): (id: string) => boolean {
  const known = new Map<string, boolean>();
  return (id) => {
    let value = known.get(id);
    if (value === undefined) {
      value = f(id);
      known.set(id, value);
    }
    return value;
  };
}

/** Sample helpers look for "already exists" in the error text (protocol §8.1 does the same). */
function duplicateName(name: string): AppError {
  return new AppError(
    "CONFLICT",
    `an evaluation space named "${name}" already exists in this project`,
  );
}

export type EvaluationSpaceService = ReturnType<typeof createEvaluationSpaceService>;
