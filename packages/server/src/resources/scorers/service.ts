import { randomUUID } from "node:crypto";
import type { CreateScorerBody, ListScorersQuery, Scorer, UpdateScorerBody } from "@assay/protocol";
import { AppError, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { ScorerRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import type { ProjectScope } from "../../tenancy.ts";
import { createJudgeModelResolver } from "../judges/judge-model.ts";
import { modelLabels } from "../judges/model-labels.ts";
import { createScorerRepository } from "./repository.ts";
import { toScorer } from "./to-scorer.ts";

export interface ScorerServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
}

/**
 * Scorers: named rubrics a model grades responses by. A scorer's model is resolved as a judge's
 * is (a catalog model or a custom model of the project, by id or key) and stored by id. Names are
 * unique per project (the unique index settles races: 409). Runs copy their scorers when they are
 * created, so changing or deleting a scorer affects only runs created afterwards.
 */
export function createScorerService(deps: ScorerServiceDeps) {
  const repo = createScorerRepository(deps.db);
  const models = createJudgeModelResolver(deps);
  const now = () => deps.clock.now().toISOString();

  async function present(rows: readonly ScorerRow[]): Promise<Scorer[]> {
    const labels = await modelLabels(
      deps,
      rows.map((r) => r.model_id),
    );
    return rows.map((row) => toScorer(row, labels));
  }

  async function checkNameFree(scope: ProjectScope, name: string, except?: string) {
    const existing = await repo.findByName(scope, name);
    if (existing && existing.id !== except) throw duplicateName(name);
  }

  /** The model's id; a scorer always has one, so there is no default to fall back on. */
  async function modelOf(scope: ProjectScope, ref: string): Promise<string> {
    return (await models.resolve(scope, ref, "body.model_id")) as string;
  }

  return {
    async create(scope: ProjectScope, body: CreateScorerBody): Promise<Scorer> {
      await checkNameFree(scope, body.name);
      const at = now();
      const row: ScorerRow = {
        id: randomUUID(),
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        name: body.name,
        description: body.description ?? "",
        model_id: await modelOf(scope, body.model_id),
        prompt: body.prompt,
        created_at: at,
        updated_at: at,
      };
      try {
        await repo.insert(row);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
      }
      return (await present([row]))[0] as Scorer;
    },

    async get(scope: ProjectScope, id: string): Promise<Scorer> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound("scorer");
      return (await present([row]))[0] as Scorer;
    },

    async list(scope: ProjectScope, query: ListScorersQuery) {
      const { rows, total } = await repo.list(scope, {
        page: query.page,
        pageSize: query.page_size,
      });
      const scorers = await present(rows);
      return { scorers, count: scorers.length, total_count: total };
    },

    async update(scope: ProjectScope, id: string, body: UpdateScorerBody): Promise<Scorer> {
      if (!(await repo.find(scope, id))) throw notFound("scorer");
      if (body.name !== undefined) await checkNameFree(scope, body.name, id);
      const modelId = body.model_id === undefined ? undefined : await modelOf(scope, body.model_id);
      try {
        const updated = await repo.update(scope, id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.description !== undefined && { description: body.description }),
          ...(modelId !== undefined && { model_id: modelId }),
          ...(body.prompt !== undefined && { prompt: body.prompt }),
          updated_at: now(),
        });
        if (!updated) throw notFound("scorer");
      } catch (error) {
        if (isUniqueViolation(error) && body.name !== undefined) throw duplicateName(body.name);
        throw error;
      }
      return this.get(scope, id);
    },

    async delete(scope: ProjectScope, id: string): Promise<void> {
      if (!(await repo.delete(scope, id))) throw notFound("scorer");
    },
  };
}

/** Sample helpers look for "already exists" in the error text (protocol §8.1 does the same). */
function duplicateName(name: string): AppError {
  return new AppError("CONFLICT", `a scorer named "${name}" already exists in this project`);
}

export type ScorerService = ReturnType<typeof createScorerService>;
