import type { EvaluationStatus } from "@assay/protocol";
import type { Logger } from "pino";
import type { Catalog } from "../../catalog/catalog.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Database } from "../../platform/db/database.ts";
import { finalizeEvaluation } from "./finalize.ts";
import { ACTIVE_STATUSES, createEvaluationRepository } from "./repository.ts";
import { computedMetricNames, scoringPlan } from "./scoring-plan.ts";
import { describeUnanswered, UNANSWERED } from "./unanswered.ts";

/** Every position of a run (the largest integer both databases store). */
export const ALL_PROMPTS = { from: 0, to: 2_147_483_647 } as const;

/** Error results written per transaction: bounded, whatever the size of the run. */
const BATCH = 1000;

/**
 * Ends prompts that nothing will run any more (their job ran out of attempts, or the run's jobs
 * are gone): each prompt of positions [from, to) still without a result gets an error result
 * saying why, counted in `failed_prompt_count` like a prompt whose model call failed; the run's
 * `status_description` says how many and why; and when no prompt is left the run finishes with
 * its statistics. Idempotent: a prompt that has a result keeps it, and a run that ended is left
 * alone.
 */
export async function abandonPrompts(
  deps: { db: Database; catalog: Catalog; clock: Clock; logger?: Logger },
  id: string,
  range: { from: number; to: number },
  reason: string,
): Promise<void> {
  const repo = createEvaluationRepository(deps.db);
  const row = await repo.findById(id);
  if (!row || !ACTIVE_STATUSES.includes(row.status as EvaluationStatus)) return;
  const now = () => deps.clock.now().toISOString();
  // A run whose first job never got as far as starting it.
  if (row.status === "pending")
    await repo.transition(id, ["pending"], "in-progress", { started_at: now() });

  const samples = await repo.unscoredSamples(id, range.from, range.to);
  if (samples.length > 0) {
    const error = `${UNANSWERED}${reason}`;
    for (let i = 0; i < samples.length; i += BATCH) {
      const rows = samples.slice(i, i + BATCH).map((s) => ({
        evaluation_id: id,
        position: s.position,
        response: "",
        score: 0,
        passed: 0,
        reason: "the prompt was not answered",
        error,
        duration_ms: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        reasoning_tokens: 0,
        reasoning: null,
        cost_usd: null,
        cached: 0,
        metrics: "{}",
        scorer_scores: null,
        execution: null,
        created_at: now(),
      }));
      await repo.writeResults(id, rows, [], now());
    }
    // Said while the rest of the run goes on; finalizing says it again from every result.
    await repo.transition(id, ["in-progress"], "in-progress", {
      status_description: await describeUnanswered(repo, id),
    });
  }
  const plan = await scoringPlan(deps, row.benchmark_id);
  await finalizeEvaluation(
    { repo, clock: deps.clock, catalog: deps.catalog, logger: deps.logger },
    id,
    computedMetricNames(plan),
  );
}
