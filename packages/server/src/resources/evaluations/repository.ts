import { type EvaluationStatus, FINISHED_EVALUATION_STATUSES } from "@assay/protocol";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/database.ts";
import { inTransaction } from "../../platform/db/in-transaction.ts";
import { refreshPlannerStatistics } from "../../platform/db/planner-statistics.ts";
import { rowBatches } from "../../platform/db/row-batches.ts";
import type {
  DatabaseSchema,
  EvaluationResultsTable,
  EvaluationRow,
  EvaluationsTable,
} from "../../platform/db/schema.ts";
import { recordRunEnd } from "../integrations/outbox-repository.ts";
import { resultsWithPrompts } from "../results/results-with-prompts-repository.ts";
import { budgetStop } from "./budget.ts";
import { insertResults } from "./result-insert-repository.ts";
import type { EvaluationOptions } from "./to-evaluation.ts";

/** Statuses in which work may still happen. */
export const ACTIVE_STATUSES: readonly EvaluationStatus[] = ["pending", "in-progress"];

export interface NewEvaluation {
  id: string;
  organizationId: string;
  projectId: string;
  modelId: string;
  benchmarkId: string;
  options: string;
  submittedAt: string;
  /** Only prompts before this position run (`limit`). */
  promptLimit: number;
  /** Times each prompt is asked: its copies sit at adjacent positions (migration 0018). */
  repeats: number;
  /** The `scorers` column: the benchmark's scorers as they are now (null without any). */
  scorers: string | null;
  /** `<item index>:<Idempotency-Key>` of the request that creates it, if it had a key. */
  idempotencyKey?: string | null;
}

export interface SampleRow {
  position: number;
  prompt_id: string;
  input: string;
  input_text: string;
  truth: string;
  subset: string | null;
  repeat: number;
}

export interface CacheEntry {
  key: string;
  content: string;
  reasoning: string | null;
  finish_reason: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  reasoning_tokens: number;
}

export type EvaluationProgressRow = Pick<
  EvaluationRow,
  | "id"
  | "status"
  | "status_description"
  | "total_count"
  | "done_count"
  | "correct_count"
  | "failed_count"
  | "cached_count"
  | "finished_at"
>;

/** Most rows per INSERT: well under SQLite's bound-parameter limit. */
const BATCH = 256;

/** Rolls back a results write whose run ended before it could count them. */
class RunEnded extends Error {}

/**
 * Evaluations, their prompt copies and results. Counters on the evaluation row change only in
 * the transaction that inserts the result rows they count, by the number of rows actually
 * inserted, so a re-run batch (a crashed worker's chunk) neither double counts nor misses.
 */
export function createEvaluationRepository(db: Database) {
  /** One JSON column of every result of a run, in position order, read in pages. */
  async function* resultJson(
    id: string,
    column: "metrics" | "scorer_scores",
  ): AsyncGenerator<string | null> {
    let after = -1;
    for (;;) {
      const rows = await db
        .selectFrom("evaluation_results")
        .select((eb) => ["position", eb.ref(column).as("value")])
        .where("evaluation_id", "=", id)
        .where("position", ">", after)
        .orderBy("position")
        .limit(2000)
        .execute();
      for (const row of rows) yield row.value;
      if (rows.length < 2000) return;
      after = rows[rows.length - 1]?.position ?? after;
    }
  }

  return {
    /**
     * The evaluation row and its prompt copies, one per (prompt, repeat); returns how many
     * answers the run will ask for.
     */
    async insert(trx: Kysely<DatabaseSchema>, e: NewEvaluation): Promise<number> {
      await trx
        .insertInto("evaluations")
        .values({
          id: e.id,
          organization_id: e.organizationId,
          project_id: e.projectId,
          model_id: e.modelId,
          benchmark_id: e.benchmarkId,
          status: "pending",
          status_description: "",
          options: e.options,
          scorers: e.scorers,
          idempotency_key: e.idempotencyKey ?? null,
          total_count: 0,
          submitted_at: e.submittedAt,
          // In the same transaction as the prompt copies below: the version of what they copy.
          benchmark_version: (eb) =>
            eb.selectFrom("benchmarks").select("version").where("id", "=", e.benchmarkId),
        })
        .execute();
      for (let repeat = 0; repeat < e.repeats; repeat += 1) {
        await sql`
          insert into evaluation_samples
            (evaluation_id, position, prompt_id, input, input_text, truth, subset, repeat)
          select ${e.id}, position * ${e.repeats} + ${repeat}, id, input, input_text, truth,
            subset, ${repeat}
          from benchmark_prompts
          where benchmark_id = ${e.benchmarkId} and position < ${e.promptLimit}
        `.execute(trx);
      }
      const { total } = await trx
        .selectFrom("evaluation_samples")
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .where("evaluation_id", "=", e.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("evaluations")
        .set({ total_count: Number(total) })
        .where("id", "=", e.id)
        .execute();
      return Number(total);
    },

    /** An evaluation of the organization (evaluations are read by id without a project). */
    findForOrganization: (organizationId: string, id: string): Promise<EvaluationRow | undefined> =>
      db
        .selectFrom("evaluations")
        .selectAll()
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .executeTakeFirst(),

    /**
     * An evaluation the organization may read: its own, or one its owner made public. Anything
     * else is answered like an id that does not exist.
     */
    findReadable: (organizationId: string, id: string): Promise<EvaluationRow | undefined> =>
      db
        .selectFrom("evaluations")
        .selectAll()
        .where("id", "=", id)
        .where((eb) => eb.or([eb("organization_id", "=", organizationId), eb("is_public", "=", 1)]))
        .executeTakeFirst(),

    /** The owner's switch; false when the organization does not own the evaluation. */
    async setPublic(organizationId: string, id: string, isPublic: boolean): Promise<boolean> {
      const result = await db
        .updateTable("evaluations")
        .set({ is_public: isPublic ? 1 : 0 })
        .where("id", "=", id)
        .where("organization_id", "=", organizationId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What a progress stream shows of a run: one small read, made once a second per run watched. */
    progress: (id: string): Promise<EvaluationProgressRow | undefined> =>
      db
        .selectFrom("evaluations")
        .select([
          "id",
          "status",
          "status_description",
          "total_count",
          "done_count",
          "correct_count",
          "failed_count",
          "cached_count",
          "finished_at",
        ])
        .where("id", "=", id)
        .executeTakeFirst(),

    findById: (id: string): Promise<EvaluationRow | undefined> =>
      db.selectFrom("evaluations").selectAll().where("id", "=", id).executeTakeFirst(),

    /** The organization's runs created under these idempotency keys. */
    findByIdempotencyKeys: (organizationId: string, keys: string[]): Promise<EvaluationRow[]> =>
      db
        .selectFrom("evaluations")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .where("idempotency_key", "in", keys)
        .execute(),

    /** Every run that may still do work, for the sweep that ends runs nothing will finish. */
    listActive: (): Promise<Pick<EvaluationRow, "id" | "status" | "deadline_at">[]> =>
      db
        .selectFrom("evaluations")
        .select(["id", "status", "deadline_at"])
        .where("status", "in", [...ACTIVE_STATUSES])
        .execute(),

    /**
     * Moves an evaluation from one of `from` to `to`; false when it was elsewhere already (a
     * concurrent finish or cancel won). Every status change goes through here.
     */
    async transition(
      id: string,
      from: readonly EvaluationStatus[],
      to: EvaluationStatus,
      values: Partial<
        Pick<
          EvaluationsTable,
          "status_description" | "stats" | "finished_at" | "started_at" | "deadline_at"
        >
      > = {},
    ): Promise<boolean> {
      const update = (handle: Kysely<DatabaseSchema>) =>
        handle
          .updateTable("evaluations")
          .set({ ...values, status: to })
          .where("id", "=", id)
          .where("status", "in", [...from])
          .returning(["organization_id", "project_id"])
          .executeTakeFirst();
      if (!FINISHED_EVALUATION_STATUSES.includes(to)) return (await update(db)) !== undefined;
      // A final status: the integrations' event is stored with it, or neither is.
      return inTransaction(db, async (trx) => {
        const run = await update(trx);
        if (!run) return false;
        await recordRunEnd(trx, {
          object: "evaluation",
          runId: id,
          organizationId: run.organization_id,
          projectId: run.project_id,
          status: to,
          at: values.finished_at ?? new Date().toISOString(),
        });
        return true;
      });
    },

    /** The planner's statistics of results and prompts, after a run added `rows` of each. */
    refreshStatistics: (rows: number): Promise<void> =>
      refreshPlannerStatistics(db, ["evaluation_results", "evaluation_samples"], rows),

    /**
     * Prompts of positions [from, to) that have no result yet, in order. The results are bounded
     * to the same range too, though `r.position = s.position` implies it: without that bound
     * PostgreSQL's planner chose a hash anti-join over a sequential scan of all the run's results,
     * so every chunk read every result written so far (quadratic in the run's size; at 25,600
     * prompts two of three workers' database time went to it). With it, the join reads at most
     * the chunk's own results through the primary key.
     */
    unscoredSamples: (id: string, from: number, to: number): Promise<SampleRow[]> =>
      db
        .selectFrom("evaluation_samples as s")
        .select([
          "s.position",
          "s.prompt_id",
          "s.input",
          "s.input_text",
          "s.truth",
          "s.subset",
          "s.repeat",
        ])
        .where("s.evaluation_id", "=", id)
        .where("s.position", ">=", from)
        .where("s.position", "<", to)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("evaluation_results as r")
                .select("r.position")
                .whereRef("r.evaluation_id", "=", "s.evaluation_id")
                .whereRef("r.position", "=", "s.position")
                .where("r.evaluation_id", "=", id)
                .where("r.position", ">=", from)
                .where("r.position", "<", to),
            ),
          ),
        )
        .orderBy("s.position")
        .execute(),

    /**
     * Stores a batch of results (and the cache entries they produced) and advances the counters
     * by what was actually inserted. Returns the counters after the write, or undefined when the
     * run has ended (cancelled, timed out): then nothing is stored, so an ended run's results and
     * counters stay as they were when it ended, whatever model calls were still in flight. A
     * write that takes the run to its budget ends it (`failure`) in the same transaction, so no
     * chunk stores anything after it (budget.ts).
     *
     * The run's row is written last, once the rows are in: every chunk of a run writes that one
     * row, and on PostgreSQL its lock is held until the commit. Taken first (as it once was), it
     * made every chunk's inserts wait for the chunk ahead, so workers added to a run queued on
     * that lock (bench/worker-scaling.ts: three backends waiting on it on average with three
     * workers). Taken last it covers one UPDATE and the commit. A cancel committed before that
     * UPDATE is still seen by it (READ COMMITTED re-reads the row it waited for; SQLite's writer
     * lock serializes anyway): the run is no longer active, and the transaction is rolled back
     * with the rows it inserted. A cancel arriving later waits for this write.
     */
    async writeResults(
      id: string,
      results: readonly EvaluationResultsTable[],
      cacheEntries: readonly CacheEntry[],
      createdAt: string,
    ): Promise<{ done: number; total: number } | undefined> {
      // Rows in one order (position, key) in every writer: two attempts of a chunk writing the
      // same positions (a retried one beside a stalled one) wait for each other instead of
      // deadlocking on each other's half-inserted rows.
      const rows = [...results].sort((a, b) => a.position - b.position);
      const entries = [...cacheEntries].sort((a, b) =>
        a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
      );
      try {
        return await db.transaction().execute(async (trx) => {
          const added = {
            done: 0,
            correct: 0,
            failed: 0,
            cached: 0,
            durationMs: 0,
            promptTokens: 0,
            completionTokens: 0,
            reasoningTokens: 0,
            cost: null as number | null,
          };
          for (const batch of rowBatches(rows, BATCH)) {
            for (const r of await insertResults(db, trx, batch)) {
              added.done += 1;
              added.correct += r.passed;
              if (r.error !== null) added.failed += 1;
              else if (r.cached === 0) added.durationMs += r.duration_ms;
              added.cached += r.cached;
              added.promptTokens += r.prompt_tokens;
              added.completionTokens += r.completion_tokens;
              added.reasoningTokens += r.reasoning_tokens;
              if (r.cost_usd !== null) added.cost = (added.cost ?? 0) + r.cost_usd;
            }
          }
          for (const batch of rowBatches(entries, BATCH)) {
            await trx
              .insertInto("response_cache")
              .values(batch.map((c) => ({ ...c, created_at: createdAt })))
              .onConflict((oc) => oc.column("key").doNothing())
              .execute();
          }
          const cost = added.cost;
          const row = await trx
            .updateTable("evaluations")
            .set((eb) => ({
              done_count: eb("done_count", "+", added.done),
              correct_count: eb("correct_count", "+", added.correct),
              failed_count: eb("failed_count", "+", added.failed),
              cached_count: eb("cached_count", "+", added.cached),
              duration_ms_sum: eb("duration_ms_sum", "+", added.durationMs),
              prompt_tokens: eb("prompt_tokens", "+", added.promptTokens),
              completion_tokens: eb("completion_tokens", "+", added.completionTokens),
              reasoning_tokens: eb("reasoning_tokens", "+", added.reasoningTokens),
              cost_usd:
                cost === null ? eb.ref("cost_usd") : sql<number>`coalesce(cost_usd, 0) + ${cost}`,
            }))
            .where("id", "=", id)
            .where("status", "in", ACTIVE_STATUSES)
            .returning(["done_count", "total_count", "cost_usd", "options"])
            .executeTakeFirst();
          // The run ended meanwhile: keep nothing of this batch.
          if (!row) throw new RunEnded();
          const stop = budgetStop(JSON.parse(row.options) as EvaluationOptions, {
            costUsd: row.cost_usd === null ? null : Number(row.cost_usd),
            done: row.done_count,
            total: row.total_count,
          });
          if (stop !== undefined) {
            const stopped = await trx
              .updateTable("evaluations")
              .set({ status: "failure", status_description: stop, finished_at: createdAt })
              .where("id", "=", id)
              .where("status", "in", ACTIVE_STATUSES)
              .returning(["organization_id", "project_id"])
              .executeTakeFirst();
            if (stopped)
              await recordRunEnd(trx, {
                object: "evaluation",
                runId: id,
                organizationId: stopped.organization_id,
                projectId: stopped.project_id,
                status: "failure",
                at: createdAt,
              });
          }
          return { done: row.done_count, total: row.total_count };
        });
      } catch (error) {
        if (error instanceof RunEnded) return undefined;
        throw error;
      }
    },

    /** Cached answers by key (only keys present come back). */
    async cachedResponses(keys: readonly string[]): Promise<Map<string, CacheEntry>> {
      const found = new Map<string, CacheEntry>();
      for (const batch of rowBatches(keys, BATCH * 2)) {
        const rows = await db
          .selectFrom("response_cache")
          .select([
            "key",
            "content",
            "reasoning",
            "finish_reason",
            "prompt_tokens",
            "completion_tokens",
            "reasoning_tokens",
          ])
          .where("key", "in", batch)
          .execute();
        for (const row of rows) found.set(row.key, row);
      }
      return found;
    },

    /** Correct and total results per subset, computed from the rows. */
    subsetCounts: (id: string) =>
      resultsWithPrompts(db, id)
        .select((eb) => [
          sql<string>`coalesce(s.subset, 'default')`.as("name"),
          eb.fn.countAll<number>().as("total"),
          sql<number>`sum(r.passed)`.as("correct"),
        ])
        .groupBy(sql`coalesce(s.subset, 'default')`)
        .execute(),

    /**
     * Each prompt's answers and right ones with its subset, for a run asking each prompt
     * `repeats` times (its repeats sit at positions i·repeats … i·repeats + repeats − 1).
     */
    promptTallies: async (id: string, repeats: number) =>
      (
        await resultsWithPrompts(db, id)
          .select((eb) => [
            sql<string>`min(coalesce(s.subset, 'default'))`.as("subset"),
            eb.fn.countAll<number>().as("answers"),
            sql<number>`sum(r.passed)`.as("correct"),
          ])
          .groupBy(sql`r.position / ${sql.lit(repeats)}`)
          .execute()
      ).map((row) => ({
        subset: row.subset,
        answers: Number(row.answers),
        correct: Number(row.correct),
      })),

    /** Every result's additional metrics, in pages (only read for benchmarks that have some). */
    resultMetrics: (id: string) => resultJson(id, "metrics") as AsyncGenerator<string>,

    /** Every result's scorer grades (JSON or null), in pages (only read for runs with scorers). */
    resultScorerScores: (id: string) => resultJson(id, "scorer_scores"),

    /** The most frequent model-call errors of a run, for its failure description. */
    topErrors: (id: string, limit: number) =>
      db
        .selectFrom("evaluation_results")
        .select((eb) => ["error", eb.fn.countAll<number>().as("count")])
        .where("evaluation_id", "=", id)
        .where("error", "is not", null)
        .groupBy("error")
        .orderBy("count", "desc")
        .limit(limit)
        .execute(),

    /** How many results have each error that starts with `prefix`, in the order first written. */
    errorCounts: (id: string, prefix: string) =>
      db
        .selectFrom("evaluation_results")
        .select((eb) => [
          "error",
          eb.fn.countAll<number>().as("count"),
          eb.fn.min("position").as("first"),
        ])
        .where("evaluation_id", "=", id)
        .where("error", "like", `${prefix}%`)
        .groupBy("error")
        .orderBy("first")
        .execute(),
  };
}

export type EvaluationRepository = ReturnType<typeof createEvaluationRepository>;
