import type { ErrorBody, GetOrganizationResponse } from "@assay/protocol";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderOpenApiJson } from "../../protocol/scripts/openapi-file.ts";

let service: TestService;
let projectPath: string;
beforeAll(async () => {
  service = await startTestService({ env: { ASSAY_BODY_LIMIT_BYTES: "2048" } });
  const org = await service.call<GetOrganizationResponse>("GET", "/organizations");
  projectPath = `/organizations/${org.body.data.id}/projects/${org.body.data.projects[0]?.id}`;
});
afterAll(() => service.close());

const validUpload = { filename: "traces.jsonl", type: "application/jsonl", size: 10 };

describe("paths", () => {
  it.each(["/", "/api", "/api/v2/organizations", "/favicon.ico", "/organizations"])(
    "answers %s outside the API prefix with the plain-text 404",
    async (path) => {
      const res = await service.call("GET", `${service.origin}${path}`);
      expect(res.status).toBe(404);
      expect(res.text).toBe("404 page not found");
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(res.headers.get("x-request-id")).toBeTruthy();
    },
  );

  it("answers unknown routes under the prefix with a JSON 404", async () => {
    const res = await service.call<ErrorBody>("GET", "/no-such-thing");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { message: "no route for GET /api/v1/no-such-thing", code: "NOT_FOUND" },
    });
  });

  // Found by the fuzzing run (fuzz/): the router refused these with Fastify's own body and a 414.
  it.each([
    ["an over-long path parameter", `/evaluations/${"a".repeat(5000)}`, "too long"],
    ["a malformed percent-escape", "/evaluations/%E0%A4%A", "percent-escape"],
  ])("answers %s with a 400 in the API's error shape", async (_, path, message) => {
    const res = await service.call<ErrorBody>("GET", path);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.message).toContain(message);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("serves exact paths only: a trailing slash is not redirected", async () => {
    const res = await service.call("GET", "/organizations/");
    expect(res.status).toBe(404);
  });
});

describe("request ids", () => {
  it("puts an x-request-id on every answer, keeping a sane one from the caller", async () => {
    const own = await service.call("GET", "/organizations", {
      headers: { "x-request-id": "trace-abc.123:4" },
    });
    expect(own.headers.get("x-request-id")).toBe("trace-abc.123:4");
    const junk = await service.call("GET", "/organizations", {
      headers: { "x-request-id": "a b" },
    });
    expect(junk.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("bodies", () => {
  it("accepts GET and DELETE that declare application/json but carry no body", async () => {
    const get = await service.call("GET", "/organizations", {
      headers: { "content-type": "application/json" },
    });
    expect(get.status).toBe(200);
    const del = await service.call<ErrorBody>("DELETE", "/organizations", {
      headers: { "content-type": "application/json", "content-length": "0" },
    });
    // No DELETE route exists here: the point is that the empty JSON body is not a 400.
    expect(del.status).toBe(404);
    expect(del.body.error.code).toBe("NOT_FOUND");
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      body: '{"filename": ',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: { message: "body is not valid JSON", code: "VALIDATION_ERROR" },
    });
  });

  it.each([
    ['{"__proto__": {"polluted": true}, "filename": "a.jsonl"}'],
    ['{"constructor": {"prototype": {"polluted": true}}}'],
  ])("refuses prototype-poisoning keys with 400: %s", async (body) => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      body,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      message: "body contains a forbidden key (__proto__ or constructor.prototype)",
      code: "VALIDATION_ERROR",
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses a body over the limit with 413", async () => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      json: { ...validUpload, filename: `${"x".repeat(3000)}.jsonl` },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: { message: "request body is too large", code: "PAYLOAD_TOO_LARGE" },
    });
  });

  it("refuses a body in another media type with 415", async () => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      body: "filename=a.jsonl",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a POST without a body as a missing body", async () => {
    const res = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      message: "body: is required",
      code: "VALIDATION_ERROR",
      details: [{ field: "body", message: "is required" }],
    });
  });
});

describe("OpenAPI", () => {
  it("serves the document generated from the protocol, identical to the checked-in copy", async () => {
    const res = await service.call("GET", "/openapi.json", { apiKey: null });
    expect(res.status).toBe(200);
    // If this fails, the route table changed: run `npm run openapi` and commit packages/protocol/openapi.json.
    expect(`${JSON.stringify(res.body, null, 2)}\n`).toBe(renderOpenApiJson());
    const { readFileSync } = await import("node:fs");
    const checkedIn = readFileSync(new URL("../../protocol/openapi.json", import.meta.url), "utf8");
    expect(checkedIn).toBe(renderOpenApiJson());
  });

  // Found by the fuzzing run: these statuses were answered but not in the document.
  it("documents the statuses an operation answers beyond its generic ones", async () => {
    const doc = await service.call<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>("GET", "/openapi.json", { apiKey: null });
    const statuses = (path: string, method: string) =>
      Object.keys(doc.body.paths[path]?.[method]?.responses ?? {});

    const judge = { name: "duplicated judge", evaluation_goal: "Is the answer polite?" };
    await service.call("POST", `${projectPath}/judges`, { json: judge });
    const duplicate = await service.call("POST", `${projectPath}/judges`, { json: judge });
    expect(duplicate.status).toBe(409);
    const judges = "/organizations/{organization_id}/projects/{project_id}/judges";
    expect(statuses(judges, "post")).toContain("409");

    const results = await service.call("GET", "/results?evaluation_id=no-such-run");
    expect(results.status).toBe(404);
    expect(statuses("/results", "get")).toContain("404");

    expect(statuses("/blobs/{token}", "put")).toEqual(
      expect.arrayContaining(["403", "404", "412", "413"]),
    );
    expect(statuses("/health", "get")).toEqual(["200", "500", "503"]);
  });

  // The fuzzing run (fuzz/) found generated bodies refused for rules the document did not state.
  it("states the rules the server enforces on bodies, which the server then holds to", async () => {
    type Schema = { properties: Record<string, { pattern?: string; uniqueItems?: boolean }> } & {
      minProperties?: number;
    };
    const doc = await service.call<{
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: Schema }> } }>
      >;
    }>("GET", "/openapi.json", { apiKey: null });
    const body = (path: string, method: string) =>
      doc.body.paths[`/organizations/{organization_id}/projects/{project_id}${path}`]?.[method]
        ?.requestBody.content["application/json"]?.schema as Schema;

    const create = body("/judges", "post");
    const blank = new RegExp(create.properties.name?.pattern ?? "");
    expect([blank.test("   "), blank.test(" a ")]).toEqual([false, true]);
    const goal = new RegExp(create.properties.evaluation_goal?.pattern ?? "");
    expect([goal.test("  too short  "), goal.test(" ten chars! ")]).toEqual([false, true]);
    const refused = await service.call<ErrorBody>("POST", `${projectPath}/judges`, {
      json: { name: "   ", evaluation_goal: "Is the answer polite?" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.[0]?.field).toBe("body.name");

    expect(body("/judges/{judge_id}", "patch").minProperties).toBe(1);
    const judge = await service.call<{ data: { id: string } }>("POST", `${projectPath}/judges`, {
      json: { name: "patched judge", evaluation_goal: "Is the answer polite?" },
    });
    const empty = await service.call("PATCH", `${projectPath}/judges/${judge.body.data.id}`, {
      json: {},
    });
    expect(empty.status).toBe(400);

    const types = new RegExp(body("/traces/upload", "post").properties.type?.pattern ?? "");
    expect(
      ["application/jsonl", "application/json; charset=utf-8"].every((t) => types.test(t)),
    ).toBe(true);
    expect(types.test("text/csv")).toBe(false);
    const csv = await service.call<ErrorBody>("POST", `${projectPath}/traces/upload`, {
      json: { filename: "t.csv", type: "text/csv", size: 1 },
    });
    expect(csv.status).toBe(400);
    expect(csv.body.error.details?.[0]?.field).toBe("body.type");

    expect(body("/trace-evaluations/bulk", "post").properties.trace_ids?.uniqueItems).toBe(true);
  });

  // Found by the fuzzing run: the stream's schema was that of `data`, not of an event.
  it("describes each server-sent event: its name, and `data` as JSON of the progress", async () => {
    const doc = await service.call<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>("GET", "/openapi.json", { apiKey: null });
    const events =
      "/organizations/{organization_id}/projects/{project_id}/evaluations/{evaluation_id}/events";
    const ok = doc.body.paths[events]?.get?.responses["200"] as {
      content: Record<string, { schema: Record<string, unknown> }>;
    };
    expect(ok.content["text/event-stream"]?.schema).toMatchObject({
      required: ["event", "data"],
      properties: {
        event: { type: "string" },
        data: {
          type: "string",
          contentMediaType: "application/json",
          contentSchema: { $ref: "#/components/schemas/EvaluationProgressEvent" },
        },
      },
    });
  });

  it("documents every route of the route table", async () => {
    const res = await service.call<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>("GET", "/openapi.json", { apiKey: null });
    const operations = Object.values(res.body.paths).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(operations.sort()).toEqual(
      [
        "annotations.delete",
        "annotations.get",
        "annotations.import",
        "annotations.listForJudge",
        "annotations.put",
        "annotations.queue",
        "benchmarks.createCustom",
        "benchmarks.createSmart",
        "benchmarks.get",
        "benchmarks.list",
        "benchmarks.listPrompts",
        "benchmarks.listSubsets",
        "blobs.put",
        "evaluationSpaces.create",
        "evaluationSpaces.delete",
        "evaluationSpaces.get",
        "evaluationSpaces.list",
        "evaluationSpaces.listEvaluations",
        "evaluationSpaces.update",
        "evaluations.cancel",
        "evaluations.create",
        "evaluations.events",
        "evaluations.get",
        "evaluations.list",
        "evaluations.plan",
        "evaluations.update",
        "integrations.create",
        "integrations.delete",
        "integrations.get",
        "integrations.list",
        "integrations.listDeliveries",
        "integrations.test",
        "integrations.update",
        "judges.create",
        "judges.delete",
        "judges.get",
        "judges.list",
        "judges.update",
        "judgeOptimizations.apply",
        "judgeOptimizations.create",
        "judgeOptimizations.estimate",
        "judgeOptimizations.get",
        "judgeOptimizations.list",
        "meta.health",
        "meta.openapi",
        "models.createCustom",
        "models.deleteCustom",
        "models.get",
        "models.list",
        "models.updateCustom",
        "organizations.get",
        "projects.update",
        "public.benchmarks.list",
        "public.benchmarks.listPrompts",
        "public.models.list",
        "results.answer",
        "results.compare",
        "results.list",
        "results.matrix",
        "scorers.create",
        "scorers.delete",
        "scorers.get",
        "scorers.list",
        "scorers.update",
        "traceEvaluations.bulkCreate",
        "traceEvaluations.create",
        "traceEvaluations.estimate",
        "traceEvaluations.get",
        "traceEvaluations.getResult",
        "traceEvaluations.list",
        "traces.create",
        "traces.delete",
        "traces.get",
        "traces.list",
        "traces.sources",
        "uploads.createBenchmarkUpload",
        "uploads.createTraceUpload",
      ].sort(),
    );
  });
});

describe("health", () => {
  it("reports ok with the database reachable, without a key", async () => {
    const res = await service.call("GET", "/health", { apiKey: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok", database: "ok", version: "0.1.0" });
  });
});

describe("internal errors", () => {
  it("answer 500 with a generic message: no stack, no SQL, no paths", async () => {
    const broken = await startTestService();
    try {
      // A schema the code does not expect: every organization lookup now fails inside SQL.
      await sql`alter table projects rename to projects_gone`.execute(broken.running.deps.db);
      const res = await broken.call<ErrorBody>("GET", "/organizations");
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { message: "internal error", code: "INTERNAL" } });
      expect(res.text).not.toMatch(/projects|sql|\.ts|at /i);
    } finally {
      await broken.close();
    }
  });
});
