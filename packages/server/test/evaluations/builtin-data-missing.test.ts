import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ErrorBody, Evaluation } from "@assay/protocol";
import { importGsm8k, type Tenant, tenantOf } from "@assay/test-kit/evaluation-fixtures.ts";
import { freePort } from "@assay/test-kit/free-port.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A built-in benchmark whose data is not loaded and cannot be downloaded (offline, the source
 * down): evaluating it or reading its prompts fails at once with a 409 that names the benchmark and
 * how to load it, without Retry-After (clients would retry for minutes), and creates nothing.
 * Nothing here reaches the internet: the data source is a loopback mirror that answers 500, or a
 * port nobody listens on.
 */

/** A mirror that is "down": every file answers 500. */
async function startBrokenMirror(): Promise<{ url: string; requests: string[]; server: Server }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? "");
    response.writeHead(500, { "content-type": "text/plain" }).end("upstream is down");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, server };
}

const GSM8K_ID = "gsm8k";

interface Setup {
  service: TestService;
  tenant: Tenant;
  modelId: string;
  benchmarkId: string;
}

async function setUp(mirrorUrl: string): Promise<Setup> {
  // The model's provider has a key (never called): what is missing is the benchmark's data.
  const service = await startTestService({
    env: { ASSAY_DATASET_MIRROR_URL: mirrorUrl, OPENAI_API_KEY: "sk-test" },
  });
  const tenant = await tenantOf(service);
  const P = `/organizations/${tenant.org}/projects/${tenant.project}`;
  const models = await service.call<{ data: { models: { id: string; key: string }[] } }>(
    "GET",
    `${P}/models?type=public&key=openai/gpt-4o`,
  );
  const benchmarks = await service.call<{ data: { datasets: { id: string; key: string }[] } }>(
    "GET",
    `${P}/benchmarks?type=public&key=${GSM8K_ID}`,
  );
  return {
    service,
    tenant,
    modelId: models.body.data.models.find((m) => m.key === "openai/gpt-4o")?.id as string,
    benchmarkId: benchmarks.body.data.datasets.find((b) => b.key === GSM8K_ID)?.id as string,
  };
}

async function rowCounts(service: TestService): Promise<number[]> {
  const db = service.running.deps.db;
  const count = async (table: "evaluations" | "jobs" | "benchmark_prompts") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return [await count("evaluations"), await count("jobs"), await count("benchmark_prompts")];
}

function expectLoadInstructions(res: { status: number; headers: Headers; body: unknown }) {
  expect(res.status).toBe(409);
  expect(res.headers.get("retry-after")).toBeNull();
  const { error } = res.body as ErrorBody;
  expect(error.code).toBe("CONFLICT");
  expect(error.message).toContain(
    "the data of built-in benchmark gsm8k is not loaded and could not be downloaded",
  );
  expect(error.message).toContain("`assay catalog import gsm8k --file <path>`");
  expect(error.message).toContain("a local copy of test.jsonl");
  expect(error.message).toContain("ASSAY_DATASET_MIRROR_URL");
}

/** POSTs an evaluation of the benchmark: refused with the load instructions, nothing created. */
async function expectEvaluationRefused(setup: Setup, why: string): Promise<void> {
  const { service, tenant, modelId, benchmarkId } = setup;
  const before = await rowCounts(service);
  const res = await service.call(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
    { json: [{ model_id: modelId, dataset_id: benchmarkId }] },
  );
  expectLoadInstructions(res);
  // Why the download failed is in the message, for the operator.
  expect((res.body as ErrorBody).error.message).toContain(why);
  expect(await rowCounts(service)).toEqual(before);
}

describe("a built-in benchmark whose source is down", () => {
  let mirror: Awaited<ReturnType<typeof startBrokenMirror>>;
  let setup: Setup;
  beforeAll(async () => {
    mirror = await startBrokenMirror();
    setup = await setUp(mirror.url);
  });
  afterAll(async () => {
    await setup?.service.close();
    await new Promise((resolve) => mirror?.server.close(resolve));
  });

  it("refuses an evaluation at once with 409 and how to load the data, creating nothing", async () => {
    await expectEvaluationRefused(setup, "answered HTTP 500");
    expect(mirror.requests).toContain("/gsm8k/test.jsonl");
  });

  it("refuses the prompts routes the same way, project-scoped and public", async () => {
    const { service, tenant, benchmarkId } = setup;
    const P = `/organizations/${tenant.org}/projects/${tenant.project}`;
    expectLoadInstructions(await service.call("GET", `${P}/benchmarks/${benchmarkId}/prompts`));
    expectLoadInstructions(await service.call("GET", `/datasets/${benchmarkId}/prompts`));
  });

  it("evaluates normally once the data is imported (assay catalog import)", async () => {
    const { service, tenant, modelId, benchmarkId } = setup;
    expect(await importGsm8k(service)).toBe(benchmarkId);
    const res = await service.call<{ data: Evaluation[] }>(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/evaluations`,
      { json: [{ model_id: modelId, dataset_id: benchmarkId, limit: 2 }] },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data[0]).toMatchObject({ status: "pending", dataset_id: benchmarkId });
  });
});

describe("a built-in benchmark with no reachable source (offline)", () => {
  let setup: Setup;
  beforeAll(async () => {
    // A port that was free a moment ago: connections are refused, as with no network.
    setup = await setUp(`http://127.0.0.1:${await freePort()}`);
  });
  afterAll(() => setup?.service.close());

  it("refuses an evaluation with 409 naming the benchmark and the import command", async () => {
    await expectEvaluationRefused(setup, "download failed");
  });
});
