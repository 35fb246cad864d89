import type { Evaluation, ListEvaluationsResponse, ListResultsResponse } from "@assay/protocol";
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

let service: TestService;
let fake: FakeModelServer;
let owner: Tenant;
let stranger: Tenant;
let gsm8kId: string;
let ownerModel: string;
/** The owner's: an older and a newer run of one model, and a private one of another model. */
let older: Evaluation;
let newer: Evaluation;
let secret: Evaluation;
/** The stranger's own evaluation (private). */
let strangers: Evaluation;

beforeAll(async () => {
  fake = await startFakeModelServer({ behavior: gsm8kBehavior() });
  service = await startTestService({
    workers: true,
    env: {
      ALLOWED_MODEL_HOSTS: "127.0.0.1",
      ASSAY_JOB_POLL_INTERVAL_MS: "50",
      ASSAY_RATE_LIMIT_ENABLED: "false",
    },
  });
  owner = await tenantOf(service);
  stranger = await tenantOf(service, (await service.admin.create({ organization: "Other" })).key);
  gsm8kId = await importGsm8k(service);
  ownerModel = await createModel(service, owner, fake.url, "acme/public");
  const secretModel = await createModel(service, owner, fake.url, "acme/secret");
  const strangerModel = await createModel(service, stranger, fake.url, "other/model");
  const item = (model_id: string, limit: number) => ({ model_id, dataset_id: gsm8kId, limit });
  older = await runEvaluation(service, owner, item(ownerModel, 8));
  // Submission times are whole seconds on the wire; the clock moves so the order is certain.
  service.clock.advance(5_000);
  newer = await runEvaluation(service, owner, item(ownerModel, 12));
  secret = await runEvaluation(service, owner, item(secretModel, 8));
  strangers = await runEvaluation(service, stranger, item(strangerModel, 8));
}, 120_000);

afterAll(async () => {
  await service?.close();
  await fake?.close();
});

const publish = (id: string, is_public: boolean, key?: string) =>
  service.call<Evaluation>("PATCH", `/evaluations/${id}`, { apiKey: key, json: { is_public } });

const listing = (query: string, key: string) =>
  service.call<ListEvaluationsResponse>("GET", `/evaluations?${query}`, { apiKey: key });

describe("PATCH /evaluations/{id}", () => {
  it("lets the owner publish an evaluation and answers it", async () => {
    expect(newer.is_public).toBe(false);
    const res = await publish(newer.id, true);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: newer.id, is_public: true, status: "success" });
    const again = await publish(older.id, true);
    expect(again.body.is_public).toBe(true);
  });

  it("answers 404 to anyone but the owner, even for a public evaluation", async () => {
    const foreign = await publish(newer.id, false, stranger.key);
    const missing = await publish("no-such-evaluation", false, stranger.key);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    const owned = await service.call<Evaluation>("GET", `/evaluations/${newer.id}`);
    expect(owned.body.is_public).toBe(true);
  });

  it("refuses a body that is not {is_public: boolean}, naming the field", async () => {
    for (const json of [{ is_public: "yes" }, {}, { is_public: true, status: "success" }]) {
      const res = await service.call("PATCH", `/evaluations/${newer.id}`, { json });
      expect(res.status).toBe(400);
      expect(res.text).toContain("body");
    }
    const wrongType = await service.call("PATCH", `/evaluations/${newer.id}`, {
      json: { is_public: "yes" },
    });
    expect(wrongType.text).toContain("body.is_public");
  });
});

describe("a public evaluation, read by another organization", () => {
  it("is readable by id with its full summary", async () => {
    const res = await service.call<Evaluation>("GET", `/evaluations/${newer.id}`, {
      apiKey: stranger.key,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: newer.id, is_public: true, organization_id: owner.org });
    expect(res.body.summary.analysis_summary?.key_takeaways?.length).toBeGreaterThan(0);
    expect(res.body.summary.name).toContain(" on ");
  });

  it("serves its results", async () => {
    const res = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${newer.id}&page_size=5`,
      { apiKey: stranger.key },
    );
    expect(res.status).toBe(200);
    expect(res.body.metrics.total_count).toBe(12);
    expect(res.body.results).toHaveLength(5);
  });

  it("still cannot be cancelled by it", async () => {
    const res = await service.call("POST", `/evaluations/${newer.id}/cancel`, {
      apiKey: stranger.key,
    });
    expect(res.status).toBe(404);
  });

  it("keeps private evaluations and their results 404", async () => {
    for (const path of [`/evaluations/${secret.id}`, `/results?evaluation_id=${secret.id}`]) {
      const res = await service.call("GET", path, { apiKey: stranger.key });
      expect(res.status).toBe(404);
    }
  });
});

describe("GET /evaluations without organization (the public listing)", () => {
  it("lists the caller's own evaluations and every public one, nothing else", async () => {
    const res = await listing("page_size=100", stranger.key);
    const ids = res.body.evaluations.map((e) => e.id).sort();
    expect(ids).toEqual([older.id, newer.id, strangers.id].sort());
    expect(res.body.total_count).toBe(3);
    const own = await listing("page_size=100", owner.key);
    expect(own.body.evaluations.map((e) => e.id)).not.toContain(strangers.id);
    expect(own.body.total_count).toBe(3);
  });

  it("honours models, datasets, status, sort, order and unique as compare_models sends them", async () => {
    const query = `page=1&page_size=1&sort_by=submitted_at&order=desc&models=${ownerModel}&datasets=${gsm8kId}&status=success&unique=true`;
    const res = await listing(query, stranger.key);
    expect(res.body.total_count).toBe(1);
    expect(res.body.evaluations.map((e) => e.id)).toEqual([newer.id]);
    const both = await listing(`models=${ownerModel}&sort_by=submittedAt&order=asc`, stranger.key);
    expect(both.body.evaluations.map((e) => e.id)).toEqual([older.id, newer.id]);
    const failed = await listing(`models=${ownerModel}&status=failure`, stranger.key);
    expect(failed.body.total_count).toBe(0);
    const elsewhere = await listing(`datasets=00000000-0000-4000-8000-000000000000`, stranger.key);
    expect(elsewhere.body.total_count).toBe(0);
  });

  it("keeps the project listing to the project", async () => {
    const res = await listing(
      `organization_id=${stranger.org}&project_id=${stranger.project}`,
      stranger.key,
    );
    expect(res.body.evaluations.map((e) => e.id)).toEqual([strangers.id]);
  });

  it("drops an evaluation its owner makes private again", async () => {
    await publish(newer.id, false);
    try {
      const res = await listing("page_size=100", stranger.key);
      expect(res.body.evaluations.map((e) => e.id)).not.toContain(newer.id);
      const get = await service.call("GET", `/evaluations/${newer.id}`, { apiKey: stranger.key });
      expect(get.status).toBe(404);
      const results = await service.call("GET", `/results?evaluation_id=${newer.id}`, {
        apiKey: stranger.key,
      });
      expect(results.status).toBe(404);
    } finally {
      await publish(newer.id, true);
    }
  });
});

describe("GET /evaluations?search= (extension)", () => {
  const ids = (res: { body: ListEvaluationsResponse }) => res.body.evaluations.map((e) => e.id);
  const project = () => `organization_id=${owner.org}&project_id=${owner.project}`;

  it("matches the model's key, ignoring case, in a project's listing", async () => {
    const res = await listing(`${project()}&search=ACME/PUB`, owner.key);
    expect(ids(res).sort()).toEqual([older.id, newer.id].sort());
    expect(res.body.total_count).toBe(2);
    const paged = await listing(`${project()}&search=acme/pub&page_size=1&page=2`, owner.key);
    expect(paged.body.total_count).toBe(2);
    expect(ids(paged)).toEqual([older.id]);
  });

  it("matches the benchmark's key or name and the evaluation's id; the public listing stays public", async () => {
    const byBenchmark = await listing("search=gsm8K", stranger.key);
    expect(ids(byBenchmark).sort()).toEqual([older.id, newer.id, strangers.id].sort());
    const byId = await listing(`search=${newer.id.slice(0, 13).toUpperCase()}`, stranger.key);
    expect(ids(byId)).toEqual([newer.id]);
    // The owner's private run matches by key, but not for another organization.
    expect(ids(await listing("search=secret", owner.key))).toEqual([secret.id]);
    expect(ids(await listing("search=secret", stranger.key))).toEqual([]);
  });

  it("takes LIKE's wildcards literally and ignores a blank search", async () => {
    for (const text of ["%", "acme_public", "acme%", "\\"]) {
      const res = await listing(`${project()}&search=${encodeURIComponent(text)}`, owner.key);
      expect(res.status, text).toBe(200);
      expect(res.body.total_count, text).toBe(0);
    }
    const blank = await listing(`${project()}&search=%20%20`, owner.key);
    expect(blank.body.total_count).toBe(3);
  });

  it("combines with the other filters and unique", async () => {
    const res = await listing(`search=acme&unique=true&sort_by=accuracy`, stranger.key);
    expect(ids(res)).toEqual([newer.id]);
  });

  it("refuses a search longer than 256 characters, naming it", async () => {
    const res = await listing(`search=${"a".repeat(257)}`, owner.key);
    expect(res.status).toBe(400);
    expect(res.text).toContain("query.search");
  });
});
