import { randomUUID } from "node:crypto";
import type { CreateJudgeBody, Judge, ListJudgesQuery, UpdateJudgeBody } from "@assay/protocol";
import { AppError, notFound } from "../../app-error.ts";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { JudgeRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { agreementCounts, agreementOf } from "../annotations/agreement-query.ts";
import { authorOf } from "./author.ts";
import { createJudgeModelResolver } from "./judge-model.ts";
import { modelLabels } from "./model-labels.ts";
import { createJudgeRepository } from "./repository.ts";
import { toJudge } from "./to-judge.ts";

export interface JudgeServiceDeps {
  db: Database;
  clock: Clock;
  catalog: Catalog;
  /** `ASSAY_DEFAULT_JUDGE_MODEL`: the model of judges created without one. */
  defaultJudgeModel?: string;
}

/**
 * Judges: named, versioned evaluation goals with a judge model. Every change is a new version;
 * the judge row holds the current one and `judge_versions` every one, written in one transaction.
 * Names are unique per project (the unique index settles races: 409).
 *
 * Deleting a judge deletes its versions, people's labels of it, and its trace evaluations with
 * their verdicts: an evaluation refers to its judge, and a verdict without a judge to show, list
 * or re-run by is noise. A worker still judging one for it finds nothing to write and stops.
 */
export function createJudgeService(deps: JudgeServiceDeps) {
  const repo = createJudgeRepository(deps.db);
  const models = createJudgeModelResolver(deps);
  const now = () => deps.clock.now().toISOString();

  async function present(rows: readonly JudgeRow[]): Promise<Judge[]> {
    const ids = rows.map((r) => r.id);
    const [versions, runs, agreements] = await Promise.all([
      repo.versions(ids),
      repo.runCounts(ids),
      agreementCounts(deps.db, ids),
    ]);
    const labels = await modelLabels(deps, [
      ...rows.map((r) => r.model_id),
      ...versions.map((v) => v.model_id),
    ]);
    return rows.map((row) =>
      toJudge(
        row,
        versions.filter((v) => v.judge_id === row.id),
        labels,
        runs.get(row.id) ?? 0,
        agreementOf(agreements.get(row.id)),
      ),
    );
  }

  async function checkNameFree(scope: ProjectScope, name: string, except?: string) {
    const existing = await repo.findByName(scope, name);
    if (existing && existing.id !== except) throw duplicateName(name);
  }

  return {
    /** Creates version 1; answers the new judge's id. */
    async create(scope: ProjectScope, auth: AuthContext, body: CreateJudgeBody): Promise<string> {
      await checkNameFree(scope, body.name);
      const modelId = await models.resolve(scope, body.model_id, "body.model_id");
      const at = now();
      const row: JudgeRow = {
        id: randomUUID(),
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        name: body.name,
        evaluation_goal: body.evaluation_goal,
        model_id: modelId,
        version: 1,
        created_at: at,
        updated_at: at,
      };
      const by = await authorOf(deps.db, auth);
      try {
        await deps.db.transaction().execute((trx) => repo.insert(trx, row, by));
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateName(body.name);
        throw error;
      }
      return row.id;
    },

    async get(scope: ProjectScope, id: string): Promise<Judge> {
      const row = await repo.find(scope, id);
      if (!row) throw notFound("judge");
      return (await present([row]))[0] as Judge;
    },

    async list(scope: ProjectScope, query: ListJudgesQuery) {
      const { rows, total } = await repo.list(scope, {
        page: query.page,
        pageSize: query.page_size,
      });
      const judges = await present(rows);
      return { judges, count: judges.length, total_count: total };
    },

    /**
     * Applies the given fields as a new version and answers the full judge. A body that changes
     * nothing (the same values again) makes no version.
     */
    async update(
      scope: ProjectScope,
      auth: AuthContext,
      id: string,
      body: UpdateJudgeBody,
    ): Promise<Judge> {
      const current = await repo.find(scope, id);
      if (!current) throw notFound("judge");
      if (body.name !== undefined) await checkNameFree(scope, body.name, id);
      const modelId =
        body.model_id === undefined
          ? current.model_id
          : await models.resolve(scope, body.model_id, "body.model_id");
      const next: JudgeRow = {
        ...current,
        name: body.name ?? current.name,
        evaluation_goal: body.evaluation_goal ?? current.evaluation_goal,
        model_id: modelId,
        version: current.version + 1,
        updated_at: now(),
      };
      const changed =
        next.name !== current.name ||
        next.evaluation_goal !== current.evaluation_goal ||
        next.model_id !== current.model_id;
      if (changed) {
        const by = await authorOf(deps.db, auth);
        let written: boolean;
        try {
          written = await deps.db
            .transaction()
            .execute((trx) => repo.writeVersion(trx, current.version, next, by));
        } catch (error) {
          // The name was taken meanwhile, or another update wrote the same version number.
          if (isUniqueViolation(error) && next.name !== current.name)
            throw duplicateName(next.name);
          if (isUniqueViolation(error)) throw concurrentUpdate();
          throw error;
        }
        if (!written) throw concurrentUpdate();
      }
      return this.get(scope, id);
    },

    async delete(scope: ProjectScope, id: string): Promise<void> {
      if (!(await repo.delete(scope, id))) throw notFound("judge");
    },
  };
}

/** Sample helpers look for "already exists" in the error text (protocol §8.1). */
function duplicateName(name: string): AppError {
  return new AppError("CONFLICT", `a judge named "${name}" already exists in this project`);
}

function concurrentUpdate(): AppError {
  return new AppError(
    "CONFLICT",
    "the judge was changed by another request at the same time; read it again and retry",
  );
}

export type JudgeService = ReturnType<typeof createJudgeService>;
