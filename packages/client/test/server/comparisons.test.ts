import { type Client, type Evaluation, NotFoundError, PublicClient } from "@assay/client";
import { ServiceError } from "@assay/client/errors";
import {
  arithmeticBehavior,
  makeArithmeticItem,
  startFakeModelServer,
} from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenantClient, serviceClient } from "../support/service-clients.ts";

/**
 * Public evaluations and comparisons through `@assay/client` against a real Assay server with
 * workers: two custom models on a 40-sum benchmark, one right on every sum, the other wrong on
 * the ten whose id is ≡ 3 mod 4.
 */

type FakeModelServer = Awaited<ReturnType<typeof startFakeModelServer>>;

const ROWS = Array.from({ length: 40 }, (_, i) => {
  const item = makeArithmeticItem(i + 1, 7);
  return { input: item.question, truth: item.answer };
});

let service: TestService;
let fakes: FakeModelServer[];
let owner: Client;
let stranger: Client;
let strangerKey: string;
let benchmarkId: string;
let referenceModel: string;
let perfectModel: string;
let idleModel: string;
let reference: Evaluation;
let perfect: Evaluation;

async function run(modelId: string): Promise<Evaluation> {
  const created = await owner.evaluations.create(
    { id: modelId, organization_id: null },
    {
      id: benchmarkId,
      organization_id: null,
    },
  );
  return owner.evaluations.waitForCompletion(created, { intervalMs: 50, timeoutMs: 30_000 });
}

beforeAll(async () => {
  service = await startTestService({ workers: true, env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  fakes = await Promise.all([
    startFakeModelServer({ behavior: arithmeticBehavior }),
    startFakeModelServer({
      behavior: (request) => {
        const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(request.lastUserMessage) ?? [];
        return { content: `#### ${Number(a) + Number(b)}` };
      },
    }),
  ]);
  owner = await newTenantClient(service);
  ({ key: strangerKey } = await service.admin.create({ organization: "Stranger" }));
  stranger = serviceClient(service, { apiKey: strangerKey });
  const model = async (key: string, url: string) =>
    (
      await owner.models.createCustom({
        name: key,
        key,
        description: "",
        api_url: url,
        max_tokens: 64,
      })
    ).model_id;
  referenceModel = await model("fake/reference", fakes[0]!.url);
  perfectModel = await model("fake/perfect", fakes[1]!.url);
  idleModel = await model("fake/idle", fakes[1]!.url);
  ({ benchmark_id: benchmarkId } = await owner.benchmarks.createCustom({
    name: "Sums",
    description: "forty sums",
    file: new TextEncoder().encode(`${ROWS.map((r) => JSON.stringify(r)).join("\n")}\n`),
    filename: "sums.jsonl",
    scoring_metric: "numeric",
  }));
  reference = await run(referenceModel);
  perfect = await run(perfectModel);
}, 60_000);

afterAll(async () => {
  await Promise.all((fakes ?? []).map((f) => f.close()));
  await service?.close();
});

describe("comparisons of the owner's evaluations", () => {
  it("pairs every prompt and finds the perfect model significantly better", async () => {
    expect([reference.status, perfect.status]).toEqual(["success", "success"]);
    const page = await owner.public.comparisons.compare(reference, perfect, { pageSize: 15 });
    expect(page).toMatchObject({
      totalCount: 40,
      correctCount1: 30,
      totalResults1: 40,
      correctCount2: 40,
      totalResults2: 40,
      pagination: { page: 1, pageSize: 15, totalPages: 3, totalCount: 40 },
    });
    expect(page.results).toHaveLength(15);
    expect(page.stats).toMatchObject({
      pairs: 40,
      both_correct: 30,
      only_1_correct: 0,
      only_2_correct: 10,
      both_wrong: 0,
      accuracy_1: 0.75,
      accuracy_2: 1,
      difference: 0.25,
      significant: true,
      verdict: "evaluation 2 is better (+25.0 points, p = 0.002)",
      method: "mcnemar_tango",
    });
    // McNemar's score test, z = 10/√10: statsmodels mcnemar(exact=False, correction=False).
    expect(page.stats.p_value).toBeCloseTo(0.001565402258002549, 14);
    // Tango's interval (contingencytables' method, solved with scipy's brentq).
    expect(page.stats.difference_interval.low).toBeCloseTo(0.14047299850339162, 12);
    expect(page.stats.difference_interval.high).toBeCloseTo(0.4019396142076803, 12);

    const disagreeing = await owner.public.comparisons.compare(reference, perfect, {
      outcomeFilter: "reference_fails",
    });
    expect(disagreeing.totalCount).toBe(10);
    expect(disagreeing.results.map((r) => r.prompt)).toEqual(
      ROWS.filter((_, i) => (i + 1) % 4 === 3).map((r) => r.input),
    );
    const searched = await owner.public.comparisons.compare(reference, perfect, {
      search: ROWS[9]!.input.slice(0, 8).toLowerCase(),
    });
    expect(searched.results.map((r) => r.prompt)).toContain(ROWS[9]!.input);
  });

  it("compares models by their latest successful evaluations", async () => {
    const newer = await run(referenceModel);
    const comparison = await owner.public.comparisons.compareModels(
      benchmarkId,
      referenceModel,
      perfectModel,
    );
    expect(comparison.evaluation1.id).toBe(newer.id);
    expect(comparison.evaluation2.id).toBe(perfect.id);
    expect(comparison.stats.only_2_correct).toBe(10);
  });

  it("raises ServiceError for a model without a successful evaluation", async () => {
    const attempt = owner.public.comparisons.compareModels(benchmarkId, referenceModel, idleModel);
    await expect(attempt).rejects.toBeInstanceOf(ServiceError);
    await expect(attempt).rejects.toThrow(idleModel);
  });
});

describe("another organization", () => {
  it("sees nothing of private evaluations", async () => {
    const listed = await stranger.public.evaluations.getMany();
    expect(listed.evaluations.map((e) => e.id)).not.toContain(reference.id);
    await expect(stranger.public.evaluations.getById(reference.id)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(stranger.public.comparisons.compare(reference, perfect)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(stranger.evaluations.setPublic(reference, true)).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it("reads, lists and compares them once the owner makes them public, until it takes them back", async () => {
    expect((await owner.evaluations.setPublic(reference, true)).is_public).toBe(true);
    await owner.evaluations.update(perfect, { is_public: true });
    // A public client made on its own, with the stranger's key: no organization lookup needed.
    const outsider = new PublicClient({ apiKey: strangerKey, baseURL: service.apiUrl });
    try {
      const listed = await outsider.evaluations.getMany({
        benchmarkIds: [benchmarkId],
        status: "success",
      });
      expect(listed.evaluations.map((e) => e.id).sort()).toEqual([reference.id, perfect.id].sort());
      const one = await outsider.evaluations.getById(perfect.id);
      expect(one.summary.analysis_summary?.key_takeaways?.length).toBeGreaterThan(0);
      const comparison = await outsider.comparisons.compareModels(
        benchmarkId,
        referenceModel,
        perfectModel,
      );
      expect(comparison.evaluation1.id).toBe(reference.id);
      expect(comparison.stats.verdict).toMatch(/^evaluation 2 is better/);
    } finally {
      await owner.evaluations.setPublic(reference, false);
      await owner.evaluations.setPublic(perfect, false);
    }
    await expect(outsider.comparisons.compare(reference, perfect)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect((await outsider.evaluations.getMany()).evaluations).toEqual([]);
  });
});
