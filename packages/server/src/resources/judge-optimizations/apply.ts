import type { OptimizationStats } from "@assay/protocol";
import { AppError, notFound } from "../../app-error.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import type { JudgeOptimizationRunRow, JudgeRow } from "../../platform/db/schema.ts";
import { isUniqueViolation } from "../../platform/db/unique-violation.ts";
import type { AuthContext, ProjectScope } from "../../tenancy.ts";
import { authorOf } from "../judges/author.ts";
import type { JudgeRepository } from "../judges/repository.ts";
import type { OptimizationRepository } from "./repository.ts";

export interface ApplyResult {
  judge_id: string;
  new_version: number;
  message: string;
}

/**
 * Gives the judge a finished run's optimized goal as a new version (through the judge
 * repository's versioning, as a PATCH would), and marks the run applied, in one transaction:
 * both happen or neither.
 *
 * - A run that did not improve on its held-out labels beyond noise (its stats' `improved`, which
 *   McNemar's exact test on those labels decides) changes nothing: the answer names the
 *   judge's current version and says the goal was kept (the run is still marked applied).
 * - 409 for a run that is not `success`, one already applied, and one whose judge's goal was
 *   changed since the run began: its figures were measured against the goal it would replace,
 *   and applying would silently undo that edit. Other changes (name, model) are kept, and the
 *   message notes them.
 */
export async function applyOptimization(
  deps: { db: Database; clock: Clock; repo: OptimizationRepository; judges: JudgeRepository },
  scope: ProjectScope,
  auth: AuthContext,
  id: string,
): Promise<ApplyResult> {
  const updatedBy = await authorOf(deps.db, auth);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const run = await deps.repo.find(scope, id, trx);
      if (!run) throw notFound("optimization run");
      checkApplicable(run);
      const judge = await deps.judges.find(scope, run.judge_id, trx);
      if (!judge) throw notFound("judge");
      const at = deps.clock.now().toISOString();

      if (!improved(run)) {
        if (!(await deps.repo.markApplied(trx, run.id, at, judge.version)))
          throw alreadyApplied(id);
        return {
          judge_id: judge.id,
          new_version: judge.version,
          message:
            "No candidate goal was measurably better than the original on the held-out labels, so the judge keeps its " +
            `goal: it stays at version ${judge.version}.`,
        };
      }
      if (judge.evaluation_goal !== run.original_goal)
        throw new AppError(
          "CONFLICT",
          `the judge's goal was changed after this run began (version ${run.judge_version}, now ` +
            `${judge.version}); the run measured its candidates against the old goal: start a new ` +
            "optimization",
        );
      if (!(await deps.repo.markApplied(trx, run.id, at, judge.version + 1)))
        throw alreadyApplied(id);
      const next: JudgeRow = {
        ...judge,
        evaluation_goal: run.optimized_goal as string,
        version: judge.version + 1,
        updated_at: at,
      };
      if (!(await deps.judges.writeVersion(trx, judge.version, next, updatedBy)))
        throw concurrentUpdate();
      const accuracy = (value: number | null) => (value === null ? "?" : value.toFixed(2));
      const changed =
        judge.version === run.judge_version
          ? ""
          : ` The judge had changed since the run began (version ${run.judge_version}); its ` +
            "other changes are kept.";
      return {
        judge_id: judge.id,
        new_version: next.version,
        message:
          `The judge has the optimized goal as version ${next.version} (held-out accuracy ` +
          `${accuracy(run.baseline_accuracy)} → ${accuracy(run.optimized_accuracy)}).${changed}`,
      };
    });
  } catch (error) {
    // Another update wrote the same version number first.
    if (isUniqueViolation(error)) throw concurrentUpdate();
    throw error;
  }
}

function checkApplicable(run: JudgeOptimizationRunRow): void {
  if (run.status !== "success")
    throw new AppError(
      "CONFLICT",
      `optimization run ${run.id} is ${run.status}: only a run that ended success can be applied`,
    );
  if (run.applied_at !== null)
    throw new AppError(
      "CONFLICT",
      `optimization run ${run.id} was already applied at ${run.applied_at} (judge version ${run.applied_version})`,
    );
}

/** The run found a better goal: its stats say so and its optimized goal differs. */
function improved(run: JudgeOptimizationRunRow): boolean {
  const stats = run.stats === null ? undefined : (JSON.parse(run.stats) as OptimizationStats);
  return (
    stats?.improved === true &&
    run.optimized_goal !== null &&
    run.optimized_goal !== run.original_goal
  );
}

function alreadyApplied(id: string): AppError {
  return new AppError("CONFLICT", `optimization run ${id} was applied by another request`);
}

function concurrentUpdate(): AppError {
  return new AppError(
    "CONFLICT",
    "the judge was changed by another request at the same time; apply the run again",
  );
}
