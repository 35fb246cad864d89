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
import { firstFreeSlug, slugOf } from "./slug.ts";
import { spaceSortOf } from "./sort.ts";
import { newSpaceId } from "./space-id.ts";

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
        slug: row.slug,
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

  async function checkSlugFree(scope: ProjectScope, slug: string, except?: string) {
    const existing = await repo.findBySlug(scope, slug);
    if (existing && existing.id !== except) throw duplicateSlug(slug);
  }

  /** By id, else by slug: a slug is never shaped like an id, so the two cannot be confused. */
  async function getRow(scope: ProjectScope, idOrSlug: string) {
    const row = (await repo.find(scope, idOrSlug)) ?? (await repo.findBySlug(scope, idOrSlug));
    if (!row) throw notFound("evaluation space");
    return row;
  }

  /**
   * Inserts the space. A slug derived from the name is re-derived when a concurrent create takes
   * it first (the unique index tells); a slug the client chose is a 409 instead.
   */
  async function insert(scope: ProjectScope, row: EvaluationSpaceRow, chosenSlug: boolean) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await repo.insert(row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await repo.findByName(scope, row.name)) throw duplicateName(row.name);
        if (chosenSlug || attempt >= 5) throw duplicateSlug(row.slug);
        row.slug = firstFreeSlug(slugOf(row.name), await repo.slugsLike(scope, slugOf(row.name)));
      }
    }
  }

  return {
    async create(
      scope: ProjectScope,
      auth: AuthContext,
      body: CreateEvaluationSpaceBody,
    ): Promise<EvaluationSpace> {
      await checkNameFree(scope, body.name);
      if (body.slug !== undefined) await checkSlugFree(scope, body.slug);
      const base = slugOf(body.name);
      const at = now();
      const row: EvaluationSpaceRow = {
        id: newSpaceId(new Date(at)),
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        name: body.name,
        slug: body.slug ?? firstFreeSlug(base, await repo.slugsLike(scope, base)),
        description: body.description ?? "",
        visibility: body.visibility ?? "private",
        filters: JSON.stringify(EvaluationSpaceFiltersSchema.parse(body.filters ?? {})),
        weight: body.weight ?? 0,
        is_featured: body.is_featured ? 1 : 0,
        created_by: await authorOf(deps.db, auth),
        created_at: at,
        updated_at: at,
      };
      await insert(scope, row, body.slug !== undefined);
      return (await present(scope, [row]))[0] as EvaluationSpace;
    },

    async get(scope: ProjectScope, idOrSlug: string): Promise<EvaluationSpace> {
      return (await present(scope, [await getRow(scope, idOrSlug)]))[0] as EvaluationSpace;
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
      idOrSlug: string,
      body: UpdateEvaluationSpaceBody,
    ): Promise<EvaluationSpace> {
      const { id } = await getRow(scope, idOrSlug);
      if (body.name !== undefined) await checkNameFree(scope, body.name, id);
      if (body.slug !== undefined) await checkSlugFree(scope, body.slug, id);
      try {
        const updated = await repo.update(scope, id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.slug !== undefined && { slug: body.slug }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.visibility !== undefined && { visibility: body.visibility }),
          ...(body.filters !== undefined && { filters: JSON.stringify(body.filters) }),
          ...(body.weight !== undefined && { weight: body.weight }),
          ...(body.is_featured !== undefined && { is_featured: body.is_featured ? 1 : 0 }),
          updated_at: now(),
        });
        if (!updated) throw notFound("evaluation space");
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const named = body.name === undefined ? undefined : await repo.findByName(scope, body.name);
        if (named && named.id !== id) throw duplicateName(named.name);
        if (body.slug !== undefined) throw duplicateSlug(body.slug);
        throw error;
      }
      return this.get(scope, id);
    },

    /** Answers the deleted space's id (the caller may have named it by its slug). */
    async delete(scope: ProjectScope, idOrSlug: string): Promise<string> {
      const { id } = await getRow(scope, idOrSlug);
      if (!(await repo.delete(scope, id))) throw notFound("evaluation space");
      return id;
    },

    /**
     * The leaderboard's cells: per (model, benchmark) the latest successful evaluation the space
     * matches, ordered by model name then benchmark name, and per shown evaluation how many
     * successful runs its pair had.
     */
    async evaluations(
      scope: ProjectScope,
      idOrSlug: string,
    ): Promise<{ id: string; evaluations: Evaluation[]; runs: Record<string, number> }> {
      const row = await getRow(scope, idOrSlug);
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
      return { id: row.id, evaluations, runs };
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

function duplicateSlug(slug: string): AppError {
  return new AppError(
    "CONFLICT",
    `an evaluation space with the slug "${slug}" already exists in this project`,
  );
}

export type EvaluationSpaceService = ReturnType<typeof createEvaluationSpaceService>;
