import type { ListResultsResponse } from "@assay/protocol";
import {
  createModel,
  runEvaluation,
  type Tenant,
  tenantOf,
} from "@assay/test-kit/evaluation-fixtures.ts";
import { type FakeModelServer, startFakeModelServer } from "@assay/test-kit/fake-model-server.ts";
import { startTestService, type TestService } from "@assay/test-kit/test-service.ts";
import { uploadFile } from "@assay/test-kit/upload-file.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * A custom code benchmark end to end: rows carrying their own tests, scored by `python_tests`
 * in the code sandbox of the service's worker, against a model whose answers are scripted: a
 * right one (fenced), a wrong one, a hostile one (reads the environment, dials out) and an
 * infinite loop. Each is reported with its exit reason and its run (exit, bounded stdout and
 * stderr, duration), and the service answers throughout.
 */
const ROWS = [
  { input: "Write add(a, b).", truth: "assert add(2, 3) == 5\nassert add(-1, 1) == 0" },
  { input: "Write square(x).", truth: "assert square(3) == 9" },
  { input: "Write greet().", truth: "assert greet() == 'hi'" },
  { input: "Write forever().", truth: "forever()" },
];
const ANSWERS: Record<string, string> = {
  "Write add(a, b).": "Here it is:\n```python\ndef add(a, b):\n    return a + b\n```",
  "Write square(x).": "def square(x):\n    return x + x",
  "Write greet().":
    "```py\nimport os, socket\nprint(dict(os.environ))\nsocket.create_connection(('127.0.0.1', 1), 1)\ndef greet():\n    return 'hi'\n```",
  "Write forever().": "```python\ndef forever():\n    while True:\n        pass\n```",
};

let service: TestService;
let fake: FakeModelServer;
let tenant: Tenant;

beforeAll(async () => {
  fake = await startFakeModelServer({
    behavior: ({ lastUserMessage }) => ({ content: ANSWERS[lastUserMessage] ?? "?" }),
  });
  service = await startTestService({
    workers: true,
    env: { ALLOWED_MODEL_HOSTS: "127.0.0.1", SECRET_FOR_THE_TEST: "do-not-leak" },
  });
  tenant = await tenantOf(service);
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

async function createCodeBenchmark(): Promise<string> {
  await uploadFile(service, tenant, "code.jsonl", ROWS.map((r) => JSON.stringify(r)).join("\n"));
  const res = await service.call<{ data: { benchmark_id: string } }>(
    "POST",
    `/organizations/${tenant.org}/projects/${tenant.project}/custom-benchmarks`,
    {
      apiKey: tenant.key,
      json: { name: "Code", description: "", file: "code.jsonl", scoring_metric: "python_tests" },
    },
  );
  if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
  return res.body.data.benchmark_id;
}

describe("a code benchmark scored in the sandbox", () => {
  it("passes the right answer and fails the others, each with its reason", async () => {
    const done = await runEvaluation(service, tenant, {
      model_id: await createModel(service, tenant, fake.url),
      dataset_id: await createCodeBenchmark(),
    });
    const page = await service.call<ListResultsResponse>(
      "GET",
      `/results?evaluation_id=${done.id}&page_size=10`,
      { apiKey: tenant.key },
    );
    const byInput = Object.fromEntries(
      page.body.results.map((r) => [
        r.prompt,
        { passed: r.passed, reason: r.reason, execution: r.execution },
      ]),
    );
    expect(byInput["Write add(a, b)."]).toMatchObject({ passed: true });
    expect(byInput["Write square(x)."]!.passed).toBe(false);
    expect(byInput["Write square(x)."]!.reason).toMatch(/the tests failed: AssertionError/);
    expect(byInput["Write greet()."]!.passed).toBe(false);
    expect(JSON.stringify(page.body)).not.toContain("do-not-leak");
    expect(byInput["Write forever()."]!.reason).toMatch(/stopped at its time limit/);
    expect(done.accuracy).toBeCloseTo(1 / 4, 10);
    // Each result carries its run: the exit, the traceback naming the failed assertion, output.
    expect(byInput["Write add(a, b)."]!.execution).toMatchObject({ exit: "passed", stderr: "" });
    const square = byInput["Write square(x)."]!.execution!;
    expect(square.exit).toBe("failed");
    expect(square.stderr).toMatch(
      /line \d+, in <module>\n {4}assert square\(3\) == 9\nAssertionError\n$/,
    );
    expect(square.duration_ms).toBeGreaterThan(0);
    const greet = byInput["Write greet()."]!.execution!;
    expect(greet).toMatchObject({ exit: "failed", stdout: expect.stringContaining("PATH") });
    expect(greet.stderr).toMatch(/socket\.create_connection/);
    expect(byInput["Write forever()."]!.execution).toMatchObject({ exit: "timeout" });
    const health = await service.call("GET", "/health");
    expect(health.status).toBe(200);
  }, 90_000);
});

describe("where no sandbox can be made", () => {
  it("refuses a code benchmark at creation, saying what is missing", async () => {
    const bare = await startTestService({ env: { ASSAY_SANDBOX_BWRAP: "/nonexistent/bwrap" } });
    try {
      const own = await tenantOf(bare);
      await uploadFile(bare, own, "code.jsonl", JSON.stringify(ROWS[0]));
      const res = await bare.call<{ error: { message: string } }>(
        "POST",
        `/organizations/${own.org}/projects/${own.project}/custom-benchmarks`,
        {
          apiKey: own.key,
          json: {
            name: "Code",
            description: "",
            file: "code.jsonl",
            scoring_metric: "python_tests",
          },
        },
      );
      expect(res.status).toBe(400);
      expect(res.text).toContain("body.scoring_metric");
      expect(res.text).toContain("bubblewrap (Debian package `bubblewrap`)");
    } finally {
      await bare.close();
    }
  });
});
