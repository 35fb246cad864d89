import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Evaluation } from "@assay/protocol";
import {
  createEvaluation,
  createModel,
  importGsm8k,
  type Tenant,
  tenantOf,
  writeCorrectedGsm8k,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { GSM8K_TEST_FILE } from "@assay/test-kit/shared-datasets.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * An evaluation records the version of the benchmark data it copied, so a comparison can tell
 * whether two runs answered the same data after the catalog's data was reloaded.
 */
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let service: TestService;
let tenant: Tenant;
let modelId: string;

beforeAll(async () => {
  // No workers: the runs stay pending, which does not matter to what they recorded.
  service = await startTestService({ env: { ALLOWED_MODEL_HOSTS: "127.0.0.1" } });
  tenant = await tenantOf(service);
  modelId = await createModel(service, tenant, "http://127.0.0.1:9/v1/chat/completions");
});
afterAll(() => service?.close());

const read = async (id: string) =>
  (await service.call<Evaluation>("GET", `/evaluations/${id}`)).body;

describe("the benchmark version an evaluation ran", () => {
  it("is the catalog data's sha256 when created, and stays when the data is reloaded", async () => {
    const gsm8k = await importGsm8k(service);
    const before = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: gsm8k,
      limit: 2,
    });
    const original = sha256(readFileSync(GSM8K_TEST_FILE));
    expect(before.assay.benchmark_version).toBe(original);

    // The catalog's data reloaded from a corrected file.
    const corrected = writeCorrectedGsm8k();
    await importGsm8k(service, corrected);

    const after = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: gsm8k,
      limit: 2,
    });
    expect(after.assay.benchmark_version).toBe(sha256(readFileSync(corrected)));
    expect(after.assay.benchmark_version).not.toBe(original);
    expect((await read(before.id)).assay.benchmark_version).toBe(original);
  });

  it("is null for a custom benchmark, whose upload never changes", async () => {
    await uploadFile(service, tenant, "tiny.jsonl", '{"input":"2+2?","truth":"4"}\n');
    const benchmark = await service.call<{ data: { benchmark_id: string } }>(
      "POST",
      `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
      { json: { name: "Tiny", description: "", file: "tiny.jsonl" } },
    );
    const evaluation = await createEvaluation(service, tenant, {
      model_id: modelId,
      dataset_id: benchmark.body.data.benchmark_id,
    });
    expect(evaluation.assay.benchmark_version).toBeNull();
    expect((await read(evaluation.id)).assay.benchmark_version).toBeNull();
  });
});
