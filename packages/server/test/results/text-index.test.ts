import { Client } from "@assay/client";
import type { ComparisonResponse, ListResultsResponse } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { modelAndBenchmark, resultRow } from "@assay/test-kit/model-less-runs.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvaluationRepository } from "../../src/resources/evaluations/repository.ts";

/**
 * The trigram index behind `search` (resources/results/text-index.ts): what a finished
 * evaluation's search answers through it is what reading the rows answers (the expected lists are
 * computed here from the texts written), on both databases; a running evaluation, a text
 * shorter than a trigram and a finished one not yet indexed are read row by row; the index is
 * built once in the background, rebuilt when the run's count moves, and goes with its evaluation.
 */

interface Row {
  input: string;
  truth: string;
  response: string;
}

/** Texts with a search's hard cases: quotes, LIKE's wildcards, spaces, case, non-ASCII. */
const TEXTS: Row[] = [
  { input: 'Say "Hi" to Bob', truth: "hello", response: "Hi Bob" },
  { input: "What is 100% of 7?", truth: "7", response: "7" },
  { input: "Name a_b's variable", truth: "a_b", response: "ab" },
  { input: "Spell naïve", truth: "naïve", response: "naive" },
  { input: "Capital of ITALY?", truth: "Rome", response: "milan" },
  { input: "Capital of France?", truth: "Paris", response: "Paris" },
  { input: "Colour of the sky?", truth: "blue", response: "grey, as in Paris" },
  { input: "Jade pencils: how many?", truth: "12", response: "twelve jade pencils" },
];
/** 40 prompts: the texts five times over, numbered, so pages and counts mean something. */
const PROMPTS = Array.from({ length: 40 }, (_, i) => {
  const row = TEXTS[i % TEXTS.length] as Row;
  return { ...row, input: `${row.input} #${i}` };
});
/** The second run answers differently: upper case, and some answers it lacks. */
const secondResponse = (i: number) =>
  (PROMPTS[i] as Row).response.toUpperCase() + (i % 3 ? "" : " JADE");

const holds = (texts: string[], search: string) =>
  texts.some((t) => t.toLowerCase().includes(search.toLowerCase()));

const SEARCHES = [
  '"hi"',
  "100%",
  "a_b",
  "naïve",
  "CAPITAL of",
  "paris",
  "jade pencils",
  "zzz",
  "#1",
];

describe.each(DIALECTS)("searching finished evaluations on %s", (dialect) => {
  let service: TestService;
  let first: string;
  let second: string;
  let running: string;

  const write = (id: string, response: (i: number) => string, positions: number[]) =>
    createEvaluationRepository(service.running.deps.db).writeResults(
      id,
      positions.map((i) => resultRow(id, i, { response: response(i), passed: i % 2 })),
      [],
      new Date().toISOString(),
    );

  const finish = (id: string) =>
    createEvaluationRepository(service.running.deps.db).transition(id, ["pending"], "success", {});

  const indexRows = () =>
    service.running.deps.db
      .selectFrom("result_text_indexes")
      .select(["evaluation_id", "indexed_count"])
      .execute();

  const keyOf = async (id: string) =>
    (
      await service.running.deps.db
        .selectFrom("result_text_indexes")
        .select("key")
        .where("evaluation_id", "=", id)
        .executeTakeFirstOrThrow()
    ).key;

  /** The rows of the index under `key`; SQLite's are the rowids key × 2³² + position. */
  const rowsOf = (key: number) =>
    dialect === "sqlite"
      ? sql`from result_texts where rowid between ${key * 2 ** 32} and ${key * 2 ** 32 + 2 ** 32 - 1}`
      : sql`from result_texts where index_key = ${key}`;

  async function indexedRows(key: number): Promise<number> {
    const counted = await sql<{ n: number }>`select count(*) as n ${rowsOf(key)}`.execute(
      service.running.deps.db,
    );
    return Number(counted.rows[0]?.n);
  }

  const indexedCount = async (id: string) =>
    (
      await service.running.deps.db
        .selectFrom("result_text_indexes")
        .select("indexed_count")
        .where("evaluation_id", "=", id)
        .executeTakeFirst()
    )?.indexed_count;

  const emptyIndex = async (id: string) =>
    sql`delete ${rowsOf(await keyOf(id))}`.execute(service.running.deps.db);

  async function search(id: string, text: string, extra = "") {
    const answer = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${id}&page_size=500&search=${encodeURIComponent(text)}${extra}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  }

  beforeAll(async () => {
    service = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    const client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
    const { model, benchmark } = await modelAndBenchmark(
      client,
      "Searched",
      PROMPTS.map((p) => ({ input: p.input, truth: p.truth })),
    );
    // No workers: results are written as a worker writes them, then the runs are finished.
    first = (await client.evaluations.create(model, benchmark)).id;
    second = (await client.evaluations.create(model, benchmark)).id;
    running = (await client.evaluations.create(model, benchmark)).id;
    const all = PROMPTS.map((_, i) => i);
    await write(first, (i) => (PROMPTS[i] as Row).response, all);
    // The second run lacks every fifth prompt.
    await write(
      second,
      secondResponse,
      all.filter((i) => i % 5 !== 4),
    );
    await write(running, (i) => (PROMPTS[i] as Row).response, all);
    await finish(first);
    await finish(second);
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  it("answers every search as reading the rows does, through the index once it is built", async () => {
    expect(await indexRows()).toEqual([]);
    // The first search is answered from the rows, and starts the index in the background.
    const paris = PROMPTS.filter((p) => holds([p.input, p.truth, p.response], "paris"));
    expect((await search(first, "paris")).metrics.total_count).toBe(paris.length);
    await expect.poll(() => indexedCount(first)).toBe(40);
    for (const text of SEARCHES) {
      const expected = PROMPTS.flatMap((p, i) =>
        holds([p.input, p.truth, p.response], text) ? [i] : [],
      );
      const found = await search(first, text);
      expect(found.metrics.total_count, text).toBe(expected.length);
      expect(
        found.results.map((r) => r.position),
        text,
      ).toEqual(expected);
      // The running copy of the same answers is read row by row: the same positions.
      const read = await search(running, text);
      expect(
        read.results.map((r) => r.position),
        text,
      ).toEqual(expected);
    }
    expect(await indexRows()).toEqual([{ evaluation_id: first, indexed_count: 40 }]);
  });

  it("combines a search with the outcome, a subset and the pages", async () => {
    const expected = PROMPTS.flatMap((p, i) =>
      i % 2 === 1 && holds([p.input, p.truth, p.response], "paris") ? [i] : [],
    );
    const passed = await search(first, "PARIS", "&outcome=passed&subset=default");
    expect(passed.results.map((r) => r.position)).toEqual(expected);
    const last = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${first}&search=paris&page=3&page_size=4`,
    );
    const every = PROMPTS.flatMap((p, i) =>
      holds([p.input, p.truth, p.response], "paris") ? [i] : [],
    );
    expect(last.body.results.map((r) => r.position)).toEqual(every.slice(8, 12));
  });

  it("reads the rows for a text shorter than a trigram", async () => {
    const found = await search(first, "7?");
    expect(found.results.map((r) => r.position)).toEqual(
      PROMPTS.flatMap((p, i) => (p.input.includes("7?") ? [i] : [])),
    );
  });

  it("pairs a comparison's search through both runs' indexes: run 1's texts or run 2's answer", async () => {
    const compare = async (text: string) => {
      const answer = await service.call<ComparisonResponse>(
        "GET",
        `/results/comparison?evaluation_id_1=${first}&evaluation_id_2=${second}&page_size=100&search=${encodeURIComponent(text)}`,
      );
      expect(answer.status).toBe(200);
      return answer.body;
    };
    for (const indexed of [false, true]) {
      // The first comparison reads the rows and starts run 2's index; then both are indexed.
      if (indexed) await expect.poll(() => indexedCount(second)).toBe(32);
      for (const text of ["jade", "paris", '"hi"', "MILAN"]) {
        const expected = PROMPTS.flatMap((p, i) =>
          i % 5 !== 4 && holds([p.input, p.truth, p.response, secondResponse(i)], text) ? [i] : [],
        );
        const answer = await compare(text);
        expect(answer.total_count, text).toBe(expected.length);
        expect(
          (answer.results ?? []).map((r) => r.result_id_1),
          text,
        ).toEqual(expected);
      }
    }
  });

  it("answers concurrent first searches, holds each row once, and rebuilds when the run's count moves", async () => {
    const db = service.running.deps.db;
    const expected = PROMPTS.flatMap((p, i) =>
      holds([p.input, p.response], "jade pencils") ? [i] : [],
    );
    await db.deleteFrom("result_text_indexes").where("evaluation_id", "=", first).execute();
    const answers = await Promise.all([1, 2, 3].map(() => search(first, "jade pencils")));
    for (const answer of answers) expect(answer.results.map((r) => r.position)).toEqual(expected);
    await expect.poll(() => indexedCount(first)).toBe(40);
    // Each row once, however many searches started a build.
    expect(await indexedRows(await keyOf(first))).toBe(40);
    // Emptied behind its back, the index answers nothing: searches do go through it.
    await emptyIndex(first);
    expect((await search(first, "jade pencils")).metrics.total_count).toBe(0);
    // Once the counters say 41 results (one the index never saw), the rows answer and the
    // index is built again.
    await db.updateTable("evaluations").set({ done_count: 41 }).where("id", "=", first).execute();
    expect((await search(first, "jade pencils")).results.map((r) => r.position)).toEqual(expected);
    await expect.poll(async () => indexedRows(await keyOf(first))).toBe(40);
    await db.updateTable("evaluations").set({ done_count: 40 }).where("id", "=", first).execute();
    expect((await search(first, "jade pencils")).results.map((r) => r.position)).toEqual(expected);
  });

  it("drops an evaluation's index with the evaluation", async () => {
    const key = await keyOf(second);
    expect(await indexedRows(key)).toBe(32);
    await service.running.deps.db.deleteFrom("evaluations").where("id", "=", second).execute();
    expect(await indexedRows(key)).toBe(0);
    expect((await indexRows()).map((r) => r.evaluation_id)).toEqual([first]);
  });
});
