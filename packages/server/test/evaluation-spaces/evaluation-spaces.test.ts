import type {
  ErrorBody,
  EvaluationSpace,
  EvaluationSpaceEvaluationsResponse,
  ListEvaluationSpacesResponse,
} from "@assay/protocol";
import { DIALECTS } from "@assay/test-kit/databases.ts";
import {
  createModel,
  gsm8kBehavior,
  importGsm8k,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CATALOG_KEY = "openai/gpt-4o-mini";

describe.each(DIALECTS)("evaluation spaces on %s", (dialect) => {
  let service: TestService;
  let fake: FakeModelServer;
  let tenant: Tenant;
  let customId: string;
  let catalogId: string;
  let gsm8kId: string;
  /** Evaluation ids: the custom model twice (older, newer), the catalog model once. */
  const runs = { customOld: "", customNew: "", catalog: "" };

  beforeAll(async () => {
    fake = await startFakeModelServer({ behavior: gsm8kBehavior() });
    service = await startTestService({
      dialect,
      workers: true,
      env: {
        ALLOWED_MODEL_HOSTS: "127.0.0.1",
        ASSAY_JOB_POLL_INTERVAL_MS: "50",
        ASSAY_RATE_LIMIT_ENABLED: "false",
        OPENAI_API_KEY: "sk-test",
        ASSAY_PROVIDER_OPENAI_BASE_URL: fake.url,
      },
    });
    tenant = await tenantOf(service);
    gsm8kId = await importGsm8k(service);
    customId = await createModel(service, tenant, fake.url, "acme/fake");
    catalogId = service.running.deps.catalog.models.find((m) => m.key === CATALOG_KEY)!.id;
    const run = async (modelId: string, limit: number) =>
      (await runEvaluation(service, tenant, { model_id: modelId, dataset_id: gsm8kId, limit })).id;
    runs.customOld = await run(customId, 8);
    service.clock.advance(1000);
    runs.customNew = await run(customId, 12);
    runs.catalog = await run(catalogId, 4);
  });

  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });

  const base = () => `/organizations/${tenant.org}/projects/${tenant.project}/evaluation-spaces`;
  const call = <T>(method: string, path: string, json?: unknown, key = tenant.key) =>
    service.call<T>(method, `${base()}${path}`, { apiKey: key, json });
  const create = async (body: Record<string, unknown>) => {
    const res = await call<{ status: string; data: EvaluationSpace }>("POST", "", body);
    if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
    return res.body.data;
  };

  it("creates a space with the original SDK's body and answers it with defaults and counts", async () => {
    const res = await call<{ status: string; data: EvaluationSpace }>("POST", "", {
      name: "Everything",
      description: "all runs of the project",
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe("success");
    expect(res.body.data).toMatchObject({
      organization_id: tenant.org,
      project_id: tenant.project,
      name: "Everything",
      description: "all runs of the project",
      visibility: "private",
      is_featured: false,
      is_partner: false,
      weight: 0,
      filters: {
        model_filters: { ids: [], vendors: [], regions: [] },
        dataset_filters: { ids: [], categories: [], languages: [] },
        providers: [],
      },
      models_count: 2,
      benchmarks_count: 1,
      evaluations_count: 3,
    });
    expect(res.body.data.owner).toMatch(/^assay_/);
    const got = await call<{ data: EvaluationSpace }>("GET", `/${res.body.data.id}`);
    expect(got.body.data).toEqual(res.body.data);
  });

  it("matches by vendor, region and provider in any case, and by model id", async () => {
    const openai = await create({
      name: "OpenAI",
      filters: { model_filters: { vendors: ["openai"] } },
    });
    expect([openai.models_count, openai.evaluations_count]).toEqual([1, 1]);
    const usa = await create({ name: "USA", filters: { model_filters: { regions: ["USA"] } } });
    expect(usa.evaluations_count).toBe(1);
    const custom = await create({ name: "Own endpoints", filters: { providers: ["custom"] } });
    expect([custom.models_count, custom.evaluations_count]).toEqual([1, 2]);
    const byId = await create({ name: "By id", filters: { model_filters: { ids: [catalogId] } } });
    expect(byId.evaluations_count).toBe(1);
    const both = await create({
      name: "Contradiction",
      filters: { model_filters: { vendors: ["openai"] }, providers: ["custom"] },
    });
    expect(both.evaluations_count).toBe(0);
  });

  it("matches benchmarks by category, language and id", async () => {
    const math = await create({
      name: "Math",
      filters: { dataset_filters: { categories: ["Math"] } },
    });
    expect([math.benchmarks_count, math.evaluations_count]).toEqual([1, 3]);
    const code = await create({
      name: "Code",
      filters: { dataset_filters: { categories: ["coding"] } },
    });
    expect([code.models_count, code.benchmarks_count, code.evaluations_count]).toEqual([0, 0, 0]);
    const french = await create({
      name: "French",
      filters: { dataset_filters: { languages: ["french"] } },
    });
    expect(french.evaluations_count).toBe(0);
    const byId = await create({ name: "GSM8K", filters: { dataset_filters: { ids: [gsm8kId] } } });
    expect(byId.evaluations_count).toBe(3);
  });

  it("answers the leaderboard's cells: the latest success per model and benchmark", async () => {
    const space = await create({ name: "Cells" });
    const res = await call<EvaluationSpaceEvaluationsResponse>("GET", `/${space.id}/evaluations`);
    expect(res.status).toBe(200);
    const cells = res.body.data.evaluations;
    expect(res.body.data).toMatchObject({ evaluation_space_id: space.id, count: 2 });
    expect(cells.map((e) => e.id).sort()).toEqual([runs.customNew, runs.catalog].sort());
    // The custom model ran twice on GSM8K: its cell says it shows the newest of 2.
    expect(res.body.data.runs).toEqual({ [runs.customNew]: 2, [runs.catalog]: 1 });
    const custom = cells.find((e) => e.model_id === customId)!;
    expect(custom.assay.progress.total).toBe(12);
    expect(custom.accuracy).toBe(custom.assay.progress.correct / 12);
    expect(custom.assay.accuracy_ci95.low).toBeLessThanOrEqual(custom.accuracy);
    expect(custom.assay.accuracy_ci95.high).toBeGreaterThanOrEqual(custom.accuracy);
    const catalog = cells.find((e) => e.model_id === catalogId)!;
    expect(catalog.model_company).toBe("OpenAI");
    expect(catalog.assay.cost_usd).toBeGreaterThan(0);
  });

  it("lists with count and total_count, pages, and sorts by weight by default", async () => {
    const heavy = await create({ name: "Heavy", weight: 50, is_featured: true });
    const list = await call<ListEvaluationSpacesResponse>("GET", "?page_size=2");
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.total_count).toBeGreaterThan(2);
    expect(list.body.data.evaluation_spaces[0]).toMatchObject({ id: heavy.id, is_featured: true });
    const byName = await call<ListEvaluationSpacesResponse>(
      "GET",
      "?sort_by=name&order=asc&page_size=500",
    );
    const names = byName.body.data.evaluation_spaces.map((s) => s.name);
    expect(names).toEqual([...names].sort());
    const camel = await call<ListEvaluationSpacesResponse>(
      "GET",
      "?sort_by=createdAt&order=desc&page=0",
    );
    expect(camel.status).toBe(200);
    const ignored = await call<ListEvaluationSpacesResponse>("GET", "?sort_by=nonsense");
    expect(ignored.body.data.evaluation_spaces[0]!.id).toBe(heavy.id);
  });

  it("updates only the given fields; new filters change the counts", async () => {
    const space = await create({ name: "Changing", description: "before", visibility: "tenant" });
    expect(space.evaluations_count).toBe(3);
    const res = await call<{ data: EvaluationSpace }>("PATCH", `/${space.id}`, {
      visibility: "public",
      filters: { model_filters: { ids: [customId] } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: "Changing",
      description: "before",
      visibility: "public",
      models_count: 1,
      evaluations_count: 2,
    });
    expect(res.body.data.updated_at >= space.updated_at).toBe(true);
  });

  it("refuses a duplicate name with 409 'already exists', on create and on rename", async () => {
    await create({ name: "Unique" });
    const again = await call<ErrorBody>("POST", "", { name: "Unique" });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain("already exists");
    const other = await create({ name: "Other" });
    const rename = await call<ErrorBody>("PATCH", `/${other.id}`, { name: "Unique" });
    expect(rename.status).toBe(409);
  });

  it("answers 400 naming the field for bad input", async () => {
    const cases: [unknown, string][] = [
      [{}, "name"],
      [{ name: "  " }, "name"],
      [{ name: "x", visibility: "secret" }, "visibility"],
      [{ name: "x", description: "d".repeat(501) }, "description"],
      [{ name: "x", filters: { model_filters: { vendors: "openai" } } }, "vendors"],
      [{ name: "x", filters: { model_filters: { colours: [] } } }, "colours"],
      [{ name: "x", weight: 1.5 }, "weight"],
    ];
    for (const [body, field] of cases) {
      const res = await call<ErrorBody>("POST", "", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    const space = await create({ name: "Patched badly" });
    const empty = await call<ErrorBody>("PATCH", `/${space.id}`, {});
    expect(empty.status).toBe(400);
  });

  it("deletes a space (a JSON body), after which it is 404", async () => {
    const space = await create({ name: "Doomed" });
    const res = await call<{ data: { id: string } }>("DELETE", `/${space.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      organization_id: tenant.org,
      project_id: tenant.project,
      id: space.id,
    });
    expect((await call<ErrorBody>("GET", `/${space.id}`)).status).toBe(404);
    expect((await call<ErrorBody>("DELETE", `/${space.id}`)).status).toBe(404);
  });

  it("shows another tenant's spaces exactly as missing ones", async () => {
    const space = await create({ name: "Private board" });
    const other = await service.admin.create({ organization: "Other org" });
    const own = `/organizations/${other.organization.id}/projects/${other.project.id}/evaluation-spaces`;
    for (const [method, path, json] of [
      ["GET", `/${space.id}`, undefined],
      ["GET", `/${space.id}/evaluations`, undefined],
      ["PATCH", `/${space.id}`, { name: "Mine now" }],
      ["DELETE", `/${space.id}`, undefined],
    ] as const) {
      const res = await service.call<ErrorBody>(method, `${own}${path}`, {
        apiKey: other.key,
        json,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const foreign = await service.call<ErrorBody>("GET", `${base()}/${space.id}`, {
      apiKey: other.key,
    });
    expect(foreign.status).toBe(404);
    const list = await service.call<ListEvaluationSpacesResponse>("GET", own, {
      apiKey: other.key,
    });
    expect(list.body.data.total_count).toBe(0);
    expect((await call<{ data: EvaluationSpace }>("GET", `/${space.id}`)).status).toBe(200);
  });
});
