import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Annotation, type JudgeAnnotation, NotFoundError, ServiceError } from "@assay/client";
import { InvalidAnnotationsError } from "@assay/client/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organizationReply, testClient } from "./support/fixtures.ts";
import { type ScriptedServer, startScriptedServer } from "./support/scripted-server.ts";
import {
  bodyOf,
  JUDGE_ID,
  judgeBody,
  NO_AGREEMENT,
  PROJECT_PATH,
  TRACE_EVALUATION_ID,
  TRACE_ID,
  traceEvaluationBody,
  wrapped,
} from "./support/trace-fixtures.ts";

/** `client.annotations` against a scripted server: requests, file reading, answers. */

const LABEL = `${PROJECT_PATH}/trace-evaluations/${TRACE_EVALUATION_ID}/annotation`;
const IMPORT = `${PROJECT_PATH}/annotations/import`;
const JUDGE_LABELS = `${PROJECT_PATH}/judges/${JUDGE_ID}/annotations`;
const AT = "2026-11-21T10:00:00.000Z";
const COUNTS = { created: 2, updated: 0, trace_evaluations_created: 1 };

const annotation: Annotation = {
  id: "a-1",
  organization_id: "org-1",
  project_id: "proj-1",
  judge_id: JUDGE_ID,
  trace_id: TRACE_ID,
  trace_evaluation_id: TRACE_EVALUATION_ID,
  passed: false,
  comment: "Misses the point.",
  created_at: AT,
  updated_at: AT,
  created_by: "assay_AbCd…wxyz",
};

async function scripted(): Promise<ScriptedServer> {
  const server = await startScriptedServer();
  server.on("GET", "/organizations", organizationReply());
  return server;
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "assay-client-annotations-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

const line = (value: unknown) => JSON.stringify(value);

describe("put, get and delete", () => {
  it("go through the trace evaluation, taken as an id or an object", async () => {
    await using server = await scripted();
    server.on("PUT", LABEL, wrapped(annotation));
    server.on("GET", LABEL, wrapped(annotation), {
      status: 404,
      body: { error: { message: "annotation not found", code: "NOT_FOUND" } },
    });
    server.on(
      "DELETE",
      LABEL,
      wrapped({ organization_id: "org-1", project_id: "proj-1", id: "a-1" }),
    );
    const { annotations } = testClient(server);

    const label = { passed: false, comment: "Misses the point." };
    expect(await annotations.put(traceEvaluationBody("success"), label)).toEqual(annotation);
    expect(bodyOf(server.requestsTo("PUT", LABEL)[0])).toEqual(label);
    expect(await annotations.get(TRACE_EVALUATION_ID)).toEqual(annotation);
    expect((await annotations.delete(TRACE_EVALUATION_ID)).id).toBe("a-1");
    await expect(annotations.get(TRACE_EVALUATION_ID)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("import", () => {
  it("sends an array's items as the body", async () => {
    await using server = await scripted();
    server.on("POST", IMPORT, wrapped(COUNTS));
    const items = [
      { trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true },
      { trace_id: "t-2", judge_id: JUDGE_ID, passed: false, score: 0.2, comment: "no" },
    ];
    expect(await testClient(server).annotations.import(items)).toEqual(COUNTS);
    expect(bodyOf(server.requestsTo("POST", IMPORT)[0])).toEqual({ annotations: items });
  });

  it("reads a JSONL file line by line: blank lines, CRLF and a BOM are fine", async () => {
    await using server = await scripted();
    server.on("POST", IMPORT, wrapped(COUNTS));
    const path = await file(
      "labels.jsonl",
      `\uFEFF${line({ trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true })}\r\n\r\n${line({
        trace_id: "t-2",
        judge_id: JUDGE_ID,
        passed: false,
        comment: "wrong city",
      })}`,
    );
    expect(await testClient(server).annotations.import(path)).toEqual(COUNTS);
    expect(bodyOf(server.requestsTo("POST", IMPORT)[0])).toEqual({
      annotations: [
        { trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true },
        { trace_id: "t-2", judge_id: JUDGE_ID, passed: false, comment: "wrong city" },
      ],
    });

    const blob = new Blob([`${line({ trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true })}\n`]);
    await testClient(server).annotations.import(blob);
    expect(server.requestsTo("POST", IMPORT)).toHaveLength(2);
  });

  it("names every bad line before sending anything", async () => {
    await using server = await scripted();
    const path = await file(
      "bad.jsonl",
      [
        line({ trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true }),
        "{not json",
        "",
        line({ trace_id: TRACE_ID, judge_id: JUDGE_ID }),
        line({ trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: "yes", label: 1 }),
      ].join("\n"),
    );
    const error = await testClient(server)
      .annotations.import(path)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidAnnotationsError);
    const problems = (error as InvalidAnnotationsError).problems;
    expect(problems.map((p) => p.where)).toEqual(["line 2", "line 4", "line 5"]);
    expect(problems[0]?.message).toMatch(/^not valid JSON/);
    expect(problems[1]?.message).toBe("passed: is required");
    expect(problems[2]?.message).toBe(
      "passed: expected boolean, received string; unknown field label",
    );
    expect((error as Error).message).toMatch(
      /^3 invalid annotations in .*bad\.jsonl:\n {2}line 2: /,
    );
    expect(server.requests).toEqual([]);

    const arrayError = await testClient(server)
      .annotations.import([{ trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true, score: 2 }])
      .catch((e: unknown) => e);
    expect((arrayError as InvalidAnnotationsError).problems).toEqual([
      { where: "annotations[0]", message: "score: Too big: expected number to be <=1" },
    ]);
    expect(server.requests).toEqual([]);
  });

  it("refuses an empty file, a missing one and one over 10 000 labels", async () => {
    await using server = await scripted();
    const annotations = testClient(server).annotations;
    await expect(annotations.import(await file("empty.jsonl", "\n\n"))).rejects.toThrow(
      /^no annotations in .*empty\.jsonl$/,
    );
    await expect(annotations.import(join(dir, "missing.jsonl"))).rejects.toThrow(
      /^Cannot read .*missing\.jsonl: ENOENT/,
    );
    const many = `${line({ trace_id: TRACE_ID, judge_id: JUDGE_ID, passed: true })}\n`.repeat(
      10_001,
    );
    const tooMany = await annotations.import(await file("many.jsonl", many)).catch((e) => e);
    expect(tooMany).toBeInstanceOf(ServiceError);
    expect((tooMany as Error).message).toMatch(/holds more than 10000 annotations/);
    expect(server.requests).toEqual([]);
  });
});

describe("listForJudge", () => {
  it("asks for a page and answers the labels with the agreement and paging", async () => {
    await using server = await scripted();
    const listed: JudgeAnnotation = {
      ...annotation,
      judge_passed: true,
      judge_score: 0.9,
      judge_reasoning: "The answer names Paris.",
      agrees: false,
    };
    const agreement = { ...NO_AGREEMENT, annotation_count: 3, compared: 1, accuracy: 0 };
    const confusion = {
      human_pass_judge_pass: 0,
      human_pass_judge_fail: 0,
      human_fail_judge_pass: 1,
      human_fail_judge_fail: 0,
    };
    const byVersion = [{ ...agreement, annotation_count: 1, judge_version: 2 }];
    server.on(
      "GET",
      JUDGE_LABELS,
      wrapped({
        annotations: [listed],
        count: 1,
        total: 3,
        agreement,
        confusion,
        by_version: byVersion,
      }),
    );
    const page = await testClient(server).annotations.listForJudge(judgeBody(), {
      page: 3,
      pageSize: 1_000,
    });
    expect(page).toEqual({
      annotations: [listed],
      count: 1,
      totalCount: 3,
      agreement,
      confusion,
      byVersion,
      pagination: { page: 3, pageSize: 500, totalPages: 1, totalCount: 3 },
    });
    const query = server.requestsTo("GET", JUDGE_LABELS)[0]?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({ page: "3", page_size: "500" });
  });
});

describe("queue", () => {
  it("reads the whole queue, 10,000 items a request, in the server's order", async () => {
    await using server = await scripted();
    const QUEUE = `${PROJECT_PATH}/judges/${JUDGE_ID}/annotation-queue`;
    const item = (i: number) => ({
      trace_id: `trace-${i}`,
      trace_evaluation_id: `evaluation-${i}`,
      state: i === 0 ? ("unlabelled" as const) : ("labelled" as const),
    });
    const first = Array.from({ length: 10_000 }, (_, i) => item(i));
    server.on(
      "GET",
      QUEUE,
      wrapped({ items: first, count: 10_000, total: 10_001 }),
      wrapped({ items: [item(10_000)], count: 1, total: 10_001 }),
    );
    const queue = await testClient(server).annotations.queue(judgeBody());
    expect(queue).toHaveLength(10_001);
    expect(queue[0]).toEqual(item(0));
    expect(queue.at(-1)).toEqual(item(10_000));
    expect(server.requestsTo("GET", QUEUE).map((r) => Object.fromEntries(r.query ?? []))).toEqual([
      { page: "1", page_size: "10000" },
      { page: "2", page_size: "10000" },
    ]);
  });
});
