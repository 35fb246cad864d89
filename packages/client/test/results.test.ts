import type { RepeatAnswer, Result } from "@assay/client";
import { describe, expect, it } from "vitest";
import {
  EVALUATION_ID,
  evaluationBody,
  resultBody,
  resultPages,
} from "./support/evaluation-fixtures.ts";
import { testClient } from "./support/fixtures.ts";
import { startScriptedServer } from "./support/scripted-server.ts";

/** `client.results` against a scripted server: one page, every page, and the iterator. */

const pages = (server: { requestsTo(m: string, p: string): { query: URLSearchParams }[] }) =>
  server.requestsTo("GET", "/results").map((r) => r.query.toString());

describe("one page", () => {
  it("reads /results of an evaluation object or id, without an organization lookup", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results", resultPages(3));
    const client = testClient(server);

    const page = await client.results.get({ evaluation: evaluationBody() });
    expect(page).toEqual({
      evaluationId: EVALUATION_ID,
      results: [resultBody(1), resultBody(2), resultBody(3)],
      totalCount: 3,
      pagination: { page: 1, pageSize: 100, totalPages: 1, totalCount: 3 },
    });
    await client.results.get({
      evaluationId: EVALUATION_ID,
      page: 2,
      pageSize: 2,
      outcome: "failed",
    });
    await client.results.getById(EVALUATION_ID, { pageSize: 0 });
    expect(pages(server)).toEqual([
      `evaluation_id=${EVALUATION_ID}&page=1&page_size=100`,
      `evaluation_id=${EVALUATION_ID}&page=2&page_size=2&outcome=failed`,
      `evaluation_id=${EVALUATION_ID}&page=1&page_size=1`,
    ]);
    expect(server.requests.every((r) => r.path === "/results")).toBe(true);
  });
});

describe("every page", () => {
  it("reads pages of 100 until the last page the total implies", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results", resultPages(250));
    const all = await testClient(server).results.getAll(evaluationBody(), { outcome: "passed" });
    expect(all.map((r) => r.position)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(pages(server)).toEqual(
      [1, 2, 3].map((p) => `evaluation_id=${EVALUATION_ID}&page=${p}&page_size=100&outcome=passed`),
    );
  });

  it("stops at an empty page, and reads one page when the total says so", async () => {
    await using server = await startScriptedServer();
    // A total that overstates the rows: the empty third page ends the loop.
    server.on("GET", "/results", (request) => {
      const page = Number(request.query.get("page"));
      const results = page <= 2 ? [resultBody(page)] : [];
      return { body: { evaluation_id: EVALUATION_ID, results, metrics: { total_count: 1_000 } } };
    });
    const all = await testClient(server).results.getAllById(EVALUATION_ID);
    expect(all.map((r) => r.position)).toEqual([1, 2]);
    expect(pages(server)).toHaveLength(3);
  });

  it("iterates lazily: breaking out fetches no further page", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results", resultPages(250));
    const seen: number[] = [];
    for await (const result of testClient(server).results.iterate(EVALUATION_ID, {
      pageSize: 50,
    })) {
      seen.push(result.position);
      if (seen.length === 60) break;
    }
    expect(seen).toHaveLength(60);
    expect(pages(server)).toEqual([
      `evaluation_id=${EVALUATION_ID}&page=1&page_size=50`,
      `evaluation_id=${EVALUATION_ID}&page=2&page_size=50`,
    ]);
  });

  it("is empty for an evaluation without results", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results", resultPages(0));
    await expect(testClient(server).results.getAllById(EVALUATION_ID)).resolves.toEqual([]);
    expect(pages(server)).toHaveLength(1);
  });
});

describe("reasoning", () => {
  it("comes beside the scored response, with its tokens", async () => {
    await using server = await startScriptedServer();
    const thought = {
      ...resultBody(1),
      reasoning: "1 + 1 is 2, so 2.",
      tokens: { prompt: 10, completion: 40, reasoning: 38 },
    };
    server.on("GET", "/results", {
      body: { evaluation_id: EVALUATION_ID, results: [thought], metrics: { total_count: 1 } },
    });
    const [result] = (await testClient(server).results.getById(EVALUATION_ID)).results;
    expect(result?.reasoning).toBe("1 + 1 is 2, so 2.");
    expect(result?.result).toBe("2");
    expect(result?.tokens).toEqual({ prompt: 10, completion: 40, reasoning: 38 });
  });
});

describe("repeats", () => {
  it("asks for one row per answer with repeats: each, and filters flaky prompts", async () => {
    await using server = await startScriptedServer();
    server.on("GET", "/results", resultPages(3));
    const client = testClient(server);
    await client.results.getById(EVALUATION_ID, { repeats: "each", outcome: "flaky" });
    await client.results.getAll(EVALUATION_ID, { repeats: "prompt" });
    for await (const _ of client.results.iterate(EVALUATION_ID, { repeats: "each" })) break;
    expect(pages(server)).toEqual([
      `evaluation_id=${EVALUATION_ID}&page=1&page_size=100&outcome=flaky&repeats=each`,
      `evaluation_id=${EVALUATION_ID}&page=1&page_size=100&repeats=prompt`,
      `evaluation_id=${EVALUATION_ID}&page=1&page_size=100&repeats=each`,
    ]);
  });

  it("reads a prompt's answers and each answer's repeat index", async () => {
    await using server = await startScriptedServer();
    const answer = (repeat: number, passed: boolean): RepeatAnswer => ({
      repeat,
      result: passed ? "2" : "3",
      score: passed ? 1 : 0,
      passed,
      reason: "",
      error: null,
      duration: 0.25,
      reasoning: null,
    });
    const row: Result = {
      ...resultBody(1),
      score: 0.5,
      passed: false,
      repeat: 0,
      repeats: [answer(0, true), answer(1, false)],
    };
    server.on("GET", "/results", {
      body: { evaluation_id: EVALUATION_ID, results: [row], metrics: { total_count: 1 } },
    });
    const [read] = (await testClient(server).results.getById(EVALUATION_ID)).results;
    expect(read?.repeat).toBe(0);
    expect(read?.repeats?.map((a) => [a.repeat, a.passed])).toEqual([
      [0, true],
      [1, false],
    ]);
  });
});
