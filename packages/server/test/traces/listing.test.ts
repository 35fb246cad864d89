import type { ErrorBody } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudgeRow,
  type DeleteTraceResponse,
  type GetTraceResponse,
  importOk,
  jsonl,
  type ListTracesResponse,
  projectPath,
  recordEvaluation,
  type Tenant,
  type TraceSourcesResponse,
  tenantOf,
} from "@assay/test-kit/trace-fixtures.ts";
import { plainRecord, textExchange } from "@assay/test-kit/trace-samples.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const DAY_MS = 86_400_000;

let service: TestService;
let tenant: Tenant;
let other: Tenant;
/** Traces by file: old.jsonl (3, created ten days ago), alpha.jsonl (3), beta.jsonl (2). */
let old: string[];
let alpha: string[];
let beta: string[];
let judgeA: string;
let judgeB: string;

const qa = (input: string) => ({ input, output: "ok" });

beforeAll(async () => {
  service = await startTestService({ env: { ASSAY_RATE_LIMIT_ENABLED: "false" } });
  tenant = await tenantOf(service);
  other = await tenantOf(service, (await service.admin.create({ organization: "Other Co" })).key);

  old = await importOk(
    service,
    tenant,
    "old.jsonl",
    jsonl(qa("old one"), qa("old two"), qa("old three")),
  );
  service.clock.advance(10 * DAY_MS);
  alpha = await importOk(
    service,
    tenant,
    "alpha.jsonl",
    jsonl(qa("Refund my ORDER please"), qa("Where is my parcel?"), qa("100%_sure about this?")),
  );
  service.clock.advance(1000);
  beta = await importOk(service, tenant, "beta.jsonl", jsonl(qa("1000 sure"), plainRecord));
  await importOk(service, other, "alpha.jsonl", jsonl(textExchange));

  // Verdicts: alpha[0] passed by A, then failed by A (latest); alpha[1] failed by B, then a
  // pending re-run by B; beta[0] passed by B.
  judgeA = await createJudgeRow(service, tenant, "Helpfulness");
  judgeB = await createJudgeRow(service, tenant, "Safety");
  const at = (n: number) => new Date(service.clock.now().getTime() + n * 1000).toISOString();
  await recordEvaluation(service, tenant, {
    traceId: alpha[0]!,
    judgeId: judgeA,
    createdAt: at(1),
    passed: true,
  });
  await recordEvaluation(service, tenant, {
    traceId: alpha[0]!,
    judgeId: judgeA,
    createdAt: at(2),
    passed: false,
  });
  await recordEvaluation(service, tenant, {
    traceId: alpha[1]!,
    judgeId: judgeB,
    createdAt: at(3),
    passed: false,
  });
  await recordEvaluation(service, tenant, {
    traceId: alpha[1]!,
    judgeId: judgeB,
    createdAt: at(4),
  });
  await recordEvaluation(service, tenant, {
    traceId: beta[0]!,
    judgeId: judgeB,
    createdAt: at(5),
    passed: true,
  });
});
afterAll(() => service?.close());

async function list(query = "", key = tenant.key, path = projectPath(tenant)) {
  const res = await service.call<ListTracesResponse>("GET", `${path}/traces${query}`, {
    apiKey: key,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

const ids = async (query: string) => (await list(query)).traces.map((t) => t.id);

describe("GET …/traces", () => {
  it("lists the project's traces newest first, each file in file order", async () => {
    const page = await list();
    expect(page.total_count).toBe(8);
    expect(page.count).toBe(8);
    expect(page.traces.map((t) => t.id)).toEqual([...beta, ...alpha, ...old]);
  });

  it("pages with page and page_size, counting all pages", async () => {
    const first = await list("?page=1&page_size=3");
    const third = await list("?page=3&page_size=3");
    expect(first).toMatchObject({ count: 3, total_count: 8 });
    expect(third).toMatchObject({ count: 2, total_count: 8 });
    expect(third.traces.map((t) => t.id)).toEqual(old.slice(1));
    expect((await list("?page=0&page_size=1")).traces.map((t) => t.id)).toEqual([beta[0]]);
    expect((await list("?page=9")).traces).toEqual([]);
  });

  it("sorts by created_at, filename or position, either way", async () => {
    expect(await ids("?sort_by=created_at&sort_order=asc")).toEqual([...old, ...alpha, ...beta]);
    expect(await ids("?sort_by=filename")).toEqual([...alpha, ...beta, ...old]);
    expect(await ids("?sort_by=filename&sort_order=desc")).toEqual([...old, ...beta, ...alpha]);
    expect(await ids("?source=alpha.jsonl&sort_by=position&sort_order=desc")).toEqual(
      [...alpha].reverse(),
    );
    // Unknown keys are ignored (protocol §1.3); camelCase is accepted.
    expect(await ids("?sort_by=createdAt&sort_order=asc")).toEqual([...old, ...alpha, ...beta]);
    expect(await ids("?sort_by=nonsense")).toEqual([...beta, ...alpha, ...old]);
  });

  it("filters by source (file name)", async () => {
    expect(await ids("?source=alpha.jsonl")).toEqual(alpha);
    expect(await ids("?source=nothing.jsonl")).toEqual([]);
  });

  it("filters by time_range", async () => {
    expect(await ids("?time_range=7d&sort_order=asc")).toEqual([...alpha, ...beta]);
    expect(await ids("?time_range=2w")).toHaveLength(8);
    expect(await ids("?time_range=1h")).toHaveLength(5);
    const bad = await service.call<ErrorBody>("GET", `${projectPath(tenant)}/traces?time_range=7`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.field).toBe("query.time_range");
  });

  it("searches input and file name, case-insensitively, LIKE wildcards taken literally", async () => {
    expect(await ids("?search=order")).toEqual([alpha[0]]);
    expect(await ids("?search=BETA")).toEqual(beta);
    expect(await ids("?search=100%25_")).toEqual([alpha[2]]);
    expect(await ids("?search=%25")).toEqual([alpha[2]]);
  });

  it("filters by judge and by the latest verdict", async () => {
    expect(await ids(`?judge_id=${judgeA}`)).toEqual([alpha[0]]);
    expect(await ids(`?judge_id=${judgeB}`)).toEqual([beta[0], alpha[1]]);
    expect(await ids("?status=pass")).toEqual([beta[0]]);
    // alpha[1]'s latest run is still pending: its last verdict (fail) counts.
    expect(await ids("?status=fail")).toEqual([alpha[0], alpha[1]]);
    expect(await ids(`?status=pass&judge_id=${judgeA}`)).toEqual([]);
    expect(await ids(`?status=fail&judge_id=${judgeB}`)).toEqual([alpha[1]]);
    expect(await ids(`?judge_id=${judgeA}&source=beta.jsonl`)).toEqual([]);
  });

  it("adds evaluations_count and the latest evaluations with judge name and verdict", async () => {
    const page = await list("?source=alpha.jsonl");
    const [first, second, third] = page.traces;
    expect(first?.evaluations_count).toBe(2);
    expect(first?.last_evaluations).toEqual([
      {
        judge_id: judgeA,
        judge_name: "Helpfulness",
        judge_version: 1,
        created_at: expect.any(String),
        passed: false,
        status: "success",
      },
      {
        judge_id: judgeA,
        judge_name: "Helpfulness",
        judge_version: 1,
        created_at: expect.any(String),
        passed: true,
        status: "success",
      },
    ]);
    expect(second?.evaluations_count).toBe(2);
    expect(second?.last_evaluations[0]).toEqual({
      judge_id: judgeB,
      judge_name: "Safety",
      judge_version: 1,
      created_at: expect.any(String),
      // Waiting for its verdict, not errored.
      status: "pending",
    });
    expect(third).toMatchObject({ evaluations_count: 0, last_evaluations: [] });
  });

  it("shows at most five latest evaluations, counting them all", async () => {
    const traceId = old[0] as string;
    for (let i = 0; i < 7; i += 1)
      await recordEvaluation(service, tenant, {
        traceId,
        judgeId: judgeA,
        createdAt: new Date(Date.UTC(2020, 0, 1 + i)).toISOString(),
        passed: i % 2 === 0,
      });
    const trace = (await list("?source=old.jsonl")).traces.find((t) => t.id === traceId);
    expect(trace?.evaluations_count).toBe(7);
    expect(trace?.last_evaluations.map((e) => e.created_at.slice(0, 10))).toEqual([
      "2020-01-07",
      "2020-01-06",
      "2020-01-05",
      "2020-01-04",
      "2020-01-03",
    ]);
  });
});

describe("GET …/traces/sources", () => {
  it("lists the project's file names once each, alphabetically", async () => {
    const res = await service.call<TraceSourcesResponse>(
      "GET",
      `${projectPath(tenant)}/traces/sources`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data.sources).toEqual(["alpha.jsonl", "beta.jsonl", "old.jsonl"]);
  });
});

describe("another tenant", () => {
  it("sees only its own traces and sources", async () => {
    const page = await list("", other.key, projectPath(other));
    expect(page.total_count).toBe(1);
    expect(page.traces[0]?.filename).toBe("alpha.jsonl");
    const sources = await service.call<TraceSourcesResponse>(
      "GET",
      `${projectPath(other)}/traces/sources`,
      {
        apiKey: other.key,
      },
    );
    expect(sources.body.data.sources).toEqual(["alpha.jsonl"]);
  });

  it("gets 404 for this tenant's trace ids, under its own project or this one", async () => {
    const id = alpha[0] as string;
    for (const path of [projectPath(other), projectPath(tenant)]) {
      for (const method of ["GET", "DELETE"]) {
        const res = await service.call<ErrorBody>(method, `${path}/traces/${id}`, {
          apiKey: other.key,
        });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const list = await service.call("GET", `${projectPath(tenant)}/traces`, { apiKey: other.key });
    expect(list.status).toBe(404);
    const create = await service.call("POST", `${projectPath(tenant)}/traces`, {
      apiKey: other.key,
      json: { filename: "alpha.jsonl" },
    });
    expect(create.status).toBe(404);
  });

  it("cannot create traces from this tenant's uploads", async () => {
    await uploadFile(
      service,
      { org: tenant.org, project: tenant.project, purpose: "trace" },
      "mine.jsonl",
      jsonl(textExchange),
    );
    const res = await service.call<ErrorBody>("POST", `${projectPath(other)}/traces`, {
      apiKey: other.key,
      json: { filename: "mine.jsonl" },
    });
    expect(res.status).toBe(400);
  });
});

describe("GET and DELETE …/traces/{id}", () => {
  it("answer 404 for an id that does not exist", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await service.call<ErrorBody>(
        method,
        `${projectPath(tenant)}/traces/no-such-trace`,
      );
      expect(res.status).toBe(404);
      expect(res.body.error).toEqual({ message: "trace not found", code: "NOT_FOUND" });
    }
  });

  it("delete a trace with its evaluations", async () => {
    const id = alpha[0] as string;
    const res = await service.call<DeleteTraceResponse>(
      "DELETE",
      `${projectPath(tenant)}/traces/${id}`,
      {
        headers: { "content-type": "application/json" },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "success",
      data: { organization_id: tenant.org, project_id: tenant.project, id },
    });
    const get = await service.call<GetTraceResponse>("GET", `${projectPath(tenant)}/traces/${id}`);
    expect(get.status).toBe(404);
    const left = await service.running.deps.db
      .selectFrom("trace_evaluations")
      .select("id")
      .where("trace_id", "=", id)
      .execute();
    expect(left).toEqual([]);
    expect(await ids(`?judge_id=${judgeA}&source=alpha.jsonl`)).toEqual([]);
    expect((await list("?source=alpha.jsonl")).total_count).toBe(2);
  });
});
