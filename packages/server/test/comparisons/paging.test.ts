import { Client } from "@assay/client";
import type { ComparisonResponse, ListResultsResponse } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { modelAndBenchmark, resultRow } from "@assay/test-kit/model-less-runs.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEvaluationRepository } from "../../src/resources/evaluations/repository.ts";

/**
 * Every page of `GET /results` and `GET /results/comparison`, under every filter, against the
 * same listing computed here from the rows written: a page is found from the index end nearer to
 * it and the totals come from the run's counters, so the pages of both halves, the edges and past
 * the end are checked. The runs have gaps (prompts still unanswered), as a running one does.
 */

const PROMPTS = 61;
const SUBSETS = ["geo", "math", undefined];

interface Written {
  position: number;
  passed: boolean;
  error: string | null;
  response: string;
}

/** Prompt i: right unless i ≡ 1 or 2 (mod 5), a failed call when i ≡ 4 (mod 9). */
function answers(skip: (i: number) => boolean, wrong: (i: number) => boolean): Written[] {
  const rows: Written[] = [];
  for (let i = 0; i < PROMPTS; i++) {
    if (skip(i)) continue;
    const error = i % 9 === 4 ? "HTTP 500" : null;
    const passed = error === null && !wrong(i);
    rows.push({ position: i, passed, error, response: error ? "" : passed ? `a${i}` : "Blue?" });
  }
  return rows;
}

describe.each(DIALECTS)("paging a run's results on %s", (dialect) => {
  let service: TestService;
  let first: string;
  let second: string;
  const rows1 = answers(
    (i) => i % 11 === 10,
    (i) => i % 5 === 1 || i % 5 === 2,
  );
  const rows2 = answers(
    (i) => i % 7 === 3,
    (i) => i % 3 === 0,
  );

  beforeAll(async () => {
    service = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    const client = new Client({ apiKey: service.apiKey, baseURL: service.apiUrl });
    const { model, benchmark } = await modelAndBenchmark(
      client,
      "Paged",
      Array.from({ length: PROMPTS }, (_, i) => ({
        input: i % 4 === 0 ? `Is the sky blue, ${i}?` : `Question ${i}?`,
        truth: `a${i}`,
        ...(SUBSETS[i % 3] ? { subset: SUBSETS[i % 3] } : {}),
      })),
    );
    // No workers: the runs stay pending, and their results are written as a worker writes them.
    first = (await client.evaluations.create(model, benchmark)).id;
    second = (await client.evaluations.create(model, benchmark)).id;
    const repo = createEvaluationRepository(service.running.deps.db);
    const at = new Date().toISOString();
    for (const [id, rows] of [
      [first, rows1],
      [second, rows2],
    ] as const) {
      // Out of order and in two writes, as chunks finish.
      for (const part of [rows.slice(30), rows.slice(0, 30)])
        await repo.writeResults(
          id,
          part.map((r) =>
            resultRow(id, r.position, {
              response: r.response,
              score: r.passed ? 1 : 0,
              passed: r.passed ? 1 : 0,
              error: r.error,
            }),
          ),
          [],
          at,
        );
    }
  }, 60_000);

  afterAll(async () => {
    await service?.close();
  });

  const subsetOf = (position: number) => SUBSETS[position % 3] ?? "default";
  const inputOf = (position: number) =>
    position % 4 === 0 ? `Is the sky blue, ${position}?` : `Question ${position}?`;

  /** Every page of a listing, one past the last included, as positions and the totals seen. */
  async function allPages<T>(
    read: (page: number) => Promise<{ items: T[]; total: number }>,
    pageSize: number,
  ) {
    const items: T[] = [];
    const totals = new Set<number>();
    for (let page = 1; ; page++) {
      const answer = await read(page);
      totals.add(answer.total);
      expect(answer.items.length).toBeLessThanOrEqual(pageSize);
      if (answer.items.length === 0) {
        expect(page).toBe(Math.ceil(answer.total / pageSize) + 1);
        break;
      }
      items.push(...answer.items);
    }
    return { items, totals: [...totals] };
  }

  const resultFilters: [string, (r: Written) => boolean][] = [
    ["", () => true],
    ["&outcome=passed", (r) => r.passed],
    ["&outcome=failed", (r) => !r.passed],
    ["&outcome=error", (r) => r.error !== null],
    ["&search=BLUE", (r) => r.response.includes("Blue") || inputOf(r.position).includes("blue")],
    ["&search=blue&outcome=passed", (r) => r.passed && inputOf(r.position).includes("blue")],
    ["&subset=default", (r) => subsetOf(r.position) === "default"],
    ["&subset=geo&outcome=failed", (r) => !r.passed && subsetOf(r.position) === "geo"],
  ];

  it.each(resultFilters)(
    "lists every result once, in order, with filter '%s'",
    async (filter, keep) => {
      const expected = rows1.filter(keep);
      for (const pageSize of [1, 7, 500]) {
        const { items, totals } = await allPages(async (page) => {
          const answer = await service.call<ListResultsResponse>(
            "GET",
            `/results?evaluation_id=${first}&page=${page}&page_size=${pageSize}${filter}`,
          );
          expect(answer.status).toBe(200);
          return { items: answer.body.results, total: answer.body.metrics.total_count };
        }, pageSize);
        expect(totals).toEqual([expected.length]);
        expect(items.map((r) => [r.position, r.passed, r.error, r.subset])).toEqual(
          expected.map((r) => [r.position, r.passed, r.error, subsetOf(r.position)]),
        );
      }
    },
  );

  const pairFilters: [string, (a: Written, b: Written) => boolean][] = [
    ["all", () => true],
    ["both_succeed", (a, b) => a.passed && b.passed],
    ["both_fail", (a, b) => !a.passed && !b.passed],
    ["reference_fails", (a, b) => !a.passed && b.passed],
    ["comparison_fails", (a, b) => a.passed && !b.passed],
  ];

  it.each(pairFilters)(
    "pairs every prompt both runs answered, with filter %s",
    async (outcome, keep) => {
      const answered2 = new Map(rows2.map((r) => [r.position, r]));
      const expected = rows1.flatMap((a) => {
        const b = answered2.get(a.position);
        return b && keep(a, b) ? [[a.position, b.position, a.passed, b.passed]] : [];
      });
      let stats: ComparisonResponse["assay"] | undefined;
      const { items, totals } = await allPages(async (page) => {
        const answer = await service.call<ComparisonResponse>(
          "GET",
          `/results/comparison?evaluation_id_1=${first}&evaluation_id_2=${second}&page=${page}&page_size=6&outcome_filter=${outcome}`,
        );
        expect(answer.status).toBe(200);
        stats ??= answer.body.assay;
        return { items: answer.body.results ?? [], total: answer.body.total_count };
      }, 6);
      expect(totals).toEqual([expected.length]);
      expect(items.map((r) => [r.result_id_1, r.result_id_2, r.passed1, r.passed2])).toEqual(
        expected,
      );
      // The statistics describe every pair, whatever the filter.
      const pairs = rows1.flatMap((a) => {
        const b = answered2.get(a.position);
        return b ? [[a.passed, b.passed]] : [];
      });
      expect(stats).toMatchObject({
        pairs: pairs.length,
        both_correct: pairs.filter(([a, b]) => a && b).length,
        only_1_correct: pairs.filter(([a, b]) => a && !b).length,
        only_2_correct: pairs.filter(([a, b]) => !a && b).length,
      });
      // Subsets as a set: prompts without one sort first on SQLite, last on PostgreSQL.
      expect(stats?.subsets.map((s) => [s.subset, s.pairs]).sort()).toEqual(
        ["default", "geo", "math"].map((name) => [
          name,
          rows1.filter((a) => answered2.has(a.position) && subsetOf(a.position) === name).length,
        ]),
      );
    },
  );
});
