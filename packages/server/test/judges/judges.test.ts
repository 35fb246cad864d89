import type { ErrorBody, Judge, ListJudgesResponse } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import {
  createJudge,
  insertTraces,
  projectPath,
} from "@assay/test-kit/trace-evaluation-fixtures.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const GOAL = "The assistant answers the user's question correctly and completely.";

describe.each(DIALECTS)("judges on %s", (dialect) => {
  let service: TestService;
  let tenant: Tenant;
  let modelId: string;
  let keyDisplay: string;

  beforeAll(async () => {
    service = await startTestService({
      dialect,
      env: {
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_RATE_LIMIT_ENABLED: "false",
        ASSAY_DEFAULT_JUDGE_MODEL: "openai/gpt-4o-mini",
      },
    });
    tenant = await tenantOf(service);
    modelId = await createModel(service, tenant, "http://127.0.0.1:9/v1", "acme/judge");
    keyDisplay = (await service.admin.list())[0]!.display;
  });

  afterAll(async () => {
    await service?.close();
  });

  const call = <T>(method: string, path: string, json?: unknown, key = tenant.key) =>
    service.call<T>(method, `${projectPath(tenant)}${path}`, { apiKey: key, json });

  describe("create and get", () => {
    it("creates version 1 with the model given by key, and answers the id", async () => {
      const res = await call<{ status: string; data: { id: string } }>("POST", "/judges", {
        name: "Correctness",
        evaluation_goal: GOAL,
        model_id: "acme/judge",
      });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe("success");
      const got = await call<{ data: Judge }>("GET", `/judges/${res.body.data.id}`);
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({
        id: res.body.data.id,
        organization_id: tenant.org,
        project_id: tenant.project,
        name: "Correctness",
        evaluation_goal: GOAL,
        version: 1,
        model_id: modelId,
        model_name: "Fake",
        run_count: 0,
      });
      expect(got.body.data.versions).toEqual([
        expect.objectContaining({
          version: 1,
          name: "Correctness",
          evaluation_goal: GOAL,
          updated_by: keyDisplay,
          model_id: modelId,
        }),
      ]);
      expect(got.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it("takes a model by id, and a catalog model with its company", async () => {
      const byId = await createJudge(service, tenant, {
        name: "By id",
        evaluation_goal: GOAL,
        model_id: modelId,
      });
      expect(byId.model_id).toBe(modelId);
      const catalog = await createJudge(service, tenant, {
        name: "Catalog",
        evaluation_goal: GOAL,
        model_id: "openai/gpt-4o",
      });
      expect(catalog).toMatchObject({ model_name: "GPT-4o", model_company: "OpenAI" });
    });

    it("uses the configured default judge model when none is given", async () => {
      const judge = await createJudge(service, tenant, { name: "Default", evaluation_goal: GOAL });
      expect(judge).toMatchObject({ model_name: "GPT-4o mini", model_company: "OpenAI" });
      expect(judge.versions[0]!.model_name).toBe("GPT-4o mini");
    });

    it.each([
      [{ evaluation_goal: GOAL }, "body.name"],
      [{ name: "Short", evaluation_goal: "too short" }, "body.evaluation_goal"],
      [{ name: "Blank", evaluation_goal: "          x" }, "body.evaluation_goal"],
      [{ name: "Bad model", evaluation_goal: GOAL, model_id: "acme/none" }, "body.model_id"],
      [{ name: "Extra", evaluation_goal: GOAL, rubric: "x" }, "body.rubric"],
    ])("refuses %j with 400 naming %s", async (body, field) => {
      const res = await call<ErrorBody>("POST", "/judges", body);
      expect(res.status).toBe(400);
      expect(res.body.error.details?.map((d) => d.field)).toContain(field);
    });

    it("answers 409 with 'already exists' for a duplicate name, also under a race", async () => {
      await createJudge(service, tenant, { name: "Unique", evaluation_goal: GOAL });
      const again = await call<ErrorBody>("POST", "/judges", {
        name: "Unique",
        evaluation_goal: GOAL,
      });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain("already exists");

      const racing = await Promise.all(
        Array.from({ length: 6 }, () =>
          call<ErrorBody>("POST", "/judges", { name: "Raced", evaluation_goal: GOAL }),
        ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    });

    it("answers 404 for an unknown judge", async () => {
      const res = await call<ErrorBody>("GET", "/judges/00000000-0000-4000-8000-000000000000");
      expect(res.status).toBe(404);
    });
  });

  describe("update", () => {
    it("makes a new version per change and answers the full judge", async () => {
      const judge = await createJudge(service, tenant, {
        name: "Versioned",
        evaluation_goal: GOAL,
        model_id: modelId,
      });
      service.clock.advance(1000);
      const renamed = await call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
        name: "Versioned v2",
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({
        id: judge.id,
        organization_id: tenant.org,
        project_id: tenant.project,
        name: "Versioned v2",
        version: 2,
        evaluation_goal: GOAL,
        model_id: modelId,
      });
      expect(renamed.body.data.updated_at > judge.updated_at).toBe(true);
      expect(renamed.body.data.created_at).toBe(judge.created_at);

      const goal = `${GOAL} Refusals fail.`;
      const both = await call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
        evaluation_goal: goal,
        model_id: "openai/gpt-4o",
      });
      expect(both.body.data).toMatchObject({
        version: 3,
        evaluation_goal: goal,
        model_name: "GPT-4o",
      });
      expect(
        both.body.data.versions.map((v) => [v.version, v.name, v.model_id === modelId]),
      ).toEqual([
        [1, "Versioned", true],
        [2, "Versioned v2", true],
        [3, "Versioned v2", false],
      ]);
      expect(both.body.data.versions.every((v) => v.updated_by === keyDisplay)).toBe(true);
    });

    it("makes no version when nothing changes", async () => {
      const judge = await createJudge(service, tenant, { name: "Same", evaluation_goal: GOAL });
      const res = await call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
        name: "Same",
        evaluation_goal: GOAL,
      });
      expect(res.body.data.version).toBe(1);
      expect(res.body.data.versions).toHaveLength(1);
    });

    it("refuses a taken name (409), an empty body (400) and an unknown judge (404)", async () => {
      await createJudge(service, tenant, { name: "Taken", evaluation_goal: GOAL });
      const judge = await createJudge(service, tenant, { name: "Other", evaluation_goal: GOAL });
      const taken = await call<ErrorBody>("PATCH", `/judges/${judge.id}`, { name: "Taken" });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toContain("already exists");
      expect((await call<ErrorBody>("PATCH", `/judges/${judge.id}`, {})).status).toBe(400);
      const short = await call<ErrorBody>("PATCH", `/judges/${judge.id}`, {
        evaluation_goal: "short",
      });
      expect(short.status).toBe(400);
      expect(short.body.error.details?.[0]?.field).toBe("body.evaluation_goal");
      const unknown = await call<ErrorBody>(
        "PATCH",
        "/judges/00000000-0000-4000-8000-000000000000",
        { name: "x" },
      );
      expect(unknown.status).toBe(404);
    });

    it("settles concurrent updates: every version is written once", async () => {
      const judge = await createJudge(service, tenant, { name: "Busy", evaluation_goal: GOAL });
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          call<{ data: Judge }>("PATCH", `/judges/${judge.id}`, {
            evaluation_goal: `${GOAL} (${i})`,
          }),
        ),
      );
      const ok = results.filter((r) => r.status === 200).length;
      expect(ok).toBeGreaterThanOrEqual(1);
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const after = await call<{ data: Judge }>("GET", `/judges/${judge.id}`);
      expect(after.body.data.version).toBe(1 + ok);
      expect(after.body.data.versions.map((v) => v.version)).toEqual(
        Array.from({ length: 1 + ok }, (_, i) => i + 1),
      );
    });
  });

  describe("list", () => {
    it("pages with count and total_count, newest first, page_size clamped", async () => {
      const all = await call<ListJudgesResponse>("GET", "/judges?page_size=1000");
      expect(all.status).toBe(200);
      const total = all.body.data.total_count;
      expect(all.body.data.count).toBe(total);
      const page = await call<ListJudgesResponse>("GET", "/judges?page=2&page_size=2");
      expect(page.body.data).toMatchObject({ count: 2, total_count: total });
      expect(page.body.data.judges.map((j) => j.id)).toEqual(
        all.body.data.judges.slice(2, 4).map((j) => j.id),
      );
      const past = await call<ListJudgesResponse>("GET", `/judges?page=${total + 1}&page_size=1`);
      expect(past.body.data).toMatchObject({ judges: [], count: 0, total_count: total });
      const zero = await call<ListJudgesResponse>("GET", "/judges?page=0&page_size=0");
      expect(zero.body.data.count).toBe(1);
    });
  });

  describe("delete", () => {
    it("answers a JSON body and removes the judge with its versions and evaluations", async () => {
      const judge = await createJudge(service, tenant, { name: "Doomed", evaluation_goal: GOAL });
      const [traceId] = await insertTraces(service, tenant, [{ input: "hi", output: "hello" }]);
      const created = await call<{ data: { id: string } }>("POST", "/trace-evaluations", {
        trace_id: traceId,
        judge_id: judge.id,
      });
      expect(created.status).toBe(201);
      expect((await call<{ data: Judge }>("GET", `/judges/${judge.id}`)).body.data.run_count).toBe(
        1,
      );

      const res = await call<{ status: string; data: unknown }>("DELETE", `/judges/${judge.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: "success",
        data: { organization_id: tenant.org, project_id: tenant.project, id: judge.id },
      });
      expect((await call("GET", `/judges/${judge.id}`)).status).toBe(404);
      expect((await call("GET", `/trace-evaluations/${created.body.data.id}`)).status).toBe(404);
      expect((await call("DELETE", `/judges/${judge.id}`)).status).toBe(404);
      const versions = await service.running.deps.db
        .selectFrom("judge_versions")
        .selectAll()
        .where("judge_id", "=", judge.id)
        .execute();
      expect(versions).toEqual([]);
      // The name is free again.
      await createJudge(service, tenant, { name: "Doomed", evaluation_goal: GOAL });
    });
  });

  describe("another tenant", () => {
    it("sees the judges of others exactly as missing ones", async () => {
      const judge = await createJudge(service, tenant, { name: "Private", evaluation_goal: GOAL });
      const other = await service.admin.create({ organization: "Other org" });
      const stranger: Tenant = {
        key: other.key,
        org: other.organization.id,
        project: other.project.id,
      };
      const own = `/organizations/${stranger.org}/projects/${stranger.project}/judges/${judge.id}`;
      for (const [method, json] of [
        ["GET", undefined],
        ["PATCH", { name: "Mine now" }],
        ["DELETE", undefined],
      ] as const) {
        const res = await service.call<ErrorBody>(method, own, { apiKey: stranger.key, json });
        expect(res.status).toBe(404);
      }
      const foreignPath = await service.call<ErrorBody>("GET", `${projectPath(tenant)}/judges`, {
        apiKey: stranger.key,
      });
      expect(foreignPath.status).toBe(404);
      const list = await service.call<ListJudgesResponse>(
        "GET",
        `/organizations/${stranger.org}/projects/${stranger.project}/judges`,
        { apiKey: stranger.key },
      );
      expect(list.body.data.total_count).toBe(0);
      expect((await call<{ data: Judge }>("GET", `/judges/${judge.id}`)).body.data.name).toBe(
        "Private",
      );
    });
  });
});
