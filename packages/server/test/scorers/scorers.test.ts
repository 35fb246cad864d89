import type { ErrorBody, ListScorersResponse, Scorer } from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import { createModel, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const RUBRIC = "Give 1 when the response is polite, else 0.";

describe.each(DIALECTS)("scorers on %s", (dialect) => {
  let service: TestService;
  let tenant: Tenant;
  let modelId: string;

  beforeAll(async () => {
    service = await startTestService({
      dialect,
      env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_RATE_LIMIT_ENABLED: "false" },
    });
    tenant = await tenantOf(service);
    modelId = await createModel(service, tenant, "http://127.0.0.1:9/v1", "acme/grader");
  });

  afterAll(async () => {
    await service?.close();
  });

  const base = (t: Tenant = tenant) => `/organizations/${t.org}/projects/${t.project}/scorers`;
  const call = <T>(method: string, path: string, json?: unknown, t: Tenant = tenant) =>
    service.call<T>(method, `${base(t)}${path}`, { apiKey: t.key, json });
  const create = async (body: Record<string, unknown>) => {
    const res = await call<{ status: string; data: Scorer }>("POST", "", body);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.body.data;
  };

  it("creates a scorer with the original SDK's body and answers it with its model named", async () => {
    const res = await call<{ status: string; data: Scorer }>("POST", "", {
      name: "Politeness",
      description: "is the answer polite",
      model_id: modelId,
      prompt: RUBRIC,
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("success");
    expect(res.body.data).toEqual({
      id: expect.any(String),
      organization_id: tenant.org,
      project_id: tenant.project,
      name: "Politeness",
      description: "is the answer polite",
      model_id: modelId,
      model_name: "Fake",
      model_key: "acme/grader",
      model_company: "",
      prompt: RUBRIC,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const got = await call<{ data: Scorer }>("GET", `/${res.body.data.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(res.body.data);
  });

  it("takes a model by key, a catalog model too, and names the catalog model's company", async () => {
    const byKey = await create({ name: "By key", model_id: "acme/grader", prompt: RUBRIC });
    expect(byKey).toMatchObject({ model_id: modelId, description: "" });
    const catalog = await create({
      name: "Catalog",
      model_id: "openai/gpt-4o-mini",
      prompt: RUBRIC,
    });
    expect(catalog).toMatchObject({ model_key: "openai/gpt-4o-mini", model_company: "OpenAI" });
  });

  it.each([
    { body: { model_id: "x", prompt: RUBRIC }, field: "body.name" },
    { body: { name: "", model_id: "x", prompt: RUBRIC }, field: "body.name" },
    { body: { name: "n".repeat(65), model_id: "x", prompt: RUBRIC }, field: "body.name" },
    { body: { name: "Short", model_id: "acme/grader", prompt: "short" }, field: "body.prompt" },
    {
      body: { name: "Long", model_id: "acme/grader", prompt: "p".repeat(8001) },
      field: "body.prompt",
    },
    {
      body: { name: "Desc", model_id: "acme/grader", prompt: RUBRIC, description: "d".repeat(501) },
      field: "body.description",
    },
    { body: { name: "No model", prompt: RUBRIC }, field: "body.model_id" },
    {
      body: { name: "Unknown model", model_id: "acme/nobody", prompt: RUBRIC },
      field: "body.model_id",
    },
    {
      body: { name: "Extra", model_id: "acme/grader", prompt: RUBRIC, color: "red" },
      field: "body.color",
    },
  ])("refuses a bad body with 400 naming $field (%#)", async ({ body, field }) => {
    const res = await call<ErrorBody>("POST", "", body);
    expect(res.status).toBe(400);
    expect(res.body.error.details?.map((d) => d.field)).toContain(field);
  });

  it("answers 409 with 'already exists' for a duplicate name, also under a race", async () => {
    await create({ name: "Unique", model_id: modelId, prompt: RUBRIC });
    const again = await call<ErrorBody>("POST", "", {
      name: "Unique",
      model_id: modelId,
      prompt: RUBRIC,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("already exists");
    const race = await Promise.all(
      [1, 2, 3].map(() => call("POST", "", { name: "Raced", model_id: modelId, prompt: RUBRIC })),
    );
    expect(race.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it("lists newest first with counts over pages", async () => {
    const page1 = await call<ListScorersResponse>("GET", "?page=1&page_size=2");
    expect(page1.status).toBe(200);
    const all = await call<ListScorersResponse>("GET", "");
    expect(all.body.data.count).toBe(all.body.data.scorers.length);
    expect(page1.body.data).toMatchObject({ count: 2, total_count: all.body.data.total_count });
    expect(page1.body.data.scorers.map((s) => s.id)).toEqual(
      all.body.data.scorers.slice(0, 2).map((s) => s.id),
    );
    const created = all.body.data.scorers.map((s) => s.created_at);
    expect(created).toEqual([...created].sort().reverse());
  });

  it("updates the given fields only, refusing a taken name, a bad model and an empty body", async () => {
    const scorer = await create({ name: "Editable", model_id: modelId, prompt: RUBRIC });
    service.clock.advance(1000);
    const res = await call<{ data: Scorer }>("PATCH", `/${scorer.id}`, {
      prompt: "Give 1 when it is short.",
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Editable",
      prompt: "Give 1 when it is short.",
      model_id: modelId,
    });
    expect(res.body.data.updated_at > scorer.updated_at).toBe(true);
    const renamed = await call<{ data: Scorer }>("PATCH", `/${scorer.id}`, {
      name: "Edited",
      description: "now described",
      model_id: "openai/gpt-4o-mini",
    });
    expect(renamed.body.data).toMatchObject({
      name: "Edited",
      description: "now described",
      model_key: "openai/gpt-4o-mini",
    });
    expect((await call<ErrorBody>("PATCH", `/${scorer.id}`, { name: "Unique" })).status).toBe(409);
    const badModel = await call<ErrorBody>("PATCH", `/${scorer.id}`, { model_id: "acme/nobody" });
    expect(badModel.status).toBe(400);
    expect(badModel.body.error.details?.[0]?.field).toBe("body.model_id");
    expect((await call<ErrorBody>("PATCH", `/${scorer.id}`, {})).status).toBe(400);
    const unknown = await call("PATCH", "/00000000-0000-4000-8000-000000000000", { name: "x" });
    expect(unknown.status).toBe(404);
  });

  it("deletes with a JSON body naming what was deleted, then answers 404", async () => {
    const scorer = await create({ name: "Doomed", model_id: modelId, prompt: RUBRIC });
    const res = await call<{ status: string; data: unknown }>("DELETE", `/${scorer.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "success",
      data: { organization_id: tenant.org, project_id: tenant.project, id: scorer.id },
    });
    expect((await call("GET", `/${scorer.id}`)).status).toBe(404);
    expect((await call("DELETE", `/${scorer.id}`)).status).toBe(404);
    // The name is free again.
    await create({ name: "Doomed", model_id: modelId, prompt: RUBRIC });
  });

  it("shows another organization's scorers exactly as missing ones", async () => {
    const scorer = await create({ name: "Private", model_id: modelId, prompt: RUBRIC });
    const other = await service.admin.create({ organization: "Other org" });
    const stranger: Tenant = {
      key: other.key,
      org: other.organization.id,
      project: other.project.id,
    };
    for (const [method, json] of [
      ["GET", undefined],
      ["PATCH", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      expect((await call(method, `/${scorer.id}`, json, stranger)).status).toBe(404);
    }
    // The other organization's key cannot reach this project's listing either.
    const foreign = await service.call("GET", base(), { apiKey: stranger.key });
    expect(foreign.status).toBe(404);
    const own = await call<ListScorersResponse>("GET", "", undefined, stranger);
    expect(own.body.data.total_count).toBe(0);
    // Nor use this project's model for its own scorers.
    const borrowed = await call<ErrorBody>(
      "POST",
      "",
      { name: "Borrowed", model_id: modelId, prompt: RUBRIC },
      stranger,
    );
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.error.details?.[0]?.field).toBe("body.model_id");
    expect((await call<{ data: Scorer }>("GET", `/${scorer.id}`)).body.data.name).toBe("Private");
  });
});
