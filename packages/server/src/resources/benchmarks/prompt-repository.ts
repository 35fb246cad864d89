import type { BenchmarkPrompt, ListPromptsQuery, SubsetCount } from "@assay/protocol";
import { containsText } from "../../platform/db/contains-text.ts";
import type { Database } from "../../platform/db/database.ts";
import { rowBatches } from "../../platform/db/row-batches.ts";

/** A prompt as imported: from a built-in loader or an uploaded dataset. */
export interface PromptRecord {
  id: string;
  input: string | Record<string, unknown> | Array<Record<string, unknown>>;
  truth: string;
  subset?: string;
  metadata?: Record<string, unknown>;
}

/** Most rows per INSERT: well under SQLite's bound-parameter limit, few round trips on PostgreSQL. */
const BATCH = 512;

export function createPromptRepository(db: Database) {
  return {
    /** Replaces a benchmark's prompts (run inside the transaction that records the new version). */
    async replaceAll(benchmarkId: string, prompts: readonly PromptRecord[]): Promise<void> {
      await db.deleteFrom("benchmark_prompts").where("benchmark_id", "=", benchmarkId).execute();
      let position = 0;
      for (const batch of rowBatches(prompts, BATCH)) {
        await db
          .insertInto("benchmark_prompts")
          .values(
            batch.map((p) => ({
              benchmark_id: benchmarkId,
              id: p.id,
              position: position++,
              input: JSON.stringify(p.input),
              input_text: inputText(p.input),
              truth: p.truth,
              subset: p.subset ?? null,
              metadata: p.metadata ? JSON.stringify(p.metadata) : null,
            })),
          )
          .execute();
      }
    },

    /** Prompts per named subset, in the order the subsets first appear (one grouped scan). */
    async subsetCounts(benchmarkId: string): Promise<SubsetCount[]> {
      const rows = await db
        .selectFrom("benchmark_prompts")
        .select((eb) => [
          "subset",
          eb.fn.countAll<number | string>().as("count"),
          eb.fn.min("position").as("first"),
        ])
        .where("benchmark_id", "=", benchmarkId)
        .where("subset", "is not", null)
        .groupBy("subset")
        .orderBy("first")
        .execute();
      return rows.map((r) => ({ name: r.subset as string, prompt_count: Number(r.count) }));
    },

    /** One page of prompts and the number matching on all pages. */
    async list(
      benchmarkId: string,
      query: ListPromptsQuery,
    ): Promise<{ prompts: BenchmarkPrompt[]; count: number }> {
      let base = db.selectFrom("benchmark_prompts").where("benchmark_id", "=", benchmarkId);
      if (query.search_value !== undefined) {
        const column =
          query.search === "id" ? "id" : query.search === "truth" ? "truth" : "input_text";
        base = base.where(containsText(column, query.search_value));
      }
      if (query.subset !== undefined) base = base.where("subset", "=", query.subset);
      const { count } = await base
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      const sortColumn =
        query.sort_by === undefined
          ? "position"
          : query.sort_by === "input"
            ? "input_text"
            : query.sort_by;
      const rows = await base
        .select(["id", "input", "truth", "subset"])
        .orderBy(sortColumn, query.sort_order ?? "asc")
        .orderBy("position")
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size)
        .execute();
      return {
        prompts: rows.map((r) => ({
          id: r.id,
          input: JSON.parse(r.input) as BenchmarkPrompt["input"],
          truth: r.truth,
          subset: r.subset,
        })),
        count: Number(count),
      };
    },
  };
}

/** The text of an input, for search and sort: chat messages joined, objects as JSON. */
export function inputText(input: PromptRecord["input"]): string {
  if (typeof input === "string") return input;
  if (Array.isArray(input))
    return input
      .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content ?? "")))
      .join("\n");
  return JSON.stringify(input);
}
