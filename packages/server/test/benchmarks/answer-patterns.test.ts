import type { ErrorBody } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  type Tenant,
  tenantOf,
  waitForEvaluation,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A benchmark's answer pattern runs on the service's own thread, over every response and over the
 * truth. Only patterns V8's linear-time engine can run have a bounded cost there (a search that
 * backtracks too much is rerun on it); the others are refused when the benchmark is created, with
 * a 400 naming the field and saying why, and a run of a benchmark stored with one before fails at
 * once instead of running it. `(a|aa)*\1c` over a truth of 36 "a"s took 877 ms, and hours at 60.
 */
let service: TestService;
let tenant: Tenant;
let fake: FakeModelServer;
let P: string;
const TRUTH = "a".repeat(40);

beforeAll(async () => {
  fake = await startFakeModelServer({ behavior: () => ({ content: TRUTH }) });
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", ASSAY_JOB_POLL_INTERVAL_MS: "50" },
  });
  tenant = await tenantOf(service);
  P = `/organizations/${tenant.org}/projects/${tenant.project}`;
  await uploadFile(service, tenant, "as.jsonl", JSON.stringify({ input: "Say a", truth: TRUTH }));
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

const create = (regex_pattern: string, name = "Patterned") =>
  service.call<ErrorBody & { data: { benchmark_id: string } }>("POST", `${P}/custom-benchmarks`, {
    json: { name, description: "", file: "as.jsonl", scoring_metric: "regex", regex_pattern },
  });

describe("answer patterns", () => {
  it.each([
    ["a backreference", "(a|aa)*\\1c"],
    ["a lookahead", "(?=(a|aa)*c)a"],
    ["a counted repetition the linear engine cannot unroll", "(a{10}){10}"],
  ])("refuses %s with a 400 naming the field and saying why", async (_, pattern) => {
    const res = await create(pattern, `Refused ${pattern}`);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details?.[0]?.field).toBe("body.regex_pattern");
    expect(res.body.error.message).toMatch(
      /^body\.regex_pattern: cannot run in linear time: .*refused/,
    );
  });

  it("takes a pattern the linear engine can run, and scores with it", async () => {
    const res = await create("^(a+)$", "Linear");
    expect(res.status, res.text).toBe(201);
    const model = await createModel(service, tenant, fake.url, "acme/linear");
    const created = await createEvaluation(service, tenant, {
      model_id: model,
      dataset_id: res.body.data.benchmark_id,
    });
    const done = await waitForEvaluation(service, created.id);
    expect(done).toMatchObject({ status: "success", accuracy: 1 });
  });

  it("fails a run of a benchmark stored with such a pattern before, without running it", async () => {
    const res = await create("^(a+)$", "Stored before");
    const id = res.body.data.benchmark_id;
    await sql`update benchmarks set regex_pattern = ${"(a|aa)*\\1c"} where id = ${id}`.execute(
      service.running.deps.db,
    );
    const model = await createModel(service, tenant, fake.url, "acme/stored");
    const created = await createEvaluation(service, tenant, { model_id: model, dataset_id: id });
    const done = await waitForEvaluation(service, created.id);
    expect(done.status).toBe("failure");
    expect(done.status_description).toMatch(
      /^the benchmark's regex_pattern cannot run in linear time/,
    );
    expect(fake.stats().requests).toBe(1);
  });
});
